import HangulEngine

/// Whether a character ends a word: white space or punctuation.
///
/// The keypad's half-typed vowels are letters, not marks: `ㆍ` and the double dot `‥` (shown for
/// ㆍㆍ on the way to ㅕ, ㅑ, ㅛ, ㅠ) belong to the word being typed.
public func isSeparator(_ character: Character) -> Bool {
  if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
    scalar == ssangaraeaLetter || scalar == "\u{318D}"
  {
    return false
  }
  return character.isWhitespace || character.isPunctuation || character.isSymbol
}

/// The word at the end of the text: what the suggestion bar completes.
public func trailingWord(of text: some StringProtocol) -> Substring {
  let string = Substring(text)
  guard let start = string.lastIndex(where: isSeparator) else { return string }
  return string[string.index(after: start)...]
}
