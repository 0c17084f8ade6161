import Practice
import Testing

@Suite("Scoring")
struct ScoringTests {
  struct ScoreCase: Sendable, CustomTestStringConvertible {
    let id: String
    let typed: String
    let target: String
    let distance: Int
    let correct: Int
    let accuracy: Double
    var testDescription: String { id }
  }

  static let scoreCases: [ScoreCase] = [
    ScoreCase(id: "exact", typed: "감사합니다", target: "감사합니다", distance: 0, correct: 5, accuracy: 1),
    ScoreCase(
      id: "one syllable wrong", typed: "감사함니다", target: "감사합니다", distance: 1, correct: 4,
      accuracy: 0.8),
    ScoreCase(
      id: "one syllable missing", typed: "감사합다", target: "감사합니다", distance: 1, correct: 4,
      accuracy: 0.8),
    ScoreCase(
      id: "one syllable extra", typed: "감사합니니다", target: "감사합니다", distance: 1, correct: 5,
      accuracy: 0.8),
    ScoreCase(id: "nothing typed", typed: "", target: "학교", distance: 2, correct: 0, accuracy: 0),
    ScoreCase(
      id: "more wrong than long: floored at 0", typed: "가나다라마", target: "학교", distance: 5,
      correct: 0, accuracy: 0),
    ScoreCase(
      id: "a space counts in the distance, not as a syllable", typed: "보고싶어요", target: "보고 싶어요",
      distance: 1, correct: 5, accuracy: 5.0 / 6.0),
    ScoreCase(
      id: "a lone jamo is a wrong syllable", typed: "안ㄴ", target: "안녕", distance: 1, correct: 1,
      accuracy: 0.5),
  ]

  @Test(arguments: scoreCases)
  func score(_ testCase: ScoreCase) {
    let score = TextScore(typed: testCase.typed, target: testCase.target)
    #expect(score.distance == testCase.distance)
    #expect(score.correctSyllables == testCase.correct)
    #expect(abs(score.accuracy - testCase.accuracy) < 1e-9)
  }

  static func result(
    presses: Int, minimum: Int, typed: String = "학교", target: String = "학교",
    duration: Milliseconds = 6_000, prompted: Int = 0, completed: Bool = true
  ) -> ItemResult {
    ItemResult(
      lessonID: "l", itemID: "i", target: target, typed: typed, isCompleted: completed,
      presses: presses, backspaces: 0, minimumPresses: minimum, promptedPresses: prompted,
      wrongPresses: 0, startedAt: 1_000, firstPressAt: 1_500, finishedAt: 1_000 + duration,
      keyTallies: [:])
  }

  struct RateCase: Sendable, CustomTestStringConvertible {
    let id: String
    let result: ItemResult
    let efficiency: Double
    let syllablesPerMinute: Double
    let pressesPerMinute: Double
    let grade: Int
    var testDescription: String { id }
  }

  static let rateCases: [RateCase] = [
    RateCase(
      id: "shortest way in 6 s", result: result(presses: 10, minimum: 10), efficiency: 1,
      syllablesPerMinute: 20, pressesPerMinute: 100, grade: 5),
    RateCase(
      id: "two extra presses", result: result(presses: 12, minimum: 10), efficiency: 10.0 / 12.0,
      syllablesPerMinute: 20, pressesPerMinute: 120, grade: 5),
    RateCase(
      id: "many extra presses: exact but inefficient", result: result(presses: 20, minimum: 10),
      efficiency: 0.5, syllablesPerMinute: 20, pressesPerMinute: 200, grade: 4),
    RateCase(
      id: "exact but mostly prompted", result: result(presses: 10, minimum: 10, prompted: 8),
      efficiency: 1, syllablesPerMinute: 20, pressesPerMinute: 100, grade: 4),
    RateCase(
      id: "half right, handed in: the minimum is that of 학, the right prefix",
      result: result(presses: 6, minimum: 5, typed: "학", completed: false),
      efficiency: 5.0 / 6.0, syllablesPerMinute: 10, pressesPerMinute: 60, grade: 1),
    RateCase(
      id: "a minimum above the presses is clamped: never more than 100 %",
      result: result(presses: 1, minimum: 10, typed: "", completed: false),
      efficiency: 1, syllablesPerMinute: 0, pressesPerMinute: 10, grade: 0),
    RateCase(
      id: "no presses, zero time",
      result: result(presses: 0, minimum: 10, typed: "", duration: 0, completed: false),
      efficiency: 0, syllablesPerMinute: 0, pressesPerMinute: 0, grade: 0),
  ]

