import HangulEngine
import Practice
import Testing

@Suite("The practice session")
struct SessionTests {
  struct MarkCase: Sendable, CustomTestStringConvertible {
    let id: String
    let target: String
    let typed: String
    let marks: String
    var testDescription: String { id }
  }

  static let markCases: [MarkCase] = [
    MarkCase(id: "nothing typed: all pending", target: "안녕", typed: "", marks: "··"),
    MarkCase(id: "first syllable right", target: "안녕", typed: "ㅇㅣㆍㄴ_", marks: "✓·"),
    MarkCase(id: "가 on its way to 각 is pending, not wrong", target: "각", typed: "ㄱㅣㆍ", marks: "·"),
    MarkCase(id: "어 for 아 is wrong", target: "아이", typed: "ㅇㆍㅣ", marks: "✗·"),
    MarkCase(
      id: "a wrong syllable and text past the end", target: "아", typed: "ㅇㆍㅣ_ㅇ", marks: "✗✗"),
    MarkCase(id: "a wrong syllable after a right one", target: "감사", typed: "ㄱㅣㆍㅇㅇㅈ", marks: "✓✗"),
  ]

  @Test(arguments: markCases)
  func marks(_ testCase: MarkCase) throws {
    var learner = Learner()
    try learner.start(testCase.target)
    try learner.type(testCase.typed)
    #expect(learner.marks == testCase.marks)
  }

  @Test("marks are characters, not colours: ✓ ✗ ·")
  func markCharacters() {
    #expect(SyllableMark.Status.right.mark == "✓")
    #expect(SyllableMark.Status.wrong.mark == "✗")
    #expect(SyllableMark.Status.pending.mark == "·")
  }

  @Test("the shortest way: accuracy 1, efficiency 1, ten presses for 학교")
  func perfectItem() throws {
    var learner = Learner(at: 10_000)
    try learner.start("학교")
    try learner.type("ㅅㅅㅣㆍㄱ_ㄱㆍㆍㅡ")
    let result = try #require(learner.outcomes.last?.result)
    #expect(result.isCompleted)
    #expect(result.typed == "학교")
    #expect(result.presses == 10)
    #expect(result.minimumPresses == 10)
    #expect(result.efficiency == 1)
    #expect(result.accuracy == 1)
    #expect(result.backspaces == 0)
    #expect(result.wrongPresses == 0)
    #expect(result.startedAt == 10_000)
    #expect(result.firstPressAt == 10_500)
    #expect(result.duration == 5_000)  // 10 presses, 500 ms apart
    #expect(result.syllablesPerMinute == 24)  // 2 syllables in 5 s
    #expect(result.pressesPerMinute == 120)
    #expect(result.promptedPresses == 10)  // a new item shows every cue at once
    #expect(result.grade == 4)  // exact, but with help
    #expect(result.keyTallies[galaxyRef("s")] == KeyTally(hits: 2, misses: 0, trailingHits: 2))
    #expect(result.keyTallies[galaxyRef("space")] == KeyTally(hits: 1, misses: 0, trailingHits: 1))
  }

  @Test("a wrong vowel and its correction: counted, tallied against the expected key")
  func mistakeAndCorrection() throws {
    var learner = Learner()
    try learner.start("아")
    try learner.type("ㅇㆍ")  // ㅇ then ㆍ instead of ㅣ
    #expect(learner.outcomes.last?.isWrong == true)
    #expect(learner.session.cue?.kind == .correction)
    try learner.type("<ㅣㆍ")
    let result = try #require(learner.outcomes.last?.result)
    #expect(result.presses == 5)
    #expect(result.backspaces == 1)
    #expect(result.wrongPresses == 1)
    #expect(result.minimumPresses == 3)
    #expect(result.efficiency == 0.6)
    #expect(result.accuracy == 1)
    #expect(result.keyTallies[galaxyRef("i")] == KeyTally(hits: 1, misses: 1, trailingHits: 1))
    #expect(result.keyTallies[galaxyRef("o")] == KeyTally(hits: 1, misses: 0, trailingHits: 1))
    #expect(learner.session.mastery[galaxyRef("i")] == KeyStats(hits: 1, misses: 1, streak: 1))
  }

  @Test("submitting early scores what was typed against the target")
  func submitEarly() throws {
    var learner = Learner()
    try learner.start("가나다")
    try learner.type("ㄱㅣㆍㄴㅣㆍ")
    let submitted = learner.session.submit(at: learner.now + 1_000)
    let result = try #require(submitted)
    #expect(!result.isCompleted)
    #expect(result.typed == "가나")
    #expect(result.score.distance == 1)
    #expect(abs(result.accuracy - 2.0 / 3.0) < 1e-9)
    #expect(result.score.correctSyllables == 2)
    #expect(result.grade == 1)
    #expect(learner.session.phase == .finished)
    #expect(learner.session.submit(at: learner.now) == nil)
  }

  @Test("marks never change after hand-in: a wrong syllable stays ✗ once ⏎ is pressed")
  func marksKeptAfterHandIn() throws {
    var learner = Learner()
    try learner.start("가나")
    try learner.type("ㄱㅣㆍ_ㄷㅣㆍ")  // 가다: off the way to 가나
    let before = learner.session.marks.map(\.mark)
    #expect(before == ["✓", "✗"])
    learner.session.submit(at: learner.now + 1_000)
    #expect(learner.session.marks.map(\.mark) == before)
  }

