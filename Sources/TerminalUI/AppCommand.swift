import TerminalInput

/// A key that triggers an app command, as the help screen names it.
enum CommandKey: Hashable, Sendable {
  case key(TerminalKey)
  /// Ctrl plus a letter.
  case control(Unicode.Scalar)

  var label: String {
    switch self {
    case .key(let key):
      switch key {
      case .character(" "): "Space"
      case .character(let scalar): String(Character(scalar))
      case .enter: "Enter"
      case .tab: "Tab"
      case .backspace: "Backspace"
      case .escape: "Esc"
      case .up: "↑"
      case .down: "↓"
      case .left: "←"
      case .right: "→"
      case .function(let number): "F\(number)"
      case .home, .end, .pageUp, .pageDown, .insert, .delete, .numpad, .otherFunctional: "?"
      }
    case .control(let letter): "Ctrl-" + String(Character(letter)).uppercased()
    }
  }
}

/// Every non-typing action, declared once with its keys and help text; the key dispatch and
/// the help screen are both derived from this table (tig's REQ_INFO idea).
enum AppCommand: CaseIterable, Sendable {
  case focusUp, focusDown, focusLeft, focusRight
  case pressFocused
  case space, backspace, next
  case dismiss, cancel
  case help, switchKeymap, cycleTheme, toggleSize
  case suspend, redraw

  var keys: [CommandKey] {
    switch self {
    case .focusUp: [.key(.up)]
    case .focusDown: [.key(.down)]
    case .focusLeft: [.key(.left)]
    case .focusRight: [.key(.right)]
    case .pressFocused: [.key(.enter)]
    case .space: [.key(.character(" "))]
    case .backspace: [.key(.backspace)]
    case .next: [.key(.tab)]
    case .dismiss: [.key(.escape), .control("d")]
    case .cancel: [.control("c")]
    case .help: [.key(.function(1)), .key(.character("?"))]
    case .switchKeymap: [.key(.function(2))]
    case .cycleTheme: [.key(.function(3))]
    case .toggleSize: [.key(.function(4))]
    case .suspend: [.control("z")]
    case .redraw: [.control("l")]
    }
  }

  func help(_ strings: UIStrings) -> String {
    let korean = strings.language == .korean
    switch self {
    case .focusUp: return korean ? "위 키로 (화살표로 고르기)" : "focus the key above"
    case .focusDown: return korean ? "아래 키로" : "focus the key below"
    case .focusLeft: return korean ? "왼쪽 키로" : "focus the key to the left"
    case .focusRight: return korean ? "오른쪽 키로" : "focus the key to the right"
    case .pressFocused:
      return korean ? "고른 키 누르기 (없으면 ⏎)" : "press the focused key (else ⏎)"
    case .space: return korean ? "␣ (띄어쓰기 / 다음 글자)" : "␣ (space / next syllable)"
    case .backspace: return korean ? "⌫ 지우기 (길게: 계속 지우기)" : "⌫ delete (hold to keep deleting)"
    case .next: return korean ? "→ 다음 글자 (띄우지 않고 끝내기)" : "→ next syllable without a space"
    case .dismiss: return korean ? "끝내고 쓴 글 내보내기" : "finish and print the text"
    case .cancel: return korean ? "취소 (쓴 글은 임시 저장)" : "cancel (the text is kept as a draft)"
    case .help: return korean ? "이 도움말" : "this help"
    case .switchKeymap: return korean ? "키맵 바꾸기 (숫자패드 ↔ 전화)" : "switch keymap (numpad ↔ phone)"
    case .cycleTheme: return korean ? "색 바꾸기 (밝게 · 어둡게 · 고대비)" : "switch colours (light · dark · high contrast)"
    case .toggleSize: return korean ? "키 크기 바꾸기" : "switch key size"
    case .suspend: return korean ? "잠시 멈추기 (fg 로 돌아오기)" : "suspend (fg to return)"
    case .redraw: return korean ? "화면 다시 그리기" : "redraw the screen"
    }
  }

  /// The command bound to a key event, if any.
  static func matching(_ event: TerminalKeyEvent) -> AppCommand? {
    let mods = event.modifiers.subtracting(.shift)
    for command in allCases {
      for key in command.keys {
        switch key {
        case .key(let bound):
          if mods.isEmpty, bound == event.key { return command }
        case .control(let letter):
          if event.modifiers.contains(.control), event.key == .character(letter) { return command }
        }
      }
    }
    return nil
  }
}
