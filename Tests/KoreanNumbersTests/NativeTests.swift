import KoreanNumbers
import Testing

/// A native number with its counting, determiner and ordinal forms.
struct NativeCase: Sendable, CustomTestStringConvertible {
  let value: Int
  let counting: String
  let determiner: String
  let ordinal: String
  let ordinalNumeral: String

  var testDescription: String { "\(value): \(counting) / \(determiner) / \(ordinal)" }
}

@Suite("Native numbers")
struct NativeTests {
  static let cases: [NativeCase] = [
    NativeCase(value: 1, counting: "하나", determiner: "한", ordinal: "첫 번째", ordinalNumeral: "첫째"),
    NativeCase(value: 2, counting: "둘", determiner: "두", ordinal: "두 번째", ordinalNumeral: "둘째"),
    NativeCase(value: 3, counting: "셋", determiner: "세", ordinal: "세 번째", ordinalNumeral: "셋째"),
    NativeCase(value: 4, counting: "넷", determiner: "네", ordinal: "네 번째", ordinalNumeral: "넷째"),
    NativeCase(
      value: 5, counting: "다섯", determiner: "다섯", ordinal: "다섯 번째", ordinalNumeral: "다섯째"),
    NativeCase(value: 10, counting: "열", determiner: "열", ordinal: "열 번째", ordinalNumeral: "열째"),
    NativeCase(
      value: 11, counting: "열하나", determiner: "열한", ordinal: "열한 번째", ordinalNumeral: "열한째"),
    NativeCase(
      value: 12, counting: "열둘", determiner: "열두", ordinal: "열두 번째", ordinalNumeral: "열두째"),
    NativeCase(
      value: 13, counting: "열셋", determiner: "열세", ordinal: "열세 번째", ordinalNumeral: "열셋째"),
    NativeCase(
      value: 20, counting: "스물", determiner: "스무", ordinal: "스무 번째", ordinalNumeral: "스무째"),
    NativeCase(
      value: 21, counting: "스물하나", determiner: "스물한", ordinal: "스물한 번째",
      ordinalNumeral: "스물한째"),
    NativeCase(
      value: 22, counting: "스물둘", determiner: "스물두", ordinal: "스물두 번째",
      ordinalNumeral: "스물두째"),
    NativeCase(
      value: 26, counting: "스물여섯", determiner: "스물여섯", ordinal: "스물여섯 번째",
      ordinalNumeral: "스물여섯째"),
    NativeCase(
      value: 30, counting: "서른", determiner: "서른", ordinal: "서른 번째", ordinalNumeral: "서른째"),
    NativeCase(
      value: 36, counting: "서른여섯", determiner: "서른여섯", ordinal: "서른여섯 번째",
      ordinalNumeral: "서른여섯째"),
    NativeCase(
      value: 40, counting: "마흔", determiner: "마흔", ordinal: "마흔 번째", ordinalNumeral: "마흔째"),
    NativeCase(
      value: 43, counting: "마흔셋", determiner: "마흔세", ordinal: "마흔세 번째",
      ordinalNumeral: "마흔셋째"),
    NativeCase(
      value: 60, counting: "예순", determiner: "예순", ordinal: "예순 번째", ordinalNumeral: "예순째"),
    NativeCase(
      value: 74, counting: "일흔넷", determiner: "일흔네", ordinal: "일흔네 번째",
      ordinalNumeral: "일흔넷째"),
    NativeCase(
      value: 88, counting: "여든여덟", determiner: "여든여덟", ordinal: "여든여덟 번째",
      ordinalNumeral: "여든여덟째"),
    NativeCase(
      value: 99, counting: "아흔아홉", determiner: "아흔아홉", ordinal: "아흔아홉 번째",
      ordinalNumeral: "아흔아홉째"),
  ]

  @Test("forms", arguments: cases)
  func forms(_ test: NativeCase) throws {
    let number = try #require(NativeNumber(test.value))
    #expect(number.counting == test.counting)
    #expect(number.determiner == test.determiner)
    #expect(number.ordinal == test.ordinal)
    #expect(number.ordinalNumeral == test.ordinalNumeral)
  }

  @Test("only 1…99 are native numbers", arguments: [0, -1, 100, 1000, Int.max, Int.min])
  func outOfRange(_ value: Int) {
    #expect(NativeNumber(value) == nil)
  }

  @Test("1…99 read back to their value, one word, and never 만흔")
  func exhaustive() throws {
    for value in 1...99 {
      let number = try #require(NativeNumber(value))
      #expect(nativeValue(of: number.counting) == value, "\(value): \(number.counting)")
      #expect(!number.counting.contains(" ") && !number.counting.contains("만"))
    }
  }

  @Test("the determiner differs from counting only for ones 1–4 and for exactly 20")
  func determinerChangesOnlyTheEnd() throws {
    let changed: [String: String] = ["하나": "한", "둘": "두", "셋": "세", "넷": "네"]
    for value in 1...99 {
      let number = try #require(NativeNumber(value))
      var expected = number.counting
      for (counting, determiner) in changed where expected.hasSuffix(counting) {
        expected = String(expected.dropLast(counting.count)) + determiner
      }
      if value == 20 { expected = "스무" }
      #expect(number.determiner == expected, "\(value)")
    }
  }

  @Test("20 vs 21 before 살: 스무 살, 스물한 살")
  func twentyAndTwentyOne() {
    #expect(Counter.age.reading(20).text == "스무 살")
    #expect(Counter.age.reading(21).text == "스물한 살")
    #expect(Counter.age.reading(22).text == "스물두 살")
    #expect(!Counter.age.reading(20).accepts("스물 살"))
    #expect(!Counter.age.reading(21).accepts("스무한 살"))
  }
}
