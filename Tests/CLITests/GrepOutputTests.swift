import Foundation
import Grep
import HangulEngine
import LayoutLoading
import Suggestions
import Testing

@testable import cheonjiin

/// The speller of the default layout, which grep's keypad queries use (and the suggestion cache).
let galaxySpeller: PrimitiveSpeller? = {
  let library = LayoutLibrary(
    shippedDirectory: repositoryRoot.appendingPathComponent("Layouts").path,
    userDirectory: "/nonexistent/cheonjiin-user-layouts")
  return (try? library.load(file: library.locate(LayoutLibrary.defaultID)))
    .flatMap { PrimitiveSpeller(vowels: $0.layout.composer.vowels) }
}()

private func pattern(_ query: String, _ options: GrepOptions = GrepOptions()) throws -> GrepPattern
{
  let speller = try #require(galaxySpeller, "Layouts/cheonjiin-galaxy.json gave no speller")
  return try GrepPattern(query, options: options, speller: speller)
}

/// Runs a scanner over `text` through `scan` in chunks of `chunkSize` bytes, printed by a
/// ``GrepPrinter`` as `cheonjiin grep` prints.
private func grep(
  _ query: String, _ text: String, lineNumbers: Bool = false,
  options: GrepOptions = GrepOptions(), fileNames: FileNameMode = .automatic,
  fileName: String = "f", fileCount: Int = 1, chunkSize: Int = 4096, alternatives: [String] = [],
  followsEarlierOutput: Bool = false, maxLineLength: Int = GrepScanner.defaultMaxLineLength
) throws -> (output: String, selected: Int, scanner: GrepScanner) {
  var scanner = GrepScanner(
    pattern: try pattern(query, options),
    alternatives: try alternatives.map { try pattern($0, options) },
    options: options, followsEarlierOutput: followsEarlierOutput, maxLineLength: maxLineLength)
  var printer = GrepPrinter(
    showsLineNumbers: lineNumbers,
    showsFileName: fileNames.showsFileNames(fileCount: fileCount))
  printer.startFile(named: fileName)
  let bytes = Array(text.utf8)
  var start = 0
  while start < bytes.count && !scanner.isDone {
    let end = min(bytes.count, start + chunkSize)
    bytes[start..<end].withUnsafeBufferPointer { scanner.scan($0, into: &printer) }
    start = end
  }
  scanner.finish(into: &printer)
  return (String(decoding: printer.bytes, as: UTF8.self), scanner.selectedLineCount, scanner)
}

/// A scanner fed one line at a time, with what each line prints.
private struct Fed {
  var scanner: GrepScanner
  var printer: GrepPrinter

  init(
    _ query: String, lineNumbers: Bool = false,
    maxLineLength: Int = GrepScanner.defaultMaxLineLength
  ) throws {
    scanner = GrepScanner(
      pattern: try pattern(query), options: GrepOptions(), maxLineLength: maxLineLength)
    printer = GrepPrinter(showsLineNumbers: lineNumbers, showsFileName: false)
    printer.startFile(named: "-")
  }

  /// What `line` prints.
  mutating func feed(_ line: String) -> String {
    Array(line.utf8).withUnsafeBufferPointer { scanner.feed(line: $0, into: &printer) }
    return takeOutput()
  }

  /// What the end of the file prints.
  mutating func finish() -> String {
    scanner.finish(into: &printer)
    return takeOutput()
  }

  private mutating func takeOutput() -> String {
    defer { printer.bytes.removeAll() }
    return String(decoding: printer.bytes, as: UTF8.self)
  }
}

/// The selected lines and the formats of -n, -H, -h, -c, -o and -m.
///
/// Moved from SuggestionsTests when printing left the scanner: the expected outputs are GNU
/// grep's, so they check the scanner and ``GrepPrinter`` together.
@Suite("grep output: lines, names, numbers, counts")
struct GrepPrinterTests {
  static let text = "까마귀가 운다\n하늘이 맑다\n까치와 까마귀\n감사합니다\n"

  @Test("plain output prints the selected lines")
  func plain() throws {
    let result = try grep("ㄱㅁㄱ", Self.text)
    #expect(result.output == "까마귀가 운다\n까치와 까마귀\n")
    #expect(result.selected == 2)
  }

