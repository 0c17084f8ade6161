import Foundation
import GRDB
import Practice
import Storage
import Testing

/// Changes `path` behind the program's back, as another tool, a hand edit or damage would.
private func tamper(_ path: String, _ sql: String) throws {
  let queue = try DatabaseQueue(path: path)
  try queue.write { db in try db.execute(sql: sql) }
}

@Suite("A file whose schema was damaged after migrating")
struct DamagedSchemaTests {
  struct SchemaCase: Sendable, CustomTestStringConvertible {
    let id: String
    let damage: String
    let reason: String
    var testDescription: String { id }
  }

  // Audit item 1: each of these passes quick_check and has v1 and v2 recorded, yet every
  // later query on the table fails; the file must be moved aside, not fail on every run.
  @Test(arguments: [
    SchemaCase(
      id: "a dropped table", damage: "DROP TABLE itemResult",
      reason: "damaged schema: table itemResult is missing"),
    SchemaCase(
      id: "learnedWord with the wrong columns",
      damage: """
        DROP TABLE learnedWord;
        CREATE TABLE learnedWord (word TEXT PRIMARY KEY NOT NULL, uses INTEGER NOT NULL);
        """,
      reason:
        "damaged schema: column learnedWord.count is missing; column learnedWord.lastUsedDay is missing"
    ),
    SchemaCase(
      id: "learnedWord without its primary key (ON CONFLICT needs it)",
      damage: """
        DROP TABLE learnedWord;
        CREATE TABLE learnedWord (
          word TEXT NOT NULL, count INTEGER NOT NULL, lastUsedDay INTEGER NOT NULL);
        """,
      reason:
        "damaged schema: column learnedWord.word is TEXT NOT NULL, not TEXT NOT NULL (primary key 1)"
    ),
    SchemaCase(
      id: "a column of the wrong type",
      damage: """
        DROP TABLE keyStat;
        CREATE TABLE keyStat (
          layoutId TEXT NOT NULL, keyId TEXT NOT NULL, hits TEXT NOT NULL DEFAULT 0,
          misses INTEGER NOT NULL DEFAULT 0, streak INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (layoutId, keyId));
        """,
      reason: "damaged schema: column keyStat.hits is TEXT NOT NULL, not INTEGER NOT NULL"),
  ])
  func movedAside(_ testCase: SchemaCase) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    do {
      let store = try openStore(path)
      try store.learn("사랑", day: 10)
    }
    try tamper(path, testCase.damage)
    let check = try DatabaseQueue(path: path).read { db in
      try String.fetchAll(db, sql: "PRAGMA quick_check")
    }
    #expect(check == ["ok"])  // SQLite sees nothing wrong: only the schema check can

    let opening = try ProgressStore.open(at: path, now: fixedDate, timeZone: utc)
    let recovery = try #require(opening.recovery)
    #expect(recovery.path == path)
    #expect(recovery.reason == testCase.reason)
    #expect(recovery.movedTo == path + ".corrupt-20250610-153045")
    #expect(FileManager.default.fileExists(atPath: recovery.movedTo))
    // The new file has every table again.
    let store = opening.store
    #expect(try store.appliedMigrations() == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])
    try store.learn("행복", day: 11)
    #expect(try store.learnedWords().map(\.word) == ["행복"])
    let session = try store.beginSession(lessonID: "l", layoutID: "g", startedAt: 0, day: 11)
    try store.record(sampleResult(), startedAt: sampleStartedAt, session: session, day: 11)
    #expect(try store.dailyStats(from: 11, to: 11).count == 1)
    // And it is not moved again.
    _ = try openStore(path)
  }

  @Test("extra tables, columns and indexes are not damage (a newer version may add them)")
  func extrasAllowed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    do {
      let store = try openStore(path)
      try store.learn("사랑", day: 10)
    }
    try tamper(
      path,
      """
      CREATE TABLE futureThing (id INTEGER PRIMARY KEY);
      ALTER TABLE learnedWord ADD COLUMN source TEXT;
      CREATE INDEX learnedWord_day ON learnedWord(lastUsedDay);
      """)
    let store = try openStore(path)
    #expect(try store.learnedWord("사랑")?.count == 1)
  }
}

