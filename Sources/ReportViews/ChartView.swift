import CellGrid
import Practice
import TerminalUI

/// How bars are drawn.
public enum ChartStyle: Sendable, Hashable {
  /// `█` with eighth blocks (`▏` … `▉`) for the fraction.
  case blocks
  /// `#` only, for terminals or files without block characters.
  case ascii
}

/// A titled bar chart of practice over days, as lines of plain text for `cheonjiin stats`.
///
/// ```
/// 속도 (글자/분)
/// 06-08 │████████▌            12.5
/// 06-09 │                        -
/// ```
///
/// Labels are `MM-DD` (`MM-DD~` for a row of several days). Rate metrics are scaled to the
/// largest value shown, percentages to 100. Every line but the title is exactly ``width``
/// columns wide.
public struct ChartView: Sendable, Hashable {
  /// The bars, from ``StatsChart/rows(_:from:to:maximumRows:)``.
  public var rows: [ChartRow]
  public var metric: ChartMetric
  /// Columns for each line.
  public var width: Int
  public var style: ChartStyle

  public init(
    _ rows: [ChartRow], metric: ChartMetric, width: Int = 60, style: ChartStyle = .blocks
  ) {
    self.rows = rows
    self.metric = metric
    self.width = width
    self.style = style
  }

  /// The title, then one line per row.
  public func lines(_ strings: UIStrings) -> [String] {
    var lines = [DisplayWidth.truncated(strings.chartTitle(metric), to: max(1, width))]
    let values = rows.map { row in row.totals.map { metric.value($0) } }
    let texts = values.map { value in value.map(valueText) ?? "-" }
    let labels = rows.map { row in
      CalendarDay(dayNumber: row.firstDay).monthDay + (row.lastDay > row.firstDay ? "~" : "")
    }
    let labelWidth = labels.map { DisplayWidth.of($0) }.max() ?? 0
    let valueWidth = texts.map { DisplayWidth.of($0) }.max() ?? 1
    // label, " │", bar, " ", value
    let barWidth = max(1, width - labelWidth - 2 - 1 - valueWidth)
    let scale = metric.isPercent ? 100 : max(1, values.compactMap { $0 }.max() ?? 1)
    for (index, label) in labels.enumerated() {
      let bar = Self.bar(values[index] ?? 0, of: scale, width: barWidth, style: style)
      lines.append(
        DisplayWidth.padded(label, to: labelWidth) + " │" + DisplayWidth.padded(bar, to: barWidth)
          + " " + DisplayWidth.leftPadded(texts[index], to: valueWidth))
    }
    return lines
  }

  /// A bar of `value ÷ scale × width` columns, with an eighth-block tail in block style.
  package static func bar(_ value: Double, of scale: Double, width: Int, style: ChartStyle)
    -> String
  {
    guard value > 0, scale > 0, width > 0 else { return "" }
    let eighths = Int((min(1, value / scale) * Double(width * 8)).rounded())
    switch style {
    case .blocks:
      // A value too small for an eighth still shows, so a day of practice is never blank.
      guard eighths > 0 else { return "▏" }
      let tails = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
      return String(repeating: "█", count: eighths / 8) + tails[eighths % 8]
    case .ascii:
      let count = max(1, Int((Double(eighths) / 8).rounded()))
      return String(repeating: "#", count: count)
    }
  }

  /// `93%` for a percentage, `12.5` for a rate.
  private func valueText(_ value: Double) -> String {
    if metric.isPercent { return "\(Int(value.rounded()))%" }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
