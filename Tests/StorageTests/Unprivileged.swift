import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a test again as the unprivileged user `nobody`, in a child process, for checks that
/// root passes whatever the code does: root writes a read-only file and reads an unreadable one,
/// and CI runs the tests as root.
///
/// The child is this test binary, run by `setpriv` with the user's ids and a temporary folder of
/// the user's own, asked for the one test by its id. A test that must be checked as a user
/// starts with:
///
/// ```swift
/// if Unprivileged.mustRunAgain {
///   try Unprivileged.runAgain("StorageTests.PressStoreTests/readOnly()")
///   return
/// }
/// ```
///
/// Nothing passes by default: if the child cannot be run, or runs no test, the test fails and
/// says why.
enum Unprivileged {
  /// `nobody` on Debian, and the overflow id of the kernel.
  static let userID: uid_t = 65534

  /// Set in the child's environment.
  private static let childVariable = "CHEONJIIN_TEST_UNPRIVILEGED_CHILD"

  /// Whether this process is root and not already the child: the test's checks would pass
  /// vacuously here.
  static var mustRunAgain: Bool {
    getuid() == 0 && ProcessInfo.processInfo.environment[childVariable] == nil
  }

  /// Runs the test with `id` (as `--list-tests` prints it) in this test binary as `nobody`,
  /// and expects it to run and pass.
  static func runAgain(_ id: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let setpriv = "/usr/bin/setpriv"
    try #require(
      FileManager.default.isExecutableFile(atPath: setpriv),
      "as root, this test runs itself again as nobody with \(setpriv) (util-linux), which is missing",
      sourceLocation: sourceLocation)
    let binary = try #require(
      try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
      sourceLocation: sourceLocation)
    // The child's own temporary folder: it cannot write root's.
    var template = Array(
      "\(FileManager.default.temporaryDirectory.path)/cheonjiin-nobody-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    let folder = try #require(made, sourceLocation: sourceLocation)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(chown(folder, userID, userID) == 0, sourceLocation: sourceLocation)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: setpriv)
    process.arguments = [
      "--reuid=\(userID)", "--regid=\(userID)", "--clear-groups", "--", binary,
      "--testing-library", "swift-testing", "--filter",
      NSRegularExpression.escapedPattern(for: id),
    ]
    // Its home is its folder too, with the XDG folders in it as by default: nobody cannot
    // enter root's scratch home.
    var environment = ProcessInfo.processInfo.environment
    for name in scratchHome.keys { environment[name] = nil }
    environment[childVariable] = "1"
    environment["TMPDIR"] = folder
    environment["HOME"] = folder
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(
      process.terminationStatus == 0, "the test failed as nobody:\n\(text)",
      sourceLocation: sourceLocation)
    // A filter that matched nothing passes too: the one test must have run.
    #expect(
      text.contains("Test run with 1 test"), "the test did not run as nobody:\n\(text)",
      sourceLocation: sourceLocation)
  }
}
