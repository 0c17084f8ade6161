import HangulEngine
import Suggestions
import Testing

/// One query against the test lexicon with no user history.
struct QueryCase: Sendable, CustomTestStringConvertible {
  let id: String
  let typed: String
  var cycle: String? = nil
  var limit = 3
  /// The exact expected list, best first; `nil` to check only `contains`/`excludes`.
  var expected: [String]? = nil
  var contains: [String] = []
  var excludes: [String] = []
  var testDescription: String { id }
}

@Suite("Suggestion index")
struct SuggestionIndexTests {
  static let cases: [QueryCase] = [
    QueryCase(
      id: "partial last syllable: 행복하 → 행복한, 행복해 …", typed: "행복하",
      expected: ["행복한", "행복해", "행복하게"]),
    QueryCase(
      id: "lone jamo after a syllable: 감ㅅ → 감사합니다 …", typed: "감ㅅ",
      expected: ["감사합니다", "감사해요", "감사"]),
    QueryCase(
      id: "pending final moves on: 행보 → 행복 …", typed: "행보",
      expected: ["행복", "행복한", "행복해"]),
    QueryCase(
      id: "double final is a prefix: 값 → 갑시다", typed: "값", expected: ["갑시다"]),
    QueryCase(
      id: "a lone jamo works: ㅎ", typed: "ㅎ", expected: ["행복", "행복한", "행복해"]),
    QueryCase(
      id: "vowel still being built: 아 matches 애, 야, 안", typed: "아", limit: 10,
      contains: ["애", "야", "안", "아니"]),
    QueryCase(
      id: "dot state ㄱㆍ → ㅓ ㅕ ㅗ ㅛ words", typed: "ㄱㆍ",
      expected: ["계속", "건강하세요", "거기"]),
    QueryCase(
      id: "double dot ㄱ‥ → ㅕ ㅛ words", typed: "ㄱ‥", limit: 10,
      expected: ["계속", "계세요", "겨우", "교회"]),
    QueryCase(
      id: "initials ㄱㅅㅎ → 감사합니다", typed: "ㄱㅅㅎ", expected: ["감사합니다", "감사해요"]),
    QueryCase(
      id: "initials ㄱㅅ → 감사…, 계속…", typed: "ㄱㅅ",
      expected: ["감사합니다", "계속", "가서"]),
    QueryCase(
      id: "tense folding: ㄱ matches 꼭, exact 고장 first", typed: "ㄱㅈ",
      expected: ["고장", "꼭지"]),
    QueryCase(
      id: "tense folding: ㄲ matches 고, exact 꼭지 first", typed: "ㄲㅈ",
      expected: ["꼭지", "고장"]),
    QueryCase(
      id: "initials need two letters; a compound counts two", typed: "ㄳ", limit: 10,
      contains: ["감사", "계속", "글쎄"]),
    QueryCase(
      id: "never the word already typed: 감사", typed: "감사", contains: ["감사합니다"],
      excludes: ["감사"]),
    QueryCase(
      id: "never the word already typed: 안 (most frequent)", typed: "안", limit: 10,
      excludes: ["안"]),
    QueryCase(
      id: "cycling ㄴ key: 안 also offers 알…", typed: "안", cycle: "ㄴㄹ", limit: 5,
      expected: ["아니", "안녕하세요", "안녕", "알아요", "알았어"]),
    QueryCase(
      id: "without the cycle only 안… (and 아니: the ㄴ may move on)", typed: "안", limit: 5,
      expected: ["아니", "안녕하세요", "안녕", "안녕히"]),
    QueryCase(
      id: "cycling in an initials query: ㄱㄴ with ㄴㄹ", typed: "ㄱㄴ", cycle: "ㄴㄹ",
      expected: ["그냥", "그래"]),
    QueryCase(
      id: "a cycle without the last letter is ignored", typed: "안", cycle: "ㅅㅎㅆ", limit: 5,
      expected: ["아니", "안녕하세요", "안녕", "안녕히"]),
    QueryCase(
      id: "a cycle after a vowel stroke is ignored", typed: "아", cycle: "ㄴㄹ",
      expected: ["안", "아니", "안녕하세요"]),
    QueryCase(id: "limit 1", typed: "감ㅅ", limit: 1, expected: ["감사합니다"]),
    QueryCase(id: "limit 0", typed: "감ㅅ", limit: 0, expected: []),
    QueryCase(id: "empty input", typed: "", expected: []),
    QueryCase(id: "Latin input", typed: "ab", expected: []),
    QueryCase(id: "digits in the word", typed: "감1", expected: []),
    QueryCase(id: "nothing matches", typed: "뷁", expected: []),
    QueryCase(
      id: "everyday word the corpus lacks is offered", typed: "건강ㅎ",
      expected: ["건강하세요", "건강하게"]),
  ]

