import CellGrid
import HangulEngine
import LayoutLoading
import Practice
import ScreenTestSupport
import TerminalUI
import Testing
import Typing

@testable import PadViews
@testable import PracticeScreen

/// A small word list, so the rounds are easy to follow: the jamo order comes from it.
let adaptiveWords = [
  "아이", "아니", "나이", "이나", "안", "난", "가나", "아가", "나가", "기린", "길", "날", "알", "일", "거기", "너",
  "어이", "그",
]

func adaptiveSetup(
  roundLength: Int = 4, seed: UInt64 = 3, blind: Bool = false, speed: Bool = false
) -> AdaptiveSetup {
  AdaptiveSetup(
    vocabulary: AdaptiveVocabulary(texts: adaptiveWords),
    settings: AdaptiveSettings(roundLength: roundLength), seed: seed, isBlind: blind,
    showsSpeed: speed)
}

/// The phone digits that type `text` on the Galaxy layout (the `spell --format digits` way).
func phoneDigits(_ text: String) throws -> String {
  let layouts = try library.loadSet("cheonjiin-galaxy").map(\.layout)
  return KeySequence.format(try Speller(layouts: layouts).spellTokens(text, digits: true))
}

extension PracticeDriver {
  /// Types the item on screen on the keypad, `gap` ms a key, and waits for the next.
  mutating func typeCurrentItem(gap: UInt64 = 200) throws {
    let item = try #require(controller.session?.item)
    type(numpadKeys(forPhoneDigits: try phoneDigits(item.target)), gap: gap)
    wait(1000)
  }

  /// Types every item of the round.
  mutating func typeRound(gap: UInt64 = 200) throws {
    while case .typing = controller.mode { try typeCurrentItem(gap: gap) }
  }
}

/// The pad's lines of a screen dump (the lines below the practice panel).
func padLines(_ screen: String, rows: Int) -> String {
  screen.split(separator: "\n", omittingEmptySubsequences: false).suffix(rows - 8)
    .joined(separator: "\n")
}

