import Foundation
import HangulEngine
import LayoutLoading
import Storage
import Suggestions
import Synchronization
import SystemIO
import SystemPackage
import TerminalUI
import Typing

/// Wires the keypad's suggestion bar to the shipped lexicon and the learned words in the
/// progress database.
enum SuggestionSetup {
  /// The folder with `ko-words.tsv` and `everyday-ko.tsv`, found by ``ShareDirectory``:
  /// `$CHEONJIIN_LEXICON`, beside `$CHEONJIIN_LAYOUTS`, `PREFIX/share/cheonjiin/lexicon`, or
  /// `Lexicon/` above a build in the source tree.
  static func lexiconDirectory(environment: [String: String]) -> String? {
    ShareDirectory(environment: environment).shipped(.lexicon)
  }

  /// The most bytes a word list is read to: 16 MiB.
  ///
  /// `ko-words.tsv` has 410 KB; a 2 GB file took the pad past 600 MB.
  static let maximumListBytes = 16 << 20

  /// The shipped word lists in `directory`, parsed: `ko-words.tsv`, the inflected forms of
  /// `ko-forms.tsv` (the bar reads them after `ko-words.tsv`), `everyday-ko.tsv`, and the next
  /// words of `ko-next.tsv`.
  ///
  /// A list that is missing, unreadable or not UTF-8 gives no words: fewer suggestions, never
  /// a failure. So does one over ``maximumListBytes``, and `tooLarge` names it for a command
  /// to say so.
  static func wordLists(in directory: String) -> (
    corpus: [LexiconEntry], forms: [LexiconEntry], everyday: [LexiconEntry], next: NextWords,
    tooLarge: [String]
  ) {
    var tooLarge: [String] = []
    func text(_ name: String) -> String {
      let path = directory + "/" + name
      guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
      else { return "" }
      defer { try? file.close() }  // read-only: closing cannot lose anything
      do {
        return String(validating: try file.readToEnd(limit: maximumListBytes), as: UTF8.self) ?? ""
      } catch Errno.fileTooLarge {
        tooLarge.append(path)
      } catch {}  // unreadable, as a missing list: fewer suggestions
      return ""
    }
    let corpus = Lexicon.parseCorpus(text("ko-words.tsv")).entries
    let forms = Lexicon.parseCorpus(text("ko-forms.tsv")).entries
    let everyday = Lexicon.parseEveryday(text("everyday-ko.tsv")).entries
    return (corpus, forms, everyday, NextWords(parsing: text("ko-next.tsv")), tooLarge)
  }

  /// The index of the lists in `directory`: read from the cache in `cacheFolder` when it is
  /// there and current, otherwise built from the lists (a third of a second on a quiet machine)
  /// and cached for the next start.
  static func index(in directory: String, speller: PrimitiveSpeller, cacheFolder: String?)
    -> SuggestionIndex
  {
    let key = SuggestionCache.sourceKey(directory: directory)
    let path = cacheFolder.map {
      SuggestionCache.path(folder: $0, directory: directory, speller: speller)
    }
    if let path,
      case .success(let index) = SuggestionCache.read(
        at: path, speller: speller, sourceKey: key)
    {
      return index
    }
    func built() -> SuggestionIndex {
      let lists = wordLists(in: directory)
      var index = SuggestionIndex(
        corpus: lists.corpus + lists.forms, everyday: lists.everyday, speller: speller)
      index.nextWords = lists.next
      return index
    }
    var index = built()  // the lists it was built from are freed now
    if let path {
      SuggestionCache.write(index, to: path, sourceKey: key)
      // The built arrays keep the room they grew into: read back, the index is a later
      // start's, and with what the build freed given back the first start sits at 56 MB, not 79.
      if case .success(let cached) = SuggestionCache.read(
        at: path, speller: speller, sourceKey: key)
      {
        index = cached
      }
    }
    returnFreedMemory()
    return index
  }

  /// Gives the pad (or `run`) its suggestion bar: the loader and the learner of
  /// ``make(layout:environment:)`` for the first of `layouts`, unless suggestions are off.
  static func attach(
    to options: inout KeypadRunOptions, layouts: [Layout], environment: [String: String],
    enabled: Bool
  ) {
    guard enabled, let first = layouts.first else { return }
    let setup = make(layout: first, environment: environment)
    options.loadSuggestions = setup.load
    options.learn = setup.learn
  }

