import ArgumentParser
import Foundation
import HangulEngine
import LayoutLoading
import Practice
import Storage
// Re-exported so that every command file sees SystemIO's printError(_:) without importing it.
@_exported import SystemIO
import SystemPackage
import Utilities

struct Cheonjiin: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cheonjiin",
    abstract: "A Galaxy-style 천지인 (Cheon-Ji-In) Korean keypad for the terminal.",
    discussion: """
      Key-sequence notation (keys, spell): ㅣ ㆍ ㅡ (also · and ᆞ) are the vowel strokes; \
      ㄱ ㄴ ㄷ ㅂ ㅅ ㅈ ㅇ the consonant keys; _ the space/next key; < backspace; \
      . the .,?! key; 0-9 * # keys by phone position; <space> <next> <bs> <enter> <punct> \
      <symbols> <dismiss> <hold:N> and <ID> by name. White space is ignored.
      Examples: cheonjiin (the keypad);  cheonjiin practice;  cheonjiin help number
      """,
    version: "cheonjiin \(cheonjiinVersion)",
    subcommands: [
      KeypadCommand.self, PracticeCommand.self, StatsCommand.self, NumberCommand.self,
      DemoCommand.self, DictCommand.self, GrepCommand.self, KeysCommand.self, SpellCommand.self,
      LayoutsCommand.self, RunCommand.self, DraftsCommand.self,
    ],
    defaultSubcommand: KeypadCommand.self
  )

  /// Whether `arguments` (the program's name left out) start with the name of a subcommand or
  /// of `help`.
  ///
  /// When they do not, ArgumentParser hands them to the pad, the default subcommand, and a
  /// usage error is then explained with the top-level usage instead of the pad's alone.
  static func namesSubcommand(_ arguments: some Collection<String>) -> Bool {
    guard let first = arguments.first else { return false }
    return first == "help"
      || configuration.subcommands.contains { $0._commandName == first }
  }

  /// A usage error as every message is written: `cheonjiin: ` and what is wrong, then the
  /// usage to follow.
  ///
  /// After a subcommand, the usage is that subcommand's (ArgumentParser's, without its
  /// `Error: `); without one, the top-level usage, and a word where a subcommand goes is named
  /// as an unknown command with the nearest names (`cheonjiin padd`: did you mean `pad`?),
  /// since the pad, which took the arguments by default, takes no words.
  static func usageErrorText(for error: Error, arguments: [String]) -> String {
    let reason = message(for: error)
    let stated = "cheonjiin: " + sentenceStart(reason)
    guard namesSubcommand(arguments) else {
      if let word = arguments.first, !word.hasPrefix("-") {
        let unknown = commandStrings.unknownSubcommand(
          word, suggestions: nearestSubcommands(to: word, among: configuration.subcommands))
        return "cheonjiin: \(unknown)\n\(commandStrings.topLevelUsage)\n"
      }
      return "\(stated)\n\(commandStrings.topLevelUsage)\n"
    }
    let full = fullMessage(for: error)
    let parserStart = "Error: " + reason
    guard full.hasPrefix(parserStart) else { return stated + "\n" }
    return stated + full.dropFirst(parserStart.count) + "\n"
  }

  /// What is wrong with `cheonjiin help WORDS`, when the words name no subcommand
  /// (ArgumentParser would show the top-level help and succeed), or `nil`.
  static func helpTopicProblem(_ arguments: [String]) -> String? {
    guard arguments.first == "help" else { return nil }
    var commands = configuration.subcommands
    var named: [String] = []
    for word in arguments.dropFirst() where !word.hasPrefix("-") {
      guard let next = commands.first(where: { $0._commandName == word }) else {
        let path = (named + [word]).joined(separator: " ")
        let nearest = nearestSubcommands(to: word, among: commands).map {
          (named + [$0]).joined(separator: " ")
        }
        return commandStrings.unknownHelpTopic(path, suggestions: nearest)
      }
      named.append(word)
      commands = next.configuration.subcommands
    }
    return nil
  }

  /// The names among `commands` nearest to a mistyped `word` (LayoutLoading's `didYouMean`:
  /// `padd` → `pad`, `grpe` → `grep`), or else those that begin with it (`prac` → `practice`).
  static func nearestSubcommands(
    to word: String, among commands: [ParsableCommand.Type]
  ) -> [String] {
    let names = commands.map { $0._commandName }
    if let near = didYouMean(word, in: names) { return [near] }
    return word.count < 2 ? [] : names.filter { $0.hasPrefix(word) }
  }
}

