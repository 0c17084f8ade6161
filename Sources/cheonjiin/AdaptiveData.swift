import Foundation
import HangulEngine
import Practice
import Storage

/// What `practice` and `stats` both need for the adaptive round: the vocabulary, and where
/// the learner stands.
enum AdaptiveData {
  /// The text of `practice-messages-ko.txt` from the shipped lexicon, if found.
  static func messages(environment: [String: String]) -> String? {
    SuggestionSetup.lexiconDirectory(environment: environment).flatMap {
      // A missing or unreadable file leaves the built-in messages: practice goes on.
      try? String(contentsOfFile: $0 + "/practice-messages-ko.txt", encoding: .utf8)
    }
  }

  /// The reviewed practice list (`practice-words-ko.txt`), its jamo weighed by the word lists,
  /// or the built-in lessons' words and messages when the list cannot be found.
  static func vocabulary(lessons: [Lesson], environment: [String: String]) -> AdaptiveVocabulary {
    if let directory = SuggestionSetup.lexiconDirectory(environment: environment),
      let text = try? String(contentsOfFile: directory + "/practice-words-ko.txt", encoding: .utf8)
    {
      let items = AdaptiveVocabulary.parseList(text)
      if !items.isEmpty {
        let lists = SuggestionSetup.wordLists(in: directory)
        return AdaptiveVocabulary(
          practiceWords: items, corpus: lists.corpus, everyday: lists.everyday,
          blocked: blockedWords(in: directory))
      }
    }
    let words = lessons.filter { [.words, .messages, .finals].contains($0.stage) }
    return AdaptiveVocabulary(texts: words.flatMap { $0.items.map(\.target) })
  }

  /// `practice-blocked-ko.txt` in the lexicon directory; no rules when it cannot be read.
  static func blockedWords(in directory: String) -> BlockedWords {
    BlockedWords(
      parsing: (try? String(contentsOfFile: directory + "/practice-blocked-ko.txt", encoding: .utf8))
        ?? "")
  }

  /// What the store knows of the adaptive round on a layout.
  struct History {
    var unlocked: [String]
    var observations: [SpeedUnit: UnitObservations]
    /// The saved target in 글자/분, if any.
    var target: Double?
  }

  /// The unlocked jamo, every unit's observations and the saved target, read from the store.
  static func history(_ store: ProgressStore, layoutID: String) throws(StorageError) -> History {
    History(
      unlocked: try store.unlockedJamo(layoutID: layoutID),
      observations: try store.speedObservations(),
      target: try store.adaptiveTarget(layoutID: layoutID)?.syllablesPerMinute)
  }

  /// The settings the next round is planned with: the target asked for (`--target`), held as
  /// asked for this plan; else the saved one, else the gentle default until the learner's
  /// pace sets one.
  static func settings(saved: Double?, asked: Int?, roundLength: Int = 10) -> AdaptiveSettings {
    var settings = AdaptiveSettings(roundLength: roundLength)
    if let speed = asked.map(Double.init) ?? saved {
      settings.target = SpeedTarget(syllablesPerMinute: speed)
      settings.isTargetKnown = true
    }
    if asked != nil { settings.targetStep = 0 }
    return settings
  }

  /// Where the learner stands as the next round will find it: the one standing `stats`,
  /// `stats --json`, `practice --plan` and the summary of a round all report.
  static func standing(
    _ planner: inout AdaptivePlanner, history: History, layoutID: String
  ) -> AdaptiveStanding {
    planner.standing(
      unlocked: history.unlocked, observations: history.observations.jamo(layoutID: layoutID),
      unlocking: true)
  }
}
