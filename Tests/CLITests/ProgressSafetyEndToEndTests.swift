import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Whether the tests can run the binary as an unprivileged user: root ignores read-only
/// modes, so a read-only progress file is only read-only to another user.
private let unprivileged: (prefix: [String], usable: Bool) = {
  guard getuid() == 0 else { return ([], true) }
  let prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
  guard FileManager.default.isExecutableFile(atPath: prefix[0]) else { return (prefix, false) }
  let probe = try? runProgram(prefix + [binary.path, "--help"])
  return (prefix, probe?.status == 0)
}()

private let unprivilegedRequirement = Requirement(
  "setpriv, to run the binary as nobody",
  remedy: "Debian's util-linux (/usr/bin/setpriv)", isMet: unprivileged.usable)

/// Runs the binary as the unprivileged user, with `XDG_DATA_HOME` set.
private func runUnprivileged(_ arguments: [String], dataHome: String) throws -> RunResult {
  try run(
    arguments,
    environment: locale("C.UTF-8").merging(["HOME": dataHome, "XDG_DATA_HOME": dataHome]) { $1 },
    launcher: unprivileged.prefix)
}

/// Whether the tests may mount file systems in a mount namespace of their own (`unshare -m`,
/// root with CAP_SYS_ADMIN): for a read-only mount and a full disk.
private let canMount: Bool = {
  guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
    return false
  }
  let probe = Process()
  probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
  probe.arguments = ["-m", "/bin/sh", "-c", "mount -t tmpfs tmpfs /mnt"]
  probe.standardOutput = FileHandle.nullDevice
  probe.standardError = FileHandle.nullDevice
  guard (try? probe.run()) != nil else { return false }
  probe.waitUntilExit()
  return probe.terminationStatus == 0
}()

/// Runs `script` in a mount namespace of its own, with the binary's path as `$1` and
/// `arguments` after it, and `XDG_DATA_HOME` set to `dataHome`.
private func runMounted(
  _ script: String, _ arguments: [String], dataHome: String
) throws -> RunResult {
  try run(
    arguments,
    environment: locale("C.UTF-8").merging(["HOME": dataHome, "XDG_DATA_HOME": dataHome]) { $1 },
    launcher: ["/usr/bin/unshare", "-m", "/bin/sh", "-c", "set -e; " + script, "sh"])
}

