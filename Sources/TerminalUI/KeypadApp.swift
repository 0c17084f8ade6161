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

/// Runs the keypad (`cheonjiin`): the terminal and the run loop around a
/// ``KeypadController``, then the text where the options say.
public enum KeypadApp {
  /// Runs until the text is dismissed or the run is cancelled.
  ///
  /// - Returns: The process exit status: 0 dismissed, 130 Ctrl-C, 128 + N for signal N,
  ///   1 when the keypad could not start (the message is already printed).
  public static func run(_ options: KeypadRunOptions) -> Int32 {
    let strings = UIStrings(options.settings.language)
    var tmux: TmuxSender?
    if let target = options.tmuxTarget {
      do {
        tmux = try TmuxSender(target: target)
      } catch {
        printError(strings.message(error))
        return 1
      }
    }
    let services = PadServices(
      draft: options.draft, tmux: tmux,
      suggestions: SuggestionSupply(load: options.loadSuggestions, learn: options.learn),
      strings: strings)
    let (draft, draftProblem) = options.draft?.loadChecked() ?? (nil, nil)
    if let draftProblem {
      // Said before the screen takes the terminal, so it stays readable after the run.
      printError(strings.message(draftProblem))
    }
    var settings = options.settings
    settings.unconfirmedDelivery = unconfirmedDelivery(options)
    let notices = (draftProblem.map { [strings.message($0)] } ?? []) + options.startNotices
    let controller = KeypadController(
      layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
      settings: settings, draft: draft,
      notice: notices.isEmpty ? nil : notices.joined(separator: " · "))
    return Screens.run(controller, services: services, options: options) {
      outcome, final, terminal in
      finish(outcome, controller: final, terminal: terminal, services: services, options: options)
    }
  }

  /// Why the finished text could go nowhere that confirms it, if so.
  ///
  /// The clipboard, or a window that closes with the pad, and no file, pipe or pane besides.
  /// Nil when something confirms it, or when nothing may be kept (`--no-draft`).
  package static func unconfirmedDelivery(_ options: KeypadRunOptions) -> UnconfirmedDelivery? {
    guard options.draft != nil, options.outputFile == nil, options.tmuxTarget == nil,
      FileDescriptor.standardOutput.isTerminal
    else { return nil }
    if options.clipboard { return .clipboard }
    return processLeadsItsSession ? .closingWindow : nil
  }

  private static func finish(
    _ outcome: Outcome, controller: KeypadController, terminal: Terminal, services: PadServices,
    options: KeypadRunOptions
  ) -> Int32 {
    let kept = controller.keptDraft ?? ""
    let strings = controller.strings
    func report(_ problem: OutputProblem?) {
      if let problem { printError(strings.message(problem)) }
    }
    /// Keeps text the run did not deliver: the draft, or if that fails, standard error, after
    /// one message that says which. Messages come after the terminal is restored, where the
    /// user can read them.
    func keep(_ text: String, saved problem: OutputProblem?, cancelled: Bool) {
      guard !text.isEmpty else { return }
      if options.draft != nil, problem == nil {
        if cancelled { printError(strings.cancelled) }
        return
      }
      printError(strings.notSavedFollows(problem))
      _ = try? FileDescriptor.standardError.writeAll(Array((text + "\n").utf8))
    }
    switch outcome {
    case .finished(let text):
      terminal.restore(extra: options.clipboard && !text.isEmpty ? clipboardSequence(text) : [])
      report(services.tmux?.finish())
      // Nothing typed prints nothing, so `msg=$(cheonjiin)` stays empty and no file grows.
      if !text.isEmpty {
        // The text must not be lost: if the file fails, it still goes to standard output.
        if let file = options.outputFile { report(append(text, to: file)) }
        do {
          try FileDescriptor.standardOutput.writeAll(Array((text + "\n").utf8))
        } catch {
          // Standard output closed or full: the text stays the draft. It is saved before
          // anything is said, so that one message tells what happened.
          let problem = options.draft?.save(text)
          if let draft = options.draft, problem == nil {
            printError(strings.outputFailedKept("\(error)", draft: draft.path))
          } else {
            printError(strings.outputFailedNotKept("\(error)", because: problem))
            _ = try? FileDescriptor.standardError.writeAll(Array((text + "\n").utf8))
          }
          return 1
        }
        if !controller.isKept, let history = options.draft?.history,
          case .failure(let problem) = history.add(text, kind: .sent)
        {
          // A folder made read-only on purpose was said at the start.
          if case .draftFolderReadOnly = problem {} else { printError(strings.notKept(problem)) }
        }
      }
      // Only a failure to remove is news here: what keeps drafts from being saved was said at
      // the start.
      let cleared = options.draft?.save("")
      if case .cannotRemoveDraft? = cleared { report(cleared) }
      return 0
    case .cancelled:
      let problem = options.draft?.save(kept)
      terminal.restore()
      _ = services.tmux?.finish()
      keep(kept, saved: problem, cancelled: true)
      return 130
    case .signalled(let signal):
      let problem = options.draft?.save(kept)
      terminal.restore()
      _ = services.tmux?.finish()
      keep(kept, saved: problem, cancelled: false)
      return 128 + signal
    }
  }

  package static func append(_ text: String, to file: String) -> OutputProblem? {
    let data = Data((text + "\n").utf8)
    if !FileManager.default.fileExists(atPath: file) {
      return FileManager.default.createFile(atPath: file, contents: data)
        ? nil : .cannotCreateOutput(path: file)
    }
    guard let handle = FileHandle(forWritingAtPath: file) else {
      return .cannotWriteOutput(path: file, reason: nil)
    }
    defer { try? handle.close() }  // a failed close after a good write loses nothing
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: data)
      return nil
    } catch {
      return .cannotWriteOutput(path: file, reason: error.localizedDescription)
    }
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
