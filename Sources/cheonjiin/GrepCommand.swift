import ArgumentParser
import HangulEngine
import LayoutLoading
import Suggestions
import SystemIO
import SystemPackage

struct GrepCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "grep",
    abstract: "Print lines with a word matching an initial-consonant (초성) or keypad query.",
    discussion: """
      QUERY of consonants only (ㄱㅁㄱ) is compared with each word's initial consonants, with \
      ㄲ ㄸ ㅃ ㅆ ㅉ and ㄱ ㄷ ㅂ ㅅ ㅈ matching each other unless --exact: ㄱㅁㄱ finds 까마귀, \
      ㄱㅅ finds 감사합니다. Other Hangul (감ㅅ, 행보) matches the start of a word as the keypad \
      types it, like the suggestion bar; anything else matches the start of a word literally. \
      Words are split at white space, with punctuation stripped; a byte-order mark at the \
      start of a file is not part of the first word. Reads standard input when no FILE is \
      given or FILE is -; with -r, reads every file under the directories (the working \
      directory when no FILE is given), skipping symbolic links found inside. A line longer \
      than 64 MiB is skipped with a message. Exit status: 0 if a line was selected, 1 if \
      none, 2 on an error or a usage error (as grep). -h means --no-filename, as in grep; \
      use --help for help.
      Example: printf '까마귀가 날아요\\n비둘기\\n' | cheonjiin grep ㄱㅁㄱ   →   까마귀가 날아요
      """,
    helpNames: [.long])

  /// `-l` / `-L`; the last one given wins, as in grep.
  enum Listing: EnumerableFlag {
    case filesWithMatches
    case filesWithoutMatch

    static func name(for value: Listing) -> NameSpecification {
      switch value {
      case .filesWithMatches: [.customShort("l"), .long]
      case .filesWithoutMatch: [.customShort("L"), .long]
      }
    }

    static func help(for value: Listing) -> ArgumentHelp? {
      switch value {
      case .filesWithMatches: "Print only the names of the files with a selected line."
      case .filesWithoutMatch: "Print only the names of the files without a selected line."
      }
    }
  }

  @Option(
    name: .long,
    help: ArgumentHelp("Layout whose vowel strokes keypad queries use.", valueName: "ID|PATH"))
  var layout: String = LayoutLibrary.defaultID

  @Option(
    name: [.customShort("e", allowingJoined: true), .customLong("regexp")],
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "The query, even one that starts with -; give -e again for more (a line matches any). "
        + "Every argument is then a FILE.",
      valueName: "QUERY"))
  var queries: [String] = []

  @Flag(
    name: [.customShort("c"), .long], help: "Print only the number of selected lines per file.")
  var count = false

  @Flag(exclusivity: .chooseLast)
  var listing: Listing?

  @Flag(
    name: [.customShort("v"), .customLong("invert-match")],
    help: "Select the lines that do not match.")
  var invertMatch = false

  @Flag(
    name: [.customShort("n"), .customLong("line-number")],
    help: "Prefix each line with its line number.")
  var lineNumber = false

  @Flag(
    name: [.customShort("o"), .customLong("only-matching")],
    help: "Print only the matching words, one per line.")
  var onlyMatching = false

  @Flag(
    name: [.customShort("w"), .customLong("word-regexp")],
    help: "The query must match whole words, not their start.")
  var wholeWord = false

  @Flag(
    name: [.customShort("i"), .customLong("ignore-case")],
    help: "Latin letters match regardless of case.")
  var ignoreCase = false

  @Option(
    name: [.customShort("m", allowingJoined: true), .customLong("max-count")],
    help: ArgumentHelp("Stop reading a file after NUM selected lines.", valueName: "NUM"))
  var maxCount: Int?

  @Option(
    name: [.customShort("A", allowingJoined: true), .customLong("after-context")],
    help: ArgumentHelp("Print NUM lines after each selected line.", valueName: "NUM"))
  var afterContext: Int?

  @Option(
    name: [.customShort("B", allowingJoined: true), .customLong("before-context")],
    help: ArgumentHelp("Print NUM lines before each selected line.", valueName: "NUM"))
  var beforeContext: Int?

  @Option(
    name: [.customShort("C", allowingJoined: true), .customLong("context")],
    help: ArgumentHelp(
      "Print NUM lines before and after (-A and -B win over it).", valueName: "NUM"))
  var context: Int?

  @Flag(
    name: [.customShort("r"), .long],
    help: "Search the files under directories, skipping symbolic links inside them.")
  var recursive = false

  @Flag(
    name: [.customShort("H"), .customLong("with-filename")],
    help: "Print the file name with each line.")
  var withFileName = false

  @Flag(name: [.customShort("h"), .customLong("no-filename")], help: "Never print file names.")
  var noFileName = false

  @Flag(
    name: [.customShort("q"), .long], help: "Print nothing; exit 0 at the first selected line.")
  var quiet = false

  @Flag(
    name: [.customShort("s"), .customLong("no-messages")],
    help: "Say nothing about missing or unreadable files.")
  var noMessages = false

  @Flag(help: "Initial consonants must match exactly: ㄱ does not match 꼭.")
  var exact = false

  @Argument(help: "The query: ㄱㅁㄱ, 감ㅅ, 행보, or a word (a FILE when -e gives the query).")
  var query: String?

  @Argument(help: "Files to search; standard input when none (the working directory with -r).")
  var files: [String] = []

  func validate() throws {
    if query == nil && queries.isEmpty {
      throw ValidationError(
        "Missing the query; write one, e.g. cheonjiin grep ㄱㅅ FILE, or -e QUERY for a query that starts with -"
      )
    }
    for (flag, value) in [
      ("-m", maxCount), ("-A", afterContext), ("-B", beforeContext), ("-C", context),
    ] {
      if let value, value < 0 {
        throw ValidationError("\(flag) \(value) is negative; give 0 or more")
      }
    }
    if withFileName && noFileName {
      throw ValidationError("-H and -h contradict each other; give one of them")
    }
  }

  /// grep's exit statuses.
  private static let noLineSelected = ExitCode(1)
  private static let troubleStatus = ExitCode(2)
  /// The status of a usage error: 2, as grep's (main.swift maps ArgumentParser's 64 to it).
  static let usageErrorStatus = troubleStatus

  func run() throws {
    let layouts: [Layout]
    do {
      layouts = try LayoutLibrary.standard().loadSet(layout).map(\.layout)
    } catch {
      printError(error.description)
      throw Self.troubleStatus
    }
    guard let vowels = layouts.first?.composer.vowels,
      let speller = PrimitiveSpeller(vowels: vowels)
    else {
      printError(
        "layout \"\(layout)\" cannot type every vowel; grep needs one that can, such as \(LayoutLibrary.defaultID)"
      )
      throw Self.troubleStatus
    }
    // With -e every argument is a file, as in grep.
    var operands = files
    var texts = queries
    if let query {
      if queries.isEmpty { texts = [query] } else { operands.insert(query, at: 0) }
    }
    let contextLines: GrepContext? =
      afterContext == nil && beforeContext == nil && context == nil
      ? nil
      : GrepContext(before: beforeContext ?? context ?? 0, after: afterContext ?? context ?? 0)
    // -q wins over -l, -L, -c and context, as in grep: it prints nothing and stops at a line.
    let listsFiles: FileListing? =
      switch listing {
      case .filesWithMatches?: .withMatches
      case .filesWithoutMatch?: .withoutMatch
      case nil: nil
      }
    let options = GrepOptions(
      foldsTense: !exact, matchesWholeWord: wholeWord, invertsMatch: invertMatch,
      countsOnly: count && !quiet, printsOnlyMatching: onlyMatching,
      maxCount: quiet ? min(1, maxCount ?? 1) : maxCount, ignoresASCIICase: ignoreCase,
      listsFiles: quiet ? nil : listsFiles, context: quiet ? nil : contextLines)
    let fileNames: FileNameMode = withFileName ? .always : noFileName ? .never : .automatic
    var patterns: [GrepPattern] = []
    for text in texts {
      do {
        patterns.append(try GrepPattern(text, options: options, speller: speller))
      } catch {
        printError("grep: \(error.description)")
        throw Self.troubleStatus
      }
    }
    // validate() has refused a command line without a query, so this never throws.
    guard let pattern = patterns.first else { throw Self.troubleStatus }
    // grep reads nothing with -m 0 and exits 1; only -L still lists every file.
    if maxCount == 0 && options.listsFiles != .withoutMatch { throw Self.noLineSelected }

    let searchesDirectory =
      recursive && operands.count <= 1 && isDirectory(operands.first ?? ".")
    let printer = GrepPrinter(
      showsLineNumbers: lineNumber,
      showsFileName: fileNames.showsFileNames(
        fileCount: operands.count, searchesDirectory: searchesDirectory))
    var search = GrepSearch(
      pattern: pattern, alternatives: Array(patterns.dropFirst()), options: options,
      printer: printer, isQuiet: quiet, reportsFileErrors: !noMessages)
    if operands.isEmpty {
      if recursive {
        search.searchDirectory(nil)
      } else {
        search.searchStandardInput()
      }
    }
    for operand in operands where !search.isFinished {
      if operand == "-" {
        search.searchStandardInput()
      } else if recursive && isDirectory(operand) {
        search.searchDirectory(operand)
      } else {
        search.searchFile(operand)
      }
    }
    search.flush()
    // As grep: with -q a selected line wins over an error; otherwise an error wins.
    if quiet && search.selectedLine { return }
    if search.hadTrouble { throw Self.troubleStatus }
    if !search.selectedLine { throw Self.noLineSelected }
  }
}

