import ArgumentParser
import HangulEngine
import LayoutLoading
import Suggestions

#if canImport(Glibc)
  import Glibc
#endif

struct GrepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "grep",
    abstract: "Print lines with a word matching an initial-consonant (초성) or keypad query.",
    discussion: """
      QUERY of consonants only (ㄱㅁㄱ) is compared with each word's initial consonants, with \
      ㄲ ㄸ ㅃ ㅆ ㅉ and ㄱ ㄷ ㅂ ㅅ ㅈ matching each other unless --exact: ㄱㅁㄱ finds 까마귀, \
      ㄱㅅ finds 감사합니다. Other Hangul (감ㅅ, 행보) matches the start of a word as the keypad \
      types it, like the suggestion bar; anything else matches the start of a word literally. \
      Words are split at white space, with punctuation stripped. Reads standard input when \
      no FILE is given or FILE is -. Exit status: 0 if a line was selected, 1 if none, 2 on \
      an error (as grep). -h means --no-filename, as in grep; use --help for help.
      Example: printf '까마귀가 날아요\\n비둘기\\n' | cheonjiin grep ㄱㅁㄱ   →   까마귀가 날아요
      """,
    helpNames: [.long])

  @Option(name: .long, help: ArgumentHelp("Layout whose vowel strokes keypad queries use.", valueName: "ID|PATH"))
  var layout: String = LayoutLibrary.defaultID

  @Flag(name: [.customShort("c"), .long], help: "Print only the number of selected lines per file.")
  var count = false

  @Flag(name: [.customShort("v"), .customLong("invert-match")], help: "Select the lines that do not match.")
  var invertMatch = false

  @Flag(name: [.customShort("n"), .customLong("line-number")], help: "Prefix each line with its line number.")
  var lineNumber = false

  @Flag(name: [.customShort("o"), .customLong("only-matching")], help: "Print only the matching words, one per line.")
  var onlyMatching = false

  @Flag(name: [.customShort("w"), .customLong("word-regexp")], help: "The query must match whole words, not their start.")
  var wholeWord = false

  @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Latin letters match regardless of case.")
  var ignoreCase = false

  @Option(name: [.customShort("m"), .customLong("max-count")], help: ArgumentHelp("Stop reading a file after NUM selected lines.", valueName: "NUM"))
  var maxCount: Int?

  @Flag(name: [.customShort("H"), .customLong("with-filename")], help: "Print the file name with each line.")
  var withFileName = false

  @Flag(name: [.customShort("h"), .customLong("no-filename")], help: "Never print file names.")
  var noFileName = false

  @Flag(name: [.customShort("q"), .long], help: "Print nothing; exit 0 at the first selected line.")
  var quiet = false

  @Flag(name: [.customShort("s"), .customLong("no-messages")], help: "Say nothing about missing or unreadable files.")
  var noMessages = false

  @Flag(help: "Initial consonants must match exactly: ㄱ does not match 꼭.")
  var exact = false

  @Argument(help: "The query: ㄱㅁㄱ, 감ㅅ, 행보, or a word.")
  var query: String

  @Argument(help: "Files to search; standard input when none.")
  var files: [String] = []

  func validate() throws {
    if let maxCount, maxCount < 0 {
      throw ValidationError("-m \(maxCount) is negative; give 0 or more")
    }
    if withFileName && noFileName {
      throw ValidationError("-H and -h contradict each other; give one of them")
    }
  }

  /// grep's exit statuses.
  private static let noLineSelected = ExitCode(1)
  private static let troubleStatus = ExitCode(2)

  func run() throws {
    let layouts: [Layout]
    do {
      layouts = try LayoutLibrary.standard().loadSet(layout).map(\.layout)
    } catch {
      printError(error.description)
      throw Self.troubleStatus
    }
    guard let vowels = layouts.first?.composer.vowels, let speller = PrimitiveSpeller(vowels: vowels)
    else {
      printError("layout \"\(layout)\" cannot type every vowel; grep needs one that can, such as \(LayoutLibrary.defaultID)")
      throw Self.troubleStatus
    }
    let options = GrepOptions(
      foldsTense: !exact, matchesWholeWord: wholeWord, invertsMatch: invertMatch,
      countsOnly: count && !quiet, showsLineNumbers: lineNumber, printsOnlyMatching: onlyMatching,
      maxCount: quiet ? 1 : maxCount,
      fileNames: withFileName ? .always : noFileName ? .never : .automatic,
      ignoresASCIICase: ignoreCase)
    let pattern: GrepPattern
    do {
      pattern = try GrepPattern(query, options: options, speller: speller)
    } catch {
      printError("grep: \(error.description)")
      throw Self.troubleStatus
    }
    let names = files.isEmpty ? ["-"] : files
    var selected = false
    var hadTrouble = false
    var output = [UInt8]()
    output.reserveCapacity(1 << 17)
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    for name in names {
      let isStandardInput = name == "-"
      var scanner = GrepScanner(
        pattern: pattern, options: options,
        fileName: isStandardInput ? "(standard input)" : name, fileCount: names.count)
      let fd = isStandardInput ? 0 : open(name, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        if !noMessages { printError("grep: \(name): \(String(cString: strerror(errno)))") }
        hadTrouble = true
        continue
      }
      defer { if !isStandardInput { close(fd) } }
      while !scanner.isDone {
        let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if got == 0 { break }
        if got < 0 {
          if errno == EINTR { continue }
          if !noMessages { printError("grep: \(name): \(String(cString: strerror(errno)))") }
          hadTrouble = true
          break
        }
        buffer.withUnsafeBufferPointer { chunk in
          scanner.scan(UnsafeBufferPointer(rebasing: chunk[0..<got]), into: &output)
        }
        if output.count >= 1 << 16 { flush(&output) }
      }
      scanner.finish(into: &output)
      flush(&output)
      if scanner.selectedLineCount > 0 {
        selected = true
        if quiet { break }
      }
    }
    // As grep: with -q a selected line wins over an error; otherwise an error wins.
    if quiet && selected { return }
    if hadTrouble { throw Self.troubleStatus }
    if !selected { throw Self.noLineSelected }
  }

  private func flush(_ output: inout [UInt8]) {
    if !quiet { writeAll(fd: 1, output) }
    output.removeAll(keepingCapacity: true)
  }
}