  /// A loader for the keypad (runs off the UI thread) and a learner that stores words in the
  /// background.
  ///
  /// Problems never stop typing: without a lexicon the bar stays empty; a progress file that
  /// cannot be opened or saved is said once on the status row, and words are then learned
  /// for this run only.
  static func make(layout: Layout, environment: [String: String]) -> (
    load: @Sendable () -> SuggestionData?, learn: @Sendable (String) -> Void
  ) {
    let storeBox = StoreBox(path: ProgressStore.defaultPath(environment: environment))
    let directory = lexiconDirectory(environment: environment)
    let vowels = layout.composer.vowels
    let cacheFolder = SuggestionCache.folder(environment: environment)
    let load: @Sendable () -> SuggestionData? = {
      guard let directory, let speller = PrimitiveSpeller(vowels: vowels) else { return nil }
      let index = index(in: directory, speller: speller, cacheFolder: cacheFolder)
      var user = UserWords(speller: speller)
      let today = localDayNumber(now: Date(), timeZone: .current)
      let (reader, problem) = storeBox.openForReading()
      if let reader {
        // Every word stays in the store; the most useful are held (`dict import` says so).
        let stored = ((try? reader.learnedWords()) ?? []).map {
          (word: $0.word, stats: LearnedStats(count: $0.count, lastUsedDay: $0.lastUsedDay))
        }
        for word in UserWords.mostUseful(stored, today: today) {
          _ = user.restore(word.word, stats: word.stats)
        }
        for word in (try? reader.hiddenWords()) ?? [] { user.restoreHidden(word) }
        // Most used first: a word's row keeps its UserWords.pairsPerWord best next words.
        for pair in (try? reader.learnedPairs()) ?? [] {
          user.restorePair(
            previous: pair.previous, next: pair.next,
            stats: LearnedStats(count: pair.count, lastUsedDay: pair.lastUsedDay))
        }
      }
      return SuggestionData(
        index: index, user: user, today: today,
        notice: problem.map { commandStrings.wordsNotSaved($0) })
    }
    let learn: @Sendable (String) -> Void = { record in
      storeBox.work.run {
        let today = localDayNumber(now: Date(), timeZone: .current)
        // A failed write loses one learned word, never typed text; the next start retries.
        // A pair comes as its two words with a space between (SuggestionBar.pairRecord).
        let words = record.split(separator: " ")
        if words.count == 2 {
          _ = try? storeBox.writer?.learnPair(
            previous: String(words[0]), next: String(words[1]), day: today)
        } else {
          _ = try? storeBox.writer?.learn(record, day: today, times: 1)
        }
      }
    }
    return (load, learn)
  }
}

/// The progress database for the pad: read at once, without waiting for another program's
/// write; opened for writing on the first word learned, off the UI thread.
///
/// Nothing here uses libdispatch's worker pool (see ``SerialThread``), and no connection is ever
/// closed: closing one disposes its dispatch queue, which does.
final class StoreBox: Sendable {
  private struct State {
    /// The store the words were read from, kept open (see above).
    var reader: ProgressStore?
    /// Why words cannot be saved, once known; the writer is not tried then.
    var problem: StorageError?
    var writer: ProgressStore?
    var didTryWriter = false
  }

  /// Where writes happen, one at a time, off the UI thread.
  let work = SerialThread()
  private let path: String
  private let state = Mutex(State())

  init(path: String) {
    self.path = path
  }

  /// Opens the file for reading (WAL: never waits for a writer).
  ///
  /// - Returns: The store, or nil; and why learned words will not be saved, if that is known.
  func openForReading() -> (ProgressStore?, StorageError?) {
    state.withLock { state in
      do throws(StorageError) {
        let opening = try ProgressStore.open(at: path, for: .reading)
        state.reader = opening.store
        state.problem = opening.readOnly
        return (opening.store, opening.readOnly)
      } catch {
        state.problem = error
        return (nil, error)
      }
    }
  }

  /// The store for learning words, opened on first use; nil when it cannot be written.
  var writer: ProgressStore? {
    state.withLock { state in
      if !state.didTryWriter && state.problem == nil {
        state.didTryWriter = true
        state.writer = try? ProgressStore.open(at: path, for: .writing).store
      }
      return state.writer
    }
  }
}
