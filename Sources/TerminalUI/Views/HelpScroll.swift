import TerminalInput

extension HelpSection {
  /// The help screen's scroll after a key, on the pad, in practice and over `cheonjiin run`:
  /// ↓ ↑ move a line, PgDn PgUp and Space ten; any other key closes the help (nil).
  package static func scroll(_ scroll: Int, after key: TerminalKeyEvent) -> Int? {
    switch key.key {
    case .down: scroll + 1
    case .pageDown, .character(" "): scroll + 10
    case .up: max(0, scroll - 1)
    case .pageUp: max(0, scroll - 10)
    case .character, .enter, .tab, .backspace, .escape, .left, .right, .home, .end, .insert,
      .delete, .function, .numpad, .otherFunctional:
      nil
    }
  }
}
