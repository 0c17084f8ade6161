import HangulEngine
import Suggestions
import Testing

/// One spelling case: text → primitive letters.
struct SpellingCase: Sendable, CustomTestStringConvertible {
  let id: String
  let text: String
  /// `nil` when the text cannot be spelled.
  let primitives: String?
  var testDescription: String { id }
}

@Suite("Cheon-Ji-In primitive spelling")
struct PrimitiveSpellerTests {
  /// The usual 천지인 vowel table, plus the vowels it leaves
  /// out (one-stroke vowels and the y-/w- vowels that follow from engine.md §2).
  static let strokeTable: [(Jungseong, String)] = [
    (.a, "ㅣㆍ"), (.ae, "ㅣㆍㅣ"), (.ya, "ㅣㆍㆍ"),
    (.eo, "ㆍㅣ"), (.e, "ㆍㅣㅣ"), (.yeo, "ㆍㆍㅣ"),
    (.o, "ㆍㅡ"), (.wa, "ㆍㅡㅣㆍ"), (.oe, "ㆍㅡㅣ"),
    (.u, "ㅡㆍ"), (.weo, "ㅡㆍㆍㅣ"), (.wi, "ㅡㆍㅣ"),
    (.yi, "ㅡㅣ"),
    (.i, "ㅣ"), (.eu, "ㅡ"), (.yae, "ㅣㆍㆍㅣ"), (.ye, "ㆍㆍㅣㅣ"), (.yo, "ㆍㆍㅡ"),
    (.yu, "ㅡㆍㆍ"), (.wae, "ㆍㅡㅣㆍㅣ"), (.we, "ㅡㆍㆍㅣㅣ"),
  ]

  @Test("every vowel is spelled with the strokes of the vowel table")
  func vowelTable() throws {
    let speller = try speller()
    #expect(Self.strokeTable.count == Jungseong.allCases.count)
    for (jung, strokes) in Self.strokeTable {
      #expect(
        String(String.UnicodeScalarView(speller.strokes(for: jung).map(\.letter))) == strokes,
        "\(Character(jung.compatibility))")
      #expect(speller.primitives(of: String(Character(jung.compatibility)))?.letters == strokes)
    }
  }

  static let cases: [SpellingCase] = [
    SpellingCase(id: "open syllable 가", text: "가", primitives: "ㄱㅣㆍ"),
    SpellingCase(id: "final 각", text: "각", primitives: "ㄱㅣㆍㄱ"),
    SpellingCase(id: "double final split: 값", text: "값", primitives: "ㄱㅣㆍㅂㅅ"),
    SpellingCase(id: "double final split: 앉", text: "앉", primitives: "ㅇㅣㆍㄴㅈ"),
    SpellingCase(id: "ㄲ is one letter", text: "꽉", primitives: "ㄲㆍㅡㅣㆍㄱ"),
    SpellingCase(id: "ㅆ final is one letter", text: "있", primitives: "ㅇㅣㅆ"),
    SpellingCase(id: "word 행복", text: "행복", primitives: "ㅎㅣㆍㅣㅇㅂㆍㅡㄱ"),
    SpellingCase(id: "lone consonant", text: "ㄱ", primitives: "ㄱ"),
    SpellingCase(id: "lone letter after a syllable", text: "감ㅅ", primitives: "ㄱㅣㆍㅁㅅ"),
    SpellingCase(id: "compound letter split", text: "ㄳ", primitives: "ㄱㅅ"),
    SpellingCase(id: "dot state ㄱㆍ", text: "ㄱㆍ", primitives: "ㄱㆍ"),
    SpellingCase(id: "double dot state ㄱ‥", text: "ㄱ‥", primitives: "ㄱㆍㆍ"),
    SpellingCase(id: "vowel-only letter", text: "ㅏ", primitives: "ㅣㆍ"),
    SpellingCase(id: "carried-over final 가ㄴㆍ", text: "가ㄴㆍ", primitives: "ㄱㅣㆍㄴㆍ"),
    SpellingCase(
      id: "conjoining jamo (NFD) like NFC", text: "\u{1100}\u{1161}\u{11B9}",
      primitives: "ㄱㅣㆍㅂㅅ"),
    SpellingCase(id: "Latin cannot be spelled", text: "ab", primitives: nil),
    SpellingCase(id: "a digit cannot be spelled", text: "감1", primitives: nil),
    SpellingCase(id: "a space cannot be spelled", text: "감 사", primitives: nil),
  ]

  @Test("text spells as primitives", arguments: cases)
  func spelling(_ testCase: SpellingCase) throws {
    #expect(try speller().primitives(of: testCase.text)?.letters == testCase.primitives)
  }

  @Test("a vowel still being built is a prefix of the finished one")
  func partialVowels() throws {
    let speller = try speller()
    for (partial, finished) in [("아", "애"), ("아", "야"), ("오", "와"), ("우", "워"), ("으", "의")] {
      let a = try #require(speller.primitives(of: partial))
      let b = try #require(speller.primitives(of: finished))
      #expect(b.starts(with: a), "\(partial) → \(finished)")
    }
  }

  @Test("every syllable has a distinct spelling, so keys identify words")
  func syllablesAreDistinct() throws {
    let speller = try speller()
    var seen: Set<[Primitive]> = []
    for value in UInt32(0xAC00)...0xD7A3 {
      let scalar = try #require(Unicode.Scalar(value))
      seen.insert(try #require(speller.primitives(of: String(Character(scalar)))))
    }
    #expect(seen.count == Syllable.count)
  }

  @Test("primitive codes round-trip")
  func codes() {
    for code in UInt8(0)...21 { #expect(Primitive(code: code)?.code == code) }
    #expect(Primitive(code: 22) == nil)
  }

  @Test("a table that cannot type every vowel gives no speller")
  func incompleteTable() {
    #expect(PrimitiveSpeller(vowels: VowelTable()) == nil)
    #expect(PrimitiveSpeller.unreachableVowels(in: VowelTable()).count == 19)
    #expect(PrimitiveSpeller.unreachableVowels(in: galaxyVowels).isEmpty)
  }
}
