import HangulEngine
import LayoutLoading
import Suggestions
import TerminalUI

/// What the suggestion bar needs, loaded off the UI thread after the first frame.
public struct SuggestionData: Sendable {
  public var index: SuggestionIndex
  public var user: UserWords
  /// The day number learned words are stamped with.
  public var today: Int
  /// Said on the status row when the words arrive: why learned words are not saved.
  public var notice: String?

  public init(index: SuggestionIndex, user: UserWords, today: Int, notice: String? = nil) {
    self.index = index
    self.user = user
    self.today = today
    self.notice = notice
  }
}

/// The words offered above the pad for the word being typed, and the words learned.
///
/// Lookups take microseconds (`make bench`), yet they run after the key's echo is drawn
/// (``KeypadController/catchUp()``), never on the key path.
package struct SuggestionBar {
  private var data: SuggestionData? = nil
  /// The words on the bar now.
  package private(set) var words: [String] = []
  /// The text tail the words were computed for.
  private var computedFor: String? = nil

  package init() {}

  /// The bar shows words only once the lexicon is loaded.
  package var isLoaded: Bool { data != nil }

  package mutating func load(_ data: SuggestionData) {
    self.data = data
    computedFor = nil
  }

  /// Forgets the words, so the next ``refresh(tail:cycling:)`` computes them again.
  package mutating func invalidate() {
    computedFor = nil
  }

  /// Recomputes the bar when the text changed: completions of the word being typed, or after
  /// a space the words likely to come next.
  ///
  /// - Parameters:
  ///   - tail: The end of the text (a word never spans more); the trailing word is looked up.
  ///   - cycling: The letters the last consonant key can still become, so the bar does not
  ///     flicker while the key cycles.
  /// - Returns: Whether the words changed.
  package mutating func refresh(tail: String, cycling: [Choseong]?) -> Bool {
    guard let data, tail != computedFor else { return false }
    computedFor = tail
    let before = words
    let word = trailingWord(of: tail)
    if !word.isEmpty {
      words = data.index.suggestions(
        for: String(word), cyclingLastKey: cycling, limit: 3, user: data.user, today: data.today,
        after: wordBeforeSpace(in: tail.dropLast(word.count))
      ).map(\.word)
    } else if let previous = wordBeforeSpace(in: tail) {
      // After a space: the words likely to come next, taken with the same holds.
      words = data.index.predictions(after: previous, limit: 3, user: data.user, today: data.today)
        .map(\.word)
    } else {
      words = []
    }
    return words != before
  }

  /// Learns a committed word: a word the lexicon lacks, or one taken from the
  /// bar; and a word already learned, so its recency stays true.
  ///
  /// A common word typed by hand is left alone, so the learned list holds what is the user's own.
  ///
  /// - Returns: Whether the word was learned (and should be stored).
  package mutating func learn(_ word: String, fromSuggestion: Bool) -> Bool {
    guard var data,
      UserWords.shouldLearn(
        word, isCorpusWord: data.index.contains(word), fromSuggestion: fromSuggestion)
        || (UserWords.isLearnable(word) && data.user.stats(for: word) != nil)
    else { return false }
    _ = data.user.learn(word, today: data.today)
    self.data = data
    return true
  }

  /// Learns the pair `next` closes: the word right before it, then `next`.
  ///
  /// Only one space may stand between (a word after a mark starts afresh). Held in memory at once.
  ///
  /// - Parameter text: The text before `next`.
  /// - Returns: The pair to store, as ``pairRecord(previous:next:)`` writes it.
  mutating func learnPair(next: String, after text: some StringProtocol) -> String? {
    guard var data, let previous = wordBeforeSpace(in: text),
      data.user.learnPair(previous: String(previous), next: next, today: data.today) != nil
    else { return nil }
    self.data = data
    return Self.pairRecord(previous: String(previous), next: next)
  }

  /// A learned pair as one string for the learner: the two words with a space between (words
  /// never hold one).
  package static func pairRecord(previous: String, next: String) -> String {
    previous + " " + next
  }

  /// The word a press finished, if it put the first separator after one: only that press
  /// counts, so cycling `. , ? !` learns the word once.
  package static func finishedWord(before: String, after: String) -> String? {
    guard let last = after.last, isSeparator(last), let previous = before.last,
      !isSeparator(previous)
    else { return nil }
    let word = trailingWord(of: after.dropLast(after.reversed().prefix { isSeparator($0) }.count))
    return word.isEmpty ? nil : String(word)
  }
}

