import Foundation
import HangulEngine
import LayoutLoading
import Practice
import SystemIO
import SystemPackage
import TerminalInput

/// Where the text goes and how the keypad runs; built by the `cheonjiin` command line.
public struct KeypadRunOptions: Sendable {
  public var layouts: [Layout]
  public var keymaps: [Keymap]
  public var keymap: String = "numpad"
  public var settings = KeypadSettings()
  /// Append the text to this file on dismiss (`--output`).
  public var outputFile: String? = nil
  /// Copy the text with OSC 52 on dismiss (`--clipboard`).
  public var clipboard = false
  /// Send committed text to this tmux pane as it is typed (`--tmux-target`).
  public var tmuxTarget: String? = nil
  public var useColor = true
  public var draft: DraftStore? = DraftStore.standard()
  /// Loads the suggestion data; called on a background thread after the first frame, so a slow disk
  /// never delays the pad.
  ///
  /// `nil`: no suggestion bar.
  public var loadSuggestions: (@Sendable () -> SuggestionData?)? = nil
  /// Remembers a learned word (the caller stores it off the UI thread).
  public var learn: (@Sendable (String) -> Void)? = nil
  /// How long a lone ESC waits for the rest of a sequence before it is the Escape key
  /// (`cheonjiin run --escape-ms`).
  public var escapeMs: UInt64 = 100
  /// Said on the pad's message row when it starts (and already printed on standard error):
  /// keymap files skipped for their problems.
  public var startNotices: [String] = []

  public init(layouts: [Layout], keymaps: [Keymap]) {
    self.layouts = layouts
    self.keymaps = keymaps
  }
}

/// Starting a screen: the checks, the terminal, the timer, the loop, and every exit path
/// restoring the terminal.
package enum Screens {
  package static func run<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    _ frontEnd: FrontEnd, services: Services, options: KeypadRunOptions,
    finish: (Outcome, FrontEnd, Terminal) -> Int32
  ) -> Int32
  where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    run(options: options, make: { _ in (frontEnd, services) }, finish: finish) ?? 1
  }

  /// ``run(_:services:options:finish:)`` with a front end and its services made once the
  /// terminal is up (its size known): `make` may return nil after printing why it cannot start
  /// (the terminal is restored first; the result is then nil).
  package static func run<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    options: KeypadRunOptions, make: (Terminal) -> (FrontEnd, Services)?,
    finish: (Outcome, FrontEnd, Terminal) -> Int32
  ) -> Int32?
  where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    let environment = ProcessInfo.processInfo.environment
    let terminal: Terminal
    let timer: LongPressTimer
    do throws(TerminalStartError) {
      try Terminal.preflight(environment: environment)
      terminal = try Terminal(term: environment["TERM"] ?? "", colorAllowed: options.useColor)
    } catch {
      printError(UIStrings(options.settings.language).startError(error))
      return 1
    }
    do {
      timer = try LongPressTimer(wake: terminal.wakeWriter)
    } catch {
      terminal.restore()
      printError(UIStrings(options.settings.language).message(.timerThread(reason: "\(error)")))
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
    var loop = RunLoop(
      terminal: terminal, frontEnd: frontEnd,
      pipeline: InputPipeline(
        holdMs: options.settings.holdMs, isLinuxConsole: options.settings.isLinuxConsole,
        escapeMs: options.escapeMs),
      theme: Theme.named(options.settings.theme), timer: timer, services: services,
      keyLog: keyLog)
    let outcome = loop.run()
    loop.awaitReplies()
    timer.stop()
    try? keyLog?.close()  // the log is a debugging aid; losing its tail is harmless
    return finish(outcome, loop.frontEnd, terminal)
  }

  /// Runs a screen that keeps no draft and sends no text anywhere (practice, the demo).
  ///
  /// - Returns: 0 when the user quits, 130 for Ctrl-C, 128 + the signal, or 1 if the
  ///   terminal could not be used (the message is printed).
  package static func runStandalone<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    _ frontEnd: FrontEnd, services: Services, options: KeypadRunOptions
  ) -> Int32 where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    run(frontEnd, services: services, options: options) { outcome, _, terminal in
      terminal.restore()
      switch outcome {
      case .finished: return 0
      case .cancelled: return 130
      case .signalled(let signal): return 128 + signal
      }
    }
  }
}
