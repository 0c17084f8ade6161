import Testing

@testable import CellGrid

/// Bytes as readable text: ESC shown as ␛.
private func shown(_ bytes: [UInt8]) -> String {
  String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "␛" : $0 })
}

/// Widths as the terminal draws them.
private let terminalWidth: @Sendable (Character) -> Int = { DisplayWidth.of($0) }

private let palette = Palette(theme: .light, depth: .twoHundredFiftySix)

@Suite("The frame writer: only what changed, in few bytes")
struct FrameWriterTests {
  @Test("the first frame clears the screen and writes only cells that are not blank")
  func firstFrame() {
    var writer = FrameWriter()
    var screen = Screen(rows: 2, columns: 4, width: terminalWidth)
    screen.draw("ab", row: 1, column: 1, style: .normal)
    #expect(shown(writer.update(to: screen, palette: palette)) == "␛[0m␛[H␛[2J␛[2;2Hab")
  }

  @Test("an unchanged frame writes nothing; one changed cell writes a move and the cell")
  func onlyChanges() {
    var writer = FrameWriter()
    var screen = Screen(rows: 3, columns: 10, width: terminalWidth)
    screen.draw("가나", row: 0, column: 1, style: .text)
    _ = writer.update(to: screen, palette: palette)
    #expect(writer.update(to: screen, palette: palette).isEmpty)
    screen.draw("다", row: 0, column: 3, style: .text)
    #expect(shown(writer.update(to: screen, palette: palette)) == "␛[;4H다")
  }

  @Test("the rendition carries over between updates instead of being reset")
  func renditionCarriesOver() {
    var writer = FrameWriter()
    var screen = Screen(rows: 1, columns: 10, width: terminalWidth)
    _ = writer.update(to: screen, palette: palette)
    screen.draw("a", row: 0, column: 0, style: .composing, attributes: .underline)
    let first = shown(writer.update(to: screen, palette: palette))
    #expect(first == "␛[4;7ma")
    screen.draw("b", row: 0, column: 5, style: .composing, attributes: .underline)
    #expect(shown(writer.update(to: screen, palette: palette)) == "␛[;6Hb")
  }

  @Test("switching an attribute off picks the shorter of a reset and a change")
  func shortestRendition() {
    var bytes: [UInt8] = []
    var bold = Rendition()
    bold.bold = true
    bold.foreground = 25
    var plain = Rendition()
    plain.foreground = 25
    plain.appendSGR(from: bold, to: &bytes)
    #expect(shown(bytes) == "␛[22m")
    bytes = []
    Rendition.plain.appendSGR(from: bold, to: &bytes)
    #expect(shown(bytes) == "␛[0m")
  }

  @Test("a change inside a wide character redraws the whole character")
  func wideCharacters() {
    var writer = FrameWriter()
    var screen = Screen(rows: 1, columns: 6, width: terminalWidth)
    screen.draw("가나", row: 0, column: 0, style: .text)
    _ = writer.update(to: screen, palette: palette)
    screen.draw("a", row: 0, column: 1, style: .text)
    // "가" lost its right half: the writer writes "a" where it starts, the blank left of it too.
    let bytes = shown(writer.update(to: screen, palette: palette))
    #expect(bytes.contains("a"))
    #expect(!bytes.contains("나"))
  }

  @Test("without delayed wrap the bottom-right cell is never written (it would scroll)")
  func bottomRight() {
    var writer = FrameWriter(hasDelayedWrap: false)
    var screen = Screen(rows: 2, columns: 3, width: terminalWidth)
    screen.draw("xyz", row: 1, column: 0, style: .text)
    let bytes = shown(writer.update(to: screen, palette: palette))
    #expect(bytes.hasSuffix("xy"))
  }

  @Test("control characters in text never reach the terminal as controls")
  func noControls() {
    var writer = FrameWriter()
    var screen = Screen(rows: 1, columns: 10, width: { _ in 1 })
    screen.draw("a\u{1B}[2Jb", row: 0, column: 0, style: .text)
    let bytes = writer.update(to: screen, palette: palette)
    #expect(bytes.filter { $0 == 0x1B }.count == 3)  // the writer's own: SGR, home, clear
  }

  @Test("a new size repaints everything")
  func resize() {
    var writer = FrameWriter()
    var small = Screen(rows: 1, columns: 3, width: terminalWidth)
    small.draw("a", row: 0, column: 0, style: .text)
    _ = writer.update(to: small, palette: palette)
    var large = Screen(rows: 2, columns: 4, width: terminalWidth)
    large.draw("a", row: 0, column: 0, style: .text)
    #expect(shown(writer.update(to: large, palette: palette)).contains("␛[2J"))
  }
}
