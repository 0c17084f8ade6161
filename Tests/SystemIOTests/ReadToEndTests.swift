import Foundation
import SystemPackage
import TestSupport
import Testing

@testable import SystemIO

/// Bytes that differ from one offset to the next, so a byte lost, doubled or moved shows.
private func pattern(_ count: Int) -> [UInt8] {
  (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
}

@Suite("Reading a file or a pipe to its end")
struct ReadToEndTests {
  /// A file holding `bytes`, opened for reading (the caller closes it).
  private func file(_ bytes: [UInt8]) throws -> FileDescriptor {
    let url = try scratchFolder("read-to-end").appendingPathComponent("data")
    try Data(bytes).write(to: url)
    return try FileDescriptor.open(url.path, .readOnly)
  }

  @Test(
    "a file is read whole, whatever its size beside the 64 KB reads",
    arguments: [0, 1, 65_535, 65_536, 65_537, 3_000_001])
  func wholeFile(size: Int) throws {
    let bytes = pattern(size)
    let descriptor = try file(bytes)
    defer { try? descriptor.close() }
    #expect(try descriptor.readToEnd() == bytes)
  }

  @Test("a file already partly read gives the rest, from where it was")
  func fromTheOffset() throws {
    let bytes = pattern(200_000)
    let descriptor = try file(bytes)
    defer { try? descriptor.close() }
    var first = [UInt8](repeating: 0, count: 1_000)
    _ = try first.withUnsafeMutableBytes { try descriptor.read(into: $0) }
    #expect(try descriptor.readToEnd() == Array(bytes[1_000...]))
  }

  @Test("a pipe, which has no size, is read in chunks to its end")
  func pipe() throws {
    let bytes = pattern(300_000)
    let (read, write) = try FileDescriptor.pipe()
    defer { try? read.close() }
    let writer = Thread {
      _ = try? write.writeAll(bytes)
      try? write.close()
    }
    writer.start()
    #expect(try read.readToEnd() == bytes)
  }

  @Test("a file longer than the limit throws EFBIG instead of filling memory")
  func limit() throws {
    let descriptor = try file(pattern(100_000))
    defer { try? descriptor.close() }
    #expect(throws: Errno.fileTooLarge) { try descriptor.readToEnd(limit: 99_999) }
    let exact = try file(pattern(100_000))
    defer { try? exact.close() }
    #expect(try exact.readToEnd(limit: 100_000).count == 100_000)
  }
}
