import GRDB
import Practice

/// Where a lesson was left ("continue where I left off").
public struct LessonProgress: Sendable, Hashable {
  public var lessonID: String
  /// The index of the next item of the lesson's round.
  public var nextItem: Int
  /// The last round was finished.
  public var isFinished: Bool
  /// Rounds finished so far.
  public var completedRuns: Int
  public var lastDay: Int
  /// Milliseconds since 1970 UTC of the last change; orders lessons by recency.
  public var updatedAt: Int64

  public init(
    lessonID: String, nextItem: Int, isFinished: Bool, completedRuns: Int, lastDay: Int,
    updatedAt: Int64
  ) {
    self.lessonID = lessonID
    self.nextItem = nextItem
    self.isFinished = isFinished
    self.completedRuns = completedRuns
    self.lastDay = lastDay
    self.updatedAt = updatedAt
  }
}

extension ProgressStore {
  // MARK: - Recording

  /// Starts a session (one run of a lesson) and returns its id for
  /// ``record(_:startedAt:session:day:)``.
  ///
  /// - Parameters:
  ///   - startedAt: Milliseconds since 1970 UTC.
  ///   - day: The local day number (``localDayNumber(now:timeZone:)``).
  public func beginSession(
    lessonID: String, layoutID: String, startedAt: Int64, day: Int
  ) throws(StorageError) -> Int64 {
    try checkDay(day, "starting a session")
    return try write("starting a session") { db in
      try db.execute(
        sql: "INSERT INTO session (startedAt, day, lessonId, layoutId) VALUES (?, ?, ?, ?)",
        arguments: [startedAt, day, lessonID, layoutID])
      return db.lastInsertedRowID
    }
  }

  /// Marks a session as ended.
  public func endSession(_ session: Int64, endedAt: Int64) throws(StorageError) {
    try write("ending a session") { db in
      try db.execute(
        sql: "UPDATE session SET endedAt = ? WHERE id = ?", arguments: [endedAt, session])
    }
  }

