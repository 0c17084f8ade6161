import HangulEngine
import Testing

/// `kiyeokSios` → `KIYEOK-SIOS`, the Unicode character-name spelling.
private func unicodeSpelling(_ caseName: String) -> String {
  var result = ""
  for character in caseName {
    if character.isUppercase { result += "-" }
    result += character.uppercased()
  }
  return result
}

@Suite("Jamo names and mappings")
struct JamoTests {
  @Test("every Choseong case is named like its Unicode character", arguments: Choseong.allCases)
  func choseongName(_ cho: Choseong) {
    #expect(cho.conjoining.properties.name == "HANGUL CHOSEONG " + unicodeSpelling("\(cho)"))
    #expect(cho.compatibility.properties.name == "HANGUL LETTER " + unicodeSpelling("\(cho)"))
    #expect(Choseong(cho.compatibility) == cho)
    #expect(Choseong(cho.conjoining) == cho)
  }

  @Test("every Jungseong case is named like its Unicode character", arguments: Jungseong.allCases)
  func jungseongName(_ jung: Jungseong) {
    #expect(jung.conjoining.properties.name == "HANGUL JUNGSEONG " + unicodeSpelling("\(jung)"))
    #expect(jung.compatibility.properties.name == "HANGUL LETTER " + unicodeSpelling("\(jung)"))
    #expect(Jungseong(jung.compatibility) == jung)
    #expect(Jungseong(jung.conjoining) == jung)
  }

  @Test("every Jongseong case is named like its Unicode character", arguments: Jongseong.allCases)
  func jongseongName(_ jong: Jongseong) {
    #expect(jong.conjoining.properties.name == "HANGUL JONGSEONG " + unicodeSpelling("\(jong)"))
    #expect(jong.compatibility.properties.name == "HANGUL LETTER " + unicodeSpelling("\(jong)"))
    #expect(Jongseong(jong.compatibility) == jong)
    #expect(Jongseong(jong.conjoining) == jong)
  }

  @Test("the 11 double finals split and recombine")
  func doubleFinals() {
    let doubles = Jongseong.allCases.filter { $0.parts != nil }
    #expect(doubles.count == 11)
    for double in doubles {
      guard let (first, second) = double.parts else { continue }
      #expect(first.adding(second) == double)
      // The name says the same: RIEUL-KIYEOK is RIEUL + KIYEOK.
      #expect(
        unicodeSpelling("\(double)") == unicodeSpelling("\(first)") + "-"
          + unicodeSpelling("\(second)"))
    }
    // Nothing else combines.
    var combinations = 0
    for first in Jongseong.allCases {
      for second in Choseong.allCases where first.adding(second) != nil { combinations += 1 }
    }
    #expect(combinations == 11)
  }

  @Test("only ㄸ ㅃ ㅉ cannot be finals")
  func consonantsAsFinals() {
    let cannot = Choseong.allCases.filter { $0.jongseong == nil }
    #expect(cannot == [.ssangtikeut, .ssangpieup, .ssangcieuc])
    for cho in Choseong.allCases {
      guard let jong = cho.jongseong else { continue }
      #expect(jong.choseong == cho)
      #expect(jong.compatibility == cho.compatibility)
    }
  }

  @Test("tense consonants fold to plain ones")
  func folding() {
    let folded = Choseong.allCases.filter { $0.folded != $0 }
    #expect(folded == [.ssangkiyeok, .ssangtikeut, .ssangpieup, .ssangsios, .ssangcieuc])
    for tense in folded {
      #expect(
        tense.compatibility.properties.name == "HANGUL LETTER SSANG"
          + unicodeSpelling("\(tense.folded)"))
    }
  }

  @Test("compatibility letters outside the consonant block are not consonants")
  func nonConsonants() {
    #expect(Choseong("ㅏ") == nil)
    #expect(Choseong("ㄳ") == nil)
    #expect(Choseong("a") == nil)
    #expect(Jongseong("ㄸ") == nil)
    #expect(Jungseong("ㄱ") == nil)
  }
}

@Suite("Syllables")
struct SyllableTests {
  @Test("all 11,172 syllables decompose and recompose")
  func roundTrip() {
    var seen = 0
    for value in UInt32(0xAC00)...0xD7A3 {
      guard let scalar = Unicode.Scalar(value), let syllable = Syllable(scalar) else {
        Issue.record("U+\(String(value, radix: 16)) did not decompose")
        continue
      }
      #expect(syllable.scalar == scalar)
      // NFD agrees: the conjoining form canonically composes back.
      let conjoining = String(String.UnicodeScalarView(syllable.conjoining))
      #expect(conjoining == String(Character(scalar)))
      seen += 1
    }
    #expect(seen == Syllable.count)
  }

  @Test("composition is the documented arithmetic")
  func arithmetic() {
    #expect(Syllable(.kiyeok, .a).scalar == "가")
    #expect(Syllable(.hieuh, .i, .hieuh).scalar == "힣")
    #expect(Syllable(.ieung, .a, .nieunHieuh).scalar == "않")
    #expect(Syllable("A") == nil)
    #expect(Syllable("\u{D7A4}") == nil)
  }

  @Test("initial consonants, plain and folded")
  func initials() {
    #expect(initialConsonantString(of: "까마귀") == "ㄲㅁㄱ")
    #expect(initialConsonantString(of: "까마귀", folded: true) == "ㄱㅁㄱ")
    #expect(initialConsonantString(of: "감사 합니다!") == "ㄱㅅㅎㄴㄷ")
    #expect(initialConsonantString(of: "ㄳㅆ") == "ㄱㅅㅆ")
    #expect(initialConsonantString(of: "ㄳㅆ", folded: true) == "ㄱㅅㅅ")
  }

  @Test("conjoining jamo become what a terminal can show")
  func conjoiningToDisplay() {
    #expect(composingConjoiningJamo("\u{1100}\u{1161}\u{11A8}") == "각")
    #expect(composingConjoiningJamo("\u{1100}\u{119E}") == "ㄱㆍ")
    #expect(composingConjoiningJamo("\u{11A2}") == "‥")
    #expect(composingConjoiningJamo("a\u{1112}") == "aㅎ")
  }
}
