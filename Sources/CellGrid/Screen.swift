import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A width-aware grid of cells: views draw into it, ``FrameWriter`` turns the difference between
/// two of them into terminal bytes, and golden tests compare its text dump.
///
/// Pure; widths come from the function given at creation (``DisplayWidth`` in the program).
public struct Screen: Sendable {
  public let rows: Int
  public let columns: Int
  public private(set) var cells: [Cell]
  /// Rows changed since ``markClean()`` (all of them in a new screen): the frame writer
  /// looks only at these, so a screen kept from frame to frame costs what changed.
  public private(set) var dirtyRows: [Bool]
  /// The snapshot the rows not marked dirty hold, for the frame writer.
  ///
  /// Those rows are the snapshot's (made by ``markClean()``; a new screen's is its own, all
  /// dirty). A screen kept from frame to frame (a painter's canvas) may only be written as a
  /// change of the rows it marked when the terminal shows that snapshot; after another
  /// screen (a menu, a summary) it is compared in full.
  public private(set) var baseline: Baseline
  /// The rows that were dirty when ``markClean()`` made ``baseline``: what the new snapshot
  /// changed from the one before it (``Baseline/parent``).
  private(set) var rowsChangedFromParent: [Bool]
  /// Characters of more than one scalar (`👍🏽`, `e` + U+0301), referred to by cells.
  public private(set) var clusters: [Character] = []
  /// Where the terminal's own cursor shows once the frame is written (`cheonjiin run`: at the
  /// program's cursor).
  public var cursor = TerminalCursor.unused
  /// The mouse reports the terminal sends while the frame shows; nil leaves them as the
  /// terminal was taken (`cheonjiin run` follows the program).
  public var mouseReporting: MouseReporting?
  public let width: @Sendable (Character) -> Int
  /// The width of a scalar that is a character on its own (see ``simpleScalars(_:)``).
  private let scalarWidth: @Sendable (Unicode.Scalar) -> Int

  /// The largest grid drawn: a window reported as 65535×65535 must not allocate gigabytes.
  public static let maximumSide = 1000

  /// - Parameters:
  ///   - width: The cells a character takes (``DisplayWidth/of(_:)-5h8a`` in the program).
  ///   - scalarWidth: The same for a lone scalar, when it can be had without making a
  ///     `Character` (a fast path for the labels and status lines drawn on every frame).
  public init(
    rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int,
    scalarWidth: (@Sendable (Unicode.Scalar) -> Int)? = nil
  ) {
    self.rows = min(Screen.maximumSide, max(0, rows))
    self.columns = min(Screen.maximumSide, max(0, columns))
    self.width = width
    self.scalarWidth = scalarWidth ?? { width(Character($0)) }
    cells = Array(repeating: .blank, count: self.rows * self.columns)
    dirtyRows = Array(repeating: true, count: self.rows)
    rowsChangedFromParent = Array(repeating: true, count: self.rows)
    baseline = Baseline(id: Baseline.next(), parent: nil)
  }

  /// A snapshot of a screen's cells, named once: two screens with the same ``id`` agree on
  /// every row neither marked dirty since.
  public struct Baseline: Sendable, Hashable {
    public var id: UInt64
    /// The snapshot this one was made from by changing ``Screen/rowsChangedFromParent``.
    public var parent: UInt64?

    private static let counter = Atomic<UInt64>(0)

    package static func next() -> UInt64 {
      counter.wrappingAdd(1, ordering: .relaxed).newValue
    }
  }

  /// A copy with cells of its own (not shared with this screen's).
  func detached() -> Screen {
    var copy = self
    copy.cells = cells.withUnsafeBufferPointer { Array($0) }
    return copy
  }

  /// Takes the rows of `other` marked in `selected` (same size), and its cluster table.
  mutating func copyRows(_ selected: [Bool], of other: Screen) {
    guard other.rows == rows, other.columns == columns, selected.count == rows else {
      self = other.detached()
      return
    }
    for row in 0..<rows where selected[row] {
      let start = row * columns
      cells.replaceSubrange(start..<(start + columns), with: other.cells[start..<(start + columns)])
    }
    clusters = other.clusters
  }

  /// Forgets which rows changed (after they were written to the terminal): the cells now are
  /// a new ``baseline``, made from the last one by the rows that were dirty.
  public mutating func markClean() {
    swap(&dirtyRows, &rowsChangedFromParent)
    for row in dirtyRows.indices where dirtyRows[row] { dirtyRows[row] = false }
    baseline = Baseline(id: Baseline.next(), parent: baseline.id)
  }

