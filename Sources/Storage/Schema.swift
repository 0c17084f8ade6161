import GRDB

/// The database schema, built by migrations in order.
///
/// Never edit a migration that has shipped; add a new one.
///
/// Tables (after all migrations):
/// - `session`: one practice session (a lesson run).
/// - `itemResult`: one attempt at one item, with its measures.
/// - `keyStat`: per-key hits, misses and streak, added to in SQL.
/// - `itemSchedule`: the spaced-repetition schedule of each item.
/// - `lessonProgress`: where each lesson was left, for "continue where I left off".
/// - `learnedWord`, `hiddenWord`: the word-suggestion dictionary.
/// - `learnedPair`: word pairs typed (a word, then the next), for the bar after a space.
/// - `keyPress`: every practice key press with its timing, up to ``ProgressStore/pressLimit``.
/// - `pressSummary`: older presses folded into per-day counts per key and per jamo.
/// - `adaptiveProgress`: the jamo the adaptive round has unlocked, per layout.
enum Schema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1", migrate: createVersion1)
    migrator.registerMigration("v2", migrate: createVersion2)
    migrator.registerMigration("v3", migrate: repairMonotonicStamps)
    migrator.registerMigration("v4", migrate: createVersion4)
    migrator.registerMigration("v5", migrate: createVersion5)
    migrator.registerMigration("v6", migrate: createVersion6)
    migrator.registerMigration("v7", migrate: createLearnedPairs)
    return migrator
  }

  /// The first schema: sessions, results with the basic measures, per-key counts.
  static func createVersion1(_ db: Database) throws {
    try db.execute(
      sql: """
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
        """)
  }

  /// Syllable-level measures (backfilled from accuracy for older rows), key streaks,
  /// schedules, lesson progress, the learned-words dictionary, and indexes for stats.
  static func createVersion2(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE session ADD COLUMN endedAt INTEGER;
        ALTER TABLE itemResult ADD COLUMN startedAt INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE itemResult ADD COLUMN isCompleted INTEGER NOT NULL DEFAULT 1;
        ALTER TABLE itemResult ADD COLUMN promptedPresses INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE itemResult ADD COLUMN wrongPresses INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE itemResult ADD COLUMN targetLength INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE itemResult ADD COLUMN editDistance INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE itemResult ADD COLUMN correctSyllables INTEGER NOT NULL DEFAULT 0;

        -- Version 1 kept only the accuracy: recover the distance and the correct syllables
        -- from it (accuracy = 1 - distance / target length).
        UPDATE itemResult SET
          targetLength = length(target),
          editDistance = CAST(round((1 - accuracy) * length(target)) AS INTEGER);
        UPDATE itemResult SET
          correctSyllables = max(0, length(replace(target, ' ', '')) - editDistance);

        CREATE INDEX itemResult_day ON itemResult(day);
        CREATE INDEX itemResult_session ON itemResult(sessionId);

        ALTER TABLE keyStat ADD COLUMN streak INTEGER NOT NULL DEFAULT 0;

        CREATE TABLE itemSchedule (
          itemId TEXT PRIMARY KEY NOT NULL,
          lessonId TEXT NOT NULL,
          repetitions INTEGER NOT NULL,
          ease REAL NOT NULL,
          intervalDays INTEGER NOT NULL,
          dueDay INTEGER NOT NULL,
          reviews INTEGER NOT NULL,
          lapses INTEGER NOT NULL,
          lastDay INTEGER NOT NULL
        );
        CREATE INDEX itemSchedule_due ON itemSchedule(dueDay);
        CREATE INDEX itemSchedule_lesson ON itemSchedule(lessonId);

        CREATE TABLE lessonProgress (
          lessonId TEXT PRIMARY KEY NOT NULL,
          nextItem INTEGER NOT NULL DEFAULT 0,
          isFinished INTEGER NOT NULL DEFAULT 0,
          completedRuns INTEGER NOT NULL DEFAULT 0,
          lastDay INTEGER NOT NULL,
          updatedAt INTEGER NOT NULL
        );

        CREATE TABLE learnedWord (
          word TEXT PRIMARY KEY NOT NULL,
          count INTEGER NOT NULL CHECK (count >= 1),
          lastUsedDay INTEGER NOT NULL
        );
        CREATE TABLE hiddenWord (
          word TEXT PRIMARY KEY NOT NULL,
          hiddenDay INTEGER NOT NULL
        );
        """)
  }
}

extension Schema {
  /// Per-press timing for the adaptive trainer, its day summaries, and the jamo
  /// the adaptive round has unlocked.
  ///
  /// `keyPress.jamo` is the jamo a press was meant to type; `jamoMs`, on the last press of a
  /// jamo typed cleanly, is the jamo's time. `pressSummary.kind` is `key` (then `unit` is the
  /// key id) or `jamo` (then `unit` is the jamo). `adaptiveProgress.unlocked` holds the jamo
  /// separated by spaces, in the order they unlocked.
  static func createVersion4(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE keyPress (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          sessionId INTEGER REFERENCES session(id) ON DELETE SET NULL,
          day INTEGER NOT NULL,
          layoutId TEXT NOT NULL,
          keyId TEXT NOT NULL,
          previousLayoutId TEXT,
          previousKeyId TEXT,
          intervalMs INTEGER,
          isHold INTEGER NOT NULL,
          cueShown INTEGER NOT NULL,
          isRight INTEGER NOT NULL,
          isTimed INTEGER NOT NULL,
          jamo TEXT,
          jamoMs INTEGER
        );
        CREATE INDEX keyPress_day ON keyPress(day);
        CREATE INDEX keyPress_key ON keyPress(layoutId, keyId, id);
        CREATE INDEX keyPress_jamo ON keyPress(layoutId, jamo, id);

        CREATE TABLE pressSummary (
          day INTEGER NOT NULL,
          kind TEXT NOT NULL,
          layoutId TEXT NOT NULL,
          unit TEXT NOT NULL,
          presses INTEGER NOT NULL,
          wrong INTEGER NOT NULL,
          blind INTEGER NOT NULL,
          samples INTEGER NOT NULL,
          totalMs INTEGER NOT NULL,
          medianMs INTEGER,
          PRIMARY KEY (day, kind, layoutId, unit)
        );

        CREATE TABLE adaptiveProgress (
          layoutId TEXT PRIMARY KEY NOT NULL,
          unlocked TEXT NOT NULL,
          updatedAt INTEGER NOT NULL
        );
        """)
  }

  /// The learner's target and copied samples.
  ///
  /// `keyPress.jamoCued`, with `jamoMs`: some press of the jamo was made while the next key
  /// was lit; `pressSummary.cuedSamples`: how many of a day's samples were (they count half).
  /// `adaptiveProgress.targetSpm` is the adaptive round's target in 글자/분, NULL until it is
  /// set from the learner's pace or `--target`; `targetSetBy` is `pace` or `learner`.
  static func createVersion5(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE keyPress ADD COLUMN jamoCued INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE pressSummary ADD COLUMN cuedSamples INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE adaptiveProgress ADD COLUMN targetSpm REAL;
        ALTER TABLE adaptiveProgress ADD COLUMN targetSetBy TEXT;
        """)
  }

  /// The figures a family member reads: keys right and words right, per result.
  ///
  /// `itemResult.keyHits` and `keyMisses`: the times the next key was pressed, and the times
  /// another key led off the way instead (keys right = hits ÷ both). Older rows never counted
  /// them and keep NULL: a day of only older rows has no keys-right figure, rather than a
  /// made-up one. `isExact`: the item was typed to the end exactly (words right), which the
  /// older rows do say, so it is filled in from them.
  static func createVersion6(_ db: Database) throws {
    try db.execute(
      sql: """
        ALTER TABLE itemResult ADD COLUMN keyHits INTEGER;
        ALTER TABLE itemResult ADD COLUMN keyMisses INTEGER;
        ALTER TABLE itemResult ADD COLUMN isExact INTEGER NOT NULL DEFAULT 0;
        UPDATE itemResult SET isExact = 1 WHERE isCompleted = 1 AND editDistance = 0;
        """)
  }

  /// The first wall-clock stamp a real row can have: 2001-01-01 00:00 UTC, in milliseconds.
  ///
  /// Anything smaller counts from the boot (a monotonic clock), unless the computer had been
  /// up for over 30 years.
  static let earliestWallClock: Int64 = 978_307_200_000

  /// The SQL test for a stamp `stamp` on a row of local day `day` that cannot be wall-clock
  /// time: before 2001, or more than two days before its own day began (no time zone is that
  /// far from UTC).
  static func isMonotonic(stamp: String, day: String) -> String {
    "(\(stamp) < \(earliestWallClock) OR \(stamp) < (\(day) - 2) * 86400000)"
  }

  /// Repairs `itemResult.startedAt` values written from the monotonic clock.
  ///
  /// Until this version, the keypad's practice stored the item's start on its monotonic clock
  /// (milliseconds since the boot) where a wall-clock stamp belongs. Within one session the
  /// monotonic values still give the items' order and spacing, and the session row has a
  /// true wall-clock start (taken when the lesson began, just before its first item), so:
  /// - a monotonic stamp becomes the session's start plus its distance from the session's
  ///   first monotonic stamp;
  /// - if the session's own stamp is not wall-clock time either (or the session is gone), it
  ///   becomes noon of the row's day (`day × 86 400 000 + 12 h`), which stays on that local
  ///   day for any time zone from UTC−12 to UTC+12.
  ///
  /// Version-1 rows, which had no stamp and got 0, are repaired the same way. Stamps that are
  /// already wall-clock time are left alone.
  static func repairMonotonicStamps(_ db: Database) throws {
    let isBad = isMonotonic(stamp: "r.startedAt", day: "r.day")
    let sessionIsGood = "NOT " + isMonotonic(stamp: "s.startedAt", day: "s.day")
    // Computed into a table first: updating in place would change the per-session minimum
    // while the rows are being updated.
    try db.execute(
      sql: """
        CREATE TEMP TABLE stampRepair AS
          SELECT r.id AS id,
            CASE WHEN s.id IS NOT NULL AND \(sessionIsGood)
              THEN s.startedAt + (r.startedAt - first.startedAt)
              ELSE r.day * 86400000 + 43200000
            END AS startedAt
          FROM itemResult r
          JOIN (
            SELECT r.sessionId AS sessionId, min(r.startedAt) AS startedAt
            FROM itemResult r WHERE \(isBad) GROUP BY r.sessionId
          ) first ON first.sessionId = r.sessionId
          LEFT JOIN session s ON s.id = r.sessionId
          WHERE \(isBad);
        UPDATE itemResult
          SET startedAt = (SELECT startedAt FROM stampRepair WHERE stampRepair.id = itemResult.id)
          WHERE id IN (SELECT id FROM stampRepair);
        DROP TABLE stampRepair;
        """)
  }
}

// MARK: - Checking a file's schema

extension Schema {
  /// One column as `PRAGMA table_info` describes it: what the program's queries rely on.
  struct ColumnShape: Sendable, Hashable, CustomStringConvertible {
    var name: String
    /// The declared type, upper-cased (`INTEGER`, `TEXT`, `REAL`).
    var type: String
    var isNotNull: Bool
    /// The position in the primary key (1, 2, …), or 0; `ON CONFLICT (…)` needs the key.
    var primaryKeyPosition: Int

    var description: String {
      var text = type.isEmpty ? "no type" : type
      if isNotNull { text += " NOT NULL" }
      if primaryKeyPosition > 0 { text += " (primary key \(primaryKeyPosition))" }
      return text
    }
  }

  /// Every table of `db` (SQLite's own `sqlite_…` tables left out) with its columns in order.
  static func tables(_ db: Database) throws -> [String: [ColumnShape]] {
    let names = try String.fetchAll(
      db,
      sql: """
        SELECT name FROM sqlite_master
        WHERE type = 'table' AND name NOT LIKE 'sqlite^_%' ESCAPE '^'
        """)
    var tables: [String: [ColumnShape]] = [:]
    for name in names {
      let rows = try Row.fetchAll(
        db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?) ORDER BY cid",
        arguments: [name])
      tables[name] = try rows.map { row in
        ColumnShape(
          name: try row.decode(String.self, forColumn: "name"),
          type: try row.decode(String.self, forColumn: "type").uppercased(),
          isNotNull: try row.decode(Int.self, forColumn: "notnull") != 0,
          primaryKeyPosition: try row.decode(Int.self, forColumn: "pk"))
      }
    }
    return tables
  }

  /// The tables the migrations create, read back from a new in-memory database.
  ///
  /// Derived from ``migrator`` rather than written out a second time, so the check can never
  /// drift from the migrations.
  static func expectedTables() throws -> [String: [ColumnShape]] {
    try expected.get().tables
  }

  /// The expected tables, read once per process, and the in-memory database they came from,
  /// never released: on Linux, releasing a GRDB connection hands its dispatch queue to
  /// libdispatch's worker pool, whose monitor then wakes the idle pad once a second for good.
  private static let expected = Result {
    let queue = try DatabaseQueue()
    try migrator.migrate(queue)
    return (queue: queue, tables: try queue.read(tables))
  }

  /// What `db` lacks of the current schema: missing tables, and missing or different
  /// columns, all of them; empty when every table and column the program uses is there.
  ///
  /// Migrations recorded as done say nothing about a table dropped or rebuilt later (by hand,
  /// another tool, or damage `quick_check` does not see); this compares the real tables.
  /// Extra tables and columns are allowed: a newer version of the program may have added them.
  static func problems(
    in db: Database, expected: [String: [ColumnShape]]
  ) throws -> [String] {
    // SQLite matches table and column names without regard to case, and so do we.
    var actual: [String: [ColumnShape]] = [:]
    for (table, columns) in try tables(db) { actual[table.lowercased()] = columns }
    var problems: [String] = []
    for (table, columns) in expected.sorted(by: { $0.key < $1.key }) {
      guard let found = actual[table.lowercased()] else {
        problems.append("table \(table) is missing")
        continue
      }
      for column in columns {
        guard let match = found.first(where: { $0.name.lowercased() == column.name.lowercased() })
        else {
          problems.append("column \(table).\(column.name) is missing")
          continue
        }
        if match.type != column.type || match.isNotNull != column.isNotNull
          || match.primaryKeyPosition != column.primaryKeyPosition
        {
          problems.append("column \(table).\(column.name) is \(match), not \(column)")
        }
      }
    }
    return problems
  }
}

extension Schema {
  /// The word pairs the user typed.
  ///
  /// `next` came after `previous`, `count` times, last on `lastUsedDay`. A table of its own, so
  /// forgetting a word (`dict unlearn`) drops its pairs with one statement and the words' table
  /// is untouched.
  static func createLearnedPairs(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE learnedPair (
          previous TEXT NOT NULL,
          next TEXT NOT NULL,
          count INTEGER NOT NULL CHECK (count >= 1),
          lastUsedDay INTEGER NOT NULL,
          PRIMARY KEY (previous, next)
        );
        CREATE INDEX learnedPair_next ON learnedPair(next);
        """)
  }
}
