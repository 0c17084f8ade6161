import HangulEngine
import Practice
import TerminalUI

// MARK: - Notes on a number drill's answer

extension UIStrings {
  /// After a number drill's answer: the standard spacing, or which reading was asked.
  public func numberNote(_ note: NumberNote) -> String {
    switch note {
    case .standardSpacing(let standard):
      pick(
        "✓ 맞아요. 띄어 쓰면 표준이에요 (한글 맞춤법 제44항): \(standard)",
        "✓ Right. Standard spacing (제44항) puts a space after each 만 unit: \(standard)")
    case .nativeAsked(let answer):
      pick(
        "고유어로 물었어요 (하나, 둘, 셋 …): \(answer)",
        "The native reading was asked (하나, 둘, 셋 …): \(answer)")
    case .sinoAsked(let answer):
      pick(
        "한자어로 물었어요 (일, 이, 삼 …): \(answer)",
        "The Sino-Korean reading was asked (일, 이, 삼 …): \(answer)")
    }
  }
}

// MARK: - The summary after a lesson

extension UIStrings {
  /// The calm summary shown after a lesson, as short lines.
  ///
  /// - Parameters:
  ///   - keyLabels: How to name a key (``LayoutKey/label``); keys missing here are named by
  ///     id. `LessonSummary.keyLabels(in:)` builds it from layouts.
  /// - Returns: Lines that encourage and never press; titles and targets stay as written.
  ///
  /// `stopped` gives how many items of how many were done when the learner left the round
  /// early: the first line then says where they stopped, not that they finished.
  /// `judgesLetters`: the adaptive round, whose lines judge speed letter by letter against
  /// the learner's target; the round's speed is then said without a goal of its own.
  public func lessonSummary(
    _ summary: LessonSummary, keyLabels: [KeyRef: String] = [:],
    stopped: (done: Int, of: Int)? = nil, judgesLetters: Bool = false
  ) -> [String] {
    let title = summary.lessonTitle
    var lines = [pick("수고하셨어요. 「\(title)」 연습을 마쳤어요.", "Well done: you finished 「\(title)」.")]
    if let stopped {
      lines = [
        pick(
          "「\(title)」 \(stopped.of)개 중 \(stopped.done)개까지 했어요. Enter를 누르면 다시 해요.",
          "「\(title)」: \(stopped.done) of \(stopped.of) done. Press Enter to go again.")
      ]
    }
    let totals = summary.totals
    guard totals.items > 0 else {
      lines.append(
        pick("이번에는 친 글자가 없어요. 천천히 다시 해 봐요.", "Nothing was typed this time. Try again, slowly."))
      return lines
    }
    // Figures a family reads without a manual: words right, then keys right.
    let (items, right) = (totals.items, totals.exactItems)
    if let keysRight = totals.keysRight.map(wholePercent) {
      lines.append(
        pick(
          "맞게 친 낱말 \(items)개 중 \(right)개 · 맞게 누른 키 \(keysRight)%.",
          "Words right: \(right) of \(items) · keys right: \(keysRight)%."))
    } else {
      lines.append(
        pick("맞게 친 낱말 \(items)개 중 \(right)개.", "Words right: \(right) of \(items)."))
    }
    lines += paceLines(summary.pace, totals: totals, judgesLetters: judgesLetters)
    let efficiency = wholePercent(totals.efficiency)
    let backspaces = totals.backspaces
    lines.append(
      pick(
        "효율 \(efficiency)%, 지운 횟수 \(backspaces)번.",
        "Efficiency \(efficiency)%, \(englishCount(backspaces, "backspace"))."))
    if !summary.itemsToReview.isEmpty {
      let shown = summary.itemsToReview.prefix(5).joined(separator: ", ")
      lines.append(pick("다음에 다시 볼 글: \(shown)", "To look at again: \(shown)"))
    }
    if !summary.weakKeys.isEmpty {
      let names = summary.weakKeys.prefix(3).map { keyLabels[$0.key] ?? $0.key.keyID }
        .joined(separator: ", ")
      lines.append(pick("조금 더 익힐 키: \(names)", "Keys to practise a little more: \(names)"))
    }
    if summary.itemsToReview.isEmpty && summary.weakKeys.isEmpty {
      lines.append(pick("틀린 곳 없이 모두 쳤어요.", "Everything typed without a mistake."))
    }
    return lines
  }

