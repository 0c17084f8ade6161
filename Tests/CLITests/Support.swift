import Foundation
// The per-run scratch folder (scratchDirectory, scratchFolder) and the scaling check.
@_exported import TestSupport
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
/// `directory` if given, in this process's environment with the scratch home's variables
/// (``childEnvironment(_:)``) and `environment`'s set.
func runProgram(
  _ command: [String], input: String = "", environment: [String: String] = [:],
  directory: String? = nil
) throws -> RunResult {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: command[0])
  process.arguments = Array(command.dropFirst())
  if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
  process.environment = childEnvironment(environment)
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
