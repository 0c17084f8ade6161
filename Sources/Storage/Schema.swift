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
enum Schema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1", migrate: createVersion1)
    migrator.registerMigration("v2", migrate: createVersion2)
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
