import Foundation
import HangulEngine
import LayoutLoading
import Suggestions
import Testing

/// The shipped Galaxy layout set, loaded from `Layouts/`.
func galaxyLayouts() throws -> [Layout] {
  let library = LayoutLibrary(
    shippedDirectory: repositoryRoot.appendingPathComponent("Layouts").path,
    userDirectory: "/nonexistent/cheonjiin-test")
  return try library.loadSet(LayoutLibrary.defaultID).map(\.layout)
}

/// Presses of a shortest sequence for `text` on the Galaxy layouts.
private func shortest(_ text: String, _ layouts: [Layout]) throws -> Int {
  try Speller(layouts: layouts).spell(text).count
}

@Suite("Keystroke savings of the suggestion bar")
struct SavingsTests {
  @Test("a word the lexicon lacks costs exactly its shortest sequence")
  func unknownWord() throws {
    let layouts = try galaxyLayouts()
    let savings = SuggestionSavings(index: try testIndex(), layouts: layouts)
    let report = try savings.measure("뷁 뷁")
    #expect(report.pressesWithout == (try shortest("뷁 뷁", layouts)))
    #expect(report.pressesWith == report.pressesWithout)
    #expect(report.words == 2)
    #expect(report.wordsTaken == 0)
  }

  @Test("a word offered after its first press costs two: that press and the one taking it")
  func takenAtOnce() throws {
    let layouts = try galaxyLayouts()
    // 까마귀 is the only word starting with ㄱ/ㅋ/ㄲ in this lexicon.
    let index = SuggestionIndex(
      corpus: Lexicon.parseCorpus("까마귀\t10\n").entries, speller: try speller())
    let report = try SuggestionSavings(index: index, layouts: layouts).measure("까마귀 까마귀")
    #expect(report.pressesWith == 4)
    #expect(report.pressesWithout == (try shortest("까마귀 까마귀", layouts)))
    #expect(report.wordsTaken == 2)
  }

  @Test("punctuation after a taken word costs ⌫ for the added space, then the mark")
  func punctuationAfterTakenWord() throws {
    let layouts = try galaxyLayouts()
    let index = SuggestionIndex(
      corpus: Lexicon.parseCorpus("까마귀\t10\n").entries, speller: try speller())
    let report = try SuggestionSavings(index: index, layouts: layouts).measure("까마귀.")
    #expect(report.pressesWith == 2 + 1 + (try shortest(".", layouts)))
  }

  @Test("only the top 3 count: a word ranked fourth is typed in full until it rises")
  func onlyTopThree() throws {
    let layouts = try galaxyLayouts()
    let corpus = "가방\t400\n가을\t300\n가족\t200\n가게\t100\n"
    let index = SuggestionIndex(corpus: Lexicon.parseCorpus(corpus).entries, speller: try speller())
    let three = SuggestionSavings(index: index, layouts: layouts, limit: 3)
    let four = SuggestionSavings(index: index, layouts: layouts, limit: 4)
    let withThree = try three.measure("가게")
    let withFour = try four.measure("가게")
    #expect(withFour.pressesWith < withThree.pressesWith)
  }

  /// `message` typed with one suggestion shown, from the words of `corpus`.
  private func withOneShown(_ corpus: String, typing message: String) throws -> SavingsReport {
    let index = SuggestionIndex(corpus: Lexicon.parseCorpus(corpus).entries, speller: try speller())
    return try SuggestionSavings(index: index, layouts: try galaxyLayouts(), limit: 1)
      .measure(message)
  }

  @Test("the bar is asked at the double dot of ㅕ: 겨울 is taken after ㄱ ㆍ ㆍ")
  func askedAtDoubleDot() throws {
    // 거기 leads until the double dot rules out ㅓ and ㅗ.
    let report = try withOneShown("거기\t100\n고기\t90\n겨울\t10\n", typing: "겨울")
    #expect(report.wordsTaken == 1)
    #expect(report.pressesWith == 4)  // ㄱ, ㆍ, ㆍ and the hold that takes the word
  }

