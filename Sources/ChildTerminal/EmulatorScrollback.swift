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
  ///
  /// Every cell from `extent` on is known to be empty.
  mutating func push(_ line: EmulatorLine, extent: Int = .max) {
    guard lineLimit > 0 else { return }
    var end = min(max(0, extent), line.cells.count)
    while end > 0, line.cells[end - 1].isEmpty { end -= 1 }
    // Full (the usual case in a flood): the oldest line's slot, if dropping it is enough.
    if count > 0, count == lines.count, count >= lineLimit || cellCount + end > cellLimit,
      cellCount - lines[start].cells.count + end <= cellLimit,
      lines[start].cells.capacity <= end + Self.spareCells
    {
      replaceOldest(with: line, cells: end)
      return
    }
    let kept = EmulatorLine(
      cells: end == line.cells.count ? line.cells : Array(line.cells[..<end]),
      clusters: line.clusters)
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

  /// The ring is full: the oldest line makes way for `line`'s first `end` cells, which go
  /// into its slot and, when they fit, its storage: a flood scrolls a line into the scrollback
  /// for every line it prints, and a new array for each (freeing the oldest) showed in `perf`.
  private mutating func replaceOldest(with line: EmulatorLine, cells end: Int) {
    cellCount += end - lines[start].cells.count
    lines[start].cells.removeAll(keepingCapacity: true)
    lines[start].cells.append(contentsOf: line.cells[..<end])
    lines[start].clusters = line.clusters
    start = (start + 1) % lines.count
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