  @Test("queries without user history", arguments: cases)
  func query(_ testCase: QueryCase) throws {
    let index = try testIndex()
    let result = words(
      index.suggestions(
        for: testCase.typed, cyclingLastKey: testCase.cycle.map(cycle), limit: testCase.limit))
    if let expected = testCase.expected { #expect(result == expected) }
    for word in testCase.contains { #expect(result.contains(word), "\(word) missing: \(result)") }
    for word in testCase.excludes { #expect(!result.contains(word), "\(word) offered: \(result)") }
  }

  @Test(
    "query kinds",
    arguments: [
      ("ㄱ", SuggestionQueryKind.keypad), ("감ㅅ", .keypad), ("ㄱㆍ", .keypad),
      ("ㄱㅅ", .initialConsonants), ("ㄳ", .initialConsonants), ("ㄱㅅㅎ", .initialConsonants),
      ("", .none), ("a", .none), ("감 사", .none),
    ])
  func kinds(_ typed: String, _ kind: SuggestionQueryKind) throws {
    #expect(try testIndex().queryKind(for: typed) == kind)
  }

  @Test("ties: shorter word first, then word order")
  func ties() throws {
    let corpus = Lexicon.parseCorpus("나무꾼\t10\n나비\t10\n나무\t10\n나라\t9\n")
    let index = SuggestionIndex(corpus: corpus.entries, speller: try speller())
    #expect(words(index.suggestions(for: "나", limit: 4)) == ["나무", "나비", "나무꾼", "나라"])
    // Same answer whatever the input order.
    let reversed = SuggestionIndex(corpus: corpus.entries.reversed(), speller: try speller())
    #expect(words(reversed.suggestions(for: "나", limit: 4)) == ["나무", "나비", "나무꾼", "나라"])
  }

  @Test("everyday boost adds a pseudo-count")
  func everydayBoost() throws {
    let index = try testIndex(everyday: "건강하세요\t3\n감사\t5\n")
    #expect(index.corpusCount(of: "건강하세요") == Ranking.everydayPseudoCount(boost: 3))
    #expect(index.corpusCount(of: "감사") == 600 + Ranking.everydayPseudoCount(boost: 5))
    #expect(index.contains("건강하세요"))
    #expect(!index.contains("손주"))
    #expect(words(index.suggestions(for: "감ㅅ")) == ["감사", "감사합니다", "감사해요"])
  }

  @Test("scores are the ranking formula, plus the exact-initials bonus")
  func scores() throws {
    let index = try testIndex()
    let keypad = try #require(index.suggestions(for: "감ㅅ").first)
    #expect(keypad.score == Ranking.score(corpusCount: 3000, userCount: 0, daysSinceUse: 0))
    #expect(!keypad.isLearned)
    let initials = try #require(index.suggestions(for: "ㄱㅈ").first)
    #expect(initials.score == Ranking.corpusScore(corpusCount: 100) + Ranking.exactInitialsBonus)
  }

  @Test("an empty lexicon gives nothing")
  func emptyIndex() throws {
    let index = SuggestionIndex(corpus: [], speller: try speller())
    #expect(index.count == 0)
    #expect(index.suggestions(for: "감ㅅ").isEmpty)
    #expect(index.suggestions(for: "ㄱㅅ").isEmpty)
  }
}

@Suite("Suggestions with user history")
struct LearnedSuggestionTests {
  let today = 20_000

  @Test("learned words rank higher: 감사해요 chosen five times comes first")
  func learnedRanksHigher() throws {
    let index = try testIndex()
    var user = UserWords(speller: index.speller)
    for _ in 0..<5 { user.learn("감사해요", today: today) }
    let result = index.suggestions(for: "감ㅅ", user: user, today: today)
    #expect(words(result) == ["감사해요", "감사합니다", "감사"])
    #expect(result.first?.isLearned == true)
    #expect(
      result.first?.score == Ranking.score(corpusCount: 800, userCount: 5, daysSinceUse: 0))
  }

  @Test("learned words count in initials queries too")
  func learnedInitials() throws {
    let index = try testIndex()
    var user = UserWords(speller: index.speller)
    for _ in 0..<3 { user.learn("글쎄", today: today) }
    // 글쎄 folds ㅆ → ㅅ: no exact bonus, but the learning lifts it over the exact words.
    #expect(words(index.suggestions(for: "ㄱㅅ", user: user, today: today)).first == "글쎄")
  }

  @Test("recent use counts more than old use")
  func recency() throws {
    let index = try testIndex()
    var user = UserWords(speller: index.speller)
    user.restore("감사해요", stats: LearnedStats(count: 2, lastUsedDay: today - 90))
    user.restore("감시", stats: LearnedStats(count: 2, lastUsedDay: today))
    let result = words(index.suggestions(for: "감ㅅ", user: user, today: today))
    #expect(result.firstIndex(of: "감시") ?? 9 < result.firstIndex(of: "감사해요") ?? 9)
  }

  @Test("a learned word the lexicon lacks is suggested")
  func learnedOnly() throws {
    let index = try testIndex()
    var user = UserWords(speller: index.speller)
    user.learn("손주들", today: today)
    let keypad = index.suggestions(for: "손ㅈ", user: user, today: today)
    #expect(words(keypad) == ["손주들"])
    #expect(keypad.first?.isLearned == true)
    #expect(words(index.suggestions(for: "ㅅㅈ", user: user, today: today)) == ["손주들"])
    #expect(
      words(index.suggestions(for: "손주", cyclingLastKey: nil, user: user, today: today))
        == ["손주들"])
    // Typed out in full, it is not offered back.
    #expect(index.suggestions(for: "손주들", user: user, today: today).isEmpty)
  }

  @Test("a hidden word never appears")
  func hidden() throws {
    let index = try testIndex()
    var user = UserWords(speller: index.speller)
    let result = user.unlearn("감사합니다", isCorpusWord: index.contains("감사합니다"))
    #expect(result == UnlearnResult(wasLearned: false, isHidden: true))
    for typed in ["감ㅅ", "감사", "ㄱㅅ", "ㄱㅅㅎ", "ㄱ", "가"] {
      let offered = words(index.suggestions(for: typed, limit: 50, user: user, today: today))
      #expect(!offered.contains("감사합니다"), "\(typed)")
    }
    #expect(
      words(index.suggestions(for: "감ㅅ", user: user, today: today))
        == ["감사해요", "감사", "감사드립니다"])
  }

