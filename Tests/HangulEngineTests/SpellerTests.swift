import HangulEngine
import Testing

@Suite("Spelling text into keys")
struct SpellerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let keys: String
    var testDescription: String { "\(text) → \(keys)" }
  }

  /// Expected shortest sequences, counted by hand on the pad (the same count gives
  /// 감사합니다 18, 안녕하세요 22, 행복합니다 20, 괜찮아요 21, 학교 10, 할머니 12, 마흔셋 13).
  static let cases: [Case] = [
    Case(text: "안녕", keys: "ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ"),
    Case(text: "학교", keys: "ㅅㅅㅣㆍㄱ_ㄱㆍㆍㅡ"),
    Case(text: "감사합니다", keys: "ㄱㅣㆍㅇㅇㅅㅣㆍㅅㅅㅣㆍㅂㄴㅣㄷㅣㆍ"),
    Case(text: "않", keys: "ㅇㅣㆍㄴㅅㅅ"),
    Case(text: "깚", keys: "ㄱㄱㄱㅣㆍㄴㄴㅂㅂ"),
    Case(text: "오 안녕", keys: "ㅇㆍㅡ__ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ"),
    Case(text: "ㅋㅋ", keys: "ㄱㄱ_ㄱㄱ"),
    Case(text: "가ㅣ", keys: "ㄱㅣㆍ_ㅣ"),
    Case(text: "가. 나", keys: "ㄱㅣㆍ.__ㄴㅣㆍ"),
    Case(text: "가4", keys: "ㄱㅣㆍ<hold:4>"),
    Case(text: "ㄱㆍ", keys: "ㄱㆍ"),
    // A consonant and a lone stroke after a syllable: ㄱ then ㆍ needs no separator (a
    // separator there would make 6 presses of 스ㄱㆍㅂ).
    Case(text: "스ㄱㆍㅂ", keys: "ㅅㅡㄱㆍㅂ"),
    Case(text: "스ㄱ‥ㅂ", keys: "ㅅㅡㄱㆍㆍㅂ"),
  ]

  @Test("10,000 syllables spell, and the sequence types them back")
  func longText() throws {
    // That spelling grows linearly (before, every step copied the whole text and the presses
    // so far) is checked in CPU time by ScalingEndToEndTests ("spell, one text"): a time limit
    // here failed on a loaded machine, not on slow code.
    let words = ["감사합니다", "안녕하세요", "할머니", "학교", "괜찮아요", "마흔셋"]
    let text = (0..<2_000).map { words[$0 % words.count] }.joined(separator: " ")
    let speller = Speller(layouts: try inputMethod().layouts)
    let presses = try speller.spell(text)
    var typist = Typist(layouts: speller.layouts)
    for press in presses {
      _ = press.isHold ? typist.hold(press.key) : typist.tap(press.key)
    }
    #expect(typist.text == text)
  }

  @Test(arguments: cases)
  func shortest(_ testCase: Case) throws {
    let speller = Speller(layouts: try inputMethod().layouts)
    let tokens = try speller.spellTokens(testCase.text)
    #expect(KeySequence.format(tokens) == testCase.keys)
    #expect(try typed(KeySequence.format(tokens)) == testCase.text)
  }

  @Test(
    "stroke counts of common words, counted by hand",
    arguments: [
      ("감사합니다", 18), ("안녕하세요", 22), ("행복합니다", 20), ("괜찮아요", 21), ("학교", 10),
      ("할머니", 12), ("마흔셋", 13), ("나무위키", 14),
    ])
  func strokeCounts(_ text: String, _ count: Int) throws {
    let speller = Speller(layouts: try inputMethod().layouts)
    #expect(try speller.spell(text).count == count)
  }

  @Test("a character no layout can type is named with its position")
  func untypeable() throws {
    let speller = Speller(layouts: try inputMethod().layouts)
    do {
      _ = try speller.spell("가나😀다")
      Issue.record("spelled an emoji")
    } catch {
      #expect(error.position == 3)
      #expect(error.character == "😀")
    }
  }

  @Test("decomposed input (NFD) is spelled as the syllables it stands for")
  func decomposedInput() throws {
    let speller = Speller(layouts: try inputMethod().layouts)
    let nfd = "\u{1112}\u{1161}\u{11AB}"  // 한 as conjoining jamo
    #expect(try speller.spell(nfd).count == 5)  // ㅅㅅ ㅣㆍ ㄴ
  }

  /// A space after a syllable costs two presses either as `__` or as a switch to !#1 (which ends
  /// the syllable) and its space key.
  ///
  /// Both are shortest; the speller must pick the one that stays on the starting layout, and always
  /// the same one, or text spelled in pieces (the suggestion benchmark) strays to !#1 and pays a
  /// press to come back.
  @Test("ties go to the sequence that stays on the starting layout, every time")
  func stableTies() throws {
    let layouts = try inputMethod().layouts
    for text in ["뷁 ", "가 ", "안녕 ", "학교 "] {
      var sequences = Set<String>()
      for _ in 0..<50 {
        let speller = Speller(layouts: layouts)
        let presses = try speller.spell(text)
        var typist = Typist(layouts: layouts)
        for press in presses { _ = press.isHold ? typist.hold(press.key) : typist.tap(press.key) }
        #expect(typist.text == text)
        #expect(typist.layoutIndex == 0, "\(text) ended on \(typist.layout.id)")
        sequences.insert(KeySequence.format(try speller.spellTokens(text)))
      }
      #expect(sequences.count == 1, "\(text): \(sequences)")
    }
  }

  @Test("digits format writes phone digits")
  func digits() throws {
    let speller = Speller(layouts: try inputMethod().layouts)
    #expect(KeySequence.format(try speller.spellTokens("안녕", digits: true)) == "0125#52210")
  }
}