/// One `cheonjiin grep` over its files: the I/O around ``GrepScanner`` and ``GrepPrinter``,
/// and what carries from file to file.
private struct GrepSearch {
  let pattern: GrepPattern
  let alternatives: [GrepPattern]
  let options: GrepOptions
  let isQuiet: Bool
  let reportsFileErrors: Bool
  /// Whether any file selected a line.
  private(set) var selectedLine = false
  /// Whether a file could not be read or had a line too long to search.
  private(set) var hadTrouble = false
  /// Whether lines were printed: the next file's first context group then starts with `--`.
  private var printedLines = false
  /// Formats what the scanners select, and holds it until it is written.
  private var printer: GrepPrinter
  private var buffer = [UInt8](repeating: 0, count: 1 << 18)

  init(
    pattern: GrepPattern, alternatives: [GrepPattern], options: GrepOptions,
    printer: GrepPrinter, isQuiet: Bool, reportsFileErrors: Bool
  ) {
    self.pattern = pattern
    self.alternatives = alternatives
    self.options = options
    self.printer = printer
    self.isQuiet = isQuiet
    self.reportsFileErrors = reportsFileErrors
  }

  /// True once nothing more can change the outcome: -q has seen a selected line.
  var isFinished: Bool { isQuiet && selectedLine }

