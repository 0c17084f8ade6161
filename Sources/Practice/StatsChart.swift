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

/// What a chart shows per day.
public enum ChartMetric: String, Sendable, Hashable, CaseIterable {
  /// 글자/분, scaled to the largest value shown.
  case syllablesPerMinute
  /// 정확도, scaled 0 … 100 %.
  case accuracy
  /// 타/분, scaled to the largest value shown.
  case pressesPerMinute
  /// 효율, scaled 0 … 100 %.
  case efficiency

  /// The chart's Korean title.
  public var title: String {
    switch self {
    case .syllablesPerMinute: "속도 (글자/분)"
    case .accuracy: "정확도 (%)"
    case .pressesPerMinute: "타수 (타/분)"
    case .efficiency: "효율 (%)"
    }
  }

  func value(_ totals: ResultTotals) -> Double {
    switch self {
    case .syllablesPerMinute: totals.syllablesPerMinute
    case .accuracy: totals.accuracy * 100
    case .pressesPerMinute: totals.pressesPerMinute
    case .efficiency: totals.efficiency * 100
    }
  }

  var isPercent: Bool {
    switch self {
    case .accuracy, .efficiency: true
    case .syllablesPerMinute, .pressesPerMinute: false
    }
  }
}

/// How bars are drawn.
public enum ChartStyle: Sendable, Hashable {
  /// `█` with eighth blocks (`▏` … `▉`) for the fraction.
  case blocks
  /// `#` only, for terminals or files without block characters.
  case ascii
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

/// Plain-text bar charts of practice over days, for `cheonjiin stats`.
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

  /// A titled bar chart, one line per row, fitting in `width` columns.
  ///
  /// ```
  /// 속도 (글자/분)
  /// 06-08 │████████▌            12.5
  /// 06-09 │                        -
  /// ```
  ///
  /// Labels are `MM-DD` (`MM-DD~` for a row of several days). Rate metrics are scaled to the
  /// largest value shown, percentages to 100.
  public static func render(
    _ rows: [ChartRow], metric: ChartMetric, width: Int = 60, style: ChartStyle = .blocks
  ) -> [String] {
    var lines = [TextWidth.truncated(metric.title, to: max(1, width))]
    let values = rows.map { row in row.totals.map { metric.value($0) } }
    let texts = values.map { value in value.map { format($0, metric: metric) } ?? "-" }
    let labels = rows.map { row in
      CalendarDay(dayNumber: row.firstDay).monthDay + (row.lastDay > row.firstDay ? "~" : "")
    }
    let labelWidth = labels.map { TextWidth.columns(of: $0) }.max() ?? 0
    let valueWidth = texts.map { TextWidth.columns(of: $0) }.max() ?? 1
    let barWidth = max(1, width - labelWidth - 2 - 1 - valueWidth)
    let scale = metric.isPercent ? 100 : max(1, values.compactMap { $0 }.max() ?? 1)
    for (index, label) in labels.enumerated() {
      let bar = self.bar(values[index] ?? 0, of: scale, width: barWidth, style: style)
      lines.append(
        TextWidth.padded(label, to: labelWidth) + " │" + TextWidth.padded(bar, to: barWidth) + " "
          + TextWidth.leftPadded(texts[index], to: valueWidth))
    }
    return lines
  }

  /// A bar of `value ÷ scale × width` columns, with an eighth-block tail in block style.
  static func bar(_ value: Double, of scale: Double, width: Int, style: ChartStyle) -> String {
    guard value > 0, scale > 0, width > 0 else { return "" }
    let eighths = Int((min(1, value / scale) * Double(width * 8)).rounded())
    switch style {
    case .blocks:
      let tails = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
      let full = String(repeating: "█", count: eighths / 8)
      let tail = tails[eighths % 8]
      return eighths == 0 ? "▏" : full + tail
    case .ascii:
      let count = max(1, Int((Double(eighths) / 8).rounded()))
      return String(repeating: "#", count: count)
    }
  }

  static func format(_ value: Double, metric: ChartMetric) -> String {
    if metric.isPercent { return "\(Int(value.rounded()))%" }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
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
  }
}
