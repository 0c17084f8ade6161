import Foundation
import Testing

/// `make uninstall` removes exactly the files `make install` wrote, as it wrote them.
///
/// With PREFIX=~/.local the data folder install writes (~/.local/share/cheonjiin) is also the
/// program's own, which holds the user's progress and learned words: uninstall removes the
/// files install wrote, and the folders it made that are then empty, and nothing else.
///
/// make runs with this build's binary and its generated files (the stripped binary, the manual
/// page, the completions) in the test's folder: nothing of the source tree's `.build` is
/// needed or written.
@Suite("make install and make uninstall leave the user's files")
struct InstallTests {
  /// What a user of the program has in their home: progress and learned words (one SQLite file,
  /// with its -wal and -shm, and a damaged copy set aside), drafts, their own layouts and keymaps
  /// (one beside the installed layouts), and another program's files where install writes.
  static let userFiles = [
    ".local/share/cheonjiin/progress.sqlite": "SQLite format 3\0progress and learned words",
    ".local/share/cheonjiin/progress.sqlite-wal": "wal",
    ".local/share/cheonjiin/progress.sqlite-shm": "shm",
    ".local/share/cheonjiin/progress.sqlite.corrupt-20261101-120000": "damaged",
    ".local/share/cheonjiin/layouts/mine.json": "{\"id\": \"mine\"}",
    ".local/state/cheonjiin/history/20261201-101010.000-42-finished.txt": "안녕하세요",
    ".config/cheonjiin/layouts/mine.json": "{\"id\": \"mine\"}",
    ".config/cheonjiin/keymaps/mine.json": "{}",
    ".local/bin/other-program": "#!/bin/sh\n",
    ".local/share/man/man1/other-program.1": ".TH OTHER 1\n",
  ]

  @Test(
    "PREFIX=~/.local: uninstall removes what install wrote; progress, drafts, layouts stay",
    arguments: [1, 2])
  func userHome(installs: Int) throws {
    let root = try InstallRoot(files: Self.userFiles)
    let prefix = root.folder.appendingPathComponent(".local").path
    for _ in 0..<installs {
      let install = try root.make("install", prefix: prefix)
      #expect(install.status == 0, "\(install.stdout)\(install.stderr)")
    }
    let installed = try runProgram(
      [prefix + "/bin/cheonjiin", "layouts", "list"], environment: ["HOME": root.folder.path])
    #expect(
      installed.stdout.contains(prefix + "/share/cheonjiin/layouts/cheonjiin-galaxy.json"),
      "\(installed.stdout)\(installed.stderr)")