  @Test("unlearning a learned corpus word removes the learning and hides it")
  func unlearnLearned() throws {
    let index = try testIndex()
    var user = UserWords(speller: index.speller)
    user.learn("감사해요", today: today)
    let unlearned = user.unlearn("감사해요", isCorpusWord: true)
    #expect(unlearned == UnlearnResult(wasLearned: true, isHidden: true))
    #expect(!words(index.suggestions(for: "감ㅅ", user: user, today: today)).contains("감사해요"))
    // Learning it again un-hides it.
    user.learn("감사해요", today: today)
    #expect(!user.isHidden("감사해요"))
    #expect(words(index.suggestions(for: "감ㅅ", user: user, today: today)).first == "감사해요")
  }
}

@Suite("Suggestion index against a brute-force reference")
struct ReferenceTests {
  /// The expected suggestions computed the slow way: spell every word, test the prefix, score,
  /// sort.
  static func reference(
    _ typed: String, words: [(String, Int)], speller: PrimitiveSpeller, limit: Int,
    learned: [String: LearnedStats] = [:], hidden: Set<String> = [], today: Int = 0
  ) -> [String] {
    let isInitials =
      typed.unicodeScalars.allSatisfy { Choseong($0) != nil } && typed.unicodeScalars.count >= 2
    var scored: [(word: String, score: Double)] = []
    var all = words
    for word in learned.keys.sorted() where !words.contains(where: { $0.0 == word }) {
      all.append((word, 0))
    }
    for (word, count) in all where word != typed && !hidden.contains(word) {
      let stats = learned[word]
      var score = Ranking.score(
        corpusCount: count, userCount: stats?.count ?? 0,
        daysSinceUse: today - (stats?.lastUsedDay ?? today))
      if isInitials {
        let folded = initialConsonants(of: word, folded: true)
        let query = initialConsonants(of: typed, folded: true)
        guard folded.starts(with: query) else { continue }
        if initialConsonants(of: word).starts(with: initialConsonants(of: typed)) {
          score += Ranking.exactInitialsBonus
        }
      } else {
        guard let typedPrimitives = speller.primitives(of: typed),
          let wordPrimitives = speller.primitives(of: word),
          wordPrimitives.starts(with: typedPrimitives)
        else { continue }
      }
      scored.append((word, score))
    }
    scored.sort { a, b in
      if a.score != b.score { return a.score > b.score }
      let (la, lb) = (a.word.unicodeScalars.count, b.word.unicodeScalars.count)
      if la != lb { return la < lb }
      return a.word.unicodeScalars.lexicographicallyPrecedes(b.word.unicodeScalars)
    }
    return scored.prefix(limit).map(\.word)
  }

