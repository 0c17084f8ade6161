import HangulEngine

/// Why a typed text left the way to its target, worked out from the layout's own keys, so
/// the learner is told what to do differently and not only that it was wrong.
public enum Mistake: Sendable, Hashable {
  /// A consonant that needs its key pressed `presses` times (ㄹ: the ㄴㄹ key twice), and
  /// the learner stopped at another letter of the same key.
  case pressMoreTimes(letter: Character, keyLabel: String, presses: Int)
  /// A syllable took the next syllable's first consonant as its final (각 for 가가): on
  /// one key, two syllables need ␣ (or →) between them.
  case separateSyllables(consonant: Character)
  /// A digit was wanted: digits are typed by holding their key, labelled `keyLabel` (`ㅈㅊ` for
  /// 9) when the layout has one.
  case holdForDigit(Character, keyLabel: String?)
  /// A digit was typed where a letter was wanted: the key (`keyLabel`) was held down long
  /// enough to type its digit; a short tap types the letter.
  case heldTooLong(digit: Character, keyLabel: String)
  /// Two vowel strokes merged into one vowel (`ㅣ` then `ㆍ` is `ㅏ`) where the learner
  /// wanted the first stroke's vowel and then a new syllable: a syllable starts with its
  /// consonant (`nextConsonant`, on the key `keyLabel`), even ㅇ, before its vowel.
  case strokesMerged(
    wanted: Character, merged: Character, nextConsonant: Character?, keyLabel: String?)
  /// A space was wanted: ␣ (on the key `keyLabel`) goes between words.
  case missingSpace(keyLabel: String)
  /// Anything else.
  case other

  /// Explains the first place where `typed` leaves `target`.
  ///
  /// - Parameters:
  ///   - typed: What is typed, the open syllable included.
  ///   - target: The spelling it is compared with (the closest accepted one).
  ///   - layout: The layout typed on, for its consonant keys.
  public static func explain(typed: String, target: String, layout: Layout) -> Mistake {
    let typedCharacters = Array(typed)
    let targetCharacters = Array(target)
    guard
      let index = typedCharacters.indices.first(where: {
        $0 >= targetCharacters.count || typedCharacters[$0] != targetCharacters[$0]
      }), index < targetCharacters.count
    else { return .other }
    let want = targetCharacters[index]
    let got = typedCharacters[index]
    if want.isASCII, want.isNumber {
      let key = layout.keys.first { $0.hold == .text(String(want)) }
      return .holdForDigit(want, keyLabel: key?.label)
    }
    if want == " " { return .missingSpace(keyLabel: spaceLabel(layout)) }
    if got.isASCII, got.isNumber, !want.isNumber,
      let key = layout.keys.first(where: { $0.hold == .text(String(got)) })
    {
      return .heldTooLong(digit: got, keyLabel: key.label)
    }
    guard let wantSyllable = want.unicodeScalars.first.flatMap(Syllable.init),
      let gotSyllable = got.unicodeScalars.first.flatMap(Syllable.init)
        ?? got.unicodeScalars.first.flatMap(Choseong.init).map({
          Syllable($0, wantSyllable.jungseong)
        })
    else {
      // A lone consonant wanted or typed: compare them as consonants.
      if let wanted = want.unicodeScalars.first.flatMap(Choseong.init),
        let typedConsonant = got.unicodeScalars.first.flatMap(Choseong.init)
      {
        return cycle(wanted, typed: typedConsonant, layout: layout) ?? .other
      }
      return .other
    }
    // 각 for 가 + 가…: the final is the next syllable's first consonant.
    if wantSyllable.jongseong == nil, let final = gotSyllable.jongseong,
      gotSyllable.choseong == wantSyllable.choseong,
      gotSyllable.jungseong == wantSyllable.jungseong,
      index + 1 < targetCharacters.count
    {
      let afterSpace = index + 2 < targetCharacters.count && targetCharacters[index + 1] == " "
      let nextIndex = afterSpace ? index + 2 : index + 1
      if let next = targetCharacters[nextIndex].unicodeScalars.first.flatMap(Syllable.init),
        final.choseong == next.choseong
      {
        // 간 for 가 나: the next word's consonant came first; the space was missing.
        if afterSpace { return .missingSpace(keyLabel: spaceLabel(layout)) }
        return .separateSyllables(consonant: Character(next.choseong.compatibility))
      }
    }
    // 가 for 기 + 어…: ㆍ after ㅣ joined it (ㅏ) instead of starting the next syllable.
    if gotSyllable.choseong == wantSyllable.choseong,
      let merged = mergedStrokes[Character(wantSyllable.jungseong.compatibility)],
      merged.contains(Character(gotSyllable.jungseong.compatibility))
    {
      let next =
        index + 1 < targetCharacters.count
        ? targetCharacters[index + 1].unicodeScalars.first.flatMap(Syllable.init) : nil
      let consonant = next?.choseong
      return .strokesMerged(
        wanted: Character(wantSyllable.jungseong.compatibility),
        merged: Character(gotSyllable.jungseong.compatibility),
        nextConsonant: consonant.map { Character($0.compatibility) },
        keyLabel: consonant.flatMap { consonantKey($0, layout: layout)?.label })
    }
    if gotSyllable.choseong != wantSyllable.choseong {
      return cycle(wantSyllable.choseong, typed: gotSyllable.choseong, layout: layout) ?? .other
    }
    if let wantFinal = wantSyllable.jongseong?.choseong,
      let gotFinal = gotSyllable.jongseong?.choseong, wantFinal != gotFinal
    {
      return cycle(wantFinal, typed: gotFinal, layout: layout) ?? .other
    }
    return .other
  }

  /// Vowels that end in a stroke another stroke can join, and what they become when it does
  /// (`ㅣ` + `ㆍ` = `ㅏ`, + `ㆍㆍ` = `ㅑ`, + `ㆍㅣ` = `ㅐ`; `ㅡ` + `ㆍ` = `ㅜ`): the 천지인
  /// stroke rules, the same on every layout that types vowels by strokes.
  private static let mergedStrokes: [Character: Set<Character>] = [
    "ㅣ": ["ㅏ", "ㅑ", "ㅐ", "ㅒ"], "ㅡ": ["ㅜ", "ㅠ"],
  ]

  /// The label of the key that types a space (␣), or `␣`.
  private static func spaceLabel(_ layout: Layout) -> String {
    layout.keys.first { $0.action == .space || $0.action == .spaceNext }?.label ?? "␣"
  }

  /// The key whose cycle starts with `consonant`, or holds it.
  private static func consonantKey(_ consonant: Choseong, layout: Layout) -> LayoutKey? {
    layout.keys.first { key in
      if case .consonant(let cycle, _) = key.action { return cycle.contains(consonant) }
      return false
    }
  }

  /// The key cycle that holds both consonants, if one does: the wanted one needs that many
  /// presses.
  private static func cycle(_ wanted: Choseong, typed: Choseong, layout: Layout) -> Mistake? {
    for key in layout.keys {
      guard case .consonant(let cycle, _) = key.action,
        let position = cycle.firstIndex(of: wanted), cycle.contains(typed)
      else { continue }
      return .pressMoreTimes(
        letter: Character(wanted.compatibility), keyLabel: key.label, presses: position + 1)
    }
    return nil
  }
}