  /// Speed, only once accuracy is good enough, and the next goal.
  private func paceLines(
    _ pace: LessonSummary.Pace, totals: ResultTotals, judgesLetters: Bool
  ) -> [String] {
    let speed = Int(totals.syllablesPerMinute.rounded())
    let presses = Int(totals.pressesPerMinute.rounded())
    let measured = pick(
      "1분에 \(speed)글자 (\(presses)타)를 쳤어요.",
      "\(speed) syllables (\(presses) key presses) a minute.")
    if judgesLetters, pace != .accuracyFirst { return [measured] }
    switch pace {
    case .accuracyFirst:
      return [
        pick(
          "지금은 속도보다 정확하게 치는 것이 먼저예요. 천천히 해도 괜찮아요.",
          "For now, typing accurately matters more than speed. Slow is fine.")
      ]
    case .nextGoal(let goal):
      return [
        measured,
        pick(
          "다음 목표는 1분에 \(Int(goal))글자예요. 서두르지 않아도 돼요.",
          "Next goal: \(Int(goal)) syllables a minute. No need to hurry."),
      ]
    case .pastAllGoals:
      return [
        measured,
        pick("목표 속도를 모두 넘었어요. 아주 잘하셨어요.", "You passed every speed goal. Very well done."),
      ]
    }
  }
}

// MARK: - The lesson screen

extension UIStrings {
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
}

// MARK: - The adaptive round (맞춤 연습)

extension UIStrings {
  /// The round's title; blind practice says so.
  public func adaptiveTitle(isBlind: Bool) -> String {
    let title = pick("맞춤 연습", "Adaptive practice")
    return isBlind ? title + pick(" · 키 글자 가림", " · labels hidden") : title
  }

  /// On the status line while the labels are hidden.
  public var blindStatus: String { pick("키 글자 가림", "labels hidden") }

  /// The first entry of the practice menu.
  public var adaptiveMenuEntry: String {
    pick("맞춤 연습: 느린 글자를 골라 연습해요", "Adaptive practice: works on your slowest letters")
  }

  /// The offer of blind practice once some jamo is at the target.
  public func adaptiveBlindOffer(_ confident: [String]) -> String {
    let shown = confident.prefix(8).joined(separator: " ") + (confident.count > 8 ? " …" : "")
    let last = confident.last ?? ""
    return pick(
      "\(shown) \(Self.topic(last)) 손에 익었어요. B를 누르면 키 글자를 가리고 쳐 봐요.",
      "\(shown): in your fingers now. Press B to type with the key labels hidden.")
  }

  /// The calm speed line (`--speed-line`): the round's speed so far and the goal.
  public func adaptiveSpeed(_ syllablesPerMinute: Double, target: SpeedTarget) -> String {
    let now = Int(syllablesPerMinute.rounded())
    let goal = Int(target.syllablesPerMinute.rounded())
    return pick("지금 1분에 \(now)글자 · 목표 \(goal)글자", "Now \(now) syllables a minute · goal \(goal)")
  }

  /// The summary's first line after a finished adaptive round.
  public var adaptiveDone: String {
    pick("수고하셨어요. 오늘의 맞춤 연습을 마쳤어요.", "Well done: you finished an adaptive round.")
  }

  /// The keys under the summary of an adaptive round.
  public func adaptiveSummaryKeys(offersBlind: Bool) -> String {
    offersBlind
      ? pick(
        "  Enter 한 판 더 · B 가리고 치기 · 다른 키 목록으로 · Esc 그만하기",
        "  Enter: another round · B: labels hidden · any other key: the list · Esc: quit")
      : pick(
        "  Enter 한 판 더 · 다른 키 목록으로 · Esc 그만하기",
        "  Enter: another round · any other key: the list · Esc: quit")
  }
}

// MARK: - Practice waiting for its progress file

extension UIStrings {
  /// While the progress file is locked by another program (up to the busy timeout).
  public func practiceWaitingForFile(_ path: String) -> [String] {
    [
      pick("연습 기록 파일을 여는 중이에요.", "Opening the practice progress file."),
      pick(
        "다른 프로그램(다른 cheonjiin 연습 등)이 쓰고 있어요. 10초까지 기다려요.",
        "Another program (another cheonjiin practice?) is writing it: waiting up to 10 seconds."),
      path,
    ]
  }

  /// The keys under the waiting message.
  public var waitingKeys: String {
    pick("  Esc 그만하기", "  Esc: quit")
  }
}

// MARK: - The practice menu

extension UIStrings {
  /// Over the lesson list when it is scrolled: `▲ 위에 3개 더 (↑ PgUp)`.
  public func menuMoreAbove(_ count: Int) -> String {
    pick("▲ 위에 \(count)개 더 (↑ · PgUp)", "▲ \(count) more above (↑ · PgUp)")
  }

  /// Under the lesson list when more follow: `▼ 아래에 7개 더 (↓ · PgDn)`.
  public func menuMoreBelow(_ count: Int) -> String {
    pick("▼ 아래에 \(count)개 더 (↓ · PgDn)", "▼ \(count) more below (↓ · PgDn)")
  }
}
