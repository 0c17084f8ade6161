import PadViews
import TerminalUI

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
  var runScrollHelp: [HelpSection.Line] {
    [
      HelpSection.Line(
        keys: pick("Shift+PgUp·PgDn, 휠", "Shift+PgUp/PgDn, wheel"),
        action: pick("지나간 출력 보기 (아무 키나 누르면 돌아옴)", "see earlier output (any key goes back)")),
      HelpSection.Line(
        keys: pick("Shift+끌기", "Shift+drag"),
        action: pick("글자 고르기·복사 (터미널의 선택)", "select and copy text (the terminal's selection)")),
    ]
  }

  /// `cheonjiin run`: the status line's right end, what plain digits do now (`key` switches).
  public func runDigitsStatus(typeOnPad: Bool, key: String) -> String {
    typeOnPad
      ? pick("\(key) 숫자키→한글", "\(key) digits→Korean")
      : pick("\(key) 숫자키→숫자", "\(key) digits→digits")
  }
  /// `cheonjiin run`: where help is, on the status line.
  public func runHelpKey(_ key: String) -> String { pick("\(key) 도움말", "\(key) help") }
  /// `cheonjiin run`: the help screen's title.
  public var runHelpTitle: String {
    pick(
      "cheonjiin run 도움말 — ↓ 더 보기, 다른 키는 닫기",
      "cheonjiin run help — ↓ for more, any other key closes")
  }
  /// `cheonjiin run`: the help section of its own keys.
  public var runKeysTitle: String { pick("cheonjiin run 의 키", "Keys of cheonjiin run") }
  /// `cheonjiin run`: what a key of `run` itself does, for the help screen.
  func runHelp(_ key: RunKey) -> String {
    switch key {
    case .help: pick("이 도움말", "this help")
    case .digits:
      pick(
        "한/영: 숫자키로 한글을 칠지, 숫자를 칠지 바꿔요",
        "Korean/digits: the digit keys type Korean, or digits for the program")
    case .dock:
      pick("아래 패드: 전체 → 한 줄 → 숨김", "the dock: full → one line → hidden")
    case .passNext:
      pick(
        "다음 키 하나를 그대로 프로그램에 보내요 (F1, F9도). 전체 화면 프로그램(htop, mc, vim)에서는 F키가 프로그램 것이고, 이 키 다음 F키가 cheonjiin 것이에요",
        "the next key goes to the program as it is (F1, F9 too). In a full-screen program (htop, mc, vim) the F keys are the program's, and this key then an F key is cheonjiin's"
      )
    }
  }
  /// `cheonjiin run`: the help line's name for every other key.
  public var runOtherKeysName: String { pick("다른 키", "other keys") }
  /// `cheonjiin run`: what every other key does.
  public var runOtherKeysHelp: String {
    pick(
      "프로그램으로 가요 (치던 글자 먼저)", "go to the program (after the open syllables)")
  }
  /// `cheonjiin run`: syllables still open when the child program ended.
  public func runLeftOpen(_ text: String) -> String {
    pick("프로그램이 끝날 때 치던 글자: \(text)", "still being typed when the program ended: \(text)")
  }
}
