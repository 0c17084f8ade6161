import CellGrid
import Testing

@Suite("A child program's colours on any terminal")
struct ChildColourTests {
  @Test("true colour goes to the nearest of the 256; 256 to the nearest of 8; none without")
  func mapping() {
    #expect(Palette.nearest256(red: 0, green: 0, blue: 255) == 21)
    #expect(Palette.nearest256(red: 255, green: 135, blue: 0) == 208)
    #expect(Palette.nearest256(red: 128, green: 128, blue: 128) == 244)
    #expect(Palette.shown(208, depth: .twoHundredFiftySix) == 208)
    #expect(Palette.shown(208, depth: .eight) == 3)  // orange → yellow
    #expect(Palette.shown(9, depth: .eight) == 1)  // bright red → red
    #expect(Palette.shown(208, depth: .none) == -1)
  }

  @Test("a cell's own colours and reverse reach the SGR the frame writer sends")
  func written() {
    var screen = Screen(rows: 1, columns: 4, width: { _ in 1 }, scalarWidth: { _ in 1 })
    screen.draw("a", row: 0, column: 0, style: .normal, attributes: [.ownForeground, .reverse])
    screen[0, 0].foreground = 208
    var writer = FrameWriter(hasDelayedWrap: true)
    let palette = Palette(theme: Theme.named(.light), depth: .twoHundredFiftySix)
    let bytes = String(decoding: writer.update(to: screen, palette: palette), as: UTF8.self)
    #expect(bytes.contains("38;5;208"), "\(bytes)")
    #expect(bytes.contains("\u{1B}[7;38;5;208m"), "\(bytes.debugDescription)")
  }

  @Test("italic is written as SGR 3 and ended before plain text (23 or a reset, the shorter)")
  func italic() {
    var screen = Screen(rows: 1, columns: 4, width: { _ in 1 }, scalarWidth: { _ in 1 })
    screen.draw("a", row: 0, column: 0, style: .normal, attributes: .italic)
    screen.draw("b", row: 0, column: 1, style: .normal)
    var writer = FrameWriter(hasDelayedWrap: true)
    let palette = Palette(theme: Theme.named(.light), depth: .twoHundredFiftySix)
    let bytes = String(decoding: writer.update(to: screen, palette: palette), as: UTF8.self)
    #expect(bytes.contains("3ma"), "\(bytes.debugDescription)")
    #expect(
      bytes.contains("\u{1B}[23mb") || bytes.contains("\u{1B}[0mb"), "\(bytes.debugDescription)")
  }
}
