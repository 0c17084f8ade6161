import CellGrid
import Foundation
import TerminalUI

// Contrast measured from pixels: for each cell of a screenshot that holds a
// character, the background is the colour most of the cell's pixels have and the glyph the
// colour that stands out most from it; their WCAG 2 contrast ratio must be at least 4.5:1.
// Pure: the tests feed it screenshots, and its own tests feed it made-up pictures.

/// A colour of a screenshot.
struct RGB: Hashable, Sendable, CustomStringConvertible {
  var red: UInt8
  var green: UInt8
  var blue: UInt8

  init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  var description: String { String(format: "#%02x%02x%02x", red, green, blue) }

  /// WCAG 2's relative luminance: the sRGB channels made linear, weighted by how bright
  /// each looks.
  var luminance: Double {
    func linear(_ channel: UInt8) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// WCAG 2's contrast ratio, 1…21: (lighter + 0.05) / (darker + 0.05).
  func contrast(with other: RGB) -> Double {
    let (a, b) = (luminance, other.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

/// A screenshot: RGB pixels, row by row.
struct PixelImage: Equatable, Sendable {
  let width: Int
  let height: Int
  /// Three bytes a pixel.
  let bytes: [UInt8]

  init(width: Int, height: Int, bytes: [UInt8]) {
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  /// Reads a binary PPM (P6, 8 bits a channel), as `import … ppm:FILE` writes it.
  init(ppm data: Data) throws {
    let bytes = [UInt8](data)
    var index = 0
    func field() throws -> Int {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        } else if bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
          index += 1
        } else {
          break
        }
      }
      let start = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      guard let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else {
        throw RigError("not a PPM file: no number at byte \(start)")
      }
      return value
    }
    guard bytes.starts(with: Array("P6".utf8)) else { throw RigError("not a binary PPM (P6)") }
    index = 2
    let width = try field()
    let height = try field()
    let maximum = try field()
    index += 1  // the one white-space byte before the pixels
    guard maximum == 255, bytes.count - index >= width * height * 3 else {
      throw RigError("unexpected PPM: \(width)×\(height), maximum \(maximum)")
    }
    self.init(
      width: width, height: height, bytes: Array(bytes[index..<(index + width * height * 3)]))
  }

  /// No picture, before the first screenshot.
  static let empty = PixelImage(width: 0, height: 0, bytes: [])

  func pixel(x: Int, y: Int) -> RGB {
    let offset = (y * width + x) * 3
    return RGB(bytes[offset], bytes[offset + 1], bytes[offset + 2])
  }

  /// How many different colours the picture has, counting up to `limit`.
  func distinctColours(limit: Int) -> Int {
    var seen: Set<RGB> = []
    for offset in stride(from: 0, to: bytes.count, by: 3) {
      seen.insert(RGB(bytes[offset], bytes[offset + 1], bytes[offset + 2]))
      if seen.count >= limit { break }
    }
    return seen.count
  }

  /// The colours of a rectangle and how many pixels have each.
  func histogram(x: Range<Int>, y: Range<Int>) -> [RGB: Int] {
    var counts: [RGB: Int] = [:]
    for row in y.clamped(to: 0..<height) {
      for column in x.clamped(to: 0..<width) { counts[pixel(x: column, y: row), default: 0] += 1 }
    }
    return counts
  }
}

/// What one character cell shows.
struct CellContrast: Sendable, CustomStringConvertible {
  var row: Int
  var column: Int
  var character: Character
  var background: RGB
  var glyph: RGB
  /// How many pixels of the cell are not the background: 0 for a glyph that does not show.
  var inkPixels: Int

  var ratio: Double { glyph.contrast(with: background) }

  var description: String {
    String(
      format: "row %d col %d “%@”: %@ on %@, %.2f:1 (%d px of ink)", row, column,
      String(character), glyph.description, background.description, ratio, inkPixels)
  }
}

/// The character cells of a terminal screenshot: a grid of `columns` × `rows` cells filling
/// the image (an xterm with no border).
struct CellGrid {
  let image: PixelImage
  let columns: Int
  let rows: Int

  var cellWidth: Int { image.width / columns }
  var cellHeight: Int { image.height / rows }

  /// Background and glyph of the character at a cell, `width` cells wide.
  ///
  /// The background is the commonest colour of the cells. The glyph is the colour that
  /// contrasts most with it, looked for a third of a cell beyond them on each side (xterm
  /// draws some glyphs a few pixels off their cell: a `/` after a Hangul syllable from a
  /// fallback font): the core of the strokes, where the font's smoothing leaves the text
  /// colour itself. A glyph that does not show at all has the background's colour.
  func contrast(row: Int, column: Int, width: Int, character: Character) -> CellContrast {
    let xs = (column * cellWidth)..<((column + width) * cellWidth)
    let ys = (row * cellHeight)..<((row + 1) * cellHeight)
    let margin = cellWidth / 3
    let around = image.histogram(x: (xs.lowerBound - margin)..<(xs.upperBound + margin), y: ys)
    let counts = image.histogram(x: xs, y: ys)
    // Ties go to the darker colour, so that the answer does not depend on hashing order.
    let background =
      counts.max {
        ($0.value, -$0.key.luminance) < ($1.value, -$1.key.luminance)
      }?.key ?? RGB(0, 0, 0)
    var glyph = background
    var best = 1.0
    for colour in around.keys {
      let ratio = colour.contrast(with: background)
      if ratio > best {
        best = ratio
        glyph = colour
      }
    }
    let ink = counts.filter { $0.key != background }.reduce(0) { $0 + $1.value }
    return CellContrast(
      row: row, column: column, character: character, background: background, glyph: glyph,
      inkPixels: ink)
  }

  /// Whether a character is drawing, not text: box-drawing lines and block elements (the
  /// bars of `stats`), which fill their cell and have no background of their own.
  static func isGraphic(_ character: Character) -> Bool {
    guard let scalar = character.unicodeScalars.first else { return false }
    return (0x2500...0x259F).contains(scalar.value)
  }

  /// Every character of `text` (the screen's lines, as tmux's capture-pane gives them) with
  /// what its cells show; spaces and graphics (``isGraphic(_:)``) are skipped.
  func cells(text: [String]) -> [CellContrast] {
    var found: [CellContrast] = []
    for (row, line) in text.prefix(rows).enumerated() {
      var column = 0
      for character in line {
        let width = DisplayWidth.of(character)
        defer { column += width }
        guard width > 0, column + width <= columns, !character.isWhitespace,
          !Self.isGraphic(character)
        else { continue }
        found.append(contrast(row: row, column: column, width: width, character: character))
      }
    }
    return found
  }
}
