import GRDB
import Practice

extension ProgressStore {
  /// At most this many presses are kept one by one; older days are folded into day summaries
  /// per key and per jamo (`pressSummary`).
  ///
  /// 30,000 presses are about ten hours of practice and about 4 MB on disk. Only whole days
  /// are folded, oldest first, and never the newest day (a day of more presses than the
  /// bound keeps them until the next day's practice). A summary keeps the counts and the
  /// day's median sample, which is all the stats and the filtered time need from an old day.
  public static let pressLimit = 30_000

  /// The longest interval or jamo time read back: a damaged row cannot make sums overflow.
  static let longestStoredSample: Milliseconds = 600_000

  // MARK: - Writing

  /// Stores a result's presses and folds the oldest days beyond `limit`; part of the
  /// transaction of ``record(_:startedAt:session:day:pressLimit:)``.
  static func insertPresses(
    _ records: [PressRecord], session: Int64, day: Int, limit: Int, into db: Database
  ) throws {
    guard !records.isEmpty else { return }
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO keyPress (
          sessionId, day, layoutId, keyId, previousLayoutId, previousKeyId, intervalMs, isHold,
          cueShown, isRight, isTimed, jamo, jamoMs, jamoCued)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    for record in records {
      try insert.execute(arguments: [
        session, day, record.key.layoutID, record.key.keyID, record.previousKey?.layoutID,
        record.previousKey?.keyID, record.interval, record.isHold, record.isCueShown,
        record.isRight, record.isTimed, record.jamo, record.jamoTime, record.isJamoCued,
      ])
    }
    try foldPresses(beyond: limit, in: db)
  }

  /// Folds the oldest days of presses into summaries until at most `limit` are kept one by
  /// one (never the newest day).
  static func foldPresses(beyond limit: Int, in db: Database) throws {
    var count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM keyPress") ?? 0
    while count > max(0, limit) {
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT MIN(day) AS oldest, MAX(day) AS newest FROM keyPress"),
        let oldest = try row.decode(Int?.self, forColumn: "oldest"),
        let newest = try row.decode(Int?.self, forColumn: "newest"), oldest < newest
      else { return }
      let records = try Row.fetchAll(
        db, sql: "SELECT * FROM keyPress WHERE day = ? ORDER BY id", arguments: [oldest]
      ).map(pressRecord)
      for summary in UnitDaySummary.fold(records, day: oldest) {
        try addSummary(summary, in: db)
      }
      try db.execute(sql: "DELETE FROM keyPress WHERE day = ?", arguments: [oldest])
      count -= records.count
    }
  }

