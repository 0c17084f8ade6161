import ArgumentParser
import Foundation
import LayoutLoading
import TerminalUI

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a program with 천지인 on the numeric keypad as its input method.",
    discussion: """
      The program (your shell by default) runs in the window above a one-line dock. The \
      numeric keypad types Korean on the 천지인 pad: each finished piece goes to the program \
      at once, the syllables still open are drawn at its cursor, underlined. Every other key \
      goes to the program, after the open syllables. When the program ends, cheonjiin ends \
      with its exit status. Example: cheonjiin run -- vim notes.txt
      """)

  @OptionGroup var layoutOption: LayoutOption

  @Option(help: ArgumentHelp("numpad, phone, or a keymap .json file.", valueName: "ID|PATH"))
  var keymap: String = KeymapLibrary.defaultID

  @Option(
    name: .customLong("hold-ms"), help: "How long a key is held for its digit, in ms (100–3000).")
  var holdMs: Int = 500

  enum Dock: String, ExpressibleByArgument, CaseIterable {
    case full, compact, hidden
  }

  @Option(help: "What the dock shows: full (the pad), compact (one line) or hidden; F12 switches.")
  var dock: Dock = .full

  @Option(help: "Colours: light (Galaxy light), dark (Galaxy dark) or contrast (high contrast).")
  var theme: KeypadCommand.ThemeName = .light

  @Flag(help: "Bold keys in the dock, for older eyes.")
  var bold = false

  @Flag(help: "Bigger keys in the dock (the usual size instead of compact).")
  var large = false

  @Argument(
    parsing: .captureForPassthrough,
    help: ArgumentHelp(
      "The program and its arguments (default: $SHELL, else /bin/sh).", valueName: "CMD"))
  var command: [String] = []

  func validate() throws {
    try validateHoldMs(holdMs)
  }

  func run() throws {
    let layouts = try layoutOption.load()
    let (keymaps, chosen) = try loadKeymaps(keymap)
    let environment = ProcessInfo.processInfo.environment
    var options = KeypadRunOptions(
      layouts: layouts, keymaps: keymaps, keymap: chosen, holdMs: holdMs, environment: environment)
    options.draft = nil
    options.settings.theme = Theme.Name(rawValue: theme.rawValue) ?? .light
    options.settings.bold = bold
    options.settings.keySize = large ? .large : .normal
    var words = command.first == "--" ? Array(command.dropFirst()) : command
    if words.isEmpty {
      let shell = environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
      words = [shell]
    }
    let status = RunApp.run(
      options, command: words[0], arguments: Array(words.dropFirst()),
      dock: RunDockMode(rawValue: dock.rawValue) ?? .full)
    if status != 0 { throw ExitCode(status) }
  }
}
