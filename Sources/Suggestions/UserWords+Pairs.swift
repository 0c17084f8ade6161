/// Word pairs the user typed: after `previous` came `next`. The bar offers learned next words
/// after a space, beside the shipped ones (``SuggestionIndex/predictions(after:limit:user:today:)``).
extension UserWords {
  /// How many next words are held after one word: the most used, so one word's row stays short.
  public static let pairsPerWord = 16

  /// Whether a pair is worth learning: both words learnable, and not the same word twice.
  public static func isLearnablePair(previous: some StringProtocol, next: some StringProtocol)
    -> Bool
  {
    isLearnable(previous) && isLearnable(next) && !previous.elementsEqual(next)
  }

  /// The stats of a learned pair, or `nil`.
  public func pairStats(previous: String, next: String) -> LearnedStats? {
    pairs[WordKey(previous)]?.first { $0.next == next }?.stats
  }

  /// The next words learned after `previous`, most used first.
  public func learnedNext(after previous: String) -> [(next: String, stats: LearnedStats)] {
    pairs[WordKey(previous)] ?? []
  }

  /// Every learned pair (for tests and listings), in no particular order.
  public var learnedPairCount: Int { pairs.values.reduce(0) { $0 + $1.count } }

  /// Puts a stored pair back (at start, from the store).
  ///
  /// Ignored unless ``isLearnablePair(previous:next:)``.
  ///
  /// - Returns: Whether the pair is held.
  @discardableResult
  public mutating func restorePair(previous: String, next: String, stats: LearnedStats) -> Bool {
    guard Self.isLearnablePair(previous: previous, next: next), stats.count >= 1 else {
      return false
    }
    var row = pairs[WordKey(previous)] ?? []
    row.removeAll { $0.next == next }
    row.append((next, stats))
    row.sort {
      $0.stats.count != $1.stats.count
        ? $0.stats.count > $1.stats.count
        : $0.stats.lastUsedDay != $1.stats.lastUsedDay
          ? $0.stats.lastUsedDay > $1.stats.lastUsedDay : $0.next < $1.next
    }
    if row.count > Self.pairsPerWord { row.removeLast(row.count - Self.pairsPerWord) }
    pairs[WordKey(previous)] = row
    return row.contains { $0.next == next }
  }

  /// Learns that `next` followed `previous` today.
  ///
  /// - Returns: The new stats to store, or `nil` if the pair is not learnable.
  @discardableResult
  public mutating func learnPair(previous: String, next: String, today: Int) -> LearnedStats? {
    let old = pairStats(previous: previous, next: next)?.count ?? 0
    let stats = LearnedStats(count: old == Int.max ? old : old + 1, lastUsedDay: today)
    return restorePair(previous: previous, next: next, stats: stats) ? stats : nil
  }

  /// Forgets every pair with `word` on either side.
  mutating func forgetPairs(with word: String) {
    pairs[WordKey(word)] = nil
    for key in pairs.keys {
      pairs[key]?.removeAll { $0.next == word }
      if pairs[key]?.isEmpty == true { pairs[key] = nil }
    }
  }
}
