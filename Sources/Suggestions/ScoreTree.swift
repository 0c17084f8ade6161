/// The highest of a fixed list of scores in any range of positions, in logarithmic time: a
/// segment tree of positions, so a query visits a range's best entries first and stops once
/// no entry left can enter the top list, instead of scoring every word of a one-letter prefix.
struct ScoreTree: Sendable {
  private let scores: [Double]
  /// `best[count + i]` is position `i`; `best[n]`, below `count`, the better of its children.
  private let best: [Int32]

  init(_ scores: [Double]) {
    self.scores = scores
    let count = scores.count
    var best = [Int32](repeating: 0, count: 2 * count)
    for position in 0..<count { best[count + position] = Int32(position) }
    if count > 1 {
      for node in stride(from: count - 1, through: 1, by: -1) {
        let (left, right) = (best[2 * node], best[2 * node + 1])
        best[node] = scores[Int(left)] >= scores[Int(right)] ? left : right
      }
    }
    self.best = best
  }

  /// The highest score in `range`, or `nil` for an empty range.
  func maximum(in range: Range<Int>) -> Double? {
    bestPosition(in: range).map { scores[$0] }
  }

  /// A position of the highest score in `range`, or `nil` for an empty range.
  func bestPosition(in range: Range<Int>) -> Int? {
    guard !range.isEmpty else { return nil }
    let count = scores.count
    var (low, high) = (range.lowerBound + count, range.upperBound + count)
    var found = Int(best[low])
    func consider(_ node: Int) {
      let position = Int(best[node])
      if scores[position] > scores[found] { found = position }
    }
    while low < high {
      if low & 1 == 1 {
        consider(low)
        low += 1
      }
      if high & 1 == 1 {
        high -= 1
        consider(high)
      }
      low >>= 1
      high >>= 1
    }
    return found
  }

  /// Calls `visit` with the positions of `range`, highest score first, while `wanted` says
  /// a score that high may still be wanted; stops at the first it does not.
  func visitBest(
    in range: Range<Int>, while wanted: (Double) -> Bool, _ visit: (Int) -> Void
  ) {
    // A max-heap of ranges left, each keyed by its best position.
    var heap: [(position: Int, range: Range<Int>)] = []
    func push(_ range: Range<Int>) {
      guard let position = bestPosition(in: range) else { return }
      heap.append((position, range))
      var child = heap.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard scores[heap[child].position] > scores[heap[parent].position] else { break }
        heap.swapAt(child, parent)
        child = parent
      }
    }
    func pop() -> (position: Int, range: Range<Int>) {
      let top = heap[0]
      let last = heap.removeLast()
      guard !heap.isEmpty else { return top }
      heap[0] = last
      var parent = 0
      while true {
        var largest = parent
        for child in 2 * parent + 1...2 * parent + 2
        where child < heap.count && scores[heap[child].position] > scores[heap[largest].position] {
          largest = child
        }
        guard largest != parent else { break }
        heap.swapAt(parent, largest)
        parent = largest
      }
      return top
    }
    push(range)
    while !heap.isEmpty {
      let (position, range) = pop()
      guard wanted(scores[position]) else { return }
      visit(position)
      push(range.lowerBound..<position)
      push(position + 1..<range.upperBound)
    }
  }
}
