import ArgumentParser
import Grep
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
      throw ValidationError(commandStrings.grepMissingQuery)
    }
    for (flag, value) in [
      ("-m", maxCount), ("-A", afterContext), ("-B", beforeContext), ("-C", context),
    ] {
      if let value, value < 0 {
        throw ValidationError(commandStrings.grepNegative(flag, value))
      }
    }
    if withFileName && noFileName {
      throw ValidationError(commandStrings.grepFileNameConflict)
    }
  }

  /// grep's exit statuses.
  private static let noLineSelected = ExitCode(1)
  private static let troubleStatus = ExitCode(2)
  /// The status of a usage error: 2, as grep's (main.swift maps ArgumentParser's 64 to it).
  static let usageErrorStatus = troubleStatus

  func run() throws {
    let layouts = try loadLayoutSet(layout, status: Self.troubleStatus)
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
    try search.finish(status: Self.troubleStatus)
    // As grep: with -q a selected line wins over an error; otherwise an error wins.
    if quiet && search.selectedLine { return }
    if search.hadTrouble { throw Self.troubleStatus }
    if !search.selectedLine { throw Self.noLineSelected }
  }
}