  @Test("a tap that turns out to be a hold replaces the tap's counts")
  func tapReplacedByHold() throws {
    var learner = Learner()
    try learner.start(PracticeItem(id: "d", prompt: "이", answer: .heldDigits("2")))
    let araea = try galaxyKey("ㆍ").key
    let before = learner.engine
    learner.press(KeyPress(layout: 0, key: araea))  // optimistic tap: ㆍ
    #expect(learner.session.cue?.kind == .correction)
    learner.engine = before
    _ = learner.engine.hold(araea)
    let outcome = learner.session.record(
      KeyPress(layout: 0, key: araea, isHold: true), engine: learner.engine, at: learner.now + 400,
      replacingLastTap: true)
    let result = try #require(outcome.result)
    #expect(result.presses == 1)
    #expect(result.wrongPresses == 0)
    #expect(result.keyTallies[galaxyRef("araea")] == KeyTally(hits: 1, misses: 0, trailingHits: 1))
  }

  @Test("an item the layouts cannot type is refused with the reason")
  func untypeable() {
    var session = PracticeSession(layouts: galaxyLayouts, lessonID: "x")
    #expect(throws: PracticeError.self) {
      try session.start(PracticeItem(lessonID: "x", text: "가😀"), at: 0)
    }
    #expect(session.phase == .idle)
  }

  @Test("presses before an item starts are ignored")
  func pressWhileIdle() {
    var session = PracticeSession(layouts: galaxyLayouts, lessonID: "x")
    let outcome = session.record(
      KeyPress(layout: 0, key: 0), engine: Typist(layouts: galaxyLayouts), at: 5)
    #expect(!outcome.isWrong)
    #expect(outcome.result == nil)
    #expect(session.results.isEmpty)
  }
}

@Suite("Fading cues")
struct FadingCueTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let id: String
    let reviews: Int
    /// Streak of the ㅇ key (the first key of 아) before the item.
    let streak: Int
    let policy: CuePolicy
    /// Milliseconds after the item starts at which visibility is asked.
    let after: Milliseconds
    let visible: Bool
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(
      id: "new item: shown at once", reviews: 0, streak: 9, policy: .gentle, after: 0, visible: true
    ),
    Case(
      id: "new key: shown at once", reviews: 3, streak: 0, policy: .gentle, after: 0,
      visible: true),
    Case(
      id: "key not yet mastered (2 of 3)", reviews: 3, streak: 2, policy: .gentle, after: 0,
      visible: true),
    Case(
      id: "mastered key: hidden at first", reviews: 3, streak: 3, policy: .gentle, after: 0,
      visible: false),
    Case(
      id: "mastered key: hidden before the hesitation", reviews: 3, streak: 3, policy: .gentle,
      after: 1_999, visible: false),
    Case(
      id: "mastered key: shown after 2 s of hesitation", reviews: 3, streak: 3, policy: .gentle,
      after: 2_000, visible: true),
    Case(
      id: "a longer hesitation setting", reviews: 3, streak: 3,
      policy: CuePolicy(hesitation: 5_000),
      after: 4_000, visible: false),
    Case(
      id: "always-show setting", reviews: 3, streak: 3, policy: CuePolicy(alwaysShows: true),
      after: 0, visible: true),
  ]

  @Test(arguments: cases)
  func visibility(_ testCase: Case) throws {
    let mastery = [galaxyRef("o"): KeyStats(hits: 10, misses: 0, streak: testCase.streak)]
    var learner = Learner(mastery: mastery, policy: testCase.policy, at: 0)
    try learner.start("아", reviews: testCase.reviews)
    #expect(learner.session.cue?.key == (try galaxyKey("ㅇ")).key)
    #expect(learner.session.isCueVisible(at: testCase.after) == testCase.visible)
  }

  @Test("the hesitation is counted from the last press, and the deadline says when")
  func hesitationFromLastPress() throws {
    let mastery = [
      galaxyRef("o"): KeyStats(hits: 5, streak: 5), galaxyRef("i"): KeyStats(hits: 5, streak: 5),
    ]
    var learner = Learner(mastery: mastery, at: 0)
    try learner.start("아", reviews: 2)
    #expect(learner.session.cueAppearsAt == 2_000)
    try learner.type("ㅇ")  // at 500
    #expect(learner.session.cueAppearsAt == 2_500)
    #expect(!learner.session.isCueVisible(at: 2_499))
    #expect(learner.session.isCueVisible(at: 2_500))
  }

  @Test("a wrong press shows ⌫ at once, even for a mastered item")
  func correctionAtOnce() throws {
    let mastery = [galaxyRef("o"): KeyStats(hits: 5, streak: 5)]
    var learner = Learner(mastery: mastery, at: 0)
    try learner.start("아", reviews: 5)
    try learner.type("ㅇㆍ")
    #expect(learner.session.cue?.kind == .correction)
    #expect(learner.session.isCueVisible(at: learner.now))
  }

  @Test("cues fade within a session as a key is hit three times")
  func fadesWithSuccess() throws {
    var learner = Learner(at: 0)
    var visibleAtOnce: [Bool] = []
    for _ in 0..<4 {
      try learner.start("이", reviews: 1)
      visibleAtOnce.append(learner.session.isCueVisible(at: learner.now))
      try learner.type("ㅇㅣ")
    }
    // ㅇ hit once per item: the cue shows for the first three items, then fades.
    #expect(visibleAtOnce == [true, true, true, false])
    #expect(learner.session.mastery[galaxyRef("o")]?.streak == 4)
  }

  @Test("presses made while the cue was on screen are counted as prompted")
  func promptedPresses() throws {
    let mastery = [
      galaxyRef("o"): KeyStats(hits: 5, streak: 5), galaxyRef("i"): KeyStats(hits: 5, streak: 5),
    ]
    var learner = Learner(mastery: mastery, at: 0)
    learner.interval = 3_000  // every press after a hesitation
    try learner.start("이", reviews: 2)
    try learner.type("ㅇㅣ")
    #expect(learner.session.results.last?.promptedPresses == 2)
  }
}
