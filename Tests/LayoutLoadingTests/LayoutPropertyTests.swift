import Foundation
import SystemIO
import TestSupport
import Testing

@testable import LayoutLoading

/// `make test` runs a few hundred files; `make fuzz` a hundredth of its iterations.
private let rounds = fuzzRounds(400, divisor: 100)

@Suite("Layout and keymap files with random damage (PropertyTests)")
struct LayoutPropertyTests {
  private static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Bytes that damage JSON in interesting ways: structure, quotes, escapes, digits, control
  /// characters, Hangul and broken UTF-8.
  static let damage: [[UInt8]] =
    [
      "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\u001b", "0", "-1", "1e999", "null",
      "true", " ", "\n", "ㄱ", "ㆍ", "가", "\u{1B}", "\u{7}",
    ].map { Array($0.utf8) }
    + [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x00]]

  private func mutate(_ original: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
    var bytes = original
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      guard !bytes.isEmpty else { break }
      let at = Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0: bytes.remove(at: at)
      case 1: bytes.insert(contentsOf: Self.damage.randomElement(using: &random) ?? [], at: at)
      case 2:
        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
      default: bytes = Array(bytes[..<at])  // truncated
      }
    }
    return bytes
  }

  @Test("damaged layouts and keymaps: loaded or refused with problems, never a trap")
  func damagedFiles() throws {
    var random = SplitMix64(state: 65)
    let sources = [
      "Layouts/cheonjiin-galaxy.json", "Layouts/symbols.json", "Layouts/cheonjiin-iphone.json",
      "Keymaps/numpad.json",
    ]
    let originals = try sources.map {
      try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent($0)))
    }
    for round in 0..<rounds {
      let which = round % originals.count
      let bytes = mutate(originals[which], &random)
      let name = "damaged-\(round).json"
      if sources[which].hasPrefix("Keymaps") {
        do {
          _ = try KeymapLibrary.load(data: Data(bytes), file: name)
        } catch {
          check(error.problems, name)
        }
      } else {
        do {
          _ = try LayoutLibrary.load(data: Data(bytes), file: name)
        } catch {
          check(error.problems, name)
        }
      }
    }
  }

  private func check(_ problems: [LayoutProblem], _ name: String) {
    #expect(!problems.isEmpty, "\(name)")
    #expect(problems.count <= LayoutError.maximumProblems + 1, "\(name)")
    for problem in problems {
      #expect(problem.file == name)
      #expect(!problem.message.isEmpty)
      // Nothing printed can act as a terminal command.
      #expect(
        !problem.description.unicodeScalars.contains(where: isTerminalControl),
        "\(problem.description)")
    }
  }
}
