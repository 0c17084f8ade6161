import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The repository root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The `cheonjiin` binary built next to the test bundle, or the one `CHEONJIIN_TEST_BINARY`
/// names (to measure another build, such as main's, with the same tests).
let binary: URL = {
  if let path = ProcessInfo.processInfo.environment["CHEONJIIN_TEST_BINARY"], !path.isEmpty {
    return URL(fileURLWithPath: path)
  }
  let runner = URL(fileURLWithPath: CommandLine.arguments[0])
  var directory = runner.deletingLastPathComponent()
  // On Linux the runner is .build/<config>/cheonjiinPackageTests.xctest, beside the binary.
  for _ in 0..<3 {
    let candidate = directory.appendingPathComponent("cheonjiin")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    directory = directory.deletingLastPathComponent()
  }
  return repositoryRoot.appendingPathComponent(".build/debug/cheonjiin")
}()

struct RunResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs the binary with `arguments` and `input` on standard input, in `directory` if given.
///
/// - Parameter launcher: A command that runs the binary for us (`setpriv … --`), if any.
func run(
  _ arguments: [String], input: String = "", environment: [String: String] = [:],
  directory: String? = nil, launcher: [String] = []
) throws -> RunResult {
  var changes = [
    "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
    "XDG_CONFIG_HOME": "/nonexistent/cheonjiin-config",
  ]
  for (name, value) in environment { changes[name] = value }
  return try runProgram(
    launcher + [binary.path] + arguments, input: input, environment: changes,
    directory: directory)
}

/// Runs `command` (a program's path, then its arguments) with `input` on standard input, in
/// `directory` if given, in this process's environment with `environment`'s variables set.
func runProgram(
  _ command: [String], input: String = "", environment: [String: String] = [:],
  directory: String? = nil
) throws -> RunResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: command[0])
  process.arguments = Array(command.dropFirst())
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  var env = ProcessInfo.processInfo.environment
  for (name, value) in environment { env[name] = value }
  process.environment = env
  let stdin = Pipe()
  let stdout = Pipe()
  let stderr = Pipe()
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  stdin.fileHandleForWriting.write(Data(input.utf8))
  try stdin.fileHandleForWriting.close()
  let out = stdout.fileHandleForReading.readDataToEndOfFile()
  let err = stderr.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return RunResult(
    status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
    stderr: String(decoding: err, as: UTF8.self))
}

/// A folder of this test run's own under the temporary directory, removed when the run ends.
///
/// Every scratch file of the end-to-end tests goes in it. Made with `mkdtemp`, so it is new and
/// private to the user running the tests: a fixed path under /tmp would be owned by whoever ran
/// the tests first (root, in CI), and every later run by another user would fail on it.
let scratchDirectory: URL = {
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
func scratchFolder(_ prefix: String) throws -> URL {
  let folder = scratchDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}
