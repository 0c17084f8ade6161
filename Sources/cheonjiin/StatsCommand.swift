import ArgumentParser
import Foundation
import HangulEngine
import LayoutLoading
import Practice
import Storage

struct StatsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Show practice progress over days: speed, accuracy, and the keys you miss.",
    discussion: """
      Charts of 글자/분 and 정확도 per day (several days per bar over long ranges), then the \
      pad with each key marked by how often it was missed. --json prints the whole history \
      (or the --days asked for) with a stable schema (cheonjiin-stats, version 1). \
      Progress: $XDG_DATA_HOME/cheonjiin/progress.sqlite.
      """)

  @Option(help: "Show the last N days, today included (default 30; JSON: the whole history).")
  var days: Int?

  @Flag(help: "Show the whole history.")
  var all = false

  @Flag(help: "Print JSON for export instead of charts.")
  var json = false

  @OptionGroup var layoutOption: LayoutOption

  @Option(help: "Colour the pad: auto (when the output is a terminal and NO_COLOR is unset), always, never.")
  var color: ColorMode = .auto

  @Flag(help: "Draw bars with # instead of block characters.")
  var ascii = false

  @Option(help: "Width of the charts in columns (default: $COLUMNS, at most 100, else 72).")
  var width: Int?

  enum ColorMode: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
  }

  func validate() throws {
    if let days, !(1...36_500).contains(days) {
      throw ValidationError("--days \(days) is out of range; give 1 to 36500 (a hundred years), or --all")
    }
    if days != nil && all { throw ValidationError("--days and --all contradict each other; give one") }
    if let width, !(20...1000).contains(width) {
      throw ValidationError("--width \(width) is out of range; give 20 to 1000 columns")
    }
  }

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let layouts = try layoutOption.load()
    let today = localDayNumber(now: Date(), timeZone: .current)
    let store: ProgressStore
    do {
      store = try openProgressStore(at: ProgressStore.defaultPath(environment: environment))
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
    do {
      let range = dayRange(recorded: try plausibleDays(store, today: today), today: today)
      let daily = try range.map { try store.dailyStats(from: $0.lowerBound, to: $0.upperBound) } ?? []
      let keys = try store.keyStats()
      var output = OutputBuffer()
      if json {
        output.append(
          StatsJSON.encode(
            days: daily, keys: keys, labels: LessonSummary.keyLabels(in: layouts), today: today))
      } else {
        for line in report(daily: daily, range: range, keys: keys, layouts: layouts, environment: environment) {
          output.append(line + "\n")
        }
      }
      output.flush()
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
  }

  /// The first and last day with practice, counting only days from 1970 to a year ahead: a
  /// result dated outside them comes from a wrong clock or a damaged file, and must not
  /// stretch the charts over millennia.
  private func plausibleDays(_ store: ProgressStore, today: Int) throws(StorageError) -> ClosedRange<Int>? {
    let plausible = 0...(today + 366)
    guard let recorded = try store.practiceDays() else { return nil }
    if plausible.contains(recorded.lowerBound) && plausible.contains(recorded.upperBound) {
      return recorded
    }
    let days = try store.dailyStats(from: plausible.lowerBound, to: plausible.upperBound).map(\.day)
    guard let first = days.min(), let last = days.max() else { return nil }
    return first...last
  }

  /// The days to show, or `nil` when nothing was ever practised.
  private func dayRange(recorded: ClosedRange<Int>?, today: Int) -> ClosedRange<Int>? {
    guard let recorded else { return nil }
    let last = max(today, recorded.upperBound)
    if let days { return (last - days + 1)...last }
    if all || json { return recorded.lowerBound...last }
    return max(recorded.lowerBound, last - 29)...last
  }

  private func report(
    daily: [DailyStat], range: ClosedRange<Int>?, keys: [KeyRef: KeyStats], layouts: [Layout],
    environment: [String: String]
  ) -> [String] {
    guard let range else {
      return ["아직 연습 기록이 없어요. `cheonjiin practice`로 시작해 보세요."]
    }
    let columns = width ?? min(100, Int(environment["COLUMNS"] ?? "") ?? 72)
    var totals = ResultTotals()
    for day in daily { totals.merge(day.totals) }
    let first = CalendarDay(dayNumber: range.lowerBound)
    let last = CalendarDay(dayNumber: range.upperBound)
    var lines = ["천지인 연습 기록 · \(first) ~ \(last) (\(range.count)일)"]
    if totals.items == 0 {
      lines.append("이 기간에는 연습한 기록이 없어요. --all로 전체 기록을 볼 수 있어요.")
    } else {
      let sessions = daily.reduce(0) { $0 + $1.sessions }
      lines.append(
        "연습한 날 \(daily.count)일 · 연습 \(sessions)번 · 문제 \(totals.items)개 · "
          + "정확도 \(Int((totals.accuracy * 100).rounded()))% · "
          + "1분에 \(Int(totals.syllablesPerMinute.rounded()))글자 "
          + "(\(Int(totals.pressesPerMinute.rounded()))타)")
    }
    let rows = StatsChart.rows(daily, from: range.lowerBound, to: range.upperBound, maximumRows: 31)
    for metric in [ChartMetric.syllablesPerMinute, .accuracy] {
      lines.append("")
      lines += StatsChart.render(rows, metric: metric, width: columns, style: ascii ? .ascii : .blocks)
    }
    if let layout = layouts.first {
      lines.append("")
      lines += KeypadHeatmap(layout: layout, stats: keys).plainText(colored: usesColor(environment))
    }
    return lines
  }

  private func usesColor(_ environment: [String: String]) -> Bool {
    switch color {
    case .always: true
    case .never: false
    case .auto:
      isatty(1) != 0 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
  }
}
