import Foundation
import Suggestions
import Testing

/// The sweep the ranking weights (``RankingWeights``) were chosen with, on the development set.
///
/// It plays `Lexicon/practice-messages-ko.txt` only, never the held-out benchmark: the weights are
/// picked here, then `make bench` measures them once on `Lexicon/messages-bench.txt`. Off unless
/// `CHEONJIIN_SAVINGS_TUNING=1`.
@Suite(
  "Tuning the ranking weights on the development set",
  .enabled(
    if: ProcessInfo.processInfo.environment["CHEONJIIN_SAVINGS_TUNING"] == "1",
    "a tuning report: CHEONJIIN_SAVINGS_TUNING=1 plays it"))
struct SavingsTuningTests {
  @Test("top-3 savings and next-word hits on Lexicon/practice-messages-ko.txt, per weight")
  func sweep() throws {
    let layouts = try galaxyLayouts()
    let messages = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Lexicon/practice-messages-ko.txt"),
      encoding: .utf8
    ).split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    var index = try shippedIndex()
    // The two weights act on different queries (completions, next words), so one sweep each.
    let tuned = RankingWeights.tuned
    let trials =
      [0.0, 0.1, 0.2, 0.3, 0.4, 0.6].map {
        var trial = tuned; trial.perAddedSyllable = $0; return trial
      }
      + [0.0, 0.5, 1.0].map {
        var trial = tuned; trial.nextWordFrequency = $0; return trial
      }
    for weights in trials {
      index.weights = weights
      let report = try SuggestionSavings(index: index, layouts: layouts).measure(messages)
      print(
        "[tuning] per syllable \(weights.perAddedSyllable), next-word frequency "
          + "\(weights.nextWordFrequency): top-3 \(Int((report.savedFraction * 1000).rounded())) ‰,"
          + " next word \(report.wordsPredicted) of \(report.wordsAfterWord)")
      #expect(report.pressesWith <= report.pressesWithout)
    }
  }
}

@Suite("Ranking weights")
struct RankingWeightsTests {
  /// 가방 is ten times as common as 가방끈, a tenfold count is worth 1.0 in the score.
  private func index(perAddedSyllable: Double) throws -> SuggestionIndex {
    var index = SuggestionIndex(
      corpus: Lexicon.parseCorpus("가방\t1000\n가방끈\t100\n").entries, speller: try speller())
    index.weights.perAddedSyllable = perAddedSyllable
    return index
  }

  @Test("without a gain per added syllable the more common word leads")
  func frequencyLeads() throws {
    let words = try index(perAddedSyllable: 0).suggestions(for: "가").map(\.word)
    #expect(words == ["가방", "가방끈"])
  }

  @Test("a gain of more than 1.0 per added syllable puts the longer word first")
  func longerWordLeads() throws {
    let words = try index(perAddedSyllable: 1.5).suggestions(for: "가").map(\.word)
    #expect(words == ["가방끈", "가방"])
  }

  @Test("a learned word gets the gain too")
  func learnedWordGetsGain() throws {
    let flat = try index(perAddedSyllable: 0)
    let weighted = try index(perAddedSyllable: 1.5)
    var user = UserWords(speller: try speller())
    user.learn("가방끈끈", today: 0)
    let plain = try #require(flat.suggestions(for: "가", user: user).first { $0.word == "가방끈끈" })
    let gained = try #require(
      weighted.suggestions(for: "가", user: user).first { $0.word == "가방끈끈" })
    #expect(gained.score > plain.score + 4)
  }
}
