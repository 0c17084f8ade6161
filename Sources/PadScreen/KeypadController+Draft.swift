import Drafts
import HangulEngine
import LayoutLoading
import Suggestions
import TerminalInput
import TerminalUI
import Typing

/// The offered draft and the kept text: answering the offer, and ending with text nothing can
/// confirm; the draft saved before Ctrl-Z stops the process.
extension KeypadController {
  /// Ctrl-Z: the process may never come back, so the draft is saved first.
  package func beforeSuspend() -> [Effect] { [.own(.saveDraft(keptDraft))] }

  /// Esc declines the offered draft; Ctrl-C and Ctrl-D leave without deciding.
  mutating func answerDraft(
    _ command: AppCommand, key: TerminalKeyEvent, at time: Instant
  ) -> [Effect] {
    switch command {
    case .dismiss where key.key == .escape:
      return declineDraft(at: time)
    case .cancel, .dismiss:
      return [.cancel]  // the draft stays as it is
    case .suspend: return [.suspend]
    case .redraw: return [.repaint]
    case .focusUp, .focusDown, .focusLeft, .focusRight, .pressFocused, .space, .backspace, .next,
      .help, .switchKeymap, .cycleTheme, .toggleSize:
      return []
    }
  }

  /// Esc (or n) at the offer: the draft goes to the drafts' history, never away; the run
  /// loop says so if it could not move.
  mutating func declineDraft(at time: Instant) -> [Effect] {
    mode = .typing
    message = (strings.draftSetAside, time + .milliseconds(5000))
    return [.own(.setDraftAside)]
  }

  /// Ends the run with the text; first keeps it with the drafts and says where when nothing
  /// can confirm its destination.
  mutating func finish(_ effects: [Effect]) -> [Effect] {
    let text = keypad.text
    guard let why = settings.unconfirmedDelivery, !text.isEmpty else {
      return effects + [.finish(text)]
    }
    mode = .kept(text, why: why, note: [])
    return effects + [.own(.keepFinished(text))]
  }

  /// The kept-text notice: the run loop's note says where it went; then any key closes.
  mutating func handleKept(_ event: InputEvent, text: String, why: UnconfirmedDelivery)
    -> [Effect]
  {
    switch event {
    case .key(let key) where key.kind == .press:
      return [.finish(text)]
    case .mouse(let mouse) where mouse.action == .press:
      return [.finish(text)]
    case .pad(.tap), .command:
      return [.finish(text)]
    case .pad, .key, .mouse, .paste, .resized:
      return []
    }
  }
}
