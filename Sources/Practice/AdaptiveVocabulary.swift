import Suggestions

/// The words and short phrases the adaptive round draws from, and the order the jamo unlock in.
///
/// Everything comes from the shipped lists: `everyday-ko.tsv` first (the words older users
/// write, strongest boost first), then the practice messages (short phrases), then
/// `ko-words.tsv` by corpus count. Nothing is made up: an item is always a whole entry of a
/// list. Words longer than ``longestWord`` syllables and phrases longer than
/// ``longestPhrase`` characters are left out (an item should take seconds, not a minute), and
/// so is every entry with a blocked word (``BlockedWords``: insults, curses, threats …).
///
/// The jamo order is by frequency in the lists: every occurrence of a jamo in a word adds the
/// word's corpus count, and an everyday word adds its boost's pseudo-count
/// (`Ranking.everydayPseudoCount(boost:)`, as the suggestions rank it). With the shipped lists
/// it starts `ㅇ ㅏ ㄴ ㄱ ㅣ ㄹ ㅓ ㅡ ㅈ ㅁ ㅅ ㅎ ㅗ …`.
public struct AdaptiveVocabulary: Sendable {
  /// Where an entry comes from; everyday words come first.
  public enum Source: Sendable, Hashable {
    case everyday
    case message
    case corpus
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
  ///   - corpus: `ko-words.tsv`, parsed (``Lexicon/parseCorpus(_:)``).
  ///   - everyday: `everyday-ko.tsv`, parsed (``Lexicon/parseEveryday(_:)``).
  ///   - messages: The practice messages (the items of the messages lessons).
  ///   - blocked: Words never offered (`practice-blocked-ko.txt`).
  public init(
    corpus: [LexiconEntry], everyday: [LexiconEntry], messages: [String], blocked: BlockedWords
  ) {
    let weights =
      corpus.map { (text: $0.word, weight: $0.value) }
      + everyday.map { ($0.word, Ranking.everydayPseudoCount(boost: $0.value)) }
    // Stable sorts keep file order among equals.
    let everydayWords = everyday.enumerated().sorted {
      ($0.element.value, -$0.offset) > ($1.element.value, -$1.offset)
    }.map(\.element.word)
    let corpusWords = corpus.enumerated().sorted {
      ($0.element.value, -$0.offset) > ($1.element.value, -$1.offset)
    }.map(\.element.word)
    self.init(
      ordered: everydayWords.map { ($0, Source.everyday) } + messages.map { ($0, .message) }
        + corpusWords.map { ($0, .corpus) },
      weights: weights, blocked: blocked)
  }

  /// A vocabulary of plain texts in the order given, each counted once for the jamo order:
  /// the built-in lessons' words when the shipped lists cannot be found, or a small list in
  /// tests.
  public init(texts: [String], blocked: BlockedWords = .none) {
    self.init(
      ordered: texts.map { ($0, .corpus) }, weights: texts.map { ($0, 1) }, blocked: blocked)
  }

  /// - Parameter weights: What each occurrence of a text adds to the frequency of each of its
  ///   jamo; a text may come more than once (a word of both lists adds both weights).
  private init(
    ordered: [(text: String, source: Source)], weights: [(text: String, weight: Int)],
    blocked: BlockedWords
  ) {
    var seen = Set<String>(minimumCapacity: ordered.count)
    var entries: [Entry] = []
    var entriesLetters = JamoSet()
    for (text, source) in ordered where seen.insert(text).inserted {
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
    // Letters that only phrases use still need a place in the order.
    for letter in entriesLetters.scalars { count(letter, 0) }
    order = zip(letters, frequency).compactMap { value, count -> (letter: String, count: Int)? in
      guard let count, let letter = Unicode.Scalar(value) else { return nil }
      return (String(letter), count)
    }.sorted { ($0.count, $1.letter) > ($1.count, $0.letter) }.map(\.letter)
  }

  private static func isShort(_ text: String, source: Source) -> Bool {
    switch source {
    case .everyday, .corpus: text.count <= longestWord
    case .message: text.count <= longestPhrase
    }
  }

  /// The entries typed with `unlocked` jamo only, in preference order.
  public func entries(within unlocked: Set<String>) -> [Entry] {
    let unlocked = JamoSet(unlocked)
    return entries.filter { $0.letters.isSubset(of: unlocked) }
  }
}
