import HangulEngine
import Testing

/// Presses `sequence` and reads what each press did from the engine before and after it.
private func effects(_ sequence: String, layout: String = "cheonjiin-galaxy") throws
  -> [PressEffect]
{
  var typist = try typist(layout)
  var result: [PressEffect] = []
  for placed in try KeySequence.parse(sequence) {
    let resolver = KeyResolver(layout: typist.layout)
    let (key, isHold) = try resolver.resolve(placed.token)
    let before = typist.inputMethod
    let output = isHold ? typist.hold(key) : typist.tap(key)
    result.append(
      PressEffect(
        key: key, isHold: isHold, before: before, after: typist.inputMethod, output: output))
  }
  return result
}

/// Spells `text` and replays it, pairing each press's effect with the preedit after it.
private func spelledEffects(_ text: String, layout: String) throws -> [(PressEffect, String)] {
  let speller = Speller(layouts: try inputMethod(layout).layouts)
  var typist = Typist(layouts: speller.layouts)
  var result: [(PressEffect, String)] = []
  for press in try speller.spell(text) {
    let before = typist.inputMethod
    let output = press.isHold ? typist.hold(press.key) : typist.tap(press.key)
    result.append(
      (
        PressEffect(
          key: press.key, isHold: press.isHold, before: before, after: typist.inputMethod,
          output: output),
        typist.preedit
      ))
  }
  return result
}

@Suite("What a press did, read from the engine (the demo's captions)")
struct PressEffectTests {
  @Test("안녕: initial, strokes joining, the dots, finals, the shared key ending the syllable")
  func annyeong() throws {
    #expect(
      try effects("ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ") == [
        .newSyllable(letter: "ㅇ"),
        .vowelJoined(initial: "ㅇ", vowel: "ㅣ", syllable: "이"),
        .vowelCombined(from: "ㅣ", stroke: "ㆍ", to: "ㅏ", syllable: "아"),
        .finalAdded(syllable: "아", letter: "ㄴ", result: "안"),
        .syllableEnded,
        .newSyllable(letter: "ㄴ"),
        .vowelJoined(initial: "ㄴ", vowel: "ㆍ", syllable: nil),
        .vowelCombined(from: "ㆍ", stroke: "ㆍ", to: "‥", syllable: nil),
        .vowelCombined(from: "‥", stroke: "ㅣ", to: "ㅕ", syllable: "녀"),
        .finalAdded(syllable: "녀", letter: "ㅇ", result: "녕"),
      ])
  }

  @Test("a stroke after a final carries it to the next syllable: 안 + ㅣ = 아니")
  func carryOver() throws {
    #expect(
      try effects("ㅇㅣㆍㄴㅣ").last == .finalCarriedOver(final: "ㄴ", syllable: "니"))
    // 앉 + ㅡ = 안즈: the second final moves on.
    #expect(
      try effects("ㅇㅣㆍㄴㅈㅡ").last == .finalCarriedOver(final: "ㅈ", syllable: "즈"))
  }

  @Test("the same consonant key again moves along its cycle, with the syllable it changes")
  func cycles() throws {
    #expect(
      try effects("ㄴㄴ") == [
        .newSyllable(letter: "ㄴ"), .cycled(keyLabel: "ㄴㄹ", presses: 2, result: "ㄹ", syllable: nil),
      ])
    #expect(
      try effects("ㄱㄱㄱ").last == .cycled(keyLabel: "ㄱㅋ", presses: 3, result: "ㄲ", syllable: nil))
    #expect(
      try effects("ㅇㅣㆍㄴㅅㅅ").suffix(2) == [
        .finalAdded(syllable: "안", letter: "ㅅ", result: "안ㅅ"),
        .cycled(keyLabel: "ㅅㅎ", presses: 2, result: "ㅎ", syllable: "않"),
      ])
  }

  @Test("Galaxy's shared key ends the syllable, then types a space; iPhone's ␣ types one at once")
  func spaces() throws {
    #expect(try effects("ㅇㆍㅡ__").suffix(2) == [.syllableEnded, .space])
    #expect(try effects("ㅇㆍㅡ<space>", layout: "cheonjiin-iphone").last == .space)
    #expect(try effects("ㅇㆍㅡ<next>", layout: "cheonjiin-iphone").last == .syllableEnded)
  }

  @Test("marks, held digits, line breaks, ⌫ and the switch key")
  func otherKeys() throws {
    #expect(try effects("ㄱㅣㆍ.").last == .mark("."))
    #expect(
      try effects("ㄱㅣㆍ...").last
        == .cycled(keyLabel: ".,?!", presses: 3, result: "?", syllable: nil))
    #expect(try effects("ㄱㅣㆍ<hold:4>").last == .heldText("4"))
    #expect(try effects("ㄱㅣㆍ<enter>").last == .newline)
    #expect(try effects("ㄱ<").last == .undone)
    #expect(try effects("ㄱㅣㆍ_<").last == .deleted)
    // ⌫ on empty text does nothing.
    #expect(try effects("<").last == .nothing)
    let switched = try effects("<symbols>")
    let symbols = try inputMethod().layouts.firstIndex { $0.id == "symbols" }
    #expect(switched == [.switchedLayout(to: try #require(symbols))])
  }

  @Test(
    "every caption agrees with the text the engine then shows",
    arguments: ["cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja"])
  func agreesWithPreedit(layout: String) throws {
    let texts = ["안녕하세요, 나는 2살!", "괜찮아요", "깚 않 앉아", "할머니 학교", "뭐해? 밥 먹었어.", "ㅋㅋㅋ 웃겨"]
    for text in texts {
      for (effect, preedit) in try spelledEffects(text, layout: layout) {
        switch effect {
        case .newSyllable(let letter):
          #expect(preedit.last == letter, "\(text): \(effect) shows \(preedit)")
        case .vowelJoined(_, _, let syllable?), .vowelCombined(_, _, _, let syllable?),
          .finalCarriedOver(_, let syllable), .finalAdded(_, _, let syllable),
          .cycled(_, _, _, let syllable?):
          #expect(preedit.hasSuffix(syllable), "\(text): \(effect) shows \(preedit)")
        case .vowelJoined(let initial, let vowel, nil):
          #expect(preedit.hasSuffix("\(initial)\(vowel)"), "\(text): \(effect) shows \(preedit)")
        case .vowelCombined(_, _, let to, nil):
          #expect(preedit.last == to, "\(text): \(effect) shows \(preedit)")
        case .cycled(_, _, let result, nil):
          #expect(preedit.hasSuffix(result), "\(text): \(effect) shows \(preedit)")
        case .mark(let mark):
          #expect(preedit == mark, "\(text): \(effect) shows \(preedit)")
        case .syllableEnded, .syllableEndedWithSpace, .space, .heldText, .newline:
          #expect(preedit.isEmpty, "\(text): \(effect) leaves \(preedit)")
        case .vowelAlone, .typedText, .switchedLayout, .undone, .deleted, .dismissed, .nothing:
          break
        }
      }
    }
  }
}

