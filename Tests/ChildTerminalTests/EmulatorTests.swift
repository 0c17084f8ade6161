import ChildTerminal
import Foundation
import Testing

@Suite("The child's screen, emulated by libvterm")
struct EmulatorTests {
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

  @Test("sixteen megabytes of text at once: fed in pieces, the last line shows (libvterm's stack)")
  func flood() {
    let emulator = Emulator(rows: 3, columns: 40)
    let line = Array("안녕하세요 hello world 1234567890\r\n".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(16 << 20)
    while bytes.count < 16 << 20 { bytes += line }
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
