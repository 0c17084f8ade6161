import KoreanNumbers
import Testing

/// Command-line input with options, and the reading it should give.
struct InputCase: Sendable, CustomTestStringConvertible {
  let input: String
  var options = NumberOptions()
  let expected: String
  var accepted: [String] = []

  var testDescription: String { "\(input) \(options.flags) → \(expected)" }
}

/// Command-line input that must be refused with a particular error.
struct InvalidInputCase: Sendable, CustomTestStringConvertible {
  let name: String
  let input: String
  var options = NumberOptions()
  let error: NumberInputError

  var testDescription: String { "\(name): \"\(input)\" \(options.flags)" }
}

extension NumberOptions {
  /// The options as command-line flags, for test names.
  var flags: String {
    var flags: [String] = []
    if isNative { flags.append("--native") }
    if let counter { flags.append("--counter \(counter)") }
    if isFinancial { flags.append("--financial") }
    if readsDigits { flags.append("--digits") }
    return flags.joined(separator: " ")
  }
}

@Suite("Command-line input: cheonjiin number N [--native] [--counter W] [--financial] [--digits]")
struct InputTests {
  static let native = NumberOptions(isNative: true)
  static let financial = NumberOptions(isFinancial: true)
  static let digits = NumberOptions(readsDigits: true)

  static func counter(_ word: String, native: Bool = false) -> NumberOptions {
    NumberOptions(isNative: native, counter: word)
  }

  static let cases: [InputCase] = [
    InputCase(input: "15000", expected: "만 오천", accepted: ["일만 오천"]),
    InputCase(input: "15,000", expected: "만 오천"),
    InputCase(input: "  15000 ", expected: "만 오천"),
    InputCase(input: "1,234,567", expected: "백이십삼만 사천오백육십칠"),
    InputCase(input: "-5", expected: "마이너스 오"),
    InputCase(input: "+7", expected: "칠"),
    InputCase(input: "3.14", expected: "삼 점 일사"),
    InputCase(input: "-0.05", expected: "마이너스 영 점 영오", accepted: ["마이너스 영 점 공오"]),
    InputCase(
      input: "18446744073709551615",
      expected: "천팔백사십사경 육천칠백사십사조 칠백삼십칠억 구백오십오만 천육백십오"),
    InputCase(input: "010-1234-5678", options: digits, expected: "공일공 일이삼사 오육칠팔"),
    InputCase(input: "26", options: native, expected: "스물여섯"),
    InputCase(input: "43", options: native, expected: "마흔셋"),
    InputCase(input: "1", options: native, expected: "하나"),
    InputCase(input: "20", options: counter("살"), expected: "스무 살"),
    InputCase(input: "20", options: counter("살", native: true), expected: "스무 살"),
    InputCase(input: "101", options: counter("개", native: true), expected: "백한 개"),
    InputCase(input: "3", options: counter("분"), expected: "삼 분", accepted: ["삼분"]),
    InputCase(input: "3", options: counter("honoredPeople"), expected: "세 분"),
    InputCase(input: "3", options: counter("number"), expected: "삼 번"),
    InputCase(input: "15000", options: counter("원"), expected: "만 오천 원"),
    InputCase(
      input: "15000", options: NumberOptions(counter: "원", isFinancial: true),
      expected: "일만오천원", accepted: ["일만오천 원"]),
    InputCase(input: "1765000", options: financial, expected: "일백칠십육만오천"),
    InputCase(input: "10", options: financial, expected: "일십"),
    InputCase(input: "6월", options: financial, expected: "유월"),
    InputCase(input: "1000년", options: financial, expected: "일천 년", accepted: ["일천년"]),
    InputCase(input: "-5000", options: counter("원"), expected: "마이너스 오천 원"),
    InputCase(input: "3.5", options: counter("킬로그램"), expected: "삼 점 오 킬로그램"),
    InputCase(input: "-5", options: counter("도"), expected: "영하 오 도", accepted: ["마이너스 오 도"]),
    InputCase(input: "15,000원", expected: "만 오천 원", accepted: ["만오천원"]),
    InputCase(input: "15000 원", expected: "만 오천 원"),
    InputCase(input: "20살", expected: "스무 살"),
    InputCase(input: "3개", expected: "세 개"),
    InputCase(input: "6월", expected: "유월"),
    InputCase(
      input: "2025년 6월 10일", expected: "이천이십오 년 유월 십 일",
      accepted: ["이천이십오년 유월 십일"]),
    InputCase(input: "3시 45분", expected: "세 시 사십오 분", accepted: ["세시 사십오분"]),
    InputCase(input: "3:45", expected: "세 시 사십오 분", accepted: ["세시 사십오분"]),
    InputCase(input: "17:00", expected: "열일곱 시", accepted: ["십칠 시"]),
    InputCase(input: "9:05:30", expected: "아홉 시 오 분 삼십 초"),
    InputCase(input: "24:00", expected: "스물네 시"),
    InputCase(input: "0:00", expected: "영 시"),
  ]