@Suite("Spelling grouped by the characters each press types")
struct SpellingGroupTests {
  @Test(
    "groups cover the text in order, and after each the engine shows exactly the text so far",
    arguments: ["cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja"])
  func groupsCoverTheText(layout: String) throws {
    let speller = Speller(layouts: try inputMethod(layout).layouts)
    for text in ["오 안녕", "안녕하세요, 나는 2살!", "스ㄱㆍㅂ", "가. 나", "ㅋㅋ", "깚 않"] {
      let spelling = try speller.spelling(text)
      #expect(spelling.presses == (try speller.spell(text)))
      #expect(spelling.text == Array(text))
      var typist = Typist(layouts: speller.layouts)
      var end = 0
      for group in spelling.groups {
        #expect(group.characters.lowerBound == end, "\(text)")
        #expect(!group.presses.isEmpty)
        for press in group.presses {
          _ = press.isHold ? typist.hold(press.key) : typist.tap(press.key)
        }
        end = group.characters.upperBound
        #expect(typist.text == String(spelling.text[..<end]), "\(text) at \(end)")
      }
      #expect(end == spelling.text.count)
    }
  }

  @Test("오 안녕: the space costs Galaxy two presses and iPhone one; → and ␣ go with 녕")
  func perCharacterCounts() throws {
    func counts(_ layout: String) throws -> [Int] {
      try Speller(layouts: try inputMethod(layout).layouts).spelling("오 안녕").groups.map(
        \.presses.count)
    }
    #expect(try counts("cheonjiin-galaxy") == [3, 2, 4, 6])
    #expect(try counts("cheonjiin-iphone") == [3, 1, 4, 6])
  }
}
