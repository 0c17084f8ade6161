import Foundation
import Suggestions
import Testing

/// One malformed line and the problem it must give.
struct LexiconProblemCase: Sendable, CustomTestStringConvertible {
  let id: String
  let line: String
  let reason: LexiconProblem.Reason
  var everyday = false
  var testDescription: String { id }
}

@Suite("Word list parsing")
struct LexiconTests {
  @Test("a well-formed corpus parses in order, skipping comments and blank lines")
  func wellFormed() {
    let parsed = Lexicon.parseCorpus("\u{FEFF}# header\n\n감사합니다\t3000\r\n네\t0\n   \n행복\t5")
    #expect(parsed.problems.isEmpty)
    #expect(
      parsed.entries == [
        LexiconEntry(word: "감사합니다", value: 3000, line: 3),
        LexiconEntry(word: "네", value: 0, line: 4),
        LexiconEntry(word: "행복", value: 5, line: 6),
      ])
  }

  static let problems: [LexiconProblemCase] = [
    LexiconProblemCase(id: "no tab", line: "감사 3000", reason: .missingTab),
    LexiconProblemCase(id: "three fields", line: "감사\t3\tx", reason: .extraFields(count: 3)),
    LexiconProblemCase(id: "empty word", line: "\t3", reason: .emptyWord),
    LexiconProblemCase(id: "space in word", line: "감사 해요\t3", reason: .notHangulSyllables(" ")),
    LexiconProblemCase(id: "Latin word", line: "ok\t3", reason: .notHangulSyllables("o")),
    LexiconProblemCase(id: "lone jamo", line: "ㅋㅋ\t3", reason: .notHangulSyllables("ㅋ")),
    LexiconProblemCase(
      id: "NFD word", line: "\u{1100}\u{1161}\t3", reason: .decomposedHangul),
    LexiconProblemCase(id: "count not a number", line: "감사\tmany", reason: .invalidNumber("many")),
    LexiconProblemCase(id: "negative count", line: "감사\t-3", reason: .invalidNumber("-3")),
    LexiconProblemCase(id: "empty count", line: "감사\t", reason: .invalidNumber("")),
    LexiconProblemCase(id: "count with a space", line: "감사\t 3", reason: .invalidNumber(" 3")),
    LexiconProblemCase(
      id: "count too large", line: "감사\t99999999999999999999",
      reason: .invalidNumber("99999999999999999999")),
    LexiconProblemCase(
      id: "boost 0", line: "감사\t0", reason: .boostOutOfRange(0), everyday: true),
    LexiconProblemCase(
      id: "boost 6", line: "감사\t6", reason: .boostOutOfRange(6), everyday: true),
  ]

  @Test("malformed lines are reported with their line number and skipped", arguments: problems)
  func malformed(_ testCase: LexiconProblemCase) {
    let text = "# header\n좋아\t1\n" + testCase.line + "\n행복\t2\n"
    let parsed = testCase.everyday ? Lexicon.parseEveryday(text) : Lexicon.parseCorpus(text)
    #expect(parsed.problems == [LexiconProblem(line: 3, reason: testCase.reason)])
    #expect(parsed.entries.map(\.word) == ["좋아", "행복"])
  }

  @Test("a duplicate keeps the first line")
  func duplicate() {
    let parsed = Lexicon.parseEveryday("감사\t1\n행복\t2\n감사\t5\n")
    #expect(parsed.entries.map(\.value) == [1, 2])
    #expect(parsed.problems == [LexiconProblem(line: 3, reason: .duplicate(firstLine: 1))])
  }

  @Test("problem messages say what is wrong")
  func messages() {
    #expect(
      LexiconProblem(line: 7, reason: .notHangulSyllables(" ")).description
        == "line 7: the word contains U+0020; words are Hangul syllables only")
    #expect(
      LexiconProblem(line: 2, reason: .missingTab).description
        == "line 2: expected word<TAB>number, found no tab")
    #expect(
      LexiconProblem(line: 9, reason: .boostOutOfRange(7)).description
        == "line 9: boost 7 is outside 1…5")
  }

  @Test("binary junk does not crash the parser")
  func junk() {
    var bytes: [UInt8] = []
    var state: UInt32 = 12345
    for _ in 0..<5_000 {
      state = state &* 1_103_515_245 &+ 12_345
      bytes.append(UInt8(truncatingIfNeeded: state >> 16))
    }
    let parsed = Lexicon.parseCorpus(String(decoding: bytes, as: UTF8.self))
    #expect(parsed.entries.count + parsed.problems.count <= 5_000)
  }
}

/// The shipped word lists (committed in Lexicon/).
@Suite("Shipped word lists")
struct ShippedLexiconTests {
  static let corpusURL = repositoryRoot.appendingPathComponent("Lexicon/ko-words.tsv")
  static let everydayURL = repositoryRoot.appendingPathComponent("Lexicon/everyday-ko.tsv")

  @Test("감ㅅ offers 감사합니다 in the top 3")
  func realLexicon() throws {
    let corpus = Lexicon.parseCorpus(try String(contentsOf: Self.corpusURL, encoding: .utf8))
    let everydayText = try? String(contentsOf: Self.everydayURL, encoding: .utf8)
    let everyday = Lexicon.parseEveryday(everydayText ?? "")
    #expect(corpus.problems.isEmpty, "\(corpus.problems.prefix(5))")
    #expect(everyday.problems.isEmpty, "\(everyday.problems.prefix(5))")
    #expect(corpus.entries.count > 1_000)
    let index = SuggestionIndex(
      corpus: corpus.entries, everyday: everyday.entries, speller: try speller())
    let offered = index.suggestions(for: "감ㅅ").map(\.word)
    #expect(offered.contains("감사합니다"), "\(offered)")
    #expect(index.suggestions(for: "ㄱㅅㅎ").map(\.word).contains("감사합니다"))
  }
}
