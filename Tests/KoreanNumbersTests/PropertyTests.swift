import KoreanNumbers
import Testing

/// The standard reading with spaces removed and `일` put back before every unit that lacks a
/// digit: the financial style, derived independently of the library.
func financialFromStandard(_ standard: String) -> String {
  let digitWords: Set<Character> = ["일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]
  let smallUnits: Set<Character> = ["십", "백", "천"]
  var result = ""
  for character in standard where character != " " {
    let previous = result.last
    let hasDigit = previous.map { digitWords.contains($0) } ?? false
    // 십/백/천 need a digit before them; 만 needs a digit or a smaller unit (십만 is fine).
    let hasSmallUnit = previous.map { smallUnits.contains($0) } ?? false
    if smallUnits.contains(character) && !hasDigit { result += "일" }
    if character == "만" && !hasDigit && !hasSmallUnit { result += "일" }
    result.append(character)
  }
  return result
}

@Suite("Properties over thousands of values")
struct PropertyTests {
  static let values = sampleValues(count: 4000, seed: 44)

  @Test("every style reads back to the same value")
  func roundTrip() {
    for value in Self.values {
      for style in [SinoStyle.standard, .ilMan, .unspaced, .financial] {
        let reading = KoreanNumber.sino(value, style: style)
        if sinoValue(of: reading) != value {
          Issue.record("\(value) in \(style) → \(reading)")
          return
        }
      }
    }
  }

  @Test("financial = standard without spaces, with 일 restored before 십 백 천 만")
  func financialInvariant() {
    for value in Self.values {
      let standard = KoreanNumber.sino(value)
      let financial = KoreanNumber.sino(value, style: .financial)
      #expect(financial == financialFromStandard(standard), "\(value): \(standard)")
    }
  }

  @Test("unspaced = standard without spaces; 일만 = standard with 일 before a leading 만")
  func otherStyles() {
    for value in Self.values {
      let standard = KoreanNumber.sino(value)
      let unspaced = KoreanNumber.sino(value, style: .unspaced)
      #expect(unspaced == standard.filter { $0 != " " }, "\(value)")
      let ilMan = standard.split(separator: " ")
        .map { $0.hasPrefix("만") ? "일" + $0 : String($0) }
        .joined(separator: " ")
      #expect(KoreanNumber.sino(value, style: .ilMan) == ilMan, "\(value)")
    }
  }

  @Test("spacing: one word per non-zero 만 group, single spaces, none at the ends")
  func spacing() {
    for value in Self.values {
      let reading = KoreanNumber.sino(value)
      #expect(!reading.contains("  ") && reading.first != " " && reading.last != " ")
      var groups = 0
      var rest = value
      while rest > 0 {
        if rest % 10_000 != 0 { groups += 1 }
        rest /= 10_000
      }
      let words = reading.split(separator: " ", omittingEmptySubsequences: false)
      #expect(words.count == max(groups, 1), "\(value): \(reading)")
      // Every word but the last ends with its group's unit; the last does when the ones group
      // is 0000.
      let units: Set<Character> = ["만", "억", "조", "경"]
      for word in words.dropLast() {
        #expect(word.last.map(units.contains) == true, "\(value): \(reading)")
      }
      if value > 0 {
        let lastHasUnit = words.last?.last.map(units.contains) ?? false
        #expect(lastHasUnit == (value % 10_000 == 0), "\(value): \(reading)")
      }
    }
  }

  @Test("the standard style never writes 일 before 십, 백 or 천, nor a word starting 일만")
  func noIlBeforeSmallUnits() {
    for value in Self.values {
      let reading = KoreanNumber.sino(value)
      for bad in ["일십", "일백", "일천"] {
        #expect(!reading.contains(bad), "\(value): \(reading)")
      }
      #expect(!reading.split(separator: " ").contains { $0.hasPrefix("일만") }, "\(value)")
    }
  }

  @Test(
    "every value's Reading accepts the 일만, standard and unspaced spellings; unspaced has a note")
  func readingVariants() {
    for value in Self.values.prefix(500) {
      let reading = WrittenNumber(value).reading()
      #expect(reading.accepts(KoreanNumber.sino(value)))
      #expect(reading.accepts(KoreanNumber.sino(value, style: .ilMan)))
      let unspaced = KoreanNumber.sino(value, style: .unspaced)
      // 제44항 spaces by 만 units: written as one word it is accepted, with a note.
      #expect(reading.accepts(unspaced), "\(value)")
      #expect(reading.joinsUnits(unspaced) == reading.text.contains(" "), "\(value)")
    }
  }
}
