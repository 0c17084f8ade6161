import Drafts
import SystemIO
import SystemPackage
import TerminalUI
import Typing

/// What the pad's services report to it.
package enum PadEvent {
  /// The suggestion data finished loading in the background (after the first frame).
  case suggestionsLoaded(SuggestionData)
  /// Something the user should know that did not come from a key (a draft not saved, where
  /// the finished text was kept).
  case notice(String)
}

/// What the pad asks of its services.
package enum PadEffect: Hashable {
  /// Save the draft now (debounced by the pad).
  case saveDraft(String)
  /// The user declined the saved draft: move it to the drafts' history, out of the way.
  case setDraftAside
  /// The finished text has no destination that can confirm it: keep it with the drafts now,
  /// and tell the pad where (a ``PadEvent/notice(_:)``).
  case keepFinished(String)
  /// A word was committed or taken from the bar: remember it for suggestions.
  case learn(String)
  /// The document changed at its end: mirror it (`--tmux-target`) by deleting `erase`
  /// characters, then typing `insert`.
  case mirror(erase: Int, insert: String)
}

/// The pad's I/O: the draft file, the tmux mirror, the suggestion data and learned words.
final class PadServices: ScreenServices {
  package let draft: DraftStore?
  package let tmux: TmuxSender?
  private let suggestions: SuggestionSupply
  private let strings: UIStrings

  package init(
    draft: DraftStore?, tmux: TmuxSender?, suggestions: SuggestionSupply, strings: UIStrings
  ) {
    self.draft = draft
    self.tmux = tmux
    self.suggestions = suggestions
    self.strings = strings
  }

  package func start(wake: FileDescriptor) { suggestions.start(wake: wake) }

  package func woken() -> [PadEvent] {
    suggestions.take().map { [.suggestionsLoaded($0)] } ?? []
  }

  package func perform(_ effect: PadEffect) -> [PadEvent] {
    switch effect {
    case .saveDraft(let text):
      // Saving must never interrupt typing; a failure shows as a message once.
      guard let problem = draft?.save(text) else { return [] }
      return [.notice(strings.message(problem))]
    case .setDraftAside:
      // The pad said it went to the drafts; anywhere else is said here.
      guard let draft, let notice = strings.setAside(draft.setAside(), history: draft.history)
      else { return [] }
      return [.notice(notice)]
    case .keepFinished(let text):
      let note = draft.map { strings.keptNote($0.history.add(text, kind: .unconfirmed)) }
      return [.notice(note ?? "")]
    case .learn(let word):
      suggestions.learn(word)
      return []
    case .mirror(let erase, let insert):
      tmux?.delete(erase)
      if !insert.isEmpty { tmux?.send(insert) }
      return []
    }
  }
}
