extension SuggestionIndex {
  /// The words offered after a space: the likely next words after `previous`, best first.
  ///
  /// The score mixes the context (log10 of the language model's per-mille probability of the
  /// pair, from ``nextWords``), the next word's own frequency
  /// (``Ranking/corpusScore(corpusCount:)``, weighted by
  /// ``RankingWeights/nextWordFrequency``) and what the user has learned: the pair itself at 1.5 times
  /// ``Ranking/learnedScore(userCount:daysSinceUse:)`` (one use today adds 3, as much as a
  /// thousandfold probability: what the user typed beats the model's guess), the next word alone
  /// at half weight (a word used often is likely
  /// anywhere, but less than after its own words). A learned pair the shipped table lacks is
  /// offered too. Hidden words are never offered.
  ///
  /// - Parameters:
  ///   - previous: The word before the space; nothing is predicted after anything else.
  ///   - limit: At most this many words (the bar shows 3).
  ///   - user: The learned and hidden words; `nil` for none.
  ///   - today: The current day number, as for ``suggestions(for:cyclingLastKey:limit:user:today:after:)``.
  public func predictions(
    after previous: some StringProtocol, limit: Int = 3, user: UserWords? = nil, today: Int = 0
  ) -> [Suggestion] {
    guard limit > 0, isAllSyllables(previous) else { return [] }
    var top = TopList(limit: limit)
    let shipped = nextWords.after(previous)
    let learnedPairs = user?.learnedNext(after: String(previous)) ?? []
    var seen: Set<WordKey> = []
    func offer(_ word: String, perMille: Int) {
      guard seen.insert(WordKey(word)).inserted else { return }
      if let user, user.isHidden(word) { return }
      let learned = user?.stats(for: word).map {
        Ranking.learnedScore(userCount: $0.count, daysSinceUse: today - $0.lastUsedDay)
      }
      let pair = user?.pairStats(previous: String(previous), next: word).map {
        Ranking.learnedScore(userCount: $0.count, daysSinceUse: today - $0.lastUsedDay)
      }
      let frequency = Ranking.corpusScore(corpusCount: corpusCount(of: word) ?? 0)
      let context = logarithm10(Double(max(1, perMille)))
      let score =
        context + weights.nextWordFrequency * frequency + (learned ?? 0) / 2 + 1.5 * (pair ?? 0)
      top.offer(
        Candidate(
          word: word, score: score, length: Int32(word.unicodeScalars.count),
          isLearned: learned != nil || pair != nil))
    }
    for (word, perMille) in shipped { offer(word, perMille: perMille) }
    for (word, _) in learnedPairs {
      offer(word, perMille: shipped.first { $0.word == word }?.perMille ?? 1)
    }
    return top.items.map { Suggestion(word: $0.word, score: $0.score, isLearned: $0.isLearned) }
  }
}

/// The word a space closed at the end of `text`, for ``SuggestionIndex/predictions(after:limit:user:today:)``.
///
/// `nil` unless the text ends with one space after a word: after a mark (`.`, `?`) or a second
/// space a new thought starts, and the pair's context is gone.
public func wordBeforeSpace(in text: some StringProtocol) -> Substring? {
  let string = Substring(text)
  guard string.last == " " else { return nil }
  let word = trailingWord(of: string.dropLast())
  return word.isEmpty ? nil : word
}
