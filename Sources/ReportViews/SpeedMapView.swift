import CellGrid
import Practice
import TerminalUI

/// The keypad with each key marked by how fast it is pressed, as lines of text for
/// `cheonjiin stats`: `[ㄱㅋ  0.6s.]` per key (its filtered time: the median of its latest 15
/// timed presses), then a legend with the target's time for one press.
///
/// Every key carries a mark (`.` at the target, `~` a little slow, `!` slow, `-` too few
/// tries), so a slow key is never shown by colour alone.
public struct SpeedMapView: Sendable, Hashable {
  public var map: KeypadSpeedMap
  /// Paint each key by its level with ANSI SGR codes.
  public var isColored: Bool

  public init(_ map: KeypadSpeedMap, colored: Bool = false) {
    self.map = map
    self.isColored = colored
  }

  /// The title, one line per row of keys, and the legend.
  public func lines(_ strings: UIStrings) -> [String] {
    let grid = PadTextGrid(
      rows: map.rows.map { row in
        row.map { cell in
          cell.map { cell in
            PadTextGrid.Cell(
              label: cell.label, span: cell.span,
              value: cell.speed?.filteredTime.map(Self.shortTime) ?? "",
              mark: Self.mark(cell.level), sgr: Self.sgr(cell.level))
          }
        }
      }, isColored: isColored)
    return [strings.speedMapTitle(layoutName: map.layoutName)] + grid.lines() + [legend(strings)]
  }

  /// `표시: . 목표 빠르기  ~ 조금 느림  ! 느림  - 기록이 적음 (목표 0.8초)`.
  private func legend(_ strings: UIStrings) -> String {
    let entries = [SpeedLevel.fast, .near, .slow, .unknown].map { level in
      "\(Self.mark(level)) \(strings.speedLevelMeaning(level))"
    }
    return strings.heatmapLegendHeading + " " + entries.joined(separator: "  ") + " "
      + strings.speedMapGoal(Self.shortTime(map.target.perPress))
  }

  /// `0.8s` under ten seconds, `12s` from there: at most four columns.
  package static func shortTime(_ time: Milliseconds) -> String {
    time < 9_950 ? JamoCurveView.seconds(time) + "s" : "\(min(999, (time + 500) / 1000))s"
  }

  /// The character that marks a level in plain text.
  package static func mark(_ level: SpeedLevel) -> Character {
    switch level {
    case .unknown: "-"
    case .fast: "."
    case .near: "~"
    case .slow: "!"
    }
  }

  package static func sgr(_ level: SpeedLevel) -> String {
    switch level {
    case .unknown: PadTextGrid.sgrUnknown
    case .fast: PadTextGrid.sgrGood
    case .near: PadTextGrid.sgrFair
    case .slow: PadTextGrid.sgrPoor
    }
  }
}

/// Each unlocked jamo's median time per day, as a small table for `cheonjiin stats`: the
/// learning curve, one row a jamo, the latest days as columns, then the filtered time now and
/// the jamo's own target time (a letter of three presses may take three times one press).
///
/// ```
/// 글자별 빠르기 (하루의 가운데 값, 초)
/// 한 글자를 치는 데 걸린 시간이에요. 작을수록 빨라요. 목표: 그 글자의 목표 시간
///       06-08 06-09 06-10    지금  목표
/// ㅇ      1.2   0.9   0.8    0.7   0.8 .
/// ㅕ        -   3.1   2.6    2.5   2.3 !
/// ```
public struct JamoCurveView: Sendable, Hashable {
  /// Where the adaptive round stands (the unlocked jamo and their speeds now).
  public var standing: AdaptiveStanding
  /// Each jamo's days, oldest first.
  public var days: [String: [SampleDay]]
  /// Columns for each line.
  public var width: Int

  public init(standing: AdaptiveStanding, days: [String: [SampleDay]], width: Int) {
    self.standing = standing
    self.days = days
    self.width = width
  }

  /// The title, what the numbers mean, the header and one line per unlocked jamo.
  public func lines(_ strings: UIStrings) -> [String] {
    let column = 6
    let fitting = max(1, (width - 4 - 2 * column - 3) / column)
    let shown = Array(Set(days.values.flatMap { $0.map(\.day) }).sorted().suffix(fitting))
    var lines = [strings.jamoCurveTitle, strings.jamoCurveNote]
    let now = strings.jamoCurveNow
    lines.append(
      "    "
        + shown.map { DisplayWidth.leftPadded(CalendarDay(dayNumber: $0).monthDay, to: column) }
        .joined() + DisplayWidth.leftPadded(now, to: column + 1)
        + DisplayWidth.leftPadded(strings.jamoCurveGoal, to: column))
    for jamo in standing.unlocked {
      let byDay = Dictionary((days[jamo] ?? []).map { ($0.day, $0.median) }) { first, _ in first }
      let cells = shown.map { day in
        DisplayWidth.leftPadded(byDay[day].map(Self.seconds) ?? "-", to: column)
      }
      let speed = standing.speeds[jamo]
      let current = speed?.filteredTime.map(Self.seconds) ?? "-"
      let goal = speed.map { Self.seconds($0.targetTime) } ?? "-"
      lines.append(
        DisplayWidth.padded(jamo, to: 4) + cells.joined()
          + DisplayWidth.leftPadded(current, to: column + 1)
          + DisplayWidth.leftPadded(goal, to: column) + " "
          + String(SpeedMapView.mark(SpeedLevel(speed))))
    }
    return lines
  }

  /// Seconds with one decimal: `2.3`.
  package static func seconds(_ time: Milliseconds) -> String {
    let tenths = (max(0, time) + 50) / 100
    return "\(tenths / 10).\(tenths % 10)"
  }
}
