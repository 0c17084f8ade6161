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
