import Foundation
import HangulEngine
import TestSupport
import Testing

@testable import LayoutLoading

#if canImport(Glibc)
  import Glibc
#endif

/// Every input has a bound: reading a layout is linear, and sizes are capped with a
/// message naming file, path and limit.
@Suite("Layout files: bounds and linear reading")
struct LayoutBoundsTests {
  private let shipped = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Layouts")

  /// The shipped Galaxy layout as a JSON object, to change and write back.
  private func galaxy() throws -> [String: Any] {
    let data = try Data(contentsOf: shipped.appendingPathComponent("cheonjiin-galaxy.json"))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  private func problems(_ object: [String: Any]) throws -> [LayoutProblem] {
    let data = try JSONSerialization.data(withJSONObject: object)
    do {
      _ = try LayoutLibrary.load(data: data, file: "big.json")
      return []
    } catch {
      return error.problems
    }
  }

  /// `count` more text keys, four to a row, after the shipped rows.
  private func withExtraKeys(_ count: Int) throws -> [String: Any] {
    var layout = try galaxy()
    var keys = try #require(layout["keys"] as? [Any])
    var rows = try #require(layout["rows"] as? [[Any]])
    for start in stride(from: 0, to: count, by: 4) {
      let ids = (start..<start + 4).map { "t\($0)" }
      keys += ids.map { ["id": $0, "label": "가", "type": "text", "cycle": ["가"]] as [String: Any] }
      rows.insert(ids, at: 0)
    }
    layout["keys"] = keys
    layout["rows"] = rows
    return layout
  }

  @Test("64 keys load; 65 are refused naming the limit")
  func keyLimit() throws {
    #expect(try problems(try withExtraKeys(48)).isEmpty)  // 16 shipped + 48, in 16 rows
    let refused = try problems(try withExtraKeys(52))
    #expect(refused.contains { $0.path == "keys" && $0.message.contains("at most 64") })
  }

  @Test("more than 16 rows, or 16 cells in a row, are refused")
  func rowLimits() throws {
    var layout = try galaxy()
    let rows = try #require(layout["rows"] as? [[Any]])
    layout["rows"] = Array(repeating: [NSNull(), NSNull(), NSNull(), NSNull()], count: 13) + rows
    #expect(
      try problems(layout).contains { $0.path == "rows" && $0.message.contains("at most 16") })
    layout["rows"] = [Array(repeating: NSNull(), count: 17)] + rows
    #expect(
      try problems(layout).contains { $0.path == "rows[0]" && $0.message.contains("at most 16") })
  }

  @Test("20,000 keys are refused at once, not checked one by one")
  func manyKeys() throws {
    let refused = try problems(try withExtraKeys(20_000))
    #expect(refused.map(\.path) == ["keys", "rows"], "\(refused.prefix(3))")
  }

  @Test("a file just under 1 MiB of members reads without a problem")
  func manyMembers() throws {
    var layout = try galaxy()
    var index = 0
    var size = try JSONSerialization.data(withJSONObject: layout).count
    while size < LayoutLibrary.maximumFileBytes - 40 {
      layout["x-\(index)"] = index
      size += "\"x-\(index)\":\(index),".utf8.count
      index += 1
    }
    #expect(try problems(layout).isEmpty)
    let data = try JSONSerialization.data(withJSONObject: layout)
    #expect(data.count <= LayoutLibrary.maximumFileBytes)
  }

  @Test("members are read in linear time (CPU time of n against 16n)")
  func membersScale() throws {
    // Before, each member's line was counted from the start of the file: 10,000 members took
    // 37 s. Measured in CPU time, so a loaded machine does not fail it.
    var check = ScalingCheck("layout reading, members", unit: "members")
    check.maximumSize = 65_536
    let base = try galaxy()
    let curve = try check.measure { count in
      var layout = base
      for index in 0..<count { layout["x-\(index)"] = index }
      return try WorkCost.ofThread { _ = try problems(layout) }
    }
    #expect(curve.isAtMostNLogN, "\(curve)")
  }

  @Test("over 100 problems: the first 100 and one line counting the rest")
  func problemCap() throws {
    var layout = try galaxy()
    for index in 0..<250 { layout["unknown\(index)"] = index }
    let found = try problems(layout)
    #expect(found.count == LayoutError.maximumProblems + 1)
    #expect(found.last?.message == "and 150 more problems; fix the ones above first")
  }

  private func fileProblem(_ path: String) -> LayoutProblem? {
    let library = LayoutLibrary(shippedDirectory: shipped.path, userDirectory: "/nonexistent")
    do {
      _ = try library.load(file: path)
      return nil
    } catch {
      return error.problems.first
    }
  }

  @Test("a file over 1 MiB is refused before it is read")
  func oversizedFile() throws {
    let folder = scratchDirectory.appendingPathComponent(
      "cheonjiin-bounds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("big.json").path
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    #expect(truncate(path, off_t(LayoutLibrary.maximumFileBytes + 1)) == 0)
    let problem = try #require(fileProblem(path))
    #expect(problem.kind == .unreadableFile)
    #expect(problem.message.contains("has 1048577 bytes") && problem.message.contains("at most"))
  }

  @Test("a FIFO or a device is refused without reading it")
  func specialFiles() throws {
    let folder = scratchDirectory.appendingPathComponent(
      "cheonjiin-bounds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("fifo.json").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let link = folder.appendingPathComponent("zero.json").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
    for path in [fifo, link] {
      let problem = try #require(fileProblem(path))
      #expect(problem.kind == .unreadableFile)
      #expect(problem.message.contains("not a plain file"), "\(problem)")
    }
  }

  @Test("control characters in a file name or JSON path are escaped when printed")
  func escapedNames() {
    let problem = LayoutProblem(
      .unknownField, file: "x\u{1B}]0;PWNED\u{7}.json", path: "a\u{1B}[2J", message: "unknown")
    #expect(problem.description == "x\\u{1B}]0;PWNED\\u{7}.json: a\\u{1B}[2J: unknown")
  }
}
