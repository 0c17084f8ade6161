import HangulEngine

/// What the text area shows: the end of the document and the open composition.
struct TextAreaContent {
  /// The document's UTF-8 bytes (a reference to the buffer's storage, not a copy).
  var document: [UInt8]
  /// The open composition; its last `composingTail` characters are the syllable being made.
  var preedit: String
  var composingTail: String
}

/// Draws the text area: the document and the preedit wrapped to the width, scrolled so the
/// cursor shows, the preedit underlined.
///
/// Only the end of the document is laid out, so a key costs the same in a long text as in
/// a short one: wrapping starts at the last paragraph start within reach, or, inside a very
/// long paragraph, at an anchor that moves only every 4 KiB, so lines do not reflow as
/// letters are typed.
enum TextArea {
  /// Bytes between two anchors inside a long paragraph.
  static let anchorStep = 4096

  static func draw(_ content: TextAreaContent, into screen: inout Screen, rows: Int) {
    let columns = screen.columns
    let margin = columns > 20 ? 1 : 0
    let lineWidth = max(1, columns - 2 * margin)
    var lines: [[(Character, CellStyle)]] = [[]]
    var lineWidths = [0]
    func add(_ character: Character, _ style: CellStyle) {
      if character == "\n" || character == "\r\n" {
        lines.append([])
        lineWidths.append(0)
        return
      }
      let cellWidth = max(0, screen.width(character))
      if cellWidth == 0 { return }
      if lineWidths[lines.count - 1] + cellWidth > lineWidth {
        lines.append([])
        lineWidths.append(0)
      }
      lines[lines.count - 1].append((character, style))
      lineWidths[lines.count - 1] += cellWidth
    }
    let document = content.document
    let start = layoutStart(of: document, rows: rows, lineWidth: lineWidth)
    for character in String(decoding: document[start...], as: UTF8.self) { add(character, .text) }
    let tailStart = content.preedit.count - content.composingTail.count
    for (index, character) in content.preedit.enumerated() {
      add(character, index >= tailStart ? .composing : .preedit)
    }
    add(" ", .cursor)
    for (offset, line) in lines.suffix(rows).enumerated() {
      var column = margin
      for (character, style) in line {
        let attributes: CellAttributes = style == .preedit || style == .composing ? .underline : []
        let cellWidth = max(1, screen.width(character))
        screen.put(
          character, width: cellWidth, row: offset, column: column, style: style,
          attributes: attributes)
        column += cellWidth
      }
    }
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
