import TerminalInput

extension HelpSection {
  /// The help screen's scroll after a key, on the pad, in practice and over `cheonjiin run`:
  /// ↓ ↑ move a line, PgDn PgUp and Space ten; any other key closes the help (nil).
  ///
  /// The keypad scrolls too, as its arrows are placed: 2 and 8 a line, 3 and 9 a page (with
  /// Num Lock on xterm sends them as the digits, which the help does not type).
  package static func scroll(_ scroll: Int, after key: TerminalKeyEvent) -> Int? {
    switch key.key {
    case .down, .numpad(.digit(2)), .numpad(.down), .character("2"): scroll + 1
    case .pageDown, .numpad(.digit(3)), .numpad(.pageDown), .character("3"), .character(" "):
      scroll + 10
    case .up, .numpad(.digit(8)), .numpad(.up), .character("8"): max(0, scroll - 1)
    case .pageUp, .numpad(.digit(9)), .numpad(.pageUp), .character("9"): max(0, scroll - 10)
    case .character, .enter, .tab, .backspace, .escape, .left, .right, .home, .end, .insert,
      .delete, .function, .numpad, .otherFunctional:
      nil
    }
  }
}
