import Foundation
import Testing

@Suite("cheonjiin stats on odd data and options")
struct StatsRobustnessTests {
  /// A result row dated at the edge of Int64 (a damaged file, a wrong clock) crashed stats
  /// with an arithmetic overflow.
  @Test("results dated far outside 1970 … next year are left out; nothing crashes")
  func implausibleDays() throws {
    let home = scratchDirectory.appendingPathComponent("cheonjiin-stats-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: home) }
    let environment = ["XDG_DATA_HOME": home]
    _ = try run(["stats"], environment: environment)
    let database = home + "/cheonjiin/progress.sqlite"
    for arguments in [
      [
        repositoryRoot.appendingPathComponent("Scripts/make-practice-history.py").path, database,
        "--days", "3",
      ],
      [
        "-c",
        "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); "
          + "db.execute('UPDATE itemResult SET day = 9223372036854775807 WHERE id = 1'); "
          + "db.execute('UPDATE itemResult SET day = -9223372036854775807 WHERE id = 2'); db.commit()",
        database,
      ],
    ] {
      let python = try runProgram(["/usr/bin/env", "python3"] + arguments)
      try #require(python.status == 0, "\(python.stderr)")
    }
    for arguments in [["stats"], ["stats", "--all"], ["stats", "--json"]] {
      let result = try run(arguments, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(!result.stdout.contains("1970-01-01"), "\(arguments)")
    }
    let json = try run(["stats", "--json"], environment: environment)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect((object["days"] as? [Any])?.count == 3)
  }

  @Test("huge --days and --width are refused with the range, not a crash")
  func hugeOptions() throws {
    for arguments in [
      ["stats", "--days", "9223372036854775807"], ["stats", "--width", "99999999999"],
    ] {
      let result = try run(arguments, environment: locale("C.UTF-8"))
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains("out of range"), "\(arguments)")
    }
  }
}
