/// One day of practice, summed (``Storage`` reads these with one query).
public struct DailyStat: Sendable, Hashable {
  public var day: DayNumber
  public var sessions: Int
  public var totals: ResultTotals

  public init(day: DayNumber, sessions: Int, totals: ResultTotals) {
    self.day = day
    self.sessions = sessions
    self.totals = totals
  }

  public var date: CalendarDay { CalendarDay(dayNumber: day) }
}

/// What a chart shows per day (its title is `UIStrings.chartTitle(_:)`).
public enum ChartMetric: String, Sendable, Hashable, CaseIterable {
  /// 글자/분, scaled to the largest value shown.
  case syllablesPerMinute
  /// 정확도, scaled 0 … 100 %.
  case accuracy
  /// 타/분, scaled to the largest value shown.
  case pressesPerMinute
  /// 효율, scaled 0 … 100 %.
  case efficiency

  /// The day's value of this measure: per minute, or a percentage 0 … 100.
  public func value(_ totals: ResultTotals) -> Double {
    switch self {
    case .syllablesPerMinute: totals.syllablesPerMinute
    case .accuracy: totals.accuracy * 100
    case .pressesPerMinute: totals.pressesPerMinute
    case .efficiency: totals.efficiency * 100
    }
  }

  /// Whether the values are percentages (charted against 100) rather than rates (charted
  /// against the largest value shown).
  public var isPercent: Bool {
    switch self {
    case .accuracy, .efficiency: true
    case .syllablesPerMinute, .pressesPerMinute: false
    }
  }
}

/// One bar of a chart: a day, or several days averaged when the range is long.
public struct ChartRow: Sendable, Hashable {
  /// The first day of the row.
  public var firstDay: DayNumber
  /// The last day of the row (equal to ``firstDay`` for a daily row).
  public var lastDay: DayNumber
  /// The practice in the row, `nil` when none.
  public var totals: ResultTotals?

  public init(firstDay: DayNumber, lastDay: DayNumber, totals: ResultTotals?) {
    self.firstDay = firstDay
    self.lastDay = lastDay
    self.totals = totals
  }
}

/// The days of practice behind the charts of `cheonjiin stats`; `TerminalUI.ChartView`
/// draws them.
public enum StatsChart {
  /// Groups `days` from `first` to `last` into at most `maximumRows` rows of equal length
  /// (1 day, or more when the range is long), summing the practice in each; days without
  /// practice give rows with `nil` totals.
  public static func rows(
    _ days: [DailyStat], from first: DayNumber, to last: DayNumber, maximumRows: Int = 14
  ) -> [ChartRow] {
    guard last >= first else { return [] }
    let span = last - first + 1
    let rows = max(1, maximumRows)
    let size = (span + rows - 1) / rows
    var byDay: [DayNumber: ResultTotals] = [:]
    for day in days where day.day >= first && day.day <= last {
      byDay[day.day] = day.totals
    }
    var result: [ChartRow] = []
    var start = first
    while start <= last {
      let end = min(last, start + size - 1)
      var totals: ResultTotals?
      for day in start...end {
        guard let dayTotals = byDay[day] else { continue }
        var sum = totals ?? ResultTotals()
        sum.merge(dayTotals)
        totals = sum
      }
      result.append(ChartRow(firstDay: start, lastDay: end, totals: totals))
      start = end + 1
    }
    return result
  }
}

extension ResultTotals {
  /// Adds another set of totals to these.
  public mutating func merge(_ other: ResultTotals) {
    items += other.items
    completedItems += other.completedItems
    presses += other.presses
    backspaces += other.backspaces
    minimumPresses += other.minimumPresses
    promptedPresses += other.promptedPresses
    targetLength += other.targetLength
    distance += other.distance
    correctSyllables += other.correctSyllables
    duration += other.duration
    keyHits += other.keyHits
    keyMisses += other.keyMisses
    exactItems += other.exactItems
  }
}

/// The totals of a range of days, for the line above the charts of `cheonjiin stats`.
public struct StatsOverview: Sendable, Hashable {
  /// Days with any practice.
  public var practiceDays: Int
  /// Practice sessions started.
  public var sessions: Int
  /// Everything practised, summed.
  public var totals: ResultTotals

  public init(_ days: [DailyStat]) {
    practiceDays = days.count
    sessions = days.reduce(0) { $0 + $1.sessions }
    var totals = ResultTotals()
    for day in days { totals.merge(day.totals) }
    self.totals = totals
  }
}
