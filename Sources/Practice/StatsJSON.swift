import HangulEngine

/// `cheonjiin stats --json`: the practice history as JSON with a stable schema.
///
/// Written by hand (the module has no Foundation), with keys always in the order below and
/// numbers rounded to 4 decimals, so the output is byte-for-byte reproducible.
///
/// Schema `cheonjiin-stats`, version 1:
/// ```
/// {
///   "schema": "cheonjiin-stats", "version": 1,
///   "generated": "2025-06-10",                       // today's date
///   "totals": TOTALS,                               // every day in "days" summed
///   "days": [ { "date": "2025-06-09", "day": 20248, "sessions": 2, ...TOTALS }, ... ],
///   "keys": [ { "layout": "cheonjiin-galaxy", "key": "g", "label": "ㄱㅋ",
///               "hits": 40, "misses": 3, "streak": 5,
///               "errorRate": 0.0698 | null, "level": "unknown|good|fair|poor" }, ... ]
/// }
/// TOTALS = "items", "completedItems", "presses", "backspaces", "minimumPresses",
///   "promptedPresses", "targetLength", "editDistance", "correctSyllables", "durationMs"
///   (integers), then "syllablesPerMinute", "pressesPerMinute" (numbers), "accuracy",
///   "efficiency" (0 … 1).
/// ```
/// Days are sorted by date, keys by layout then key id. New fields may be added at the end
/// of an object in a later version; existing fields keep their meaning.
public enum StatsJSON {
  public static let schema = "cheonjiin-stats"
  public static let version = 1

  /// The JSON text, ending with a newline.
  ///
  /// - Parameters:
  ///   - days: Daily stats, in any order.
  ///   - keys: Per-key stats.
  ///   - labels: Key labels for the `label` field (``LessonSummary/keyLabels(in:)``).
  ///   - today: The `generated` date.
  ///   - thresholds: For the `level` field.
  public static func encode(
    days: [DailyStat], keys: [KeyRef: KeyStats], labels: [KeyRef: String] = [:],
    today: DayNumber, thresholds: HeatThresholds = HeatThresholds()
  ) -> String {
    var totals = ResultTotals()
    for day in days { totals.merge(day.totals) }
    var out = "{\n"
    out += "  \"schema\": \(string(schema)),\n"
    out += "  \"version\": \(version),\n"
    out += "  \"generated\": \(string(CalendarDay(dayNumber: today).description)),\n"
    out += "  \"totals\": {\(fields(totals))},\n"
    out += "  \"days\": ["
    let sortedDays = days.sorted { $0.day < $1.day }
    for (index, day) in sortedDays.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      out += "    {\"date\": \(string(day.date.description)), \"day\": \(day.day), "
      out += "\"sessions\": \(day.sessions), \(fields(day.totals))}"
    }
    out += sortedDays.isEmpty ? "],\n" : "\n  ],\n"
    out += "  \"keys\": ["
    let sortedKeys = keys.keys.sorted()
    for (index, key) in sortedKeys.enumerated() {
      let stats = keys[key] ?? KeyStats()
      out += index == 0 ? "\n" : ",\n"
      out += "    {\"layout\": \(string(key.layoutID)), \"key\": \(string(key.keyID)), "
      out += "\"label\": \(labels[key].map(string) ?? "null"), "
      out += "\"hits\": \(stats.hits), \"misses\": \(stats.misses), \"streak\": \(stats.streak), "
      out += "\"errorRate\": \(stats.errorRate.map(number) ?? "null"), "
      out += "\"level\": \(string(thresholds.level(stats).rawValue))}"
    }
    out += sortedKeys.isEmpty ? "]\n" : "\n  ]\n"
    out += "}\n"
    return out
  }

  private static func fields(_ totals: ResultTotals) -> String {
    let integers: [(String, Int)] = [
      ("items", totals.items), ("completedItems", totals.completedItems),
      ("presses", totals.presses), ("backspaces", totals.backspaces),
      ("minimumPresses", totals.minimumPresses), ("promptedPresses", totals.promptedPresses),
      ("targetLength", totals.targetLength), ("editDistance", totals.distance),
      ("correctSyllables", totals.correctSyllables), ("durationMs", Int(totals.duration)),
    ]
    let numbers: [(String, Double)] = [
      ("syllablesPerMinute", totals.syllablesPerMinute),
      ("pressesPerMinute", totals.pressesPerMinute),
      ("accuracy", totals.accuracy), ("efficiency", totals.efficiency),
    ]
    return
      (integers.map { "\(string($0.0)): \($0.1)" }
      + numbers.map { "\(string($0.0)): \(number($0.1))" }).joined(separator: ", ")
  }

  /// A JSON string literal.
  static func string(_ text: String) -> String {
    jsonQuoted(text)
  }

  /// A JSON number rounded to 4 decimals without exponent; `null` when not finite.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    let scaled = (value * 10_000).rounded()
    guard abs(scaled) < 9e15 else { return "null" }
    let units = Int64(scaled)
    let sign = units < 0 ? "-" : ""
    let magnitude = units.magnitude
    let whole = magnitude / 10_000
    var fraction = String(magnitude % 10_000)
    if fraction == "0" { return sign + String(whole) }
    fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return "\(sign)\(whole).\(fraction)"
  }
}
