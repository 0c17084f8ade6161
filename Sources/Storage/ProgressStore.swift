import Foundation
import GRDB
import Practice

/// The practice progress and the learned-words dictionary, in one SQLite file.
///
/// Safe with several instances of the program at once: the file is opened as a GRDB
/// `DatabasePool` (WAL mode: readers never block the writer) with a busy timeout, every write
/// is one IMMEDIATE transaction, and counters are added to in SQL (`count = count + 1`, capped
/// at ``maximumCount``), never read, changed in Swift and written back.
///
/// Open it with ``open(at:now:timeZone:)``, which moves a damaged file aside and starts a new
/// one instead of failing.
public final class ProgressStore: Sendable {
  /// The database file.
  public let path: String
  let pool: DatabasePool

  /// How long a write waits for another instance's write to finish.
  public static let busyTimeout: TimeInterval = 10

  /// The most a stored count (a learned word's uses) can reach; adding more leaves it there.
  ///
  /// Far beyond real use, yet far from `Int64.max`: SQLite turns an integer that overflows
  /// into a REAL, which no later read could decode (every dictionary command would fail).
  public static let maximumCount = 1_000_000_000

  /// How many uses one call may add to a word (`dict learn --times`).
  public static let learnTimes: ClosedRange<Int> = 1...1_000_000

  /// The day numbers that may be stored: 0001-01-01 … 9999-12-31.
  ///
  /// Date arithmetic and formatting (``Practice/CalendarDay``, schedules) stays far from
  /// overflow inside this range; a day outside it is refused when written and ignored or
  /// repaired when read.
  public static let storableDays: ClosedRange<Int> =
    CalendarDay(year: 1, month: 1, day: 1)
    .dayNumber...CalendarDay(year: 9999, month: 12, day: 31).dayNumber

  private init(path: String, pool: DatabasePool) {
    self.path = path
    self.pool = pool
  }

  /// The result of opening: the store, and a notice when a damaged file was moved aside.
  public struct Opening: Sendable {
    public let store: ProgressStore
    /// Set when the old file could not be used; the caller prints ``Recovery/message``.
    public let recovery: Recovery?
    /// Damaged rows that were repaired in place (in English), for the caller to print.
    ///
    /// A repaired row is fine afterwards, so each repair is reported by one opening only.
    public let notices: [String]
  }

  /// A damaged or unreadable file that was moved aside.
  public struct Recovery: Sendable, Hashable {
    /// Where the old file now is.
    public let movedTo: String
    /// Why it could not be used.
    public let reason: String
    /// What to tell the user, in English.
    public let message: String
    /// What to tell the user, in Korean.
    public let koreanMessage: String
  }

