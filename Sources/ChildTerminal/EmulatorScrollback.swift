/// The lines that scrolled off the top of the main screen, oldest first, bounded by a count
/// of lines and of cells (sixteen bytes each), whichever is reached first.
///
/// A line is kept without its trailing blanks, so a shell's short lines cost little. Pure.
public struct EmulatorScrollback: Sendable {
  /// The most lines kept.
  public let lineLimit: Int
  /// The most cells kept, over all lines.
  public let cellLimit: Int
  /// A ring: `lines[(start + index) % capacity]` is line `index`, oldest first.
  private var lines: [EmulatorLine] = []
  private var start = 0
  public private(set) var count = 0
  /// Cells kept now, over all lines.
  public private(set) var cellCount = 0

  /// Five thousand lines, and at most 600,000 cells (9.6 MB) however wide they are.
  public static let defaultLineLimit = 5000
  public static let defaultCellLimit = 600_000

  public init(lineLimit: Int = defaultLineLimit, cellLimit: Int = defaultCellLimit) {
    self.lineLimit = max(0, lineLimit)
    self.cellLimit = max(0, cellLimit)
  }

  /// Line `index`, 0 the oldest.
  public subscript(index: Int) -> EmulatorLine {
    lines[(start + index) % lines.count]
  }

  /// Keeps a line (its trailing blanks cut); the oldest go when a limit is passed.
  mutating func push(_ line: EmulatorLine) {
    line.cells.withUnsafeBufferPointer { push($0, clusters: line.clusters) }
  }

  /// Keeps a line of these cells (its trailing blanks cut) and clusters; the oldest go when a
  /// limit is passed.
  mutating func push(_ cells: UnsafeBufferPointer<EmulatorCell>, clusters: [String]) {
    guard lineLimit > 0 else { return }
    var end = cells.count
    while end > 0, cells[end - 1].isEmpty { end -= 1 }
    let cells = UnsafeBufferPointer(rebasing: cells[..<end])
    // Full (the usual case in a flood): the oldest line's slot, if dropping it is enough.
    if count > 0, count == lines.count, count >= lineLimit || cellCount + end > cellLimit,
      replaceOldest(with: cells, clusters: clusters)
    {
      return
    }
    let kept = EmulatorLine(cells: Array(cells), clusters: clusters)
    while count > 0, count >= lineLimit || cellCount + end > cellLimit { dropOldest() }
    if lines.count < lineLimit, count == lines.count {
      // Every slot is in use and the ring may grow: put it in order first, then add one.
      if start != 0 {
        lines = Array(lines[start...] + lines[..<start])
        start = 0
      }
      lines.append(kept)
    } else {
      lines[(start + count) % lines.count] = kept
    }
    count += 1
    cellCount += end
  }

  /// A slot's storage is used again for a line at most this many cells shorter than it holds.
  static let spareCells = 16

  /// The ring is full: the oldest line makes way for `cells`, which go into its slot and its
  /// storage, if dropping it is enough and they fit there: a flood scrolls a line into the
  /// scrollback for every line it prints, and a new array for each (freeing the oldest), or
  /// even a copy of the slot's line (retained and released), showed in `perf`.
  ///
  /// - Returns: Whether the line was kept so.
  private mutating func replaceOldest(
    with cells: UnsafeBufferPointer<EmulatorCell>, clusters: [String]
  ) -> Bool {
    let slot = start
    let room = cellLimit - cellCount
    let dropped: Int? = lines.withUnsafeMutableBufferPointer { lines in
      let old = lines[slot].cells.count
      guard cells.count - old <= room, lines[slot].cells.capacity <= cells.count + Self.spareCells
      else { return nil }
      lines[slot].cells.removeAll(keepingCapacity: true)
      lines[slot].cells.append(contentsOf: cells)
      // Most lines have no clusters: then nothing is assigned (nor retained).
      if !clusters.isEmpty || !lines[slot].clusters.isEmpty { lines[slot].clusters = clusters }
      return old
    }
    guard let dropped else { return false }
    cellCount += cells.count - dropped
    start = (slot + 1) % lines.count
    return true
  }

  /// Takes back the newest line (the window grew: it returns to the screen).
  mutating func popNewest() -> EmulatorLine? {
    guard count > 0 else { return nil }
    count -= 1
    let index = (start + count) % lines.count
    let line = lines[index]
    lines[index] = EmulatorLine(cells: [], clusters: [])
    cellCount -= line.cells.count
    return line
  }

  /// Forgets every line (`CSI 3 J`, `clear`).
  mutating func removeAll() {
    lines = []
    start = 0
    count = 0
    cellCount = 0
  }

  private mutating func dropOldest() {
    cellCount -= lines[start].cells.count
    lines[start] = EmulatorLine(cells: [], clusters: [])
    start = (start + 1) % lines.count
    count -= 1
    if count == 0 { start = 0 }
  }
}
