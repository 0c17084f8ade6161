import Foundation
import GRDB
import Storage
import Testing

@Suite("A progress file from a newer version")
struct NewerVersionTests {
  /// A database with a word learned, then marked as migrated by a version this one does not
  /// know (as a newer cheonjiin would leave it), closed; and its bytes.
  private static func newerFile(in folder: TemporaryFolder) throws -> Data {
    do {
      let store = try openStore(folder.databasePath)
      try store.learn("사랑", day: 10)
    }
    do {
      let queue = try DatabaseQueue(path: folder.databasePath)
      try queue.write { db in
        try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
        try db.execute(sql: "CREATE TABLE futureThing (id INTEGER PRIMARY KEY)")
      }
      try queue.close()
    }
    return try Data(contentsOf: URL(fileURLWithPath: folder.databasePath))
  }

  @Test(
    "is read, never written, and opening says so",
    arguments: [ProgressStore.Access.writing, .reading])
  func readOnly(access: ProgressStore.Access) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let before = try Self.newerFile(in: folder)
    let opening = try ProgressStore.open(at: folder.databasePath, for: access)
    #expect(opening.recovery == nil)
    #expect(
      opening.readOnly == .newerVersion(path: folder.databasePath, migrations: ["v99"]))
    // What it holds can still be read.
    #expect(try opening.store.learnedWord("사랑")?.count == 1)
    // Every write is refused with the reason.
    #expect(throws: StorageError.newerVersion(path: folder.databasePath, migrations: ["v99"])) {
      try opening.store.learn("하늘", day: 11)
    }
    let after = try Data(contentsOf: URL(fileURLWithPath: folder.databasePath))
    #expect(after == before, "the newer version's file was written")
    let message = StorageError.newerVersion(path: "p", migrations: ["v99"]).description
    #expect(message.contains("newer version") && message.contains("update cheonjiin"))
  }

  @Test(
    "a command that saves never opens it for writing: closed again, not a byte has changed",
    arguments: [ProgressStore.Access.writing, .reading], ["WAL", "DELETE"])
  func notAByteChanges(access: ProgressStore.Access, journal: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try Self.newerFile(in: folder)
    do {
      // As a newer version might leave it: in rollback-journal mode, or in WAL mode with its
      // WAL file gone with the last connection.
      let queue = try DatabaseQueue(path: folder.databasePath)
      _ = try queue.writeWithoutTransaction { db in
        try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journal)")
      }
      try queue.close()
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: folder.databasePath))
    do {
      let opening = try ProgressStore.open(at: folder.databasePath, for: access)
      #expect(opening.readOnly != nil)
      #expect(try opening.store.learnedWord("사랑")?.count == 1)
      #expect(throws: StorageError.self) { try opening.store.learn("하늘", day: 11) }
    }
    // The store is gone: a writer's changes would now be in the file itself.
    let after = try Data(contentsOf: URL(fileURLWithPath: folder.databasePath))
    #expect(after == before, "the newer version's file was written")
    let wal = (try? Data(contentsOf: URL(fileURLWithPath: folder.databasePath + "-wal"))) ?? Data()
    #expect(wal.isEmpty, "a WAL file with \(wal.count) bytes was left")
  }

  @Test("is never moved aside as damaged, even when this version's tables look wrong to it")
  func neverMovedAside() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try Self.newerFile(in: folder)
    do {
      // A newer version that rebuilt a table this version expects.
      let queue = try DatabaseQueue(path: folder.databasePath)
      try queue.write { db in try db.execute(sql: "DROP TABLE hiddenWord") }
      try queue.close()
    }
    let opening = try ProgressStore.open(at: folder.databasePath)
    #expect(opening.recovery == nil)
    #expect(opening.readOnly != nil)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: (folder.databasePath as NSString).deletingLastPathComponent)
    #expect(!names.contains { $0.contains("corrupt") })
  }
}
