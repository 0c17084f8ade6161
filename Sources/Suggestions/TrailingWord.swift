/// Whether a character ends a word: white space or punctuation.
public func isSeparator(_ character: Character) -> Bool {
  character.isWhitespace || character.isPunctuation || character.isSymbol
}

/// The word at the end of the text: what the suggestion bar completes.
public func trailingWord(of text: some StringProtocol) -> Substring {
  let string = Substring(text)
  guard let start = string.lastIndex(where: isSeparator) else { return string }
  return string[string.index(after: start)...]
}
