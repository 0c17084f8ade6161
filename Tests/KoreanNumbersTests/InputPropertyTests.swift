import Foundation
import KoreanNumbers
import TestSupport
import Testing

/// `make test` runs a few thousand lines; `make fuzz` one per iteration.
private let rounds = fuzzRounds(3000)

@Suite("Number input over random lines (PropertyTests)")
struct NumberInputPropertyTests {
  /// What number lines are made of, and what breaks them: digits, separators, signs, unit
  /// words, counters, a clock colon, spaces, and a few odd characters.
  static let pieces: [String] = [
    "0", "1", "2", "5", "9", "10", "15", "000", ",", ".", "-", "+", ":", " ", " ", "원", "년",
    "월", "일", "시", "분", "살", "개", "명", "만", "억", "천", "조", "경", "번", "%", "a", "한",
    "\u{00A0}", "٣",
  ]

  @Test("random lines: a reading or an error, never a trap; readings are stable and bounded")
  func neverTraps() {
    var random = SplitMix64(state: 44_2025)
    for _ in 0..<rounds {
      let line = (0..<Int.random(in: 1...12, using: &random)).map { _ in
        Self.pieces.randomElement(using: &random) ?? "1"
      }.joined()
      var options = NumberOptions()
      options.isNative = Int.random(in: 0..<4, using: &random) == 0
      options.isFinancial = !options.isNative && Int.random(in: 0..<4, using: &random) == 0
      do {
        let reading = try KoreanNumber.reading(of: line, options: options)
        #expect(!reading.text.isEmpty, "\(line)")
        // Linear: the spellings listed stay bounded whatever the line holds.
        #expect(reading.variants.count <= 256, "\(line): \(reading.variants.count)")
        #expect(reading.accepts(reading.text), "\(line)")
        #expect(try KoreanNumber.reading(of: line, options: options) == reading, "\(line)")
      } catch {
        #expect(!error.description.isEmpty, "\(line)")
      }
    }
  }

  @Test("a written amount with or without thousands commas reads the same")
  func commas() throws {
    var random = SplitMix64(state: 15_000)
    for _ in 0..<rounds / 10 {
      let value = UInt64.random(in: 0...9_999_999_999_999, using: &random)
      let plain = String(value)
      var grouped = ""
      for (index, digit) in plain.enumerated() {
        if index > 0 && (plain.count - index) % 3 == 0 { grouped += "," }
        grouped.append(digit)
      }
      let counter = ["", "원", "명"].randomElement(using: &random) ?? ""
      #expect(
        try KoreanNumber.reading(of: plain + counter).text
          == KoreanNumber.reading(of: grouped + counter).text, "\(grouped)\(counter)")
    }
  }
}
