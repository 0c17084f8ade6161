import HangulEngine
import LayoutLoading
import Practice
import ScreenTestSupport
import TerminalUI
import Testing
import Typing

@testable import PracticeScreen

/// Practice progress in memory that notes every call, and which of them came while the
/// services performed one of practice's effects: the only place practice may touch the file.
final class WatchedRecorder: PracticeRecorder {
  let memory = MemoryRecorder()
  /// Set while the services perform an effect.
  var isPerforming = false
  /// Every call, by name, in order.
  private(set) var calls: [String] = []
  /// The calls made from anywhere else: `handle`, `receive`, `advance`, `start`.
  private(set) var strayCalls: [String] = []

  private func note(_ name: String = #function) {
    calls.append(name)
    if !isPerforming { strayCalls.append(name) }
  }

  func history(for lesson: Lesson) -> PracticeHistory {
    note()
    return memory.history(for: lesson)
  }
  func record(_ result: ItemResult) {
    note()
    memory.record(result)
  }
  func saveProgress(lessonID: String, nextItem: Int, isFinished: Bool) {
    note()
    memory.saveProgress(lessonID: lessonID, nextItem: nextItem, isFinished: isFinished)
  }
  func lastProgress() -> (lessonID: String, isFinished: Bool)? {
    note()
    return memory.progress.last.map { ($0.0, $0.2) }
  }
  func allSchedules() -> [String: ItemSchedule] {
    note()
    return memory.allSchedules()
  }
  func speedObservations() -> [SpeedUnit: UnitObservations] {
    note()
    return memory.speedObservations()
  }
  func unlockedJamo(layoutID: String) -> [String] {
    note()
    return memory.unlockedJamo(layoutID: layoutID)
  }
  func saveUnlockedJamo(_ jamo: [String], layoutID: String) {
    note()
    memory.saveUnlockedJamo(jamo, layoutID: layoutID)
  }
  func adaptiveTarget(layoutID: String) -> (target: SpeedTarget, isSetByLearner: Bool)? {
    note()
    return memory.adaptiveTarget(layoutID: layoutID)
  }
  func saveAdaptiveTarget(_ target: SpeedTarget, setByLearner: Bool, layoutID: String) {
    note()
    memory.saveAdaptiveTarget(target, setByLearner: setByLearner, layoutID: layoutID)
  }
}

extension PracticeDriver {
  /// Practice on a ``WatchedRecorder``, its effects performed by ``PracticeServices`` as the
  /// run loop performs them.
  init(lessons: [Lesson], watched recorder: WatchedRecorder, adaptive: AdaptiveSetup? = nil)
    throws
  {
    var settings = KeypadSettings()
    settings.language = .korean
    let services = PracticeServices(recorder: recorder)
    let controller = PracticeController(
      layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
      keymaps: try shippedKeymaps(), keymap: "numpad", settings: settings, lessons: lessons,
      today: 20_000, roundLength: 2, adaptive: adaptive)
    self.init(
      driver: ScreenDriver(controller, settings: settings) { effect in
        recorder.isPerforming = true
        defer { recorder.isPerforming = false }
        return services.perform(effect)
      })
  }
}

/// Practice stays pure; the progress file is read and written only by its services.
@Suite("Practice touches its progress file only through effects")
struct PracticeIOTests {
  static let words = Lesson(
    id: "words", stage: .words, title: "낱말", summary: "", texts: ["아이", "안녕", "기어"])

  @Test("menu, a round, the summary, Enter for another, Esc, the menu, another lesson")
  func lessons() throws {
    let recorder = WatchedRecorder()
    var driver = try PracticeDriver(lessons: [Self.words], watched: recorder)
    #expect(driver.screen(rows: 24).contains("낱말"))
    driver.type(["\r"])  // the lesson, first in the menu
    #expect(driver.screen(rows: 24).contains("1 / 2"))
    try driver.typeRound()
    let summary = driver.screen(rows: 24)
    #expect(summary.contains("맞게 친 낱말 2개 중 2개 · 맞게 누른 키 100%."), "\(summary)")
    driver.type(["\r"])  // 한 판 더
    #expect(driver.screen(rows: 24).contains("1 / 2"))
    try driver.typeCurrentItem()
    driver.type(["\u{1b}"])  // left after one item
    #expect(driver.screen(rows: 24).contains("2개 중 1개까지 했어요"), "\(driver.screen())")
    driver.type(["x"])  // to the menu, where "continue" now leads back into the lesson
    #expect(driver.screen(rows: 24).contains("이어서"), "\(driver.screen())")
    driver.type(["\r"])
    try driver.typeRound()
    #expect(recorder.memory.results.count == 5)
    #expect(recorder.strayCalls.isEmpty, "outside an effect: \(recorder.strayCalls)")
    for call in ["history(for:)", "record(_:)", "saveProgress(lessonID:nextItem:isFinished:)"]
      + ["lastProgress()", "allSchedules()"]
    {
      #expect(recorder.calls.contains(call), "\(call) never made: \(recorder.calls)")
    }
  }

  @Test("맞춤 연습 from the menu, its summary, Enter for another round, Esc, another round")
  func adaptiveRounds() throws {
    let recorder = WatchedRecorder()
    var driver = try PracticeDriver(
      lessons: [Self.words], watched: recorder, adaptive: adaptiveSetup())
    driver.type(["\r"])  // 맞춤 연습, first in the menu
    #expect(driver.screen(rows: 24).contains("1 / 4"), "\(driver.screen())")
    try driver.typeRound()
    #expect(driver.screen(rows: 24).contains("오늘의 맞춤 연습을 마쳤어요"), "\(driver.screen())")
    driver.type(["\r"])  // 한 판 더, planned from what was just typed
    #expect(driver.screen(rows: 24).contains("1 / 4"))
    try driver.typeCurrentItem()
    driver.type(["\u{1b}"])
    #expect(driver.screen(rows: 24).contains("Enter 한 판 더"), "\(driver.screen())")
    driver.type(["\r"])
    try driver.typeRound()
    #expect(recorder.memory.results.count == 9)
    #expect(recorder.memory.unlocked["cheonjiin-galaxy"]?.isEmpty == false)
    #expect(recorder.strayCalls.isEmpty, "outside an effect: \(recorder.strayCalls)")
    for call in ["history(for:)", "record(_:)", "speedObservations()", "unlockedJamo(layoutID:)"]
      + ["adaptiveTarget(layoutID:)", "saveUnlockedJamo(_:layoutID:)"]
    {
      #expect(recorder.calls.contains(call), "\(call) never made: \(recorder.calls)")
    }
  }

  @Test("keys read with the Enter that starts a lesson are the lesson's first presses")
  func keysWithTheEnter() throws {
    let recorder = WatchedRecorder()
    var driver = try PracticeDriver(lessons: [Self.words], watched: recorder)
    // One read: Enter in the menu, then the keypad's ㅇ key (phone 0) and ㅣ (phone 1).
    driver.driver.send("\r" + numpadKeys(forPhoneDigits: "01").joined())
    #expect(driver.controller.session?.pressCount == 2, "\(driver.screen())")
    driver.wait(1_000)
    driver.type(["\u{1b}"])
    driver.driver.send("\r" + numpadKeys(forPhoneDigits: "0").joined())  // 한 판 더
    #expect(driver.controller.session?.pressCount == 1, "\(driver.screen())")
    #expect(recorder.strayCalls.isEmpty, "outside an effect: \(recorder.strayCalls)")
  }
}
