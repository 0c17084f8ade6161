import Benchmark
import Foundation
import HangulEngine
import LayoutLoading
import Suggestions

/// The repository's top folder, found from this file.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The shipped word lists, the Galaxy layouts and the held-out benchmark messages.
struct DataWorkload {
  let corpusFile = root.appendingPathComponent("Lexicon/ko-words.tsv").path
  let everydayFile = root.appendingPathComponent("Lexicon/everyday-ko.tsv").path
  let layouts: [Layout]
  let index: SuggestionIndex
  let messages: [String]
  /// What the keypad asks the bar after every press of every message: the word being typed,
  /// the cycle of the consonant key still cycling, and the word before the space before it.
  let queries: [(word: String, cycling: [Choseong]?, previous: Substring?)]
  /// 5,000 learned words (every 40th inflected form, used 1 to 9 times over 100 days), the most
  /// a keypad holds.
  let learned: UserWords

  init() {
    let library = LayoutLibrary(
      shippedDirectory: root.appendingPathComponent("Layouts").path, userDirectory: "/nonexistent")
    do {
      layouts = try library.loadSet(LayoutLibrary.defaultID).map(\.layout)
      guard let loaded = DataWorkload.loadIndex(corpusFile, everydayFile, layouts[0]) else {
        fatalError("benchmark setup: the Galaxy layout cannot type every vowel")
      }
      index = loaded
      var learned = UserWords(speller: loaded.speller)
      let forms = Lexicon.parseCorpus(
        try String(contentsOf: root.appendingPathComponent("Lexicon/ko-forms.tsv"), encoding: .utf8)
      ).entries
      for (number, entry) in stride(from: 0, to: forms.count, by: 40).map({ forms[$0] })
        .prefix(UserWords.loadLimit).enumerated()
      {
        learned.restore(
          entry.word, stats: LearnedStats(count: 1 + number % 9, lastUsedDay: number % 100))
      }
      self.learned = learned
      messages = try String(
        contentsOf: root.appendingPathComponent("Lexicon/messages-bench.txt"), encoding: .utf8
      ).split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
      let speller = Speller(layouts: layouts)
      var queries: [(String, [Choseong]?, Substring?)] = []
      for message in messages {
        var engine = Typist(layouts: layouts)
        for press in try speller.spell(message) {
          _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
          let text = engine.text
          let word = trailingWord(of: text)
          if !word.isEmpty {
            let previous = wordBeforeSpace(in: text.dropLast(word.count))
            queries.append((String(word), engine.cyclingConsonants, previous))
          }
        }
      }
      // Initial-consonant searches, as people type them for contacts and phrases.
      for initials in ["ㄱㅅ", "ㄱㅅㅎ", "ㅅㄹㅎ", "ㅂㅇ", "ㅇㄴㅎㅅㅇ", "ㄱㅁㄱ", "ㅈㅅㅎㄴㄷ"] {
        queries.append((initials, nil, nil))
      }
      self.queries = queries
    } catch {
      fatalError("benchmark setup: \(error)")  // a broken checkout, not user data
    }
  }

  /// Reads both lists and builds the index, as the keypad does in the background at start.
  static func loadIndex(_ corpusFile: String, _ everydayFile: String, _ layout: Layout)
    -> SuggestionIndex?
  {
    guard let speller = PrimitiveSpeller(vowels: layout.composer.vowels) else { return nil }
    let corpus = (try? String(contentsOfFile: corpusFile, encoding: .utf8)) ?? ""
    let everyday = (try? String(contentsOfFile: everydayFile, encoding: .utf8)) ?? ""
    // The inflected forms and the next words sit beside ko-words.tsv, as the pad reads them.
    let folder = (corpusFile as NSString).deletingLastPathComponent
    let forms = (try? String(contentsOfFile: folder + "/ko-forms.tsv", encoding: .utf8)) ?? ""
    let next = (try? String(contentsOfFile: folder + "/ko-next.tsv", encoding: .utf8)) ?? ""
    var index = SuggestionIndex(
      corpus: Lexicon.parseCorpus(corpus).entries + Lexicon.parseCorpus(forms).entries,
      everyday: Lexicon.parseEveryday(everyday).entries, speller: speller)
    index.nextWords = NextWords(parsing: next)
    return index
  }
}

let data = DataWorkload()

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(3))

  Benchmark("lexicon load: read the lists, parse, build the index (\(data.index.count) words)") {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(DataWorkload.loadIndex(data.corpusFile, data.everydayFile, data.layouts[0]))
    }
  }

  // What a start after the first does instead (the pad keeps the index in XDG_CACHE_HOME):
  // check and copy out the compact file, already read into memory.
  let compact = data.index.compactBytes(sourceKey: 0)
  Benchmark("lexicon open: check and read the cached index (\(compact.count) bytes in memory)") {
    benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? SuggestionIndex(compact: compact, speller: data.index.speller, sourceKey: 0))
    }
  }

  // One lookup per iteration, so the percentiles are per lookup; then the same with the most
  // learned words a keypad holds, whose scan is the slow path.
  let users: [(UserWords?, String)] = [
    (nil, ""), (data.learned, ", \(data.learned.count) learned words"),
  ]
  for (user, learned) in users {
    Benchmark(
      "suggestion lookup, top 3 (one per iteration; \(data.queries.count) queries from typing\(learned))",
      configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3), maxIterations: 200_000)
    ) { benchmark in
      var next = 0
      for _ in benchmark.scaledIterations {
        let query = data.queries[next]
        blackHole(
          data.index.suggestions(
            for: query.word, cyclingLastKey: query.cycling, limit: 3, user: user, today: 100,
            after: query.previous))
        next = next + 1 == data.queries.count ? 0 : next + 1
      }
    }
  }

  // Not a time: the presses saved on the held-out messages, reported as custom metrics
  // (the same figure at every percentile; ‰ of the presses without suggestions).
  let saved = BenchmarkMetric.custom("saved presses (‰)", polarity: .prefersLarger, useScalingFactor: false)
  let without = BenchmarkMetric.custom("presses without suggestions", useScalingFactor: false)
  let with = BenchmarkMetric.custom("presses with suggestions", useScalingFactor: false)
  let taken = BenchmarkMetric.custom("words taken from the bar", polarity: .prefersLarger, useScalingFactor: false)
  Benchmark(
    "keystroke savings on Lexicon/messages-bench.txt (\(data.messages.count) messages, top 3, nothing learned)",
    configuration: .init(metrics: [saved, without, with, taken], maxIterations: 1)
  ) { benchmark in
    do {
      let report = try SuggestionSavings(index: data.index, layouts: data.layouts).measure(data.messages)
      benchmark.measurement(saved, Int((report.savedFraction * 1000).rounded()))
      benchmark.measurement(without, report.pressesWithout)
      benchmark.measurement(with, report.pressesWith)
      benchmark.measurement(taken, report.wordsTaken)
    } catch {
      benchmark.error("\(error)")
    }
  }
}
