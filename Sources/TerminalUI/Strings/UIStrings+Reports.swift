import Practice

// MARK: - cheonjiin stats

extension UIStrings {
  /// The whole report when nothing was ever practised.
  public var statsNothingYet: String {
    pick(
      "아직 연습 기록이 없어요. `cheonjiin practice`로 시작해 보세요.",
      "No practice recorded yet. Start with `cheonjiin practice`.")
  }

  /// The first line: the days the report covers.
  public func statsHeading(from first: CalendarDay, to last: CalendarDay, days: Int) -> String {
    pick(
      "천지인 연습 기록 · \(first) ~ \(last) (\(days)일)",
      "Cheonjiin practice · \(first) ~ \(last) (\(englishCount(days, "day")))")
  }

  /// The second line when the days shown hold no practice.
  public var statsNothingInRange: String {
    pick(
      "이 기간에는 연습한 기록이 없어요. --all로 전체 기록을 볼 수 있어요.",
      "No practice in these days. Add --all to see the whole history.")
  }

  /// The second line: what was practised in the days shown.
  public func statsOverview(_ overview: StatsOverview) -> String {
    let totals = overview.totals
    let accuracy = wholePercent(totals.accuracy)
    let speed = Int(totals.syllablesPerMinute.rounded())
    let presses = Int(totals.pressesPerMinute.rounded())
    return pick(
      "연습한 날 \(overview.practiceDays)일 · 연습 \(overview.sessions)번 · "
        + "문제 \(totals.items)개 · 정확도 \(accuracy)% · 1분에 \(speed)글자 (\(presses)타)",
      // Short enough for 80 columns with hundreds of days.
      "\(englishCount(overview.practiceDays, "day")), "
        + "\(englishCount(overview.sessions, "session")), \(englishCount(totals.items, "item")) · "
        + "\(accuracy)% right · \(speed) syllables (\(presses) presses)/min")
  }

  /// A chart's title.
  public func chartTitle(_ metric: ChartMetric) -> String {
    switch metric {
    case .syllablesPerMinute: pick("속도 (글자/분)", "Speed (syllables a minute)")
    case .accuracy: pick("정확도 (%)", "Accuracy (%)")
    case .pressesPerMinute: pick("타수 (타/분)", "Key presses (a minute)")
    case .efficiency: pick("효율 (%)", "Efficiency (%)")
    }
  }

  /// The heat map's title line.
  public func heatmapTitle(layoutName: String) -> String {
    pick("\(layoutName): 키별 틀린 비율", "\(layoutName): how often each key was missed")
  }

  /// The word before the legend of marks.
  public var heatmapLegendHeading: String { pick("표시:", "Marks:") }

  /// What a mark in the heat map means, for the legend.
  ///
  /// - Parameters:
  ///   - fair: The ``HeatThresholds/fair`` error rate as a whole percentage.
  ///   - poor: The ``HeatThresholds/poor`` error rate as a whole percentage.
  public func heatLevelMeaning(_ level: HeatLevel, fair: Int, poor: Int) -> String {
    switch level {
    case .good: pick("\(fair)% 미만", "under \(fair)%")
    case .fair: pick("\(poor)% 미만", "under \(poor)%")
    case .poor: pick("\(poor)% 이상", "\(poor)% or more")
    case .unknown: pick("기록이 적음", "too few tries")
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
    let accuracy = wholePercent(totals.accuracy)
    let (items, completed) = (totals.items, totals.completedItems)
    lines.append(
      pick(
        "\(items)개 중 \(completed)개를 끝까지 쳤어요. 정확도 \(accuracy)%.",
        "\(completed) of \(items) typed to the end. Accuracy \(accuracy)%."))
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

// MARK: - Helpers

/// A ratio as a whole percentage, rounded: 0.925 → 93.
package func wholePercent(_ ratio: Double) -> Int {
  Int((ratio * 100).rounded())
}

/// `1 day`, `3 days`: an English count with its noun (Korean needs no plural).
public func englishCount(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}

// MARK: - Speed in cheonjiin stats

extension UIStrings {
  /// The speed map's title line.
  public func speedMapTitle(layoutName: String) -> String {
    pick("\(layoutName): 키별 빠르기", "\(layoutName): speed of each key")
  }

  /// What a mark in the speed map means, for the legend.
  public func speedLevelMeaning(_ level: SpeedLevel) -> String {
    switch level {
    case .fast: pick("목표 이상", "at goal")
    case .near: pick("조금 느림", "a bit slow")
    case .slow: pick("느림", "slow")
    case .unknown: pick("기록이 적음", "too few tries")
    }
  }

  /// The end of the speed map's legend: the time the goal gives one press.
  public func speedMapGoal(_ time: String) -> String {
    pick("· 목표 \(time)", "· goal \(time)")
  }

  /// The learning curves' title.
  public var jamoCurveTitle: String {
    pick("글자별 빠르기 (하루의 가운데 값, 초)", "Each letter's time (median of the day, seconds)")
  }

  /// The last column of the learning curves: the filtered time now.
  public var jamoCurveNow: String { pick("지금", "now") }

  /// The learning curves' note: what the numbers are and which way is good.
  public var jamoCurveNote: String {
    pick(
      "한 글자에 걸린 시간, 작을수록 빨라요 · 목표: 그 글자의 목표 시간",
      "Time per letter, lower is faster · goal: that letter's own target time")
  }

  /// The column of each letter's own target time in the learning curves.
  public var jamoCurveGoal: String { pick("목표", "goal") }
}
