import TerminalUI

// MARK: - A window too small for the pad

extension UIStrings {
  public var tooSmallTitle: String { pick("창이 너무 작아요", "Window too small") }
  public func tooSmallNeeded(columns: Int, rows: Int) -> String {
    pick("창을 \(columns)칸×\(rows)줄 이상으로", "needs at least \(columns)×\(rows)")
  }
  public func tooSmallNow(columns: Int, rows: Int) -> String {
    pick("지금 \(columns)×\(rows)", "now \(columns)×\(rows)")
  }
  public var tooSmallKept: String { pick("쓴 글은 그대로 있어요", "Your text is kept") }
}