  @Test("-n adds line numbers, -H the file name")
  func numbers() throws {
    #expect(
      try grep("ㄱㅁㄱ", Self.text, lineNumbers: true, fileNames: .always, fileName: "a.txt").output
        == "a.txt:1:까마귀가 운다\na.txt:3:까치와 까마귀\n")
  }

  @Test("file names: automatic with two files, never with -h")
  func fileNames() throws {
    #expect(try grep("ㅎㄴ", Self.text, fileName: "b", fileCount: 2).output == "b:하늘이 맑다\n")
    #expect(try grep("ㅎㄴ", Self.text, fileNames: .never, fileCount: 2).output == "하늘이 맑다\n")
    #expect(FileNameMode.automatic.showsFileNames(fileCount: 1) == false)
    #expect(FileNameMode.automatic.showsFileNames(fileCount: 1, searchesDirectory: true))
    #expect(FileNameMode.always.showsFileNames(fileCount: 1))
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
    let counts = GrepOptions(countsOnly: true)
    #expect(
      try grep("ㅈㅈ", Self.text, options: counts, fileNames: .always, fileName: "x").output
        == "x:0\n")
    let inverted = GrepOptions(invertsMatch: true, countsOnly: true)
    #expect(try grep("ㄱㅁㄱ", Self.text, options: inverted).output == "2\n")
  }

  @Test("-o prints each matching word, punctuation stripped")
  func onlyMatching() throws {
    let options = GrepOptions(printsOnlyMatching: true)
    #expect(
      try grep("ㄱ", "가자, 같이 \"가요\"!\n하나\n", lineNumbers: true, options: options).output
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
    let whole = try grep("ㄱㅁㄱ", text, lineNumbers: true)
    let chunked = try grep("ㄱㅁㄱ", text, lineNumbers: true, chunkSize: size)
    #expect(chunked.output == whole.output)
    #expect(whole.output == "1:까마귀가 운다\n3:까치와 까마귀\n5:마지막 까마귀\n")
  }

  @Test("CRLF lines keep their CR in the output")
  func crlf() throws {
    #expect(try grep("ㄱㅅ", "감사\r\n하나\r\n").output == "감사\r\n")
  }

  @Test("line-at-a-time feeding")
  func feedLines() throws {
    var fed = try Fed("감ㅅ", lineNumbers: true)
    #expect(fed.feed("하나") == "")
    #expect(fed.feed("감사해요") == "2:감사해요\n")
    #expect(fed.finish() == "")
    #expect(fed.scanner.lineCount == 2)
  }
}

/// Context, -l / -L, byte-order marks and long lines.
///
/// Expected outputs were checked with GNU grep 3.8 on the same lines (`^가` for `ㄱ`).
@Suite("grep: context, file lists, byte-order marks, long lines")
struct GrepOutputTests {
  /// Lines 1, 4 and 9 match `ㄱ`.
  static let text = "가1\n나2\n다3\n가4\n나5\n다6\n라7\n마8\n가9\n"

  private func context(before: Int = 0, after: Int = 0, _ options: GrepOptions = GrepOptions())
    -> GrepOptions
  {
    var options = options
    options.context = GrepContext(before: before, after: after)
    return options
  }

  // MARK: - Context