@Suite("The adaptive round on screen")
struct AdaptivePracticeTests {
  @Test("맞춤 연습 is the menu's first entry; it says at 80×24 which jamo it works on and why")
  func menuAndFocus() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(
      lessons: [PracticeControllerTests.lesson], recorder: recorder, adaptive: adaptiveSetup())
    let menu = driver.screen(rows: 24)
    let lines = menu.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[3].contains("0  맞춤 연습: 느린 글자를 골라 연습해요"), "\(menu)")
    driver.type(["0", "\r"])
    let plan = try #require(driver.controller.adaptive?.plan)
    let focus = try #require(plan.standing.focus)
    let screen = driver.screen(rows: 24)
    #expect(screen.contains("오늘은 \(focus) "), "\(screen)")
    #expect(screen.contains("1 / 4"))
    #expect(screen.contains("다음:"))
    #expect(recorder.unlocked["cheonjiin-galaxy"] == plan.standing.unlocked)
    let vocabulary = Set(adaptiveWords)
    #expect(plan.items.allSatisfy { vocabulary.contains($0.target) })
  }

  @Test(
    "a round typed on the keypad: every press is recorded with its time; the summary says what unlocks"
  )
  func round() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(
      lessons: [], recorder: recorder, adaptive: adaptiveSetup(), startAdaptive: true)
    try driver.typeRound()
    #expect(recorder.results.count == 4)
    #expect(recorder.results.allSatisfy { $0.lessonID == "adaptive" && $0.accuracy == 1 })
    let records = recorder.results.flatMap(\.pressRecords)
    #expect(records.count == recorder.results.map(\.presses).reduce(0, +))
    // Keys 200 ms apart: each timed press took about that (the pipeline adds nothing).
    let timed = records.filter { $0.isTimed && $0.previousKey != nil }.compactMap(\.interval)
    #expect(!timed.isEmpty && timed.allSatisfy { (150...250).contains($0) }, "\(timed)")
    // An item's first press comes after reading it: it is no speed sample of its letter.
    let firsts = recorder.results.compactMap(\.pressRecords.first)
    #expect(firsts.count == 4 && firsts.allSatisfy { !$0.isTimed && $0.jamoTime == nil })
    #expect(records.contains { $0.jamoTime != nil })
    #expect(recorder.progress.isEmpty)  // nothing to "continue" in an adaptive round
    let summary = driver.screen(rows: 24)
    #expect(summary.contains("오늘의 맞춤 연습을 마쳤어요"), "\(summary)")
    #expect(summary.contains("열린 글자 "))
    #expect(summary.contains("Enter 한 판 더"))
  }

  @Test("typing without labels is offered once a jamo is confident, and only then")
  func blindOffer() throws {
    // Slow: 1.5 s a key, far under 20 글자/분: nothing is confident, nothing is offered.
    let slow = MemoryRecorder()
    var slowDriver = try PracticeDriver(
      lessons: [], recorder: slow, adaptive: adaptiveSetup(), startAdaptive: true)
    try slowDriver.typeRound(gap: 1_500)
    #expect(!slowDriver.screen(rows: 24).contains("B를 누르면"))
    slowDriver.type(["b"])
    #expect(slowDriver.controller.adaptive?.isBlind == false)
    guard case .menu = slowDriver.controller.mode else {
      Issue.record("b without an offer should go to the menu")
      return
    }

    // Quick: 200 ms a key; after a few rounds some jamo have their five samples (a press
    // made while its key was lit counts half) and are over the target, and B starts a blind
    // round.
    let quick = MemoryRecorder()
    var driver = try PracticeDriver(
      lessons: [], recorder: quick, adaptive: adaptiveSetup(), startAdaptive: true)
    try driver.typeRound()
    #expect(!driver.screen(rows: 24).contains("B를 누르면"))  // too few samples yet
    var rounds = 1
    while !driver.screen(rows: 24).contains("B를 누르면"), rounds < 6 {
      driver.type(["\r"], gap: 100)
      try driver.typeRound()
      rounds += 1
    }
    let summary = driver.screen(rows: 24)
    #expect(summary.contains("B를 누르면 키 글자를 가리고 쳐 봐요"), "\(summary)")
    #expect(summary.contains("B 가리고 치기"))
    driver.type(["b"], gap: 100)
    #expect(driver.controller.adaptive?.isBlind == true)
    let blind = driver.screen(rows: 24)
    let pad = padLines(blind, rows: 24)
    for label in ["ㄱㅋ", "ㄴㄹ", "ㅇㅁ", "ㆍ"] { #expect(!pad.contains(label), "\(label) in\n\(blind)") }
    #expect(pad.contains("⌫") && pad.contains("⏎"))  // the other keys keep their labels
    #expect(blind.contains("키 글자 가림"))
    #expect(driver.controller.cueKey(at: driver.now) == nil)  // no cue yet
    driver.wait(5_000)
    #expect(driver.controller.cueKey(at: driver.now) != nil)  // after a long hesitation
    #expect(driver.screen(rows: 24).contains("다음:"))
  }

  @Test("with every unlocked jamo confident, the next unlocks and becomes the focus")
  func unlockingOnScreen() throws {
    let recorder = MemoryRecorder()
    var planner = AdaptivePlanner(
      vocabulary: AdaptiveVocabulary(texts: adaptiveWords),
      layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
      settings: AdaptiveSettings(roundLength: 4))
    let start = planner.startingJamo
    for jamo in start {
      recorder.presetObservations[.jamo(layoutID: "cheonjiin-galaxy", jamo: jamo)] =
        UnitObservations(
          tally: UnitTally(presses: 20, samples: 20), recent: Array(repeating: 200, count: 15))
    }
    let driver = try PracticeDriver(
      lessons: [], recorder: recorder, adaptive: adaptiveSetup(), startAdaptive: true)
    let plan = try #require(driver.controller.adaptive?.plan)
    let next = try #require(
      planner.standing(unlocked: start, observations: [:], unlocking: false).next)
    #expect(plan.standing.newlyUnlocked == next)
    #expect(plan.standing.focus == next)
    #expect(recorder.unlocked["cheonjiin-galaxy"] == start + [next])
    #expect(driver.screen(rows: 24).contains("오늘은 \(next) "))
    #expect(driver.screen(rows: 24).contains("새로 열린 글자예요"))
  }

  @Test("the summary judges letter by letter: no praise for speed while a letter lags")
  func oneTruth() throws {
    let recorder = MemoryRecorder()
    // ㅇ measured at twice its time: half the target's speed.
    recorder.presetObservations[.jamo(layoutID: "cheonjiin-galaxy", jamo: "ㅇ")] =
      UnitObservations(
        tally: UnitTally(presses: 20, samples: 20), recent: Array(repeating: 1_530, count: 15))
    recorder.targets["cheonjiin-galaxy"] = (.gentle, false)
    var driver = try PracticeDriver(
      lessons: [], recorder: recorder, adaptive: adaptiveSetup(), startAdaptive: true)
    try driver.typeRound()  // 200 ms a key: far faster than 20 글자/분 on the whole
    let summary = driver.screen(rows: 30)
    #expect(!summary.contains("목표 속도를 모두 넘었어요"), "\(summary)")
    #expect(summary.contains("목표보다 느린 글자"), "\(summary)")
    let lagging = summary.split(separator: "\n").first { $0.contains("목표보다 느린 글자") }
    #expect(lagging?.contains(" ㅇ ") == true, "\(summary)")
    #expect(summary.contains("다음 판에 연습할 글자: ㅇ"), "\(summary)")
    // The next round works on what the summary named.
    driver.type(["\r"], gap: 100)
    #expect(driver.controller.adaptive?.plan?.standing.focus == "ㅇ")
  }

  @Test("--target is saved as the learner's; without one the first measured pace sets it")
  func savedTarget() throws {
    let asked = MemoryRecorder()
    var setup = adaptiveSetup()
    setup.settings.target = SpeedTarget(syllablesPerMinute: 12)
    setup.settings.isTargetKnown = true
    setup.isTargetAsked = true
    _ = try PracticeDriver(lessons: [], recorder: asked, adaptive: setup, startAdaptive: true)
    #expect(asked.targets["cheonjiin-galaxy"]?.target.syllablesPerMinute == 12)
    #expect(asked.targets["cheonjiin-galaxy"]?.isSetByLearner == true)
    // No target: rounds at 1.2 s a key set one from the pace, below the gentle 20.
    let slow = MemoryRecorder()
    var driver = try PracticeDriver(
      lessons: [], recorder: slow, adaptive: adaptiveSetup(), startAdaptive: true)
    #expect(slow.targets.isEmpty)
    // Keys lit on new items count half: it takes a few rounds to have enough samples.
    for _ in 0..<8 where slow.targets.isEmpty {
      try driver.typeRound(gap: 1_200)
      driver.type(["\r"], gap: 100)
    }
    let saved = try #require(slow.targets["cheonjiin-galaxy"])
    #expect(saved.target.syllablesPerMinute < 20 && !saved.isSetByLearner, "\(saved)")
    #expect(driver.controller.adaptive?.plan?.standing.target == saved.target)
  }

  @Test("the calm speed line shows only when asked for, once an item is done, at 80×24 too")
  func speedLine() throws {
    var plain = try PracticeDriver(
      lessons: [], recorder: MemoryRecorder(), adaptive: adaptiveSetup(), startAdaptive: true)
    try plain.typeCurrentItem()
    #expect(!plain.screen().contains("지금 1분에"))
    var asked = try PracticeDriver(
      lessons: [], recorder: MemoryRecorder(), adaptive: adaptiveSetup(speed: true),
      startAdaptive: true)
    #expect(!asked.screen().contains("지금 1분에"))
    try asked.typeCurrentItem()
    #expect(asked.screen().contains("지금 1분에"), "\(asked.screen())")
    #expect(asked.screen().contains("목표 20글자"))
    // Asked for, it stays at 80×24 too, with the item and the cue.
    let small = asked.screen(rows: 24)
    #expect(small.contains("지금 1분에") && small.contains("다음:"), "\(small)")
  }

  @Test(
    "focus, item and cue stay on screen at 80×24 and, with large keys, 100×32; blind too",
    arguments: [(24, 80, KeySize.normal), (32, 100, KeySize.large)])
  func sizes(rows: Int, columns: Int, keySize: KeySize) throws {
    for blind in [false, true] {
      var driver = try PracticeDriver(
        lessons: [], recorder: MemoryRecorder(), keySize: keySize,
        adaptive: adaptiveSetup(blind: blind), startAdaptive: true)
      driver.wait(5_500)
      let screen = driver.screen(rows: rows, columns: columns)
      let plan = try #require(driver.controller.adaptive?.plan)
      #expect(screen.contains("오늘은 \(plan.standing.focus ?? "?") "), "\(screen)")
      #expect(screen.contains("다음:"), "\(screen)")
      let target = try #require(plan.items.first?.target)
      #expect(screen.contains(target.map(String.init).joined(separator: "  ")), "\(screen)")
      #expect(padLines(screen, rows: rows).contains("ㄴㄹ") != blind, "\(screen)")
    }
  }

  @Test("a summary line too long for the window goes on under itself: no word is cut off")
  func summaryWraps() {
    let offer = UIStrings(.english).adaptiveBlindOffer([
      "ㅇ", "ㅏ", "ㄴ", "ㄱ", "ㅣ", "ㄹ", "ㅓ", "ㅡ", "ㅈ",
    ])
    let screen = PracticeView.summary(
      ["Well done", offer], keys: "keys", rows: 24, columns: 40, width: DisplayWidth.of
    ).textDump
    let text = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(text.contains("Press B to type with the key labels hidden."), "\(screen)")
    #expect(screen.split(separator: "\n").allSatisfy { DisplayWidth.of(String($0)) <= 40 })
  }
}