  /// Adds a day summary, merged with one already stored for the same unit and day.
  static func addSummary(_ summary: UnitDaySummary, in db: Database) throws {
    let (kind, layout, unit) = columns(of: summary.unit)
    var merged = summary
    if let stored = try Row.fetchOne(
      db,
      sql: "SELECT * FROM pressSummary WHERE day = ? AND kind = ? AND layoutId = ? AND unit = ?",
      arguments: [summary.day, kind, layout, unit])
    {
      // A row of a kind this version does not know cannot share this key's unit.
      if let stored = try daySummary(stored) { merged = stored.merged(with: summary) }
    }
    let cap = Int64(maximumCount)
    try db.execute(
      sql: """
        INSERT OR REPLACE INTO pressSummary (
          day, kind, layoutId, unit, presses, wrong, blind, samples, totalMs, medianMs,
          cuedSamples)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        merged.day, kind, layout, unit, min(merged.tally.presses, maximumCount),
        min(merged.tally.wrong, maximumCount), min(merged.tally.blind, maximumCount),
        min(merged.tally.samples, maximumCount), min(merged.tally.totalTime, cap * 1000),
        merged.median, min(merged.tally.cuedSamples, maximumCount),
      ])
  }

  private static func columns(of unit: SpeedUnit) -> (kind: String, layout: String, unit: String) {
    switch unit {
    case .key(let key): ("key", key.layoutID, key.keyID)
    case .jamo(let layout, let jamo): ("jamo", layout, jamo)
    }
  }

  /// The unit a summary row is about; `nil` for a kind this version does not know.
  private static func unit(kind: String, layout: String, unit: String) -> SpeedUnit? {
    switch kind {
    case "key": .key(KeyRef(layoutID: layout, keyID: unit))
    case "jamo": .jamo(layoutID: layout, jamo: unit)
    default: nil
    }
  }

  /// The unit a row with `kind`, `layoutId` and `unit` columns is about; `nil` for a kind
  /// this version does not know.
  private static func unit(of row: Row) throws -> SpeedUnit? {
    unit(
      kind: try row.decode(String.self, forColumn: "kind"),
      layout: try row.decode(String.self, forColumn: "layoutId"),
      unit: try row.decode(String.self, forColumn: "unit"))
  }

  /// A `pressSummary` row; `nil` for a kind this version does not know.
  static func daySummary(_ row: Row) throws -> UnitDaySummary? {
    guard let unit = try unit(of: row) else { return nil }
    return UnitDaySummary(
      unit: unit,
      day: try row.decode(Int.self, forColumn: "day"),
      tally: UnitTally(
        presses: try row.decode(Int.self, forColumn: "presses"),
        wrong: try row.decode(Int.self, forColumn: "wrong"),
        blind: try row.decode(Int.self, forColumn: "blind"),
        samples: try row.decode(Int.self, forColumn: "samples"),
        totalTime: try row.decode(Int64.self, forColumn: "totalMs"),
        cuedSamples: try row.decode(Int.self, forColumn: "cuedSamples")),
      median: try row.decode(Int64?.self, forColumn: "medianMs"))
  }

  static func pressRecord(_ row: Row) throws -> PressRecord {
    let previousLayout = try row.decode(String?.self, forColumn: "previousLayoutId")
    let previousKey = try row.decode(String?.self, forColumn: "previousKeyId")
    return PressRecord(
      key: KeyRef(
        layoutID: try row.decode(String.self, forColumn: "layoutId"),
        keyID: try row.decode(String.self, forColumn: "keyId")),
      previousKey: previousLayout.flatMap { layout in
        previousKey.map { KeyRef(layoutID: layout, keyID: $0) }
      },
      interval: try row.decode(Int64?.self, forColumn: "intervalMs").map(clampedSample),
      isHold: try row.decode(Bool.self, forColumn: "isHold"),
      isCueShown: try row.decode(Bool.self, forColumn: "cueShown"),
      isRight: try row.decode(Bool.self, forColumn: "isRight"),
      isTimed: try row.decode(Bool.self, forColumn: "isTimed"),
      jamo: try row.decode(String?.self, forColumn: "jamo"),
      jamoTime: try row.decode(Int64?.self, forColumn: "jamoMs").map(clampedSample),
      isJamoCued: try row.decode(Bool.self, forColumn: "jamoCued"))
  }

  private static func clampedSample(_ value: Int64) -> Milliseconds {
    min(max(0, value), longestStoredSample)
  }

  // MARK: - Reading

  /// Presses kept one by one (for tests and diagnostics).
  public func pressCount() throws(StorageError) -> Int {
    try read("counting presses") { db in
      try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM keyPress") ?? 0
    }
  }

  /// The presses kept one by one, oldest first (for tests and diagnostics).
  public func presses() throws(StorageError) -> [PressRecord] {
    try read("reading presses") { db in
      try Row.fetchAll(db, sql: "SELECT * FROM keyPress ORDER BY id").map(Self.pressRecord)
    }
  }

  /// Every key's and jamo's observations: counts over all time (summaries included), the
  /// latest `window` samples kept one by one, newest first, the folded days' medians, and
  /// whether each of the latest `accuracyWindow` presses was right.
  public func speedObservations(
    window: Int = SpeedRules().sampleWindow, accuracyWindow: Int = SpeedRules().accuracyWindow
  ) throws(StorageError) -> [SpeedUnit: UnitObservations] {
    try read("reading key timings") { db in
      var observations: [SpeedUnit: UnitObservations] = [:]
      let clamp = "min(max(%@, 0), \(Self.longestStoredSample))"
      let interval = clamp.replacingOccurrences(of: "%@", with: "intervalMs")
      let jamoTime = clamp.replacingOccurrences(of: "%@", with: "jamoMs")
      let keyTallies = try Row.fetchAll(
        db,
        sql: """
          SELECT 'key' AS kind, layoutId, keyId AS unit, COUNT(*) AS presses,
            SUM(NOT isRight) AS wrong, SUM(NOT cueShown) AS blind,
            SUM(isTimed AND intervalMs IS NOT NULL) AS samples,
            SUM(CASE WHEN isTimed AND intervalMs IS NOT NULL THEN \(interval) ELSE 0 END) AS totalMs,
            SUM(isTimed AND intervalMs IS NOT NULL AND cueShown) AS cuedSamples
          FROM keyPress GROUP BY layoutId, keyId
          UNION ALL
          SELECT 'jamo', layoutId, jamo, COUNT(*), SUM(NOT isRight), SUM(NOT cueShown),
            COUNT(jamoMs), SUM(CASE WHEN jamoMs IS NOT NULL THEN \(jamoTime) ELSE 0 END),
            SUM(jamoMs IS NOT NULL AND jamoCued)
          FROM keyPress WHERE jamo IS NOT NULL GROUP BY layoutId, jamo
          UNION ALL
          SELECT kind, layoutId, unit, SUM(presses), SUM(wrong), SUM(blind), SUM(samples),
            SUM(totalMs), SUM(cuedSamples)
          FROM pressSummary GROUP BY kind, layoutId, unit
          """)
      for row in keyTallies {
        guard let unit = try Self.unit(of: row) else { continue }
        observations[unit, default: UnitObservations()].tally.merge(
          UnitTally(
            presses: try row.decode(Int.self, forColumn: "presses"),
            wrong: try row.decode(Int.self, forColumn: "wrong"),
            blind: try row.decode(Int.self, forColumn: "blind"),
            samples: try row.decode(Int.self, forColumn: "samples"),
            totalTime: try row.decode(Int64.self, forColumn: "totalMs"),
            cuedSamples: try row.decode(Int.self, forColumn: "cuedSamples")))
      }
      let recent = try Row.fetchAll(
        db,
        sql: """
          SELECT kind, layoutId, unit, sample, isCued FROM (
            SELECT 'key' AS kind, layoutId, keyId AS unit, \(interval) AS sample,
              cueShown AS isCued,
              ROW_NUMBER() OVER (PARTITION BY layoutId, keyId ORDER BY id DESC) AS n
            FROM keyPress WHERE isTimed AND intervalMs IS NOT NULL
            UNION ALL
            SELECT 'jamo', layoutId, jamo, \(jamoTime), jamoCued,
              ROW_NUMBER() OVER (PARTITION BY layoutId, jamo ORDER BY id DESC)
            FROM keyPress WHERE jamo IS NOT NULL AND jamoMs IS NOT NULL
          ) WHERE n <= ? ORDER BY kind, layoutId, unit, n
          """,
        arguments: [max(1, window)])
      for row in recent {
        guard let unit = try Self.unit(of: row) else { continue }
        var seen = observations[unit] ?? UnitObservations()
        seen.recent.append(try row.decode(Int64.self, forColumn: "sample"))
        seen.recentCued.append(try row.decode(Bool.self, forColumn: "isCued"))
        observations[unit] = seen
      }
      let latest = try Row.fetchAll(
        db,
        sql: """
          SELECT kind, layoutId, unit, isRight FROM (
            SELECT 'key' AS kind, layoutId, keyId AS unit, isRight,
              ROW_NUMBER() OVER (PARTITION BY layoutId, keyId ORDER BY id DESC) AS n
            FROM keyPress
            UNION ALL
            SELECT 'jamo', layoutId, jamo, isRight,
              ROW_NUMBER() OVER (PARTITION BY layoutId, jamo ORDER BY id DESC)
            FROM keyPress WHERE jamo IS NOT NULL
          ) WHERE n <= ? ORDER BY kind, layoutId, unit, n
          """,
        arguments: [max(1, accuracyWindow)])
      for row in latest {
        guard let unit = try Self.unit(of: row) else { continue }
        observations[unit, default: UnitObservations()].recentRight.append(
          try row.decode(Bool.self, forColumn: "isRight"))
      }
      let folded = try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM (
            SELECT *, ROW_NUMBER() OVER (PARTITION BY kind, layoutId, unit ORDER BY day DESC) AS n
            FROM pressSummary WHERE medianMs IS NOT NULL AND samples > 0
          ) WHERE n <= ? ORDER BY kind, layoutId, unit, n
          """,
        arguments: [max(1, window)])
      for row in folded {
        guard let summary = try Self.daySummary(row), let day = summary.sampleDay else { continue }
        observations[summary.unit, default: UnitObservations()].foldedDays.append(
          SampleDay(day: day.day, samples: day.samples, median: Self.clampedSample(day.median)))
      }
      return observations
    }
  }

  /// Each jamo's median time per day, `first` … `last`, from the presses kept and the folded
  /// days alike, oldest day first: the learning curves of `cheonjiin stats`.
  public func jamoDays(from first: Int, to last: Int) throws(StorageError) -> [SpeedUnit:
    [SampleDay]]
  {
    try read("reading jamo timings") { db in
      var samples: [SpeedUnit: [Int: [Milliseconds]]] = [:]
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT day, layoutId, jamo, jamoMs FROM keyPress
          WHERE jamo IS NOT NULL AND jamoMs IS NOT NULL AND day BETWEEN ? AND ?
          """,
        arguments: [first, last])
      for row in rows {
        let unit = SpeedUnit.jamo(
          layoutID: try row.decode(String.self, forColumn: "layoutId"),
          jamo: try row.decode(String.self, forColumn: "jamo"))
        samples[unit, default: [:]][try row.decode(Int.self, forColumn: "day"), default: []].append(
          Self.clampedSample(try row.decode(Int64.self, forColumn: "jamoMs")))
      }
      var days: [SpeedUnit: [Int: UnitDaySummary]] = [:]
      for (unit, byDay) in samples {
        for (day, values) in byDay {
          days[unit, default: [:]][day] = UnitDaySummary(
            unit: unit, day: day, tally: UnitTally(samples: values.count), median: values.median)
        }
      }
      let folded = try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM pressSummary
          WHERE kind = 'jamo' AND medianMs IS NOT NULL AND samples > 0 AND day BETWEEN ? AND ?
          """,
        arguments: [first, last])
      for row in folded {
        guard let summary = try Self.daySummary(row) else { continue }
        let kept = days[summary.unit, default: [:]][summary.day]
        days[summary.unit, default: [:]][summary.day] = kept?.merged(with: summary) ?? summary
      }
      return days.mapValues { byDay in
        byDay.values.sorted { $0.day < $1.day }.compactMap(\.sampleDay)
      }
    }
  }

  // MARK: - Unlocked jamo

  /// The jamo the adaptive round has unlocked on a layout, in the order they unlocked.
  ///
  /// Anything in the stored text that is not a single jamo (a damaged or hand-edited row) is
  /// left out.
  public func unlockedJamo(layoutID: String) throws(StorageError) -> [String] {
    try read("reading the unlocked jamo") { db in
      let text =
        try String.fetchOne(
          db, sql: "SELECT unlocked FROM adaptiveProgress WHERE layoutId = ?",
          arguments: [layoutID]) ?? ""
      return text.split(separator: " ").map(String.init).filter { letter in
        letter.unicodeScalars.count == 1
          && letter.unicodeScalars.allSatisfy { (0x3131...0x3163).contains($0.value) }
      }
    }
  }

  /// Saves the jamo the adaptive round has unlocked on a layout.
  ///
  /// - Parameter time: Milliseconds since 1970 UTC.
  public func saveUnlockedJamo(
    _ jamo: [String], layoutID: String, at time: Int64
  ) throws(StorageError) {
    try write("saving the unlocked jamo") { db in
      try db.execute(
        sql: """
          INSERT INTO adaptiveProgress (layoutId, unlocked, updatedAt) VALUES (?, ?, ?)
          ON CONFLICT (layoutId) DO UPDATE SET
            unlocked = excluded.unlocked, updatedAt = excluded.updatedAt
          """,
        arguments: [layoutID, jamo.joined(separator: " "), time])
    }
  }
}

