import ChildTerminal
import Foundation
import Testing

@Suite("The child's screen, emulated by libvterm")
struct EmulatorTests {
  @Test("what crashes libvterm 0.1.4 bare: 17 parameters, and vim's colour sequence, applied whole")
  func crashSequences() {
    let emulator = Emulator(rows: 3, columns: 20)
    emulator.feed(Array("\u{1B}[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1mA".utf8))
    emulator.feed(Array("\u{1B}[0m\u{1B}[38;2;1;2;3;48;2;4;5;6;58;2;7;8;9;1;4mB".utf8))
    #expect(emulator.cell(row: 0, column: 0).isBold)
    let b = emulator.cell(row: 0, column: 1)
    #expect(b.foreground == .rgb(red: 1, green: 2, blue: 3))
    #expect(b.background == .rgb(red: 4, green: 5, blue: 6))
    #expect(b.isBold && b.isUnderlined)
    #expect(!b.isReversed && !b.isStruck)  // 58;2;7;8;9 is an underline colour, not 7 and 9
  }

  @Test("dim, strike and blink are kept (libvterm 0.1.4 drops dim; the filter reports it)")
  func dimStrikeBlink() {
    let emulator = Emulator(rows: 2, columns: 20)
    emulator.feed(Array("\u{1B}[2mA\u{1B}[9mB\u{1B}[22;29;5mC\u{1B}[0mD".utf8))
    let (a, b, c, d) = (
      emulator.cell(row: 0, column: 0), emulator.cell(row: 0, column: 1),
      emulator.cell(row: 0, column: 2), emulator.cell(row: 0, column: 3)
    )
    #expect(a.isDim && !a.isStruck)
    #expect(b.isDim && b.isStruck)
    #expect(!c.isDim && !c.isStruck && c.isBlinking)
    #expect(!d.isDim && !d.isBlinking)
  }

