import HangulEngine
import LayoutLoading
import Practice
import TerminalInput

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

  /// The text in the interface language.
  public func pick(_ korean: String, _ english: String) -> String {
    switch language {
    case .korean: korean
    case .english: english
    }
  }

  public var helpKey: String { pick("F1 도움말", "F1 help") }
  public var holdLabel: String { pick("길게", "hold") }
  /// The thread that times holds and flashes could not start.
  public func timerThreadFailed(_ reason: String) -> String {
    pick("길게 누르기 타이머를 시작할 수 없어요: \(reason)", "cannot start the timer thread: \(reason)")
  }
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
  public var draftTitle: String {
    pick("지난번에 쓰던 글이 있어요", "You have unfinished text from last time")
  }
  public var draftQuestion: String {
    pick("이어서 쓸까요?  Enter 예 · Esc 아니오", "Continue with it?  Enter yes · Esc no")
  }
  public var keymapNames: (numpad: String, phone: String) {
    (pick("숫자패드", "numpad"), pick("전화", "phone"))
  }
  public var unusedKey: String {
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
  public var notUTF8: String {
    pick("UTF-8이 아닌 글자는 넣지 않았어요", "Ignored bytes that are not UTF-8")
  }
  public var cancelled: String {
    pick("취소했어요. 쓴 글은 임시 저장했어요", "Cancelled; your text was saved as a draft")
  }
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
          + "Start it in a terminal emulator, or use `cheonjiin keys` and `cheonjiin spell` in scripts."
      )
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

  /// The status line's hold time when the terminal's key repeat makes holds longer than asked.
  ///
  /// "길게 누르기: 0.66초 이상" at X's default repeat (660 ms). Rounded down to a hundredth of a
  /// second: a press that long is seen at the repeat, so the figure is never more than a press
  /// needs.
  public func longHoldStatus(_ milliseconds: UInt64) -> String {
    let hundredths = milliseconds / 10
    var fraction = hundredths % 100 < 10 ? "0\(hundredths % 100)" : "\(hundredths % 100)"
    while fraction.hasSuffix("0") { fraction.removeLast() }
    let seconds = fraction.isEmpty ? "\(hundredths / 100)" : "\(hundredths / 100).\(fraction)"
    return pick("길게 누르기: \(seconds)초 이상", "hold: \(seconds) s or longer")
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

  // MARK: - Practice

  /// The menu entry that goes on with the last lesson.
  public func continueLesson(_ title: String) -> String {
    pick("이어서 하기: \(title)", "Continue: \(title)")
  }
  public var practiceTitle: String { pick(" 천지인 연습", " Cheon-Ji-In practice") }
  public var practiceMenuHint: String {
    pick(
      " 번호나 ↑↓로 고르고 Enter · 숫자 범위는 ←→ · Esc 그만하기",
      " Choose with a number or ↑↓, then Enter · ←→ number range · Esc to quit")
  }
  /// Beside a number lesson in the menu whose range was not chosen there: ← → choose one.
  public var numberRangeKeys: String { pick("범위", "range") }
  public var summaryKeysHint: String {
    pick(
      "  Enter 한 번 더 · 다른 키 목록으로 · Esc 그만하기", "  Enter again · any other key: the list · Esc: quit")
  }
  /// Said when an item is done.
  public func itemPraise(_ isPerfect: Bool) -> String {
    isPerfect ? pick("✓ 잘했어요!", "✓ Well done!") : pick("다음 글로 가요", "On to the next one")
  }
  /// The cue for the next key.
  public func nextKeyCue(_ label: String, isHold: Bool) -> String {
    isHold
      ? pick("다음: \(label) 키를 길게 누르세요", "Next: hold the \(label) key")
      : pick("다음: \(label)", "Next: \(label)")
  }
  public var correctionCue: String { pick("틀렸어요. ⌫로 지워 보세요", "Not quite: delete with ⌫") }
  /// On the status line when large keys do not fit the window.
  public func largeNeeds(columns: Int, rows: Int) -> String {
    pick("큰 키는 창이 \(columns)칸×\(rows)줄 이상일 때", "large keys need \(columns)×\(rows)")
  }
  /// After a wrong item is handed in: the keys that type it.
  public func rightKeys(_ keys: String) -> String {
    pick("이렇게 쳐요: \(keys)", "Typed like this: \(keys)")
  }
  /// The correction cue, saying why when the layout tells: then ⌫.
  public func correction(_ mistake: Mistake) -> String {
    switch mistake {
    case .pressMoreTimes(let letter, let label, let presses):
      let times = [1: "한", 2: "두", 3: "세", 4: "네"][presses] ?? "\(presses)"
      return pick(
        "\(letter)은 \(label) 키를 \(times) 번 눌러요. ⌫로 지우고 다시 해 봐요",
        "\(letter) is the \(label) key pressed \(presses) times. Delete with ⌫ and try again")
    case .separateSyllables(let consonant):
      return pick(
        "다음 글자가 \(consonant)\(consonant == "ㄹ" ? "로" : "으로") 시작하면 ␣로 끊어요. ⌫로 지워 보세요",
        "When the next syllable starts with \(consonant), end this one with ␣. Delete with ⌫")
    case .holdForDigit(let digit, let label?):
      return pick(
        "숫자 \(digit): \(label) 키를 길게 눌러요. ⌫로 지워 보세요",
        "For the digit \(digit), hold the \(label) key. Delete with ⌫")
    case .holdForDigit(let digit, nil):
      return pick(
        "숫자 \(digit)\("2459".contains(digit) ? "는" : "은") 키를 길게 눌러요. ⌫로 지워 보세요",
        "For the digit \(digit), hold its key. Delete with ⌫")
    case .heldTooLong(let digit, let label):
      return pick(
        "\(label) 키를 오래 눌러 숫자 \(digit)\("2459".contains(digit) ? "가" : "이") 쳐졌어요. ⌫로 지우고 짧게 톡 눌러요",
        "Holding \(label) typed the digit \(digit). Delete with ⌫ and tap it briefly")
    case .strokesMerged(let wanted, let merged, let consonant, let label):
      // Short enough for 80 columns: what happened, then what to do.
      let start = consonant.map { consonant in
        label.map { "\(consonant)(\($0) 키)" } ?? "\(consonant)"
      }
      return pick(
        "\(wanted) 뒤의 획이 합쳐져 \(merged)가 됐어요. ⌫로 지우고 "
          + (start.map { "새 글자는 \($0)부터" } ?? "자음부터 쳐요"),
        "The stroke after \(wanted) joined it into \(merged). Delete with ⌫; "
          + (start.map { "start the next syllable with \($0)" } ?? "start with a consonant"))
    case .missingSpace(let label):
      return pick(
        "낱말 사이는 \(label) 키로 띄어 써요. ⌫로 지우고 \(label)를 눌러 보세요",
        "Words are separated with \(label). Delete with ⌫ and press \(label)")
    case .other:
      return correctionCue
    }
  }
  public var practiceKeysHint: String { pick("⏎ 다음 글 · Esc 그만하기", "⏎ next item · Esc stop") }
  /// Under an answer asked from memory: no key lights up, ⏎ shows the answer.
  public var recallKeysHint: String {
    pick("모르면 ⏎: 답을 보여 드려요 · Esc 그만하기", "Stuck? ⏎ shows the answer · Esc stop")
  }
  /// During the pause after an item: the one that comes next.
  public func nextItemPreview(_ prompt: String) -> String {
    pick("다음: \(prompt)", "Next: \(prompt)")
  }
  public var suspendedHint: String {
    pick("잠시 멈췄어요. fg를 입력하면 돌아와요", "suspended: type fg to return")
  }
}

// MARK: - Helpers

/// A ratio as a whole percentage, rounded: 0.925 → 93.
package func wholePercent(_ ratio: Double) -> Int {
  Int((ratio * 100).rounded())
}

/// `1 day`, `3 days`: an English count with its noun (Korean needs no plural).
public func englishCount(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}
