import CellGrid
import Foundation
import HangulEngine
import LayoutLoading
import SystemIO
import SystemPackage
import TerminalInput

/// What starting a screen needs of the command line's options.
package struct ScreenStartOptions {
  /// How long a press takes to be a hold.
  package var holdMs: UInt64
  /// The Linux console sends its own SS3 codes for the keypad's + − * / keys.
  package var isLinuxConsole: Bool
  package var theme: Theme.Name
  /// The language of what the runtime itself says (a terminal it cannot use, Ctrl-Z).
  package var language: UILanguage
  /// How long a lone ESC waits for the rest of a sequence before it is the Escape key.
  package var escapeMs: UInt64
  package var useColor: Bool

  package init(
    holdMs: UInt64, isLinuxConsole: Bool, theme: Theme.Name, language: UILanguage,
    escapeMs: UInt64, useColor: Bool
  ) {
    self.holdMs = holdMs
    self.isLinuxConsole = isLinuxConsole
    self.theme = theme
    self.language = language
    self.escapeMs = escapeMs
    self.useColor = useColor
  }
}

/// Starting a screen: the checks, the terminal, the timer, the loop, and every exit path
/// restoring the terminal.
package enum Screens {
  package static func run<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    _ frontEnd: FrontEnd, services: Services, start: ScreenStartOptions,
    finish: (Outcome, FrontEnd, Terminal) -> Int32
  ) -> Int32
  where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    run(start: start, make: { _ in (frontEnd, services) }, finish: finish) ?? 1
  }

  /// ``run(_:services:start:finish:)`` with a front end and its services made once the
  /// terminal is up (its size known): `make` may return nil after printing why it cannot start
  /// (the terminal is restored first; the result is then nil).
  package static func run<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    start options: ScreenStartOptions, make: (Terminal) -> (FrontEnd, Services)?,
    finish: (Outcome, FrontEnd, Terminal) -> Int32
  ) -> Int32?
  where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    let environment = ProcessInfo.processInfo.environment
    let terminal: Terminal
    let timer: LongPressTimer
    do throws(TerminalStartError) {
      try Terminal.preflight(environment: environment)
      terminal = try Terminal(
        term: environment["TERM"] ?? "", colorAllowed: options.useColor, environment: environment)
    } catch {
      Terminal.releaseHeldSignals()
      printError(UIStrings(options.language).startError(error))
      return 1
    }
    do {
      timer = try LongPressTimer(wake: terminal.wakeWriter)
    } catch {
      terminal.restore()
      printError(UIStrings(options.language).timerThreadFailed("\(error)"))
      return 1
    }
    guard let (frontEnd, services) = make(terminal) else {
      timer.stop()
      terminal.restore()
      return nil
    }
    var keyLog: FileDescriptor?
    if let path = environment["CHEONJIIN_KEYLOG"], !path.isEmpty {
      keyLog = try? FileDescriptor.open(
        path, .writeOnly, options: [.create, .truncate, .closeOnExec],
        permissions: [.ownerReadWrite])
    }
    let keyRepeat =
      options.isLinuxConsole
      ? nil : XServerKeyRepeat.Query(environment: environment, wake: terminal.wakeWriter)
    var loop = RunLoop(
      terminal: terminal, frontEnd: frontEnd,
      pipeline: InputPipeline(
        holdMs: options.holdMs, isLinuxConsole: options.isLinuxConsole,
        escapeMs: options.escapeMs),
      theme: Theme.named(options.theme), timer: timer, services: services,
      keyLog: keyLog, keyRepeat: keyRepeat)
    let outcome = loop.run()
    loop.awaitReplies()
    keyRepeat?.stop()
    timer.stop()
    try? keyLog?.close()  // the log is a debugging aid; losing its tail is harmless
    return finish(outcome, loop.frontEnd, terminal)
  }

  /// Runs a screen that keeps no draft and sends no text anywhere (practice, the demo).
  ///
  /// - Returns: 0 when the user quits, 130 for Ctrl-C, 128 + the signal, or 1 if the
  ///   terminal could not be used (the message is printed).
  package static func runStandalone<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    _ frontEnd: FrontEnd, services: Services, start: ScreenStartOptions
  ) -> Int32 where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    run(frontEnd, services: services, start: start) { outcome, _, terminal in
      terminal.restore()
      switch outcome {
      case .finished: return 0
      case .cancelled: return 130
      case .signalled(let signal): return 128 + signal
      }
    }
  }
}