    let uninstall = try root.make("uninstall", prefix: prefix)
    #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
    #expect(uninstall.stderr.isEmpty, "\(uninstall.stderr)")
    let changed = try root.changed()
    #expect(changed == [], "changed, made or removed: \(changed)")
  }

  @Test("a file changed since install is kept, and uninstall names it")
  func changedFileKept() throws {
    let root = try InstallRoot(files: Self.userFiles)
    let prefix = root.folder.appendingPathComponent(".local").path
    #expect(try root.make("install", prefix: prefix).status == 0)
    let edited = ".local/share/cheonjiin/layouts/cheonjiin-galaxy.json"
    try "{\"id\": \"my galaxy\"}".write(
      to: root.folder.appendingPathComponent(edited), atomically: false, encoding: .utf8)

    let uninstall = try root.make("uninstall", prefix: prefix)
    #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
    #expect(
      uninstall.stderr
        == "cheonjiin: kept \(root.folder.path)/\(edited): it changed since make install wrote it\n"
    )
    let changed = try root.changed()
    #expect(changed == [edited], "changed, made or removed: \(changed)")
  }

  @Test("an older install, without a manifest, is removed by name and its record's folders")
  func installWithoutManifest() throws {
    let root = try InstallRoot(files: Self.userFiles)
    let prefix = root.folder.appendingPathComponent(".local").path
    #expect(try root.make("install", prefix: prefix).status == 0)
    // What such a version left: the files, and a record of the folders it made.
    let data = root.folder.appendingPathComponent(".local/share/cheonjiin")
    let manifest = data.appendingPathComponent("install-manifest")
    let folders = ((try? String(contentsOf: manifest, encoding: .utf8)) ?? "")
      .split(separator: "\n").filter { $0.hasPrefix("folder ") }.map { $0.dropFirst(7) }
    try? FileManager.default.removeItem(at: manifest)
    try folders.map { $0 + "\n" }.joined().write(
      to: data.appendingPathComponent("installed-folders"), atomically: false, encoding: .utf8)

    let uninstall = try root.make("uninstall", prefix: prefix)
    #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
    #expect(uninstall.stderr.contains("an install by an older version"), "\(uninstall.stderr)")
    let changed = try root.changed()
    #expect(changed == [], "changed, made or removed: \(changed)")
  }

  @Test("a staged install (DESTDIR) names the installed paths, and uninstall there removes them")
  func staged() throws {
    // A folder that was there before install (as /usr/local/bin is), which uninstall leaves.
    let root = try InstallRoot(files: ["usr/local/bin/other-program": "#!/bin/sh\n"])
    let stage = root.folder.path
    #expect(try root.make("install", prefix: "/usr/local", destdir: stage).status == 0)
    let manifest = try String(
      contentsOf: root.folder.appendingPathComponent("usr/local/share/cheonjiin/install-manifest"),
      encoding: .utf8)
    let paths = manifest.split(separator: "\n").map { $0.split(separator: " ").last ?? "" }
    #expect(paths.contains("/usr/local/bin/cheonjiin"), "\(manifest)")
    #expect(paths.contains("/usr/local/share/man"), "\(manifest)")
    #expect(!paths.contains("/usr/local/bin"), "\(manifest)")
    #expect(paths.allSatisfy { $0.hasPrefix("/usr/local/") }, "\(manifest)")

    let uninstall = try root.make("uninstall", prefix: "/usr/local", destdir: stage + "/")
    #expect(uninstall.status == 0, "\(uninstall.stdout)\(uninstall.stderr)")
    let changed = try root.changed()
    #expect(changed == [], "changed, made or removed: \(changed)")
  }
}

/// A scratch folder to install into (a home, or a DESTDIR) holding some files first, with one
/// for make's generated files beside it; both removed when this goes away.
private final class InstallRoot {
  let folder: URL
  let generated: URL
  /// ``tree(_:)`` before any install.
  private var before: [String: String] = [:]

  init(files: [String: String]) throws {
    folder = try scratchFolder("install-root")
    generated = try scratchFolder("install-generated")
    for (path, text) in files {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: file, atomically: false, encoding: .utf8)
    }
    before = try Self.tree(folder)
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.removeItem(at: generated)
  }

  /// Runs `make TARGET` in the source tree, with this build's binary as the release build and
  /// the folder as HOME.
  func make(_ target: String, prefix: String, destdir: String = "") throws -> RunResult {
    try runProgram(
      [
        "/usr/bin/env", "make", "--no-print-directory", "-C", repositoryRoot.path, target,
        "PREFIX=" + prefix, "DESTDIR=" + destdir, "RELEASE_BIN=" + binary.path,
        "GENERATED=" + generated.path,
      ],
      // Not the flags of the `make test` these tests may run under.
      environment: ["HOME": folder.path, "MAKEFLAGS": "", "MAKELEVEL": "", "MFLAGS": ""])
  }

  /// The paths changed, made or removed since the files were put there.
  func changed() throws -> [String] {
    let after = try Self.tree(folder)
    return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
  }

  /// Every file and folder under `root`: each file's mode, time and contents, each folder's
  /// mode (not its time: install adds to folders that were there).
  private static func tree(_ root: URL) throws -> [String: String] {
    var entries: [String: String] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
      let file = root.appendingPathComponent(path)
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      let mode = String((attributes[.posixPermissions] as? Int) ?? -1, radix: 8)
      if attributes[.type] as? FileAttributeType == .typeDirectory {
        entries[path] = "folder \(mode)"
      } else {
        let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
        let contents = try Data(contentsOf: file).base64EncodedString()
        entries[path] = "file \(mode) \(time) \(contents)"
      }
    }
    return entries
  }
}
