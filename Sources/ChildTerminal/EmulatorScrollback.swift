/// The lines that scrolled off the top of the main screen, oldest first, bounded by a count
/// of lines and of cells (sixteen bytes each), whichever is reached first.
///
/// A line is kept without its trailing blanks, so a shell's short lines cost little. The
/// cells of every line kept lie one line after another in one ring of cells, as tmux keeps
/// its history: a flood pushes a line for every line it prints, and an array of its own for
/// each (its storage reused, or freed for the oldest) showed in `perf`; a line pushed is now a
/// copy into the ring. Pure.
public struct EmulatorScrollback: Sendable {
  /// The most lines kept.
  public let lineLimit: Int
  /// The most cells kept, over all lines.
  public let cellLimit: Int
  /// The cells of the lines kept, oldest first, around a ring (a line may go on from the
  /// ring's end to its start); it grows as needed up to ``cellLimit``.
  private var cells: [EmulatorCell] = []
  /// A ring of lines: `spans[(first + index) % spans.count]` says where line `index` is in
  /// ``cells``; it grows as needed up to ``lineLimit``.
  private var spans: [Span] = []
  /// The clusters of the line in the same slot of ``spans``; most are empty.
  private var clusters: [[String]] = []
  private var first = 0
  public private(set) var count = 0
  /// Cells kept now, over all lines.
  public private(set) var cellCount = 0
  /// Where the next line's cells go in ``cells``.
  private var next = 0

  /// A line's place in ``cells``.
  private struct Span: Sendable {
    var start: Int
    var count: Int
  }

  /// Five thousand lines, and at most 600,000 cells (9.6 MB) however wide they are.
  public static let defaultLineLimit = 5000
  public static let defaultCellLimit = 600_000

  public init(lineLimit: Int = defaultLineLimit, cellLimit: Int = defaultCellLimit) {
    self.lineLimit = max(0, lineLimit)
    self.cellLimit = max(0, cellLimit)
  }

  /// Line `index`, 0 the oldest.
  public subscript(index: Int) -> EmulatorLine {
    let slot = (first + index) % spans.count
    let span = spans[slot]
    var line: [EmulatorCell] = []
    line.reserveCapacity(span.count)
    let beforeEnd = min(span.count, cells.count - span.start)
    if beforeEnd > 0 { line += cells[span.start..<(span.start + beforeEnd)] }
    if span.count > beforeEnd { line += cells[0..<(span.count - beforeEnd)] }
    return EmulatorLine(cells: line, clusters: clusters[slot])
  }

  /// Keeps a line (its trailing blanks cut); the oldest go when a limit is passed.
  mutating func push(_ line: EmulatorLine) {
    line.cells.withUnsafeBufferPointer { push($0, clusters: line.clusters) }
  }

  /// Keeps `cells[range]` as a line (its trailing blanks cut), with its clusters.
  mutating func push(_ cells: [EmulatorCell], _ range: Range<Int>, clusters: [String]) {
    cells.withUnsafeBufferPointer {
      push(UnsafeBufferPointer(rebasing: $0[range]), clusters: clusters)
    }
  }

  /// Keeps a line of these cells (its trailing blanks cut) and clusters.
  ///
  /// The oldest lines go when a limit is passed; a line longer than ``cellLimit`` keeps its
  /// start.
  mutating func push(_ line: UnsafeBufferPointer<EmulatorCell>, clusters lineClusters: [String]) {
    guard lineLimit > 0 else { return }
    var end = min(line.count, cellLimit)
    while end > 0, line[end - 1].isEmpty { end -= 1 }
    while count > 0, count >= lineLimit || cellCount + end > cellLimit { dropOldest() }
    if cellCount + end > cells.count { growCells(toHold: cellCount + end) }
    if count == spans.count { growSpans() }
    let slot = Self.wrapped(first + count, spans.count)
    let start = next
    if end > 0, let source = line.baseAddress {
      cells.withUnsafeMutableBufferPointer { ring in
        guard let base = ring.baseAddress else { return }
        let beforeEnd = min(end, ring.count - start)
        (base + start).update(from: source, count: beforeEnd)
        if end > beforeEnd { base.update(from: source + beforeEnd, count: end - beforeEnd) }
      }
    }
    spans[slot] = Span(start: start, count: end)
    // Most lines have no clusters: then nothing is assigned (nor retained).
    if !lineClusters.isEmpty || !clusters[slot].isEmpty { clusters[slot] = lineClusters }
    next = Self.wrapped(start + end, cells.count)
    count += 1
    cellCount += end
  }

  /// Takes back the newest line (the window grew: it returns to the screen).
  mutating func popNewest() -> EmulatorLine? {
    guard count > 0 else { return nil }
    let line = self[count - 1]
    let slot = (first + count - 1) % spans.count
    count -= 1
    cellCount -= spans[slot].count
    next = spans[slot].start
    if !clusters[slot].isEmpty { clusters[slot] = [] }
    if count == 0 { first = 0 }
    return line
  }

  /// Forgets every line (`CSI 3 J`, `clear`).
  mutating func removeAll() {
    cells = []
    spans = []
    clusters = []
    first = 0
    count = 0
    cellCount = 0
    next = 0
  }

  private mutating func dropOldest() {
    cellCount -= spans[first].count
    if !clusters[first].isEmpty { clusters[first] = [] }
    first = Self.wrapped(first + 1, spans.count)
    count -= 1
    if count == 0 {
      first = 0
      next = 0
    }
  }

  /// A position one ring's length or less past its end, back inside it (0 in an empty one):
  /// no division for every line of a flood.
  private static func wrapped(_ position: Int, _ length: Int) -> Int {
    position < length ? position : position - length
  }

  /// The ring of cells made larger (doubling, up to ``cellLimit``), its lines put in order
  /// from its start.
  private mutating func growCells(toHold needed: Int) {
    let capacity = min(cellLimit, max(needed, 2 * cells.count, 1024))
    var grown: [EmulatorCell] = []
    grown.reserveCapacity(capacity)
    for index in 0..<count {
      let slot = (first + index) % spans.count
      let span = spans[slot]
      spans[slot].start = grown.count
      let beforeEnd = min(span.count, cells.count - span.start)
      if beforeEnd > 0 { grown += cells[span.start..<(span.start + beforeEnd)] }
      if span.count > beforeEnd { grown += cells[0..<(span.count - beforeEnd)] }
    }
    next = grown.count
    grown += repeatElement(EmulatorCell.blank, count: capacity - grown.count)
    cells = grown
  }

  /// The ring of lines made larger (doubling, up to ``lineLimit``), oldest first from its start.
  private mutating func growSpans() {
    let capacity = min(lineLimit, max(2 * spans.count, 64))
    let order = (0..<count).map { (first + $0) % spans.count }
    let free = capacity - count
    spans = order.map { spans[$0] } + repeatElement(Span(start: 0, count: 0), count: free)
    clusters = order.map { clusters[$0] } + repeatElement([], count: free)
    first = 0
  }
}
