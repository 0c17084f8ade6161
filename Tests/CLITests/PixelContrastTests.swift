import Foundation
import Testing

/// The pixel analysis of the contrast check, on pictures made up here: it must fail text that
/// is hard to read, and pass text that is not.
@Suite("Contrast from pixels: the analysis")
struct PixelContrastTests {
  static let white = RGB(255, 255, 255)
  static let black = RGB(0, 0, 0)
  static let grey = RGB(0x7F, 0x7F, 0x7F)
  static let lightGrey = RGB(0xE5, 0xE5, 0xE5)

  /// A picture of `columns` × 1 cells of 4 × 4 pixels in `background`, with a glyph of
  /// `glyph` (the middle 2 × 2 pixels) in the cells listed.
  static func picture(columns: Int, background: RGB, glyph: RGB, inked: Set<Int>) -> PixelImage {
    var bytes: [UInt8] = []
    for y in 0..<4 {
      for x in 0..<(columns * 4) {
        let isInk = inked.contains(x / 4) && (1...2).contains(x % 4) && (1...2).contains(y)
        let colour = isInk ? glyph : background
        bytes += [colour.red, colour.green, colour.blue]
      }
    }
    return PixelImage(width: columns * 4, height: 4, bytes: bytes)
  }

  @Test("WCAG contrast ratios of xterm's colours")
  func ratios() {
    #expect(Self.black.contrast(with: Self.white) == 21)
    // Bold black on xterm's 8-colour white: the 3.18:1.
    #expect(abs(Self.grey.contrast(with: Self.lightGrey) - 3.18) < 0.01)
    // Bold black on xterm's yellow: the 2.35:1.
    #expect(abs(Self.grey.contrast(with: RGB(0xCD, 0xCD, 0x00)) - 2.35) < 0.01)
    // Bold green on white: the 1.37:1.
    #expect(abs(RGB(0, 0xFF, 0).contrast(with: Self.white) - 1.37) < 0.01)
    #expect(Self.white.contrast(with: Self.white) == 1)
  }

  @Test("a cell's background is its commonest colour, its glyph the most distant one")
  func cell() {
    let image = Self.picture(columns: 3, background: Self.lightGrey, glyph: Self.grey, inked: [2])
    let grid = CellGrid(image: image, columns: 3, rows: 1)
    let cells = grid.cells(text: ["a b"])
    #expect(cells.count == 2)
    #expect(cells[0].glyph == Self.lightGrey && cells[0].inkPixels == 0 && cells[0].ratio == 1)
    #expect(cells[1].glyph == Self.grey && cells[1].background == Self.lightGrey)
    #expect(cells[1].inkPixels == 4)
    #expect(cells[1].ratio < 4.5)
  }

  @Test("a character that should be there and does not show is found, at 1:1")
  func invisible() {
    let image = Self.picture(columns: 2, background: Self.white, glyph: Self.white, inked: [0, 1])
    let cells = CellGrid(image: image, columns: 2, rows: 1).cells(text: ["가"])
    #expect(cells.count == 1)
    #expect(cells[0].ratio == 1 && cells[0].inkPixels == 0)
  }

  @Test("wide characters take two cells; spaces and drawing characters are skipped")
  func widths() {
    let image = Self.picture(
      columns: 6, background: Self.white, glyph: Self.black, inked: [0, 1, 3, 4, 5])
    let cells = CellGrid(image: image, columns: 6, rows: 1).cells(text: ["가 a█│"])
    #expect(cells.map(\.column) == [0, 3])
    #expect(cells.map(\.character) == ["가", "a"])
    #expect(cells.allSatisfy { $0.ratio == 21 })
  }

  @Test("binary PPM, with a comment, as ImageMagick writes it")
  func ppm() throws {
    let data = Data("P6\n# made by hand\n2 1\n255\n".utf8) + Data([0, 0, 0, 255, 255, 255])
    let image = try PixelImage(ppm: data)
    #expect(image.width == 2 && image.height == 1)
    #expect(image.pixel(x: 1, y: 0) == Self.white)
    #expect(throws: RigError.self) { try PixelImage(ppm: Data("P3\n1 1\n255\n0 0 0\n".utf8)) }
    #expect(throws: RigError.self) { try PixelImage(ppm: Data("P6\n2 1\n65535\n".utf8)) }
  }
}
