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

  /// The shipped lists with the messages as phrases, or the built-in lessons' words and
  /// messages when the lists cannot be found.
  static func vocabulary(lessons: [Lesson], environment: [String: String]) -> AdaptiveVocabulary {
    let phrases = lessons.filter { $0.stage == .messages }.flatMap { $0.items.map(\.target) }
    if let directory = SuggestionSetup.lexiconDirectory(environment: environment) {
      let lists = SuggestionSetup.wordLists(in: directory)
      if !lists.corpus.isEmpty || !lists.everyday.isEmpty {
        return AdaptiveVocabulary(corpus: lists.corpus, everyday: lists.everyday, messages: phrases)
      }
    }
    let words = lessons.filter { [.words, .messages, .finals].contains($0.stage) }
    return AdaptiveVocabulary(texts: words.flatMap { $0.items.map(\.target) })
  }

  /// The unlocked jamo and every unit's observations on the layout, read from the store.
  static func history(
    _ store: ProgressStore, layoutID: String
  ) throws(StorageError) -> (unlocked: [String], observations: [SpeedUnit: UnitObservations]) {
    (try store.unlockedJamo(layoutID: layoutID), try store.speedObservations())
  }
}
