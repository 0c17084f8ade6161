import Suggestions
import Testing

@Suite("Next words after a space")
struct NextWordsTests {
  private func index(_ next: String) throws -> SuggestionIndex {
    var index = SuggestionIndex(
      corpus: Lexicon.parseCorpus("병원\t50\n밥\t40\n약\t30\n아침\t20\n").entries,
      speller: try speller())
    index.nextWords = NextWords(parsing: next)
    return index
  }

  @Test("rows are read in any order; bad rows are skipped and counted")
  func parsing() {
    let table = NextWords(
      parsing: "# header\n엄마\t밥\t100\n엄마\t병원\t300\nbad row\n엄마\t약\tmany\n아빠\t약\t0\n")
    #expect(table.after("엄마").map(\.word) == ["병원", "밥"])
    #expect(table.count == 1)
    #expect(table.skippedRows == 3)
  }

  @Test("predictions follow the table, then the words' own frequency")
  func shippedOrder() throws {
    let index = try index("엄마\t밥\t100\n엄마\t병원\t300\n엄마\t약\t100\n엄마\t아침\t10\n")
    #expect(index.predictions(after: "엄마").map(\.word) == ["병원", "밥", "약"])
    #expect(index.predictions(after: "아빠").isEmpty)
    #expect(index.predictions(after: "엄마.").isEmpty)
  }

  @Test("a learned pair rises above the table and is offered though the table lacks it")
  func learnedPairs() throws {
    let index = try index("엄마\t밥\t100\n엄마\t병원\t300\n엄마\t약\t100\n")
    var user = UserWords(speller: try speller())
    #expect(user.learnPair(previous: "엄마", next: "아침", today: 10) != nil)
    #expect(index.predictions(after: "엄마", user: user, today: 10).first?.word == "아침")
    user.learnPair(previous: "엄마", next: "약", today: 10)
    user.learnPair(previous: "엄마", next: "약", today: 10)
    #expect(index.predictions(after: "엄마", user: user, today: 10).first?.word == "약")
    #expect(user.pairStats(previous: "엄마", next: "약") == LearnedStats(count: 2, lastUsedDay: 10))
  }

  @Test("forgetting a word forgets its pairs; a hidden word is never predicted")
  func forgetAndHide() throws {
    let index = try index("엄마\t밥\t100\n엄마\t병원\t300\n")
    var user = UserWords(speller: try speller())
    user.learnPair(previous: "엄마", next: "아침", today: 1)
    user.unlearn("아침", isCorpusWord: true)
    #expect(user.learnedPairCount == 0)
    user.unlearn("병원", isCorpusWord: true)
    #expect(index.predictions(after: "엄마", user: user).map(\.word) == ["밥"])
  }

  @Test("the word before a space, only after one space and a word")
  func wordBeforeSpaceCases() {
    #expect(wordBeforeSpace(in: "엄마 ") == "엄마")
    #expect(wordBeforeSpace(in: "오늘 엄마 ") == "엄마")
    #expect(wordBeforeSpace(in: "엄마. ") == nil)
    #expect(wordBeforeSpace(in: "엄마  ") == nil)
    #expect(wordBeforeSpace(in: "엄마") == nil)
  }
}

@Suite("Completions ranked by the word before")
struct ContextCompletionTests {
  /// 가방 is ten times as common as 가족, 과자 (ㄱㅈ like 가족) nine times; after 우리 the table
  /// predicts 가족 at 300 ‰.
  private func index(contextCompletion: Double) throws -> SuggestionIndex {
    var index = SuggestionIndex(
      corpus: Lexicon.parseCorpus("가방\t1000\n과자\t900\n가족\t100\n우리\t500\n집\t1000\n").entries,
      speller: try speller())
    index.nextWords = NextWords(parsing: "우리\t집\t500\n우리\t가족\t300\n")
    index.weights.contextCompletion = contextCompletion
    return index
  }

  @Test("a completion the previous word predicts rises above a more common one")
  func predictedCompletionLeads() throws {
    let index = try index(contextCompletion: RankingWeights.tuned.contextCompletion)
    #expect(index.suggestions(for: "가", after: "우리").map(\.word) == ["가족", "가방"])
    #expect(index.suggestions(for: "ㄱ").map(\.word) == ["가방", "과자", "가족"])
    #expect(index.suggestions(for: "가", after: "너희").map(\.word) == ["가방", "가족"])
  }

  @Test("without the context weight the word before changes nothing")
  func noWeightNoContext() throws {
    let index = try index(contextCompletion: 0)
    #expect(index.suggestions(for: "가", after: "우리").map(\.word) == ["가방", "가족"])
  }

  @Test("an initial-consonant query and a learned word get the context too")
  func initialsAndLearned() throws {
    let index = try index(contextCompletion: RankingWeights.tuned.contextCompletion)
    #expect(index.suggestions(for: "ㄱㅈ").map(\.word) == ["과자", "가족"])
    #expect(index.suggestions(for: "ㄱㅈ", after: "우리").map(\.word) == ["가족", "과자"])
    var user = UserWords(speller: try speller())
    user.learn("가방", today: 0)
    user.learn("가족", today: 0)
    #expect(index.suggestions(for: "가", user: user, after: "우리").map(\.word) == ["가족", "가방"])
  }

  /// With one word shown, 집 is the prediction after the space; at ㄱ the context lifts 가족.
  @Test("the simulator asks with the word before: 우리 가족 takes 가족 after its first press")
  func simulatorPassesContext() throws {
    let layouts = try galaxyLayouts()
    let ranked = try index(contextCompletion: RankingWeights.tuned.contextCompletion)
    let flat = try index(contextCompletion: 0)
    let with = try SuggestionSavings(index: ranked, layouts: layouts, limit: 1).measure("우리 가족")
    let without = try SuggestionSavings(index: flat, layouts: layouts, limit: 1).measure("우리 가족")
    #expect(with.wordsTaken == 2)
    #expect(with.pressesWith < without.pressesWith)
  }
}
