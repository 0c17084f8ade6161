import ArgumentParser
import CellGrid
import Foundation
import HangulEngine
import LayoutLoading
import PadScreen
import TerminalUI
import Typing

struct KeypadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pad",
    abstract: "Type Korean on the 천지인 keypad (the default command).",
    discussion: """
      The keypad draws on the terminal; when you finish (닫기, Esc or Ctrl-D) the text is \
      printed to standard output, so  msg=$(cheonjiin)  works. Ctrl-C cancels and keeps the \
      text as a draft, offered back next time; declined drafts and finished messages are kept \
      too (see  cheonjiin drafts). F1 shows every key.
      Keymaps: numpad (default; keypad 7 8 9 is the top row ㅣ ㆍ ㅡ) or phone (1 2 3 on top). \
      Where the terminal speaks the kitty keyboard protocol, the keypad and the top-row digits \
      work at the same time. NO_COLOR is honoured.
      Example: cheonjiin pad --keymap phone --output notes.txt
      """)

  @OptionGroup var layoutOption: LayoutOption
  @OptionGroup var padOptions: PadOptions

  @Option(
    help: ArgumentHelp("Also append the text to this file when you finish.", valueName: "FILE"))
  var output: String?

  @Flag(help: "Also copy the text to the clipboard (OSC 52) when you finish.")
  var clipboard = false

  @Option(
    name: .customLong("tmux-target"),
    help: ArgumentHelp("Send text to this tmux pane as it is typed.", valueName: "PANE"))
  var tmuxTarget: String?

  @Flag(
    name: .customLong("no-draft"), help: "Do not save or offer drafts, and keep no earlier texts.")
  var noDraft = false

  @Flag(
    name: .customLong("no-suggestions"),
    help: "Hide the suggestion bar (and learn no words).")
  var noSuggestions = false

  func run() throws {
    let layouts = try layoutOption.load()
    let environment = ProcessInfo.processInfo.environment
    var options = try padOptions.runOptions(layouts: layouts, environment: environment)
    options.outputFile = output
    options.clipboard = clipboard
    options.tmuxTarget = tmuxTarget
    if noDraft { options.draft = nil }
    SuggestionSetup.attach(
      to: &options, layouts: layouts, environment: environment, enabled: !noSuggestions)
    let status = KeypadApp.run(options)
    if status != 0 { throw ExitCode(status) }
  }
}

/// The options of every screen on the pad (the pad, practice, `run`): the keymap, the hold
/// delay, the colours, bold text and the key size.
struct PadOptions: ParsableArguments {
  enum ThemeName: String, ExpressibleByArgument, CaseIterable {
    case light, dark, contrast
  }

  @Option(
    help: ArgumentHelp("numpad, phone, or a keymap .json file.", valueName: "ID|PATH"),
    completion: IDCompletion.keymaps)
  var keymap: String = KeymapLibrary.defaultID

  @Option(
    name: .customLong("hold-ms"), help: "How long a key is held for its digit, in ms (100–3000).")
  var holdMs: Int = 500

  @Option(help: "Colours: light (Galaxy light), dark (Galaxy dark) or contrast (high contrast).")
  var theme: ThemeName = .light

  @Flag(help: "Bold text everywhere, for older eyes.")
  var bold = false

  @Flag(help: "Bigger keys with more space between them.")
  var large = false

  func validate() throws {
    guard (100...3000).contains(holdMs) else {
      throw ValidationError(commandStrings.holdMsOutOfRange(holdMs))
    }
  }

  /// The run options for `layouts`: these options, the keymaps (exit 65 on bad keymap data,
  /// as for layouts), and from the environment the language, colour (`NO_COLOR`) and the Linux
  /// console's keys.
  func runOptions(layouts: [Layout], environment: [String: String]) throws -> KeypadRunOptions {
    let (keymaps, chosen, skipped) = try loadKeymaps(keymap)
    var options = KeypadRunOptions(layouts: layouts, keymaps: keymaps)
    options.keymap = chosen
    options.startNotices = skipped
    options.settings.holdMs = UInt64(holdMs)
    options.settings.theme = Theme.Name(rawValue: theme.rawValue) ?? .light
    options.settings.bold = bold
    options.settings.keySize = large ? .large : .normal
    options.settings.language = UILanguage.from(environment: environment)
    options.settings.isLinuxConsole = environment["TERM"] == "linux"
    options.useColor = (environment["NO_COLOR"] ?? "").isEmpty
    return options
  }
}

/// Every keymap (the user's, the shipped ones, and a file given by path), and the id of the
/// one `--keymap` chooses; prints every problem and exits 65 on bad data in the chosen one,
/// as for layouts.
///
/// A broken keymap nobody chose is skipped: its problems are printed (before any screen
/// takes the terminal, so they are there when it closes), and `skipped` says so in a line
/// for the pad's message row.
func loadKeymaps(_ keymap: String) throws -> (
  keymaps: [Keymap], chosen: String, skipped: [String]
) {
  do {
    let loaded = try KeymapLibrary.standard().loadAll(choosing: keymap)
    let files = loaded.skipped.map(\.file).reduce(into: [String]()) { files, file in
      if !files.contains(file) { files.append(file) }
    }
    guard !files.isEmpty else { return (loaded.keymaps, loaded.chosen, []) }
    printError(
      commandStrings.keymapsSkipped(files) + "\n" + LayoutError(loaded.skipped).description)
    return (loaded.keymaps, loaded.chosen, [commandStrings.keymapsSkippedNotice(files)])
  } catch {
    printError(error.description)
    throw ExitCode.dataError
  }
}
