/// The language of the interface: Korean when the locale is Korean, English otherwise.
public enum UILanguage: Sendable, Hashable {
  case korean
  case english

  /// Decides from the environment the way `setlocale` would: `LC_ALL`, then `LC_MESSAGES`,
  /// then `LANG`; a value starting with `ko` means Korean.
  public static func from(environment: [String: String]) -> UILanguage {
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      return value.hasPrefix("ko") ? .korean : .english
    }
    return .english
  }
}

/// Every piece of interface text, in one place per language.
public struct UIStrings: Sendable {
  public let language: UILanguage

  public init(_ language: UILanguage) {
    self.language = language
  }

  func pick(_ korean: String, _ english: String) -> String {
    switch language {
    case .korean: korean
    case .english: english
    }
  }

  public var helpKey: String { pick("F1 도움말", "F1 help") }
  public var holdLabel: String { pick("길게", "hold") }
  public var tooSmallTitle: String { pick("창이 너무 작아요", "Window too small") }
  public func tooSmallNeeded(columns: Int, rows: Int) -> String {
    pick("최소 \(columns)×\(rows) 필요", "needs at least \(columns)×\(rows)")
  }
  public func tooSmallNow(columns: Int, rows: Int) -> String {
    pick("지금 \(columns)×\(rows)", "now \(columns)×\(rows)")
  }
  public var tooSmallKept: String { pick("쓴 글은 그대로 있어요", "Your text is kept") }
  public var helpTitle: String {
    pick("도움말 — ↑↓ 넘기기 · 다른 키는 돌아가기", "Help — ↑↓ to scroll · any other key to go back")
  }
  public var helpMore: String { pick("↓ 더 있어요", "↓ more") }
  public var helpPadKeys: String { pick("키패드 (지금 키맵)", "Keypad (current keymap)") }
  public var helpOtherKeys: String { pick("다른 키", "Other keys") }
  public var helpMouse: String { pick("마우스: 키를 누르세요. 길게 누르면 숫자", "Mouse: click a key; hold it for its digit") }
  public var draftTitle: String { pick("지난번에 쓰던 글이 있어요", "You have unfinished text from last time") }
  public var draftQuestion: String {
    pick("이어서 쓸까요?  Enter 예 · Esc 아니오", "Continue with it?  Enter yes · Esc no")
  }
  public var keymapNames: (numpad: String, phone: String) { (pick("숫자패드", "numpad"), pick("전화", "phone")) }
  public var unusedKey: String { pick("이 키는 쓰지 않아요 · F1 도움말", "That key does nothing here · F1 help") }
  public var notUTF8: String {
    pick("UTF-8이 아닌 글자는 넣지 않았어요", "Ignored bytes that are not UTF-8")
  }
  public var cancelled: String { pick("취소했어요. 쓴 글은 임시 저장했어요", "Cancelled; your text was saved as a draft") }
  /// Why the keypad cannot start, and what to do.
  public func startError(_ error: TerminalStartError) -> String {
    switch error {
    case .notUTF8(let codeset):
      pick(
        "한글을 보이려면 UTF-8 로케일이 필요해요 (지금 문자 집합: \(codeset)). "
          + "export LANG=ko_KR.UTF-8 (없으면 C.UTF-8) 를 실행하고 다시 시작하세요.",
        "a UTF-8 locale is needed to show Hangul (the current character set is \(codeset)). "
          + "Run:  export LANG=C.UTF-8  (or ko_KR.UTF-8 if it is installed) and start it again.")
    case .dumbTerminal(let term):
      pick(
        "화면을 그릴 수 있는 터미널이 필요한데 TERM이 \(term.map { "\"\($0)\"" } ?? "비어 있어요"). "
          + "터미널 에뮬레이터에서 실행하거나, 스크립트에서는 cheonjiin keys 와 cheonjiin spell 을 쓰세요.",
        "a terminal that can draw is needed, but TERM is \(term.map { "\"\($0)\"" } ?? "not set"). "
          + "Start it in a terminal emulator, or use `cheonjiin keys` and `cheonjiin spell` in scripts.")
    case .noTerminal:
      pick(
        "키패드는 /dev/tty에 그리는데 이 프로세스에는 터미널이 없어요. 터미널에서 실행하거나, "
          + "스크립트에서는 cheonjiin keys 와 cheonjiin spell 을 쓰세요.",
        "the keypad draws on /dev/tty, and this process has no terminal. Run it from a terminal, or "
          + "use `cheonjiin keys` and `cheonjiin spell` in scripts.")
    case .unknownTerminal(let term):
      pick(
        "ncurses가 터미널 종류 \"\(term)\"를 몰라요. TERM=xterm-256color cheonjiin 으로 해 보세요.",
        "ncurses does not know the terminal type \"\(term)\". Try  TERM=xterm-256color cheonjiin.")
    }
  }
  public var suspendedHint: String { pick("cheonjiin 일시 정지: fg 로 돌아와요", "cheonjiin suspended: type fg to return") }
}
