/// What the user's history says about one learned word.
public struct LearnedStats: Hashable, Sendable {
  /// How many times the word was learned (committed); ≥ 1 for a stored word.
  public var count: Int
  /// The day it was last learned, as a day number.
  ///
  /// Days since 1970-01-01 in local time, for example; only differences between day numbers
  /// matter.
  public var lastUsedDay: Int

  public init(count: Int, lastUsedDay: Int) {
    self.count = count
    self.lastUsedDay = lastUsedDay
  }
}

/// The learned and hidden words, in memory: a mirror of the learning store that queries read.
///
/// Modelled on `UITextChecker`: ``learn(_:today:)`` when a word is committed,
/// ``unlearn(_:isCorpusWord:)`` to remove it (hiding a corpus word so it is never suggested),
/// ``mostUseful(_:limit:today:)`` to choose which stored words to hold in memory. Every method
/// is pure; the caller writes each change to its store (the methods return what changed).
public struct UserWords: Sendable {
  /// A learned word with its keys precomputed, so a query can match it without re-spelling.
  struct Entry: Sendable {
    var word: String
    var stats: LearnedStats
    /// Primitive codes.
    var codes: [UInt8]
    /// Unfolded initial-consonant codes, one per syllable.
    var initials: [UInt8]
  }

  /// How many learned words a keypad holds (about 5,000), the most useful ones.
  ///
  /// The store keeps every word (`dict import` of 301,644 words keeps them all, and says
  /// this bound); only this many are searched as you type. Measured with the debug build:
  /// 300,000 words held took 116 MB more and 25 s to load, and every lookup scans them.
  public static let loadLimit = 5_000
  /// Longer "words" are pasted text, not something to suggest again.
  public static let maximumWordLength = 20

  let speller: PrimitiveSpeller
  /// Learned words, densely packed (order is arbitrary) so a query scans plain arrays.
  private(set) var entries: [Entry] = []
  /// ``packedPrefix(_:)`` of each entry's codes: a query skips most entries with one AND.
  private(set) var codePrefixes: [UInt64] = []
  /// ``packedPrefix(_:)`` of each entry's folded initials.
  private(set) var initialPrefixes: [UInt64] = []
  private var slotByWord: [WordKey: Int] = [:]
  private var hiddenSet: Set<WordKey> = []
  /// Learned word pairs: the next words the user typed after each word (UserWords+Pairs.swift).
  var pairs: [WordKey: [(next: String, stats: LearnedStats)]] = [:]

  /// Creates an empty set of user words.
  ///
  /// - Parameter speller: The same speller as the ``SuggestionIndex`` it is queried with.
  public init(speller: PrimitiveSpeller) {
    self.speller = speller
  }

  // MARK: - Policy

  /// Whether `word` may be learned at all: 1 … ``maximumWordLength`` precomposed Hangul syllables.
  ///
  /// Digits, Latin, spaces, punctuation and lone jamo (`ㅋㅋ`, `ㄱ`) never are.
  public static func isLearnable(_ word: some StringProtocol) -> Bool {
    var length = 0
    for scalar in word.unicodeScalars {
      guard isHangulSyllable(scalar) else { return false }
      length += 1
    }
    return length >= 1 && length <= maximumWordLength
  }

  /// Whether a committed word should be learned: it is learnable, and either the
  /// lexicon lacks it or the user took it from the suggestion bar.
  ///
  /// - Parameters:
  ///   - word: The committed word (committed by space, enter or punctuation).
  ///   - isCorpusWord: ``SuggestionIndex/contains(_:)`` for the word.
  ///   - fromSuggestion: The word was inserted from the suggestion bar.
  public static func shouldLearn(
    _ word: some StringProtocol, isCorpusWord: Bool, fromSuggestion: Bool
  ) -> Bool {
    isLearnable(word) && (!isCorpusWord || fromSuggestion)
  }

  // MARK: - Reading

  /// The number of learned words (hidden words not included).
  public var count: Int { entries.count }

  /// True when no word is learned or hidden.
  public var isEmpty: Bool { entries.isEmpty && hiddenSet.isEmpty }

  /// The stats of a learned word, or `nil`.
  public func stats(for word: String) -> LearnedStats? {
    slotByWord[WordKey(word)].map { entries[$0].stats }
  }

  /// Whether `word` is learned.
  func isLearned(_ word: String) -> Bool { slotByWord[WordKey(word)] != nil }

  /// Whether the user hid this corpus word.
  public func isHidden(_ word: String) -> Bool { hiddenSet.contains(WordKey(word)) }

  /// Every learned word with its stats, sorted by word (for saving).
  public var learnedWords: [(word: String, stats: LearnedStats)] {
    entries.map { (word: $0.word, stats: $0.stats) }.sorted {
      $0.word.utf8.lexicographicallyPrecedes($1.word.utf8)
    }
  }