@Suite("Counts that would overflow, and rows that are not whole numbers")
struct CountLimitTests {
  // Audit item 2: past Int64.max SQLite stores a REAL, and every later read of the
  // dictionary failed with a RowDecodingError.
  @Test("importing the largest count twice stops at the maximum, with a problem line")
  func importTwice() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    for _ in 0..<2 {
      let report = try store.importWords("사과\t9223372036854775807\n", day: 50)
      #expect(report.imported == 1)
      #expect(
        report.problems == [
          WordImportProblem(
            line: 1, text: "사과\t9223372036854775807", reason: .countCapped(maximum: 1_000_000_000))
        ])
      #expect(report.problems.map(\.isSkipped) == [false])
    }
    #expect(
      try store.learnedWords() == [LearnedWord(word: "사과", count: 1_000_000_000, lastUsedDay: 50)])
    try store.learn("사과", day: 51)
    #expect(try store.learnedWord("사과")?.count == ProgressStore.maximumCount)
    #expect(try store.exportWords().contains("사과\t1000000000\t"))
  }

  @Test("a count with more digits than an Int is imported as the maximum")
  func importHuge() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let report = try store.importWords("사과\t99999999999999999999999\n배\t1000000001\n", day: 50)
    #expect(report.problems.map(\.line) == [1, 2])
    #expect(report.problems.allSatisfy { !$0.isSkipped })
    #expect(try store.learnedWords().map(\.count) == [1_000_000_000, 1_000_000_000])
  }

  @Test("learning adds up to the maximum and no further; --times out of range is refused")
  func learnLimits() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    _ = try store.importWords("사과\t999999999\n", day: 1)
    try store.learn("사과", day: 1, times: ProgressStore.learnTimes.upperBound)
    #expect(try store.learnedWord("사과")?.count == ProgressStore.maximumCount)
    try store.learn("사과", day: 1)
    #expect(try store.learnedWord("사과")?.count == ProgressStore.maximumCount)
    for times in [0, -1, 1_000_001, Int.max] {
      #expect(throws: StorageError.self) { try store.learn("배", day: 1, times: times) }
    }
    do {
      try store.learn("배", day: 1, times: Int.max)
    } catch {
      #expect(
        error.description.hasSuffix(
          "learning a word refused: 9223372036854775807 uses of \"배\" is not between 1 and "
            + "1000000; learn a word at most 1000000 times at once"))
    }
    #expect(try store.learnedWord("배") == nil)
  }

  @Test("a word whose count or last use is not a whole number does not break reading")
  func damagedRowsRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.databasePath
    let store = try openStore(path)
    for word in ["사과", "배", "감", "귤"] { try store.learn(word, day: 20_000) }
    // An older version's overflow, a hand edit, a day far outside the calendar.
    try tamper(
      path,
      """
      UPDATE learnedWord SET count = 18446744073709551616.0 WHERE word = '사과';
      UPDATE learnedWord SET lastUsedDay = 'yesterday' WHERE word = '배';
      UPDATE learnedWord SET lastUsedDay = 9223372036854775807 WHERE word = '감';
      """)
    // The store opened before the damage: reads skip what cannot be used, and never throw.
    #expect(
      try store.learnedWords() == [
        LearnedWord(word: "사과", count: 1_000_000_000, lastUsedDay: 20_000),
        LearnedWord(word: "귤", count: 1, lastUsedDay: 20_000),
      ])
    #expect(try store.learnedWord("배") == nil)
    #expect(try store.exportWords().split(separator: "\n").count == 3)
    // Learning again repairs the row in SQL.
    #expect(
      try store.learn("배", day: 20_001) == LearnedWord(word: "배", count: 2, lastUsedDay: 20_001))
  }

  @Test("opening repairs such rows and says so once")
  func repairedAtOpen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    do {
      let store = try openStore(path)
      for word in ["사과", "배", "감", "귤"] { try store.learn(word, day: 20_000) }
    }
    try tamper(
      path,
      """
      UPDATE learnedWord SET count = 18446744073709551616.0 WHERE word = '사과';
      UPDATE learnedWord SET lastUsedDay = 'yesterday' WHERE word = '배';
      UPDATE learnedWord SET count = 'many', lastUsedDay = 9223372036854775807 WHERE word = '감';
      """)
    let opening = try ProgressStore.open(at: path, now: fixedDate, timeZone: utc)
    #expect(opening.recovery == nil)
    // What the commands word (StorageStringsTests): each word with what changed, as stored.
    #expect(
      opening.learnedWordRepair
        == .repaired([
          RepairedWord(
            word: "감", count: .init(before: .text("many"), after: .integer(1)),
            lastUse: .init(before: .integer(9_223_372_036_854_775_807), after: .integer(20_249))),
          RepairedWord(
            word: "배", count: nil,
            lastUse: .init(before: .text("yesterday"), after: .integer(20_249))),
          RepairedWord(
            word: "사과",
            count: .init(
              before: .real(18_446_744_073_709_551_616.0), after: .integer(1_000_000_000)),
            lastUse: nil),
        ]))
    #expect(
      try opening.store.learnedWords() == [
        LearnedWord(word: "사과", count: 1_000_000_000, lastUsedDay: 20_000),
        LearnedWord(word: "감", count: 1, lastUsedDay: 20_249),
        LearnedWord(word: "배", count: 1, lastUsedDay: 20_249),
        LearnedWord(word: "귤", count: 1, lastUsedDay: 20_000),
      ])
    let again = try ProgressStore.open(at: path, now: fixedDate, timeZone: utc)
    #expect(again.learnedWordRepair == nil)
  }
}

