import Foundation
import HangulEngine
import LayoutLoading
import Storage
import Suggestions
import TerminalUI

/// Wires the keypad's suggestion bar to the shipped lexicon and the learned words in the
/// progress database.
enum SuggestionSetup {
  /// The folder with `ko-words.tsv` and `everyday-ko.tsv`, found by ``ShareDirectory``:
  /// `$CHEONJIIN_LEXICON`, beside `$CHEONJIIN_LAYOUTS`, `PREFIX/share/cheonjiin/lexicon`, or
  /// `Lexicon/` above a build in the source tree.
  static func lexiconDirectory(environment: [String: String]) -> String? {
    ShareDirectory(environment: environment).shipped(.lexicon)
  }

  /// The shipped word lists in `directory`: `ko-words.tsv` and `everyday-ko.tsv`, parsed.
  ///
  /// A list that is missing or unreadable gives no words: fewer suggestions, never a failure.
  static func wordLists(in directory: String) -> (corpus: [LexiconEntry], everyday: [LexiconEntry])
  {
    func text(_ name: String) -> String {
      (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
    }
    return (
      Lexicon.parseCorpus(text("ko-words.tsv")).entries,
      Lexicon.parseEveryday(text("everyday-ko.tsv")).entries
    )
  }

  /// A loader for the keypad (runs off the UI thread) and a learner that stores words in the
  /// background.
  ///
  /// Problems never stop typing: without a lexicon the bar stays empty.
  static func make(layout: Layout, environment: [String: String]) -> (
    load: @Sendable () -> SuggestionData?, learn: @Sendable (String) -> Void
  ) {
    let storeBox = StoreBox(path: ProgressStore.defaultPath(environment: environment))
    let directory = lexiconDirectory(environment: environment)
    let vowels = layout.composer.vowels
    let load: @Sendable () -> SuggestionData? = {
      guard let directory, let speller = PrimitiveSpeller(vowels: vowels) else { return nil }
      let lists = wordLists(in: directory)
      let index = SuggestionIndex(corpus: lists.corpus, everyday: lists.everyday, speller: speller)
      var user = UserWords(speller: speller)
      let today = localDayNumber(now: Date(), timeZone: .current)
      if let store = storeBox.store {
        for word in (try? store.learnedWords()) ?? [] {
          _ = user.restore(
            word.word, stats: LearnedStats(count: word.count, lastUsedDay: word.lastUsedDay))
        }
        for word in (try? store.hiddenWords()) ?? [] { user.restoreHidden(word) }
        // About 5,000 words at most (spec §1.5): the least used go, once per start.
        let evicted = user.evict(today: today)
        if !evicted.isEmpty { _ = try? store.forget(evicted) }  // retried at the next start
      }
      return SuggestionData(index: index, user: user, today: today)
    }
    let learn: @Sendable (String) -> Void = { word in
      storeBox.queue.async {
        let today = localDayNumber(now: Date(), timeZone: .current)
        // A failed write loses one learned word, never typed text; the next start retries.
        _ = try? storeBox.store?.learn(word, day: today, times: 1)
      }
    }
    return (load, learn)
  }
}

/// Opens the progress database on first use, off the UI thread, and keeps it.
final class StoreBox: @unchecked Sendable {
  let queue = DispatchQueue(label: "cheonjiin.store")
  private let path: String
  private var opened: ProgressStore?
  private var didTry = false
  private let lock = NSLock()

  init(path: String) {
    self.path = path
  }

  var store: ProgressStore? {
    lock.lock()
    defer { lock.unlock() }
    if !didTry {
      didTry = true
      opened = try? ProgressStore.open(at: path, now: Date(), timeZone: .current).store
    }
    return opened
  }
}
