import Testing
import Utilities

@Suite("editDistance and subscript(safe:)")
struct TextHelperTests {
  @Test(
    "edits: insertions, deletions and replacements cost 1",
    arguments: [
      ("", "", 0), ("", "가나", 2), ("가나", "", 2), ("가나다", "가나다", 0), ("가나다", "가다", 1),
      ("가다", "가나다", 1), ("가나다", "가너다", 1), ("kitten", "sitting", 3),
    ])
  func levenshtein(_ a: String, _ b: String, _ expected: Int) {
    #expect(editDistance(Array(a), Array(b)) == expected)
    // Symmetric, and the same with swaps counted once when nothing is swapped.
    #expect(editDistance(Array(b), Array(a)) == expected)
  }

  @Test("a swap of neighbours is two edits for scoring and one for typos")
  func swaps() {
    #expect(editDistance(Array("lable"), Array("label")) == 2)
    #expect(editDistance(Array("lable"), Array("label"), countsSwapsAsOne: true) == 1)
    #expect(editDistance(Array("나가다"), Array("가나다"), countsSwapsAsOne: true) == 1)
    #expect(editDistance(Array("ba"), Array("abc"), countsSwapsAsOne: true) == 2)
    // Optimal string alignment edits no substring twice: "ca" → "abc" is 3, not 2.
    #expect(editDistance(Array("ca"), Array("abc"), countsSwapsAsOne: true) == 3)
  }

  @Test("works on any equatable elements, such as syllable arrays of numbers")
  func generic() {
    #expect(editDistance([1, 2, 3, 4], [1, 3, 4]) == 1)
    #expect(editDistance([1, 2, 3, 4], [2, 1, 3, 4], countsSwapsAsOne: true) == 1)
  }

  @Test("subscript(safe:) gives nil outside the indices")
  func safeIndex() {
    let keys = ["ㄱ", "ㄴ", "ㄷ"]
    #expect(keys[safe: 0] == "ㄱ")
    #expect(keys[safe: 2] == "ㄷ")
    #expect(keys[safe: 3] == nil)
    #expect(keys[safe: -1] == nil)
    #expect([Int]()[safe: 0] == nil)
  }
}

@Suite("editDistanceTable")
struct EditDistanceTableTests {
  @Test("every cell is the distance of two prefixes; the last is the whole distance")
  func prefixes() {
    // 가나 → 나가: row i is the first i of 가나, column j the first j of 나가.
    #expect(editDistanceTable(Array("가나"), Array("나가")) == [[0, 1, 2], [1, 1, 1], [2, 1, 2]])
    // Counting the swap as one edit changes only the last cell.
    #expect(
      editDistanceTable(Array("가나"), Array("나가"), countsSwapsAsOne: true)
        == [[0, 1, 2], [1, 1, 1], [2, 1, 1]])
    let table = editDistanceTable(Array("가나다라"), Array("가다라마"))
    #expect(table.count == 5 && table.allSatisfy { $0.count == 5 })
    #expect(table[4][4] == 2)
  }

  @Test("empty sides give the first row and column only")
  func empty() {
    #expect(editDistanceTable([Character](), Array("가나")) == [[0, 1, 2]])
    #expect(editDistanceTable(Array("가나"), [Character]()) == [[0], [1], [2]])
  }
}
