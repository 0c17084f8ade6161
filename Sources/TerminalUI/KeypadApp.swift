import Foundation
import HangulEngine
import LayoutLoading
import Practice
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
  /// Loads the suggestion data; called on a background thread after the first frame, so a
  /// slow disk never delays the pad. `nil`: no suggestion bar.
  public var loadSuggestions: (@Sendable () -> SuggestionData?)? = nil
  /// Remembers a learned word (the caller stores it off the UI thread).
  public var learn: (@Sendable (String) -> Void)? = nil

  public init(layouts: [Layout], keymaps: [Keymap]) {
    self.layouts = layouts
    self.keymaps = keymaps
  }
}

/// Runs the keypad: the terminal, the UI loop and the long-press timer around a
/// ``KeypadController``.
public enum KeypadApp {
  /// Runs until the text is dismissed or the run is cancelled.
  ///
  /// - Returns: The process exit status: 0 dismissed, 130 Ctrl-C, 129/143 for SIGHUP/SIGTERM,
  ///   1 when the keypad could not start (the message is already printed).
  public static func run(_ options: KeypadRunOptions) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    do {
      try Terminal.preflight(environment: environment)
    } catch {
      printError(UIStrings(options.settings.language).startError(error))
      return 1
    }
    var tmux: TmuxSender? = nil
    if let target = options.tmuxTarget {
      do {
        tmux = try TmuxSender(target: target)
      } catch {
        printError("\(error)")
        return 1
      }
    }
    let draft = options.draft?.load()
    var controller = KeypadController(
      layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
      settings: options.settings, draft: draft)
    let terminal: Terminal
    do {
      terminal = try Terminal(
        theme: Theme.named(options.settings.theme), color: options.useColor,
        term: environment["TERM"] ?? "")
    } catch {
      printError("\(error)")
      return 1
    }
    let (outcome, final) = ScreenRunner.run(controller, terminal: terminal, tmux: tmux, options: options)
    controller = final
    return finish(outcome, controller: controller, terminal: terminal, tmux: tmux, options: options)
  }

  private static func finish(
    _ outcome: Outcome, controller: KeypadController, terminal: Terminal, tmux: TmuxSender?,
    options: KeypadRunOptions
  ) -> Int32 {
    switch outcome {
    case .dismissed(let text):
      terminal.restore(extra: options.clipboard && !text.isEmpty ? clipboardSequence(text) : [])
      if let failure = tmux?.finish() { printError(failure) }
      // Nothing typed prints nothing, so `msg=$(cheonjiin)` stays empty and no file grows.
      if !text.isEmpty {
        if let file = options.outputFile, let problem = append(text, to: file) {
          // The text must not be lost: it still goes to standard output below.
          printError(problem)
        }
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
      }
      if let problem = options.draft?.save("") { printError(problem) }
      return 0
    case .cancelled:
      let text = controller.keptDraft
      if let problem = options.draft?.save(text) { printError(problem) }
      terminal.restore()
      _ = tmux?.finish()
      if !text.isEmpty { printError(controller.strings.cancelled) }
      return 130
    case .signalled(let signal):
      if let problem = options.draft?.save(controller.keptDraft) { printError(problem) }
      terminal.restore()
      _ = tmux?.finish()
      return 128 + signal
    case .failed(let message):
      if let problem = options.draft?.save(controller.keptDraft) { printError(problem) }
      terminal.restore()
      printError(message)
      return 1
    }
  }

  static func append(_ text: String, to file: String) -> String? {
    let data = Data((text + "\n").utf8)
    if !FileManager.default.fileExists(atPath: file) {
      return FileManager.default.createFile(atPath: file, contents: data)
        ? nil : "cannot create \(file); the text is printed below instead"
    }
    guard let handle = FileHandle(forWritingAtPath: file) else {
      return "cannot write to \(file); the text is printed below instead"
    }
    defer { try? handle.close() }  // a failed close after a good write loses nothing
    do {
      try handle.seekToEnd()
      try handle.write(contentsOf: data)
      return nil
    } catch {
      return "cannot write to \(file) (\(error.localizedDescription)); the text is printed below instead"
    }
  }
}

/// A full-screen app the run loop drives: bytes and timer wake-ups in, effects and screens
/// out. ``KeypadController`` and ``PracticeController`` are the two.
protocol ScreenController {
  mutating func start(at time: Instant) -> [KeypadEffect]
  mutating func feed(_ bytes: some Sequence<UInt8>, at time: Instant) -> [KeypadEffect]
  mutating func advance(to time: Instant) -> [KeypadEffect]
  func nextDeadline(now: Instant) -> Instant?
  /// Draws the screen for a window size (and keeps what mouse hit-testing needs).
  mutating func draw(rows: Int, columns: Int, at time: Instant, width: @escaping @Sendable (Character) -> Int) -> Screen
  mutating func show(_ message: String, at time: Instant)
  mutating func setSuggestions(_ data: SuggestionData)
  /// Work that may wait until the screen shows the last key (suggestion lookups); returns
  /// whether to draw again.
  mutating func updateSuggestions() -> Bool
  /// The text to keep as a draft if the run ends abruptly.
  var draftText: String { get }
  /// The interface language's strings.
  var strings: UIStrings { get }
}

