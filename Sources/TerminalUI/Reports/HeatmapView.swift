import Practice

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
    let width = cellWidth
    var lines = [strings.heatmapTitle(layoutName: heatmap.layoutName)]
    for row in heatmap.rows {
      var line = ""
      for cell in row {
        guard let cell else {
          line += DisplayWidth.spaces(width + 2)
          continue
        }
        let inner = width * cell.span + (width + 2) * (cell.span - 1)
        let rate = cell.errorRate.map { "\(wholePercent($0))%" } ?? ""
        let shownRate = cell.level == .unknown ? "" : rate
        let right = DisplayWidth.leftPadded(shownRate, to: 4) + String(Self.mark(cell.level))
        let label = DisplayWidth.padded(cell.label, to: inner - DisplayWidth.of(right))
        let text = "[" + label + right + "]"
        line += isColored ? Self.sgr(cell.level) + text + Self.sgrReset : text
      }
      while line.last == " " { line.removeLast() }
      lines.append(line)
    }
    lines.append(legend(strings))
    return lines
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

  /// Columns of one grid unit: the widest label, a space, `100%` and the mark.
  var cellWidth: Int {
    let labels = heatmap.rows.flatMap { $0.compactMap { $0.map { DisplayWidth.of($0.label) } } }
    return (labels.max() ?? 2) + 1 + 4 + 1
  }

  /// The character that marks a level in plain text.
  static func mark(_ level: HeatLevel) -> Character {
    switch level {
    case .unknown: "-"
    case .good: "."
    case .fair: "+"
    case .poor: "#"
    }
  }

  /// The SGR sequence that paints a key of `level`: black on green, yellow or red (readable
  /// on light and dark terminals alike), dim for too few tries.
  static func sgr(_ level: HeatLevel) -> String {
    switch level {
    case .unknown: "\u{1B}[2m"
    case .good: "\u{1B}[30;42m"
    case .fair: "\u{1B}[30;43m"
    case .poor: "\u{1B}[1;97;41m"
    }
  }

  static let sgrReset = "\u{1B}[0m"
}
