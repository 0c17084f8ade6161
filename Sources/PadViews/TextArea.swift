import CellGrid
import HangulEngine

/// What the text area shows: the end of the document and the open composition.
package struct TextAreaContent {
  /// The document's UTF-8 bytes (a reference to the buffer's storage, not a copy).
  package var document: [UInt8]
  /// The open composition; its last `composingTail` characters are the syllable being made.
  package var preedit: String
  package var composingTail: String
  /// The document already wrapped, if the front end keeps it up to date; laid out afresh
  /// when it does not match.
  package var layout: TextLayout? = nil

  package init(
    document: [UInt8], preedit: String, composingTail: String, layout: TextLayout? = nil
  ) {
    self.document = document
    self.preedit = preedit
    self.composingTail = composingTail
    self.layout = layout
  }
}

/// Draws the text area: the document and the preedit wrapped to the width, scrolled so the
/// cursor shows, the preedit underlined and the syllable being composed highlighted.
package enum TextArea {
  /// Bytes between two anchors inside a long paragraph.
  static let anchorStep = 4096

  /// The columns of text in a window `columns` wide (a margin each side when there is room).
  package static func lineWidth(columns: Int) -> Int {
    max(1, columns - 2 * margin(columns: columns))
  }

  package static func margin(columns: Int) -> Int { columns > 20 ? 1 : 0 }

  /// Draws into `screen`'s top `rows` rows.
  ///
  /// `drawn` remembers the lines on those rows from one call to the next, for a screen kept
  /// from frame to frame: a row whose line is unchanged is skipped without being laid out
  /// (lines kept by the layout share their storage, so comparing them costs nothing).
  /// Pass `nil` when the rows may hold anything else.
  package static func draw(
    _ content: TextAreaContent, into screen: inout Screen, rows: Int,
    drawn: inout [TextLayout.Line]?
  ) {
    let margin = margin(columns: screen.columns)
    let lineWidth = lineWidth(columns: screen.columns)
    let layout =
      content.layout.flatMap {
        $0.matches(content.document, lineWidth: lineWidth, rows: rows) ? $0 : nil
      } ?? TextLayout(content.document, lineWidth: lineWidth, rows: rows)
    // The preedit and the cursor continue the document's last line.
    var tail = [layout.lines.last ?? TextLayout.Line(start: 0, cells: [])]
    func add(_ character: Character, _ style: CellStyle, _ attributes: CellAttributes) {
      if character == "\n" || character == "\r\n" {
        tail.append(TextLayout.Line(start: 0, cells: []))
        return
      }
      let cellWidth = screen.width(character)
      if cellWidth <= 0 { return }
      if tail[tail.count - 1].width + cellWidth > lineWidth {
        tail.append(TextLayout.Line(start: 0, cells: []))
      }
      tail[tail.count - 1].append(character, width: cellWidth, style: style, attributes: attributes)
    }
    let tailStart = content.preedit.count - content.composingTail.count
    for (index, character) in content.preedit.enumerated() {
      add(character, index >= tailStart ? .composing : .preedit, .underline)
    }
    add(" ", .cursor, [])
    let earlier = layout.lines.dropLast().suffix(max(0, rows - tail.count))
    // Row by row, each written only where it differs: a screen kept from frame to frame
    // (the painter's canvas) then changes in the one or two rows a key touched.
    let shown = Array(earlier) + tail.suffix(rows)
    var cells = [Cell](repeating: .blank, count: screen.columns)
    // Lines above the first shown one (or a layout that starts after the document's start):
    // the top row says so in its right margin, since older readers miss a silent scroll.
    let hiddenAbove =
      (layout.lines.first?.start ?? 0) > 0 || layout.lines.count - 1 > earlier.count
      || tail.count > rows
    let previous = drawn ?? []
    for row in 0..<min(rows, screen.rows) {
      let marked = row == 0 && hiddenAbove && margin > 0
      // Row 0 is always laid out: whether it carries the mark is not remembered.
      if row > 0, row < shown.count, row < previous.count, shown[row] == previous[row] { continue }
      if row > 0, row >= shown.count, row >= previous.count, drawn != nil { continue }
      for column in cells.indices { cells[column] = .blank }
      if row < shown.count { screen.lay(shown[row], into: &cells, column: margin) }
      if marked { cells[cells.count - 1] = Cell("↑", style: .preedit, attributes: .bold) }
      screen.replaceRow(row, with: cells)
    }
    drawn = shown
  }

  /// Where laying out starts: after the newline that begins the paragraphs that can show,
  /// never further back than `rows` lines of 4-byte characters (plus one anchor step).
  static func layoutStart(of document: [UInt8], rows: Int, lineWidth: Int) -> Int {
    let reach = max(1, rows) * lineWidth * 4
    let limit = max(0, document.count - reach)
    var newlines = 0
    var index = document.count
    while index > limit {
      index -= 1
      if document[index] == UInt8(ascii: "\n") {
        newlines += 1
        if newlines > rows { return index + 1 }
      }
    }
    guard limit > 0 else { return 0 }
    // Inside a long paragraph: the anchor at or before the limit, on a character start.
    var anchor = limit / anchorStep * anchorStep
    // A newline between the anchor and the limit is a better start (a real line start).
    if let newline = document[anchor..<limit].lastIndex(of: UInt8(ascii: "\n")) {
      return newline + 1
    }
    while anchor < document.count, document[anchor] & 0xC0 == 0x80 { anchor += 1 }
    return anchor
  }
}
