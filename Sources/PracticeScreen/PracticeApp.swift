import Foundation
import LayoutLoading
import Practice
import TerminalUI
import Typing

/// Runs `cheonjiin practice` on the terminal.
public enum PracticeApp {
  /// Runs practice until the user quits.
  ///
  /// - Parameters:
  ///   - roundLength: Items per round (`--items`).
  ///   - adaptive: The adaptive round's setup (맞춤 연습 in the menu).
  ///   - startAdaptive: Start it at once (`--adaptive`).
  /// - Returns: The exit status: 0 when the user quits, 130 for Ctrl-C, 1 if the terminal
  ///   could not be used (the message is printed).
  public static func run(
    _ options: KeypadRunOptions, lessons: [Lesson], recorder: PracticeRecorder, today: DayNumber,
    roundLength: Int = 10, startLesson: String?, adaptive: AdaptiveSetup? = nil,
    startAdaptive: Bool = false
  ) -> Int32 {
    let controller = PracticeController(
      layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
      settings: options.settings, lessons: lessons, startNotice: recorder.startNotice, today: today,
      roundLength: roundLength, startLesson: startLesson, adaptive: adaptive,
      startAdaptive: startAdaptive)
    return Screens.runStandalone(
      controller, services: PracticeServices(recorder: recorder), options: options)
  }

  /// Runs practice with its progress file opened by `open` on a thread of its own, so a file
  /// another program keeps locked shows a screen that says so (Esc leaves) instead of
  /// nothing; `recorder` then makes the recorder from the opened file on this thread.
  ///
  /// - Returns: The exit status, as ``run(_:lessons:recorder:today:roundLength:startLesson:adaptive:startAdaptive:)``.
  public static func run<Opened: Sendable>(
    _ options: KeypadRunOptions, lessons: [Lesson], path: String,
    open: @escaping @Sendable () -> Opened, recorder: @escaping (Opened) -> PracticeRecorder,
    today: DayNumber, roundLength: Int = 10, startLesson: String?,
    adaptive: AdaptiveSetup? = nil, startAdaptive: Bool = false
  ) -> Int32 {
    let opened = Mailbox<Opened>()
    Thread.detachNewThread { opened.put(open()) }
    let services = PracticeServices()
    let startup = PracticeStartup(
      strings: UIStrings(options.settings.language), path: path, opened: opened
    ) { file in
      let fileRecorder = recorder(file)
      services.recorder = fileRecorder
      return PracticeController(
        layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
        settings: options.settings, lessons: lessons, startNotice: fileRecorder.startNotice,
        today: today, roundLength: roundLength, startLesson: startLesson, adaptive: adaptive,
        startAdaptive: startAdaptive)
    }
    return Screens.runStandalone(startup, services: services, options: options)
  }
}
