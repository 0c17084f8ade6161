import HangulEngine
import Utilities

/// `cheonjiin stats --json`: the practice history as JSON with a stable schema.
///
/// Written by hand (the module has no Foundation), with keys always in the order below and
/// numbers rounded to 4 decimals, so the output is byte-for-byte reproducible.
///
/// Schema `cheonjiin-stats`, version 3 (version 1 plus the fields marked *v2* and *v3*, each at
/// the end of its object; every earlier field keeps its name, place and meaning):
/// ```
/// {
///   "schema": "cheonjiin-stats", "version": 2,
///   "generated": "2025-06-10",                       // today's date
///   "totals": TOTALS,                               // every day in "days" summed
///   "days": [ { "date": "2025-06-09", "day": 20248, "sessions": 2, ...TOTALS }, ... ],
///   "keys": [ { "layout": "cheonjiin-galaxy", "key": "g", "label": "ㄱㅋ",
///               "hits": 40, "misses": 3, "streak": 5,
///               "errorRate": 0.0698 | null, "level": "unknown|good|fair|poor",
///               ...SPEED } , ... ],                // v2: SPEED
///   "jamo": [ { "layout": "cheonjiin-galaxy", "jamo": "ㅕ", "unlocked": true, ...SPEED,
///               "errorRate": 0.05 | null,                      // v2
///               "targetMs": 2295,                               // v3: the letter's own target
///               "days": [ { "date": "2025-06-09", "day": 20248, "samples": 12,
///                           "medianMs": 2510 }, ... ] }, ... ], // v3: its day-by-day history
///   "adaptive": { "layout": "cheonjiin-galaxy", "target": 20, "unlocked": ["ㅇ", …],
///                 "focus": "ㅕ" | null, "reason": "new|inaccurate|slow|slowest",
///                 "next": "ㅓ" | null,                           // v2
///                 "newlyUnlocked": "ㅓ" | null,                  // v3: opens next round
///                 "targetChange": "kept|fromPace|raised",       // v3
///                 "pace": 14.8 | null } | null                   // v3: 글자/분 now
/// }
/// TOTALS = "items", "completedItems", "presses", "backspaces", "minimumPresses",
///   "promptedPresses", "targetLength", "editDistance", "correctSyllables", "durationMs"
///   (integers), then "syllablesPerMinute", "pressesPerMinute" (numbers), "accuracy",
///   "efficiency" (0 … 1), then (v4) "wordsRight" (items typed to the end exactly, of
///   "items") and "keysRight" (the share of next keys pressed right, 0 … 1; null for days
///   recorded before it was counted).
/// SPEED = "presses", "samples" (integers), "medianMs" (the filtered time: the median of the
///   latest 15 samples; null before the first), "confidence" (target time ÷ medianMs; null
///   before 5 samples), "blindShare" (presses made with no cue showing ÷ presses, 0 … 1;
///   null before the first press).
/// ```
/// Days are sorted by date, keys by layout then key id (a key with timings but no hits or
/// misses is listed with zero counts), jamo by layout then jamo, a jamo's days by date.
/// "adaptive" is what the next adaptive round will do, as `practice --plan --json` says: the
/// same focus, the same target. New fields may be added at the end of an object in a later
/// version; existing fields keep their meaning.
public enum StatsJSON {
  public static let schema = "cheonjiin-stats"
  public static let version = 4