  /// A screen of the same kind (widths) with other dimensions.
  public func sized(rows: Int, columns: Int) -> Screen {
    Screen(rows: rows, columns: columns, width: width, scalarWidth: scalarWidth)
  }

  /// The scalars of `text` when each of them is a whole character (no combining marks,
  /// joiners, variation selectors, conjoining jamo, flags or controls), so drawing may skip
  /// grapheme breaking; nil otherwise.
  static func simpleScalars(_ text: some StringProtocol) -> String.UnicodeScalarView? {
    let scalars = String(text).unicodeScalars
    for scalar in scalars {
      switch scalar.value {
      case 0x20..<0x7F, 0xA1..<0x300, 0x2010...0x2027, 0x2030...0x205E, 0x2100...0x2BFF,
        0x3000...0x3029, 0x3030...0x303F, 0x3131...0x318E, 0xAC00...0xD7A3, 0xFF01...0xFF9D:
        continue
      default:
        return nil
      }
    }
    return scalars
  }

  public subscript(row: Int, column: Int) -> Cell {
    get {
      guard row >= 0, row < rows, column >= 0, column < columns else { return .blank }
      return cells[row * columns + column]
    }
    set {
      guard row >= 0, row < rows, column >= 0, column < columns else { return }
      cells[row * columns + column] = newValue
      dirtyRows[row] = true
    }
  }

  /// The character a cell shows; `nil` for the right half of a wide character.
  public func character(_ cell: Cell) -> Character? {
    if cell.glyph == Cell.continuation { return nil }
    if cell.glyph & Cell.clusterFlag != 0 {
      let index = Int(cell.glyph & ~Cell.clusterFlag)
      return clusters.indices.contains(index) ? clusters[index] : "?"
    }
    return Unicode.Scalar(cell.glyph).map(Character.init) ?? "?"
  }

  /// The character at a position (``character(_:)`` of the cell there).
  public func character(row: Int, column: Int) -> Character? {
    character(self[row, column])
  }

  /// Display width of a string in cells.
  public func width(of text: some StringProtocol) -> Int {
    if let scalars = Screen.simpleScalars(text) {
      return scalars.reduce(0) { $0 + max(0, scalarWidth($1)) }
    }
    return text.reduce(0) { $0 + max(0, width($1)) }
  }

  /// Fills a rectangle with blanks in a style (a key's background).
  public mutating func fill(row: Int, column: Int, height: Int, width: Int, style: CellStyle) {
    let top = max(0, row)
    let bottom = min(rows, row + max(0, height))
    let left = max(0, column)
    let right = min(columns, column + max(0, width))
    guard top < bottom, left < right else { return }
    let blank = Cell(" ", style: style)
    for r in top..<bottom {
      dirtyRows[r] = true
      let start = r * columns
      for c in left..<right { cells[start + c] = blank }
    }
  }

  /// Changes the style of cells in a row, keeping their characters (a hold's progress bar).
  public mutating func restyle(row: Int, columns span: Range<Int>, style: CellStyle) {
    guard row >= 0, row < rows else { return }
    dirtyRows[row] = true
    for column in max(0, span.lowerBound)..<min(columns, max(span.lowerBound, span.upperBound)) {
      cells[row * columns + column].style = style
    }
  }

  /// The glyph for a character: its scalar, or a new cluster entry.
  private mutating func glyph(for character: Character) -> UInt32 {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first { return scalar.value }
    clusters.append(character)
    return Cell.clusterFlag | UInt32(clusters.count - 1)
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
    /// Puts one character; false when it does not fit (the cut is then marked).
    func place(_ character: @autoclosure () -> Character, glyph: UInt32?, width cellWidth: Int)
      -> Bool
    {
      if cellWidth <= 0 { return true }  // zero-width: never drawn on its own
      if position + cellWidth > end {
        // Cut text ends in "…", so a clipped word never looks whole.
        if position < end {
          self[row, position] = Cell("…", style: style, attributes: attributes)
        } else if end - 1 >= column {
          let isWideTail = self[row, end - 1].isContinuation && end - 2 >= column
          if isWideTail { self[row, end - 1] = Cell(" ", style: style, attributes: attributes) }
          self[row, isWideTail ? end - 2 : end - 1] = Cell(
            "…", style: style, attributes: attributes)
        }
        position = end
        return false
      }
      if let glyph, row >= 0, row < rows, position >= 0, position + cellWidth <= columns {
        self[row, position] = Cell(glyph: glyph, style: style, attributes: attributes)
        for extra in 1..<max(1, cellWidth) {
          self[row, position + extra] = Cell(
            glyph: Cell.continuation, style: style, attributes: attributes)
        }
      } else {
        put(
          character(), width: cellWidth, row: row, column: position, style: style,
          attributes: attributes)
      }
      position += cellWidth
      return true
    }
    if let scalars = Screen.simpleScalars(text) {
      for scalar in scalars {
        guard place(Character(scalar), glyph: scalar.value, width: scalarWidth(scalar)) else {
          break
        }
      }
    } else {
      for character in text {
        guard place(character, glyph: nil, width: width(character)) else { break }
      }
    }
    return position
  }