  /// Stores one item attempt with its presses, adds its key tallies to the per-key stats, and
  /// moves the item's spaced-repetition schedule by the attempt's grade; all in one
  /// transaction.
  ///
  /// - Parameters:
  ///   - result: The attempt. Its times (``Practice/ItemResult/startedAt`` and the others)
  ///     are on the caller's monotonic clock and only give the duration that is stored.
  ///   - startedAt: When the item was shown, by the wall clock: milliseconds since
  ///     1970-01-01 UTC (``unixMilliseconds(_:)``). Stored as the row's time stamp.
  ///   - session: The session from ``beginSession(lessonID:layoutID:startedAt:day:)``.
  ///   - day: The local day number the attempt counts for.
  ///   - pressLimit: Presses kept one by one before the oldest days are folded
  ///     (``pressLimit``).
  /// - Returns: The item's new schedule.
  /// - Throws: ``StorageError/invalidValue(path:operation:reason:)`` for a `day` outside
  ///   ``storableDays`` (the schedule's date arithmetic must not overflow).
  @discardableResult
  public func record(
    _ result: ItemResult, startedAt: Int64, session: Int64, day: Int,
    pressLimit: Int = ProgressStore.pressLimit
  ) throws(StorageError) -> ItemSchedule {
    try checkDay(day, "saving a practice result")
    let single = ResultTotals([result])
    let exact = (hits: single.keyHits, misses: single.keyMisses, isExact: single.exactItems)
    return try write("saving a practice result") { db in
      try db.execute(
        sql: """
          INSERT INTO itemResult (
            sessionId, day, lessonId, itemId, target, typed, presses, backspaces,
            minimumPresses, durationMs, accuracy, efficiency, startedAt, isCompleted,
            promptedPresses, wrongPresses, targetLength, editDistance, correctSyllables,
            keyHits, keyMisses, isExact)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          session, day, result.lessonID, result.itemID, result.target, result.typed,
          result.presses, result.backspaces, result.minimumPresses, result.duration,
          result.accuracy, result.efficiency, startedAt, result.isCompleted,
          result.promptedPresses, result.wrongPresses, result.score.targetLength,
          result.score.distance, result.score.correctSyllables, exact.hits, exact.misses,
          exact.isExact,
        ])
      for (key, tally) in result.keyTallies.sorted(by: { $0.key < $1.key }) {
        try db.execute(
          // Sums stop at maximumCount: an overflow would turn the column into a REAL that
          // no later read could decode.
          sql: """
            INSERT INTO keyStat (layoutId, keyId, hits, misses, streak)
            VALUES (:layout, :key, :hits, :misses, :streak)
            ON CONFLICT (layoutId, keyId) DO UPDATE SET
              hits = min(hits + excluded.hits, :maximum),
              misses = min(misses + excluded.misses, :maximum),
              streak = CASE WHEN excluded.misses > 0 THEN excluded.streak
                ELSE min(streak + excluded.hits, :maximum) END
            """,
          arguments: [
            "layout": key.layoutID, "key": key.keyID, "hits": tally.hits,
            "misses": tally.misses, "streak": tally.trailingHits, "maximum": Self.maximumCount,
          ])
      }
      try Self.insertPresses(
        result.pressRecords, session: session, day: day, limit: pressLimit, into: db)
      // Read and written in the same IMMEDIATE transaction: no other instance can change
      // the schedule in between.
      let old =
        try Self.schedule(db, itemID: result.itemID).map(Self.bounded)
        ?? ItemSchedule.new(result.itemID, today: day)
      let new = old.reviewed(grade: result.grade, on: day)
      try db.execute(
        sql: """
          INSERT INTO itemSchedule (
            itemId, lessonId, repetitions, ease, intervalDays, dueDay, reviews, lapses, lastDay)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (itemId) DO UPDATE SET
            lessonId = excluded.lessonId, repetitions = excluded.repetitions,
            ease = excluded.ease, intervalDays = excluded.intervalDays,
            dueDay = excluded.dueDay, reviews = excluded.reviews, lapses = excluded.lapses,
            lastDay = excluded.lastDay
          """,
        arguments: [
          new.itemID, result.lessonID, new.repetitions, new.ease, new.intervalDays, new.dueDay,
          new.reviews, new.lapses, new.lastDay,
        ])
      return new
    }
  }

  // MARK: - Stats

  /// Practice summed per day, for days `first` … `last` that have any, oldest first.
  public func dailyStats(from first: Int, to last: Int) throws(StorageError) -> [DailyStat] {
    try read("reading daily stats") { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT day, COUNT(DISTINCT sessionId) AS sessions, COUNT(*) AS items,
            SUM(isCompleted) AS completedItems, SUM(presses) AS presses,
            SUM(backspaces) AS backspaces, SUM(minimumPresses) AS minimumPresses,
            SUM(promptedPresses) AS promptedPresses, SUM(targetLength) AS targetLength,
            SUM(editDistance) AS editDistance, SUM(correctSyllables) AS correctSyllables,
            SUM(durationMs) AS durationMs, COALESCE(SUM(keyHits), 0) AS keyHits,
            COALESCE(SUM(keyMisses), 0) AS keyMisses, SUM(isExact) AS exactItems
          FROM itemResult WHERE day BETWEEN ? AND ?
          GROUP BY day ORDER BY day
          """,
        arguments: [first, last])
      return try rows.map { row in
        var totals = ResultTotals()
        totals.items = try row.decode(Int.self, forColumn: "items")
        totals.completedItems = try row.decode(Int.self, forColumn: "completedItems")
        totals.presses = try row.decode(Int.self, forColumn: "presses")
        totals.backspaces = try row.decode(Int.self, forColumn: "backspaces")
        totals.minimumPresses = try row.decode(Int.self, forColumn: "minimumPresses")
        totals.promptedPresses = try row.decode(Int.self, forColumn: "promptedPresses")
        totals.targetLength = try row.decode(Int.self, forColumn: "targetLength")
        totals.distance = try row.decode(Int.self, forColumn: "editDistance")
        totals.correctSyllables = try row.decode(Int.self, forColumn: "correctSyllables")
        totals.duration = try row.decode(Int64.self, forColumn: "durationMs")
        totals.keyHits = try row.decode(Int.self, forColumn: "keyHits")
        totals.keyMisses = try row.decode(Int.self, forColumn: "keyMisses")
        totals.exactItems = try row.decode(Int.self, forColumn: "exactItems")
        return DailyStat(
          day: try row.decode(Int.self, forColumn: "day"),
          sessions: try row.decode(Int.self, forColumn: "sessions"), totals: totals)
      }
    }
  }