  @Test(arguments: rateCases)
  func rates(_ testCase: RateCase) {
    let result = testCase.result
    #expect(abs(result.efficiency - testCase.efficiency) < 1e-9)
    #expect(abs(result.syllablesPerMinute - testCase.syllablesPerMinute) < 1e-9)
    #expect(abs(result.pressesPerMinute - testCase.pressesPerMinute) < 1e-9)
    #expect(result.grade == testCase.grade)
  }

  @Test("an item never reports a minimum above its presses, so no total exceeds 1")
  func minimumWithinPresses() {
    let handedIn = Self.result(presses: 1, minimum: 10, typed: "", completed: false)
    let untouched = Self.result(presses: 0, minimum: 10, typed: "", completed: false)
    #expect(handedIn.minimumPresses == 1)
    #expect(untouched.minimumPresses == 0)
    let totals = ResultTotals([Self.result(presses: 20, minimum: 10), handedIn, untouched])
    #expect(totals.presses == 21)
    #expect(totals.minimumPresses == 11)
    #expect(totals.efficiency <= 1)
  }

  @Test("totals weigh items by their length and time")
  func totals() {
    let totals = ResultTotals([
      Self.result(presses: 10, minimum: 10, duration: 6_000),
      Self.result(presses: 20, minimum: 10, typed: "학", duration: 6_000, completed: false),
    ])
    #expect(totals.items == 2)
    #expect(totals.completedItems == 1)
    #expect(totals.presses == 30)
    #expect(totals.duration == 12_000)
    #expect(totals.correctSyllables == 3)
    #expect(abs(totals.accuracy - 0.75) < 1e-9)
    #expect(abs(totals.efficiency - 20.0 / 30.0) < 1e-9)
    #expect(abs(totals.syllablesPerMinute - 15) < 1e-9)
    #expect(abs(totals.pressesPerMinute - 150) < 1e-9)
  }
}

@Suite("Lesson summary")
struct LessonSummaryTests {
  @Test(
    "speed is talked about only once accuracy reaches the goal, then against the next goal",
    arguments: [
      // 2 items of 2 syllables in 12 s each: 10 글자/분.
      (12_000, "학교", LessonSummary.Pace.nextGoal(syllablesPerMinute: 20)),
      (3_000, "학교", .pastAllGoals),  // 40 글자/분
      (12_000, "하교", .accuracyFirst),  // 50 % accurate
    ])
  func pace(_ duration: Int, _ typed: String, _ expected: LessonSummary.Pace) {
    let results = [
      ScoringTests.result(presses: 10, minimum: 10, typed: typed, duration: Int64(duration)),
      ScoringTests.result(presses: 10, minimum: 10, typed: typed, duration: Int64(duration)),
    ]
    #expect(LessonSummary(lessonTitle: "받침 2", results: results).pace == expected)
  }

  @Test("items to review once each, weak keys most missed first")
  func review() {
    var wrong = ScoringTests.result(presses: 14, minimum: 10, typed: "하교", completed: false)
    wrong.keyTallies = [
      KeyRef(layoutID: "cheonjiin-galaxy", keyID: "space"): KeyTally(misses: 1),
      KeyRef(layoutID: "cheonjiin-galaxy", keyID: "g"): KeyTally(hits: 1, misses: 2),
    ]
    let right = ScoringTests.result(presses: 10, minimum: 10, typed: "안녕", target: "안녕")
    let summary = LessonSummary(lessonTitle: "받침 2", results: [wrong, right, wrong])
    #expect(summary.itemsToReview == ["학교"])
    #expect(summary.weakKeys.map(\.key.keyID) == ["g", "space"])
    #expect(summary.weakKeys.map(\.misses) == [4, 2])
    #expect(summary.totals.items == 3)
  }

  @Test("key labels come from every layout")
  func labels() {
    let labels = LessonSummary.keyLabels(in: galaxyLayouts)
    #expect(labels[KeyRef(layoutID: "cheonjiin-galaxy", keyID: "g")] == "ㄱㅋ")
    #expect(labels.count == galaxyLayouts.reduce(0) { $0 + $1.keys.count })
  }
}
