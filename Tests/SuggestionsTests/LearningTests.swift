import Suggestions
import Testing

@Suite("Learning policy and ranking")
struct LearningTests {
  @Test(
    "what can be learned",
    arguments: [
      ("감사해요", true), ("네", true), ("손주들", true),
      ("", false), ("ㄱ", false), ("ㅋㅋ", false), ("ㅏ", false), ("2시", false), ("123", false),
      ("ok", false), ("감사 해요", false), ("감사!", false), ("가ㄴㆍ", false),
      (String(repeating: "가", count: 20), true), (String(repeating: "가", count: 21), false),
    ])
  func learnable(_ word: String, _ expected: Bool) {
    #expect(UserWords.isLearnable(word) == expected)
  }

  @Test("learn a word the lexicon lacks, or one taken from the bar")
  func shouldLearn() {
    #expect(UserWords.shouldLearn("손주들", isCorpusWord: false, fromSuggestion: false))
    #expect(UserWords.shouldLearn("감사해요", isCorpusWord: true, fromSuggestion: true))
    #expect(!UserWords.shouldLearn("감사해요", isCorpusWord: true, fromSuggestion: false))
    #expect(!UserWords.shouldLearn("ㅋㅋ", isCorpusWord: false, fromSuggestion: false))
  }

  @Test("learning counts and stamps the day")
  func learnCounts() throws {
    var user = UserWords(speller: try speller())
    let first = user.learn("손주", today: 10)
    #expect(first == LearnedStats(count: 1, lastUsedDay: 10))
    let second = user.learn("손주", today: 12)
    #expect(second == LearnedStats(count: 2, lastUsedDay: 12))
    let jamo = user.learn("ㅋㅋ", today: 12)
    #expect(jamo == nil)
    #expect(user.count == 1)
    #expect(user.stats(for: "손주") == LearnedStats(count: 2, lastUsedDay: 12))
    #expect(user.learnedWords.map(\.word) == ["손주"])
  }

  @Test("restore refuses what could not have been learned")
  func restore() throws {
    var user = UserWords(speller: try speller())
    let restored = user.restore("손주", stats: LearnedStats(count: 3, lastUsedDay: 1))
    #expect(restored)
    let latin = user.restore("abc", stats: LearnedStats(count: 3, lastUsedDay: 1))
    #expect(!latin)
    let zeroCount = user.restore("며느리", stats: LearnedStats(count: 0, lastUsedDay: 1))
    #expect(!zeroCount)
    user.restoreHidden("감사합니다")
    #expect(user.isHidden("감사합니다"))
    #expect(user.hiddenWords == ["감사합니다"])
    #expect(!user.isEmpty)
  }

  @Test("unlearning a word the lexicon lacks only forgets it")
  func unlearnUnknown() throws {
    var user = UserWords(speller: try speller())
    user.learn("손주들", today: 1)
    let unlearned = user.unlearn("손주들", isCorpusWord: false)
    #expect(unlearned == UnlearnResult(wasLearned: true, isHidden: false))
    #expect(user.isEmpty)
    let wasHidden = user.unhide("손주들")
    #expect(wasHidden == false)
  }

  @Test("a keypad holds the most useful words: the highest learned score, then the latest use")
  func mostUseful() throws {
    let today = 1_000
    let words: [(word: String, stats: LearnedStats)] = [
      ("가", LearnedStats(count: 1, lastUsedDay: today - 400)),  // lowest
      ("나", LearnedStats(count: 1, lastUsedDay: today - 10)),
      ("다", LearnedStats(count: 9, lastUsedDay: today - 400)),
      ("라", LearnedStats(count: 1, lastUsedDay: today)),
      ("마", LearnedStats(count: 1, lastUsedDay: today)),  // ties with 라
    ]
    #expect(UserWords.mostUseful(words, limit: 10, today: today).map(\.word) == words.map(\.word))
    #expect(UserWords.mostUseful(words, limit: 3, today: today).map(\.word) == ["다", "마", "라"])
    #expect(UserWords.mostUseful(words, limit: 2, today: today).map(\.word) == ["다", "마"])
    #expect(UserWords.loadLimit == 5_000)
  }

  @Test(
    "the ranking formula",
    arguments: [
      (0, 0, 0, 0.0),
      (9, 0, 0, 1.0),
      (999, 0, 0, 3.0),
      (0, 1, 0, 2.0),  // 2·log2(2)·1
      (0, 3, 0, 4.0),  // 2·log2(4)·1
      (99, 1, 0, 4.0),
      (0, 1, -5, 2.0),  // a future day counts as today
    ])
  func formula(_ corpus: Int, _ user: Int, _ days: Int, _ expected: Double) {
    let score = Ranking.score(corpusCount: corpus, userCount: user, daysSinceUse: days)
    #expect(abs(score - expected) < 1e-12)
  }

  @Test("recency fades with a 30-day time constant to half")
  func recencyDecay() {
    let fresh = Ranking.learnedScore(userCount: 1, daysSinceUse: 0)
    let month = Ranking.learnedScore(userCount: 1, daysSinceUse: 30)
    let old = Ranking.learnedScore(userCount: 1, daysSinceUse: 100_000)
    // 0.5 + 0.5/e = 0.683939720585721
    #expect(abs(month / fresh - 0.683_939_720_585_721) < 1e-12)
    #expect(abs(old / fresh - 0.5) < 1e-12)
  }

  @Test("everyday boosts map to pseudo-counts, rising")
  func boosts() {
    let counts = Ranking.boostRange.map { Ranking.everydayPseudoCount(boost: $0) }
    #expect(counts == [100, 300, 1_000, 3_000, 10_000])
  }
}
