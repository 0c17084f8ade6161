import Practice
import TerminalUI

/// The keypad with each key marked by how often it was missed, as lines of text for
/// `cheonjiin stats`: `[ㄱㅋ  12%+]` per key, then a legend.
///
/// Every key carries a mark (`.` `+` `#`, `-` for too few tries), so colour is never the
/// only sign; with colour on, each key is also painted green, yellow or red.
public struct HeatmapView: Sendable, Hashable {
  public var heatmap: KeypadHeatmap
  /// Paint each key by its level with ANSI SGR codes.
  public var isColored: Bool

  public init(_ heatmap: KeypadHeatmap, colored: Bool = false) {
    self.heatmap = heatmap
    self.isColored = colored
  }

  /// The title, one line per row of keys, and the legend.
  public func lines(_ strings: UIStrings) -> [String] {
    let grid = PadTextGrid(
      rows: heatmap.rows.map { row in
        row.map { cell in
          cell.map { cell in
            let rate = cell.errorRate.map { "\(wholePercent($0))%" } ?? ""
            return PadTextGrid.Cell(
              label: cell.label, span: cell.span, value: cell.level == .unknown ? "" : rate,
              mark: Self.mark(cell.level), sgr: Self.sgr(cell.level))
          }
        }
      }, isColored: isColored)
    return [strings.heatmapTitle(layoutName: heatmap.layoutName)] + grid.lines() + [legend(strings)]
  }

  /// `표시: . 5% 미만  + 15% 미만  # 15% 이상  - 기록이 적음`.
  private func legend(_ strings: UIStrings) -> String {
    let fair = wholePercent(heatmap.thresholds.fair)
    let poor = wholePercent(heatmap.thresholds.poor)
    let levels: [HeatLevel] = [.good, .fair, .poor, .unknown]
    let entries = levels.map { level in
      "\(Self.mark(level)) \(strings.heatLevelMeaning(level, fair: fair, poor: poor))"
    }
    return strings.heatmapLegendHeading + " " + entries.joined(separator: "  ")
  }

  /// The character that marks a level in plain text.
  package static func mark(_ level: HeatLevel) -> Character {
    switch level {
    case .unknown: "-"
    case .good: "."
    case .fair: "+"
    case .poor: "#"
    }
  }

  /// The SGR sequence that paints a key of `level`: black on green, yellow or red (readable
  /// on light and dark terminals alike), dim for too few tries.
  package static func sgr(_ level: HeatLevel) -> String {
    switch level {
    case .unknown: PadTextGrid.sgrUnknown
    case .good: PadTextGrid.sgrGood
    case .fair: PadTextGrid.sgrFair
    case .poor: PadTextGrid.sgrPoor
    }
  }
}