  @Test("reading", arguments: cases)
  func reading(_ test: InputCase) throws {
    let reading = try KoreanNumber.reading(of: test.input, options: test.options)
    #expect(reading.text == test.expected)
    for spelling in test.accepted { #expect(reading.accepts(spelling), "\(spelling)") }
  }

  static let invalidCases: [InvalidInputCase] = [
    InvalidInputCase(name: "empty", input: "", error: .empty),
    InvalidInputCase(name: "blank", input: "  \t", error: .empty),
    InvalidInputCase(name: "letters", input: "abc", error: .notANumber("abc")),
    InvalidInputCase(name: "two points", input: "3.1.4", error: .notANumber("3.1.4")),
    InvalidInputCase(name: "no digit before the point", input: ".5", error: .notANumber(".5")),
    InvalidInputCase(name: "nothing after the point", input: "3.", error: .notANumber("3.")),
    InvalidInputCase(name: "two numbers", input: "12 34", error: .notANumber("12 34")),
    InvalidInputCase(name: "a counter first", input: "원 5", error: .notANumber("원 5")),
    InvalidInputCase(
      name: "comma in a group of four", input: "1,5000", error: .misplacedComma("1,5000")),
    InvalidInputCase(
      name: "the input is named without its outer spaces", input: " 1,5000 ",
      error: .misplacedComma("1,5000")),
    InvalidInputCase(
      name: "comma in a group of two", input: "15,00", error: .misplacedComma("15,00")),
    InvalidInputCase(name: "trailing comma", input: "15,", error: .misplacedComma("15,")),
    InvalidInputCase(
      name: "UInt64.max + 1", input: "18446744073709551616",
      error: .tooLarge("18446744073709551616")),
    InvalidInputCase(
      name: "far too large", input: "-99999999999999999999999",
      error: .tooLarge("-99999999999999999999999")),
    InvalidInputCase(
      name: "phone number without --digits", input: "010-1234-5678",
      error: .needsDigitsOption("010-1234-5678")),
    InvalidInputCase(
      name: "letters with --digits", input: "010-12a4", options: digits,
      error: .notDigits("010-12a4")),
    InvalidInputCase(
      name: "empty group with --digits", input: "010--1234", options: digits,
      error: .notDigits("010--1234")),
    InvalidInputCase(
      name: "--native above 99", input: "100", options: native,
      error: .nativeOutOfRange("100")),
    InvalidInputCase(
      name: "--native zero", input: "0", options: native, error: .nativeOutOfRange("0")),
    InvalidInputCase(
      name: "--native negative", input: "-5", options: native, error: .nativeOutOfRange("-5")),
    InvalidInputCase(
      name: "--native decimal", input: "3.5", options: native, error: .nativeOutOfRange("3.5")),
    InvalidInputCase(
      name: "native counter with a decimal", input: "1.5", options: counter("개"),
      error: .notWholeCount("1.5", counter: "개")),
    InvalidInputCase(
      name: "native counter below zero", input: "-3개", error: .notWholeCount("-3", counter: "개")),
    InvalidInputCase(
      name: "unknown counter", input: "3", options: counter("lb"), error: .unknownCounter("lb")),
    InvalidInputCase(
      name: "unknown counter in the input", input: "3lb", error: .unknownCounter("lb")),
    InvalidInputCase(
      name: "month 13", input: "13월", error: .notAMonth("13")),
    InvalidInputCase(name: "month 0", input: "0월", error: .notAMonth("0")),
    InvalidInputCase(
      name: "month as an option", input: "13", options: counter("월"), error: .notAMonth("13")),
    InvalidInputCase(
      name: "--native with a Sino counter", input: "5", options: counter("원", native: true),
      error: .nativeWithSinoCounter("원")),
    InvalidInputCase(
      name: "--native --financial", input: "5",
      options: NumberOptions(isNative: true, isFinancial: true),
      error: .conflictingOptions(.option("--native"), .option("--financial"))),
    InvalidInputCase(
      name: "--digits --native", input: "010",
      options: NumberOptions(isNative: true, readsDigits: true),
      error: .conflictingOptions(.option("--digits"), .option("--native"))),
    InvalidInputCase(
      name: "--financial with a native counter", input: "5",
      options: NumberOptions(counter: "개", isFinancial: true),
      error: .conflictingOptions(.option("--financial"), .nativeCounter("개"))),
    InvalidInputCase(
      name: "a counter twice", input: "3개", options: counter("개"),
      error: .conflictingOptions(.countersIn("3개"), .option("--counter 개"))),
    InvalidInputCase(
      name: "a time with --native", input: "3:45", options: native,
      error: .conflictingOptions(.time("3:45"), .option("--native"))),
    InvalidInputCase(name: "hour 25", input: "25:00", error: .invalidTime("25:00")),
    InvalidInputCase(name: "minute 60", input: "3:60", error: .invalidTime("3:60")),
    InvalidInputCase(name: "one-digit minute", input: "3:5", error: .invalidTime("3:5")),
    InvalidInputCase(name: "24:30", input: "24:30", error: .invalidTime("24:30")),
    InvalidInputCase(name: "four fields", input: "1:02:03:04", error: .invalidTime("1:02:03:04")),
    InvalidInputCase(name: "letters in a time", input: "3:4a", error: .invalidTime("3:4a")),
  ]

  @Test("invalid input is a clear error, never a crash", arguments: invalidCases)
  func invalid(_ test: InvalidInputCase) {
    #expect(throws: test.error) {
      try KoreanNumber.reading(of: test.input, options: test.options)
    }
    // The words for people, naming the input and saying what to write, are
    // UIStrings.numberError, tested in CLITests (CommandStringsTests).
  }
}

/// Several amounts on one line cost time in proportion to the line, not 2ⁿ.
@Suite("Many amounts on one line")
struct ManyAmountsTests {
  @Test("spellings grow linearly past a few amounts, and the preferred reading is unchanged")
  func linear() throws {
    let one = try KoreanNumber.reading(of: "15,000원")
    for count in [6, 10, 40, 200] {
      let line = Array(repeating: "15,000원", count: count).joined(separator: " ")
      let reading = try KoreanNumber.reading(of: line)
      #expect(reading.text == Array(repeating: one.text, count: count).joined(separator: " "))
      // Each amount's alternatives with the others preferred: at most 1 + n·(k − 1).
      #expect(reading.variants.count <= 1 + count * (one.variants.count - 1))
    }
  }

  @Test("eight dates on a line are read at once")
  func dates() throws {
    let line = Array(repeating: "2025년 6월 10일", count: 8).joined(separator: " ")
    let reading = try KoreanNumber.reading(of: line)
    #expect(reading.text.hasPrefix("이천이십오 년 유월 십 일 이천이십오 년"))
    #expect(reading.variants.count < 1_000)
  }
}
