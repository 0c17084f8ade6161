import CellGrid
import TerminalUI

/// A pad drawn as lines of text for `cheonjiin stats`: `[ㄱㅋ  12%+]` per key, a value of up
/// to four columns and a one-character mark, so a level never rests on colour alone.
///
/// The error map (``HeatmapView``) and the speed map (``SpeedMapView``) share it, so the two
/// pads line up cell for cell.
package struct PadTextGrid {
  /// One key's cell.
  package struct Cell {
    package var label: String
    /// Grid units the key spans.
    package var span: Int
    /// Up to four columns, right-aligned before the mark (`12%`, `0.8s`).
    package var value: String
    package var mark: Character
    /// The SGR sequence that paints the cell when colour is on.
    package var sgr: String
  }

  /// Rows from top to bottom; `nil` is an empty grid cell.
  package var rows: [[Cell?]]
  package var isColored: Bool

  /// Columns of one grid unit: the widest label, a space, four for the value and the mark.
  package var cellWidth: Int {
    let labels = rows.flatMap { $0.compactMap { $0.map { DisplayWidth.of($0.label) } } }
    return (labels.max() ?? 2) + 1 + 4 + 1
  }

  /// One line per row of keys, trailing blanks removed.
  package func lines() -> [String] {
    let width = cellWidth
    return rows.map { row in
      var line = ""
      for cell in row {
        guard let cell else {
          line += DisplayWidth.spaces(width + 2)
          continue
        }
        let inner = width * cell.span + (width + 2) * (cell.span - 1)
        let right = DisplayWidth.leftPadded(cell.value, to: 4) + String(cell.mark)
        let label = DisplayWidth.padded(cell.label, to: inner - DisplayWidth.of(right))
        let text = "[" + label + right + "]"
        line += isColored ? cell.sgr + Self.terminalGlyphs(text) + Self.sgrReset : text
      }
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// `text` as the terminal shows it: the Cheon-Ji-In dots large enough to see, in the same
  /// columns (plain text, for a file or a pipe, keeps the letters).
  package static func terminalGlyphs(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.appendGlyphs(of: text)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Black on green, yellow or red (readable on light and dark terminals alike); dim for too
  /// few tries.
  package static let sgrGood = "\u{1B}[30;42m"
  package static let sgrFair = "\u{1B}[30;43m"
  package static let sgrPoor = "\u{1B}[1;97;41m"
  package static let sgrUnknown = "\u{1B}[2m"
  package static let sgrReset = "\u{1B}[0m"
}
