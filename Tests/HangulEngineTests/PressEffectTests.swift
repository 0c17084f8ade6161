import Foundation
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
        typist.inputMethod.preedit.string
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
    // ㅅ shows after 안, not in it (ㄴㅅ is no double final); pressed again it is the ㄶ of 않.
    #expect(
      try effects("ㅇㅣㆍㄴㅅㅅ").suffix(2) == [
        .letterAfter(syllable: "안", letter: "ㅅ", result: "안ㅅ"),
        .cycled(keyLabel: "ㅅㅎ", presses: 2, result: "ㅎ", syllable: "않"),
      ])
  }

  // Captions called a letter shown beside the syllable a final.
  @Test("할머니: the ㅇ on the way to 머's ㅁ is a letter after 할, not its final")
  func halmeoni() throws {
    let pressed = try effects("ㅅㅅㅣㆍㄴㄴㅇㅇㆍㅣ")
    #expect(
      pressed.suffix(4) == [
        .letterAfter(syllable: "할", letter: "ㅇ", result: "할ㅇ"),
        .cycled(keyLabel: "ㅇㅁ", presses: 2, result: "ㅁ", syllable: "핢"),
        // 핢 showed ㄻ: its ㅁ was a final and moves on.
        .finalCarriedOver(final: "ㅁ", syllable: "ㅁㆍ"),
        .vowelCombined(from: "ㆍ", stroke: "ㅣ", to: "ㅓ", syllable: "머"),
      ])
  }

  @Test("괜찮아요: ㅊ shown after 괜 gets its vowel; it never was a final")
  func gwaenchanayo() throws {
    // ㄱ ㆍㅡ(ㅗ) ㅣ ㆍ ㅣ (ㅙ) ㄴ, then ㅈ ㅈ (괜ㅊ), then ㅣ.
    let pressed = try effects("ㄱㆍㅡㅣㆍㅣㄴㅈㅈㅣ")
    #expect(
      pressed.suffix(4) == [
        .finalAdded(syllable: "괘", letter: "ㄴ", result: "괜"),
        .finalAdded(syllable: "괜", letter: "ㅈ", result: "괝"),
        .cycled(keyLabel: "ㅈㅊ", presses: 2, result: "ㅊ", syllable: "괜ㅊ"),
        .vowelJoined(initial: "ㅊ", vowel: "ㅣ", syllable: "치"),
      ])
    // 찬 + ㅅ shows 찬ㅅ: a letter after the syllable, until ㅅㅎ makes it ㄶ.
    #expect(
      try effects("ㅈㅈㅣㆍㄴㅅ").last == .letterAfter(syllable: "찬", letter: "ㅅ", result: "찬ㅅ"))
  }

  @Test("a letter that cannot end a syllable (ㄸ of 가ㄸ) is not a final, nor carried as one")
  func letterThatCannotBeFinal() throws {
    let pressed = try effects("ㄱㅣㆍㄷㄷㄷㅣ")
    #expect(
      pressed.suffix(2) == [
        .cycled(keyLabel: "ㄷㅌ", presses: 3, result: "ㄸ", syllable: "가ㄸ"),
        .vowelJoined(initial: "ㄸ", vowel: "ㅣ", syllable: "띠"),
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
        case .letterAfter(_, let letter, let result):
          #expect(preedit.hasSuffix(result) && result.last == letter, "\(text): \(effect)")
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

/// What the text shows of a syllable's final: its letters, the second of a double final last
/// (`않` shows `ㄴ` and `ㅎ`); none for a character that is not a syllable or has no final.
private func finalLetters(_ character: Character?) -> [Character] {
  guard let scalar = character?.unicodeScalars.first, let syllable = Syllable(scalar),
    let jong = syllable.jongseong
  else { return [] }
  guard let (first, second) = jong.parts else { return [Character(jong.compatibility)] }
  return [Character(first.compatibility), Character(second.compatibility)]
}

/// The letter a shown syllable starts with: its initial (`니` → `ㄴ`), or a lone letter.
private func initialLetter(_ text: String) -> Character? {
  guard let scalar = text.unicodeScalars.first else { return nil }
  guard let syllable = Syllable(scalar) else { return text.first }
  return Character(syllable.choseong.compatibility)
}

/// Words of the shipped word list (30,000, most common first), every `stride`-th.
private func listedWords(stride: Int) throws -> [String] {
  let list = try String(
    contentsOf: repositoryRoot.appendingPathComponent("Lexicon/ko-words.tsv"), encoding: .utf8)
  let words = list.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
    $0.split(separator: "\t").first.map(String.init)
  }
  return Swift.stride(from: 0, to: words.count, by: stride).map { words[$0] }
}

@Suite("Captions never contradict the text: the word list, press by press")
struct PressEffectWordListTests {
  /// Checks every press of `word` against the text shown before and after it, read from the
  /// display, not from the engine's slots: a letter called a final is in the syllable.
  private func check(_ word: String, speller: Speller) throws -> [String] {
    var problems: [String] = []
    var typist = Typist(layouts: speller.layouts)
    for press in try speller.spell(word) {
      let before = typist.inputMethod
      let shownBefore = before.preedit.composingTail
      let output = press.isHold ? typist.hold(press.key) : typist.tap(press.key)
      let effect = PressEffect(
        key: press.key, isHold: press.isHold, before: before, after: typist.inputMethod,
        output: output)
      let shown = typist.inputMethod.preedit.composingTail
      let fine: Bool
      switch effect {
      case .finalAdded(_, let letter, let result):
        fine = result == shown && finalLetters(result.last).last == letter
      case .finalCarriedOver(let final, let syllable):
        // The final showed in the syllable before, and now starts the next (`니`, or `ㄱㆍ`
        // while the vowel is a dot).
        fine =
          finalLetters(shownBefore.last).last == final && syllable == shown
          && initialLetter(syllable) == final
      case .letterAfter(_, let letter, let result):
        fine = result == shown && result.last == letter && finalLetters(result.last).isEmpty
      case .vowelJoined(let initial, _, let syllable?):
        fine = syllable == shown && initialLetter(syllable) == initial
      case .newSyllable(let letter):
        fine = shown.last == letter
      case .vowelJoined, .vowelCombined, .vowelAlone, .cycled, .mark, .typedText, .heldText,
        .syllableEnded, .syllableEndedWithSpace, .space, .newline, .switchedLayout, .undone,
        .deleted, .dismissed, .nothing:
        fine = true
      }
      if !fine { problems.append("\(word): \(effect) after \(shownBefore) shows \(shown)") }
    }
    return problems
  }

  /// Every tenth word (3,000) in `make test`; `CHEONJIIN_ALL_WORDS=1` checks all 30,000.
  private static let stride =
    ProcessInfo.processInfo.environment["CHEONJIIN_ALL_WORDS"] == "1" ? 1 : 10

  @Test(
    "a letter called a final shows in its syllable, on every layout, for the word list",
    arguments: ["cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja"])
  func wordList(layout: String) throws {
    let speller = Speller(layouts: try inputMethod(layout).layouts)
    var problems: [String] = []
    for word in try listedWords(stride: Self.stride) {
      problems += try check(word, speller: speller)
    }
    #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(20).joined(separator: "\n"))")
  }
}
