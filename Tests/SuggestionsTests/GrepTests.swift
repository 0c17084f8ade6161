import Grep
import HangulEngine
import Suggestions
import Testing

/// One query against one line.
struct GrepLineCase: Sendable, CustomTestStringConvertible {
  let id: String
  let query: String
  let line: String
  let matches: Bool
  var options = GrepOptions()
  var testDescription: String { id }
}

private func pattern(_ query: String, _ options: GrepOptions = GrepOptions()) throws -> GrepPattern
{
  try GrepPattern(query, options: options, speller: try speller())
}

@Suite("grep")
struct GrepTests {
  static let lineCases: [GrepLineCase] = [
    GrepLineCase(
      id: "initials: ㄱㅁㄱ finds 까마귀 (tense folded)", query: "ㄱㅁㄱ",
      line: "어제 까마귀를 봤다", matches: true),
    GrepLineCase(
      id: "initials: --exact keeps ㄱ and ㄲ apart", query: "ㄱㅁㄱ",
      line: "어제 까마귀를 봤다", matches: false, options: GrepOptions(foldsTense: false)),
    GrepLineCase(
      id: "initials: exact ㄲㅁㄱ still matches with --exact", query: "ㄲㅁㄱ",
      line: "어제 까마귀를 봤다", matches: true, options: GrepOptions(foldsTense: false)),
    GrepLineCase(
      id: "initials: ㄲ finds 감 when folding", query: "ㄲㅅ",
      line: "정말 감사합니다", matches: true),
    GrepLineCase(
      id: "initials: ㄱㅅ finds 감사", query: "ㄱㅅ", line: "정말 감사합니다.",
      matches: true),
    GrepLineCase(
      id: "initials: prefix of the word only, not inside it", query: "ㅁㄱ",
      line: "까마귀", matches: false),
    GrepLineCase(
      id: "initials: whole word refuses a longer word", query: "ㄱㅁㄱ",
      line: "까마귀를 봤다", matches: false, options: GrepOptions(matchesWholeWord: true)),
    GrepLineCase(
      id: "initials: whole word, punctuation stripped", query: "ㄱㅁㄱ",
      line: "“까마귀”라고? 아니, “까마귀”.", matches: true,
      options: GrepOptions(matchesWholeWord: true)),
    GrepLineCase(
      id: "initials: a compound query letter splits", query: "ㄳ",
      line: "감사", matches: true),
    GrepLineCase(
      id: "initials: lone jamo in text are their own initials", query: "ㅋㅋ",
      line: "좋아요 ㅋㅋㅋ", matches: true),
    GrepLineCase(
      id: "initials: a vowel letter has no initial", query: "ㅇ",
      line: "ㅠㅠ", matches: false),
    GrepLineCase(
      id: "keypad: 감ㅅ finds 감사합니다", query: "감ㅅ", line: "감사합니다!",
      matches: true),
    GrepLineCase(id: "keypad: 행보 finds 행복", query: "행보", line: "늘 행복하세요", matches: true),
    GrepLineCase(id: "keypad: no tense folding", query: "감ㅅ", line: "깜ㅅ", matches: false),
    GrepLineCase(
      id: "keypad: whole word", query: "감사", line: "감사합니다",
      matches: false, options: GrepOptions(matchesWholeWord: true)),
    GrepLineCase(
      id: "keypad: whole word equal", query: "감사", line: "(감사)",
      matches: true, options: GrepOptions(matchesWholeWord: true)),
    GrepLineCase(id: "keypad: text with jamo", query: "ㄱㆍ", line: "ㄱㆍㅣ", matches: true),
    GrepLineCase(
      id: "literal: Latin prefix", query: "hello", line: "say Hello, world",
      matches: false),
    GrepLineCase(
      id: "literal: -i ignores ASCII case", query: "hello",
      line: "say Hello, world", matches: true, options: GrepOptions(ignoresASCIICase: true)),
    GrepLineCase(
      id: "literal: -i on an upper-case query", query: "HELLO",
      line: "hello", matches: true, options: GrepOptions(ignoresASCIICase: true)),
    GrepLineCase(
      id: "literal: mixed Hangul and digits", query: "2시", line: "내일 2시에 봐요",
      matches: true),
    GrepLineCase(
      id: "words split at tabs and U+3000", query: "ㄱㅅ",
      line: "abc\t하나\u{3000}감사", matches: true),
    GrepLineCase(id: "empty line", query: "ㄱ", line: "", matches: false),
    GrepLineCase(
      id: "CR at the end is white space", query: "ㄱㅅ", line: "감사\r",
      matches: true, options: GrepOptions(matchesWholeWord: true)),
  ]

