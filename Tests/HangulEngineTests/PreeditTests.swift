import HangulEngine
import Testing

@Suite("The preedit a key press reports: a value, a String only when read")
struct PreeditTests {
  @Test("a preedit reads back as the text it holds, whatever its length")
  func roundTrip() {
    for text in [
      "", "ㄱ", "가ㄸ", "안ㅅ", String(repeating: "가", count: 10) + "ㄴ",
      String(repeating: "각", count: 11), String(repeating: "ㅋ", count: 40) + "!",
    ] {
      let preedit = Preedit(text)
      #expect(preedit.string == text)
      #expect(preedit.description == text)
      #expect("\(preedit)" == text)
      #expect(preedit.isEmpty == text.isEmpty)
      #expect(preedit.utf8Count == text.utf8.count)
      #expect(preedit.withUTF8 { Array($0) } == Array(text.utf8))
    }
  }

  @Test("equal text is equal and hashes alike, held inline or on the heap")
  func equality() {
    let short: Preedit = "가나"
    #expect(short == Preedit("가나"))
    #expect(short != Preedit("가"))
    #expect(Set([short, Preedit("가나"), Preedit("가")]).count == 2)
    // Eleven syllables do not fit inline (33 bytes): the same text either way.
    let long = String(repeating: "가", count: 11)
    #expect(Preedit(long) == Preedit(long))
    #expect(Preedit(long) != Preedit(long + "가"))
    #expect(Preedit(long).utf8Count > Preedit.inlineCapacity)
  }

  @Test("the composing tail is the syllable being composed or the cycling mark, after the rest")
  func composingTail() throws {
    var typist = try typist()
    let outputs = try press("ㄱㅣᆞㄴㅣ", on: &typist)
    #expect(outputs.map(\.preedit.string) == ["ㄱ", "기", "가", "간", "가니"])
    #expect(outputs.map(\.preedit.composingTail) == ["ㄱ", "기", "가", "간", "니"])
    #expect(typist.inputMethod.preedit.composingTail == "니")
    // A mark still cycling is the tail; once the next key settles it, it is not.
    let mark = try press(".ㄱ", on: &typist)
    #expect(mark.map(\.preedit.string) == [".", ".ㄱ"])
    #expect(mark.map(\.preedit.composingTail) == [".", "ㄱ"])
    // The tail does not make two preedits of the same text differ.
    #expect(outputs[4].preedit == Preedit("가니"))
  }

  @Test("a composition longer than the inline capacity: every press, and ⌫ back over it")
  func longComposition() throws {
    // 가 + ㄱㅣᆞ = 가가 (각, 가기, 가가): fourteen syllables open at once, none committed.
    var typist = try typist()
    var outputs = try press(String(repeating: "ㄱㅣᆞ", count: 14), on: &typist)
    #expect(outputs.last?.preedit.string == String(repeating: "가", count: 14))
    #expect(outputs.allSatisfy { $0.commit.isEmpty })
    #expect(typist.inputMethod.preedit.string == String(repeating: "가", count: 14))
    // ⌫ undoes one press at a time, back across the 32-byte line: 가×14 → 가×13 + 기 → …
    outputs = try press(String(repeating: "<", count: 3 * 4), on: &typist)
    #expect(outputs.last?.preedit.string == String(repeating: "가", count: 10))
    let expected = (1...12).map { (undone: Int) -> String in
      let left = 14 * 3 - undone  // presses still applied: three per syllable
      let syllables = String(repeating: "가", count: left / 3)
      // ㄱ after 가 is its final (각) until ㅣ carries it over (가기).
      if left % 3 == 1 { return String(syllables.dropLast()) + "각" }
      return syllables + (left % 3 == 2 ? "기" : "")
    }
    #expect(outputs.map(\.preedit.string) == expected)
    // The boundary commits it all.
    let commit = try press("_", on: &typist)
    #expect(commit.first?.commit == String(repeating: "가", count: 10))
    #expect(commit.first?.preedit == "")
    #expect(typist.text == String(repeating: "가", count: 10))
  }
}
