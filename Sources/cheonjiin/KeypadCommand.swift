import ArgumentParser
import Foundation
import HangulEngine
import LayoutLoading
import TerminalUI

struct KeypadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pad",
    abstract: "Type Korean on the 천지인 keypad (the default command).",
    discussion: """
      The keypad draws on the terminal; when you finish (닫기, Esc or Ctrl-D) the text is \
      printed to standard output, so  msg=$(cheonjiin)  works. Ctrl-C cancels and keeps the \
      text as a draft, offered back next time. F1 shows every key.
      Keymaps: numpad (default; keypad 7 8 9 is the top row ㅣ ㆍ ㅡ) or phone (1 2 3 on top). \
      Where the terminal speaks the kitty keyboard protocol, the keypad and the top-row digits \
      work at the same time. NO_COLOR is honoured.
      """)

  enum ThemeName: String, ExpressibleByArgument, CaseIterable {
    case light, dark, contrast
  }

  @OptionGroup var layoutOption: LayoutOption

  @Option(help: ArgumentHelp("numpad, phone, or a keymap .json file.", valueName: "ID|PATH"))
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

  @Option(
    help: ArgumentHelp("Also append the text to this file when you finish.", valueName: "FILE"))
  var output: String?

  @Flag(help: "Also copy the text to the clipboard (OSC 52) when you finish.")
  var clipboard = false

  @Option(
    name: .customLong("tmux-target"),
    help: ArgumentHelp("Send text to this tmux pane as it is typed.", valueName: "PANE"))
  var tmuxTarget: String?

  @Flag(name: .customLong("no-draft"), help: "Do not save or offer drafts.")
  var noDraft = false

  @Flag(
    name: .customLong("no-suggestions"),
    help: "Hide the suggestion bar (and learn no words).")
  var noSuggestions = false

  func validate() throws {
    try validateHoldMs(holdMs)
  }

  func run() throws {
    let layouts = try layoutOption.load()
    let (keymaps, chosen) = try loadKeymaps(keymap)
    let environment = ProcessInfo.processInfo.environment
    var options = KeypadRunOptions(
      layouts: layouts, keymaps: keymaps, keymap: chosen, holdMs: holdMs, environment: environment)
    options.settings.theme = Theme.Name(rawValue: theme.rawValue) ?? .light
    options.settings.bold = bold
    options.settings.keySize = large ? .large : .normal
    options.outputFile = output
    options.clipboard = clipboard
    options.tmuxTarget = tmuxTarget
    if noDraft { options.draft = nil }
    if !noSuggestions, let first = layouts.first {
      let setup = SuggestionSetup.make(layout: first, environment: environment)
      options.loadSuggestions = setup.load
      options.learn = setup.learn
    }
    let status = KeypadApp.run(options)
    if status != 0 { throw ExitCode(status) }
  }
}

extension KeypadRunOptions {
  /// What every screen on the pad shares: the layouts, the keymaps and the one chosen, the
  /// hold delay, and from the environment the language, colour (`NO_COLOR`) and the Linux
  /// console's keys.
  init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, holdMs: Int,
    environment: [String: String]
  ) {
    self.init(layouts: layouts, keymaps: keymaps)
    self.keymap = keymap
    settings.holdMs = UInt64(holdMs)
    settings.language = UILanguage.from(environment: environment)
    settings.isLinuxConsole = environment["TERM"] == "linux"
    useColor = (environment["NO_COLOR"] ?? "").isEmpty
  }
}

/// `--hold-ms` outside 100 … 3000, refused in the user's language.
func validateHoldMs(_ holdMs: Int) throws {
  guard (100...3000).contains(holdMs) else {
    throw ValidationError(commandStrings.holdMsOutOfRange(holdMs))
  }
}

/// Every keymap (the user's, the shipped ones, and a file given by path), and the id of the
/// one `--keymap` chooses; prints every problem and exits 65 on bad data, as for layouts.
func loadKeymaps(_ keymap: String) throws -> (keymaps: [Keymap], chosen: String) {
  do {
    return try KeymapLibrary.standard().loadAll(choosing: keymap)
  } catch {
    printError(error.description)
    throw ExitCode.dataError
  }
}
