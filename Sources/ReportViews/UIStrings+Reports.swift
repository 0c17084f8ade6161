import Practice
import TerminalUI

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

  /// The lines under the heading: what was practised in the days shown.
  ///
  /// The figures are the ones a family member reads without a manual, named as the round's
  /// summary names them: words right, n of m, and keys right in %; keys right is left out
  /// when every day was recorded before it was counted.
  public func statsOverview(_ overview: StatsOverview) -> [String] {
    let totals = overview.totals
    let speed = Int(totals.syllablesPerMinute.rounded())
    let presses = Int(totals.pressesPerMinute.rounded())
    let keys = totals.keysRight.map(wholePercent)
    return [
      pick(
        "연습한 날 \(overview.practiceDays)일 · 연습 \(overview.sessions)번 · "
          + "1분에 \(speed)글자 (\(presses)타)",
        "\(englishCount(overview.practiceDays, "day")), "
          + "\(englishCount(overview.sessions, "session")) · "
          + "\(speed) syllables (\(presses) presses)/min"),
      pick(
        "맞게 친 낱말 \(totals.items)개 중 \(totals.exactItems)개"
          + (keys.map { " · 맞게 누른 키 \($0)%" } ?? ""),
        "Words right: \(totals.exactItems) of \(totals.items)"
          + (keys.map { " · keys right: \($0)%" } ?? "")),
    ]
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
