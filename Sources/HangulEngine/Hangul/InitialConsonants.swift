/// The initial consonants (초성) of `text`, for initial-consonant search: `까마귀` → `ㄲㅁㄱ`.
///
/// Each precomposed syllable gives its choseong as a compatibility letter; a lone consonant
/// letter stays as it is, with a compound letter split (`ㄳ` → `ㄱㅅ`) because some input
/// methods produce those. Anything else (vowels, spaces, Latin) gives nothing.
///
/// - Parameter folded: fold tense consonants to plain ones (`ㄲ`→`ㄱ`, `ㄸ`→`ㄷ`, `ㅃ`→`ㅂ`,
///   `ㅆ`→`ㅅ`, `ㅉ`→`ㅈ`), so `ㄱ` matches `꼭` and `ㄲ` matches `감` once both sides fold.
public func initialConsonants(of text: some StringProtocol, folded: Bool = false) -> [Choseong] {
  var result: [Choseong] = []
  for scalar in text.unicodeScalars {
    if let syllable = Syllable(scalar) {
      result.append(folded ? syllable.choseong.folded : syllable.choseong)
    } else if let consonant = Choseong(scalar) {
      result.append(folded ? consonant.folded : consonant)
    } else if let final = Jongseong(scalar), let (first, second) = final.parts,
      let firstConsonant = first.choseong
    {
      result.append(
        contentsOf: folded ? [firstConsonant.folded, second.folded] : [firstConsonant, second])
    }
  }
  return result
}

/// The initial consonants of `text` as a string of compatibility letters: `까마귀` → `"ㄲㅁㄱ"`.
public func initialConsonantString(of text: some StringProtocol, folded: Bool = false) -> String {
  var view = String.UnicodeScalarView()
  for consonant in initialConsonants(of: text, folded: folded) {
    view.append(consonant.compatibility)
  }
  return String(view)
}
