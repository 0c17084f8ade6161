import KoreanNumbers
import Testing

/// What a number-reading vector reads, and how.
enum Subject: Sendable {
  case sino(UInt64, SinoStyle)
  case counting(Int)
  case determiner(Int)
  case counted(UInt64, Counter)
  case time(hour: UInt64, minute: UInt64)
  case date(year: UInt64, month: UInt64, day: UInt64)
  case price(UInt64)
  case digits(String)
}

/// The reading of a subject: its preferred text, and the ``Reading`` when there is one.
func read(_ subject: Subject) throws -> (text: String, reading: Reading?) {
  switch subject {
  case .sino(let value, let style):
    let reading = style == .standard ? WrittenNumber(value).reading() : nil
    return (KoreanNumber.sino(value, style: style), reading)
  case .counting(let value):
    return (try #require(NativeNumber(value)).counting, nil)
  case .determiner(let value):
    return (try #require(NativeNumber(value)).determiner, nil)
  case .counted(let count, let counter):
    let reading = counter.reading(count)
    return (reading.text, reading)
  case .time(let hour, let minute):
    let reading = KoreanNumber.time(hour: hour, minute: minute)
    return (reading.text, reading)
  case .date(let year, let month, let day):
    let reading = KoreanNumber.date(year: year, month: month, day: day)
    return (reading.text, reading)
  case .price(let won):
    let reading = KoreanNumber.price(won: won)
    return (reading.text, reading)
  case .digits(let text):
    let reading = try KoreanNumber.digits(text)
    return (reading.text, reading)
  }
}

/// One test vector of number reading, numbered as in its source list.
struct SpecVector: Sendable, CustomTestStringConvertible {
  let number: Int
  let input: String
  let subject: Subject
  let expected: String
  /// Other spellings also counted right (option, 허용, also heard).
  let alsoAccepted: [String]

  init(
    _ number: Int, _ input: String, _ subject: Subject, _ expected: String,
    also alsoAccepted: [String] = []
  ) {
    self.number = number
    self.input = input
    self.subject = subject
    self.expected = expected
    self.alsoAccepted = alsoAccepted
  }

  var testDescription: String { "#\(number) \(input) → \(expected)" }
}

let specVectors: [SpecVector] = [
  // MARK: Sino-Korean, default style
  SpecVector(1, "0", .sino(0, .standard), "영"),
  SpecVector(2, "1", .sino(1, .standard), "일"),
  SpecVector(3, "10", .sino(10, .standard), "십"),
  SpecVector(4, "11", .sino(11, .standard), "십일"),
  SpecVector(5, "16", .sino(16, .standard), "십육"),
  SpecVector(6, "20", .sino(20, .standard), "이십"),
  SpecVector(7, "99", .sino(99, .standard), "구십구"),
  SpecVector(8, "100", .sino(100, .standard), "백"),
  SpecVector(9, "101", .sino(101, .standard), "백일"),
  SpecVector(10, "110", .sino(110, .standard), "백십"),
  SpecVector(11, "111", .sino(111, .standard), "백십일"),
  SpecVector(12, "1000", .sino(1000, .standard), "천"),
  SpecVector(13, "1001", .sino(1001, .standard), "천일"),
  SpecVector(14, "1111", .sino(1111, .standard), "천백십일"),
  SpecVector(15, "2025", .sino(2025, .standard), "이천이십오"),
  SpecVector(16, "9999", .sino(9999, .standard), "구천구백구십구"),
  SpecVector(17, "10000", .sino(10000, .standard), "만", also: ["일만"]),
  SpecVector(18, "10001", .sino(10001, .standard), "만 일"),
  SpecVector(19, "11000", .sino(11000, .standard), "만 천"),
  SpecVector(20, "12345", .sino(12345, .standard), "만 이천삼백사십오"),
  SpecVector(21, "15000", .sino(15000, .standard), "만 오천"),
  SpecVector(22, "100000", .sino(100_000, .standard), "십만"),
  SpecVector(23, "110000", .sino(110_000, .standard), "십일만"),
  SpecVector(24, "675453", .sino(675_453, .standard), "육십칠만 오천사백오십삼"),
  SpecVector(25, "1000000", .sino(1_000_000, .standard), "백만"),
  SpecVector(26, "10000000", .sino(10_000_000, .standard), "천만"),
  SpecVector(27, "12345678", .sino(12_345_678, .standard), "천이백삼십사만 오천육백칠십팔"),
  SpecVector(28, "100000000", .sino(100_000_000, .standard), "일억"),
  SpecVector(29, "100000001", .sino(100_000_001, .standard), "일억 일"),
  SpecVector(30, "100010000", .sino(100_010_000, .standard), "일억 만", also: ["일억 일만"]),
  SpecVector(
    31, "1234567898 (제44항)", .sino(1_234_567_898, .standard),
    "십이억 삼천사백오십육만 칠천팔백구십팔"),
  SpecVector(32, "10^12", .sino(1_000_000_000_000, .standard), "일조"),
  SpecVector(33, "10^16", .sino(10_000_000_000_000_000, .standard), "일경"),
  SpecVector(
    34, "Int64.max", .sino(9_223_372_036_854_775_807, .standard),
    "구백이십이경 삼천삼백칠십이조 삼백육십팔억 오천사백칠십칠만 오천팔백칠"),
  SpecVector(35, "315678, financial", .sino(315_678, .financial), "삼십일만오천육백칠십팔"),
  SpecVector(36, "1765000, financial", .sino(1_765_000, .financial), "일백칠십육만오천"),
  SpecVector(37, "10000, financial", .sino(10000, .financial), "일만"),

  // MARK: Native, counting form and determiner form
  SpecVector(38, "1 counting", .counting(1), "하나"),
  SpecVector(38, "1 before a counter", .determiner(1), "한"),
  SpecVector(39, "2 counting", .counting(2), "둘"),
  SpecVector(39, "2 before a counter", .determiner(2), "두"),
  SpecVector(40, "3 counting", .counting(3), "셋"),
  SpecVector(40, "3 before a counter", .determiner(3), "세"),
  SpecVector(41, "4 counting", .counting(4), "넷"),
  SpecVector(41, "4 before a counter", .determiner(4), "네"),
  SpecVector(42, "10 counting", .counting(10), "열"),
  SpecVector(42, "10 before a counter", .determiner(10), "열"),
  SpecVector(43, "11 counting", .counting(11), "열하나"),
  SpecVector(43, "11 before a counter", .determiner(11), "열한"),
  SpecVector(44, "14 counting", .counting(14), "열넷"),
  SpecVector(44, "14 before a counter", .determiner(14), "열네"),
  SpecVector(45, "20 counting", .counting(20), "스물"),
  SpecVector(45, "20 before a counter", .determiner(20), "스무"),
  SpecVector(46, "21 counting", .counting(21), "스물하나"),
  SpecVector(46, "21 before a counter", .determiner(21), "스물한"),
  SpecVector(47, "43 counting (not 만흔셋)", .counting(43), "마흔셋"),
  SpecVector(47, "43 before a counter", .determiner(43), "마흔세"),
  SpecVector(48, "50 counting", .counting(50), "쉰"),
  SpecVector(48, "50 before a counter", .determiner(50), "쉰"),
  SpecVector(49, "99 counting", .counting(99), "아흔아홉"),
  SpecVector(49, "99 before a counter", .determiner(99), "아흔아홉"),

  // MARK: Phrases
  SpecVector(50, "3 + 개", .counted(3, .items), "세 개"),
  SpecVector(50, "20 + 살", .counted(20, .age), "스무 살"),
  SpecVector(50, "12 + 시", .counted(12, .oclock), "열두 시", also: ["열두시"]),
  SpecVector(50, "3:45", .time(hour: 3, minute: 45), "세 시 사십오 분", also: ["세시 사십오분"]),
  SpecVector(51, "6월", .counted(6, .calendarMonth), "유월"),
  SpecVector(51, "10월", .counted(10, .calendarMonth), "시월"),
  SpecVector(51, "11월", .counted(11, .calendarMonth), "십일월"),
  SpecVector(
    51, "2025년 6월 10일", .date(year: 2025, month: 6, day: 10), "이천이십오 년 유월 십 일",
    also: ["이천이십오년 유월 십일"]),
  SpecVector(52, "010-1234-5678", .digits("010-1234-5678"), "공일공 일이삼사 오육칠팔"),
  SpecVector(52, "15,000원", .price(15000), "만 오천 원"),
]

@Suite("Number reading test vectors")
struct SpecVectorTests {
  @Test("every vector from 1 to 52 is in the table")
  func allNumbered() {
    #expect(Set(specVectors.map(\.number)) == Set(1...52))
  }

  @Test("reading", arguments: specVectors)
  func vector(_ vector: SpecVector) throws {
    let (text, reading) = try read(vector.subject)
    #expect(text == vector.expected)
    if let reading {
      #expect(reading.text == text)
      #expect(reading.accepts(vector.expected))
    }
    for spelling in vector.alsoAccepted {
      let accepted = try #require(reading, "no Reading to accept \(spelling)")
      #expect(accepted.accepts(spelling), "\(spelling)")
    }
  }

  @Test("the 일만 option of #17 and #30")
  func ilManOption() {
    #expect(KoreanNumber.sino(10000, style: .ilMan) == "일만")
    #expect(KoreanNumber.sino(100_010_000, style: .ilMan) == "일억 일만")
  }
}
