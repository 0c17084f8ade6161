import KoreanNumbers
import Testing

/// Times of day with 오전/오후, ordinals and day counts, dates and times that cannot exist,
/// and 만 units written together.
@Suite("Times of day, ordinals, day counts, impossible dates, 만 spacing")
struct CalendarInputTests {
  @Test("오후 9:05 reads as the time drill shows it, and 오전 9시 5분 too")
  func periodTimes() throws {
    #expect(try KoreanNumber.reading(of: "오후 9:05").text == "오후 아홉 시 오 분")
    #expect(try KoreanNumber.reading(of: "오후 9:05").accepts("오후 아홉시 오분"))
    #expect(try KoreanNumber.reading(of: "오전9:30").accepts("오전 아홉 시 반"))
    #expect(try KoreanNumber.reading(of: "오전 9시 5분").text == "오전 아홉 시 오 분")
    #expect(throws: NumberInputError.noSuchTime("오후 13:00", counter: "시", largest: 12)) {
      try KoreanNumber.reading(of: "오후 13:00")
    }
  }

  @Test(
    "ordinals 첫째 둘째 열두째 and day counts 하루 이틀 사흘",
    arguments: [
      ("1째", "첫째"), ("2째", "둘째"), ("12째", "열두째"), ("20째", "스무째"), ("11째", "열한째"),
    ])
  func ordinals(_ input: String, _ expected: String) throws {
    #expect(try KoreanNumber.reading(of: input).text == expected)
  }

  @Test("day counts with --counter 날")
  func dayCounts() throws {
    let days = [1: "하루", 2: "이틀", 3: "사흘", 4: "나흘", 10: "열흘", 12: "열이틀", 15: "보름"]
    for (count, word) in days {
      let reading = try KoreanNumber.reading(of: "\(count)", options: NumberOptions(counter: "날"))
      #expect(reading.text == word)
    }
    #expect(KoreanNumber.dayCount(30) == nil, "said with 일: 삼십 일")
  }

  @Test("a date or a time that cannot exist is refused with the reason")
  func impossible() {
    #expect(throws: NumberInputError.noSuchDay("2월 30일", lastDay: 29)) {
      try KoreanNumber.reading(of: "2월 30일")
    }
    #expect(throws: NumberInputError.noSuchDay("2025년 2월 29일", lastDay: 28)) {
      try KoreanNumber.reading(of: "2025년 2월 29일")
    }
    #expect(throws: NumberInputError.noSuchDay("4월 31일", lastDay: 30)) {
      try KoreanNumber.reading(of: "4월 31일")
    }
    #expect(throws: NumberInputError.noSuchTime("3시 60분", counter: "분", largest: 59)) {
      try KoreanNumber.reading(of: "3시 60분")
    }
    #expect((try? KoreanNumber.reading(of: "2024년 2월 29일")) != nil)
    #expect((try? KoreanNumber.reading(of: "60분")) != nil, "a length of time")
  }

  @Test("팔만구백삼십일 for 80,931 is accepted, with the standard spacing to tell")
  func unitSpacing() throws {
    let reading = try KoreanNumber.reading(of: "80931")
    #expect(reading.text == "팔만 구백삼십일")
    #expect(reading.accepts("팔만구백삼십일"))
    #expect(reading.joinsUnits("팔만구백삼십일"))
    #expect(!reading.joinsUnits("팔만 구백삼십일"))
    #expect(!reading.accepts("팔만구 백삼십일"), "only the spaces between 만 units")
    // The same spellings `number --all` prints, and the one `--financial` gives.
    #expect(reading.variants.contains("팔만구백삼십일"))
    let financial = try KoreanNumber.reading(of: "80931", options: NumberOptions(isFinancial: true))
    #expect(reading.accepts(financial.text))
  }
}
