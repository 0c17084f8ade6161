import Foundation
import GRDB
import Practice
import Testing

@testable import Storage

/// Wall-clock stamps of stored results, and the repair of the monotonic ones.
///
/// Item results used to be stamped with the keypad's monotonic clock (milliseconds since the
/// boot) where Storage expects Unix time. Version 3 of the schema repairs those rows; from
/// then on the caller passes the wall-clock stamp explicitly.
@Suite("Wall-clock stamps of practice results")
struct StampRepairTests {
  /// A 2025 session start, by the wall clock: 2025-06-04 01:20:00 UTC (local day 20243).
  static let morning: Int64 = 1_749_000_000_000

  /// Builds a file as version 2 of the program did: the schema up to v2, and results inserted
  /// with the columns and values its `record` wrote (`startedAt` from the monotonic clock).
  static func buildVersion2File(at path: String) throws {
    let queue = try DatabaseQueue(path: path)
    try Schema.migrator.migrate(queue, upTo: "v2")
    try queue.write { db in
      try db.execute(
        sql: """
          INSERT INTO session (id, startedAt, day, lessonId, layoutId) VALUES
            (1, \(morning), 20243, 'vowels-1', 'cheonjiin-galaxy'),
            (2, 0, 20244, 'vowels-1', 'cheonjiin-galaxy'),
            (3, \(morning + 90_000_000), 20244, 'vowels-1', 'cheonjiin-galaxy');
          """)
      // (session, day, startedAt): three monotonic items of session 1, spaced 12 s and
      // 18.5 s apart; one of session 2, whose own stamp is no date either; in session 3 a
      // true wall-clock stamp (kept) and a monotonic one.
      let rows: [(Int, Int, Int64)] = [
        (1, 20243, 5_000_000), (1, 20243, 5_012_000), (1, 20243, 5_030_500),
        (2, 20244, 7_000_000),
        (3, 20244, morning + 90_005_000), (3, 20244, 9_000),
      ]
      for (session, day, startedAt) in rows {
        try db.execute(
          sql: """
            INSERT INTO itemResult (
              sessionId, day, lessonId, itemId, target, typed, presses, backspaces,
              minimumPresses, durationMs, accuracy, efficiency, startedAt)
            VALUES (?, ?, 'vowels-1', 'vowels-1:아', '아', '아', 2, 0, 2, 1500, 1.0, 1.0, ?)
            """,
          arguments: [session, day, startedAt])
      }
    }
  }

  static func stamps(at path: String) throws -> [Int64] {
    let queue = try DatabaseQueue(path: path)
    return try queue.read { db in
      try Int64.fetchAll(db, sql: "SELECT startedAt FROM itemResult ORDER BY id")
    }
  }

  @Test("monotonic stamps in a version-2 file become wall-clock time when it is opened")
  func repairsOldFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    try Self.buildVersion2File(at: path)
    #expect(try Self.stamps(at: path)[0] == 5_000_000)

    let store = try openStore(path)
    #expect(try store.appliedMigrations() == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])
    let stamps = try Self.stamps(at: path)
    let noonOfDay20244 = Int64(20244) * 86_400_000 + 43_200_000
    #expect(
      stamps == [
        // Session 1: its start, plus each item's distance from the first.
        Self.morning, Self.morning + 12_000, Self.morning + 30_500,
        // Session 2 has no wall-clock start: noon of the row's day.
        noonOfDay20244,
        // Session 3: the good stamp stays; the monotonic one takes the session's start.
        Self.morning + 90_005_000, Self.morning + 90_000_000,
      ])
    // Every repaired stamp falls on the row's own local day in UTC, and in Korea (UTC+9).
    let days = [20243, 20243, 20243, 20244, 20244, 20244]
    for offset in [0, 9 * 3600] {
      #expect(
        stamps.map { CalendarDay.dayNumber(unixMilliseconds: $0, utcOffsetSeconds: offset) }
          == days)
    }
    // The rest of each row is untouched: durations still sum as before.
    #expect(try store.dailyStats(from: 20243, to: 20244).map(\.totals.duration) == [4_500, 4_500])
  }

  @Test("a file already at version 3 is not changed by opening it again")
  func repairRunsOnce() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    try Self.buildVersion2File(at: path)
    _ = try openStore(path)
    let first = try Self.stamps(at: path)
    _ = try openStore(path)
    #expect(try Self.stamps(at: path) == first)
  }

  @Test("record stores the wall-clock stamp it is given, not the result's monotonic time")
  func recordTakesWallClock() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(
      lessonID: "vowels-2", layoutID: "cheonjiin-galaxy", startedAt: sampleStartedAt, day: 20254)
    let result = sampleResult(duration: 4_200)
    #expect(result.startedAt < Schema.earliestWallClock)  // a monotonic value
    try store.record(result, startedAt: sampleStartedAt + 1_000, session: session, day: 20254)
    let queue = try DatabaseQueue(path: folder.databasePath)
    let row = try queue.read { db in
      try Row.fetchOne(db, sql: "SELECT startedAt, durationMs FROM itemResult")
    }
    #expect(row?["startedAt"] == sampleStartedAt + 1_000)
    #expect(row?["durationMs"] == Int64(4_200))
  }
}
