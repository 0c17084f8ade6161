import ChildTerminal
import Foundation
import TestSupport
import Testing

/// The bytes of a capability of the terminfo entry the emulator's children get, as
/// ncurses' `tput` writes them for a program.
private func capability(_ name: String, _ parameters: any CustomStringConvertible...) throws
  -> [UInt8]
{
  let tput = Process()
  tput.executableURL = URL(fileURLWithPath: "/usr/bin/tput")
  tput.arguments = ["-T", Emulator.terminalName, name] + parameters.map(\.description)
  tput.environment = childEnvironment()
  let output = Pipe()
  tput.standardOutput = output
  try tput.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  tput.waitUntilExit()
  try #require(tput.terminationStatus == 0, "tput \(name) failed")
  return Array(data)
}

/// A 6 × 20 emulator with "abcdefghij" on each row.
private func filled() -> Emulator {
  let emulator = Emulator(rows: 6, columns: 20)
  let rows = (0..<6).map { "\($0)bcdefghij" }.joined(separator: "\r\n")
  emulator.feed(Array(rows.utf8))
  return emulator
}

@Suite("The children's TERM, xterm-256color: its common capabilities do what they say")
struct EmulatorTerminfoTests {
  @Test("cursor movement: cup, home, hpa, vpa, cuu/cud/cuf/cub, cr, ht, cbt, sc/rc")
  func movement() throws {
    let emulator = filled()
    emulator.feed(try capability("cup", 3, 7))
    #expect(emulator.cursor == (3, 7))
    emulator.feed(try capability("cuu", 2) + capability("cuf", 3))
    #expect(emulator.cursor == (1, 10))
    emulator.feed(try capability("cud1") + capability("cub1") + capability("cub", 2))
    #expect(emulator.cursor == (2, 7))
    emulator.feed(try capability("hpa", 4) + capability("vpa", 5))
    #expect(emulator.cursor == (5, 4))
    emulator.feed(try capability("sc") + capability("home") + capability("rc"))
    #expect(emulator.cursor == (5, 4))
    emulator.feed(try capability("cr") + capability("ht"))
    #expect(emulator.cursor == (5, 8))
    emulator.feed(try capability("cbt"))
    #expect(emulator.cursor == (5, 0))
  }

  @Test("erasing and editing: el, el1, ed, ech, ich, dch, il, dl, rep, clear")
  func editing() throws {
    let emulator = filled()
    emulator.feed(try capability("cup", 0, 5) + capability("el"))
    #expect(emulator.text(row: 0) == "0bcde")
    emulator.feed(try capability("cup", 1, 5) + capability("el1"))
    #expect(emulator.text(row: 1) == "      ghij")
    emulator.feed(try capability("cup", 2, 2) + capability("ech", 3))
    #expect(emulator.text(row: 2) == "2b   fghij")
    emulator.feed(try capability("cup", 3, 2) + capability("ich", 2))
    #expect(emulator.text(row: 3) == "3b  cdefghij")
    emulator.feed(try capability("cup", 4, 2) + capability("dch", 3))
    #expect(emulator.text(row: 4) == "4bfghij")
    emulator.feed(try capability("cup", 1, 0) + capability("dl", 1))
    #expect(emulator.text(row: 1) == "2b   fghij")
    emulator.feed(try capability("il1"))
    #expect(emulator.text(row: 1) == "" && emulator.text(row: 2) == "2b   fghij")
    emulator.feed(try capability("cup", 5, 3) + capability("ed"))
    #expect(emulator.text(row: 5) == "5bc")
    emulator.feed(try capability("cup", 0, 0) + capability("rep", Int(UInt8(ascii: "x")), 4))
    #expect(emulator.text(row: 0) == "xxxxe")
    emulator.feed(try capability("clear"))
    #expect((0..<6).allSatisfy { emulator.text(row: $0).isEmpty } && emulator.cursor == (0, 0))
  }

