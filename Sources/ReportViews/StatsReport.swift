import CellGrid
import Practice
import TerminalUI

/// The text of `cheonjiin stats`: a heading, the totals, a speed and an accuracy chart, the
/// pad marked by error rate and, beside it when the width allows (else below), the pad marked
/// by speed; then the adaptive round's unlocked jamo and focus and each jamo's learning curve.
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
  /// The pad marked by speed, or `nil` for none (no press was ever timed).
  public var speedMap: KeypadSpeedMap?
  /// Where the adaptive round stands, or `nil` when nothing was timed.
  public var standing: AdaptiveStanding?
  /// Each jamo's median time per day, oldest first, for the learning curves.
  public var jamoDays: [String: [SampleDay]]

  /// The charts shown, in order.
  package static let metrics: [ChartMetric] = [.syllablesPerMinute, .accuracy]
  /// A month of days gets a bar each; longer ranges share bars.
  package static let maximumRows = 31

  public init(
    days: ClosedRange<DayNumber>?, daily: [DailyStat], heatmap: KeypadHeatmap?, width: Int,
    style: ChartStyle = .blocks, colored: Bool = false, speedMap: KeypadSpeedMap? = nil,
    standing: AdaptiveStanding? = nil, jamoDays: [String: [SampleDay]] = [:]
  ) {
    self.days = days
    self.daily = daily
    self.heatmap = heatmap
    self.width = width
    self.style = style
    self.isColored = colored
    self.speedMap = speedMap
    self.standing = standing
    self.jamoDays = jamoDays
  }

  /// The report as lines, without line ends.
  public func lines(_ strings: UIStrings) -> [String] {
    guard let days else { return [strings.statsNothingYet] }
    let overview = StatsOverview(daily)
    var lines = [
      strings.statsHeading(
        from: CalendarDay(dayNumber: days.lowerBound), to: CalendarDay(dayNumber: days.upperBound),
        days: days.count)
    ]
    lines +=
      overview.totals.items == 0 ? [strings.statsNothingInRange] : strings.statsOverview(overview)
    let rows = StatsChart.rows(
      daily, from: days.lowerBound, to: days.upperBound, maximumRows: Self.maximumRows)
    for metric in Self.metrics {
      lines.append("")
      lines += ChartView(rows, metric: metric, width: width, style: style).lines(strings)
    }
    lines += pads(strings)
    if let standing {
      // The same lines the summary of a round shows, from the same preview of the next round.
      lines += [""] + strings.adaptiveStandingLines(standing)
      lines.append("")
      lines += JamoCurveView(standing: standing, days: jamoDays, width: width).lines(strings)
    }
    return lines
  }

  /// The error map, and the speed map beside it when both fit in ``width`` (else below).
  private func pads(_ strings: UIStrings) -> [String] {
    let errors = heatmap.map { HeatmapView($0, colored: isColored).lines(strings) } ?? []
    guard let speedMap, speedMap.hasSamples else { return errors.isEmpty ? [] : [""] + errors }
    let speeds = SpeedMapView(speedMap, colored: isColored).lines(strings)
    guard let heatmap, !errors.isEmpty else { return [""] + speeds }
    // Widths from the plain lines: colour codes take no columns.
    let plainErrors = HeatmapView(heatmap).lines(strings)
    let plainSpeeds = SpeedMapView(speedMap).lines(strings)
    let pad = plainErrors.dropLast().map { DisplayWidth.of($0) }.max() ?? 0
    let speedWidth = plainSpeeds.dropLast().map { DisplayWidth.of($0) }.max() ?? 0
    guard pad + Self.padGap + speedWidth <= width, errors.count == speeds.count else {
      return [""] + errors + [""] + speeds
    }
    // Titles and key rows side by side; the two legends below, one a line.
    var lines = [""]
    for index in 0..<(errors.count - 1) {
      let fill = String(repeating: " ", count: pad - DisplayWidth.of(plainErrors[index]))
      lines.append(
        errors[index] + fill + String(repeating: " ", count: Self.padGap) + speeds[index])
    }
    return lines + [errors[errors.count - 1], speeds[speeds.count - 1]]
  }

  /// Columns between the two pads.
  package static let padGap = 3
}
