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

/// The interface text in the chosen language.
///
/// Here: the language choice and the runtime's own words (why the terminal cannot start, the
/// notice on suspend). Each screen's words are an extension of this type in the screen's target,
/// beside the screen; words several screens show live in the lowest target those screens share
/// (Typing for the screens that type on the pad).
public struct UIStrings: Sendable {
  public let language: UILanguage

  public init(_ language: UILanguage) {
    self.language = language
  }

  /// The text in the interface language.
  public func pick(_ korean: String, _ english: String) -> String {
    switch language {
    case .korean: korean
    case .english: english
    }
  }

  /// The thread that times holds and flashes could not start.
  public func timerThreadFailed(_ reason: String) -> String {
    pick("길게 누르기 타이머를 시작할 수 없어요: \(reason)", "cannot start the timer thread: \(reason)")
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
  /// Printed by the loop when Ctrl-Z suspends the program.
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