@Suite("Reading a file to import")
struct ImportFileTests {
  // Audit item 3: `dict import /dev/null` said "You don't have permission".
  @Test("/dev/null is an empty file")
  func devNull() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let report = try store.importWords(fromFile: "/dev/null", day: 1)
    #expect(report.imported == 0)
    #expect(report.added == 0)
    #expect(report.problems == [])
  }

  @Test("a FIFO is read to its end")
  func fifo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let fifo = folder.path + "/words.fifo"
    try #require(mkfifo(fifo, 0o600) == 0)
    // Opening a FIFO for writing waits for the reader, so the writer has its own thread.
    let writer = Thread {
      guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
      handle.write(Data("사랑\t2\n행복\n".utf8))
      try? handle.close()  // the reader sees the end of the file; nothing else to do
    }
    writer.start()
    let report = try store.importWords(fromFile: fifo, day: 1)
    #expect(report.imported == 2)
    #expect(try store.learnedWords().map(\.word) == ["사랑", "행복"])
  }

  struct FileCase: Sendable, CustomTestStringConvertible {
    let id: String
    /// Makes the file in the folder and returns its path.
    let make: @Sendable (String) throws -> String
    let reason: String
    var testDescription: String { id }
  }

  @Test(arguments: [
    FileCase(
      id: "no such file", make: { $0 + "/none.tsv" },
      reason: "there is no such file; check the name and folder"),
    FileCase(
      id: "a folder",
      make: { folder in
        try FileManager.default.createDirectory(
          atPath: folder + "/words", withIntermediateDirectories: false)
        return folder + "/words"
      }, reason: "it is a folder, not a file; give the word list file inside it"),
    FileCase(
      id: "bytes that are not UTF-8, with the line",
      make: { folder in
        var bytes = Data("# 단어\r\n사랑\r\n".utf8)
        bytes.append(contentsOf: [0xBF, 0xA9, 0xC7, 0xE0, 0x0D, 0x0A])  // 사랑 in EUC-KR
        try bytes.write(to: URL(fileURLWithPath: folder + "/euc-kr.tsv"))
        return folder + "/euc-kr.tsv"
      }, reason: "line 3 is not UTF-8 text; save the file as UTF-8 and import it again"),
  ])
  func unreadable(_ testCase: FileCase) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let file = try testCase.make(folder.path)
    do {
      _ = try store.importWords(fromFile: file, day: 1)
      Issue.record("imported \(file)")
    } catch {
      #expect(error == .cannotReadFile(path: file, reason: testCase.reason))
      #expect(error.description == "\(file): cannot import: \(testCase.reason)")
    }
    #expect(try store.learnedWords() == [])
  }

  @Test("a file without read permission")
  func noPermission() throws {
    if Unprivileged.mustRunAgain {
      // Root may read anything: the check means something only for a user.
      try Unprivileged.runAgain("StorageTests.ImportFileTests/noPermission()")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let file = folder.path + "/secret.tsv"
    try "사랑\n".write(toFile: file, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o200], ofItemAtPath: file)
    #expect(
      throws: StorageError.cannotReadFile(
        path: file,
        reason: "you do not have permission to read it; allow reading (chmod u+r) or copy it")
    ) {
      try store.importWords(fromFile: file, day: 1)
    }
  }

  @Test("standard input is checked the same way; a byte-order mark is dropped")
  func standardInput() throws {
    #expect(
      try ProgressStore.importText([0xEF, 0xBB, 0xBF] + Array("사랑\n".utf8), from: "-")
        == "사랑\n")
    #expect(
      throws: StorageError.cannotReadFile(
        path: "standard input",
        reason: "line 2 is not UTF-8 text; save the file as UTF-8 and import it again")
    ) {
      try ProgressStore.importText(Array("사랑\n".utf8) + [0xFF, 0x0A], from: "standard input")
    }
  }
}

