/// One screen of a child program (the main one or the alternate one) as rows of cells: what
/// libvterm's state layer describes with its callbacks (a glyph put, a rectangle scrolled or
/// erased), kept as tmux's grid keeps it.
///
/// Rows are reached through an order of row numbers, so scrolling the screen reorders them and
/// clears one, whatever its size; libvterm's own screen layer copied every cell of the screen
/// for each line scrolled. On the main screen the lines that leave the top go to the
/// scrollback. Pure; every position from libvterm is checked, so no rectangle writes outside.
struct EmulatorGrid: Sendable {
  private(set) var rows: Int
  private(set) var columns: Int
  private var lines: [EmulatorLine]
  /// Screen row → index in `lines`.
  private var order: [Int]
  /// For each of `lines`, a column from which on every cell is ``EmulatorCell/blank``: a flood's
  /// short lines are then cleared, and kept in the scrollback without their trailing blanks,
  /// without looking at every cell (which showed in `perf`).
  private var extents: [Int]
  /// The main screen's lines that scrolled off its top; nil for the alternate screen.
  var scrollback: EmulatorScrollback?
  /// Lines scrolled off the top into the scrollback since the start (the view keeps its place
  /// with it).
  private(set) var linesScrolledOff = 0

  init(rows: Int, columns: Int, scrollback: EmulatorScrollback?) {
    self.rows = max(1, rows)
    self.columns = max(1, columns)
    lines = Array(repeating: EmulatorLine(columns: self.columns), count: self.rows)
    order = Array(0..<self.rows)
    extents = Array(repeating: 0, count: self.rows)
    self.scrollback = scrollback
  }

  /// A row of the screen.
  subscript(row: Int) -> EmulatorLine {
    lines[order[min(max(0, row), rows - 1)]]
  }

  // MARK: - Glyphs

  /// Puts a character of `width` cells (1 or 2) at a position; `scalars` are its base and
  /// combining marks.
  mutating func put(
    _ scalars: UnsafeBufferPointer<UInt32>, width: Int, row: Int, column: Int, pen: EmulatorCell
  ) {
    guard (0..<rows).contains(row), (0..<columns).contains(column), let first = scalars.first
    else { return }
    let width = column + 2 <= columns && width >= 2 ? 2 : 1
    let index = order[row]
    clearHalves(line: index, from: column, to: column + width)
    extents[index] = max(extents[index], column + width)
    var cell = pen
    cell.attributes = EmulatorAttributes(
      rawValue: pen.attributes.rawValue & ~EmulatorAttributes.placement.rawValue)
    if scalars.count > 1 {
      var text = ""
      for value in scalars {
        if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
      }
      cell.scalar = UInt32(lines[index].clusters.count)
      cell.attributes.insert(.cluster)
      lines[index].clusters.append(text)
      compactClusters(line: index)
    } else {
      cell.scalar = Unicode.Scalar(first) != nil ? first : 0xFFFD
    }
    guard width == 2 else {
      lines[index].cells[column] = cell
      return
    }
    let rendition = cell.attributes.rawValue & ~EmulatorAttributes.cluster.rawValue
    cell.attributes = EmulatorAttributes(
      rawValue: cell.attributes.rawValue | EmulatorAttributes.wide.rawValue)
    lines[index].cells[column] = cell
    lines[index].cells[column + 1] = EmulatorCell(
      scalar: 0, foreground: pen.foreground, background: pen.background,
      attributes: EmulatorAttributes(
        rawValue: rendition | EmulatorAttributes.continuation.rawValue))
  }

  /// Before cells `from..<to` of a line are written: a wide character only partly inside
  /// loses its other half.
  private mutating func clearHalves(line index: Int, from: Int, to: Int) {
    if from > 0, from < columns, lines[index].cells[from].isContinuation {
      lines[index].cells[from - 1] = lines[index].cells[from - 1].erased
    }
    if to < columns, to > 0, lines[index].cells[to].isContinuation {
      lines[index].cells[to] = lines[index].cells[to].erased
    }
  }

