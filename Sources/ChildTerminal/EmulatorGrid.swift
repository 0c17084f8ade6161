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
  /// The cells of every line, one line after another (line `index` from `index * columns`).
  ///
  /// One array, so a glyph written costs one uniqueness check, not one for an array of lines
  /// and another for the line's own (which showed in `perf`).
  private var cells: [EmulatorCell]
  /// For each line, the characters of several scalars its cells refer to (see
  /// ``EmulatorLine/clusters``).
  private var clusters: [[String]]
  /// Screen row → line index.
  private var order: [Int]
  /// For each line, a column from which on every cell is ``EmulatorCell/blank``: a flood's
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
    cells = Array(repeating: .blank, count: self.rows * self.columns)
    clusters = Array(repeating: [], count: self.rows)
    order = Array(0..<self.rows)
    extents = Array(repeating: 0, count: self.rows)
    self.scrollback = scrollback
  }

  /// A row of the screen.
  subscript(row: Int) -> EmulatorLine {
    line(order[min(max(0, row), rows - 1)])
  }

  /// Line `index` (not a screen row) as a value of its own.
  private func line(_ index: Int) -> EmulatorLine {
    let start = index * columns
    return EmulatorLine(cells: Array(cells[start..<(start + columns)]), clusters: clusters[index])
  }

  // MARK: - Glyphs

  /// Puts a character of `width` cells (1 or 2) at a position; `scalars` are its base and
  /// combining marks.
  ///
  /// Runs for every character a program prints: one pass over the line's cells, which first
  /// takes the other half of a wide character only partly overwritten.
  mutating func put(
    _ scalars: UnsafeBufferPointer<UInt32>, width: Int, row: Int, column: Int, pen: EmulatorCell
  ) {
    guard row >= 0, row < rows, column >= 0, column < columns, let first = scalars.first
    else { return }
    let isWide = width >= 2 && column + 2 <= columns
    let end = column + (isWide ? 2 : 1)
    let index = order[row]
    if extents[index] < end { extents[index] = end }
    var cell = pen
    cell.attributes = EmulatorAttributes(
      rawValue: pen.attributes.rawValue & ~EmulatorAttributes.placement.rawValue)
    if scalars.count > 1 {
      cell.scalar = addCluster(scalars, line: index)
      cell.attributes.insert(.cluster)
    } else {
      cell.scalar = Unicode.Scalar(first) != nil ? first : 0xFFFD
    }
    let columns = columns
    cells.withUnsafeMutableBufferPointer { cells in
      guard let line = cells.baseAddress.map({ $0 + index * columns }) else { return }
      if column > 0, line[column].isContinuation { line[column - 1] = line[column - 1].erased }
      if end < columns, line[end].isContinuation { line[end] = line[end].erased }
      guard isWide else {
        line[column] = cell
        return
      }
      let rendition = cell.attributes.rawValue & ~EmulatorAttributes.cluster.rawValue
      cell.attributes = EmulatorAttributes(
        rawValue: cell.attributes.rawValue | EmulatorAttributes.wide.rawValue)
      line[column] = cell
      line[column + 1] = EmulatorCell(
        scalar: 0, foreground: pen.foreground, background: pen.background,
        attributes: EmulatorAttributes(
          rawValue: rendition | EmulatorAttributes.continuation.rawValue))
    }
  }

  /// Puts printable ASCII characters one cell each from a position on, as ``put(_:width:row:column:pen:)``
  /// puts them one after another; they end inside the row.
  mutating func put(
    ascii bytes: UnsafeBufferPointer<UInt8>, row: Int, column: Int, pen: EmulatorCell
  ) {
    let end = column + bytes.count
    guard row >= 0, row < rows, column >= 0, end <= columns, !bytes.isEmpty else { return }
    let index = order[row]
    if extents[index] < end { extents[index] = end }
    var cell = pen
    cell.attributes = EmulatorAttributes(
      rawValue: pen.attributes.rawValue & ~EmulatorAttributes.placement.rawValue)
    let columns = columns
    cells.withUnsafeMutableBufferPointer { cells in
      guard let line = cells.baseAddress.map({ $0 + index * columns }) else { return }
      if column > 0, line[column].isContinuation { line[column - 1] = line[column - 1].erased }
      if end < columns, line[end].isContinuation { line[end] = line[end].erased }
      for (offset, byte) in bytes.enumerated() {
        cell.scalar = UInt32(byte)
        line[column + offset] = cell
      }
    }
  }

  /// Keeps a character of several scalars for a line; its number there.
  private mutating func addCluster(_ scalars: UnsafeBufferPointer<UInt32>, line index: Int)
    -> UInt32
  {
    var text = ""
    for value in scalars {
      if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }
    // Compacted before, not after: the new cluster's cell is not written yet.
    compactClusters(line: index)
    clusters[index].append(text)
    return UInt32(clusters[index].count - 1)
  }

  /// A line rewritten with clusters many times keeps only those its cells still show.
  private mutating func compactClusters(line index: Int) {
    guard clusters[index].count > 2 * columns + 8 else { return }
    var kept: [String] = []
    for column in index * columns..<(index + 1) * columns
    where cells[column].attributes.contains(.cluster) {
      let old = Int(cells[column].scalar)
      kept.append(clusters[index].indices.contains(old) ? clusters[index][old] : "")
      cells[column].scalar = UInt32(kept.count - 1)
    }
    clusters[index] = kept
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
      let start = target * columns
      extents[target] = columns
      guard (top..<bottom).contains(source) else {
        for column in left..<right { cells[start + column] = blank }
        repairWideCharacters(line: target, around: left..<right)
        continue
      }
      // Read from a copy: a row shifted sideways is its own source.
      let from = line(order[source])
      for column in left..<right {
        let sourceColumn = column + across
        guard (left..<right).contains(sourceColumn) else {
          cells[start + column] = blank
          continue
        }
        var cell = from.cells[sourceColumn]
        if cell.attributes.contains(.cluster) {
          cell.scalar = UInt32(clusters[target].count)
          clusters[target].append(from.text(of: from.cells[sourceColumn]))
        }
        cells[start + column] = cell
      }
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
        // Pushed from the cells where they are, and with no clusters when the line has none:
        // a slice of the cells, or the line's clusters passed, cost a retain and a release
        // for every line of a flood, and the scrollback taken out to push from a closure
        // over the cells a copy of it.
        let start = index * columns
        let end = start + min(extents[index], columns)
        let lineClusters = clusters[index].isEmpty ? [] : clusters[index]
        scrollback?.push(cells, start..<end, clusters: lineClusters)
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
    if !clusters[index].isEmpty { clusters[index].removeAll(keepingCapacity: true) }
    let isDefault = blank == .blank
    let end = isDefault ? min(extents[index], columns) : columns
    extents[index] = isDefault ? 0 : columns
    guard end > 0 else { return }
    let start = index * columns
    cells.withUnsafeMutableBufferPointer { cells in
      UnsafeMutableBufferPointer(rebasing: cells[start..<(start + end)]).update(repeating: blank)
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
      let start = index * columns
      for column in left..<right
      where !selective || !cells[start + column].attributes.contains(.protected) {
        cells[start + column] = blank
      }
      repairWideCharacters(line: index, around: left..<right)
    }
  }

  /// After cells of a line changed in `span`: a half of a wide character whose other half is
  /// gone becomes a blank, at either edge.
  private mutating func repairWideCharacters(line index: Int, around span: Range<Int>) {
    let start = index * columns
    for column in [span.lowerBound - 1, span.lowerBound, span.upperBound - 1, span.upperBound]
    where (0..<columns).contains(column) {
      let cell = cells[start + column]
      if cell.isContinuation {
        if column == 0 || !cells[start + column - 1].attributes.contains(.wide) {
          cells[start + column] = cell.erased
        }
      } else if cell.attributes.contains(.wide) {
        if column + 1 >= columns || !cells[start + column + 1].isContinuation {
          cells[start + column] = cell.erased
        }
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
    var screen = (0..<rows).map { self[$0] }
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
    cells = screen.flatMap(\.cells)
    clusters = screen.map(\.clusters)
    order = Array(0..<rows)
    extents = Array(repeating: columns, count: rows)
    return moved
  }
}