@Suite("Days far outside the calendar")
struct DayRangeTests {
  // Audit item 4: day arithmetic (schedules, dates) traps on overflow; no stored or given
  // day may get that far.
  @Test("a result row with day 9223372036854775807 reads fine and is left out of the range")
  func storedResult() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.databasePath
    let store = try openStore(path)
    let session = try store.beginSession(lessonID: "l", layoutID: "g", startedAt: 0, day: 100)
    try store.record(sampleResult(), startedAt: sampleStartedAt, session: session, day: 100)
    try tamper(
      path,
      """
      INSERT INTO itemResult (
        sessionId, day, lessonId, itemId, target, typed, presses, backspaces, minimumPresses,
        durationMs, accuracy, efficiency)
      SELECT sessionId, 9223372036854775807, lessonId, itemId, target, typed, presses,
        backspaces, minimumPresses, durationMs, accuracy, efficiency FROM itemResult;
      INSERT INTO itemResult (
        sessionId, day, lessonId, itemId, target, typed, presses, backspaces, minimumPresses,
        durationMs, accuracy, efficiency)
      SELECT sessionId, -9223372036854775808, lessonId, itemId, target, typed, presses,
        backspaces, minimumPresses, durationMs, accuracy, efficiency FROM itemResult LIMIT 1;
      UPDATE itemSchedule SET dueDay = 9223372036854775807, lastDay = 9223372036854775807,
        reviews = 9223372036854775807, repetitions = 9223372036854775807,
        lapses = 9223372036854775807, intervalDays = 9223372036854775807;
      """)
    let reopened = try openStore(path)
    for reader in [store, reopened] {
      #expect(try reader.practiceDays() == 100...100)
      #expect(
        try reader.dailyStats(from: Int.min, to: Int.max).map(\.day) == [Int.min, 100, Int.max])
      #expect(try reader.dueItems(on: 100).isEmpty)
      #expect(try reader.schedules()["vowels-2:아"]?.dueDay == Int.max)
    }
    // Recording again starts from the stored schedule without overflowing.
    let next = try reopened.record(
      sampleResult(), startedAt: sampleStartedAt, session: session, day: 101)
    #expect(next.lastDay == 101)
    #expect(next.dueDay <= 101 + ItemSchedule.maximumInterval)
    #expect(next.reviews == ProgressStore.maximumCount + 1)
  }

  @Test("a day outside 0001-01-01 … 9999-12-31 is refused when written")
  func refusedDays() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(lessonID: "l", layoutID: "g", startedAt: 0, day: 1)
    for day in [Int.max, Int.min, ProgressStore.storableDays.upperBound + 1] {
      #expect(throws: StorageError.self) {
        try store.record(sampleResult(), startedAt: sampleStartedAt, session: session, day: day)
      }
      #expect(throws: StorageError.self) {
        try store.beginSession(lessonID: "l", layoutID: "g", startedAt: 0, day: day)
      }
      #expect(throws: StorageError.self) { try store.learn("사과", day: day) }
      #expect(throws: StorageError.self) { try store.importWords("사과\n", day: day) }
      #expect(throws: StorageError.self) {
        try store.saveProgress(lessonID: "l", nextItem: 0, isFinished: false, day: day, at: 0)
      }
      #expect(throws: StorageError.self) { try store.hide("사과", day: day) }
    }
    do {
      try store.record(sampleResult(), startedAt: sampleStartedAt, session: session, day: Int.max)
    } catch {
      #expect(
        error.description.hasSuffix(
          "saving a practice result refused: day number 9223372036854775807 is not between "
            + "-719162 (0001-01-01) and 2932896 (9999-12-31); check the system clock"))
    }
    #expect(try store.practiceDays() == nil)
    #expect(try store.learnedWords() == [])
    // An imported date outside the range is a problem line, not a stored day.
    let report = try store.importWords("사과\t1\t0000-06-10\n", day: 1)
    #expect(report.problems.map(\.line) == [1])
    // The edges themselves are fine.
    try store.learn("배", day: ProgressStore.storableDays.upperBound)
    #expect(try store.exportWords().contains("배\t1\t9999-12-31"))
  }
}
