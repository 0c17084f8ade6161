import Practice

/// The text of `cheonjiin stats`: a heading, the totals, a speed and an accuracy chart, and
/// the pad marked by error rate.
///
/// Pure: it lays out values passed in, so the same report goes to a terminal, a file or a
/// test. The language is the caller's ``UIStrings``.
public struct StatsReport: Sendable, Hashable {
  /// The days shown, or `nil` when nothing was ever practised.
  public var days: ClosedRange<DayNumber>?
  /// Practice per day within ``days`` (days without practice are absent).
  public var daily: [DailyStat]
  /// The pad to mark, or `nil` for none.
  public var heatmap: KeypadHeatmap?
  /// Columns for the charts.
  public var width: Int
  public var style: ChartStyle
  /// Paint the pad's keys by level (see ``HeatmapView``).
  public var isColored: Bool

  /// The charts shown, in order.
  static let metrics: [ChartMetric] = [.syllablesPerMinute, .accuracy]
  /// A month of days gets a bar each; longer ranges share bars.
  static let maximumRows = 31

  public init(
    days: ClosedRange<DayNumber>?, daily: [DailyStat], heatmap: KeypadHeatmap?, width: Int,
    style: ChartStyle = .blocks, colored: Bool = false
  ) {
    self.days = days
    self.daily = daily
    self.heatmap = heatmap
    self.width = width
    self.style = style
    self.isColored = colored
  }

  /// The report as lines, without line ends.
  public func lines(_ strings: UIStrings) -> [String] {
    guard let days else { return [strings.statsNothingYet] }
    let overview = StatsOverview(daily)
    var lines = [
      strings.statsHeading(
        from: CalendarDay(dayNumber: days.lowerBound), to: CalendarDay(dayNumber: days.upperBound),
        days: days.count),
      overview.totals.items == 0 ? strings.statsNothingInRange : strings.statsOverview(overview),
    ]
    let rows = StatsChart.rows(
      daily, from: days.lowerBound, to: days.upperBound, maximumRows: Self.maximumRows)
    for metric in Self.metrics {
      lines.append("")
      lines += ChartView(rows, metric: metric, width: width, style: style).lines(strings)
    }
    if let heatmap {
      lines.append("")
      lines += HeatmapView(heatmap, colored: isColored).lines(strings)
    }
    return lines
  }
}
