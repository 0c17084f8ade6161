import Foundation
import GRDB
import Practice
import SystemIO
import SystemPackage

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
  /// The file's connections; for an older read-only file, a migrated copy in memory.
  let pool: any DatabaseWriter
  /// Set when the file can be read but not saved: what every write throws.
  let readOnly: StorageError?
  /// How long a write waits for another program's write before it gives up.
  let busyTimeout: Duration

  /// How long a write waits, by default, for another program's write to finish: 10 s, as the
  /// user guide (docs/guide.md) says.
  public static let defaultBusyTimeout: Duration = .seconds(10)

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

  fileprivate init(
    path: String, pool: any DatabaseWriter, readOnly: StorageError?, busyTimeout: Duration
  ) {
    self.path = path
    self.pool = pool
    self.readOnly = readOnly
    self.busyTimeout = busyTimeout
  }

  /// What a command means to do with the file.
  public enum Access: Sendable {
    /// Only read (`stats`, `dict list`, the pad's words): never waits for another program's
    /// write (WAL reads), and changes the file only when it is new or from an older version.
    case reading
    /// Read and write (practice, `dict learn`): waits up to the busy timeout for another
    /// program's write, and repairs damaged rows.
    case writing
  }

  /// The result of opening: the store, and a notice when a damaged file was moved aside.
  public struct Opening: Sendable {
    public let store: ProgressStore
    /// Set when the old file could not be used and was moved aside; the caller tells the user.
    public let recovery: Recovery?
    /// Learned words repaired in place (or that could not be), for the caller to tell the
    /// user; `nil` when none needed it.
    ///
    /// A repaired row is fine afterwards, so each repair is reported by one opening only.
    public let learnedWordRepair: LearnedWordRepair?
    /// Set when the file can be read but nothing can be saved (a read-only file or folder):
    /// the error every write throws, for a command that saves to tell the user once.
    public let readOnly: StorageError?
  }

  /// A damaged file that was moved aside.
  ///
  /// The caller words it for the user (`UIStrings.movedAside` in the commands): Storage holds
  /// no interface text.
  public struct Recovery: Sendable, Hashable {
    /// The file that could not be read; a new one is there now.
    public let path: String
    /// Where the old file now is.
    public let movedTo: String
    /// Why it could not be used, as SQLite or the file system word it.
    public let reason: String

    public init(path: String, movedTo: String, reason: String) {
      self.path = path
      self.movedTo = movedTo
      self.reason = reason
    }
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
  /// Only a file SQLite finds damaged (not a database, failing `quick_check`, or lacking a
  /// table or column of the current schema although its migrations are recorded as done) is
  /// renamed to `progress.sqlite.corrupt-YYYYMMDD-HHMMSS` (with its `-wal` and `-shm` files)
  /// and replaced by a new database; ``Opening/recovery`` says so. A file or folder that
  /// cannot be written opens for reading only (``Opening/readOnly``); a file another program
  /// keeps locked is an error after `busyTimeout`; neither is ever moved.
  ///
  /// The folder is made owner-only (0700) and the files 0600: they hold what the user typed.
  /// A symbolic link, folder or device where a file belongs is refused, never followed.
  ///
  /// Learned words whose count or last use is not a whole number in range are repaired in
  /// place when opening for writing; ``Opening/learnedWordRepair`` says so.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - access: Whether the command only reads.
  ///   - now: For the suffix of a moved file, and the last use of a repaired word.
  ///   - timeZone: For the suffix of a moved file, and the last use of a repaired word.
  ///   - busyTimeout: How long to wait for another program's lock.
  /// - Throws: ``StorageError``, never traps.
  public static func open(
    at path: String, for access: Access = .writing, now: Date = Date(),
    timeZone: TimeZone = .current, busyTimeout: Duration = defaultBusyTimeout
  ) throws(StorageError) -> Opening {
    try ProgressFile.preparePrivateFolder((path as NSString).deletingLastPathComponent)
    let exists = try ProgressFile.checkKinds(path)
    let folder = (path as NSString).deletingLastPathComponent
    if exists, let unreadable = ProgressFile.readProblem(path) { throw unreadable }
    if exists && isWritable(FilePath(path)) { ProgressFile.makePrivate(path) }
    if let readOnly = ProgressFile.writeProblem(path, exists: exists) {
      guard exists else { throw readOnly }
      let canCreate = isWritable(FilePath(folder.isEmpty ? "." : folder), isFolder: true)
      do {
        // Without a -shm file the database is read as immutable: the file alone, which holds
        // everything once the last writer has closed (no WAL, or an empty one), and is then
        // read without creating anything beside it. SQLite reads a WAL database so too when
        // there is no way to make the -shm.
        let hasIndex = FileManager.default.fileExists(atPath: path + "-shm")
        // No -wal (or none we can see) is as an empty one: SQLite reads the file alone.
        let walBytes = (try? Stat(FilePath(path + "-wal"), followTargetSymlink: false))?.size
        let immutable = !hasIndex && (walBytes ?? 0 == 0 || !canCreate)
        let pool = try readingPool(path, immutable: immutable, busyTimeout: busyTimeout)
        ProgressFile.makeCompanionsPrivate(path)
        guard
          let store = try connectReading(
            pool, path, readOnly: readOnly, busyTimeout: busyTimeout, copyIfOlder: true)
        else { throw readOnly }
        return Opening(store: store, recovery: nil, learnedWordRepair: nil, readOnly: readOnly)
      } catch let newer as NewerSchema {
        return newer.opening(path: path, busyTimeout: busyTimeout)
      } catch let error as StorageError {
        throw error
      } catch {
        throw failure(error, path: path, operation: "opening", busyTimeout: busyTimeout)
      }
    }
    if !exists { try ProgressFile.createPrivate(path) }
    do {
      let store = try connect(path, for: access, busyTimeout: busyTimeout)
      let repair =
        access == .writing
        ? store.repairLearnedWords(today: localDayNumber(now: now, timeZone: timeZone)) : nil
      return Opening(store: store, recovery: nil, learnedWordRepair: repair, readOnly: nil)
    } catch let newer as NewerSchema {
      // Never migrated, repaired, moved aside or written: its schema is not this version's.
      return newer.opening(path: path, busyTimeout: busyTimeout)
    } catch let firstError {
      guard isDamage(firstError) else {
        throw failure(firstError, path: path, operation: "opening", busyTimeout: busyTimeout)
      }
      let reason = describe(firstError)
      let movedTo = try moveAside(path, now: now, timeZone: timeZone)
      let store: ProgressStore
      do {
        try ProgressFile.createPrivate(path)
        store = try connect(path, for: .writing, busyTimeout: busyTimeout)
      } catch {
        throw failure(error, path: path, operation: "opening", busyTimeout: busyTimeout)
      }
      let recovery = Recovery(path: path, movedTo: movedTo, reason: reason)
      return Opening(store: store, recovery: recovery, learnedWordRepair: nil, readOnly: nil)
    }
  }

  /// Whether an error from opening means SQLite found the file damaged (move it aside),
  /// rather than a passing or outside condition (a lock, a full disk, missing permission)
  /// where moving a good file away would lose progress.
  private static func isDamage(_ error: any Error) -> Bool {
    if error is DamagedDatabase { return true }  // failed quick_check, or tables missing
    guard let error = error as? DatabaseError else { return false }
    return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
  }

  /// The ``StorageError`` for a failure from GRDB or SQLite: a lock and a read-only file
  /// are named as such.
  static func failure(
    _ error: any Error, path: String, operation: String, busyTimeout: Duration
  ) -> StorageError {
    if let error = error as? StorageError { return error }
    if let error = error as? DatabaseError {
      switch error.resultCode {
      case .SQLITE_BUSY, .SQLITE_LOCKED:
        return .busy(
          path: path, operation: operation,
          waitedSeconds: Int(busyTimeout.components.seconds))
      case .SQLITE_READONLY:
        return .readOnly(path: path, unwritable: path)
      case .SQLITE_FULL:
        return .diskFull(path: path, operation: operation)
      case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_SHMSIZE:
        // The shared-memory file beside the database could not grow: on opening, this is how
        // SQLite meets a full disk (it reserves the file's pages before it writes anything).
        return .diskFull(path: path, operation: operation)
      default:
        break
      }
    }
    return operation == "opening"
      ? .cannotOpen(path: path, reason: describe(error))
      : .database(path: path, operation: operation, reason: describe(error))
  }

  /// Opens the file for `access`: a reader when it is up to date and only read, else a writer.
  ///
  /// A reader looks first, whatever the access: a file of a newer version is never opened
  /// for writing, since opening a writer changes the file (it switches it to WAL and writes a
  /// table into it, to make sure the WAL file is there).
  private static func connect(
    _ path: String, for access: Access, busyTimeout: Duration
  ) throws -> ProgressStore {
    let reader: DatabasePool
    do {
      reader = try readingPool(path, immutable: false, busyTimeout: busyTimeout)
    } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
      // A transaction cut short left a journal only a writer can roll back: it opens the
      // file, then judges the schema itself.
      return try connectWriting(path, busyTimeout: busyTimeout)
    }
    if access == .reading,
      let store = try connectReading(reader, path, readOnly: nil, busyTimeout: busyTimeout)
    {
      return store
    }
    return try connectWriting(path, busyTimeout: busyTimeout)
  }

  /// Opens read-only connections, which never wait for a writer (WAL) and never change the
  /// file.
  ///
  /// - Throws: ``NewerSchema`` for a file of a newer version.
  private static func readingPool(
    _ path: String, immutable: Bool, busyTimeout: Duration
  ) throws -> DatabasePool {
    var configuration = configuration(busyTimeout: busyTimeout)
    configuration.readonly = true
    let pool = try DatabasePool(
      path: immutable ? immutableURI(path) : path, configuration: configuration)
    if let migrations = try pool.read(NewerSchema.unknownMigrations) {
      throw NewerSchema(migrations: migrations, pool: pool)
    }
    return pool
  }

  /// The store that reads through `pool` (``readingPool(_:immutable:busyTimeout:)``).
  ///
  /// - Parameter copyIfOlder: A file from an older version is read through a copy in memory,
  ///   migrated there (the file cannot be written); else such a file gives `nil`: migrating
  ///   it takes a writer.
  private static func connectReading(
    _ pool: DatabasePool, _ path: String, readOnly: StorageError?, busyTimeout: Duration,
    copyIfOlder: Bool = false
  ) throws -> ProgressStore? {
    guard try pool.read({ db in try Schema.migrator.hasCompletedMigrations(db) }) else {
      guard copyIfOlder else { return nil }
      let copy = try DatabaseQueue(configuration: self.configuration(busyTimeout: busyTimeout))
      try pool.backup(to: copy)
      try check(copy, before: migrate)
      return ProgressStore(path: path, pool: copy, readOnly: readOnly, busyTimeout: busyTimeout)
    }
    try check(pool)
    return ProgressStore(path: path, pool: pool, readOnly: readOnly, busyTimeout: busyTimeout)
  }

  /// Opens a writer, migrating the file; tries again while another instance sets it up,
  /// for at most `busyTimeout` in all.
  ///
  /// Two instances setting up a new file can each hold a read lock while wanting the write
  /// lock (WAL mode, the schema); SQLite then fails one at once with SQLITE_BUSY instead of
  /// waiting, so the busy timeout alone does not help.
  private static func connectWriting(_ path: String, busyTimeout: Duration) throws
    -> ProgressStore
  {
    let clock = ContinuousClock()
    let start = clock.now
    var attempt = 0
    while true {
      do {
        let pool = try DatabasePool(
          path: path, configuration: configuration(busyTimeout: busyTimeout))
        try check(pool, before: migrate)
        return ProgressStore(path: path, pool: pool, readOnly: nil, busyTimeout: busyTimeout)
      } catch let error as DatabaseError
        where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED)
        && clock.now - start < busyTimeout
      {
        attempt += 1
        Thread.sleep(forTimeInterval: 0.01 * Double(min(attempt, 10)))
      }
    }
  }

  /// An SQLite URI that opens `path` as immutable: no locks, no `-shm` file.
  private static func immutableURI(_ path: String) -> String {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#%")
    let escaped = absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute
    return "file:" + escaped + "?immutable=1"
  }

  private static func configuration(busyTimeout: Duration) -> Configuration {
    let seconds =
      Double(busyTimeout.components.seconds)
      + Double(busyTimeout.components.attoseconds) / 1e18
    var configuration = Configuration()
    configuration.busyMode = .timeout(seconds)
    configuration.foreignKeysEnabled = true
    configuration.label = "cheonjiin.progress"
    configuration.maximumReaderCount = 2
    return configuration
  }

  /// Checks the file with `quick_check`, runs `prepare` (the migrations), then checks that
  /// every table and column is there; throws ``DamagedDatabase`` on anything unusable.
  private static func check(
    _ pool: any DatabaseWriter, before prepare: (any DatabaseWriter) throws -> Void = { _ in }
  ) throws {
    // Before anything that writes or judges the schema: a newer version's file is neither
    // migrated nor taken for damage.
    if let migrations = try pool.read(NewerSchema.unknownMigrations) {
      throw NewerSchema(migrations: migrations, pool: pool)
    }
    let check = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
    guard check == ["ok"] else {
      throw DamagedDatabase(reason: "damaged: " + check.prefix(3).joined(separator: "; "))
    }
    try prepare(pool)
    // Migrations recorded as done do not prove the tables are there: a dropped or rebuilt
    // table would fail every later query, on every run, without this check.
    let expected = try Schema.expectedTables()
    let problems = try pool.read { db in try Schema.problems(in: db, expected: expected) }
    guard problems.isEmpty else {
      let shown = problems.prefix(3).joined(separator: "; ")
      let more = problems.count > 3 ? "; and \(problems.count - 3) more" : ""
      throw DamagedDatabase(reason: "damaged schema: " + shown + more)
    }
  }

  /// Runs the migrations, retrying when another instance ran them at the same time.
  ///
  /// Two instances starting together may both try the same migration; the loser fails on an
  /// existing table, and simply looks again.
  private static func migrate(_ pool: any DatabaseWriter) throws {
    let migrator = Schema.migrator
    // Up to date (the usual case): nothing to write, so no lock to wait for.
    if try pool.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
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
    if let readOnly { throw readOnly }
    do {
      return try pool.write(body)
    } catch {
      throw Self.failure(error, path: path, operation: operation, busyTimeout: busyTimeout)
    }
  }

  /// Runs `body` on a read-only snapshot.
  func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StorageError) -> T {
    do {
      return try pool.read(body)
    } catch {
      throw Self.failure(error, path: path, operation: operation, busyTimeout: busyTimeout)
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

/// A file written by a newer version of cheonjiin.
///
/// It records migrations this version does not know. It is opened for reading only
/// (``StorageError/newerVersion(path:migrations:)``), never migrated, repaired or moved aside.
struct NewerSchema: Error {
  /// The unknown migrations, sorted.
  let migrations: [String]
  /// The connections that found them, kept for reading: closing them and opening others
  /// would only cost time (and wake libdispatch's pool, which the idle pad must not).
  let pool: any DatabaseWriter

  /// The file's unknown migrations, sorted, if it has any.
  @Sendable static func unknownMigrations(_ db: Database) throws -> [String]? {
    let migrator = Schema.migrator
    guard try migrator.hasBeenSuperseded(db) else { return nil }
    let known = Set(try migrator.completedMigrations(db))
    return try migrator.appliedIdentifiers(db).subtracting(known).sorted()
  }
}

extension NewerSchema {
  /// The file opened for reading only: every write throws
  /// ``StorageError/newerVersion(path:migrations:)``.
  func opening(path: String, busyTimeout: Duration) -> ProgressStore.Opening {
    let readOnly = StorageError.newerVersion(path: path, migrations: migrations)
    let store = ProgressStore(
      path: path, pool: pool, readOnly: readOnly, busyTimeout: busyTimeout)
    return ProgressStore.Opening(
      store: store, recovery: nil, learnedWordRepair: nil, readOnly: readOnly)
  }
}

/// A file that opens as SQLite but is damaged or is not our schema: it is moved aside.
struct DamagedDatabase: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }
}
