import TerminalUI
import Typing

// MARK: - The pad's own words

extension UIStrings {
  public var draftTitle: String {
    pick("지난번에 쓰던 글이 있어요", "You have unfinished text from last time")
  }
  public var draftQuestion: String {
    pick("이어서 쓸까요?  Enter 예 · Esc 아니오", "Continue with it?  Enter yes · Esc no")
  }
  public var notUTF8: String {
    pick("UTF-8이 아닌 글자는 넣지 않았어요", "Ignored bytes that are not UTF-8")
  }
  public var cancelled: String {
    pick("취소했어요. 쓴 글은 임시 저장했어요", "Cancelled; your text was saved as a draft")
  }
  /// The status line's hold time when the terminal's key repeat makes holds longer than asked.
  ///
  /// "길게 누르기: 0.66초 이상" at X's default repeat (660 ms). Rounded down to a hundredth of a
  /// second: a press that long is seen at the repeat, so the figure is never more than a press
  /// needs.
  public func longHoldStatus(_ milliseconds: UInt64) -> String {
    let hundredths = milliseconds / 10
    var fraction = hundredths % 100 < 10 ? "0\(hundredths % 100)" : "\(hundredths % 100)"
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let seconds = fraction.isEmpty ? "\(hundredths / 100)" : "\(hundredths / 100).\(fraction)"
    return pick("길게 누르기: \(seconds)초 이상", "hold: \(seconds) s or longer")
  }
  /// On the status line when large keys do not fit the window.
  public func largeNeeds(columns: Int, rows: Int) -> String {
    pick("큰 키는 창이 \(columns)칸×\(rows)줄 이상일 때", "large keys need \(columns)×\(rows)")
  }

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
