import Foundation
import GRDB
import Storage
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Progress is never thrown away by mistake, and private things stay private.
///
/// A read-only file or folder cannot be made as root (root writes anyway): the CLI tests try
/// those as an unprivileged user.
@Suite("Progress is never thrown away by mistake")
struct ProgressSafetyTests {
  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
  }

  private func expectUnsafe(
    _ path: String, at file: String, kind: StorageError.UnsafeFileKind,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try ProgressStore.open(at: path)
      Issue.record("opened", sourceLocation: sourceLocation)
    } catch {
      #expect(error == .unsafeFile(path: file, kind: kind), sourceLocation: sourceLocation)
    }
  }

  /// Everything in `folder`, to prove nothing was moved aside or created.
  private func names(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
  }

  @Test("a dangling symbolic link is refused and its target is not created")
  func danglingLink() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    try FileManager.default.createSymbolicLink(
      atPath: path, withDestinationPath: folder.path + "/elsewhere.sqlite")
    expectUnsafe(path, at: path, kind: .symbolicLink)
    #expect(try names(folder.path) == ["progress.sqlite"])
  }

  @Test("a link to a good database is refused, not followed, and the database is untouched")
  func linkToDatabase() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let real = folder.path + "/real/progress.sqlite"
    try openStore(real).learn("사랑", day: 10)
    let path = folder.path + "/progress.sqlite"
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: real)
    expectUnsafe(path, at: path, kind: .symbolicLink)
    #expect(try openStore(real).learnedWord("사랑")?.count == 1)
  }

  @Test(arguments: ["-wal", "-shm", "-journal", ""])
  func folderInTheWay(_ suffix: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    if !suffix.isEmpty { try openStore(path).learn("사랑", day: 10) }
    try FileManager.default.createDirectory(
      atPath: path + suffix, withIntermediateDirectories: true)
    let before = try names(folder.path)
    expectUnsafe(path, at: path + suffix, kind: .folder)
    #expect(try names(folder.path) == before, "nothing moved aside")
    if !suffix.isEmpty {
      try FileManager.default.removeItem(atPath: path + suffix)
      #expect(try openStore(path).learnedWord("사랑")?.count == 1)
    }
  }

  @Test("a FIFO where the -wal belongs is refused without blocking")
  func fifo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    try openStore(path).learn("사랑", day: 10)
    #expect(mkfifo(path + "-wal", 0o600) == 0)
    expectUnsafe(path, at: path + "-wal", kind: .special)
  }

  @Test("folder 0700 and files 0600 under umask 022; modes of earlier versions are fixed")
  func privateModes() throws {
    try withLearnedWordUnderUmask022 { path, data in try checkPrivateModes(path, data) }
  }

  /// Runs `body` with the path of a database holding one learned word, made under umask 022,
  /// and its folder.
  private func withLearnedWordUnderUmask022(_ body: (String, String) throws -> Void) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let old = umask(0o022)
    defer { umask(old) }
    let path = folder.databasePath
    try openStore(path).learn("사랑", day: 10)
    try body(path, (path as NSString).deletingLastPathComponent)
  }

  private func checkPrivateModes(_ path: String, _ data: String) throws {
    #expect(try mode(data) == 0o700)
    #expect(try mode(path) == 0o600)

    // As an earlier version left them: 0755 and 0644, and a -shm made read-only by a run
    // on a read-only database.
    #expect(chmod(data, 0o755) == 0)
    #expect(chmod(path, 0o644) == 0)
    #expect(FileManager.default.createFile(atPath: path + "-shm", contents: nil))
    #expect(chmod(path + "-shm", 0o444) == 0)
    let store = try openStore(path)
    #expect(try mode(data) == 0o700)
    #expect(try mode(path) == 0o600)
    try store.learn("하늘", day: 10)
    for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
      #expect(try mode(path + suffix) == 0o600, "\(suffix)")
    }
  }

  @Test(
    "a file read but not written: nothing created beside it, or only owner-only files",
    arguments: [false, true])
  func readOnlyFileCreatesNothingOpen(withIndex: Bool) throws {
    if Unprivileged.mustRunAgain {
      // Root writes a read-only file: the check means something only for a user.
      try Unprivileged.runAgain(
        "StorageTests.ProgressSafetyTests/readOnlyFileCreatesNothingOpen(withIndex:)")
      return
    }
    try withLearnedWordUnderUmask022 { path, data in
      try checkNothingOpenCreated(path, data, withIndex: withIndex)
    }
  }

  private func checkNothingOpenCreated(_ path: String, _ data: String, withIndex: Bool) throws {
    #expect(chmod(path, 0o444) == 0)
    if withIndex {
      // The index of another program's WAL, which a reader must use.
      #expect(FileManager.default.createFile(atPath: path + "-shm", contents: nil))
      #expect(chmod(path + "-shm", 0o444) == 0)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let created: [String]
    do {
      let opening = try ProgressStore.open(at: path, for: .reading)
      #expect(opening.readOnly == .readOnly(path: path, unwritable: path))
      #expect(try opening.store.learnedWord("사랑")?.count == 1)
      created = try names(data)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    if !withIndex { #expect(created == ["progress.sqlite"]) }
    for name in created where name != "progress.sqlite" {
      #expect(try mode(data + "/" + name) == 0o600, "\(name)")
    }
  }

  @Test("a read-only folder stays read-only: only group and other bits are cleared")
  func keepsOwnerBits() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.databasePath
    try openStore(path).learn("사랑", day: 10)
    let data = (path as NSString).deletingLastPathComponent
    #expect(chmod(data, 0o555) == 0)
    defer { chmod(data, 0o700) }
    _ = try? ProgressStore.open(at: path, for: .reading)
    #expect(try mode(data) == 0o500)
  }

  @Test("another program's open write: readers answer at once, a writer waits, then names the lock")
  func lockedByAnotherProgram() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    try openStore(path).learn("사랑", day: 10)
    // Another SQLite client, as `sqlite3` would be, in the middle of a write transaction.
    var configuration = Configuration()
    configuration.allowsUnsafeTransactions = true
    let other = try DatabaseQueue(path: path, configuration: configuration)
    try other.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN IMMEDIATE")
      try db.execute(sql: "INSERT INTO learnedWord (word, count, lastUsedDay) VALUES ('별', 1, 10)")
    }
    let clock = ContinuousClock()
    var start = clock.now
    let reader = try ProgressStore.open(at: path, for: .reading, busyTimeout: .seconds(5))
    #expect(try reader.store.learnedWords().map(\.word) == ["사랑"])
    #expect(clock.now - start < .seconds(1), "a reader never waits for the writer")

    start = clock.now
    do {
      let writer = try ProgressStore.open(at: path, busyTimeout: .milliseconds(300)).store
      try writer.learn("달", day: 10)
      Issue.record("wrote while another program held the write lock")
    } catch {
      guard case .busy(let busyPath, _, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(busyPath == path)
      #expect(error.description.contains("another program"))
    }
    #expect(clock.now - start < .seconds(3), "the wait is bounded by the busy timeout")
    #expect(FileManager.default.fileExists(atPath: path), "a locked file is never moved")

    try other.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
    let writer = try ProgressStore.open(at: path, busyTimeout: .milliseconds(300)).store
    try writer.learn("달", day: 10)
    #expect(try writer.learnedWords().map(\.word).sorted() == ["달", "별", "사랑"])
  }

  @Test("only what SQLite calls damaged is moved aside: a file of another program's schema stays")
  func foreignButIntact() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    let foreign = try DatabaseQueue(path: path)
    try foreign.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
    let opening = try ProgressStore.open(at: path)
    #expect(opening.recovery == nil)
    #expect(try opening.store.appliedMigrations() == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])
  }
}
