import HangulEngine
import LayoutLoading
import TerminalInput
import TerminalUI

// MARK: - The words the typing screens share

// The pad, practice, the demo and run all stand on Typing, so the words more than one of them
// shows live here, beside the help this target draws; the runtime (TerminalUI) knows none of them.

extension UIStrings {
  /// The layouts with the dismiss key's shipped label, 닫기, in the interface language.
  ///
  /// It names an action of this program, not text the pad types. A label of your own stays.
  public func withInterfaceLabels(_ layouts: [Layout]) -> [Layout] {
    guard language == .english else { return layouts }
    return layouts.map { layout in
      var layout = layout
      for index in layout.keys.indices
      where layout.keys[index].action == .dismiss && layout.keys[index].label == "닫기" {
        layout.keys[index].label = "Done"
      }
      return layout
    }
  }

  public var helpKey: String { pick("F1 도움말", "F1 help") }
  private var holdLabel: String { pick("길게", "hold") }
  public var helpTitle: String {
    pick(
      "도움말 — ↑↓ 또는 키패드 8 2 넘기기 · 다른 키는 돌아가기",
      "Help — ↑↓ or keypad 8 2 to scroll · any other key to go back")
  }
  public var helpMore: String { pick("↓ 더 있어요", "↓ more") }
  public var helpPadKeys: String { pick("키패드 (지금 키맵)", "Keypad (current keymap)") }
  public var helpOtherKeys: String { pick("다른 키", "Other keys") }
  public var helpMouse: String {
    pick("마우스: 키를 누르세요. 길게 누르면 숫자", "Mouse: click a key; hold it for its digit")
  }
  private var unusedKey: String {
    pick("이 키는 쓰지 않아요 · F1 도움말", "That key does nothing here · F1 help")
  }

  /// What the message row says for a key that types nothing here, and for how long.
  ///
  /// A keypad with Num Lock off sends its 5 as Begin, which no other key sends: then the pad
  /// says to turn Num Lock on, at length. Its other keys come as Home, End, PgUp, PgDn,
  /// Insert, Delete and the arrows, as the editing keys do: those keys name Num Lock too.
  public func unusedKeyMessage(for key: TerminalKey) -> (text: String, milliseconds: UInt64) {
    switch key {
    case .numpad:
      return (
        pick(
          "Num Lock이 꺼져 있어요. 키패드의 Num Lock 키를 눌러 불을 켜 주세요",
          "Num Lock is off: press the keypad's Num Lock key (its light comes on)"), 6000
      )
    case .home, .end, .pageUp, .pageDown, .insert, .delete:
      return (
        pick(
          "이 키는 쓰지 않아요 · 키패드라면 Num Lock을 켜 주세요",
          "That key does nothing here · on the keypad? Turn Num Lock on"), 3000
      )
    case .character, .enter, .tab, .backspace, .escape, .up, .down, .left, .right, .function,
      .otherFunctional:
      return (unusedKey, 2000)
    }
  }
  /// A keymap's name in the interface language.
  public func name(of keymap: Keymap) -> String {
    pick(keymap.name, keymap.englishName)
  }
  /// A held key, as the demo names it.
  public func demoHold(_ label: String) -> String { pick("\(label) 길게", "hold \(label)") }
  /// A layout's name in the interface language (its Korean name when it has no English one).
  public func name(of layout: Layout) -> String {
    pick(layout.name, layout.englishName ?? layout.name)
  }
  /// The status line's hold delay: "길게 500ms".
  public func holdStatus(_ milliseconds: UInt64) -> String {
    // In seconds, as people say it: 0.5초, 1초, 0.75초.
    let whole = milliseconds / 1000
    var fraction = String(milliseconds % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let seconds = fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
    return pick("\(holdLabel) \(seconds)초", "\(holdLabel) \(seconds) s")
  }

  /// A physical key as the help lists it: `숫자패드 7`, `keypad Enter`, `7`.
  public func keyName(_ key: PhysicalKey) -> String {
    guard case .keypad = key else { return key.description }
    let name = key.padHint.isEmpty ? String(key.description.dropFirst(2)) : key.padHint
    return pick("숫자패드 \(name)", "keypad \(name)")
  }
  /// A suggestion's key on the bar: holding it takes the word.
  public func suggestionKey(_ label: String) -> String { pick("\(label)길게", "hold \(label)") }
  /// The help line for the suggestion keys.
  public func helpSuggestions(count: Int) -> String {
    let slots = (1...max(1, count)).map(String.init).joined(separator: "·")
    return pick("길게 누르면 추천 낱말 \(slots)번을 넣어요", "hold: take suggestion \(slots)")
  }
  /// The help line for the hyphen, reached on the !#1 pad.
  public var helpHyphen: String {
    pick(
      "- 하이픈 (!#1 자판의 -_/, 다시 누르면 _ / ~ + =)", "- hyphen (the !#1 pad's -_/; again: _ / ~ + =)")
  }
  /// What holding a key types, in the help list.
  public func holdTypes(_ text: String) -> String {
    pick("(길게: \(text))", "(hold: \(text))")
  }

  /// What a command does, for the help screen.
  package func help(_ command: AppCommand) -> String {
    switch command {
    case .focusUp: pick("위 키로 (화살표로 고르기)", "focus the key above")
    case .focusDown: pick("아래 키로", "focus the key below")
    case .focusLeft: pick("왼쪽 키로", "focus the key to the left")
    case .focusRight: pick("오른쪽 키로", "focus the key to the right")
    case .pressFocused: pick("고른 키 누르기 (없으면 ⏎)", "press the focused key (else ⏎)")
    case .space: pick("␣ (띄어쓰기 / 다음 글자)", "␣ (space / next syllable)")
    case .backspace: pick("⌫ 지우기 (길게: 계속 지우기)", "⌫ delete (hold to keep deleting)")
    case .next: pick("→ 다음 글자로 (띄우지 않고 글자 마치기)", "→ next syllable without a space")
    case .dismiss: pick("끝내고 쓴 글 내보내기", "finish and print the text")
    case .cancel: pick("취소 (쓴 글은 임시 저장)", "cancel (the text is kept as a draft)")
    case .help: pick("이 도움말", "this help")
    case .switchKeymap: pick("키맵 바꾸기 (숫자패드 ↔ 전화)", "switch keymap (numpad ↔ phone)")
    case .cycleTheme:
      pick("색 바꾸기 (밝게 · 어둡게 · 고대비)", "switch colours (light · dark · high contrast)")
    case .toggleSize: pick("키 크기 바꾸기", "switch key size")
    case .suspend: pick("잠시 멈추기 (fg를 입력하면 돌아와요)", "suspend (type fg to return)")
    case .redraw: pick("화면 다시 그리기", "redraw the screen")
    }
  }
}