  @Test("scrolling: csr with ind and ri, indn and rin; E3 clears the scrollback")
  func scrolling() throws {
    let emulator = filled()
    emulator.feed(try capability("csr", 1, 3) + capability("cup", 3, 0) + capability("ind"))
    #expect(emulator.text(row: 1) == "2bcdefghij" && emulator.text(row: 3) == "")
    #expect(emulator.text(row: 4) == "4bcdefghij")
    emulator.feed(try capability("cup", 1, 0) + capability("ri"))
    #expect(emulator.text(row: 1) == "" && emulator.text(row: 2) == "2bcdefghij")
    emulator.feed(try capability("csr", 0, 5) + capability("indn", 2))
    #expect(emulator.scrollbackCount == 2 && emulator.text(row: 0) == "2bcdefghij")
    emulator.feed(try capability("rin", 1))
    #expect(emulator.text(row: 0) == "" && emulator.text(row: 1) == "2bcdefghij")
    emulator.feed(try capability("E3"))
    #expect(emulator.scrollbackCount == 0)
  }

  @Test("renditions: bold, dim, smul, rev, sitm, smxx, blink, setaf/setab (256), sgr0")
  func renditions() throws {
    let emulator = Emulator(rows: 2, columns: 20)
    emulator.feed(
      try capability("bold") + capability("dim") + capability("smul") + capability("rev")
        + capability("sitm") + capability("smxx") + capability("blink") + capability("setaf", 208)
        + capability("setab", 4) + Array("A".utf8) + capability("sgr0") + Array("B".utf8))
    let a = emulator.cell(row: 0, column: 0)
    #expect(a.isBold && a.isDim && a.isUnderlined && a.isReversed && a.isItalic)
    #expect(a.isStruck && a.isBlinking)
    #expect(a.foreground == .indexed(208) && a.background == .indexed(4))
    let b = emulator.cell(row: 0, column: 1)
    #expect(!b.isBold && !b.isDim && !b.isUnderlined && b.foreground == .default)
  }

  @Test("modes: smcup/rmcup, civis/cnorm, Ss, smkx with the keys it names, bracketed paste")
  func modes() throws {
    let emulator = filled()
    emulator.feed(try capability("smcup"))
    #expect(emulator.isAlternateScreen && emulator.text(row: 0).isEmpty)
    emulator.feed(try capability("rmcup"))
    #expect(!emulator.isAlternateScreen && emulator.text(row: 0) == "0bcdefghij")
    emulator.feed(try capability("civis"))
    #expect(!emulator.isCursorVisible)
    emulator.feed(try capability("cnorm") + capability("Ss", 6))
    #expect(emulator.isCursorVisible && emulator.cursorShape == .bar)
    emulator.feed(try capability("smkx"))
    let keys: [(String, Emulator.Key)] = [
      ("kcuu1", .up), ("kcud1", .down), ("kcuf1", .right), ("kcub1", .left), ("khome", .home),
      ("kend", .end), ("kich1", .insert), ("kdch1", .delete), ("kpp", .pageUp),
      ("knp", .pageDown), ("kf1", .function(1)), ("kf5", .function(5)), ("kf12", .function(12)),
    ]
    for (name, key) in keys {
      emulator.press(key)
      let expected = try capability(name)
      #expect(emulator.takeOutput() == expected, "\(name)")
    }
    emulator.feed(try capability("BE"))
    let bracketed = try capability("PS") + Array("가".utf8) + capability("PE")
    #expect(emulator.paste("가") == bracketed)
  }

  @Test("queries: u7 is answered in u6's form; Ms writes the clipboard")
  func queries() throws {
    let emulator = filled()
    emulator.feed(try capability("cup", 2, 4) + capability("u7"))
    #expect(emulator.takeOutput() == Array("\u{1B}[3;5R".utf8))  // u6: \E[%i%d;%dR
    emulator.feed(try capability("Ms", "c", "aGk="))
    #expect(emulator.takeClipboardWrite()?.base64 == Array("aGk=".utf8))
  }
}
