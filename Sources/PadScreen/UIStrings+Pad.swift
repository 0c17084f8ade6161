import TerminalUI

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
}
