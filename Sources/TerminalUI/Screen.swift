/// What a cell means; the theme decides how it looks (colours, or bold/reverse without them).
public enum CellStyle: UInt8, Sendable, Hashable, CaseIterable {
  case normal
  /// Committed text.
  case text
  /// The open composition.
  case preedit
  /// The syllable being composed right now.
  case composing
  case cursor
  case keyLetter
  case keyFunction
  case keyAccent
  /// A key being pressed (flash) or held.
  case keyPressed
  /// The arrow-key focus.
  case keyFocused
  /// The part of a held key's hold that has elapsed.
  case holdProgress
  /// The next key to press in practice mode.
  case keyCue
  case suggestion
  case suggestionNumber
  case status
  case title
  case warning
  case correct
  case wrong
  case dim
}

/// Emphasis on top of a cell's style.
public struct CellAttributes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = CellAttributes(rawValue: 1)
  public static let dim = CellAttributes(rawValue: 2)
  public static let underline = CellAttributes(rawValue: 4)
}

/// One terminal cell: a character (or nothing, for the right half of a wide one) and a style.
public struct Cell: Sendable, Hashable {
  /// The character drawn here; `nil` for the continuation cell of a wide character.
  public var character: Character?
  public var style: CellStyle
  public var attributes: CellAttributes

  public init(character: Character?, style: CellStyle, attributes: CellAttributes = []) {
    self.character = character
    self.style = style
    self.attributes = attributes
  }

  public static let blank = Cell(character: " ", style: .normal)
}

/// A width-aware grid of cells: the renderer draws into it, `Curses` copies it to the
/// terminal, and golden tests compare its text dump. Pure; widths come from the function
/// given at creation (`wcwidth` in production and tests).
public struct Screen: Sendable {
  public let rows: Int
  public let columns: Int
  public private(set) var cells: [Cell]
  /// Where the terminal cursor should sit, if visible.
  public var cursor: (row: Int, column: Int)? = nil
  public let width: @Sendable (Character) -> Int

  public init(rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int) {
    self.rows = max(0, rows)
    self.columns = max(0, columns)
    self.width = width
    cells = Array(repeating: .blank, count: self.rows * self.columns)
  }

  public subscript(row: Int, column: Int) -> Cell {
    get {
      guard row >= 0, row < rows, column >= 0, column < columns else { return .blank }
      return cells[row * columns + column]
    }
    set {
      guard row >= 0, row < rows, column >= 0, column < columns else { return }
      cells[row * columns + column] = newValue
    }
  }

  /// Display width of a string in cells.
  public func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + max(0, width($1)) }
  }

  /// Fills a rectangle with blanks in a style (a key's background).
  public mutating func fill(row: Int, column: Int, height: Int, width: Int, style: CellStyle) {
    for r in row..<(row + max(0, height)) {
      for c in column..<(column + max(0, width)) {
        self[r, c] = Cell(character: " ", style: style)
      }
    }
  }

  /// Draws text from a position, clipping at `limit` columns (default: the screen edge); text
  /// that does not fit ends in `…` at the last column.
  ///
  /// - Returns: The column after the last drawn cell.
  @discardableResult
  public mutating func draw(
    _ text: some StringProtocol, row: Int, column: Int, style: CellStyle,
    attributes: CellAttributes = [], limit: Int? = nil
  ) -> Int {
    let end = min(columns, limit ?? columns)
    var position = column
    for character in text {
      let cellWidth = width(character)
      if cellWidth <= 0 { continue }  // zero-width: never drawn on its own
      if position + cellWidth > end {
        // Cut text ends in "…", so a clipped word never looks whole.
        if position < end {
          self[row, position] = Cell(character: "…", style: style, attributes: attributes)
        } else if end - 1 >= column {
          let isWideTail = self[row, end - 1].character == nil && end - 2 >= column
          if isWideTail { self[row, end - 1] = Cell(character: " ", style: style, attributes: attributes) }
          self[row, isWideTail ? end - 2 : end - 1] = Cell(character: "…", style: style, attributes: attributes)
        }
        return end
      }
      self[row, position] = Cell(character: character, style: style, attributes: attributes)
      for extra in 1..<max(1, cellWidth) {
        self[row, position + extra] = Cell(character: nil, style: style, attributes: attributes)
      }
      position += cellWidth
    }
    return position
  }

  /// Draws text centred in a span of columns.
  @discardableResult
  public mutating func drawCentered(
    _ text: some StringProtocol, row: Int, column: Int, span: Int, style: CellStyle,
    attributes: CellAttributes = []
  ) -> Int {
    let textWidth = width(of: text)
    let start = column + max(0, (span - textWidth) / 2)
    return draw(text, row: row, column: start, style: style, attributes: attributes, limit: column + span)
  }

  /// The screen as plain text, one line per row with trailing spaces removed: what golden
  /// tests compare.
  public var textDump: String {
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        if let character = self[row, column].character { line.append(character) }
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// One letter per cell saying its style, for golden tests of highlighting.
  public var styleDump: String {
    let letters = Array("._pcCLFAPfHqsSstwxyz")
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        let style = self[row, column].style
        line.append(letters[Int(style.rawValue) % letters.count])
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }
}