  /// Puts one character of a known width at a position (no clipping beyond the screen's).
  public mutating func put(
    _ character: Character, width cellWidth: Int, row: Int, column: Int, style: CellStyle,
    attributes: CellAttributes = []
  ) {
    guard row >= 0, row < rows, column >= 0, column + cellWidth <= columns else { return }
    self[row, column] = Cell(glyph: glyph(for: character), style: style, attributes: attributes)
    for extra in 1..<max(1, cellWidth) {
      self[row, column + extra] = Cell(
        glyph: Cell.continuation, style: style, attributes: attributes)
    }
  }

  /// Draws text centred in a span of columns.
  @discardableResult
  public mutating func drawCentered(
    _ text: some StringProtocol, row: Int, column: Int, span: Int, style: CellStyle,
    attributes: CellAttributes = []
  ) -> Int {
    let textWidth = width(of: text)
    let start = column + max(0, (span - textWidth) / 2)
    return draw(
      text, row: row, column: start, style: style, attributes: attributes, limit: column + span)
  }

  /// Replaces a row's cells with `newCells` (as many as fit) if they differ.
  ///
  /// Returns whether they did; the row is marked dirty only then.
  @discardableResult
  package mutating func replaceRow(_ row: Int, with newCells: [Cell]) -> Bool {
    guard row >= 0, row < rows else { return false }
    let start = row * columns
    let count = min(columns, newCells.count)
    let same = cells.withUnsafeBufferPointer { all in
      newCells.withUnsafeBufferPointer { new in
        guard let a = all.baseAddress, let b = new.baseAddress else { return count == 0 }
        return memcmp(a + start, b, count * MemoryLayout<Cell>.stride) == 0
      }
    }
    guard !same else { return false }
    cells.replaceSubrange(start..<(start + count), with: newCells.prefix(count))
    dirtyRows[row] = true
    return true
  }

  /// Puts a character of several scalars in the cluster table; the glyph that names it.
  package mutating func clusterGlyph(_ character: Character) -> UInt32 {
    glyph(for: character)
  }

  /// Copies another screen's cells onto this one, row by row, with its top-left corner at a
  /// position; what falls outside is cut.
  ///
  /// Fast: for screens without characters of several scalars (a pad's faces), otherwise it copies
  /// through ``paste(_:row:column:)``.
  public mutating func blit(_ other: Screen, row top: Int, column left: Int) {
    guard other.clusters.isEmpty, left >= 0, left + other.columns <= columns else {
      paste(other, row: top, column: left)
      return
    }
    for row in 0..<other.rows where top + row >= 0 && top + row < rows {
      let start = (top + row) * columns + left
      let source = row * other.columns
      dirtyRows[top + row] = true
      cells.replaceSubrange(
        start..<(start + other.columns), with: other.cells[source..<(source + other.columns)])
    }
  }

  /// Copies another screen onto this one with its top-left corner at a position; what falls
  /// outside is cut, and a wide character cut in half becomes a blank.
  public mutating func paste(_ other: Screen, row top: Int, column left: Int) {
    for row in 0..<other.rows where top + row >= 0 && top + row < rows {
      for column in 0..<other.columns where left + column >= 0 && left + column < columns {
        let cell = other[row, column]
        if let character = other.character(cell), left + column + width(character) > columns {
          self[top + row, left + column] = Cell(" ", style: cell.style)
        } else if let character = other.character(cell), cell.glyph & Cell.clusterFlag != 0 {
          put(
            character, width: width(character), row: top + row, column: left + column,
            style: cell.style, attributes: cell.attributes)
        } else {
          self[top + row, left + column] = cell
        }
      }
    }
  }

  /// The screen as plain text, one line per row with trailing spaces removed: what golden
  /// tests compare.
  public var textDump: String {
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      for column in 0..<columns {
        if let character = character(row: row, column: column) { line.append(character) }
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