  mutating func searchStandardInput() {
    search(.standardInput, name: "(standard input)")
  }

  mutating func searchFile(_ path: String) {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
    } catch {
      reportFileError(path, error)
      return
    }
    search(descriptor, name: path)
    // Read-only: a failed close cannot lose anything.
    _ = try? descriptor.close()
  }

  /// Searches every regular file under `directory`, in name order.
  ///
  /// `nil` is the working directory, whose files are named without `./` as grep does.
  /// Symbolic links, devices and FIFOs found inside are skipped like grep -r does: a link may
  /// loop or leave the tree, a FIFO may never end.
  mutating func searchDirectory(_ directory: String?) {
    let path = directory ?? "."
    let entries: [[UInt8]]
    do {
      entries = try directoryEntryNames(FilePath(path))
    } catch {
      reportFileError(path, error)
      return
    }
    var names: [String] = []
    for bytes in entries {
      guard let name = String(validating: bytes, as: UTF8.self) else {
        hadTrouble = true
        if reportsFileErrors {
          let shown = String(decoding: bytes, as: UTF8.self)
          printError(
            "grep: \(child(shown, of: directory)): the file name is not UTF-8; rename it to search it"
          )
        }
        continue
      }
      names.append(name)
    }
    names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    for name in names where !isFinished {
      let childPath = child(name, of: directory)
      let type: FileType
      do {
        type = try Stat(FilePath(childPath), followTargetSymlink: false).type
      } catch {
        reportFileError(childPath, error)
        continue
      }
      if type == .directory {
        searchDirectory(childPath)
      } else if type == .regular {
        searchFile(childPath)
      }
      // Anything else is a symbolic link, device, FIFO or socket: skipped.
    }
  }

  /// Reads one open file to its end (or until the scanner is done) and prints as it goes.
  private mutating func search(_ descriptor: FileDescriptor, name: String) {
    var scanner = GrepScanner(
      pattern: pattern, alternatives: alternatives, options: options,
      followsEarlierOutput: printedLines)
    printer.startFile(named: name)
    var reportedLongLine = false
    while !scanner.isDone {
      let got: Int
      do {
        got = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
      } catch {
        reportFileError(name, error)
        break
      }
      if got == 0 { break }
      buffer.withUnsafeBufferPointer { chunk in
        scanner.scan(UnsafeBufferPointer(rebasing: chunk[0..<got]), into: &printer)
      }
      // Said at once, not at the end: /dev/zero has no end.
      if !reportedLongLine, let line = scanner.firstSkippedLine {
        reportLongLine(line, in: name)
        reportedLongLine = true
      }
      if printer.bytes.count >= 1 << 16 { flush() }
    }
    scanner.finish(into: &printer)
    if !reportedLongLine, let line = scanner.firstSkippedLine { reportLongLine(line, in: name) }
    flush()
    if scanner.selectedLineCount > 0 { selectedLine = true }
    if scanner.hasPrintedLines { printedLines = true }
  }

  mutating func flush() {
    // A closed pipe ends what can be printed; the exit status still tells what was found.
    if !isQuiet { _ = try? FileDescriptor.standardOutput.writeAll(printer.bytes) }
    printer.bytes.removeAll(keepingCapacity: true)
  }

  private mutating func reportLongLine(_ line: Int, in name: String) {
    hadTrouble = true
    let limit = GrepScanner.defaultMaxLineLength >> 20
    printError("grep: \(name): line \(line) is longer than \(limit) MiB; skipped")
  }

  /// Reports `error` for `path` (unless -s) and remembers the trouble for the exit status.
  private mutating func reportFileError(_ path: String, _ error: any Error) {
    hadTrouble = true
    if reportsFileErrors { printError("grep: \(path): \(error)") }
  }
}

/// `name` inside `directory` (`nil`: the working directory); `dir/`, `dir//` and `dir` give
/// the same names, as in grep.
private func child(_ name: String, of directory: String?) -> String {
  guard let directory else { return name }
  var base = Substring(directory)
  while base.count > 1 && base.hasSuffix("/") { base = base.dropLast() }
  return base.hasSuffix("/") ? base + name : base + "/" + name
}

/// Whether `path` is a directory, following a symbolic link (grep -r follows the ones it is
/// given).
private func isDirectory(_ path: String) -> Bool {
  // A path that cannot be examined is no directory; searching it as a file reports why.
  (try? Stat(FilePath(path)).type) == .directory
}