  @Test("the bar is asked while a vowel builds after a final: 해요 is taken at 해ㅇㆍ")
  func askedWhileTypedLooksLonger() throws {
    // 행복 leads for every prefix up to 행; the stroke after the ㅇ leaves only 해요.
    let report = try withOneShown("행복\t1000\n해요\t10\n", typing: "해요")
    #expect(report.wordsTaken == 1)
    #expect(report.pressesWith < report.pressesWithout)
  }

  /// The benchmark set (`Lexicon/messages-bench.txt`) with the shipped lexicon.
  ///
  /// `make bench` prints the same figures; this test keeps them from falling below their floors,
  /// just under what was measured (top-3 savings 30.3 %, next word 14 of 398).
  @Test("the shipped lexicon saves at least 30.2 % of presses on the held-out messages")
  func shippedLexiconOnBenchmarkMessages() throws {
    let layouts = try galaxyLayouts()
    let index = try shippedIndex()
    let messages = try benchmarkMessages()
    #expect(messages.count >= 100)
    let report = try SuggestionSavings(index: index, layouts: layouts).measure(messages)
    // Typing word by word must cost what typing the whole message costs.
    let whole = try messages.reduce(0) { $0 + (try shortest($1, layouts)) }
    #expect(report.pressesWithout == whole)
    print(
      "[savings] \(report.pressesWithout) presses without suggestions, \(report.pressesWith) with; "
        + "saved \(Int((report.savedFraction * 1000).rounded()) / 10 ) % "
        + "(\(report.wordsTaken) of \(report.words) words taken); next word in the top 3 for "
        + "\(report.wordsPredicted) of \(report.wordsAfterWord) words after a word")
    #expect(report.savedFraction >= 0.302)
    #expect(report.predictedFraction >= 0.035)
  }

  @Test("the next words after a space are offered: 감사합니다 is taken before its first press")
  func predictedAfterSpace() throws {
    let layouts = try galaxyLayouts()
    var index = SuggestionIndex(
      corpus: Lexicon.parseCorpus("감사합니다\t10\n정말\t10\n").entries, speller: try speller())
    let without = try SuggestionSavings(index: index, layouts: layouts).measure("정말 감사합니다")
    index.nextWords = NextWords(parsing: "정말\t감사합니다\t300\n")
    let with = try SuggestionSavings(index: index, layouts: layouts).measure("정말 감사합니다")
    #expect(with.wordsAfterWord == 1)
    #expect(with.wordsPredicted == 1)
    #expect(without.wordsPredicted == 0)
    #expect(with.pressesWith == without.pressesWith - 1)  // one hold instead of ㄱ and a hold
  }
}

/// The index the pad builds from `Lexicon/`: counted words, inflected forms, everyday words and
/// next words.
func shippedIndex() throws -> SuggestionIndex {
  let lexicon = repositoryRoot.appendingPathComponent("Lexicon")
  func text(_ name: String) throws -> String {
    try String(contentsOf: lexicon.appendingPathComponent(name), encoding: .utf8)
  }
  var index = SuggestionIndex(
    corpus: Lexicon.parseCorpus(try text("ko-words.tsv")).entries
      + Lexicon.parseCorpus(try text("ko-forms.tsv")).entries,
    everyday: Lexicon.parseEveryday(try text("everyday-ko.tsv")).entries,
    speller: try speller())
  index.nextWords = NextWords(parsing: try text("ko-next.tsv"))
  return index
}

/// The held-out messages of `Lexicon/messages-bench.txt`.
func benchmarkMessages() throws -> [String] {
  try String(
    contentsOf: repositoryRoot.appendingPathComponent("Lexicon/messages-bench.txt"),
    encoding: .utf8
  ).split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
}
