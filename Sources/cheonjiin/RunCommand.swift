import ArgumentParser
import Foundation
import LayoutLoading
import TerminalUI

struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a program with 천지인 on the numeric keypad as its input method.",
    discussion: """
      The program (your shell by default) runs in the window above a dock that shows the pad \
      (--dock and F12 change it). The \
      numeric keypad types Korean on the 천지인 pad: each finished piece goes to the program \
      at once, the syllables still open are drawn at its cursor, underlined. Every other key \
      goes to the program, after the open syllables. Hold + * / on the keypad to take the \
      words the dock suggests. F1 shows the keys; F9 switches the digit keys between Korean \
      and digits (for terminals that send the keypad as plain digits); F12 changes the dock. \
      When the program ends, cheonjiin ends with its exit status; SIGTERM and SIGHUP reach the \
      program first. Example: cheonjiin run -- vim notes.txt
      """)

  @OptionGroup var layoutOption: LayoutOption

  @OptionGroup var padOptions: PadOptions

  enum Dock: String, ExpressibleByArgument, CaseIterable {
    case full, compact, hidden
  }

  @Option(help: "What the dock shows: full (the pad), compact (one line) or hidden; F12 switches.")
  var dock: Dock = .full

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
  }

  func run() throws {
    let layouts = try layoutOption.load()
    let environment = ProcessInfo.processInfo.environment
    var options = try padOptions.runOptions(layouts: layouts, environment: environment)
    options.draft = nil
    SuggestionSetup.attach(
      to: &options, layouts: layouts, environment: environment, enabled: !noSuggestions)
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