/// The message with its first letter small, as our own messages are (`Unknown option` →
/// `unknown option`); left alone when the first word is an abbreviation (`ID`) or not English.
func sentenceStart(_ message: String) -> String {
  let letters = Array(message.prefix(2))
  guard letters.count == 2, letters[0].isASCII, letters[0].isUppercase, letters[1].isLowercase
  else { return message }
  return letters[0].lowercased() + message.dropFirst()
}

/// Shell completions of the ids the program finds at run time, the user's own included: the
/// completion scripts call the installed binary back for them (CompletionKind.custom).
enum IDCompletion {
  /// Layout ids (`--layout`, `--compare`, `layouts show`).
  static let layouts = CompletionKind.custom { _, _, prefix in
    LayoutLibrary.standard().catalog().map(\.id).filter { $0.hasPrefix(prefix) }
  }

  /// Keymap ids (`--keymap`).
  static let keymaps = CompletionKind.custom { _, _, prefix in
    KeymapLibrary.standard().catalog().map(\.id).filter { $0.hasPrefix(prefix) }
  }

  /// Lesson ids (`practice --lesson`), with the messages lessons of the shipped list.
  static let lessons = CompletionKind.custom { _, _, prefix in
    let messages = AdaptiveData.messages(environment: ProcessInfo.processInfo.environment)
    return LessonCatalog.standard(messages: messages).map(\.id).filter { $0.hasPrefix(prefix) }
  }
}

/// `--layout`, shared by the commands that type.
struct LayoutOption: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Layout id or path to a layout .json file.", valueName: "ID|PATH"),
    completion: IDCompletion.layouts)
  var layout: String = LayoutLibrary.defaultID

  /// Loads the layout and the layouts it switches to, or exits with status 65 after printing
  /// every problem.
  func load() throws -> [Layout] {
    try loadLayoutSet(layout)
  }
}

/// Loads a layout and the layouts it switches to, or exits with `status` after printing every
/// problem.
func loadLayoutSet(_ name: String, status: ExitCode = .dataError) throws -> [Layout] {
  do {
    return try LayoutLibrary.standard().loadSet(name).map(\.layout)
  } catch {
    printError(error.description)
    throw status
  }
}

/// Prints `text`, UTF-8 (`path` `-`), or writes it to the file at `path`, replacing it, readable
/// by all and writable by its owner.
///
/// - Parameter cannotWrite: The message for a file that cannot be written, given the reason;
///   the command then ends with status 1, as other write errors do.
/// - Returns: Whether it went to a file.
@discardableResult
func printOrWrite(
  _ text: some StringProtocol, to path: String, cannotWrite: (String) -> String
) throws -> Bool {
  try printOrWrite(to: path, cannotWrite: cannotWrite) { write in try write(Array(text.utf8)) }
}

/// ``printOrWrite(_:to:cannotWrite:)`` for output made in parts: `produce` hands each part to
/// the write it is given, as it is made, so that no whole copy of a large output is held.
@discardableResult
func printOrWrite(
  to path: String, cannotWrite: (String) -> String,
  _ produce: (_ write: ([UInt8]) throws -> Void) throws -> Void
) throws -> Bool {
  if path == "-" {
    var output = OutputBuffer()
    try produce { output.append(bytes: $0) }
    try output.finish()
    return false
  }
  do {
    let descriptor = try FileDescriptor.open(
      FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec],
      permissions: [.ownerReadWrite, .groupRead, .otherRead])
    try descriptor.closeAfter { try produce { _ = try descriptor.writeAll($0) } }
  } catch {
    printError(cannotWrite("\(error)"))
    throw ExitCode.failure
  }
  return true
}

