import Foundation
import Testing

/// `cheonjiin run`: which keys are the pad's and which the program's, and the program's colours
/// on a terminal whose entry says 8; driven in tmux.
@Suite("cheonjiin run: the pad's keys, the program's keys", .enabled(if: hasTmux), .serialized)
struct RunKeysEndToEndTests {
  /// bash reads one line and writes it to `file`.
  static func readLine(into file: URL) -> [String] {
    [
      "run", "--", "bash", "--norc", "--noprofile", "-c",
      "read -r -p '> ' line; printf %s \"$line\" > \(shellQuote(file.path))",
    ]
  }

  @Test("with digits on the pad (F9), - / * + . typed on the main keyboard reach the program")
  func mainKeyboardPunctuation() throws {
    let folder = try scratchFolder("run-punctuation")
    let file = folder.appendingPathComponent("line.txt")
    let session = try TmuxSession(
      arguments: Self.readLine(into: file), environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().hasPrefix(">") && session.screen().contains("F1 help") }
    try session.keys(["F9"])
    try session.waitFor { session.screen().contains("digits→Korean") }
    // One key at a time, as the main keyboard sends them (two characters in one read are a
    // paste, which goes to the program whatever the keys mean).
    for character in "echo -.+/*" {
      try session.tmux(["send-keys", "-t", "0", "-l", String(character)])
      Thread.sleep(forTimeInterval: 0.1)
    }
    try session.keys(["Enter"])
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == "echo -.+/*")
  }

  @Test("the keypad's / takes the pad to !#1; F9 brings it back to 한글")
  func digitsKeyReturnsToKorean() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "read a"], environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("F1 help") }
    let korean = try #require(session.screen().components(separatedBy: "\n").last { !$0.isEmpty })
    #expect(!korean.contains("!#1"), "\(korean)")
    try session.keys(["KP/"])
    try session.waitFor { Self.statusLine(session).contains("!#1") }
    try session.keys(["F9"])
    try session.waitFor { Self.statusLine(session).contains("digits→Korean") }
    #expect(!Self.statusLine(session).contains("!#1"), "\(Self.statusLine(session))")
    try session.keys(["Enter"])
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "on the alternate screen F1 goes to the program; Ctrl-] F1 opens run's help; on the main screen F1 is run's"
  )
  func functionKeysOnTheAlternateScreen() throws {
    let folder = try scratchFolder("run-function-keys")
    let file = folder.appendingPathComponent("key.txt")
    let script = """
      printf '\\033[?1049h\\033[Hfull-screen'; IFS= read -rsn3 key
      printf %s "$key" | od -An -tx1 > \(shellQuote(file.path)); printf '\\033[Hgot-the-key'
      IFS= read -rsn1 more; printf '\\033[?1049l'; IFS= read -rsn1 more
      """
    let session = try TmuxSession(
      arguments: ["run", "--", "bash", "--norc", "--noprofile", "-c", script],
      environment: locale("C.UTF-8"))
    try session.waitFor {
      session.screen().contains("full-screen") && session.screen().contains("Ctrl-] F1 help")
    }
    try session.keys(["F1"])
    try session.waitFor { session.screen().contains("got-the-key") }
    // xterm's F1, as the program's own terminal would send it.
    #expect(
      try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        == "1b 4f 50")
    try session.keys(["C-]", "F1"])
    try session.waitFor { session.screen().contains("cheonjiin run help") }
    try session.keys(["Escape"])  // closes the help, and only that
    try session.waitFor { !session.screen().contains("cheonjiin run help") }
    try session.keys(["x"])  // the program leaves the alternate screen
    try session.waitFor { Self.statusLine(session).contains(" F1 help") }
    #expect(!Self.statusLine(session).contains("Ctrl-] F1"), "\(Self.statusLine(session))")
    try session.keys(["F1"])
    try session.waitFor { session.screen().contains("cheonjiin run help") }
    try session.keys(["Escape", "y"])
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "TERM=xterm (8 colours in terminfo) in a terminal that says it is xterm: the program's 256 colours reach it"
  )
  func colours256UnderPlainXterm() throws {
    // `swift test --no-color-diagnostics` sets NO_COLOR, which run heeds.
    let says = ["XTERM_VERSION": "XTerm(379)", "COLORTERM": "", "VTE_VERSION": "", "NO_COLOR": ""]
    let silent = [
      "XTERM_VERSION": "", "COLORTERM": "", "VTE_VERSION": "", "KONSOLE_VERSION": "",
      "NO_COLOR": "",
    ]
    for (environment, expected) in [(says, "38;5;196m"), (silent, "31m")] {
      let session = try TmuxSession(
        arguments: [
          "run", "--", "sh", "-c", "printf '\\033[38;5;196mcolour-196\\033[0m\\n'; read a",
        ],
        environment: locale("C.UTF-8").merging(environment) { $1 }.merging(["TERM": "xterm"]) {
          $1
        })
      try session.waitFor { session.screen().contains("colour-196") }
      let styled = try session.tmux(["capture-pane", "-p", "-e", "-t", "0"])
      let line = try #require(
        styled.components(separatedBy: "\n").first { $0.contains("colour-196") })
      #expect(
        line.contains("\u{1B}[" + expected + "colour-196"),
        "\(environment): \(line.debugDescription)")
      try session.keys(["Enter"])
      #expect(try session.waitForExit() == 0)
    }
  }

  /// The last line of the screen: the status line.
  static func statusLine(_ session: TmuxSession) -> String {
    session.screen().components(separatedBy: "\n").last { !$0.isEmpty } ?? ""
  }
}