  @Test("-A prints number- lines after each match, -- between groups that are not adjacent")
  func afterContext() throws {
    #expect(
      try grep("ㄱ", Self.text, lineNumbers: true, options: context(after: 1)).output
        == "1:가1\n2-나2\n--\n4:가4\n5-나5\n--\n9:가9\n")
  }

  @Test("-B prints the lines before; overlapping groups join without --")
  func beforeContext() throws {
    #expect(
      try grep("ㄱ", Self.text, lineNumbers: true, options: context(before: 2)).output
        == "1:가1\n2-나2\n3-다3\n4:가4\n--\n7-라7\n8-마8\n9:가9\n")
  }

  @Test(
    "-C joins adjacent groups; the output is the same for any chunk size",
    arguments: [1, 2, 5, 4096])
  func bothContexts(_ chunkSize: Int) throws {
    let text = "가1\n가2\n나3\n나4\n나5\n가6\n나7\n"
    #expect(
      try grep(
        "ㄱ", text, lineNumbers: true, options: context(before: 1, after: 1), chunkSize: chunkSize
      ).output
        == "1:가1\n2:가2\n3-나3\n--\n5-나5\n6:가6\n7-나7\n")
  }

  @Test("-A 0 prints no context but still separates groups, as grep does")
  func zeroContext() throws {
    #expect(
      try grep("ㄱ", Self.text, lineNumbers: true, options: context(after: 0)).output
        == "1:가1\n--\n4:가4\n--\n9:가9\n")
    #expect(
      try grep("ㄱ", Self.text, lineNumbers: true).output
        == "1:가1\n4:가4\n9:가9\n")
  }

  @Test("context lines carry name- where selected lines carry name:")
  func contextNames() throws {
    #expect(
      try grep(
        "ㄱ", "하\n가\n", lineNumbers: true, options: context(before: 1), fileNames: .always,
        fileName: "b.txt"
      ).output
        == "b.txt-1-하\nb.txt:2:가\n")
  }

  @Test("a later file's first group starts with -- when an earlier file printed lines")
  func separatesFiles() throws {
    let options = context(after: 1)
    let later = try grep(
      "ㄱ", "가\n", lineNumbers: true, options: options, followsEarlierOutput: true)
    #expect(later.output == "--\n1:가\n")
    #expect(later.scanner.hasPrintedLines)
    let first = try grep("ㄱ", "가\n", lineNumbers: true, options: options)
    #expect(first.output == "1:가\n")
    #expect(try grep("ㅎ", "가\n", options: options).scanner.hasPrintedLines == false)
  }

  @Test("-v: the context lines are the matching ones")
  func invertedContext() throws {
    #expect(
      try grep(
        "ㄱ", "가1\n나2\n가3\n", lineNumbers: true,
        options: context(after: 1, GrepOptions(invertsMatch: true))
      )
      .output == "2:나2\n3-가3\n")
  }

  @Test("-m still prints the trailing context of the last selected line, matching or not")
  func maxCountTrailingContext() throws {
    let result = try grep(
      "ㄱ", Self.text, lineNumbers: true, options: context(after: 3, GrepOptions(maxCount: 1)))
    #expect(result.output == "1:가1\n2-나2\n3-다3\n4-가4\n")
    #expect(result.selected == 1)
    #expect(result.scanner.isDone)
  }

  @Test(
    "-o with context prints no context lines but keeps the -- separators; with -v the context words"
  )
  func onlyMatchingContext() throws {
    var options = context(after: 1)
    options.printsOnlyMatching = true
    #expect(
      try grep("ㄱ", Self.text, lineNumbers: true, options: options).output
        == "1:가1\n--\n4:가4\n--\n9:가9\n")
    options.invertsMatch = true
    #expect(
      try grep("ㄱ", "가1\n나2\n가3\n", lineNumbers: true, options: options).output == "3-가3\n")
  }

  @Test("-c ignores context")
  func countIgnoresContext() throws {
    var options = context(before: 2, after: 2)
    options.countsOnly = true
    #expect(try grep("ㄱ", Self.text, lineNumbers: true, options: options).output == "3\n")
  }

  // MARK: - -l and -L

  @Test("-l prints the name once and stops at the first selected line; -L the other files")
  func fileLists() throws {
    let listed = try grep(
      "ㄱ", Self.text, options: GrepOptions(listsFiles: .withMatches), fileName: "a.txt")
    #expect(listed.output == "a.txt\n")
    #expect(listed.selected == 1)
    #expect(listed.scanner.lineCount == 1)
    #expect(try grep("ㅎ", Self.text, options: GrepOptions(listsFiles: .withMatches)).output == "")
    #expect(try grep("ㄱ", Self.text, options: GrepOptions(listsFiles: .withoutMatch)).output == "")
    #expect(
      try grep("ㅎ", Self.text, options: GrepOptions(listsFiles: .withoutMatch), fileName: "b")
        .output == "b\n")
  }

  @Test("-l wins over -c, names the file even with -h, and ignores context")
  func fileListsWin() throws {
    let options = GrepOptions(
      countsOnly: true, listsFiles: .withMatches, context: GrepContext(before: 1, after: 1))
    #expect(
      try grep("ㄱ", Self.text, options: options, fileNames: .never, fileName: "c").output
        == "c\n")
  }

  @Test("-L with -m 0 lists the file: nothing is read, so nothing is selected")
  func withoutMatchMaxZero() throws {
    let options = GrepOptions(maxCount: 0, listsFiles: .withoutMatch)
    #expect(try grep("ㄱ", Self.text, options: options, fileName: "d").output == "d\n")
  }

  // MARK: - More than one query

  @Test("-e twice: a line matches either query; -o prints each word once, in line order")
  func alternatives() throws {
    #expect(try grep("ㄴ", Self.text, alternatives: ["ㄹ"]).output == "나2\n나5\n라7\n")
    let options = GrepOptions(printsOnlyMatching: true)
    #expect(
      try grep("ㅎ", "감사 하늘 해\n", options: options, alternatives: ["ㄱ", "하"]).output
        == "감사\n하늘\n해\n")
  }

  // MARK: - Byte-order mark

  @Test(
    "a byte-order mark at the start of the file is skipped for matching, printed as read",
    arguments: [1, 2, 3, 4096])
  func byteOrderMark(_ chunkSize: Int) throws {
    let text = "\u{FEFF}감사합니다\n감사\n"
    let plain = try grep("감사", text, lineNumbers: true, chunkSize: chunkSize)
    #expect(plain.output == "1:\u{FEFF}감사합니다\n2:감사\n")
    let whole = GrepOptions(matchesWholeWord: true, printsOnlyMatching: true)
    #expect(try grep("ㄱㅅ", text, options: whole, chunkSize: chunkSize).output == "감사\n")
    #expect(try grep("ㄱㅅㅎㄴㄷ", text, options: whole, chunkSize: chunkSize).output == "감사합니다\n")
  }

  @Test("a byte-order mark later in the file is text, as any other character")
  func laterByteOrderMark() throws {
    #expect(try grep("ㄱㅅ", "하나\n\u{FEFF}감사\n").output == "")
    var fed = try Fed("ㄱㅅ")
    #expect(fed.feed("\u{FEFF}감사") == "\u{FEFF}감사\n")
  }

  // MARK: - Long lines

  @Test(
    "a line over the limit is skipped and counted; the first one is remembered",
    arguments: [1, 3, 7, 4096])
  func longLine(_ chunkSize: Int) throws {
    let text = "가나다라마바사\n감사\n" + String(repeating: "가", count: 40) + "\n가\n가나다라마바사"
    let result = try grep("ㄱ", text, lineNumbers: true, chunkSize: chunkSize, maxLineLength: 6)
    #expect(result.output == "2:감사\n4:가\n")
    #expect(result.scanner.firstSkippedLine == 1)
    #expect(result.scanner.lineCount == 5)
    #expect(result.selected == 2)
  }

  @Test("a line exactly at the limit is searched")
  func lineAtLimit() throws {
    let result = try grep("ㄱ", "가나\n", maxLineLength: 6)
    #expect(result.output == "가나\n")
    #expect(result.scanner.firstSkippedLine == nil)
  }

  @Test("a skipped line breaks the context: it is neither printed nor kept, and leaves a --")
  func longLineContext() throws {
    let long = String(repeating: "하", count: 10)
    let text = "하\n\(long)\n가\n\(long)\n하\n"
    let result = try grep(
      "ㄱ", text, lineNumbers: true, options: context(before: 2, after: 2), maxLineLength: 9)
    #expect(result.output == "3:가\n--\n5-하\n")
    #expect(result.scanner.firstSkippedLine == 2)
  }

  @Test("line-at-a-time feeding skips a long line too")
  func longLineFed() throws {
    var fed = try Fed("ㄱ", maxLineLength: 3)
    #expect(fed.feed("가나") == "")
    #expect(fed.feed("가") == "가\n")
    #expect(fed.scanner.firstSkippedLine == 1)
  }
}
