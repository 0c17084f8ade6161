/// The ranking formula of suggestions and the constants around it (Lexicon/README.md says
/// where the corpus counts come from).
///
/// `score = log10(1 + corpusCount) + 2·log2(1 + userCount)·(0.5 + 0.5·e^(−Δdays/30))`
///
/// Ties are broken by the shorter word, then by the word (Unicode scalar order), so results
/// never depend on hashing or insertion order.
public enum Ranking {
  /// The full score of a word.
  ///
  /// - Parameters:
  ///   - corpusCount: The word's corpus count, everyday pseudo-count included; 0 if unknown.
  ///   - userCount: How often the user committed it (learned count); 0 if never.
  ///   - daysSinceUse: Days since the user last used it; negative values count as 0.
  public static func score(corpusCount: Int, userCount: Int, daysSinceUse: Int) -> Double {
    corpusScore(corpusCount: corpusCount)
      + learnedScore(userCount: userCount, daysSinceUse: daysSinceUse)
  }

  /// The corpus part, `log10(1 + corpusCount)`.
  public static func corpusScore(corpusCount: Int) -> Double {
    logarithm10(1 + Double(max(0, corpusCount)))
  }

  /// The learned part, `2·log2(1 + userCount)·(0.5 + 0.5·e^(−Δdays/30))`: one use today adds
  /// 2, as much as a hundredfold corpus count; the recency half fades with a 30-day time
  /// constant, so an old habit keeps at least half its weight.
  public static func learnedScore(userCount: Int, daysSinceUse: Int) -> Double {
    guard userCount > 0 else { return 0 }
    let days = Double(max(0, daysSinceUse))
    return 2 * logarithm2(1 + Double(userCount)) * (0.5 + 0.5 * exponential(-days / 30))
  }

  /// What an initial-consonant match gains when every typed letter matched exactly, without
  /// tense folding (`ㄲㅈ` on `꼭지` but not on `고장`).
  ///
  /// 1.0 equals a tenfold corpus count: exact matches come first unless the folded word is
  /// more than ten times as common or the user has learned it.
  public static let exactInitialsBonus = 1.0

  /// The valid everyday boosts.
  public static let boostRange = 1...5

  /// The pseudo-count an everyday boost adds to a word's corpus count.
  ///
  /// Boost 1 … 5 adds 100, 300, 1,000, 3,000, 10,000. In FrequencyWords 2018 `ko_50k`, the
  /// corpus source, those are roughly the counts at ranks 6,000, 2,000, 800, 200 and 50
  /// (`감사합니다` is 2,781 at rank ~240): a boost-3 word ranks like a common word, a boost-5
  /// word like the very top, and a word the corpus lacks (`건강하세요`) is not drowned. The
  /// pseudo-count is added to any corpus count, so a boost never lowers a word. Out-of-range
  /// boosts are clamped (the parser already rejects them).
  public static func everydayPseudoCount(boost: Int) -> Int {
    let counts = [100, 300, 1_000, 3_000, 10_000]
    return counts[min(max(boost, boostRange.lowerBound), boostRange.upperBound) - 1]
  }
}

/// The weights of the ranking that are tuned on messages rather than derived: ``SuggestionIndex``
/// ranks with ``tuned`` unless a tuning run sets others.
///
/// Weights are tried on `Lexicon/practice-messages-ko.txt` (the development set,
/// `SavingsTuningTests`) and only then measured on `Lexicon/messages-bench.txt`, the held-out
/// set; Lexicon/README.md says why both are kept apart.
public struct RankingWeights: Sendable, Hashable {
  /// What a completion gains for each syllable it adds to the typed word: taking a long word
  /// saves more presses than taking a short one, so at equal frequency the longer one is the
  /// better bet.
  public var perAddedSyllable = 0.0
  /// The weight of the next word's own frequency (``Ranking/corpusScore(corpusCount:)``) after a
  /// space; the pair's probability already holds most of it.
  public var nextWordFrequency = 0.25
  /// The weight of the context in completions: a completion the previous word predicts
  /// (``SuggestionIndex/nextWords``) gains this times log10 of its per-mille probability.
  public var contextCompletion = 3.0

  /// The tuned weights; set a field to try another.
  public init() {}

  /// The weights the pad ranks with.
  ///
  /// No gain per added syllable: 0.2 was best on the development set (46.9 → 48.5 % top-3)
  /// but lowered the held-out set (29.5 → 28.0 %), so it does not generalise. The context
  /// weight, 3, is where the development sets' savings stop rising (docs/performance.md).
  public static let tuned = RankingWeights()
}
