import Foundation
import GRDB
import Practice
import Storage
import Testing

@Suite("Opening the progress database")
struct OpeningTests {
  @Test("creates the folders and applies every migration")
  func fresh() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    #expect(FileManager.default.fileExists(atPath: folder.databasePath))
    #expect(try store.appliedMigrations() == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])
  }

  @Test("reopening keeps the data")
  func reopen() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    do {
      let store = try openStore(folder.databasePath)
      try store.learn("사랑", day: 10)
    }
    let store = try openStore(folder.databasePath)
    #expect(try store.learnedWord("사랑") == LearnedWord(word: "사랑", count: 1, lastUsedDay: 10))
  }

  struct PathCase: Sendable, CustomTestStringConvertible {
    let id: String
    let environment: [String: String]
    let path: String
    var testDescription: String { id }
  }

  @Test(arguments: [
    PathCase(
      id: "XDG_DATA_HOME set", environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/a"],
      path: "/data/cheonjiin/progress.sqlite"),
    PathCase(
      id: "XDG_DATA_HOME unset: ~/.local/share", environment: ["HOME": "/home/a"],
      path: "/home/a/.local/share/cheonjiin/progress.sqlite"),
    PathCase(
      id: "a relative XDG_DATA_HOME is ignored",
      environment: ["XDG_DATA_HOME": "data", "HOME": "/h"],
      path: "/h/.local/share/cheonjiin/progress.sqlite"),
  ])
  func defaultPath(_ testCase: PathCase) {
    #expect(ProgressStore.defaultPath(environment: testCase.environment) == testCase.path)
  }

  @Test("a file that is not a database is moved aside and a new one made")
  func garbage() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    let garbage = String(repeating: "이것은 데이터베이스가 아닙니다. ", count: 200)
    try garbage.write(toFile: path, atomically: false, encoding: .utf8)
    let opening = try ProgressStore.open(at: path, now: fixedDate, timeZone: utc)
    let recovery = try #require(opening.recovery)
    #expect(recovery.movedTo == path + ".corrupt-20250610-153045")
    #expect(try String(contentsOfFile: recovery.movedTo, encoding: .utf8) == garbage)
    #expect(recovery.path == path)
    #expect(recovery.reason.hasPrefix("SQLite error 26"))
    try opening.store.learn("안녕", day: 1)
    #expect(try opening.store.learnedWords().map(\.word) == ["안녕"])
  }

  @Test("a second damaged file in the same second gets a numbered name")
  func twiceInOneSecond() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    var moved: [String] = []
    for _ in 0..<2 {
      try "not a database at all, not at all".write(
        toFile: path, atomically: false, encoding: .utf8)
      let opening = try ProgressStore.open(at: path, now: fixedDate, timeZone: utc)
      moved.append(try #require(opening.recovery).movedTo)
    }
    #expect(moved == [path + ".corrupt-20250610-153045", path + ".corrupt-20250610-153045-2"])
  }

  @Test("a truncated real database is moved aside")
  func truncated() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    do {
      let store = try openStore(path)
      let session = try store.beginSession(
        lessonID: "l", layoutID: "cheonjiin-galaxy", startedAt: 0, day: 1)
      for index in 0..<400 {
        let long = String(repeating: "가나다라마바사", count: 10) + "\(index)"
        try store.record(
          sampleResult(item: "l:\(index)", target: long, typed: long), startedAt: sampleStartedAt,
          session: session, day: 1)
      }
    }  // the last connection closes: the WAL is checkpointed into the file
    let size = try #require(
      FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber
    ).intValue
    #expect(size > 64 * 1024)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(size / 2))
    try handle.close()
    let opening = try ProgressStore.open(at: path, now: fixedDate, timeZone: utc)
    let recovery = try #require(opening.recovery)
    #expect(FileManager.default.fileExists(atPath: recovery.movedTo))
    #expect(try opening.store.dailyStats(from: 0, to: 10) == [])
  }

  @Test("a folder that cannot be created is an error with the path, not a crash")
  func unwritableFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let blocker = folder.path + "/file"
    try "x".write(toFile: blocker, atomically: false, encoding: .utf8)
    do {
      _ = try ProgressStore.open(at: blocker + "/cheonjiin/progress.sqlite")
      Issue.record("opened below a plain file")
    } catch {
      guard case .cannotCreateFolder(let path, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(path == blocker + "/cheonjiin")
      #expect(error.description.contains("set XDG_DATA_HOME"))
    }
  }
}
