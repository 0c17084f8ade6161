import Foundation
import SystemPackage
import TestSupport
import Testing

@testable import SystemIO

/// A pipe closed when the test ends.
private final class TestPipe {
  let read: FileDescriptor
  let write: FileDescriptor
  private var isWriteOpen = true

  init() throws {
    (read, write) = try FileDescriptor.pipe()
  }

  func closeWriteEnd() throws {
    try write.close()
    isWriteOpen = false
  }

  /// Everything written so far (the write end is closed first).
  func readAll() throws -> String {
    if isWriteOpen { try closeWriteEnd() }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let got = try chunk.withUnsafeMutableBytes { try read.read(into: $0) }
      if got == 0 { break }
      bytes += chunk[..<got]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  deinit {
    try? read.close()
    if isWriteOpen { try? write.close() }
  }
}

@Suite("printError")
struct PrintErrorTests {
  @Test("every line of a message starts with the program name")
  func prefixesEveryLine() throws {
    let pipe = try TestPipe()
    printError("a.json: keys[1]: wrong\nb.json: missing \"id\"", to: pipe.write)
    #expect(
      try pipe.readAll() == "cheonjiin: a.json: keys[1]: wrong\ncheonjiin: b.json: missing \"id\"\n"
    )
  }

  @Test("an empty line inside a message keeps its prefix")
  func keepsEmptyLines() throws {
    let pipe = try TestPipe()
    printError("one\n\ntwo", to: pipe.write)
    #expect(try pipe.readAll() == "cheonjiin: one\ncheonjiin: \ncheonjiin: two\n")
  }
}

@Suite("The syscall wrappers")
struct SyscallTests {
  @Test("waiting on an empty pipe times out with nothing ready")
  func timeout() throws {
    let pipe = try TestPipe()
    let ready = try FileDescriptor.waitForInput(on: [pipe.read], timeout: .milliseconds(20))
    #expect(ready.isEmpty)
  }

  @Test("a pipe with input, or whose writer closed, is ready; the others are not")
  func readiness() throws {
    let first = try TestPipe()
    let second = try TestPipe()
    let third = try TestPipe()
    try second.write.writeAll("x".utf8)
    try third.closeWriteEnd()
    let ready = try FileDescriptor.waitForInput(
      on: [first.read, second.read, third.read], timeout: .seconds(1))
    #expect(ready == [second.read, third.read])
  }

  @Test("timeouts round up to whole milliseconds and stop at Int32.max")
  func pollMilliseconds() {
    #expect(FileDescriptor.pollMilliseconds(.zero) == 0)
    #expect(FileDescriptor.pollMilliseconds(.nanoseconds(1)) == 1)
    #expect(FileDescriptor.pollMilliseconds(.milliseconds(5)) == 5)
    #expect(FileDescriptor.pollMilliseconds(.microseconds(5_001)) == 6)
    #expect(FileDescriptor.pollMilliseconds(.seconds(3)) == 3_000)
    #expect(FileDescriptor.pollMilliseconds(.seconds(-1)) == 0)
    #expect(FileDescriptor.pollMilliseconds(.seconds(Int64.max)) == Int32.max)
    #expect(FileDescriptor.pollMilliseconds(.seconds(3_000_000)) == Int32.max)
  }

  @Test("a pipe is not a terminal, and has no terminal attributes")
  func notATerminal() throws {
    let pipe = try TestPipe()
    #expect(!pipe.read.isTerminal)
    #expect(throws: Errno.inappropriateIOCTLForDevice) { try TerminalAttributes(of: pipe.read) }
  }

  @Test("a non-blocking read of an empty pipe fails at once instead of waiting")
  func nonBlocking() throws {
    let pipe = try TestPipe()
    try pipe.read.setNonBlocking()
    var byte: [UInt8] = [0]
    #expect(throws: Errno.wouldBlock) {
      try byte.withUnsafeMutableBytes { try pipe.read.read(into: $0) }
    }
    try pipe.read.setNonBlocking(false)
    try pipe.write.writeAll("y".utf8)
    let got = try byte.withUnsafeMutableBytes { try pipe.read.read(into: $0) }
    #expect(got == 1 && byte == [0x79])
  }

  @Test("a directory lists its names as bytes, without . and .., a non-UTF-8 one included")
  func directoryNames() throws {
    let folder =
      scratchDirectory
      .appendingPathComponent("cheonjiin-systemio-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data().write(to: folder.appendingPathComponent("가.txt"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
    let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]  // "café" in Latin-1: not UTF-8
    let pathBytes = (Array(folder.path.utf8) + [0x2F] + latin1 + [0]).map(CChar.init(bitPattern:))
    let path = try pathBytes.withUnsafeBufferPointer {
      FilePath(platformString: try #require($0.baseAddress))
    }
    let descriptor = try FileDescriptor.open(
      path, .writeOnly, options: .create, permissions: .ownerReadWrite)
    try descriptor.close()
    let names = try directoryEntryNames(FilePath(folder.path))
    #expect(Set(names) == [Array("가.txt".utf8), Array("sub".utf8), latin1])
  }

  @Test("a missing directory throws why")
  func missingDirectory() {
    #expect(throws: Errno.noSuchFileOrDirectory) {
      try directoryEntryNames(FilePath("/nonexistent/cheonjiin-\(UUID().uuidString)"))
    }
  }
}

@Suite("Waiting on two descriptors")
struct TwoDescriptorWaitTests {
  @Test("reports each descriptor's readiness in its own place")
  func eachInItsPlace() throws {
    let quiet = try TestPipe()
    let busy = try TestPipe()
    try busy.write.writeAll("x".utf8)
    let ready = try FileDescriptor.waitForInput(quiet.read, busy.read, timeout: .seconds(1))
    #expect(ready.first == false && ready.second == true)
    let swapped = try FileDescriptor.waitForInput(busy.read, quiet.read, timeout: .seconds(1))
    #expect(swapped.first == true && swapped.second == false)
  }

  @Test("times out with neither ready")
  func timesOut() throws {
    let one = try TestPipe()
    let two = try TestPipe()
    let ready = try FileDescriptor.waitForInput(one.read, two.read, timeout: .milliseconds(10))
    #expect(ready.first == false && ready.second == false)
  }
}