  /// A line rewritten with clusters many times keeps only those its cells still show.
  private mutating func compactClusters(line index: Int) {
    guard lines[index].clusters.count > 2 * columns + 8 else { return }
    var kept: [String] = []
    for column in 0..<columns where lines[index].cells[column].attributes.contains(.cluster) {
      let old = Int(lines[index].cells[column].scalar)
      kept.append(lines[index].clusters.indices.contains(old) ? lines[index].clusters[old] : "")
      lines[index].cells[column].scalar = UInt32(kept.count - 1)
    }
    lines[index].clusters = kept
  }

  // MARK: - Scrolling and erasing

  /// Moves the cells of a rectangle `downward` rows up (content rises; negative: it sinks) and
  /// `rightward` columns left, as libvterm's `scrollrect` means it; what is uncovered is erased
  /// with `blank`.
  mutating func scroll(
    top: Int, bottom: Int, left: Int, right: Int, downward: Int, rightward: Int,
    blank: EmulatorCell
  ) {
    let top = max(0, top)
    let bottom = min(rows, bottom)
    let left = max(0, left)
    let right = min(columns, right)
    guard top < bottom, left < right else { return }
    let height = bottom - top
    let width = right - left
    if left == 0, right == columns, rightward == 0 {
      scrollLines(top: top, bottom: bottom, by: max(-height, min(height, downward)), blank: blank)
      return
    }
    let down = max(-height, min(height, downward))
    let across = max(-width, min(width, rightward))
    // Rows in the order that never reads a row already overwritten.
    let rowRange = Array(top..<bottom)
    for row in down >= 0 ? rowRange : rowRange.reversed() {
      let source = row + down
      let target = order[row]
      extents[target] = columns
      guard (top..<bottom).contains(source) else {
        for column in left..<right { lines[target].cells[column] = blank }
        repairWideCharacters(line: target, around: left..<right)
        continue
      }
      let from = lines[order[source]]
      var cells = lines[target].cells
      for column in left..<right {
        let sourceColumn = column + across
        if (left..<right).contains(sourceColumn) {
          var cell = from.cells[sourceColumn]
          if cell.attributes.contains(.cluster) {
            let text = from.text(of: cell)
            cell.scalar = UInt32(lines[target].clusters.count)
            lines[target].clusters.append(text)
          }
          cells[column] = cell
        } else {
          cells[column] = blank
        }
      }
      // Read left to right from a row shifted in place: take a copy first (above).
      lines[target].cells = cells
      compactClusters(line: target)
      repairWideCharacters(line: target, around: left..<right)
    }
  }

  /// Moves whole rows `count` up (negative: down) inside `top..<bottom`.
  ///
  /// The order of rows turns and the rows uncovered are cleared. From the top of the main
  /// screen, lines go to the scrollback.
  private mutating func scrollLines(top: Int, bottom: Int, by count: Int, blank: EmulatorCell) {
    guard count != 0 else { return }
    let amount = abs(count)
    let toScrollback = count > 0 && top == 0 && scrollback != nil
    for offset in 0..<amount {
      let index = order[count > 0 ? top + offset : bottom - 1 - offset]
      if toScrollback {
        scrollback?.push(lines[index], extent: extents[index])
        linesScrolledOff += 1
      }
      clear(line: index, with: blank)
    }
    // One row at a time, in place: a flood scrolls one line per call, and this allocates
    // nothing.
    order.withUnsafeMutableBufferPointer { order in
      for _ in 0..<amount {
        if count > 0 {
          let first = order[top]
          for row in top..<(bottom - 1) { order[row] = order[row + 1] }
          order[bottom - 1] = first
        } else {
          let last = order[bottom - 1]
          for row in stride(from: bottom - 1, to: top, by: -1) { order[row] = order[row - 1] }
          order[top] = last
        }
      }
    }
  }

  private mutating func clear(line index: Int, with blank: EmulatorCell) {
    lines[index].clusters.removeAll(keepingCapacity: true)
    let end = blank == .blank ? min(extents[index], columns) : columns
    extents[index] = blank == .blank ? 0 : columns
    lines[index].cells.withUnsafeMutableBufferPointer { cells in
      UnsafeMutableBufferPointer(rebasing: cells[..<end]).update(repeating: blank)
    }
  }

