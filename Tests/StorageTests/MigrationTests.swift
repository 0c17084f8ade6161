import Foundation
import GRDB
import Practice
import Storage
import Testing

@Suite("Schema migrations")
struct MigrationTests {
  /// The version-1 schema as a version-1 program wrote it, by hand (not through the
  /// migrator), so a change to the shipped migration shows up here.
  static let version1 = """
    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
    INSERT INTO grdb_migrations VALUES ('v1');
    CREATE TABLE session (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      startedAt INTEGER NOT NULL,
      day INTEGER NOT NULL,
      lessonId TEXT NOT NULL,
      layoutId TEXT NOT NULL
    );
    CREATE TABLE itemResult (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      sessionId INTEGER NOT NULL REFERENCES session(id) ON DELETE CASCADE,
      day INTEGER NOT NULL,
      lessonId TEXT NOT NULL,
      itemId TEXT NOT NULL,
      target TEXT NOT NULL,
      typed TEXT NOT NULL,
      presses INTEGER NOT NULL,
      backspaces INTEGER NOT NULL,
      minimumPresses INTEGER NOT NULL,
      durationMs INTEGER NOT NULL,
      accuracy REAL NOT NULL,
      efficiency REAL NOT NULL
    );
    CREATE TABLE keyStat (
      layoutId TEXT NOT NULL,
      keyId TEXT NOT NULL,
      hits INTEGER NOT NULL DEFAULT 0,
      misses INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (layoutId, keyId)
    );
    INSERT INTO session VALUES (1, 1749000000000, 20240, 'finals-2', 'cheonjiin-galaxy');
    INSERT INTO session VALUES (2, 1749090000000, 20241, 'finals-2', 'cheonjiin-galaxy');
    INSERT INTO itemResult (sessionId, day, lessonId, itemId, target, typed, presses, backspaces,
      minimumPresses, durationMs, accuracy, efficiency)
    VALUES
      (1, 20240, 'finals-2', 'finals-2:학교', '학교', '학교', 12, 1, 10, 6000, 1.0, 0.8333),
      (1, 20240, 'finals-2', 'finals-2:안녕', '안녕', '안녀', 11, 0, 11, 6000, 0.5, 1.0),
      (2, 20241, 'finals-2', 'finals-2:한라산', '한라산', '한라산', 16, 0, 16, 12000, 1.0, 1.0),
      (2, 20241, 'messages-family', 'messages-family:보고 싶어요', '보고 싶어요', '보고싶어요',
        20, 0, 20, 12000, 0.8333333, 1.0);
    INSERT INTO keyStat VALUES
      ('cheonjiin-galaxy', 'g', 40, 4), ('cheonjiin-galaxy', 'space', 9, 1);
    """

  @Test("a version-1 database opens, is migrated, and keeps its data")
  func fromVersion1() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    do {
      let queue = try DatabaseQueue(path: path)
      try queue.write { db in try db.execute(sql: Self.version1) }
    }

    let store = try openStore(path)
    #expect(try store.appliedMigrations() == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])

    // The old rows, with the measures version 2 derives from the accuracy.
    let days = try store.dailyStats(from: 20_000, to: 21_000)
    #expect(days.map(\.day) == [20_240, 20_241])
    #expect(days.map(\.sessions) == [1, 1])
    let first = days[0].totals
    #expect(first.items == 2)
    #expect(first.presses == 23)
    #expect(first.backspaces == 1)
    #expect(first.minimumPresses == 21)
    #expect(first.targetLength == 4)
    #expect(first.distance == 1)  // 안녀 for 안녕: accuracy 0.5 of 2
    #expect(first.correctSyllables == 3)
    #expect(first.duration == 12_000)
    #expect(first.completedItems == 2)  // version 1 stored only finished items
    let second = days[1].totals
    #expect(second.targetLength == 9)  // 한라산 3 + 보고 싶어요 6 (the space counts)
    #expect(second.distance == 1)
    #expect(second.correctSyllables == 7)  // 3 + 5 syllables - 1
    // Words right come from the old rows; keys right were never counted, so none is made up.
    #expect(first.exactItems == 1)  // 학교, not 안녀
    #expect(second.exactItems == 1)  // 한라산, not 보고싶어요
    #expect(first.keysRight == nil)

    // Key counts survive and gain a streak.
    let keys = try store.keyStats()
    #expect(keys[key("g")] == KeyStats(hits: 40, misses: 4, streak: 0))
    #expect(keys[key("space")] == KeyStats(hits: 9, misses: 1, streak: 0))

    // New tables work on the migrated file, and increments add to old counts.
    try store.learn("학교", day: 20_242)
    let session = try store.beginSession(
      lessonID: "finals-2", layoutID: "cheonjiin-galaxy", startedAt: 1_749_200_000_000,
      day: 20_242)
    #expect(session == 3)
    try store.record(
      sampleResult(tallies: [key("g"): KeyTally(hits: 2, misses: 0, trailingHits: 2)]),
      startedAt: sampleStartedAt, session: session, day: 20_242)
    #expect(try store.keyStats()[key("g")] == KeyStats(hits: 42, misses: 4, streak: 2))
  }

  @Test("the hand-written version 1 matches what the migrator's v1 creates")
  func version1MatchesMigrator() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    func schema(_ path: String) throws -> [String] {
      let queue = try DatabaseQueue(path: path)
      return try queue.read { db in
        try String.fetchAll(
          db,
          sql: """
            SELECT name || ':' || group_concat(columnName || ' ' || type, ', ') FROM (
              SELECT m.name AS name, p.name AS columnName, p.type AS type
              FROM sqlite_master m, pragma_table_info(m.name) p
              WHERE m.type = 'table' AND m.name IN ('session', 'itemResult', 'keyStat')
              ORDER BY m.name, p.cid)
            GROUP BY name ORDER BY name
            """)
      }
    }
    let byHand = folder.path + "/by-hand.sqlite"
    do {
      let queue = try DatabaseQueue(path: byHand)
      try queue.write { db in try db.execute(sql: Self.version1) }
    }
    let current = folder.path + "/current.sqlite"
    _ = try openStore(current)
    // The current schema extends version 1: every version-1 column is still there, in order.
    let old = try schema(byHand)
    let new = try schema(current)
    #expect(old.count == 3)
    for (oldTable, newTable) in zip(old, new) {
      #expect(newTable.hasPrefix(oldTable), "\(oldTable) → \(newTable)")
    }
  }
}