  /// The default database path: `$XDG_DATA_HOME/cheonjiin/progress.sqlite`, or
  /// `~/.local/share/cheonjiin/progress.sqlite` when `XDG_DATA_HOME` is unset or not absolute
  /// (the XDG Base Directory rule).
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    let base: String
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      base = data
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = home + "/.local/share"
    }
    return base + "/cheonjiin/progress.sqlite"
  }

  /// Opens (creating folders and the file as needed) and migrates the database at `path`.
  ///
  /// A file that is not a database, is damaged (truncated, failing SQLite's `quick_check`),
  /// lacks a table or column of the current schema although its migrations are recorded as
  /// done, or cannot be opened is renamed to `progress.sqlite.corrupt-YYYYMMDD-HHMMSS` (with
  /// its `-wal` and `-shm` files) and a new database is created; ``Opening/recovery`` says so.
  ///
  /// Learned words whose count or last use is not a whole number in range are repaired in
  /// place; ``Opening/notices`` says so.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - now: For the suffix of a moved file, and the last use of a repaired word.
  ///   - timeZone: For the suffix of a moved file, and the last use of a repaired word.
  /// - Throws: ``StorageError`` when the folder cannot be created, a bad file cannot be moved,
  ///   or no database can be created at `path`. Never traps.
  public static func open(
    at path: String, now: Date = Date(), timeZone: TimeZone = .current
  ) throws(StorageError) -> Opening {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotCreateFolder(path: folder, reason: describe(error))
      }
    }
    let today = localDayNumber(now: now, timeZone: timeZone)
    do {
      let store = try connectWaiting(path)
      return Opening(store: store, recovery: nil, notices: store.repairLearnedWords(today: today))
    } catch let firstError {
      guard FileManager.default.fileExists(atPath: path), isUnusableFile(firstError) else {
        throw .cannotOpen(path: path, reason: describe(firstError))
      }
      let reason = describe(firstError)
      let movedTo = try moveAside(path, now: now, timeZone: timeZone)
      let store: ProgressStore
      do {
        store = try connectWaiting(path)
      } catch {
        throw .cannotOpen(path: path, reason: describe(error))
      }
      let name = (path as NSString).lastPathComponent
      let recovery = Recovery(
        movedTo: movedTo, reason: reason,
        message: "\(name) could not be read (\(reason)); it was moved to \(movedTo) and a new "
          + "progress file was started.",
        koreanMessage: "기록 파일(\(name))을 읽을 수 없어서 \(movedTo)(으)로 옮기고 새로 시작했어요.")
      return Opening(store: store, recovery: recovery, notices: [])
    }
  }

  /// Whether an error from opening means the file itself is bad (move it aside), rather than
  /// a passing condition such as another instance holding a lock or a full disk (where
  /// moving a good file away would lose progress).
  private static func isUnusableFile(_ error: any Error) -> Bool {
    if error is DamagedDatabase { return true }  // failed quick_check, or tables missing
    guard let error = error as? DatabaseError else { return false }
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL, .SQLITE_NOMEM, .SQLITE_INTERRUPT,
      .SQLITE_IOERR, .SQLITE_PROTOCOL, .SQLITE_ABORT:
      return false
    default:
      return true  // not a database, damaged, unreadable, or not our schema
    }
  }

  /// ``connect(_:)``, tried again a few times while another instance holds the file.
  ///
  /// Two instances setting up a new file can each hold a read lock while wanting the write
  /// lock (WAL mode, the schema); SQLite then fails one at once with SQLITE_BUSY instead of
  /// waiting, so the busy timeout alone does not help.
  private static func connectWaiting(_ path: String) throws -> ProgressStore {
    var attempt = 0
    while true {
      do {
        return try connect(path)
      } catch let error as DatabaseError
        where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
        && attempt < 8
      {
        attempt += 1
        usleep(UInt32(10_000 * attempt))
      }
    }
  }

  /// Opens a pool, checks the file and migrates it; throws on anything unusable.
  private static func connect(_ path: String) throws -> ProgressStore {
    var configuration = Configuration()
    configuration.busyMode = .timeout(busyTimeout)
    configuration.foreignKeysEnabled = true
    configuration.label = "cheonjiin.progress"
    configuration.maximumReaderCount = 2
    let pool = try DatabasePool(path: path, configuration: configuration)
    let check = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
    guard check == ["ok"] else {
      throw DamagedDatabase(reason: "damaged: " + check.prefix(3).joined(separator: "; "))
    }
    try migrate(pool)
    // Migrations recorded as done do not prove the tables are there: a dropped or rebuilt
    // table would fail every later query, on every run, without this check.
    let expected = try Schema.expectedTables()
    let problems = try pool.read { db in try Schema.problems(in: db, expected: expected) }
    guard problems.isEmpty else {
      let shown = problems.prefix(3).joined(separator: "; ")
      let more = problems.count > 3 ? "; and \(problems.count - 3) more" : ""
      throw DamagedDatabase(reason: "damaged schema: " + shown + more)
    }
    return ProgressStore(path: path, pool: pool)
  }

  /// Runs the migrations, retrying when another instance ran them at the same time.
  ///
  /// Two instances starting together may both try the same migration; the loser fails on an
  /// existing table, and simply looks again.
  private static func migrate(_ pool: DatabasePool) throws {
    let migrator = Schema.migrator
    var attempt = 0
    while true {
      do {
        try migrator.migrate(pool)
        return
      } catch {
        attempt += 1
        // If even this read fails, treat the migrations as not done and try again; the
        // original error is thrown after the last attempt.
        let done = (try? pool.read { db in try migrator.hasCompletedMigrations(db) }) ?? false
        if done { return }
        if attempt >= 3 { throw error }
      }
    }
  }

  /// Renames `path` and its `-wal` and `-shm` files with a timestamp suffix.
  ///
  /// - Returns: The new path of the main file.
  private static func moveAside(
    _ path: String, now: Date, timeZone: TimeZone
  ) throws(StorageError) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: now)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    let stamp =
      "\(parts.year ?? 0)\(two(parts.month))\(two(parts.day))-"
      + "\(two(parts.hour))\(two(parts.minute))\(two(parts.second))"
    let manager = FileManager.default
    var target = "\(path).corrupt-\(stamp)"
    var number = 2
    while manager.fileExists(atPath: target) {
      target = "\(path).corrupt-\(stamp)-\(number)"
      number += 1
    }
    do {
      try manager.moveItem(atPath: path, toPath: target)
    } catch {
      throw .cannotMoveAside(path: path, reason: describe(error))
    }
    for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: path + suffix) {
      do {
        try manager.moveItem(atPath: path + suffix, toPath: target + suffix)
      } catch {
        throw .cannotMoveAside(path: path + suffix, reason: describe(error))
      }
    }
    return target
  }

  // MARK: - Access

  /// Refuses a day number outside ``storableDays`` before it reaches the file.
  func checkDay(_ day: Int, _ operation: String) throws(StorageError) {
    guard Self.storableDays.contains(day) else {
      throw .invalidValue(
        path: path, operation: operation,
        reason: "day number \(day) is not between \(Self.storableDays.lowerBound) (0001-01-01) "
          + "and \(Self.storableDays.upperBound) (9999-12-31); check the system clock")
    }
  }

  /// Runs `body` in one IMMEDIATE write transaction.
  func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(StorageError) -> T {
    do {
      return try pool.write(body)
    } catch {
      throw .database(path: path, operation: operation, reason: describe(error))
    }
  }

  /// Runs `body` on a read-only snapshot.
  func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StorageError) -> T {
    do {
      return try pool.read(body)
    } catch {
      throw .database(path: path, operation: operation, reason: describe(error))
    }
  }

  /// The schema migrations applied, in order (for diagnostics and tests).
  public func appliedMigrations() throws(StorageError) -> [String] {
    try read("reading the schema version") { db in try Schema.migrator.appliedMigrations(db) }
  }
}

/// Today's day number in the local time zone (days since 1970-01-01 there), for the
/// ``Practice`` module's day-based schedules and stats.
public func localDayNumber(now: Date = Date(), timeZone: TimeZone = .current) -> Int {
  let offset = timeZone.secondsFromGMT(for: now)
  let seconds = Int64((now.timeIntervalSince1970).rounded(.down)) + Int64(offset)
  return Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
}

/// Milliseconds since 1970-01-01 UTC: the wall-clock stamps the store keeps (sessions, item
/// results, lesson progress).
///
/// Never a value from the monotonic clock the practice session runs on: those count from an
/// arbitrary origin (the boot) and only differences between them mean anything.
public func unixMilliseconds(_ date: Date = Date()) -> Int64 {
  Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
}

/// A file that opens as SQLite but is damaged or is not our schema: it is moved aside.
struct DamagedDatabase: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}
