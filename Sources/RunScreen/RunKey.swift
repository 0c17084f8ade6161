/// What the dock of `cheonjiin run` shows at the bottom of the window.
public enum RunDockMode: String, Sendable, CaseIterable {
  /// The pad (compact keys) and the status line.
  case full
  /// The status line only: the layout, what is open, the keys.
  case compact
  /// Nothing: the child has the whole window.
  case hidden
}

/// The keys of `cheonjiin run` itself, declared once; their keys come from the keymap (its
/// `run` section, F1 F9 F12 and Ctrl-] by default), and the dispatch, the status line and the
/// help screen all read this table.
package enum RunKey: CaseIterable {
  /// The help screen over the program.
  case help
  /// 한/영: whether plain digits type on the pad or go to the program.
  case digits
  /// Full dock, one line, nothing.
  case dock
  /// The next key goes to the program as it is, whatever it means here (htop's F1 and F9).
  case passNext

  /// The action's name in keymap files.
  package var action: String {
    switch self {
    case .help: "help"
    case .digits: "digits"
    case .dock: "dock"
    case .passNext: "passNext"
    }
  }
}
