import Foundation
import Testing

@Suite("Scripts/build-check.sh: which warnings fail the build")
struct BuildCheckTests {
  /// Runs the script's filter on `log`.
  private func filter(_ log: String) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = repositoryRoot.appendingPathComponent("Scripts/build-check.sh")
    process.arguments = ["--filter"]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(log.utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test("a warning in one of our files fails, named once however often it was printed")
  func ourWarning() throws {
    let line =
      "/ci/clone/Sources/Storage/Schema.swift:12:3: warning: variable 'x' was never used"
    let result = try filter(
      """
      [3/9] Compiling Storage Schema.swift
      \(line)
         |   `- warning: variable 'x' was never used
      \(line)
      Build of product 'cheonjiin' complete!
      """)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "cheonjiin: 1 compiler warning(s) in Sources/ or Tests/; fix them:\n\(line)\n")
  }

  @Test("a warning in a test fails too")
  func testWarning() throws {
    let line =
      "/ci/clone/Tests/StorageTests/PressStoreTests.swift:9:7: warning: will never be executed"
    let result = try filter(
      """
      [5/9] Compiling StorageTests PressStoreTests.swift
      \(line)
      Build complete!
      """)
    #expect(result.status == 1)
    #expect(result.stderr.hasSuffix(":\n\(line)\n"))
  }

  @Test("warnings of dependencies, the linker and notes pass")
  func othersPass() throws {
    let result = try filter(
      """
      /ci/clone/.build/checkouts/swift-argument-parser/Sources/ArgumentParser/X.swift:1:1: warning: deprecated
      /opt/swift/usr/lib/swift_static/linux/libFoundationEssentials.a(Data+Writing.swift.o): warning: the use of `mktemp' is dangerous
      /ci/clone/Sources/HangulEngine/Composer.swift:4:2: note: did you mean 'x'?
      /ci/clone/Sources/HangulEngine/Composer.swift:4:2: error: not a warning
      Build of product 'cheonjiin' complete!
      """)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }
}
