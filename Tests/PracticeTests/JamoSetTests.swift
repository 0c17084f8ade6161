import Practice
import Testing

@Suite("A set of jamo as bits")
struct JamoSetTests {
  @Test("membership, subsets and the letters listed agree with a set of strings")
  func agreesWithStrings() {
    let words = ["안녕", "값", "ㄲ", "할머니", "ㅢ", "a1 .", "뷁"]
    for word in words {
      let letters = Set(JamoUnits.letters(of: word))
      let set = JamoSet(JamoUnits.letters(of: word))
      #expect(Set(set.scalars.map(String.init)) == letters, "\(word)")
      #expect(set.isEmpty == letters.isEmpty)
      for other in words {
        let otherLetters = Set(JamoUnits.letters(of: other))
        #expect(
          set.isSubset(of: JamoSet(JamoUnits.letters(of: other)))
            == letters.isSubset(of: otherLetters), "\(word) ⊆ \(other)")
      }
    }
    // ㄱ and ㅣ, the first and last letters; anything else is not a member.
    let ends = JamoSet(["ㄱ", "ㅣ", "가", "ab", "", "ㄱㄴ"])
    #expect(ends.scalars == ["ㄱ", "ㅣ"])
    #expect(ends.contains("ㄱ") && ends.contains("ㅣ") && !ends.contains("ㄴ"))
    #expect(!ends.contains("ㄱㄴ") && !ends.contains("가"))
    var union = JamoSet(["ㄴ"])
    union.formUnion(ends)
    #expect(union.scalars == ["ㄱ", "ㄴ", "ㅣ"])
  }
}