// MARK: - The adaptive round's target

/// Who set the adaptive round's saved target.
public enum TargetSetter: String, Sendable, Hashable {
  /// The trainer, from the learner's pace (and raised as they improved).
  case pace
  /// The learner, with `practice --target`.
  case learner
}

extension ProgressStore {
  /// The adaptive round's target on a layout, in 글자/분, and who set it; `nil` before it was
  /// set, or when the stored value is not a speed the trainer accepts (a damaged row).
  public func adaptiveTarget(
    layoutID: String
  ) throws(StorageError) -> (syllablesPerMinute: Double, setBy: TargetSetter)? {
    try read("reading the practice target") { db in
      guard
        let row = try Row.fetchOne(
          db, sql: "SELECT targetSpm, targetSetBy FROM adaptiveProgress WHERE layoutId = ?",
          arguments: [layoutID]),
        let speed = try row.decode(Double?.self, forColumn: "targetSpm"),
        speed.isFinite, SpeedTarget.allowed.contains(speed)
      else { return nil }
      let setter = try row.decode(String?.self, forColumn: "targetSetBy")
      return (speed, setter.flatMap(TargetSetter.init(rawValue:)) ?? .pace)
    }
  }

  /// Saves the adaptive round's target on a layout (the unlocked jamo are kept).
  ///
  /// - Parameter time: Milliseconds since 1970 UTC.
  public func saveAdaptiveTarget(
    _ syllablesPerMinute: Double, setBy setter: TargetSetter, layoutID: String, at time: Int64
  ) throws(StorageError) {
    try write("saving the practice target") { db in
      try db.execute(
        sql: """
          INSERT INTO adaptiveProgress (layoutId, unlocked, updatedAt, targetSpm, targetSetBy)
          VALUES (?, '', ?, ?, ?)
          ON CONFLICT (layoutId) DO UPDATE SET
            targetSpm = excluded.targetSpm, targetSetBy = excluded.targetSetBy,
            updatedAt = excluded.updatedAt
          """,
        arguments: [layoutID, time, syllablesPerMinute, setter.rawValue])
    }
  }
}
