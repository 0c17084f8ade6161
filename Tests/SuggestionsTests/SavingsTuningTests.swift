import Foundation
import Suggestions
import Testing

/// The sweep the ranking weights (``RankingWeights``) were chosen with, on the development sets.
///
/// It plays `Lexicon/practice-messages-ko.txt` and `Lexicon/messages-dev.txt` only, never the
/// held-out benchmark: the weights are picked here, then `make bench` measures them once on
/// `Lexicon/messages-bench.txt`. Off unless `CHEONJIIN_SAVINGS_TUNING=1`.
@Suite(
  "Tuning the ranking weights on the development sets",
  .enabled(
    if: ProcessInfo.processInfo.environment["CHEONJIIN_SAVINGS_TUNING"] == "1",
    "a tuning report: CHEONJIIN_SAVINGS_TUNING=1 plays it"))
struct SavingsTuningTests {
  @Test("top-3 savings and next-word hits on the development sets, per weight")
  func sweep() throws {
    let layouts = try galaxyLayouts()
    let messages = try developmentMessages()
    var index = try shippedIndex()
    // Another next-word table to try (Tools/lexicon/forms.py's output written elsewhere).
    if let path = ProcessInfo.processInfo.environment["CHEONJIIN_TUNING_NEXT"] {
      index.nextWords = NextWords(parsing: try String(contentsOfFile: path, encoding: .utf8))
    }
    // One weight moved at a time from the tuned ones: each acts on its own part of the bar.
    let tuned = RankingWeights.tuned
    func varied(_ path: WritableKeyPath<RankingWeights, Double>, _ values: [Double])
      -> [RankingWeights]
    {
      values.map {
        var trial = tuned; trial[keyPath: path] = $0; return trial
      }
    }
    let trials =
      [tuned] + varied(\.perAddedSyllable, [0.1, 0.2])
      + varied(\.contextCompletion, [0, 1, 2, 4]) + varied(\.nextWordFrequency, [0, 0.5])
    for weights in trials {
      index.weights = weights
      let report = try SuggestionSavings(index: index, layouts: layouts).measure(messages)
      print(
        "[tuning] \(weights): top-3 \(Int((report.savedFraction * 1000).rounded())) ‰,"
          + " next word \(report.wordsPredicted) of \(report.wordsAfterWord)")
      #expect(report.pressesWith <= report.pressesWithout)
    }
  }
}

/// The messages the weights are tuned on: `Lexicon/practice-messages-ko.txt` and
/// `Lexicon/messages-dev.txt`, never the benchmark.
func developmentMessages() throws -> [String] {
  try ["practice-messages-ko.txt", "messages-dev.txt"].flatMap { name in
    try String(
      contentsOf: repositoryRoot.appendingPathComponent("Lexicon/\(name)"), encoding: .utf8
    ).split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
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