  /// The JSON text, ending with a newline.
  ///
  /// - Parameters:
  ///   - days: Daily stats, in any order.
  ///   - keys: Per-key stats.
  ///   - labels: Key labels for the `label` field (``LessonSummary/keyLabels(in:)``).
  ///   - today: The `generated` date.
  ///   - thresholds: For the `level` field.
  ///   - speeds: Every key's and jamo's speed against the target in force.
  ///   - adaptive: Where the adaptive round stands on `adaptiveLayout`, if known.
  ///   - jamoDays: Each jamo's days (median and samples), for its history.
  public static func encode(
    days: [DailyStat], keys: [KeyRef: KeyStats], labels: [KeyRef: String] = [:],
    today: DayNumber, thresholds: HeatThresholds = HeatThresholds(),
    speeds: [SpeedUnit: JudgedSpeed] = [:], adaptive: AdaptiveStanding? = nil,
    adaptiveLayout: String = "", jamoDays: [SpeedUnit: [SampleDay]] = [:]
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
    var timedKeys: Set<KeyRef> = []
    var jamo: [(layout: String, jamo: String, speed: JudgedSpeed)] = []
    for (unit, speed) in speeds {
      switch unit {
      case .key(let key): timedKeys.insert(key)
      case .jamo(let layout, let letter): jamo.append((layout, letter, speed))
      }
    }
    let sortedKeys = Set(keys.keys).union(timedKeys).sorted()
    for (index, key) in sortedKeys.enumerated() {
      let stats = keys[key] ?? KeyStats()
      out += index == 0 ? "\n" : ",\n"
      out += "    {\"layout\": \(string(key.layoutID)), \"key\": \(string(key.keyID)), "
      out += "\"label\": \(labels[key].map(string) ?? "null"), "
      out += "\"hits\": \(stats.hits), \"misses\": \(stats.misses), \"streak\": \(stats.streak), "
      out += "\"errorRate\": \(stats.errorRate.map(number) ?? "null"), "
      out += "\"level\": \(string(thresholds.level(stats).rawValue)), "
      out += speedFields(speeds[.key(key)]) + "}"
    }
    out += sortedKeys.isEmpty ? "],\n" : "\n  ],\n"
    out += "  \"jamo\": ["
    let unlocked = Set(adaptive?.unlocked ?? [])
    let sortedJamo = jamo.sorted { ($0.layout, $0.jamo) < ($1.layout, $1.jamo) }
    for (index, entry) in sortedJamo.enumerated() {
      out += index == 0 ? "\n" : ",\n"
      let isUnlocked = entry.layout == adaptiveLayout && unlocked.contains(entry.jamo)
      out += "    {\"layout\": \(string(entry.layout)), \"jamo\": \(string(entry.jamo)), "
      out += "\"unlocked\": \(isUnlocked), \(speedFields(entry.speed)), "
      out += "\"errorRate\": \(entry.speed.errorRate.map(number) ?? "null"), "
      out += "\"targetMs\": \(entry.speed.targetTime), \"days\": ["
      let history = (jamoDays[.jamo(layoutID: entry.layout, jamo: entry.jamo)] ?? [])
        .sorted { $0.day < $1.day }
      out += history.map { day in
        "{\"date\": \(string(CalendarDay(dayNumber: day.day).description)), \"day\": \(day.day), "
          + "\"samples\": \(day.samples), \"medianMs\": \(day.median)}"
      }.joined(separator: ", ")
      out += "]}"
    }
    out += sortedJamo.isEmpty ? "],\n" : "\n  ],\n"
    out +=
      "  \"adaptive\": \(adaptive.map { adaptiveObject($0, layout: adaptiveLayout) } ?? "null")\n"
    out += "}\n"
    return out
  }

  /// `"presses": …, "samples": …, "medianMs": …, "confidence": …, "blindShare": …`.
  private static func speedFields(_ speed: JudgedSpeed?) -> String {
    let presses = speed?.tally.presses ?? 0
    let samples = speed?.tally.samples ?? 0
    let median = speed?.filteredTime.map { String($0) } ?? "null"
    let confidence = speed?.confidence.map(number) ?? "null"
    let blind = speed?.blindShare.map(number) ?? "null"
    return "\"presses\": \(presses), \"samples\": \(samples), \"medianMs\": \(median), "
      + "\"confidence\": \(confidence), \"blindShare\": \(blind)"
  }

  private static func adaptiveObject(_ standing: AdaptiveStanding, layout: String) -> String {
    return "{\"layout\": \(string(layout)), "
      + "\"target\": \(number(standing.target.syllablesPerMinute)), "
      + "\"unlocked\": [\(standing.unlocked.map(string).joined(separator: ", "))], "
      + "\"focus\": \(standing.focus.map(string) ?? "null"), \"reason\": \(string(standing.reason.rawValue)), "
      + "\"next\": \(standing.next.map(string) ?? "null"), "
      + "\"newlyUnlocked\": \(standing.newlyUnlocked.map(string) ?? "null"), "
      + "\"targetChange\": \(string(standing.targetChange.rawValue)), "
      + "\"pace\": \(standing.pace.map { number($0.syllablesPerMinute) } ?? "null")}"
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
    let figures = [
      "\"wordsRight\": \(totals.exactItems)",
      "\"keysRight\": \(totals.keysRight.map(number) ?? "null")",
    ]
    return
      (integers.map { "\(string($0.0)): \($0.1)" }
      + numbers.map { "\(string($0.0)): \(number($0.1))" } + figures).joined(separator: ", ")
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
