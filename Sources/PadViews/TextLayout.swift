import CellGrid

/// The document wrapped to a width: where each line starts and, for the lines that can be shown,
/// its cells.
///
/// Kept up to date as the end of the document changes, so a key costs the line it touches, not the
/// document (or a screenful of grapheme breaking) on every frame.
///
/// Wrapping starts at an anchor (``TextArea/layoutStart(of:rows:lineWidth:)``): a paragraph
/// start, or inside a very long paragraph a point that moves only every 4 KiB. Lines break
/// after `\n` and before a character that does not fit; zero-width characters are not drawn.
package struct TextLayout {
  /// One wrapped line of the document.
  package struct Line: Equatable {
    /// Where the line starts, as a byte offset into the document.
    package var start: Int
    /// The line's cells (style ``CellStyle/text``); nil for lines far above the view, which
    /// keep only their start.
    package var cells: [Cell]?
    /// The characters of several scalars that cells refer to (glyphs with the cluster flag).
    package var clusters: [Character] = []
    /// Columns used.
    package var width = 0
  }

  package private(set) var lineWidth: Int
  package private(set) var rows: Int
  package private(set) var lines: [Line] = []
  /// Bytes of the document laid out.
  package private(set) var count = 0
  /// How many of the last lines keep their cells.
  private var keptLines: Int { max(64, 2 * rows) }

  /// Lays out the end of `document` for a text area of `rows` lines of `lineWidth` columns.
  package init(_ document: [UInt8], lineWidth: Int, rows: Int) {
    let anchor = TextArea.layoutStart(
      of: document, rows: max(1, rows), lineWidth: max(1, lineWidth))
    self.init(document, lineWidth: lineWidth, rows: rows, anchor: anchor)
  }

  /// Lays out `document` from a given byte offset (a character boundary).
  package init(_ document: [UInt8], lineWidth: Int, rows: Int, anchor: Int) {
    self.lineWidth = max(1, lineWidth)
    self.rows = max(1, rows)
    lines = [Line(start: min(max(0, anchor), document.count), cells: [])]
    wrap(document, from: 0)
  }

  /// Where wrapping starts.
  var anchor: Int { lines.first?.start ?? 0 }

  /// Whether this layout describes `document` for these dimensions.
  package func matches(_ document: [UInt8], lineWidth: Int, rows: Int) -> Bool {
    self.lineWidth == max(1, lineWidth) && self.rows == max(1, rows) && count == document.count
  }

  /// Follows a change of the document: everything before `changedFrom` (a byte offset) is as it
  /// was.
  ///
  /// Lays out again from the line before the change, since a narrower character where a line broke
  /// may now fit on the line above.
  package mutating func update(_ document: [UInt8], changedFrom: Int) {
    guard let anchor = lines.first?.start, changedFrom >= anchor, changedFrom <= count else {
      self = TextLayout(document, lineWidth: lineWidth, rows: rows)
      return
    }
    let containing = lines.lastIndex { $0.start <= changedFrom } ?? 0
    let first = max(0, containing - 1)
    guard lines[first].cells != nil || first == 0 else {
      self = TextLayout(document, lineWidth: lineWidth, rows: rows)
      return
    }
    lines.removeSubrange((first + 1)...)
    lines[first] = Line(start: lines[first].start, cells: [])
    wrap(document, from: first)
  }

  /// An empty line with room for a whole line of cells, so appending never reallocates.
  private func newLine(at start: Int) -> Line {
    var cells: [Cell] = []
    cells.reserveCapacity(lineWidth + 2)
    return Line(start: start, cells: cells)
  }

  /// Wraps from the start of line `index` (which must be empty) to the end of the document.
  private mutating func wrap(_ document: [UInt8], from index: Int) {
    var offset = lines[index].start
    // Taken out of the array, so the line's cells are appended to in place.
    var line = newLine(at: offset)
    lines[index] = Line(start: offset, cells: nil)
    let text = String(decoding: document[offset...], as: UTF8.self)
    if let scalars = TextLayout.simpleScalars(text) {
      // Every scalar is a character of its own: no grapheme breaking needed.
      for scalar in scalars {
        let length = UTF8.width(scalar)
        defer { offset += length }
        if scalar == "\n" {
          lines[lines.count - 1] = line
          line = newLine(at: offset + length)
          lines.append(line)
          continue
        }
        let cellWidth = DisplayWidth.of(scalar: scalar)
        if cellWidth <= 0 { continue }
        if line.width + cellWidth > lineWidth {
          lines[lines.count - 1] = line
          line = newLine(at: offset)
          lines.append(line)
        }
        line.append(scalar, width: cellWidth, style: .text)
      }
      finish(line, document)
      return
    }
    for character in text {
      let length = character.utf8.count
      defer { offset += length }
      if character == "\n" || character == "\r\n" {
        lines[lines.count - 1] = line
        line = newLine(at: offset + length)
        lines.append(line)
        continue
      }
      let cellWidth = DisplayWidth.of(character)
      if cellWidth <= 0 { continue }
      if line.width + cellWidth > lineWidth {
        lines[lines.count - 1] = line
        line = newLine(at: offset)
        lines.append(line)
      }
      line.append(character, width: cellWidth, style: .text)
    }
    finish(line, document)
  }

  private mutating func finish(_ line: Line, _ document: [UInt8]) {
    lines[lines.count - 1] = line
    count = document.count
    // Lines far above the view keep only their start.
    for old in lines.indices.dropLast(keptLines).reversed() {
      guard lines[old].cells != nil else { break }
      lines[old].cells = nil
      lines[old].clusters = []
    }
  }

  /// The scalars of `text` when each is a whole character: printable ASCII, `\n`, Hangul syllables
  /// and compatibility jamo, the common run of typed Korean.
  ///
  /// Nil when grapheme breaking is needed (`\r\n`, combining marks, emoji, conjoining jamo,
  /// anything else).
  static func simpleScalars(_ text: String) -> String.UnicodeScalarView? {
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A, 0x20..<0x7F, 0xAC00...0xD7A3, 0x3131...0x318E: continue
      default: return nil
      }
    }
    return text.unicodeScalars
  }
}

