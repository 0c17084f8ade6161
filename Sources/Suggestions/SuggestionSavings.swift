import HangulEngine

/// Key presses with and without the suggestion bar, for a set of messages.
public struct SavingsReport: Sendable, Hashable {
  /// Presses to type every message without suggestions (shortest sequences, ``Speller``).
  public var pressesWithout = 0
  /// Presses with suggestions: a word is taken the first time it shows in the top 3, at the
  /// cost of one press (the hold of `+`, `*` or `/`).
  public var pressesWith = 0
  /// Words that could have been suggested (starting with Hangul), and those taken.
  public var words = 0
  public var wordsTaken = 0
  /// Words typed right after a space that followed a word, when the bar shows next words; and
  /// those among them the bar showed before their first press (the next-word hit rate).
  public var wordsAfterWord = 0
  public var wordsPredicted = 0

  public init() {}

  /// The share of presses saved: (without − with) ÷ without.
  public var savedFraction: Double {
    pressesWithout == 0 ? 0 : Double(pressesWithout - pressesWith) / Double(pressesWithout)
  }

  /// The share of words after a word that the bar predicted before their first press.
  public var predictedFraction: Double {
    wordsAfterWord == 0 ? 0 : Double(wordsPredicted) / Double(wordsAfterWord)
  }

  public mutating func add(_ other: SavingsReport) {
    pressesWithout += other.pressesWithout
    pressesWith += other.pressesWith
    words += other.words
    wordsTaken += other.wordsTaken
    wordsAfterWord += other.wordsAfterWord
    wordsPredicted += other.wordsPredicted
  }
}

/// Why a message could not be measured.
public enum SavingsError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The layouts cannot type a character of the message.
  case cannotSpell(message: String, SpellError)
  /// Replaying the presses did not give the message: a bug in the simulation or the engine.
  case replayMismatch(message: String, typed: String)

  public var description: String {
    switch self {
    case .cannotSpell(let message, let error): "\"\(message)\": \(error)"
    case .replayMismatch(let message, let typed):
      "\"\(message)\": replaying the presses typed \"\(typed)\"; report this as a bug"
    }
  }
}

/// Simulates typing with the suggestion bar, on the real engine.
///
/// A message is typed word by word (words split at spaces). Each word and the space after it
/// are typed with a shortest key sequence; after every press the bar is asked for the word
/// being typed, as the keypad asks it (``SuggestionIndex/suggestions(for:cyclingLastKey:limit:user:today:after:)``
/// with the cycling consonant key); before the first press of a word after a space, the likely
/// next words (``SuggestionIndex/predictions(after:limit:user:today:)``). When the Hangul part of the target word shows up, it is
/// taken: one press, and the word and a space are typed (as the keypad does). If punctuation
/// follows the word, ⌫ removes that space first and the punctuation is typed. The replay
/// must type exactly the message (a trailing space after a last taken word aside).
public struct SuggestionSavings: Sendable {
  public let index: SuggestionIndex
  /// Spellers by starting layout, since a word may start on another layout than the first.
  private let spellers: [Speller]
  private let layouts: [Layout]
  /// Suggestions shown (the keypad shows 3).
  public let limit: Int
  /// The words the user has learned; none for a first-day user.
  public let user: UserWords?

  public init(index: SuggestionIndex, layouts: [Layout], limit: Int = 3, user: UserWords? = nil) {
    self.index = index
    self.layouts = layouts
    self.spellers = layouts.indices.map { Speller(layouts: layouts, initial: $0) }
    self.limit = limit
    self.user = user
  }

  /// Measures one message.
  public func measure(_ message: String) throws(SavingsError) -> SavingsReport {
    var report = SavingsReport()
    var engine = Typist(layouts: layouts)
    let tokens = message.split(separator: " ", omittingEmptySubsequences: false)
    for (position, token) in tokens.enumerated() {
      let isLast = position == tokens.count - 1
      let segment = isLast ? String(token) : token + " "
      let presses = try spell(segment, from: engine, message: message)
      report.pressesWithout += presses.count
      let core = String(token.prefix { isHangulSyllable($0) })
      if !core.isEmpty { report.words += 1 }
      if !core.isEmpty,
        let taken = try takeSuggestion(
          core, rest: String(token.dropFirst(core.count)), isLast: isLast, presses: presses,
          from: engine, message: message, report: &report)
      {
        engine = taken.engine
        report.pressesWith += taken.cost
        report.wordsTaken += 1
      } else {
        for press in presses { apply(press, to: &engine) }
        report.pressesWith += presses.count
      }
    }
    let typed = engine.text
    guard typed == message || typed == message + " " else {
      throw .replayMismatch(message: message, typed: typed)
    }
    return report
  }

  /// Measures every message and sums the reports.
  public func measure(_ messages: [String]) throws(SavingsError) -> SavingsReport {
    var total = SavingsReport()
    for message in messages { total.add(try measure(message)) }
    return total
  }

  /// Types `presses` one at a time on a copy of `engine`; at the first press after which the bar
  /// offers `core`, takes it and finishes the token.
  ///
  /// The bar is asked after every press, whatever the word looks like by then, as the pad asks
  /// it. `nil` if the bar never offers the word before the token and its space are typed.
  private func takeSuggestion(
    _ core: String, rest: String, isLast: Bool, presses: [Speller.Press],
    from engine: Typist<TextBuffer>,
    message: String, report: inout SavingsReport
  ) throws(SavingsError) -> (engine: Typist<TextBuffer>, cost: Int)? {
    var probe = engine
    for count in 0...presses.count {
      if count > 0 { apply(presses[count - 1], to: &probe) }
      let text = probe.text
      let typed = trailingWord(of: text)
      let offered: Bool
      if typed.isEmpty {
        // Before the first press, after a space: the pad shows the likely next words.
        let previous = count == 0 ? wordBeforeSpace(in: text) : nil
        offered =
          previous.map {
            index.predictions(after: $0, limit: limit, user: user).contains { $0.word == core }
          } ?? false
        if previous != nil {
          report.wordsAfterWord += 1
          if offered { report.wordsPredicted += 1 }
        }
      } else {
        offered = index.suggestions(
          for: String(typed), cyclingLastKey: probe.cyclingConsonants, limit: limit, user: user,
          after: wordBeforeSpace(in: text.dropLast(typed.count))
        ).contains { $0.word == core }
      }
      guard offered else { continue }
      _ = probe.replaceTrailingCharacters(typed.count, with: core + " ")
      var cost = count + 1  // the presses so far, and the one that takes the word
      if !rest.isEmpty {
        if let backspace = probe.layout.keys.firstIndex(where: { $0.action == .backspace }) {
          _ = probe.tap(backspace)
          cost += 1
        }
        let restPresses = try spell(isLast ? rest : rest + " ", from: probe, message: message)
        for restPress in restPresses { apply(restPress, to: &probe) }
        cost += restPresses.count
      }
      return (probe, cost)
    }
    return nil
  }

  private func spell(
    _ text: String, from engine: Typist<TextBuffer>, message: String
  ) throws(SavingsError) -> [Speller.Press] {
    do {
      return try spellers[engine.layoutIndex].spell(text)
    } catch {
      throw .cannotSpell(message: message, error)
    }
  }

  private func apply(_ press: Speller.Press, to engine: inout Typist<TextBuffer>) {
    _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
  }
}

private func isHangulSyllable(_ character: Character) -> Bool {
  let scalars = character.unicodeScalars
  guard scalars.count == 1, let scalar = scalars.first else { return false }
  return isHangulSyllable(scalar)
}
