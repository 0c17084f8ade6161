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
      index + 1 < targetCharacters.count,
      let next = targetCharacters[index + 1].unicodeScalars.first.flatMap(Syllable.init),
      final.choseong == next.choseong
    {
      return .separateSyllables(consonant: Character(next.choseong.compatibility))
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