  /// Every hidden word, sorted.
  public var hiddenWords: [String] {
    hiddenSet.map(\.word).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  // MARK: - Changing

  /// Adds a word read back from the store, replacing any stats it had.
  ///
  /// - Returns: `false` (and nothing changes) if the word is not ``isLearnable(_:)`` or its
  ///   count is below 1: the store holds something this version would not have written.
  @discardableResult
  public mutating func restore(_ word: String, stats: LearnedStats) -> Bool {
    guard Self.isLearnable(word), stats.count >= 1 else { return false }
    var codes: [UInt8] = []
    guard speller.appendCodes(of: word, to: &codes) else { return false }
    let initials = word.unicodeScalars.map { UInt8(($0.value - 0xAC00) / 588) }
    let entry = Entry(word: word, stats: stats, codes: codes, initials: initials)
    let codePrefix = packedPrefix(codes)
    let initialPrefix = packedPrefix(initials.lazy.map { foldedConsonantCode[Int($0)] })
    if let slot = slotByWord[WordKey(word)] {
      entries[slot] = entry
      codePrefixes[slot] = codePrefix
      initialPrefixes[slot] = initialPrefix
    } else {
      slotByWord[WordKey(word)] = entries.count
      entries.append(entry)
      codePrefixes.append(codePrefix)
      initialPrefixes.append(initialPrefix)
    }
    hiddenSet.remove(WordKey(word))
    return true
  }

  /// Removes a learned word; returns whether it was learned.
  private mutating func remove(_ word: String) -> Bool {
    guard let slot = slotByWord.removeValue(forKey: WordKey(word)) else { return false }
    let last = entries.count - 1
    if slot != last {
      entries.swapAt(slot, last)
      codePrefixes.swapAt(slot, last)
      initialPrefixes.swapAt(slot, last)
      slotByWord[WordKey(entries[slot].word)] = slot
    }
    entries.removeLast()
    codePrefixes.removeLast()
    initialPrefixes.removeLast()
    return true
  }

  /// Marks a word read back from the store as hidden.
  ///
  /// Hiding removes any learned stats.
  public mutating func restoreHidden(_ word: String) {
    _ = remove(word)
    hiddenSet.insert(WordKey(word))
  }

  /// Learns a committed word: its count goes up by one and its last use becomes `today`.
  ///
  /// Learning a hidden word un-hides it (the user typed it out on purpose).
  ///
  /// Call it only when ``shouldLearn(_:isCorpusWord:fromSuggestion:)`` says so.
  ///
  /// - Returns: The new stats to store, or `nil` (nothing changes) if the word is not
  ///   ``isLearnable(_:)``.
  @discardableResult
  public mutating func learn(_ word: String, today: Int) -> LearnedStats? {
    let old = stats(for: word)?.count ?? 0
    let stats = LearnedStats(count: old == Int.max ? old : old + 1, lastUsedDay: today)
    return restore(word, stats: stats) ? stats : nil
  }

  /// Forgets a word: its learned stats and the pairs it is in go, and a corpus word is also
  /// hidden so it is never suggested again.
  ///
  /// - Parameters:
  ///   - word: The word to forget.
  ///   - isCorpusWord: ``SuggestionIndex/contains(_:)`` for the word.
  /// - Returns: What to write to the store.
  @discardableResult
  public mutating func unlearn(_ word: String, isCorpusWord: Bool) -> UnlearnResult {
    forgetPairs(with: word)
    let wasLearned = remove(word)
    if isCorpusWord { hiddenSet.insert(WordKey(word)) }
    return UnlearnResult(wasLearned: wasLearned, isHidden: isCorpusWord)
  }

  /// Makes a hidden word suggestible again.
  ///
  /// Returns whether it was hidden.
  @discardableResult
  public mutating func unhide(_ word: String) -> Bool {
    hiddenSet.remove(WordKey(word)) != nil
  }

  /// The `limit` most useful of `words`, the ones a keypad holds: the highest
  /// ``Ranking/learnedScore(userCount:daysSinceUse:)``, then the latest use, then the word, so
  /// the choice is deterministic.
  ///
  /// The corpus part of the score is left out on purpose: a corpus word left out is still
  /// suggested, a learned-only word is not, and both are judged by how the user used them. A
  /// word left out stays in the store, and comes back once it is used again.
  ///
  /// - Returns: The chosen words, best first.
  public static func mostUseful(
    _ words: [(word: String, stats: LearnedStats)], limit: Int = UserWords.loadLimit, today: Int
  ) -> [(word: String, stats: LearnedStats)] {
    guard words.count > limit else { return words }
    let scores = words.map {
      Ranking.learnedScore(userCount: $0.stats.count, daysSinceUse: today - $0.stats.lastUsedDay)
    }
    return words.indices.sorted { a, b in
      if scores[a] != scores[b] { return scores[a] > scores[b] }
      let (x, y) = (words[a], words[b])
      if x.stats.lastUsedDay != y.stats.lastUsedDay {
        return x.stats.lastUsedDay > y.stats.lastUsedDay
      }
      return y.word.unicodeScalars.lexicographicallyPrecedes(x.word.unicodeScalars)
    }.prefix(max(0, limit)).map { words[$0] }
  }
}

/// What ``UserWords/unlearn(_:isCorpusWord:)`` changed.
public struct UnlearnResult: Hashable, Sendable {
  /// The word had learned stats, which are gone: delete them from the store.
  public var wasLearned: Bool
  /// The word is now hidden: record that in the store.
  public var isHidden: Bool

  public init(wasLearned: Bool, isHidden: Bool) {
    self.wasLearned = wasLearned
    self.isHidden = isHidden
  }
}

// MARK: - Packed prefixes

/// The first 12 codes of `codes` packed 5 bits each (as code + 1, so 0 means "no code"),
/// first code highest: a prefix test on them is one AND and one compare.
func packedPrefix(_ codes: some Sequence<UInt8>) -> UInt64 {
  var packed: UInt64 = 0
  var shift = 59
  for code in codes {
    guard shift >= 0 else { break }
    packed |= UInt64(code + 1) << UInt64(shift)
    shift -= 5
  }
  return packed
}

/// The mask and value that select the entries whose packed prefix starts with `codes`
/// (only the first 12 codes are checked; callers confirm on the full keys).
func packedFilter(_ codes: some Collection<UInt8>) -> (mask: UInt64, value: UInt64) {
  let count = min(codes.count, 12)
  var mask: UInt64 = 0
  for index in 0..<count { mask |= UInt64(0x1F) << UInt64(59 - 5 * index) }
  return (mask, packedPrefix(codes) & mask)
}