@Suite("A progress file that cannot be written or is not a plain file")
struct ProgressSafetyEndToEndTests {
  /// A folder the unprivileged user owns, outside the root-only scratch folder.
  private func ownedFolder() throws -> String {
    var template = Array(
      "\(FileManager.default.temporaryDirectory.path)/cheonjiin-ro-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    let folder = try #require(made)
    if getuid() == 0 { #expect(chown(folder, 65534, 65534) == 0) }
    return folder
  }

  private func files(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  @Test(
    "read-only file or folder: stats and dict list read it, dict learn says why, nothing moves",
    unprivilegedRequirement.trait, arguments: ["file", "folder"])
  func readOnly(_ what: String) throws {
    let home = try ownedFolder()
    defer {
      _ = chmod(home + "/cheonjiin", 0o700)
      try? FileManager.default.removeItem(atPath: home)
    }
    let learned = try runUnprivileged(["dict", "learn", "사랑", "하늘"], dataHome: home)
    try #require(learned.status == 0, "\(learned.stderr)")
    let folder = home + "/cheonjiin"
    let target = what == "file" ? folder + "/progress.sqlite" : folder
    #expect(chmod(target, what == "file" ? 0o400 : 0o500) == 0)
    let before = files(folder)

    let list = try runUnprivileged(["dict", "list"], dataHome: home)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("사랑") && list.stdout.contains("하늘"))
    let stats = try runUnprivileged(["stats", "--json"], dataHome: home)
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(!stats.stderr.contains("moved"), "\(stats.stderr)")

    let learn = try runUnprivileged(["dict", "learn", "바다"], dataHome: home)
    #expect(learn.status == 1)
    #expect(learn.stderr.contains("can be read but not saved"), "\(learn.stderr)")
    #expect(learn.stderr.contains(target + " is not writable"), "\(learn.stderr)")
    #expect(!files(folder).contains { $0.contains("corrupt") }, "nothing moved aside")
    if what == "folder" {
      #expect(files(folder) == before, "nothing created in a read-only folder")
    }

    // Writable again, the words are all there and learning works.
    #expect(chmod(target, what == "file" ? 0o600 : 0o700) == 0)
    let again = try runUnprivileged(["dict", "learn", "바다"], dataHome: home)
    #expect(again.status == 0, "\(again.stderr)")
    let after = try runUnprivileged(["dict", "list"], dataHome: home)
    #expect(after.stdout.split(separator: "\n").count == 3, "\(after.stdout)")
  }

  @Test(
    "a file you may not read: mode 0000 or another user's, each named, nothing moved",
    unprivilegedRequirement.trait, .enabled(if: getuid() == 0, "needs root"),
    arguments: [false, true])
  func notReadable(ownedByAnotherUser: Bool) throws {
    let home = try ownedFolder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let learned = try runUnprivileged(["dict", "learn", "사랑"], dataHome: home)
    try #require(learned.status == 0, "\(learned.stderr)")
    let path = home + "/cheonjiin/progress.sqlite"
    if ownedByAnotherUser { #expect(chown(path, 0, 0) == 0) }
    #expect(chmod(path, ownedByAnotherUser ? 0o600 : 0o000) == 0)
    for arguments in [["dict", "list"], ["dict", "learn", "하늘"]] {
      let result = try runUnprivileged(arguments, dataHome: home)
      #expect(result.status == 1)
      let expected =
        ownedByAnotherUser ? "belongs to another user" : "do not let you read the progress file"
      #expect(result.stderr.contains(expected), "\(result.stderr)")
      #expect(!result.stderr.contains("folder is writable"), "\(result.stderr)")
    }
    #expect(files(home + "/cheonjiin") == ["progress.sqlite"], "nothing moved or created")
  }

  @Test(
    "a read-only mount and a full disk are named as such, and nothing is lost",
    .enabled(if: canMount), arguments: ["read-only", "full"])
  func mountedFileSystem(_ problem: String) throws {
    let home = try scratchFolder("progress-mount-\(problem)").path
    let fill =
      problem == "full"
      ? "dd if=/dev/zero of=\"$XDG_DATA_HOME/fill\" bs=4k 2>/dev/null || true"
      : "mount -o remount,ro \"$XDG_DATA_HOME\""
    let script = """
      mount -t tmpfs -o size=1m,mode=0700 tmpfs "$XDG_DATA_HOME"
      "$1" dict learn 사랑 >/dev/null
      \(fill)
      status=0; "$@" || status=$?
      rm -f "$XDG_DATA_HOME/fill"
      "$1" dict list
      exit $status
      """
    let result = try runMounted(script, ["dict", "learn", "하늘"], dataHome: home)
    #expect(result.status == 1, "\(result.stderr)")
    let expected = problem == "full" ? "the disk is full" : "mounted read-only"
    #expect(result.stderr.contains(expected), "\(result.stderr)")
    for misleading in ["chmod", "move the file aside", "folder is writable"] {
      #expect(!result.stderr.contains(misleading), "\(result.stderr)")
    }
    #expect(result.stdout.hasPrefix("사랑\t1\t"), "\(result.stdout)")
  }

  @Test(
    "a read-only file from an older version: read through a migrated copy, the file untouched",
    unprivilegedRequirement.trait)
  func readOnlyOlderVersion() throws {
    let home = try ownedFolder()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let learned = try runUnprivileged(["dict", "learn", "사랑", "하늘"], dataHome: home)
    try #require(learned.status == 0, "\(learned.stderr)")
    let path = home + "/cheonjiin/progress.sqlite"
    // Back to version 3: the tables v4 added gone (v5 added columns to them), and their records.
    let python = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      for table in ("keyPress", "pressSummary", "adaptiveProgress"):
          db.execute(f"DROP TABLE {table}")
      db.execute("DELETE FROM grdb_migrations WHERE identifier IN ('v4', 'v5')")
      db.commit()
      print(",".join(row[0] for row in db.execute("SELECT identifier FROM grdb_migrations")))
      """
    let versions = try runProgram(["/usr/bin/env", "python3", "-c", python, path]).stdout
    try #require(versions.hasPrefix("v1,v2,v3"), "\(versions)")
    #expect(chmod(path, 0o400) == 0)
    let modified =
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date

    let list = try runUnprivileged(["dict", "list"], dataHome: home)
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("사랑") && list.stdout.contains("하늘"), "\(list.stdout)")
    let stats = try runUnprivileged(["stats", "--json"], dataHome: home)
    #expect(stats.status == 0, "\(stats.stderr)")
    #expect(stats.stdout.contains("\"cheonjiin-stats\""), "\(stats.stdout)")
    let plan = try runUnprivileged(["practice", "--plan", "--json", "--seed", "1"], dataHome: home)
    #expect(plan.status == 0, "\(plan.stderr)")
    #expect(
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        == modified, "the file is not written")
  }

  @Test(
    "a symlinked progress file: the pad and practice say once that nothing is saved",
    tmuxRequirement.trait)
  func symlinkInTheTerminal() throws {
    let home = try scratchFolder("progress-link")
    let folder = home.appendingPathComponent("cheonjiin").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let target = home.appendingPathComponent("elsewhere.sqlite").path
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/progress.sqlite", withDestinationPath: target)
    let environment = locale("C.UTF-8").merging(["XDG_DATA_HOME": home.path]) { $1 }

    let pad = try TmuxSession(arguments: ["--no-draft"], environment: environment)
    try pad.waitFor { pad.screen().contains("new words are not saved") }
    try pad.keys(["C-c"])

    let practice = try TmuxSession(arguments: ["practice"], environment: environment)
    try practice.waitFor { practice.screen().contains("progress is not saved") }
    try practice.keys(["Escape", "Escape"])
    #expect(!FileManager.default.fileExists(atPath: target), "the link's target is not created")
  }
}