  /// The first and last day with any practice, or `nil` before the first.
  ///
  /// Results with a day outside ``storableDays`` (only a damaged or hand-edited file has
  /// them) are left out, so callers can count and format the days of the range safely.
  public func practiceDays() throws(StorageError) -> ClosedRange<Int>? {
    try read("reading the practice days") { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT MIN(day) AS first, MAX(day) AS last FROM itemResult
            WHERE typeof(day) = 'integer' AND day BETWEEN ? AND ?
            """,
          arguments: [Self.storableDays.lowerBound, Self.storableDays.upperBound]),
        let first = try row.decode(Int?.self, forColumn: "first"),
        let last = try row.decode(Int?.self, forColumn: "last")
      else { return nil }
      return first...last
    }
  }

  /// Per-key stats, optionally for one layout.
  public func keyStats(layoutID: String? = nil) throws(StorageError) -> [KeyRef: KeyStats] {
    try read("reading key stats") { db in
      let rows: [Row]
      if let layoutID {
        rows = try Row.fetchAll(
          db, sql: "SELECT * FROM keyStat WHERE layoutId = ?", arguments: [layoutID])
      } else {
        rows = try Row.fetchAll(db, sql: "SELECT * FROM keyStat")
      }
      var stats: [KeyRef: KeyStats] = [:]
      for row in rows {
        let key = KeyRef(
          layoutID: try row.decode(String.self, forColumn: "layoutId"),
          keyID: try row.decode(String.self, forColumn: "keyId"))
        stats[key] = KeyStats(
          hits: try row.decode(Int.self, forColumn: "hits"),
          misses: try row.decode(Int.self, forColumn: "misses"),
          streak: try row.decode(Int.self, forColumn: "streak"))
      }
      return stats
    }
  }

  /// Per-key error rates (keys never tried are left out), for ``ReviewPlanner``.
  public func keyErrorRates(layoutID: String? = nil) throws(StorageError) -> [KeyRef: Double] {
    try keyStats(layoutID: layoutID).compactMapValues(\.errorRate)
  }

  // MARK: - Schedules

  /// The schedules of a lesson's items (or of every item), by item id.
  public func schedules(lessonID: String? = nil) throws(StorageError) -> [String: ItemSchedule] {
    try read("reading schedules") { db in
      let rows: [Row]
      if let lessonID {
        rows = try Row.fetchAll(
          db, sql: "SELECT * FROM itemSchedule WHERE lessonId = ?", arguments: [lessonID])
      } else {
        rows = try Row.fetchAll(db, sql: "SELECT * FROM itemSchedule")
      }
      var schedules: [String: ItemSchedule] = [:]
      for row in rows {
        let schedule = try Self.schedule(row)
        schedules[schedule.itemID] = schedule
      }
      return schedules
    }
  }

  /// Items due on `day` or earlier, the oldest due first: (lesson id, schedule).
  public func dueItems(on day: Int, limit: Int = 100) throws(StorageError) -> [(
    lessonID: String, schedule: ItemSchedule
  )] {
    try read("reading due items") { db in
      try Row.fetchAll(
        db,
        sql: "SELECT * FROM itemSchedule WHERE dueDay <= ? ORDER BY dueDay, itemId LIMIT ?",
        arguments: [day, limit]
      ).map { row in
        (
          lessonID: try row.decode(String.self, forColumn: "lessonId"),
          schedule: try Self.schedule(row)
        )
      }
    }
  }

  static func schedule(_ db: Database, itemID: String) throws -> ItemSchedule? {
    try Row.fetchOne(db, sql: "SELECT * FROM itemSchedule WHERE itemId = ?", arguments: [itemID])
      .map(schedule)
  }

  /// A stored schedule with its counters kept where ``ItemSchedule/reviewed(grade:on:)`` can
  /// add to them without overflowing (only a damaged or hand-edited row is ever outside).
  static func bounded(_ schedule: ItemSchedule) -> ItemSchedule {
    var bounded = schedule
    let counters = 0...maximumCount
    bounded.repetitions = min(max(schedule.repetitions, counters.lowerBound), counters.upperBound)
    bounded.reviews = min(max(schedule.reviews, counters.lowerBound), counters.upperBound)
    bounded.lapses = min(max(schedule.lapses, counters.lowerBound), counters.upperBound)
    bounded.intervalDays = min(max(schedule.intervalDays, 0), ItemSchedule.maximumInterval)
    return bounded
  }

  static func schedule(_ row: Row) throws -> ItemSchedule {
    ItemSchedule(
      itemID: try row.decode(String.self, forColumn: "itemId"),
      repetitions: try row.decode(Int.self, forColumn: "repetitions"),
      ease: try row.decode(Double.self, forColumn: "ease"),
      intervalDays: try row.decode(Int.self, forColumn: "intervalDays"),
      dueDay: try row.decode(Int.self, forColumn: "dueDay"),
      reviews: try row.decode(Int.self, forColumn: "reviews"),
      lapses: try row.decode(Int.self, forColumn: "lapses"),
      lastDay: try row.decode(Int.self, forColumn: "lastDay"))
  }

  // MARK: - Lesson progress

  /// Saves where a lesson stands: the next item, or that its round was finished (which
  /// counts a completed run, added in SQL).
  public func saveProgress(
    lessonID: String, nextItem: Int, isFinished: Bool, day: Int, at time: Int64
  ) throws(StorageError) {
    try checkDay(day, "saving lesson progress")
    try write("saving lesson progress") { db in
      try db.execute(
        sql: """
          INSERT INTO lessonProgress (
            lessonId, nextItem, isFinished, completedRuns, lastDay, updatedAt)
          VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (lessonId) DO UPDATE SET
            nextItem = excluded.nextItem, isFinished = excluded.isFinished,
            completedRuns = min(completedRuns + excluded.completedRuns, ?),
            lastDay = excluded.lastDay, updatedAt = excluded.updatedAt
          """,
        arguments: [
          lessonID, nextItem, isFinished, isFinished ? 1 : 0, day, time, Self.maximumCount,
        ])
    }
  }

  /// Where a lesson stands, or `nil` if never practised.
  public func progress(lessonID: String) throws(StorageError) -> LessonProgress? {
    try read("reading lesson progress") { db in
      try Row.fetchOne(
        db, sql: "SELECT * FROM lessonProgress WHERE lessonId = ?", arguments: [lessonID]
      ).map(Self.progress)
    }
  }

  /// The most recently practised lesson ("continue where I left off").
  public func lastProgress() throws(StorageError) -> LessonProgress? {
    try read("reading lesson progress") { db in
      try Row.fetchOne(
        db, sql: "SELECT * FROM lessonProgress ORDER BY updatedAt DESC, lessonId LIMIT 1"
      ).map(Self.progress)
    }
  }

  static func progress(_ row: Row) throws -> LessonProgress {
    LessonProgress(
      lessonID: try row.decode(String.self, forColumn: "lessonId"),
      nextItem: try row.decode(Int.self, forColumn: "nextItem"),
      isFinished: try row.decode(Bool.self, forColumn: "isFinished"),
      completedRuns: try row.decode(Int.self, forColumn: "completedRuns"),
      lastDay: try row.decode(Int.self, forColumn: "lastDay"),
      updatedAt: try row.decode(Int64.self, forColumn: "updatedAt"))
  }
}
