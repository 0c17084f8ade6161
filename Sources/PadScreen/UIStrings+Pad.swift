import TerminalUI
import Typing

// MARK: - The pad: keymap switches, kept text

extension UIStrings {
  /// Shown on the pad after F2 until the next key.
  public func keymapSwitched(to keymap: String, back previous: String) -> String {
    pick(
      "키맵이 바뀌었어요: ‘\(keymap)’ · 되돌리려면 F2 (‘\(previous)’)",
      "Keymap switched to ‘\(keymap)’ · F2 again goes back to ‘\(previous)’")
  }

  /// The title of the notice shown when the finished text's destination cannot be confirmed.
  public func keptTitle(_ why: UnconfirmedDelivery) -> String {
    switch why {
    case .clipboard:
      pick("클립보드에 복사해 달라고 터미널에 보냈어요", "Sent to the clipboard, if the terminal allows it")
    case .closingWindow:
      pick("이 창은 키패드와 함께 닫혀요", "This window closes with the keypad")
    }
  }

  /// Why the pad cannot know that the text arrived.
  public func keptExplanation(_ why: UnconfirmedDelivery) -> [String] {
    switch why {
    case .clipboard:
      [
        pick(
          "터미널이 막으면 복사되지 않아요 (xterm은 기본으로 막아요).",
          "The terminal may refuse it (xterm does by default).")
      ]
    case .closingWindow:
      [pick("창에 출력하는 글은 창과 함께 사라져요.", "Text printed in it goes away with it.")]
    }
  }

  public var keptClose: String { pick("아무 키나 누르면 닫아요", "Press any key to close") }
}
