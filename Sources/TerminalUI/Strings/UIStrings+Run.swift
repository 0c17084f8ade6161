extension UIStrings {
  /// `cheonjiin run`: the status line while the view is scrolled back.
  public func runScrolledBack(lines: Int) -> String {
    pick(
      "↑ \(lines)줄 위 · 키를 누르면 아래로",
      "↑ \(lines) lines up · a key goes back")
  }

  /// `cheonjiin run`: a drag over a program that does not take the mouse, while the terminal
  /// reports it for the dock.
  public var runSelectWithShift: String {
    pick("Shift 누른 채 끌면 글자 선택", "Hold Shift and drag to select")
  }

  /// `cheonjiin run`: the help lines on scrolling back and selecting.
  package var runScrollHelp: [HelpSection.Line] {
    [
      HelpSection.Line(
        keys: pick("Shift+PgUp·PgDn, 휠", "Shift+PgUp/PgDn, wheel"),
        action: pick("지나간 출력 보기 (아무 키나 누르면 돌아옴)", "see earlier output (any key goes back)")),
      HelpSection.Line(
        keys: pick("Shift+끌기", "Shift+drag"),
        action: pick("글자 고르기·복사 (터미널의 선택)", "select and copy text (the terminal's selection)")),
    ]
  }
}
