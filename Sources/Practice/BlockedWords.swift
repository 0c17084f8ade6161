/// Words the practice never offers: insults, curses, threats, slurs, vulgar and violent words
/// (`Lexicon/practice-blocked-ko.txt`, reviewed by hand; its header says how).
///
/// A rule is a word, or a word ending in `*` that blocks every word starting with it. A text is
/// blocked when any of its words (split at spaces, `. , ? !` removed) is. Rules and texts are
/// compared as written (the shipped lists are NFC).
public struct BlockedWords: Sendable, Hashable {
  /// Rules as UTF-8: a set of byte arrays hashes without Unicode normalization, which a set
  /// of Hangul strings pays for on every lookup.
  private var words: Set<[UInt8]> = []
  private var prefixes: Set<[UInt8]> = []
  /// The first scalar of every rule (its UTF-8 bytes in one number): a word that starts with
  /// none of them, most words, is passed after one lookup.
  private var leads: Set<UInt32> = []

  /// The rules of a file: one a line, `#` comments and blank lines skipped.
  public init(parsing text: String) {
    for line in text.split(whereSeparator: \.isNewline) {
      let rule = line.trimmingSpaces
      if rule.isEmpty || rule.hasPrefix("#") { continue }
      if rule.hasSuffix("*") {
        let prefix = Array(rule.dropLast().utf8)
        if !prefix.isEmpty { prefixes.insert(prefix) }
      } else {
        words.insert(Array(rule.utf8))
      }
      if let first = rule.unicodeScalars.first {
        leads.insert(Self.lead(Array(String(first).utf8)))
      }
    }
  }

  /// No rules: nothing is blocked (tests with made-up vocabularies).
  public static let none = BlockedWords(parsing: "")

  /// Whether the list has no rule at all.
  public var isEmpty: Bool { words.isEmpty && prefixes.isEmpty }

  /// Whether `text` has a blocked word.
  ///
  /// Each word's own prefixes are looked up, at every scalar boundary (a word has a few
  /// scalars), not every rule tried against it: the vocabulary checks tens of thousands of
  /// words at every start. Bytes, not characters: comparing Hangul characters normalizes them.
  public func blocks(_ text: String) -> Bool {
    var prefix: [UInt8] = []
    pieces: for piece in text.utf8.split(separator: UInt8(ascii: " ")) {
      prefix.removeAll(keepingCapacity: true)
      var index = piece.startIndex
      var isFirstScalar = true
      while index < piece.endIndex {
        let byte = piece[index]
        index = piece.index(after: index)
        if Self.isMark(byte) { continue }
        prefix.append(byte)
        // The end of a scalar: no continuation byte (10xxxxxx) follows.
        if index < piece.endIndex, piece[index] & 0xC0 == 0x80 { continue }
        if isFirstScalar {
          isFirstScalar = false
          if !leads.contains(Self.lead(prefix)) { continue pieces }
        }
        if prefixes.contains(prefix) { return true }
      }
      if words.contains(prefix) { return true }
    }
    return false
  }

  /// A first scalar's UTF-8 bytes (one to four) as one number.
  private static func lead(_ bytes: [UInt8]) -> UInt32 {
    bytes.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The marks a word is looked up without: `. , ? !`.
  private static func isMark(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: "?"), UInt8(ascii: "!"): true
    default: false
    }
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