extension KeypadController: ScreenController {
  mutating func draw(rows: Int, columns: Int, at time: Instant, width: @escaping @Sendable (Character) -> Int) -> Screen {
    let frame = KeypadView.render(viewModel(at: time), rows: rows, columns: columns, width: width)
    lastFrame = frame
    return frame.screen
  }

  var draftText: String { keptDraft }
}

/// How a run ended.
enum Outcome {
  case dismissed(String)
  case cancelled
  case signalled(Int32)
  case failed(String)
}

/// The UI loop and the long-press timer thread around a controller: the only code that
/// touches the controller and ncurses.
enum ScreenRunner {
  static func run<Controller: ScreenController>(
    _ controller: Controller, terminal: Terminal, tmux: TmuxSender?, options: KeypadRunOptions
  ) -> (Outcome, Controller) {
    let timer = LongPressTimer(wakeFD: terminal.wakeWriteDescriptor)
    var loop = Loop(terminal: terminal, controller: controller, timer: timer, tmux: tmux, options: options)
    let outcome = loop.run()
    timer.stop()
    return (outcome, loop.controller)
  }

  struct Loop<Controller: ScreenController> {
    let terminal: Terminal
    var controller: Controller
    let timer: LongPressTimer
    let tmux: TmuxSender?
    let options: KeypadRunOptions
    private var needsDraw = true
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// `CHEONJIIN_KEYLOG=FILE` records every byte read and every wake-up, for reports of
    /// terminals that send unexpected sequences.
    private let keyLog: FileHandle? = ProcessInfo.processInfo.environment["CHEONJIIN_KEYLOG"].flatMap { path in
      FileManager.default.createFile(atPath: path, contents: nil)
      return FileHandle(forWritingAtPath: path)
    }

    private func log(_ text: String) {
      keyLog?.write(Data("\(Terminal.now().milliseconds) \(text)\n".utf8))
    }

    init(terminal: Terminal, controller: Controller, timer: LongPressTimer, tmux: TmuxSender?, options: KeypadRunOptions) {
      self.terminal = terminal
      self.controller = controller
      self.timer = timer
      self.tmux = tmux
      self.options = options
    }

    /// Suggestion data handed over from the loading thread.
    private let loaded = LoadedSuggestions()

    mutating func run() -> Outcome {
      if let outcome = perform(controller.start(at: Terminal.now())) { return outcome }
      var startedLoading = false
      while true {
        let now = Terminal.now()
        if needsDraw {
          draw(at: now)
          needsDraw = false
          if controller.updateSuggestions() { draw(at: Terminal.now()) }
        }
        if !startedLoading, let load = options.loadSuggestions {
          // After the first frame: the pad shows at once, the bar fills in when ready.
          startedLoading = true
          let box = loaded
          let wake = terminal.wakeWriteDescriptor
          Thread.detachNewThread {
            box.set(load())
            var byte = UInt8(ascii: "S")
            _ = write(wake, &byte, 1)
          }
        }
        timer.schedule(controller.nextDeadline(now: now))
        let ready = terminal.wait(timeout: -1)
        if ready.wake {
          for note in terminal.drainWakePipe() {
            log("wake \(Character(Unicode.Scalar(note)))")
            if let outcome = handleWake(note) { return outcome }
          }
          if let outcome = perform(controller.advance(to: Terminal.now())) { return outcome }
          needsDraw = true
        }
        if ready.tty {
          let count = terminal.readAvailable(into: &buffer)
          // End of file or a read error other than a retry: the terminal went away.
          if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
            return .signalled(SIGHUP)
          }
          if count > 0 { log("read " + buffer[0..<count].map { String($0, radix: 16) }.joined(separator: " ")) }
          if count > 0, let outcome = perform(controller.feed(buffer[0..<count], at: Terminal.now())) {
            return outcome
          }
        }
      }
    }

    private mutating func handleWake(_ note: UInt8) -> Outcome? {
      switch note {
      case UInt8(ascii: "W"):
        let size = terminal.curses.size()
        terminal.curses.resize(rows: size.rows, columns: size.columns)
        needsDraw = true
      case UInt8(ascii: "I"):
        return .cancelled
      case UInt8(ascii: "T"):
        return .signalled(SIGTERM)
      case UInt8(ascii: "H"):
        return .signalled(SIGHUP)
      case UInt8(ascii: "Q"):
        return .signalled(SIGQUIT)
      case UInt8(ascii: "1"):
        return .signalled(SIGUSR1)
      case UInt8(ascii: "2"):
        return .signalled(SIGUSR2)
      case UInt8(ascii: "A"):
        return .signalled(SIGALRM)
      case UInt8(ascii: "Z"):
        suspend()
      case UInt8(ascii: "C"):
        terminal.curses.invalidate()
        needsDraw = true
      case UInt8(ascii: "S"):
        if let data = loaded.take() { controller.setSuggestions(data) }
        needsDraw = true
      default:
        break  // the timer: `advance` runs after the pipe is drained
      }
      return nil
    }