  @Test("lines match", arguments: lineCases)
  func lineMatches(_ testCase: GrepLineCase) throws {
    #expect(
      try pattern(testCase.query, testCase.options).matches(line: testCase.line) == testCase.matches
    )
  }

  @Test("malformed UTF-8 is stepped over, never read past the end")
  func malformedUTF8() throws {
    let ganada = try pattern("ㄱㅅ")
    let lines: [([UInt8], Bool)] = [
      ([0xFF, 0xC3, 0x20] + Array("감사".utf8), true),
      (Array("감사".utf8) + [0xEA], true),  // truncated syllable after the word
      ([0xEA, 0xB0] + Array(" 감사".utf8), true),
      ([0xEA, 0xB0, 0x80, 0xEC], false),  // 가 + a cut-off lead byte
      ([0x80, 0x80, 0x80], false),
      ([0xF4, 0x90, 0x80, 0x80, 0xED, 0xA0, 0x80], false),  // above U+10FFFF; a surrogate
    ]
    for (bytes, expected) in lines {
      #expect(bytes.withUnsafeBufferPointer { ganada.matches(line: $0) } == expected, "\(bytes)")
    }
  }

  @Test(
    "query kinds",
    arguments: [
      ("ㄱㅁㄱ", GrepQueryKind.initialConsonants), ("ㄱ", .initialConsonants),
      ("ㄳ", .initialConsonants), ("감ㅅ", .keypad), ("안녕", .keypad), ("ㄱㆍ", .keypad),
      ("hello", .literal), ("2시", .literal), ("“ㄱㅅ”", .initialConsonants),
    ])
  func kinds(_ query: String, _ kind: GrepQueryKind) throws {
    #expect(try pattern(query).kind == kind)
  }

  @Test(
    "bad queries are refused",
    arguments: [
      ("", GrepPatternError.empty), ("  ", .empty), ("!?", .empty),
      ("감사 합니다", .containsWhitespace),
    ])
  func badQueries(_ query: String, _ error: GrepPatternError) throws {
    #expect(throws: error) { try pattern(query) }
  }
}

@Suite("grep against a brute-force reference")
struct GrepReferenceTests {
  @Test(
    "byte-level matching agrees with spelling whole words",
    arguments: [
      GrepOptions(), GrepOptions(foldsTense: false), GrepOptions(matchesWholeWord: true),
      GrepOptions(foldsTense: false, matchesWholeWord: true),
    ])
  func agrees(_ options: GrepOptions) throws {
    let speller = try speller()
    let words = Lexicon.parseCorpus(testCorpusText).entries.map(\.word)
    for query in ReferenceTests.queries(for: words) {
      let compiled = try GrepPattern(query, options: options, speller: speller)
      for word in words {
        let expected: Bool
        switch compiled.kind {
        case .initialConsonants:
          let have = initialConsonants(of: word, folded: options.foldsTense)
          let want = initialConsonants(of: query, folded: options.foldsTense)
          expected = options.matchesWholeWord ? have == want : have.starts(with: want)
        case .keypad:
          let have = try #require(speller.primitives(of: word))
          let want = try #require(speller.primitives(of: query))
          expected = options.matchesWholeWord ? have == want : have.starts(with: want)
        case .literal:
          Issue.record("unexpected literal query \(query)")
          expected = false
        }
        let line = "x, 「\(word)」! y"
        #expect(compiled.matches(line: line) == expected, "\(query) on \(word)")
      }
    }
  }
}

/// What a scanner reports, written down in order: `line 3:text` for a selected line,
/// `line 4-text` for context, `word 3:text` for `-o`, `break`, `count N` and `listed`.
///
/// How `cheonjiin grep` prints these is tested in CLITests (GrepOutputTests).
private struct Recorder: GrepOutput {
  var events: [String] = []

