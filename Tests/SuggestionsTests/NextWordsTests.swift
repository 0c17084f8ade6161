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
