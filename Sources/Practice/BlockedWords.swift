/// Words the practice never offers: insults, curses, threats, slurs, vulgar and violent words
/// (`Lexicon/practice-blocked-ko.txt`, reviewed by hand; its header says how).
///
/// A rule is a word, or a word ending in `*` that blocks every word starting with it. A text is
/// blocked when any of its words (split at spaces, `. , ? !` removed) is.
public struct BlockedWords: Sendable, Hashable {
  private var words: Set<String> = []
  private var prefixes: Set<String> = []

  /// The rules of a file: one a line, `#` comments and blank lines skipped.
  public init(parsing text: String) {
    for line in text.split(whereSeparator: \.isNewline) {
      let rule = line.trimmingSpaces
      if rule.isEmpty || rule.hasPrefix("#") { continue }
      if rule.hasSuffix("*") {
        let prefix = String(rule.dropLast())
        if !prefix.isEmpty { prefixes.insert(prefix) }
      } else {
        words.insert(rule)
      }
    }
  }

  /// No rules: nothing is blocked (tests with made-up vocabularies).
  public static let none = BlockedWords(parsing: "")

  /// Whether the list has no rule at all.
  public var isEmpty: Bool { words.isEmpty && prefixes.isEmpty }

  /// Whether `text` has a blocked word.
  ///
  /// Each word's own prefixes are looked up (a word has a few characters), not every rule
  /// tried against it: the vocabulary checks tens of thousands of words at every start.
  public func blocks(_ text: String) -> Bool {
    for piece in text.split(separator: " ") {
      var prefix = ""
      for character in piece where !".,?!".contains(character) {
        prefix.append(character)
        if prefixes.contains(prefix) { return true }
      }
      if words.contains(prefix) { return true }
    }
    return false
  }
}

extension Substring {
  /// Without spaces and tabs at either end.
  fileprivate var trimmingSpaces: String {
    String(
      drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        .reversed())
  }
}
