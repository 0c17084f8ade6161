import HangulEngine
import LayoutLoading
import Practice
import TerminalInput

@testable import PadViews
@testable import PracticeScreen
@testable import TerminalUI
@testable import Typing

/// Practice progress kept in memory.
package final class MemoryRecorder: PracticeRecorder {
  package var results: [ItemResult] = []
  package var progress: [(String, Int, Bool)] = []
  package var unlocked: [String: [String]] = [:]
  /// Observations that stand in for units the recorded presses do not cover.
  package var presetObservations: [SpeedUnit: UnitObservations] = [:]

  package init() {}

  package func history(for lesson: Lesson) -> PracticeHistory { PracticeHistory() }
  package func record(_ result: ItemResult) { results.append(result) }
  package func saveProgress(lessonID: String, nextItem: Int, isFinished: Bool) {
    progress.append((lessonID, nextItem, isFinished))
  }
  package func lastProgress() -> (lessonID: String, isFinished: Bool)? { nil }
  package func allSchedules() -> [String: ItemSchedule] { [:] }
  /// The recorded presses' observations, as the store gathers them (``SpeedBook``).
  package func speedObservations() -> [SpeedUnit: UnitObservations] {
    var book = SpeedBook()
    for result in results { book.add(result.pressRecords) }
    return presetObservations.merging(book.observations) { preset, _ in preset }
  }
  package func unlockedJamo(layoutID: String) -> [String] { unlocked[layoutID] ?? [] }
  package func saveUnlockedJamo(_ jamo: [String], layoutID: String) { unlocked[layoutID] = jamo }
  package var targets: [String: (target: SpeedTarget, isSetByLearner: Bool)] = [:]
  package func adaptiveTarget(layoutID: String) -> (target: SpeedTarget, isSetByLearner: Bool)? {
    targets[layoutID]
  }
  package func saveAdaptiveTarget(_ target: SpeedTarget, setByLearner: Bool, layoutID: String) {
    targets[layoutID] = (target, setByLearner)
  }
}

package struct PracticeDriver {
  package var driver: ScreenDriver<PracticeController>

  /// Practice on a driver built elsewhere (on a recorder of the test's own).
  package init(driver: ScreenDriver<PracticeController>) {
    self.driver = driver
  }

  /// A controller built the way `cheonjiin practice` builds it (``PracticeApp``).
  package init(
    lessons: [Lesson], recorder: MemoryRecorder, start: String? = nil, roundLength: Int = 10,
    language: UILanguage = .korean, keySize: KeySize = .normal, adaptive: AdaptiveSetup? = nil,
    startAdaptive: Bool = false
  ) throws {
    var settings = KeypadSettings()
    settings.language = language
    settings.keySize = keySize
    driver = ScreenDriver(
      PracticeController(
        layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
        keymaps: try shippedKeymaps(), keymap: "numpad", settings: settings, lessons: lessons,
        today: 20_000, roundLength: roundLength, startLesson: start,
        adaptive: adaptive, startAdaptive: startAdaptive),
      settings: settings, services: PracticeServices(recorder: recorder).perform)
  }

  package var controller: PracticeController { driver.controller }
  package var now: Instant { driver.now }

  package mutating func type(_ chunks: [String], gap: UInt64 = 200) {
    driver.type(chunks, gap: gap)
  }

  package mutating func wait(_ milliseconds: UInt64) {
    driver.wait(milliseconds)
  }

  package func screen(rows: Int = 30, columns: Int = 80) -> String {
    driver.render(rows: rows, columns: columns).textDump
  }
}

/// Lessons the practice tests and the tests of every screen share.
package enum PracticeLessons {
  package static let lesson = Lesson(
    id: "test", stage: .words, title: "시험", summary: "", texts: ["안녕", "학교"])
  package static let vowels = Lesson(
    id: "vowels", stage: .vowels, title: "모음", summary: "", texts: ["아", "이", "어", "오", "우"])
}