  /// Erases a rectangle; `selective` spares protected cells (DECSED, DECSEL).
  mutating func erase(
    top: Int, bottom: Int, left: Int, right: Int, selective: Bool, blank: EmulatorCell
  ) {
    let top = max(0, top)
    let bottom = min(rows, bottom)
    let left = max(0, left)
    let right = min(columns, right)
    guard top < bottom, left < right else { return }
    for row in top..<bottom {
      let index = order[row]
      if left == 0, right == columns, !selective {
        clear(line: index, with: blank)
        continue
      }
      extents[index] = columns
      for column in left..<right
      where !selective || !lines[index].cells[column].attributes.contains(.protected) {
        lines[index].cells[column] = blank
      }
      repairWideCharacters(line: index, around: left..<right)
    }
  }

  /// After cells of a line changed in `span`: a half of a wide character whose other half is
  /// gone becomes a blank, at either edge.
  private mutating func repairWideCharacters(line index: Int, around span: Range<Int>) {
    for column in [span.lowerBound - 1, span.lowerBound, span.upperBound - 1, span.upperBound]
    where (0..<columns).contains(column) {
      let cell = lines[index].cells[column]
      if cell.isContinuation {
        let left = column > 0 ? lines[index].cells[column - 1] : nil
        if left?.attributes.contains(.wide) != true { lines[index].cells[column] = cell.erased }
      } else if cell.attributes.contains(.wide) {
        let right = column + 1 < columns ? lines[index].cells[column + 1] : nil
        if right?.isContinuation != true { lines[index].cells[column] = cell.erased }
      }
    }
  }

  /// Forgets the scrollback (`CSI 3 J`).
  mutating func clearScrollback() {
    scrollback?.removeAll()
  }

  // MARK: - Size

  /// Changes the size.
  ///
  /// Rows go from the bottom while they are blank and below the cursor, then from the top (into the scrollback) down to the cursor's row, then from the bottom;
  /// rows added come back from the scrollback first, as in xterm and tmux. Columns are cut or
  /// added on the right (no reflow).
  ///
  /// - Returns: How many rows the content moved down (negative: up), for the cursor.
  mutating func resize(rows newRows: Int, columns newColumns: Int, cursorRow: Int) -> Int {
    let newRows = max(1, newRows)
    let newColumns = max(1, newColumns)
    var screen = (0..<rows).map { lines[order[$0]] }
    var moved = 0
    if newColumns != columns {
      for row in screen.indices {
        if newColumns < columns {
          screen[row].cells.removeLast(columns - newColumns)
          if let last = screen[row].cells.last, last.attributes.contains(.wide) {
            screen[row].cells[newColumns - 1] = last.erased
          }
        } else {
          screen[row].cells += Array(repeating: .blank, count: newColumns - columns)
        }
      }
    }
    // Blank rows below the cursor go first, then rows above it (into the scrollback), then
    // whatever is left below it: the cursor's row always stays (libvterm 0.1.4 would move the
    // cursor above the screen otherwise, and read outside its arrays).
    while screen.count > newRows, screen.count - 1 > cursorRow,
      let last = screen.last, last.cells.allSatisfy(\.isEmpty)
    {
      screen.removeLast()
    }
    while screen.count > newRows, -moved < cursorRow {
      let line = screen.removeFirst()
      if scrollback != nil {
        scrollback?.push(line)
        linesScrolledOff += 1
      }
      moved -= 1
    }
    if screen.count > newRows { screen.removeLast(screen.count - newRows) }
    while screen.count < newRows {
      if moved >= 0, scrollback != nil, let line = scrollback?.popNewest() {
        var line = line
        line.cells = Array(line.cells.prefix(newColumns))
        if let last = line.cells.last, last.attributes.contains(.wide) {
          line.cells[line.cells.count - 1] = last.erased
        }
        line.cells += Array(repeating: .blank, count: newColumns - line.cells.count)
        screen.insert(line, at: 0)
        linesScrolledOff -= 1
        moved += 1
      } else {
        screen.append(EmulatorLine(columns: newColumns))
      }
    }
    rows = newRows
    columns = newColumns
    lines = screen
    order = Array(0..<rows)
    extents = Array(repeating: columns, count: rows)
    return moved
  }
}
