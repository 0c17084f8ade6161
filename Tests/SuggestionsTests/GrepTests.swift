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

/// Runs a scanner over `text` through `scan` in chunks of `chunkSize` bytes.
private func grep(
  _ query: String, _ text: String, options: GrepOptions = GrepOptions(), fileName: String = "f",
  fileCount: Int = 1, chunkSize: Int = 4096
) throws -> (output: String, selected: Int) {
  var scanner = GrepScanner(
    pattern: try pattern(query, options), options: options, fileName: fileName,
    fileCount: fileCount)
  var output: [UInt8] = []
  let bytes = Array(text.utf8)
  var start = 0
  while start < bytes.count && !scanner.isDone {
    let end = min(bytes.count, start + chunkSize)
    bytes[start..<end].withUnsafeBufferPointer { scanner.scan($0, into: &output) }
    start = end
  }
  scanner.finish(into: &output)
  return (String(decoding: output, as: UTF8.self), scanner.selectedLineCount)
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

  static let text = "까마귀가 운다\n하늘이 맑다\n까치와 까마귀\n감사합니다\n"

  @Test("plain output prints the selected lines")
  func plain() throws {
    let result = try grep("ㄱㅁㄱ", Self.text)
    #expect(result.output == "까마귀가 운다\n까치와 까마귀\n")
    #expect(result.selected == 2)
  }

  @Test("-n adds line numbers, -H the file name")
  func numbers() throws {
    let options = GrepOptions(showsLineNumbers: true, fileNames: .always)
    #expect(
      try grep("ㄱㅁㄱ", Self.text, options: options, fileName: "a.txt").output
        == "a.txt:1:까마귀가 운다\na.txt:3:까치와 까마귀\n")
  }

  @Test("file names: automatic with two files, never with -h")
  func fileNames() throws {
    #expect(try grep("ㅎㄴ", Self.text, fileName: "b", fileCount: 2).output == "b:하늘이 맑다\n")
    let never = GrepOptions(fileNames: .never)
    #expect(try grep("ㅎㄴ", Self.text, options: never, fileCount: 2).output == "하늘이 맑다\n")
    #expect(GrepOptions().showsFileNames(fileCount: 1) == false)
  }

  @Test("-v selects the other lines")
  func invert() throws {
    let result = try grep("ㄱㅁㄱ", Self.text, options: GrepOptions(invertsMatch: true))
    #expect(result.output == "하늘이 맑다\n감사합니다\n")
    #expect(result.selected == 2)
  }

  @Test("-c prints only the count")
  func count() throws {
    #expect(try grep("ㄱㅁㄱ", Self.text, options: GrepOptions(countsOnly: true)).output == "2\n")
    let named = GrepOptions(countsOnly: true, fileNames: .always)
    #expect(try grep("ㅈㅈ", Self.text, options: named, fileName: "x").output == "x:0\n")
    let inverted = GrepOptions(invertsMatch: true, countsOnly: true)
    #expect(try grep("ㄱㅁㄱ", Self.text, options: inverted).output == "2\n")
  }

  @Test("-o prints each matching word, punctuation stripped")
  func onlyMatching() throws {
    let options = GrepOptions(showsLineNumbers: true, printsOnlyMatching: true)
    #expect(
      try grep("ㄱ", "가자, 같이 \"가요\"!\n하나\n", options: options).output
        == "1:가자\n1:같이\n1:가요\n")
    let inverted = GrepOptions(invertsMatch: true, printsOnlyMatching: true)
    let result = try grep("ㄱ", "가자\n하나\n", options: inverted)
    #expect(result.output == "")
    #expect(result.selected == 1)
    #expect(try pattern("ㄱㅁㄱ").matchingWords(in: "“까마귀” 까치 까마귀들") == ["까마귀", "까마귀들"])
  }

  @Test("-m stops after that many selected lines")
  func maxCount() throws {
    let options = GrepOptions(maxCount: 1)
    #expect(try grep("ㄱㅁㄱ", Self.text, options: options).output == "까마귀가 운다\n")
    let counted = GrepOptions(countsOnly: true, maxCount: 1)
    #expect(try grep("ㄱㅁㄱ", Self.text, options: counted).output == "1\n")
    let zero = GrepOptions(maxCount: 0)
    #expect(try grep("ㄱㅁㄱ", Self.text, options: zero).selected == 0)
  }

  @Test("chunk boundaries anywhere give the same output", arguments: [1, 2, 3, 5, 7, 64])
  func chunks(_ size: Int) throws {
    let text = Self.text + "마지막 까마귀"  // no final newline
    let whole = try grep("ㄱㅁㄱ", text, options: GrepOptions(showsLineNumbers: true))
    let chunked = try grep(
      "ㄱㅁㄱ", text, options: GrepOptions(showsLineNumbers: true), chunkSize: size)
    #expect(chunked.output == whole.output)
    #expect(whole.output == "1:까마귀가 운다\n3:까치와 까마귀\n5:마지막 까마귀\n")
  }

  @Test("CRLF lines keep their CR in the output")
  func crlf() throws {
    #expect(try grep("ㄱㅅ", "감사\r\n하나\r\n").output == "감사\r\n")
  }

  @Test("line-at-a-time feeding")
  func feedLines() throws {
    let options = GrepOptions(showsLineNumbers: true)
    var scanner = GrepScanner(
      pattern: try pattern("감ㅅ", options), options: options, fileName: "-", fileCount: 1)
    #expect(scanner.feed(line: "하나") == "")
    #expect(scanner.feed(line: "감사해요") == "2:감사해요\n")
    #expect(scanner.finish() == "")
    #expect(scanner.lineCount == 2)
  }
}

@Suite("grep against a brute-force reference")
struct GrepReferenceTests {
  @Test("byte-level matching agrees with spelling whole words", arguments: [
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