  mutating func line(_ line: UnsafeBufferPointer<UInt8>, number: Int, isSelected: Bool) {
    events.append("line \(number)\(isSelected ? ":" : "-")\(String(decoding: line, as: UTF8.self))")
  }

  mutating func word(_ word: UnsafeBufferPointer<UInt8>, number: Int, isSelected: Bool) {
    events.append("word \(number)\(isSelected ? ":" : "-")\(String(decoding: word, as: UTF8.self))")
  }

  mutating func groupBreak() { events.append("break") }
  mutating func count(_ selectedLines: Int) { events.append("count \(selectedLines)") }
  mutating func fileListed() { events.append("listed") }
}

/// Scans `text` in chunks of `chunkSize` bytes; returns the events before and at the end.
private func scan(
  _ query: String, _ text: String, options: GrepOptions = GrepOptions(),
  alternatives: [String] = [], followsEarlierOutput: Bool = false, chunkSize: Int = 4096
) throws -> (lines: [String], end: [String], scanner: GrepScanner) {
  var scanner = GrepScanner(
    pattern: try pattern(query, options),
    alternatives: try alternatives.map { try pattern($0, options) }, options: options,
    followsEarlierOutput: followsEarlierOutput)
  var recorder = Recorder()
  let bytes = Array(text.utf8)
  var start = 0
  while start < bytes.count && !scanner.isDone {
    let end = min(bytes.count, start + chunkSize)
    bytes[start..<end].withUnsafeBufferPointer { scanner.scan($0, into: &recorder) }
    start = end
  }
  let lines = recorder.events
  recorder.events = []
  scanner.finish(into: &recorder)
  return (lines, recorder.events, scanner)
}

@Suite("grep: what the scanner reports")
struct GrepScannerTests {
  /// Lines 1, 4 and 9 match `ㄱ`.
  static let text = "가1\n나2\n다3\n가4\n나5\n다6\n라7\n마8\n가9\n"

  @Test("selected and context lines come with their numbers, and a break between groups")
  func groups() throws {
    let result = try scan("ㄱ", Self.text, options: GrepOptions(context: GrepContext(after: 1)))
    #expect(
      result.lines == [
        "line 1:가1", "line 2-나2", "break", "line 4:가4", "line 5-나5", "break", "line 9:가9",
      ])
    #expect(result.end.isEmpty)
    #expect(result.scanner.selectedLineCount == 3)
  }

  @Test("without a context option there is no break, and a line without \\n still counts")
  func noContext() throws {
    let result = try scan("ㄱ", "가1\n나2\n가3", chunkSize: 2)
    #expect(result.lines == ["line 1:가1"])
    #expect(result.end == ["line 3:가3"])
  }

  @Test("-o reports each matching word once, in line order, whichever query matched it")
  func words() throws {
    let options = GrepOptions(printsOnlyMatching: true)
    let result = try scan("ㅎ", "감사 하늘 해\n", options: options, alternatives: ["ㄱ", "하"])
    #expect(result.lines == ["word 1:감사", "word 1:하늘", "word 1:해"])
  }

  @Test("-c and -l are reported once, at the end; -l stops at the first selected line")
  func endOfFile() throws {
    let counted = try scan("ㄱ", Self.text, options: GrepOptions(countsOnly: true))
    #expect(counted.lines.isEmpty)
    #expect(counted.end == ["count 3"])
    let listed = try scan("ㄱ", Self.text, options: GrepOptions(listsFiles: .withMatches))
    #expect(listed.lines.isEmpty)
    #expect(listed.end == ["listed"])
    #expect(listed.scanner.lineCount == 1)
    let unlisted = try scan("ㄱ", Self.text, options: GrepOptions(listsFiles: .withoutMatch))
    #expect(unlisted.end.isEmpty)
  }

  @Test("a file after one that showed lines starts its first group with a break")
  func laterFile() throws {
    let options = GrepOptions(context: GrepContext(before: 1))
    let later = try scan("ㄱ", "가\n", options: options, followsEarlierOutput: true)
    #expect(later.lines == ["break", "line 1:가"])
    #expect(try scan("ㄱ", "가\n", options: options).lines == ["line 1:가"])
  }
}
