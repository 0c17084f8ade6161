import Foundation
import TestSupport
import Testing

/// What a program draws and asks for through `cheonjiin run`, read back from the outer tmux
/// pane: clicks in ncurses and slang programs, the program's bold and colours, and the vttest
/// sequences, beside the same bytes printed in a plain tmux window of the same server.
@Suite(
  "cheonjiin run: clicks, attributes and vttest sequences as tmux shows them",
  tmuxRequirement.trait, .serialized)
struct RunFidelityEndToEndTests {
  @Test(
    "dialog --menu: a click on Cherry, then on OK: dialog prints c and ends with 0",
    mouseProgramsRequirement.trait)
  func dialogMenu() throws {
    try mouseProgramsRequirement.check()
    let chosen = try scratchFolder("run-dialog").appendingPathComponent("chosen.txt")
    let menu = "dialog --menu 'Pick a fruit' 12 40 3 a Apple b Banana c Cherry"
    let session = try runInTmux(
      ["sh", "-c", "\(menu) 2> \(shellQuote(chosen.path))"], until: ["Cherry", "OK"])
    let cherry = try #require(position(of: "Cherry", in: session.screen()))
    let before = escapedLine(session, cherry.row)
    try click(session, cherry)
    // The highlight is on Cherry before OK is clicked; OK alone would choose a.
    try session.waitFor { escapedLine(session, cherry.row) != before }
    try click(session, try #require(position(of: "OK", in: session.screen())))
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: chosen, encoding: .utf8) == "c")
  }

  @Test(
    "htop: a click on the PID header sorts by PID, a click on F10Quit ends it",
    mouseProgramsRequirement.trait)
  func htopHeaderAndQuit() throws {
    try mouseProgramsRequirement.check()
    let session = try runInTmux(["htop"], until: ["PID", "10Quit"])
    #expect(!sortedByPID(session.screen()), "htop starts sorted by CPU%: \(session.screen())")
    try click(session, try #require(position(of: "PID", in: session.screen())))
    try session.waitFor { sortedByPID(session.screen()) }
    try click(session, try #require(position(of: "10Quit", in: session.screen())))
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "mc: a click on a file in the left panel selects it, a click on 10Quit ends mc",
    mouseProgramsRequirement.trait)
  func mcPanelAndQuit() throws {
    try mouseProgramsRequirement.check()
    let folder = try scratchFolder("run-mc")
    for name in ["alpha.txt", "bravo.txt", "charlie.txt"] {
      try name.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let session = try runInTmux(
      ["mc", "--nosubshell", folder.path, folder.path], until: ["charlie.txt", "10Quit"])
    // Each panel lists it (a file with a neighbour on either side, so a click a row off selects
    // another); once selected, the left panel's status line names it too.
    #expect(occurrences("bravo.txt", in: session.screen()) == 2, "\(session.screen())")
    try click(session, try #require(position(of: "bravo.txt", in: session.screen())))
    try session.waitFor { occurrences("bravo.txt", in: session.screen()) == 3 }
    try click(session, try #require(position(of: "10Quit", in: session.screen())))
    #expect(try session.waitForExit() == 0)
  }

  @Test(
    "bold red reaches the outer pane bold and red, and SGR 8 text is not shown",
    arguments: ["linux", "screen"])
  func boldRedAndConceal(term: String) throws {
    let bytes = #"printf '\033[1;31mBR\033[0m plain \033[8mHIDDEN\033[0m end\n'; sleep 30"#
    // `swift test --no-color-diagnostics` sets NO_COLOR, which run heeds.
    let session = try runInTmux(
      ["sh", "-c", bytes], until: ["end"], environment: ["TERM": term, "NO_COLOR": ""])
    try session.tmux(["new-window", "-d", "sh", "-c", bytes])
    try session.waitFor { session.screen("0:1").contains("end") }
    // tmux writes each attribute as a sequence of its own: bold, then red.
    let boldRed = "\u{1b}[1m\u{1b}[31mBR"
    #expect(escapedLine(session, 1, window: "0:1").contains(boldRed), "plain tmux")
    let line = escapedLine(session, 1)
    #expect(line.contains(boldRed), "\(term): \(line.debugDescription)")
    let shown = session.screen().split(separator: "\n", omittingEmptySubsequences: false)[0]
    #expect(shown == "BR plain " + String(repeating: " ", count: 6) + " end", "\(term)")
  }

  @Test("DECSC and DECRC keep the line-drawing set: A───, as in plain tmux")
  func restoreKeepsLineDrawing() throws {
    try expectAsInPlainTmux(#"A\033(0\0337\033(B\0338qqq\033(B\n"#, shows: ["A───", "done"])
  }

  @Test("DECCOLM clears the screen and homes the cursor, as in plain tmux")
  func columnModeClears() throws {
    try expectAsInPlainTmux(#"junk\nmore junk\033[?3lhome\n"#, shows: ["home", "done"])
  }

  @Test("REP right after a REP repeats nothing: aaaa, as in plain tmux")
  func repeatAfterRepeat() throws {
    try expectAsInPlainTmux(#"a\033[3b\033[2b|\n"#, shows: ["aaaa|", "done"])
  }

  /// `printf FORMAT` through `cheonjiin run`, and in a plain tmux window of the same server,
  /// then `done`: the first rows of each are drawn as `rows`.
  private func expectAsInPlainTmux(
    _ format: String, shows rows: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let command = "printf '\(format)'; printf done; sleep 30"
    let session = try runInTmux(["sh", "-c", command], until: ["done"])
    try session.tmux(["new-window", "-d", "sh", "-c", command])
    try session.waitFor { session.screen("0:1").contains("done") }
    let plain = (1...rows.count).map { drawnLine(escapedLine(session, $0, window: "0:1")) }
    #expect(plain == rows, "plain tmux", sourceLocation: sourceLocation)
    let shown = (1...rows.count).map { drawnLine(escapedLine(session, $0)) }
    #expect(shown == rows, "\(session.screen())", sourceLocation: sourceLocation)
  }
}

/// `cheonjiin run -- COMMAND` in tmux in a UTF-8 locale, once its screen shows each of `ready`.
private func runInTmux(
  _ command: [String], until ready: [String], environment: [String: String] = [:]
) throws -> TmuxSession {
  let session = try TmuxSession(
    arguments: ["run", "--"] + command,
    environment: locale("C.UTF-8").merging(environment) { $1 })
  try session.waitFor { ready.allSatisfy { session.screen().contains($0) } }
  return session
}

/// A cell's place on the pane, both counted from 1 as a mouse report counts them.
private struct Cell {
  var column: Int
  var row: Int
}

/// Where `text` first starts on the screen; every character before it on its line is one
/// column wide (box drawing and ASCII, which is what the programs draw there).
private func position(of text: String, in screen: String) -> Cell? {
  for (index, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
  {
    if let range = line.range(of: text) {
      return Cell(
        column: line.distance(from: line.startIndex, to: range.lowerBound) + 1, row: index + 1)
    }
  }
  return nil
}

/// A left-button press and release there, as the outer terminal reports it (SGR encoding).
private func click(_ session: TmuxSession, _ cell: Cell) throws {
  let report = "\(cell.column);\(cell.row)"
  try session.bytes("\u{1b}[<0;\(report)M\u{1b}[<0;\(report)m")
}

/// Row `row` (from 1) of the pane with its attributes, as `capture-pane -e` writes them.
private func escapedLine(_ session: TmuxSession, _ row: Int, window: String = "0") -> String {
  let lines = ((try? session.tmux(["capture-pane", "-p", "-e", "-t", window])) ?? "")
    .split(separator: "\n", omittingEmptySubsequences: false)
  return row <= lines.count ? String(lines[row - 1]) : ""
}

/// The characters of an escaped line as drawn: without its SGR, and with what tmux keeps in
/// the line-drawing set (between SO and SI) drawn as its box characters.
private func drawnLine(_ escaped: String) -> String {
  let lineDrawing: [Character: Character] = ["q": "─", "x": "│", "l": "┌", "k": "┐"]
  var drawn = ""
  var inLineDrawing = false
  var inSequence = false
  for character in escaped {
    switch character {
    case "\u{1b}": inSequence = true
    case "\u{0e}": inLineDrawing = true
    case "\u{0f}": inLineDrawing = false
    case _ where inSequence: inSequence = !character.isLetter
    case _ where inLineDrawing: drawn.append(lineDrawing[character] ?? character)
    default: drawn.append(character)
    }
  }
  return drawn.trimmingCharacters(in: .whitespaces)
}

/// htop marks the column it sorts by with a triangle right after the header's name.
private func sortedByPID(_ screen: String) -> Bool {
  screen.contains("PID△") || screen.contains("PID▽")
}

private func occurrences(_ text: String, in screen: String) -> Int {
  screen.components(separatedBy: text).count - 1
}
