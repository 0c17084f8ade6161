#if canImport(Glibc)
  import Glibc
#endif

/// Turns the difference between the frame on the terminal and the next one into the fewest
/// bytes it can: only changed cells, one cursor move per run of them, and a graphic
/// rendition that carries over from one update to the next (no reset after every update).
///
/// Pure: it writes nothing itself, so tests compare its bytes and count them. ncurses'
/// `doupdate` sends `sgr0` and the colour reset after every update and the whole rendition
/// on every change, 77–97 bytes for one letter key; a keypad key should cost its echo and its
/// flash, no more (`make bench` measures it).
package struct FrameWriter {
  private var previous: Screen?
  /// The snapshot the last screen written was drawn over, and the rows it had changed from
  /// it: a screen of the same snapshot (or one made from it) needs only those rows and its
  /// own dirty ones compared; any other screen is compared in full.
  private var written: (baseline: Screen.Baseline, dirtyRows: [Bool])?
  /// What the terminal shows now, as far as the bytes written say; nil when unknown.
  private var rendition: Rendition?
  private var cursor: (row: Int, column: Int)?
  /// The terminal wraps only after a character is written past the last column (`xenl`);
  /// without it, writing the bottom-right cell scrolls the screen, so it is skipped.
  let hasDelayedWrap: Bool
  /// The terminal takes DECSCUSR for the cursor's shape (terminfo `Ss`).
  let setsCursorStyle: Bool
  /// Whether the terminal's cursor shows now; nil when unknown.
  var isCursorShown: Bool?
  /// The DECSCUSR style last sent; nil when none was (the terminal's own default).
  var cursorStyleSent: Int?
  /// The mouse reports the terminal sends now; nil when unknown.
  package var mouseReporting: MouseReporting?

  package init(hasDelayedWrap: Bool = true, setsCursorStyle: Bool = false) {
    self.hasDelayedWrap = hasDelayedWrap
    self.setsCursorStyle = setsCursorStyle
  }

  /// Forgets what the terminal shows: the next update repaints everything (after a resize,
  /// a resume, Ctrl-L, or bytes written around the writer).
  package mutating func invalidate() {
    previous = nil
    written = nil
    rendition = nil
    cursor = nil
    isCursorShown = nil
    mouseReporting = nil
  }

  /// The bytes that change the terminal from the last frame to `screen`.
  package mutating func update(to screen: Screen, palette: Palette) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(256)
    var old = previous.flatMap { $0.rows == screen.rows && $0.columns == screen.columns ? $0 : nil }
    if old == nil {
      // Clear in the default colours, so cells drawn blank below match what is there.
      Rendition.plain.appendSGR(from: rendition, to: &bytes)
      rendition = .plain
      bytes += Array("\u{1B}[H\u{1B}[2J".utf8)
      cursor = (0, 0)
    }
    let hasClusters = !screen.clusters.isEmpty || !(old?.clusters.isEmpty ?? true)
    let compared = old == nil ? nil : rowsToCompare(screen)
    let cellsStart = bytes.count
    for row in 0..<screen.rows where compared?[row] ?? true {
      if let old, !hasClusters, Self.isSame(row, screen, old) { continue }
      writeRow(row, of: screen, old: old, palette: palette, into: &bytes)
    }
    hideCursorWhileDrawing(bytes: &bytes, from: cellsStart)
    appendModes(of: screen, into: &bytes)
    // The writer keeps its own copy: a screen kept from frame to frame (a painter's canvas)
    // must stay the only owner of its cells, or every change would copy them all.
    old = nil  // the last reference besides `previous`, so the copy below changes it in place
    if let compared {
      previous?.copyRows(compared, of: screen)
    } else {
      previous = screen.detached()
    }
    written = (screen.baseline, screen.dirtyRows)
    return bytes
  }

  /// The rows of `screen` that may differ from the terminal: its dirty rows, and those the last
  /// screen written had changed, when both stand on the same snapshot (or `screen`'s was
  /// made from the last one's); every row otherwise (a painter's canvas after a menu drawn
  /// by another view).
  private func rowsToCompare(_ screen: Screen) -> [Bool] {
    guard let written, written.dirtyRows.count == screen.rows else {
      return Array(repeating: true, count: screen.rows)
    }
    var rows = screen.dirtyRows
    if screen.baseline.id == written.baseline.id {
      // The same snapshot: what differs is what either changed from it.
    } else if screen.baseline.parent == written.baseline.id {
      for row in rows.indices where screen.rowsChangedFromParent[row] { rows[row] = true }
    } else {
      return Array(repeating: true, count: screen.rows)
    }
    for row in rows.indices where written.dirtyRows[row] { rows[row] = true }
    return rows
  }

  /// Whether a row's cells are byte for byte those of the last frame: most rows of most
  /// frames, checked with one `memcmp` each.
  private static func isSame(_ row: Int, _ screen: Screen, _ old: Screen) -> Bool {
    let start = row * screen.columns
    return screen.cells.withUnsafeBytes { new in
      old.cells.withUnsafeBytes { was in
        let stride = MemoryLayout<Cell>.stride
        guard let a = new.baseAddress, let b = was.baseAddress else { return true }
        return memcmp(a + start * stride, b + start * stride, screen.columns * stride) == 0
      }
    }
  }

  private mutating func writeRow(
    _ row: Int, of screen: Screen, old: Screen?, palette: Palette, into bytes: inout [UInt8]
  ) {
    let columns = screen.columns
    let start = row * columns
    // The scan runs on every frame over every cell: plain buffers, no per-cell overhead.
    let runs: [Range<Int>] = screen.cells.withUnsafeBufferPointer { all in
      let cells = UnsafeBufferPointer(rebasing: all[start..<(start + columns)])
      guard let old else {
        // On a cleared screen only what differs from a default blank needs writing.
        return Self.dirtyRuns(cells) { index in
          cells[index].glyph != Cell.blank.glyph || palette.rendition(for: cells[index]) != .plain
        }
      }
      return old.cells.withUnsafeBufferPointer { allBefore in
        let before = UnsafeBufferPointer(rebasing: allBefore[start..<(start + columns)])
        if screen.clusters.isEmpty && old.clusters.isEmpty {
          // Equal cells then mean equal characters: compare them as eight-byte words.
          return Self.dirtyRuns(cells) { index in
            Self.bits(cells[index]) != Self.bits(before[index])
          }
        }
        return Self.dirtyRuns(cells) { index in
          let cell = cells[index]
          guard cell == before[index] else { return true }
          // The same cluster index can mean another character in another frame.
          return cell.glyph & Cell.clusterFlag != 0
            && screen.character(cell) != old.character(before[index])
        }
      }
    }
    for run in runs {
      writeRun(row: row, columns: run, of: screen, palette: palette, into: &bytes)
    }
  }

  /// A cell's eight bytes as one word (every byte is defined; see ``Cell``).
  @inline(__always)
  private static func bits(_ cell: Cell) -> UInt64 { unsafeBitCast(cell, to: UInt64.self) }

  /// Runs of cells to write in a row: dirty cells, widened to whole wide characters.
  @inline(__always)
  private static func dirtyRuns(
    _ cells: UnsafeBufferPointer<Cell>, isDirty: (Int) -> Bool
  ) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var column = 0
    let count = cells.count
    while column < count {
      guard isDirty(column) else {
        column += 1
        continue
      }
      // A change inside a wide character redraws it from its first cell.
      var first = column
      while first > 0, cells[first].isContinuation { first -= 1 }
      var end = column + 1
      while end < count, isDirty(end) || cells[end].isContinuation { end += 1 }
      runs.append(first..<end)
      column = end
    }
    return runs
  }

  private mutating func writeRun(
    row: Int, columns span: Range<Int>, of screen: Screen, palette: Palette,
    into bytes: inout [UInt8]
  ) {
    var column = span.lowerBound
    let lastColumn = screen.columns - 1
    let isBottomRow = row == screen.rows - 1
    while column < span.upperBound {
      let cell = screen[row, column]
      guard let character = screen.character(cell) else {
        column += 1  // a lone right half: its wide character was cut; nothing to write
        continue
      }
      let width = max(1, screen.width(character))
      if isBottomRow && column + width - 1 >= lastColumn && !hasDelayedWrap { return }
      moveCursor(row: row, column: column, into: &bytes)
      let target = palette.rendition(for: cell)
      target.appendSGR(from: rendition, to: &bytes)
      rendition = target
      if cell.glyph & Cell.clusterFlag == 0, let scalar = Unicode.Scalar(cell.glyph) {
        bytes.appendGlyph(scalar)
      } else {
        for scalar in character.unicodeScalars { bytes.appendUTF8(scalar) }
      }
      column += width
      // Writing the last column leaves the cursor in the terminal's pending-wrap state:
      // where it is depends on the terminal, so the next write moves it explicitly.
      cursor = column > lastColumn ? nil : (row, column)
    }
  }

  mutating func moveCursor(row: Int, column: Int, into bytes: inout [UInt8]) {
    if let cursor, cursor.row == row, cursor.column == column { return }
    // CUP with 1-based coordinates; an omitted row or column means 1.
    bytes += [0x1B, UInt8(ascii: "[")]
    if row > 0 { bytes.appendDecimal(row + 1) }
    if column > 0 {
      bytes.append(UInt8(ascii: ";"))
      bytes.appendDecimal(column + 1)
    }
    bytes.append(UInt8(ascii: "H"))
    cursor = (row, column)
  }
}