extension TextLayout.Line {
  /// Adds a one-scalar character of a known width in a style.
  package mutating func append(
    _ scalar: Unicode.Scalar, width cellWidth: Int, style: CellStyle,
    attributes: CellAttributes = []
  ) {
    cells?.append(Cell(glyph: scalar.value, style: style, attributes: attributes))
    for _ in 1..<max(1, cellWidth) {
      cells?.append(Cell(glyph: Cell.continuation, style: style, attributes: attributes))
    }
    width += cellWidth
  }

  /// Adds a character of a known width in a style.
  package mutating func append(
    _ character: Character, width cellWidth: Int, style: CellStyle, attributes: CellAttributes = []
  ) {
    let scalars = character.unicodeScalars
    let glyph: UInt32
    if scalars.count == 1, let scalar = scalars.first {
      glyph = scalar.value
    } else {
      clusters.append(character)
      glyph = Cell.clusterFlag | UInt32(clusters.count - 1)
    }
    cells?.append(Cell(glyph: glyph, style: style, attributes: attributes))
    for _ in 1..<max(1, cellWidth) {
      cells?.append(Cell(glyph: Cell.continuation, style: style, attributes: attributes))
    }
    width += cellWidth
  }
}

extension Screen {
  /// Copies a laid-out line's cells into a row's cells, from a column; characters of several
  /// scalars go into this screen's cluster table.
  mutating func lay(_ line: TextLayout.Line, into row: inout [Cell], column: Int) {
    guard let lineCells = line.cells else { return }
    for (offset, cell) in lineCells.enumerated() where column + offset < row.count {
      var placed = cell
      if cell.glyph != Cell.continuation, cell.glyph & Cell.clusterFlag != 0 {
        placed.glyph = clusterGlyph(line.clusters[Int(cell.glyph & ~Cell.clusterFlag)])
      }
      row[column + offset] = placed
    }
  }
}