// MARK: - Over the typing core

/// What a word taken from the bar did, for the front end's effects.
package struct TakenWord {
  /// The word to store as learned, if the bar learned it.
  package var learned: String?
  /// The pair it closed, to store as learned (``SuggestionBar/pairRecord(previous:next:)``).
  package var pair: String? = nil

  /// Everything to store: the word, then the pair.
  package var stored: [String] { [learned, pair].compactMap { $0 } }
}

extension SuggestionBar {
  /// Recomputes the bar for the core's text (see ``refresh(tail:cycling:)``).
  package mutating func refresh<Sink>(for typing: TypingCore<Sink>) -> Bool {
    refresh(tail: typing.tail, cycling: typing.engine.cyclingConsonants)
  }

  /// The bar's word (0-based) a held key takes, if the keymap gives it one.
  package static func slot(of source: PressSource, in keymap: Keymap) -> Int? {
    guard case .physical(let physical, _) = source, let slot = keymap.suggestionHolds[physical]
    else { return nil }
    return slot - 1
  }

  /// Keys whose hold takes a word shown on the bar now.
  package func holdKeys(in keymap: Keymap) -> Set<PhysicalKey> {
    Set(keymap.suggestionHolds.filter { $0.value >= 1 && $0.value <= words.count }.keys)
  }

  /// Takes word `index` of the bar: it replaces the word being typed, followed by a space.
  ///
  /// - Returns: nil when the bar has no such word.
  package mutating func take<Sink>(_ index: Int, typing: inout TypingCore<Sink>) -> TakenWord? {
    guard words.indices.contains(index) else { return nil }
    let word = words[index]
    let tail = typing.tail
    let pair = learnPair(next: word, after: tail.dropLast(trailingWord(of: tail).count))
    typing.takeSuggestion(word)
    let learned = learn(word, fromSuggestion: true)
    invalidate()
    return TakenWord(learned: learned ? word : nil, pair: pair)
  }

  /// A suggestion key held: the word the bar showed before the taps of its press is taken.
  ///
  /// The taps are rolled back first (a held `*` takes the word though the tap's `.` emptied
  /// the bar). With no word there, the key types its own `symbol`, the same every time
  /// (auto-repeat never cycles `.,?!`).
  ///
  /// - Returns: nil when nothing was typed (no word and no symbol).
  package mutating func hold<Sink>(
    slot: Int, symbol: String, undoTaps: Int, typing: inout TypingCore<Sink>
  ) -> TakenWord? {
    typing.rollBack(undoTaps)
    invalidate()
    _ = refresh(for: typing)
    if let taken = take(slot, typing: &typing) { return taken }
    guard !symbol.isEmpty else { return nil }
    typing.insert(symbol)
    return TakenWord(learned: nil)
  }

  /// Learns the word a press finished, if any.
  ///
  /// - Returns: The word to store as learned.
  package mutating func learnFinished(_ word: String?) -> String? {
    guard let word, learn(word, fromSuggestion: false) else { return nil }
    return word
  }

  /// Learns the word a press finished, if any, and the pair it closed.
  ///
  /// - Parameter tail: The text after the press (the word and its separator at the end).
  /// - Returns: What to store: the word if it is learned, then the pair.
  package mutating func learnFinished(_ word: String?, tail: String) -> [String] {
    guard let word else { return [] }
    let learned = learnFinished(word)
    let text = tail.dropLast(tail.reversed().prefix { isSeparator($0) }.count)
    guard text.hasSuffix(word) else { return learned.map { [$0] } ?? [] }
    let pair = learnPair(next: word, after: text.dropLast(word.count))
    return [learned, pair].compactMap { $0 }
  }
}