/// Opens the progress database, telling the user what opening moved aside or repaired.
///
/// - Returns: The store, and the error every write will throw when the file can only be read
///   (a command that saves says it once).
/// - Throws: Why no database could be opened, not yet printed: each command decides whether
///   to stop (stats, dict) or go on without saving (practice, the pad).
func openProgressStore(
  at path: String = ProgressStore.defaultPath(), for access: ProgressStore.Access
) throws(StorageError) -> (store: ProgressStore, readOnly: StorageError?) {
  let opening = try ProgressStore.open(at: path, for: access)
  if let recovery = opening.recovery {
    printError(commandStrings.movedAside(recovery))
  }
  if let repair = opening.learnedWordRepair {
    printError(commandStrings.learnedWordRepair(repair, path: opening.store.path))
  }
  return (opening.store, opening.readOnly)
}

/// Buffered standard output: `cheonjiin keys` prints a line per input line, a million of them.
///
/// What a command prints goes to a pipe or a file exactly. On a terminal, control characters
/// other than line breaks and tabs are written as `\u{1B}` (``terminalSafe(_:keepsLinesAndTabs:)``),
/// as `ls` hides them there: text from standard input, a file or the progress database
/// cannot set the title, write the clipboard or clear the screen. A command that writes its
/// own escape sequences (`stats`' colours, from no one's data) asks for ``Content/styled``.
///
/// The first write that fails ends the output: nothing more is written, ``isBroken`` tells a
/// loop reading input to stop, and ``finish()`` reports it.
struct OutputBuffer {
  /// What is printed.
  enum Content {
    /// Text, escaped on a terminal.
    case text
    /// Text with the command's own escape sequences, written as it is.
    case styled
  }

  private var bytes: [UInt8] = []
  private let descriptor: FileDescriptor
  private let escapesControls: Bool
  /// Why the output ended, once a write has failed.
  private(set) var failure: Errno? = nil

  init(descriptor: FileDescriptor = .standardOutput, content: Content = .text) {
    self.descriptor = descriptor
    switch content {
    case .text: escapesControls = descriptor.isTerminal
    case .styled: escapesControls = false
    }
    bytes.reserveCapacity(1 << 16)
  }

  /// Whether a write has failed: what follows is dropped.
  var isBroken: Bool { failure != nil }

  mutating func append(_ text: some StringProtocol) {
    append(bytes: text.utf8)
  }

  /// Appends bytes that may not be UTF-8 (grep prints the lines it selects as they are).
  mutating func append(bytes text: some Collection<UInt8>) {
    guard failure == nil else { return }
    if escapesControls {
      appendTerminalSafe(text, to: &bytes, keepsLinesAndTabs: true)
    } else {
      bytes.append(contentsOf: text)
    }
    if bytes.count >= 1 << 16 { flush() }
  }

  /// Appends the typist's text (document and preedit) as UTF-8.
  mutating func appendText(of typist: Typist<TextBuffer>) {
    guard failure == nil else { return }
    guard escapesControls else {
      typist.appendText(to: &bytes)
      if bytes.count >= 1 << 16 { flush() }
      return
    }
    var text: [UInt8] = []
    typist.appendText(to: &text)
    append(bytes: text)
  }

  mutating func appendJSONString(_ text: some StringProtocol) {
    append(jsonQuoted(text))
  }

  /// Writes what is buffered; a failure is kept for ``finish()``.
  mutating func flush() {
    if failure == nil, !bytes.isEmpty {
      do {
        _ = try descriptor.writeAll(bytes)
      } catch {
        failure = error as? Errno ?? .ioError
      }
    }
    bytes.removeAll(keepingCapacity: true)
  }

  /// Writes what is left, and reports a write that failed, as GNU grep does: `cheonjiin: write
  /// error: No space left on device`, and the command fails with `status`: 1, as every
  /// write that fails (the pad's, `demo --cast FILE`'s); grep's is 2, as GNU grep's.
  ///
  /// A closed pipe (`EPIPE`, when SIGPIPE is ignored) fails quietly: its reader stopped on
  /// purpose (`| head -1`), and a message would only interrupt the line it kept.
  mutating func finish(status: ExitCode = .failure) throws {
    flush()
    guard let failure else { return }
    if failure != .brokenPipe { printError(commandStrings.writeError(failure.description)) }
    throw status
  }
}

extension ExitCode {
  /// 65, `EX_DATAERR` in sysexits.h: the input data was bad (a layout, a key sequence, a number).
  ///
  /// The same status a bad layout file gives.
  static let dataError = ExitCode(LayoutError.exitStatus)
}