  /// Every prefix of every word, the same with the last syllable cut back to its initial,
  /// and their initial consonants (plain and folded).
  static func queries(for words: [String]) -> [String] {
    var queries: Set<String> = []
    for word in words {
      let scalars = Array(word.unicodeScalars)
      for cut in 1...scalars.count {
        let prefix = String(String.UnicodeScalarView(scalars[0..<cut]))
        queries.insert(prefix)
        if let last = Syllable(scalars[cut - 1]) {
          var view = String.UnicodeScalarView(scalars[0..<cut - 1])
          view.append(last.choseong.compatibility)
          queries.insert(String(view))
        }
        if cut >= 2 { queries.insert(initialConsonantString(of: prefix)) }
        queries.insert(initialConsonantString(of: prefix, folded: true))
      }
    }
    return queries.sorted()
  }

  @Test("with learned and hidden words, every query agrees with the reference")
  func agreesWithReferenceWithUser() throws {
    let index = try testIndex(everyday: "")
    let speller = try speller()
    let words = Lexicon.parseCorpus(testCorpusText).entries.map { ($0.word, $0.value) }
    let today = 1_000
    let learned: [String: LearnedStats] = [
      "감사해요": LearnedStats(count: 5, lastUsedDay: today),
      "감시": LearnedStats(count: 1, lastUsedDay: today - 200),
      "손주들": LearnedStats(count: 2, lastUsedDay: today - 3),
      "고장": LearnedStats(count: 1, lastUsedDay: today),
      "꼬마": LearnedStats(count: 9, lastUsedDay: today - 40),
      "행복하세요": LearnedStats(count: 3, lastUsedDay: today - 1),
      "아니요": LearnedStats(count: 1, lastUsedDay: today),
    ]
    let hidden: Set<String> = ["감사합니다", "안녕", "꼭지"]
    var user = UserWords(speller: speller)
    for (word, stats) in learned { user.restore(word, stats: stats) }
    for word in hidden { _ = user.unlearn(word, isCorpusWord: true) }
    for query in Self.queries(for: words.map(\.0) + learned.keys.sorted()) {
      let expected = Self.reference(
        query, words: words, speller: speller, limit: 4, learned: learned, hidden: hidden,
        today: today)
      let actual = index.suggestions(for: query, limit: 4, user: user, today: today)
      #expect(actual.map(\.word) == expected, "\(query)")
    }
  }

  @Test("every prefix of every test word, and their initials, agree with the reference")
  func agreesWithReference() throws {
    let index = try testIndex(everyday: "")
    let speller = try speller()
    let words = Lexicon.parseCorpus(testCorpusText).entries.map { ($0.word, $0.value) }
    let queries = Self.queries(for: words.map(\.0))
    #expect(queries.count > 100)
    for query in queries {
      let expected = Self.reference(query, words: words, speller: speller, limit: 5)
      let actual = index.suggestions(for: query, limit: 5).map(\.word)
      #expect(actual == expected, "\(query)")
    }
  }
}
