import HangulEngine
import Testing

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
