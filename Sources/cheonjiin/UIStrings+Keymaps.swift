import Foundation
import TerminalUI

// MARK: - Keymaps skipped

extension UIStrings {
  /// Before the problems of keymap files that were skipped.
  public func keymapsSkipped(_ files: [String]) -> String {
    pick(
      "키맵 파일에 문제가 있어서 건너뛰었어요 (다른 키맵은 그대로 써요): \(files.joined(separator: ", "))",
      "skipped keymap files with problems (the other keymaps work): \(files.joined(separator: ", "))"
    )
  }

  /// The pad's message row at start when keymap files were skipped.
  public func keymapsSkippedNotice(_ files: [String]) -> String {
    let names = files.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
    return pick(
      "키맵 \(names) 에 문제가 있어 건너뛰었어요 · 자세한 내용은 끝낸 뒤 터미널에",
      "skipped the keymap \(names): it has problems, listed on the terminal when you finish")
  }
}
