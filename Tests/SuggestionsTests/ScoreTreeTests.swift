import Testing

@testable import Suggestions

@Suite("ScoreTree: range maxima and best-first visits")
struct ScoreTreeTests {
  /// Small scores with many ties, every size from empty to a few non-powers of two.
  static func cases() -> [[Double]] {
    var generator = SystemRandomNumberGenerator()
    return (0...37).map { count in
      (0..<count).map { _ in Double(Int.random(in: 0...6, using: &generator)) / 2 }
    }
  }

  @Test("the maximum of every range is the highest score in it")
  func maxima() {
    for scores in Self.cases() {
      let tree = ScoreTree(scores)
      for low in 0...scores.count {
        for high in low...scores.count {
          #expect(tree.maximum(in: low..<high) == scores[low..<high].max(), "\(scores) \(low)")
          if let position = tree.bestPosition(in: low..<high) {
            #expect((low..<high).contains(position))
          }
        }
      }
    }
  }

  @Test("a visit sees each position once, best first, and stops at the first score not wanted")
  func visits() {
    for scores in Self.cases() where !scores.isEmpty {
      let tree = ScoreTree(scores)
      let range = scores.count / 4..<scores.count
      var seen: [Int] = []
      tree.visitBest(in: range, while: { _ in true }) { seen.append($0) }
      #expect(seen.sorted() == Array(range))
      let visited = seen.map { scores[$0] }
      #expect(visited == visited.sorted(by: >))
      for threshold in [0, 1, 1.5, 3, 4] {
        var above: [Int] = []
        tree.visitBest(in: range, while: { $0 >= threshold }) { above.append($0) }
        #expect(above.sorted() == range.filter { scores[$0] >= threshold }, "\(threshold)")
      }
    }
  }
}
