import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of this test run's own under the temporary directory, removed when the run ends.
///
/// Every scratch file of the tests goes in it. Made with `mkdtemp`, so it is new and private to
/// the user running the tests: a fixed path under /tmp would be owned by whoever ran the tests
/// first (root, in CI), and every later run by another user would fail on it. `make test` also
/// points `TMPDIR` at a folder of its own, removed after the run, for what the toolchain and
/// the programs the tests start leave there.
public let scratchDirectory: URL = {
  let base = FileManager.default.temporaryDirectory.path
  var template = Array("\(base)/cheonjiin-tests-XXXXXX".utf8CString)
  let made = template.withUnsafeMutableBufferPointer { buffer in
    buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
  }
  // A run that cannot make its own folder is not worth running: the tests would fail one by
  // one on the paths below instead of saying why.
  guard let made else { preconditionFailure("mkdtemp in \(base) failed: errno \(errno)") }
  atexit { try? FileManager.default.removeItem(at: scratchDirectory) }
  return URL(fileURLWithPath: made)
}()

/// A new, empty folder inside ``scratchDirectory``, named `prefix` and a unique suffix.
public func scratchFolder(_ prefix: String) throws -> URL {
  let folder = scratchDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// HOME and each XDG base folder in ``scratchDirectory``, for every program a test starts.
///
/// So none writes to the home of whoever runs the tests (bash's history, vim's viminfo, kitty's
/// and asciinema's config, fontconfig's cache, the program's own progress and drafts). A test
/// that needs a home of its own sets it over these.
public let scratchHome: [String: String] = {
  let home = scratchDirectory.appendingPathComponent("home")
  let folders = [
    "XDG_CONFIG_HOME": ".config", "XDG_DATA_HOME": ".local/share", "XDG_STATE_HOME": ".local/state",
    "XDG_CACHE_HOME": ".cache", "XDG_RUNTIME_DIR": "runtime",
  ]
  var environment = ["HOME": home.path]
  for (name, folder) in folders {
    let path = home.appendingPathComponent(folder)
    // 0700: what the XDG specification asks of XDG_RUNTIME_DIR, and the others are private too.
    try? FileManager.default.createDirectory(
      at: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    environment[name] = path.path
  }
  return environment
}()

/// ``scratchHome`` as `NAME=VALUE` words, for `env` (and `env -i`, after which a program without
/// HOME would find the real home in the password database).
public let scratchHomeAssignments: [String] = scratchHome.sorted { $0.key < $1.key }.map {
  "\($0.key)=\($0.value)"
}

/// The environment of a program a test starts: this process's, with ``scratchHome`` over it,
/// then `changes`.
///
/// Without the runner's DISPLAY: the pad asks that X server for its key repeat, which would
/// make the tests' timings depend on the desktop they run in. The X rig passes its own.
public func childEnvironment(_ changes: [String: String] = [:]) -> [String: String] {
  ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
    .merging(scratchHome) { $1 }.merging(changes) { $1 }
}
