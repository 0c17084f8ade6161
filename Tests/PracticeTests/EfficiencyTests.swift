import Practice
import Testing

/// 효율 for items handed in unfinished: only the right prefix's minimum is credited.
@Suite("Efficiency of unfinished items")
struct EfficiencyTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let id: String
    let target: String
    let keys: String
    let typed: String
    let presses: Int
    /// The fewest presses for the right prefix of the target.
    let minimum: Int
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(id: "handed in untouched", target: "안녕", keys: "", typed: "", presses: 0, minimum: 0),
    Case(
      id: "handed in after one press", target: "안녕", keys: "ㅇ", typed: "ㅇ", presses: 1, minimum: 0),
    Case(
      id: "a syllable still on its way (하 for 학) is not right yet", target: "학교",
      keys: "ㅅㅅㅣㆍ", typed: "하", presses: 4, minimum: 0),
    Case(
      id: "the first syllable typed the shortest way", target: "학교", keys: "ㅅㅅㅣㆍㄱ",
      typed: "학", presses: 5, minimum: 5),
    Case(
      id: "two right syllables with a detour", target: "가나다", keys: "ㄱㅣㆍㄴㅣㆍㄱ<",
      typed: "가나", presses: 8, minimum: 6),
    Case(
      id: "a wrong second syllable: only the first counts", target: "가나다", keys: "ㄱㅣㆍㄴㆍㅣ",
      typed: "가너", presses: 6, minimum: 3),
  ]

  @Test(arguments: cases)
  func handedIn(_ testCase: Case) throws {
    var learner = Learner()
    try learner.start(testCase.target)
    if !testCase.keys.isEmpty { try learner.type(testCase.keys) }
    let submitted = learner.session.submit(at: learner.now + 500)
    let result = try #require(submitted)
    #expect(!result.isCompleted)
    #expect(result.typed == testCase.typed)
    #expect(result.presses == testCase.presses)
    #expect(result.minimumPresses == testCase.minimum)
    let expected = testCase.presses > 0 ? Double(testCase.minimum) / Double(testCase.presses) : 0
    #expect(abs(result.efficiency - expected) < 1e-9)
  }

  @Test("a finished item still scores against its whole minimum")
  func completed() throws {
    var learner = Learner()
    try learner.start("아")
    try learner.type("ㅇㆍ<ㅣㆍ")
    let result = try #require(learner.outcomes.last?.result)
    #expect(result.minimumPresses == 3)
    #expect(result.efficiency == 0.6)
  }

  @Test("items handed in unfinished never lift the lesson's efficiency")
  func lessonTotals() throws {
    var learner = Learner()
    var running: [Double] = []
    try learner.start("아")
    try learner.type("ㅇㆍ<ㅣㆍ")  // 5 presses for 3: 60 %
    running.append(learner.session.totals.efficiency)
    try learner.start("학교")
    learner.session.submit(at: learner.now + 500)  // handed in untouched
    running.append(learner.session.totals.efficiency)
    try learner.start("안녕")
    try learner.type("ㅇ")
    learner.session.submit(at: learner.now + 500)  // handed in after one press
    running.append(learner.session.totals.efficiency)
    try learner.start("가나다")
    try learner.type("ㄱㅣㆍㄴㆍㅣ")
    learner.session.submit(at: learner.now + 500)  // 가 right, 너 wrong: 3 of 6
    running.append(learner.session.totals.efficiency)

    #expect(running == [0.6, 0.6, 0.5, 0.5])
    let totals = learner.session.totals
    #expect(totals.presses == 12)
    #expect(totals.minimumPresses == 6)
    #expect(learner.session.results.map(\.minimumPresses) == [3, 0, 0, 3])
    // The summary after the lesson reports the same totals.
    let summary = LessonSummary(lessonTitle: "시험", results: learner.session.results)
    #expect(summary.totals.efficiency == 0.5)
    #expect(summary.totals.backspaces == 1)
  }
}