    private mutating func suspend() {
      if let problem = options.draft?.save(controller.draftText) { printError(problem) }
      terminal.suspend(
        notice: controller.strings.suspendedHint,
        reenable: controller.start(at: Terminal.now()).flatMap { effect -> [UInt8] in
          if case .write(let bytes) = effect { bytes } else { [] }
        })
      let size = terminal.curses.size()
      terminal.curses.resize(rows: size.rows, columns: size.columns)
      needsDraw = true
    }

    /// Applies effects; returns an outcome when the loop must end.
    private mutating func perform(_ effects: [KeypadEffect]) -> Outcome? {
      for effect in effects {
        switch effect {
        case .committed(let text): tmux?.send(text)
        case .deleted(let count): tmux?.delete(count)
        case .dismiss(let text): return .dismissed(text)
        case .cancel: return .cancelled
        case .suspend: suspend()
        case .redraw: needsDraw = true
        case .setTheme(let name):
          terminal.curses.applyTheme(Theme.named(name))
          needsDraw = true
        case .write(let bytes): terminal.curses.writeRaw(bytes)
        case .learn(let word):
          options.learn?(word)
        case .discardDraft:
          options.draft?.setAside()
        case .saveDraft(let text):
          // Saving must never interrupt typing; a failure shows as a message once.
          if let problem = options.draft?.save(text) { controller.show(problem, at: Terminal.now()) }
        case .pressed, .submit:
          break  // consumed by the practice controller before they get here
        case .held:
          log("hold")
        }
      }
      if !effects.isEmpty { needsDraw = true }
      return nil
    }

    private mutating func draw(at now: Instant) {
      let size = terminal.curses.size()
      let screen = controller.draw(rows: size.rows, columns: size.columns, at: now, width: { Curses.width(of: $0) })
      terminal.curses.draw(screen)
    }
  }
}

/// Writes a line to standard error, prefixed with the program name.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("cheonjiin: \(message)\n".utf8))
}

/// Hands suggestion data from the loading thread to the UI thread.
final class LoadedSuggestions: @unchecked Sendable {
  private let lock = NSLock()
  private var data: SuggestionData?

  func set(_ value: SuggestionData?) {
    lock.lock()
    data = value
    lock.unlock()
  }

  func take() -> SuggestionData? {
    lock.lock()
    defer { lock.unlock() }
    let value = data
    data = nil
    return value
  }
}

/// Runs `cheonjiin practice` on the terminal.
public enum PracticeApp {
  /// Runs practice until the user quits.
  ///
  /// - Parameter roundLength: Items per round (`--items`).
  /// - Returns: The exit status: 0 when the user quits, 130 for Ctrl-C, 1 if the terminal
  ///   could not be used (the message is printed).
  public static func run(
    _ options: KeypadRunOptions, lessons: [Lesson], recorder: PracticeRecorder, today: DayNumber,
    roundLength: Int = 10, startLesson: String?
  ) -> Int32 {
    let controller = makeController(
      options, lessons: lessons, recorder: recorder, today: today, roundLength: roundLength,
      startLesson: startLesson)
    return ScreenRunner.runStandalone(controller, options: options)
  }

  /// The controller ``run(_:lessons:recorder:today:roundLength:startLesson:)`` drives, built
  /// from the same options (tests check the wiring without a terminal).
  static func makeController(
    _ options: KeypadRunOptions, lessons: [Lesson], recorder: PracticeRecorder, today: DayNumber,
    roundLength: Int, startLesson: String?
  ) -> PracticeController {
    PracticeController(
      layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
      settings: options.settings, lessons: lessons, recorder: recorder, today: today,
      roundLength: roundLength, startLesson: startLesson)
  }
}

extension ScreenRunner {
  /// Runs a controller that keeps no draft and sends nothing anywhere (practice, the demo):
  /// the checks, the terminal, the loop, and every exit path restoring the terminal.
  ///
  /// - Returns: 0 when the user quits, 130 for Ctrl-C, 128 + the signal, or 1 if the
  ///   terminal could not be used (the message is printed).
  static func runStandalone<Controller: ScreenController>(
    _ controller: Controller, options: KeypadRunOptions
  ) -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    do {
      try Terminal.preflight(environment: environment)
    } catch {
      printError(UIStrings(options.settings.language).startError(error))
      return 1
    }
    let terminal: Terminal
    do {
      terminal = try Terminal(
        theme: Theme.named(options.settings.theme), color: options.useColor, term: environment["TERM"] ?? "")
    } catch {
      printError("\(error)")
      return 1
    }
    var runOptions = options
    runOptions.draft = nil
    let (outcome, _) = run(controller, terminal: terminal, tmux: nil, options: runOptions)
    terminal.restore()
    switch outcome {
    case .dismissed: return 0
    case .cancelled: return 130
    case .signalled(let signal): return 128 + signal
    case .failed(let message):
      printError(message)
      return 1
    }
  }
}
