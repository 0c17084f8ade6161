import HangulEngine
import Suggestions
import TestSupport
import Testing

/// The suggestion index and the learned words grow no faster than n log n.
@Suite("Suggestions grow with the word list, not faster")
struct SuggestionScalingTests {
  /// `count` different words of two or three syllables, with counts, as the lexicon's lines.
  static func lexicon(_ count: Int) -> String {
    (0..<count).map { index in
      let first = Unicode.Scalar(0xAC00 + index % 11_172).map(Character.init) ?? "가"
      let second =
        Unicode.Scalar(0xAC00 + (index / 11_172 * 97 + index * 7) % 11_172)
        .map(Character.init) ?? "가"
      let third = index / 11_172 > 0 ? "다" : ""
      return "\(first)\(second)\(third)\t\(count - index)\n"
    }.joined()
  }

  @Test("building the index from a word list")
  func building() throws {
    let speller = try speller()
    var check = ScalingCheck("SuggestionIndex(corpus:), words", unit: "words")
    check.maximumSize = 262_144
    let curve = check.measure { count in
      let entries = Lexicon.parseCorpus(Self.lexicon(count)).entries
      return WorkCost.ofThread { _ = SuggestionIndex(corpus: entries, speller: speller) }
    }
    #expect(curve.isAtMostNLogN, "\(curve)")
    print(curve)  // the table, for the closing note and reruns on a quiet machine
  }

  @Test("a thousand queries against a growing index")
  func queries() throws {
    let speller = try speller()
    var check = ScalingCheck("1,000 suggestion queries, index of n words", unit: "words")
    check.maximumSize = 262_144
    let typed = ["가", "ㄱ", "가ㄴ", "ㄱㅅ", "하", "ㅎㄴ", "나", "다"]
    let curve = check.measure { count in
      let index = SuggestionIndex(
        corpus: Lexicon.parseCorpus(Self.lexicon(count)).entries, speller: speller)
      return WorkCost.ofThread {
        for round in 0..<1_000 { _ = index.suggestions(for: typed[round % typed.count]) }
      }
    }
    // A query may look at every entry that matches its prefix, which grows with the list; it
    // must not grow faster than the list.
    #expect(curve.isAtMostNLogN, "\(curve)")
    print(curve)  // the table, for the closing note and reruns on a quiet machine
  }

  @Test("learning words one by one")
  func learning() throws {
    var check = ScalingCheck("UserWords.learn, words", unit: "words")
    check.maximumSize = 65_536
    let speller = try speller()
    let curve = check.measure { count in
      let words = Lexicon.parseCorpus(Self.lexicon(count)).entries.map(\.word)
      return WorkCost.ofThread {
        var user = UserWords(speller: speller)
        for (day, word) in words.enumerated() { _ = user.learn(word, today: day / 100) }
      }
    }
    #expect(curve.isAtMostNLogN, "\(curve)")
    print(curve)  // the table, for the closing note and reruns on a quiet machine
  }
}
