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
