import Suggestions

/// The words and short phrases the adaptive round draws from, and the order the jamo unlock in.
///
/// Every item comes from the reviewed practice list (`Lexicon/practice-words-ko.txt`, made by
/// `Tools/practice-words/build.py` from the hand-written lists and read in full; its review
/// rule is in `Lexicon/README.md`), in its order. Nothing is made up and nothing comes from the
/// subtitle list: an item is always a whole line of the practice list. Words longer than
/// ``longestWord`` syllables and phrases longer than ``longestPhrase`` characters are left out
/// (an item should take seconds, not a minute), and so is every entry with a blocked word
/// (``BlockedWords``), should the list ever be edited past its review.
///
/// The jamo order is by frequency in the word lists: every occurrence of a jamo in a word adds
/// the word's corpus count, and an everyday word adds its boost's pseudo-count
/// (`Ranking.everydayPseudoCount(boost:)`, as the suggestions rank it). Only jamo some item
/// has are in the order. With the shipped lists it starts `ㅇ ㅏ ㄴ ㄱ ㅣ ㄹ ㅓ ㅡ ㅈ ㅁ ㅅ ㅎ ㅗ …`.
public struct AdaptiveVocabulary: Sendable {
  /// What kind of entry it is: a word or a phrase (it has a space or a mark).
  public enum Source: Sendable, Hashable {
    case word
    case phrase
  }

  /// One word or phrase with the jamo it needs.
  public struct Entry: Sendable, Hashable {
    public var text: String
    public var source: Source
    /// The jamo of the text.
    public var letters: JamoSet
  }

  /// Entries in the order rounds prefer them.
  public let entries: [Entry]
  /// Every jamo that occurs in the entries, most frequent first.
  public let order: [String]

  /// Words longer than this many syllables are not used.
  public static let longestWord = 6
  /// Phrases longer than this many characters (spaces and marks included) are not used.
  public static let longestPhrase = 12

  /// The vocabulary of the shipped lists.
  ///
  /// - Parameters:
  ///   - practiceWords: The items of `practice-words-ko.txt`, parsed (``parseList(_:)``).
  ///   - corpus: `ko-words.tsv`, parsed (``Lexicon/parseCorpus(_:)``): only weighs the jamo.
  ///   - everyday: `everyday-ko.tsv`, parsed (``Lexicon/parseEveryday(_:)``): weighs the jamo.
  ///   - blocked: Words never offered (`practice-blocked-ko.txt`).
  public init(
    practiceWords: [String], corpus: [LexiconEntry], everyday: [LexiconEntry],
    blocked: BlockedWords
  ) {
    let weights =
      corpus.map { (text: $0.word, weight: $0.value) }
      + everyday.map { ($0.word, Ranking.everydayPseudoCount(boost: $0.value)) }
    self.init(ordered: practiceWords, weights: weights, blocked: blocked)
  }

  /// The items of a practice list: one a line, `#` comments and blank lines skipped, spaces
  /// at either end dropped.
  public static func parseList(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let item = String(
        line.drop { $0 == " " }.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
      return item.isEmpty || item.hasPrefix("#") ? nil : item
    }
  }

  /// A vocabulary of plain texts in the order given, each counted once for the jamo order:
  /// the built-in lessons' words when the shipped lists cannot be found, or a small list in
  /// tests.
  public init(texts: [String], blocked: BlockedWords = .none) {
    self.init(ordered: texts, weights: texts.map { ($0, 1) }, blocked: blocked)
  }

  /// - Parameter weights: What each occurrence of a text adds to the frequency of each of its
  ///   jamo; a text may come more than once (a word of both lists adds both weights).
  private init(
    ordered: [String], weights: [(text: String, weight: Int)], blocked: BlockedWords
  ) {
    var seen = Set<String>(minimumCapacity: ordered.count)
    var entries: [Entry] = []
    var entriesLetters = JamoSet()
    for text in ordered where seen.insert(text).inserted {
      let source = Self.source(of: text)
      guard Self.isShort(text, source: source), !blocked.blocks(text) else { continue }
      var letters = JamoSet()
      JamoUnits.forEachLetter(in: text) { letters.insert($0) }
      guard !letters.isEmpty else { continue }
      entriesLetters.formUnion(letters)
      entries.append(Entry(text: text, source: source, letters: letters))
    }
    self.entries = entries
    // Counted per compatibility letter, not in a dictionary of strings: the weights hold every
    // word of the lists. Nil: the letter occurs nowhere.
    let letters = JamoSet.range
    var frequency = [Int?](repeating: nil, count: letters.count)
    func count(_ letter: Unicode.Scalar, _ weight: Int) {
      guard letters.contains(letter.value) else { return }
      let index = Int(letter.value - letters.lowerBound)
      frequency[index] = (frequency[index] ?? 0) + weight
    }
    for (text, weight) in weights {
      JamoUnits.forEachLetter(in: text) { count($0, weight) }
    }
    // Letters that only phrases use still need a place in the order; letters no item has
    // have none (unlocking one would open nothing to type).
    for letter in entriesLetters.scalars { count(letter, 0) }
    order = zip(letters, frequency).compactMap { value, count -> (letter: String, count: Int)? in
      guard let count, let letter = Unicode.Scalar(value), entriesLetters.contains(String(letter))
      else { return nil }
      return (String(letter), count)
    }.sorted { ($0.count, $1.letter) > ($1.count, $0.letter) }.map(\.letter)
  }

  private static func source(of text: String) -> Source {
    text.contains { " .,?!".contains($0) } ? .phrase : .word
  }

  private static func isShort(_ text: String, source: Source) -> Bool {
    switch source {
    case .word: text.count <= longestWord
    case .phrase: text.count <= longestPhrase
    }
  }

  /// The entries typed with `unlocked` jamo only, in preference order.
  public func entries(within unlocked: Set<String>) -> [Entry] {
    let unlocked = JamoSet(unlocked)
    return entries.filter { $0.letters.isSubset(of: unlocked) }
  }
}
