import Foundation
import GRDB
import Practice
import Storage
import Testing

@Suite("A year of practice")
struct TimingTests {
  /// Times `stats` on a year of daily sessions (well under 200 ms).
  ///
  /// The time is printed, not asserted (the machine is shared); the results are checked.
  @Test("reading a year of daily sessions for stats (timed, printed)")
  func yearOfStats() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.databasePath
    let firstDay = 20_000
    let sessionsPerDay = 3
    let itemsPerSession = 10
    _ = try openStore(path)  // create the schema
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      for day in firstDay..<(firstDay + 365) {
        for session in 0..<sessionsPerDay {
          try db.execute(
            sql: "INSERT INTO session (startedAt, day, lessonId, layoutId) VALUES (?, ?, ?, ?)",
            arguments: [Int64(day) * 86_400_000 + Int64(session), day, "words-family", "g"])
          let id = db.lastInsertedRowID
          for item in 0..<itemsPerSession {
            try db.execute(
              sql: """
                INSERT INTO itemResult (sessionId, day, lessonId, itemId, target, typed, presses,
                  backspaces, minimumPresses, durationMs, accuracy, efficiency, targetLength,
                  editDistance, correctSyllables)
                VALUES (?, ?, 'words-family', ?, '할머니', '할머니', 14, 1, 12, 9000, 1, 0.857,
                  3, 0, 3)
                """,
              arguments: [id, day, "words-family:\(item)"])
          }
        }
      }
    }
    let clock = ContinuousClock()
    var days: [DailyStat] = []
    var rows: [ChartRow] = []
    var json = ""
    let elapsed = try clock.measure {
      let store = try openStore(path)
      guard let range = try store.practiceDays() else { return }
      days = try store.dailyStats(from: range.lowerBound, to: range.upperBound)
      let keys = try store.keyStats()
      rows = StatsChart.rows(days, from: range.lowerBound, to: range.upperBound)
      json = StatsJSON.encode(days: days, keys: keys, today: range.upperBound)
    }
    let query = try clock.measure {
      let store = try openStore(path)
      _ = try store.dailyStats(from: firstDay, to: firstDay + 364)
    }
    print(
      "[timing] open + year of stats + chart rows + JSON: \(elapsed); open + daily query: \(query) "
        + "(365 days × \(sessionsPerDay) sessions × \(itemsPerSession) items)")
    #expect(days.count == 365)
    let allFull = days.allSatisfy { $0.sessions == sessionsPerDay && $0.totals.items == 30 }
    #expect(allFull)
    #expect(days.first?.totals.syllablesPerMinute == 20)  // 90 syllables in 270 s
    #expect(rows.count == 14)  // a year in at most 14 bars
    #expect(json.contains("\"days\": ["))
  }
}
