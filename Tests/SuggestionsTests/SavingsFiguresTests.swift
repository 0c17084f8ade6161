import Foundation
import LayoutLoading
import Suggestions
import Testing

/// The figures `make bench` prints.
///
/// Scripts/bench-data.sh runs this suite with `CHEONJIIN_SAVINGS_FIGURES=1`: savings with 1, 3
/// and 5 words shown and the next-word hit rate, for the counted words alone (the list before the inflected forms) and for the
/// shipped lexicon. Off in `make test`, where ``SavingsTests`` keeps the floors.
@Suite(
  "Savings figures for make bench",
  .enabled(
    if: ProcessInfo.processInfo.environment["CHEONJIIN_SAVINGS_FIGURES"] == "1",
    "a report for make bench: CHEONJIIN_SAVINGS_FIGURES=1 plays it"))
struct SavingsFiguresTests {
  @Test("top-1/3/5 savings and the next-word hit rate on Lexicon/messages-bench.txt")
  func figures() throws {
    let library = LayoutLibrary(
      shippedDirectory: repositoryRoot.appendingPathComponent("Layouts").path,
      userDirectory: "/nonexistent/cheonjiin-test")
    let layouts = try library.loadSet(LayoutLibrary.defaultID).map(\.layout)
    let messages = try benchmarkMessages()
    let lexicon = repositoryRoot.appendingPathComponent("Lexicon")
    let counted = SuggestionIndex(
      corpus: Lexicon.parseCorpus(
        try String(contentsOf: lexicon.appendingPathComponent("ko-words.tsv"), encoding: .utf8)
      ).entries,
      everyday: Lexicon.parseEveryday(
        try String(contentsOf: lexicon.appendingPathComponent("everyday-ko.tsv"), encoding: .utf8)
      ).entries,
      speller: try speller())
    // The load as the pad does it, timed for the record (a debug build: make bench's
    // DataBenchmarks times the release build).
    let clock = ContinuousClock()
    var shipped: SuggestionIndex? = nil
    let loading = try clock.measure { shipped = try shippedIndex() }
    print("[figures] shipped lexicon load (debug build): \(loading)")
    let full = try #require(shipped)
    for (name, index) in [("ko-words + everyday", counted), ("shipped", full)] {
      var line = "[figures] \(name) (\(index.count) words):"
      var top3 = SavingsReport()
      for limit in [1, 3, 5] {
        let report = try SuggestionSavings(index: index, layouts: layouts, limit: limit)
          .measure(messages)
        if limit == 3 { top3 = report }
        line += " top-\(limit) \(permille(report.savedFraction)) %"
      }
      line +=
        "; next word in the top 3: \(top3.wordsPredicted) of \(top3.wordsAfterWord)"
        + " (\(permille(top3.predictedFraction)) %)"
      print(line)
      #expect(top3.pressesWith < top3.pressesWithout)
    }
  }

  private func permille(_ fraction: Double) -> String {
    let tenths = Int((fraction * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
