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

  private func pick(_ korean: String, _ english: String) -> String {
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
  public var cancelled: String { pick("취소했어요. 쓴 글은 임시 저장했어요", "Cancelled; your text was saved as a draft") }
  public var suspendedHint: String { pick("cheonjiin 일시 정지: fg 로 돌아와요", "cheonjiin suspended: type fg to return") }
}
