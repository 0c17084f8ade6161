import ArgumentParser
import Foundation
import HangulEngine
import LayoutLoading
import Practice
import ReportViews
import Storage
import TerminalUI

struct StatsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stats",
    abstract: "Show practice progress over days: speed, accuracy, and the keys you miss.",
    discussion: """
      Charts of 글자/분 and 정확도 per day (several days per bar over long ranges), then the \
      pad with each key marked by how often it was missed and, once presses were timed, the \
      pad marked by speed (the median of each key's latest 15 presses against the target), \
      the letters the adaptive round has unlocked, the one it works on next, and each \
      letter's time per day. --json prints the whole history (or the --days asked for) with \
      a stable schema (cheonjiin-stats, version 2: version 1 plus timings). \
      Progress: $XDG_DATA_HOME/cheonjiin/progress.sqlite.
      Examples: cheonjiin stats --days 7;  cheonjiin stats --json > progress.json
      """)

  @Option(help: "Show the last N days, today included (default 30; JSON: the whole history).")
  var days: Int?

  @Flag(help: "Show the whole history.")
  var all = false

  @Flag(help: "Print JSON for export instead of charts.")
  var json = false

  @OptionGroup var layoutOption: LayoutOption

  @Option(
    help:
      "Colour the pad: auto (when the output is a terminal and NO_COLOR is unset), always, never.")
  var color: ColorMode = .auto

  @Flag(help: "Draw bars with # instead of block characters.")
  var ascii = false

  @Option(
    help: ArgumentHelp(
      "The speed the timings are judged against, in syllables a minute (1–200, default 20).",
      valueName: "N"))
  var target: Int?

  @Option(help: "Width of the charts in columns (default: $COLUMNS, at most 100, else 72).")
  var width: Int?

  enum ColorMode: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
  }

  func validate() throws {
    if let days, !(1...36_500).contains(days) {
      throw ValidationError(commandStrings.statsDaysOutOfRange(days))
    }
    if days != nil && all { throw ValidationError(commandStrings.statsDaysAndAll) }
    if let width, !(20...1000).contains(width) {
      throw ValidationError(commandStrings.statsWidthOutOfRange(width))
    }
    if let target, !(1...200).contains(target) {
      throw ValidationError(commandStrings.adaptiveTargetOutOfRange(target))
    }
  }

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let layouts = try layoutOption.load()
    let today = localDayNumber(now: Date(), timeZone: .current)
    let store: ProgressStore
    do {
      store = try openProgressStore(
        at: ProgressStore.defaultPath(environment: environment), for: .reading
      ).store
    } catch {
      printError(commandStrings.storageError(error))
      throw ExitCode.failure
    }
    // The report's colours are its own escape sequences; its text is numbers and the labels of
    // layouts, which cannot hold control characters.
    var output = OutputBuffer(content: .styled)
    do throws(StorageError) {
      let range = dayRange(recorded: try plausibleDays(store, today: today), today: today)
      var daily: [DailyStat] = []
      if let range { daily = try store.dailyStats(from: range.lowerBound, to: range.upperBound) }
      let keys = try store.keyStats()
      let timings = try Timings(store, layouts: layouts, target: target, environment: environment)
      if json {
        var jamoDays: [SpeedUnit: [SampleDay]] = [:]
        if let range {
          jamoDays = try store.jamoDays(from: range.lowerBound, to: range.upperBound)
        }
        output.append(
          StatsJSON.encode(
            days: daily, keys: keys, labels: LessonSummary.keyLabels(in: layouts), today: today,
            speeds: timings.speeds, adaptive: timings.standing, adaptiveLayout: timings.layoutID,
            jamoDays: jamoDays))
      } else {
        var jamoDays: [String: [SampleDay]] = [:]
        if let range, timings.hasPresses {
          jamoDays = try store.jamoDays(from: range.lowerBound, to: range.upperBound)
            .jamo(layoutID: timings.layoutID)
        }
        let report = StatsReport(
          days: range, daily: daily,
          heatmap: layouts.first.map { KeypadHeatmap(layout: $0, stats: keys) },
          width: width ?? min(100, Int(environment["COLUMNS"] ?? "") ?? 72),
          style: ascii ? .ascii : .blocks, colored: usesColor(environment),
          speedMap: timings.hasPresses
            ? layouts.first.map {
              KeypadSpeedMap(
                layout: $0, observations: timings.observations, target: timings.standing.target)
            } : nil,
          standing: timings.hasPresses || timings.hasProgress ? timings.standing : nil,
          jamoDays: jamoDays)
        for line in report.lines(commandStrings) {
          output.append(line + "\n")
        }
      }
    } catch {
      printError(commandStrings.storageError(error))
      throw ExitCode.failure
    }
    try output.finish()
  }

  /// The timings of the keys and jamo, judged against the target in force, and where the
  /// adaptive round stands on the first layout: what its next round will do, exactly as
  /// `practice --plan` and the summary of a round say (``AdaptiveData/standing``).
  private struct Timings {
    let layoutID: String
    let observations: [SpeedUnit: UnitObservations]
    let standing: AdaptiveStanding
    let speeds: [SpeedUnit: JudgedSpeed]
    /// Some press was recorded.
    let hasPresses: Bool
    /// The adaptive round was started (letters unlocked or a target saved).
    let hasProgress: Bool

    init(
      _ store: ProgressStore, layouts: [Layout], target: Int?, environment: [String: String]
    ) throws(StorageError) {
      layoutID = layouts.first?.id ?? ""
      let history = try AdaptiveData.history(store, layoutID: layoutID)
      hasPresses = history.observations.values.contains { $0.tally.presses > 0 }
      hasProgress = !history.unlocked.isEmpty || history.target != nil
      observations = history.observations
      let settings = AdaptiveData.settings(saved: history.target, asked: target)
      let lessons = LessonCatalog.standard(
        messages: AdaptiveData.messages(environment: environment))
      var planner = AdaptivePlanner(
        vocabulary: AdaptiveData.vocabulary(lessons: lessons, environment: environment),
        layouts: layouts, settings: settings)
      standing = AdaptiveData.standing(&planner, history: history, layoutID: layoutID)
      var speeds: [SpeedUnit: JudgedSpeed] = [:]
      for (unit, seen) in observations {
        switch unit {
        case .key:
          speeds[unit] = JudgedSpeed(
            seen, targetTime: standing.target.perPress, rules: settings.rules)
        case .jamo(let layout, let letter):
          speeds[unit] =
            layout == layoutID
            ? standing.speeds[letter]
            : JudgedSpeed(
              seen, targetTime: planner.targetTime(of: letter, target: standing.target),
              rules: settings.rules)
        }
      }
      self.speeds = speeds
    }
  }

  /// The first and last day with practice, counting only days from 1970 to a year ahead: a
  /// result dated outside them comes from a wrong clock or a damaged file, and must not
  /// stretch the charts over millennia.
  private func plausibleDays(_ store: ProgressStore, today: Int) throws(StorageError)
    -> ClosedRange<Int>?
  {
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

  private func usesColor(_ environment: [String: String]) -> Bool {
    switch color {
    case .always: true
    case .never: false
    case .auto:
      isatty(1) != 0 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
  }
}
