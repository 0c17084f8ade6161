import ArgumentParser
import Foundation
import LayoutLoading
import RunScreen
import TerminalUI

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a program with 천지인 on the numeric keypad as its input method.",
    discussion: """
      The program (your shell by default) runs in the window above a dock that shows the pad \
      (--dock and F12 change it). The \
      numeric keypad types Korean on the 천지인 pad: each finished piece goes to the program \
      at once, the syllables still open are drawn at its cursor, underlined; Backspace edits \
      them. Every other key goes to the program, after the open syllables; so does a paste, \
      as typed. Hold + * / on the keypad to take the words the dock suggests. F1 shows the \
      keys; F9 switches the digit keys between Korean and digits (for terminals that send the \
      keypad as plain digits; - / * + . on the main keyboard stay the program's) and takes the \
      pad back to 한글; F12 changes the dock; Ctrl-] sends the next key to the program as it \
      is. While the program holds the alternate screen (htop, mc, vim), the function keys are \
      its own, and Ctrl-] then F1, F9 or F12 reaches run. The keymap's "run" section changes \
      these keys. \
      Shift-PgUp, Shift-PgDn and the wheel show output that scrolled off (any key comes back); \
      hold Shift to select text while the terminal reports the mouse (--mouse). The program \
      gets TERM=xterm-256color. Input the program does not read yet waits (up to 2 MB) and \
      the dock says so. When the program ends, its last screen stays on the terminal and \
      cheonjiin ends with its exit status (127 if it is not found); SIGTERM and SIGHUP reach \
      the program first. Example: cheonjiin run -- vim notes.txt
      """)

  @OptionGroup var layoutOption: LayoutOption

  @OptionGroup var padOptions: PadOptions

  enum Dock: String, ExpressibleByArgument, CaseIterable {
    case full, compact, hidden
  }

  @Option(help: "What the dock shows: full (the pad), compact (one line) or hidden; F12 switches.")
  var dock: Dock = .full

  @Option(
    name: .customLong("escape-ms"),
    help: ArgumentHelp(
      """
      How long Esc waits for the rest of a key's sequence (0-2000 ms); raise it over a slow \
      link where arrows arrive as Esc and letters. Terminals with the kitty keyboard protocol \
      never wait.
      """,
      valueName: "ms"))
  var escapeMs: UInt64 = 10

  enum Mouse: String, ExpressibleByArgument, CaseIterable {
    case auto, program, off
  }

  @Option(
    help: ArgumentHelp(
      """
      When the terminal reports the mouse: auto (while the dock shows or the program asks; \
      hold Shift to select text), program (only while the program asks), or off.
      """,
      valueName: "when"))
  var mouse: Mouse = .auto

  @Flag(
    name: .customLong("allow-clipboard"),
    help: "Let the program write the terminal's clipboard (OSC 52); off by default.")
  var allowClipboard = false

  @Option(help: ArgumentHelp("Lines of the program's output kept for Shift-PgUp and the wheel."))
  var scrollback = 5000

  @Flag(
    name: .customLong("no-suggestions"),
    help: "Show no suggestions in the dock (and learn no words).")
  var noSuggestions = false

  @Argument(
    parsing: .captureForPassthrough,
    help: ArgumentHelp(
      "The program and its arguments (default: $SHELL, else /bin/sh).", valueName: "CMD"))
  var command: [String] = []

  func validate() throws {
    // The program's arguments are captured whole, so --help before the program is ours.
    if let first = command.first, first == "--help" || first == "-h" {
      throw CleanExit.helpRequest(self)
    }
    guard escapeMs <= 2000 else {
      throw ValidationError("--escape-ms \(escapeMs) is too long; give 0 to 2000 (default 10)")
    }
  }

  func run() throws {
    let layouts = try layoutOption.load()
    let environment = ProcessInfo.processInfo.environment
    var options = try padOptions.runOptions(layouts: layouts, environment: environment)
    options.draft = nil
    options.escapeMs = escapeMs
    SuggestionSetup.attach(
      to: &options, layouts: layouts, environment: environment, enabled: !noSuggestions)
    var words = command.first == "--" ? Array(command.dropFirst()) : command
    if words.isEmpty {
      let shell = environment["SHELL"].flatMap { $0.isEmpty ? nil : $0 } ?? "/bin/sh"
      words = [shell]
    }
    let screen = RunScreenOptions(
      mouse: RunMouse(rawValue: mouse.rawValue) ?? .auto, passesClipboard: allowClipboard,
      scrollbackLines: max(0, min(scrollback, 100_000)))
    let status = RunApp.run(
      options, command: words[0], arguments: Array(words.dropFirst()),
      dock: RunDockMode(rawValue: dock.rawValue) ?? .full, screen: screen)
    if status != 0 { throw ExitCode(status) }
  }
}