  @Test("every mode of a combined set applies: ncurses' mouse sequence, autowrap with 1049")
  func combinedModes() {
    let emulator = Emulator(rows: 24, columns: 80)
    emulator.feed(Array("\u{1B}[?1006;1000h".utf8))
    #expect(emulator.mouseMode == .click)
    emulator.mouseMove(row: 3, column: 10)
    emulator.mouseButton(.left, pressed: true)
    #expect(String(decoding: emulator.takeOutput(), as: UTF8.self) == "\u{1B}[<0;11;4M")
    emulator.feed(Array("\u{1B}[?1006$p\u{1B}[?1000$p".utf8))  // DECRQM: both are set
    #expect(
      String(decoding: emulator.takeOutput(), as: UTF8.self)
        == "\u{1B}[?1006;1$y\u{1B}[?1000;1$y")
    emulator.feed(Array("\u{1B}[?1000;1006l".utf8))
    #expect(emulator.mouseMode == .none)
    emulator.feed(Array("\u{1B}[?1049$p\u{1B}[?7;1049h\u{1B}[?1049$p".utf8))
    #expect(emulator.isAlternateScreen)
    #expect(
      String(decoding: emulator.takeOutput(), as: UTF8.self)
        == "\u{1B}[?1049;2$y\u{1B}[?1049;1$y")  // as xterm answers
    emulator.feed(Array("\u{1B}[?1049;25l".utf8))
    #expect(!emulator.isAlternateScreen && !emulator.isCursorVisible)
  }

  @Test("DECSC and DECRC keep the character sets, as xterm does (ESC 7 and mode 1049)")
  func savedCharacterSets() {
    let cases = [
      ("A\u{1B}(0\u{1B}7\u{1B}(B\u{1B}8qqq", "A───"),
      ("\u{1B}(B\u{1B}7\u{1B}(0\u{1B}8qqq", "qqq"),
      // SO shows G1; a restore shifts back to the G0 saved.
      ("\u{1B})0\u{1B}[?1049h\u{0E}q\u{1B}[?1049lq\u{0E}q\u{0F}q", "q─q"),
    ]
    for (output, shown) in cases {
      let emulator = Emulator(rows: 3, columns: 20)
      emulator.feed(Array(output.utf8))
      #expect(emulator.text(row: 0) == shown, "\(output.debugDescription)")
    }
  }

  @Test("DECSTR shows ASCII again, as xterm does, whatever was designated and shifted")
  func softResetCharacterSets() {
    for output in ["\u{1B}(0q\u{1B}[!pq", "\u{1B})0\u{0E}q\u{1B}[!pq", "\u{1B}(Aq\u{1B}[!p#"] {
      let emulator = Emulator(rows: 3, columns: 20)
      emulator.feed(Array(output.utf8))
      #expect(emulator.text(row: 0).unicodeScalars.last == output.unicodeScalars.last)
    }
  }

  @Test("DECCOLM clears the screen, resets the margins and homes the cursor (set or reset)")
  func columnMode() {
    let emulator = Emulator(rows: 4, columns: 20)
    emulator.feed(Array("one\r\ntwo\u{1B}[2;3r\u{1B}[?6h\u{1B}[?3l".utf8))
    #expect((0..<4).map { emulator.text(row: $0) } == ["", "", "", ""])
    #expect(emulator.cursor == (0, 0))
    emulator.feed(Array("\u{1B}[?6l\u{1B}[4;1Hlast\n".utf8))  // the margins are the screen's
    #expect(emulator.text(row: 2) == "last")
    emulator.feed(Array("x\u{1B}[?3h".utf8))
    #expect(emulator.text(row: 2) == "" && emulator.cursor == (0, 0))
  }

  @Test("conceal (SGR 8) is kept until SGR 28 or a reset")
  func conceal() {
    let emulator = Emulator(rows: 2, columns: 20)
    emulator.feed(Array("\u{1B}[8mA\u{1B}[28mB\u{1B}[8mC\u{1B}[0mD".utf8))
    #expect(
      (0..<4).map { emulator.cell(row: 0, column: $0).isConcealed } == [true, false, true, false])
    emulator.feed(Array("\u{1B}[8m\u{1B}cE".utf8))  // RIS resets the pen
    #expect(emulator.text(row: 0) == "E" && !emulator.cell(row: 0, column: 0).isConcealed)
  }

  @Test("lines scrolled off the top are kept, oldest first, and read back by offset")
  func scrollback() {
    let emulator = Emulator(rows: 5, columns: 20)
    emulator.feed(Array((1...100).map(String.init).joined(separator: "\r\n").utf8))
    #expect(emulator.scrollbackCount == 95)
    #expect(emulator.text(row: 4) == "100")
    #expect(emulator.line(0, scrolledBack: 95).text == "1")
    #expect(emulator.line(4, scrolledBack: 3).text == "97")
    #expect(emulator.line(0, scrolledBack: 1000).text == "1")  // clamped to the oldest
    emulator.feed(Array("\u{1B}[3J".utf8))
    #expect(emulator.scrollbackCount == 0)
  }

  @Test("the scrollback is bounded in lines and in cells")
  func scrollbackBounds() {
    let emulator = Emulator(
      rows: 3, columns: 40, scrollback: EmulatorScrollback(lineLimit: 10, cellLimit: 100))
    for index in 0..<50 { emulator.feed(Array("line \(index)\r\n".utf8)) }
    #expect(emulator.scrollbackCount == 10)
    // Full, the ring takes each new line into its oldest line's slot: still oldest first.
    #expect(
      (0..<10).map { emulator.line(0, scrolledBack: 10 - $0).text }
        == (38..<48).map { "line \($0)" })
    emulator.feed(Array((String(repeating: "x", count: 40) + "\r\n").utf8))
    for _ in 0..<3 { emulator.feed(Array((String(repeating: "y", count: 40) + "\r\n").utf8)) }
    #expect(emulator.scrollbackCells <= 100)
  }

  @Test("a row scrolled in is blank, whatever was on it: text, a coloured erase, shifted cells")
  func scrolledInRowsAreBlank() {
    let emulator = Emulator(rows: 3, columns: 12)
    // Long lines, then a coloured erase to the end of a line, then cells shifted right (ICH):
    // each row is cleared again as it comes back at the bottom.
    emulator.feed(Array("abcdefghijkl\r\nmnopqrstuvwx\r\n\u{1B}[41mred\u{1B}[K\u{1B}[m".utf8))
    emulator.feed(Array("\r\nshift\r\u{1B}[4@\r\n".utf8))
    for line in ["1", "2", "3", "4"] { emulator.feed(Array("\r\n\(line)".utf8)) }
    #expect((0..<3).map { emulator.text(row: $0) } == ["2", "3", "4"])
    for row in 0..<3 {
      #expect((0..<12).allSatisfy { emulator.cell(row: row, column: $0).background == .default })
    }
    #expect(emulator.line(0, scrolledBack: 3).text == "    shift")
    #expect(emulator.line(0, scrolledBack: 4).text == "red")
    #expect(emulator.line(0, scrolledBack: 4).cells.count == 12)  // its red background kept
  }

  @Test("a scroll region or the alternate screen keeps nothing in the scrollback")
  func noScrollbackInRegions() {
    let emulator = Emulator(rows: 5, columns: 10)
    emulator.feed(Array("\u{1B}[2;4r\u{1B}[4;1H".utf8))
    for _ in 0..<10 { emulator.feed(Array("x\r\n".utf8)) }
    #expect(emulator.scrollbackCount == 0)
    emulator.feed(Array("\u{1B}[r\u{1B}[?1049h".utf8))
    for _ in 0..<10 { emulator.feed(Array("y\r\n".utf8)) }
    #expect(emulator.scrollbackCount == 0 && emulator.isAlternateScreen)
    #expect(emulator.line(0, scrolledBack: 5).text == emulator.text(row: 0))
  }

  @Test("a wide character half overwritten leaves no half behind")
  func wideHalves() {
    let emulator = Emulator(rows: 2, columns: 10)
    emulator.feed(Array("가나\u{1B}[1;2Hx".utf8))
    #expect(emulator.text(row: 0) == " x나")
    emulator.feed(Array("\u{1B}[1;3H\u{1B}[1P".utf8))  // delete the left half of 나
    #expect(emulator.text(row: 0) == " x")
    emulator.feed(Array("\r\n다라\u{1B}[2;1H\u{1B}[1@".utf8))  // one blank inserted before them
    #expect(emulator.text(row: 1) == " 다라")
  }

  @Test("erasing takes the background colour (xterm's background colour erase)")
  func backgroundErase() {
    let emulator = Emulator(rows: 2, columns: 5)
    emulator.feed(Array("\u{1B}[44m\u{1B}[2J".utf8))
    #expect(emulator.cell(row: 1, column: 4).background == .indexed(4))
  }

  @Test("a smaller window sends rows to the scrollback; a larger one takes them back")
  func resizeWithScrollback() {
    let emulator = Emulator(rows: 5, columns: 10)
    emulator.feed(Array("1\r\n2\r\n3\r\n4\r\n5".utf8))
    emulator.resize(rows: 3, columns: 10)
    #expect((0..<3).map { emulator.text(row: $0) } == ["3", "4", "5"])
    #expect(emulator.scrollbackCount == 2 && emulator.cursor.row == 2)
    emulator.resize(rows: 5, columns: 4)
    #expect((0..<5).map { emulator.text(row: $0) } == ["1", "2", "3", "4", "5"])
    #expect(emulator.cursor.row == 4)
  }

  @Test("a character with combining marks is one cell")
  func combining() {
    let emulator = Emulator(rows: 2, columns: 10)
    emulator.feed(Array("e\u{301}x".utf8))
    #expect(emulator.cell(row: 0, column: 0).text == "e\u{301}")
    #expect(emulator.cell(row: 0, column: 1).text == "x")
  }

  @Test("the cursor style as asked, a clipboard write taken once")
  func cursorAndClipboard() {
    let emulator = Emulator(rows: 2, columns: 10)
    #expect(emulator.cursorStyle == 0)
    emulator.feed(Array("\u{1B}[6 q".utf8))
    #expect(emulator.cursorStyle == 6 && emulator.cursorShape == .bar)
    emulator.feed(Array("\u{1B}]52;c;aGk=\u{07}".utf8))
    #expect(emulator.takeClipboardWrite()?.base64 == Array("aGk=".utf8))
    #expect(emulator.takeClipboardWrite() == nil)
  }

  @Test("text, wide Hangul cells and the cursor")
  func text() {
    let emulator = Emulator(rows: 5, columns: 20)
    emulator.feed(Array("ab 안녕\r\n두 번째".utf8))
    #expect(emulator.text(row: 0) == "ab 안녕")
    #expect(emulator.text(row: 1) == "두 번째")
    #expect(emulator.cell(row: 0, column: 3).width == 2)
    #expect(emulator.cell(row: 0, column: 3).text == "안")
    #expect(emulator.cell(row: 0, column: 4).text == "")  // the right half of 안
    #expect(emulator.cursor.row == 1 && emulator.cursor.column == 7)
  }

  @Test("bold, underline, reverse, 16, 256 and true colours")
  func attributes() {
    let emulator = Emulator(rows: 2, columns: 20)
    emulator.feed(
      Array("\u{1b}[1;4;7;31mA\u{1b}[0;38;5;208mB\u{1b}[38;2;1;2;3;48;5;4mC\u{1b}[0mD".utf8))
    let a = emulator.cell(row: 0, column: 0)
    #expect(a.isBold && a.isUnderlined && a.isReversed)
    #expect(a.foreground == .indexed(1))
    #expect(emulator.cell(row: 0, column: 1).foreground == .indexed(208))
    let c = emulator.cell(row: 0, column: 2)
    #expect(c.foreground == .rgb(red: 1, green: 2, blue: 3))
    #expect(c.background == .indexed(4))
    #expect(emulator.cell(row: 0, column: 3).foreground == .default)
  }

  @Test("the alternate screen, then back to the text under it")
  func alternateScreen() {
    let emulator = Emulator(rows: 3, columns: 10)
    emulator.feed(Array("shell$".utf8))
    emulator.feed(Array("\u{1b}[?1049h\u{1b}[Hvim".utf8))
    #expect(emulator.text(row: 0) == "vim")
    emulator.feed(Array("\u{1b}[?1049l".utf8))
    #expect(emulator.text(row: 0) == "shell$")
  }

  @Test("keys are encoded for the child's modes: application cursor keys, Enter, Ctrl")
  func keys() {
    let emulator = Emulator(rows: 3, columns: 10)
    emulator.press(.up)
    #expect(emulator.takeOutput() == Array("\u{1b}[A".utf8))
    emulator.feed(Array("\u{1b}[?1h".utf8))  // the child asks for application cursor keys
    emulator.press(.up)
    #expect(emulator.takeOutput() == Array("\u{1b}OA".utf8))
    emulator.press(.enter)
    #expect(emulator.takeOutput() == [0x0D])
    emulator.type("c", control: true)
    #expect(emulator.takeOutput() == [0x03])
    emulator.type("한")
    #expect(emulator.takeOutput() == Array("한".utf8))
  }

  @Test("a megabyte of text at once: fed in pieces, the last line shows (libvterm's stack)")
  func flood() {
    let emulator = Emulator(rows: 3, columns: 40)
    let line = Array("안녕하세요 hello world 1234567890\r\n".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1 << 20)
    // libvterm decodes a piece into a stack array four times its size: a megabyte in one piece
    // overflows a thread's stack; pieces of 4 KiB do not.
    while bytes.count < 1 << 20 { bytes += line }
    emulator.feed(bytes + Array("끝".utf8))
    #expect(emulator.text(row: 1) == "안녕하세요 hello world 1234567890")
    #expect(emulator.text(row: 2) == "끝")
  }

  @Test("random bytes never trap and the screen stays its size")
  func randomBytes() {
    let emulator = Emulator(rows: 4, columns: 8)
    var state: UInt64 = 7
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let count = Int(state >> 60)
      var bytes: [UInt8] = []
      for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: state >> (index * 4))) }
      emulator.feed(bytes)
    }
    emulator.resize(rows: 2, columns: 3)
    #expect(emulator.rows == 2 && emulator.columns == 3)
    _ = emulator.text(row: 1)
  }
}
