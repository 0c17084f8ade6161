import KoreanNumbers
import Testing

/// A count with a counter, its preferred reading, and spellings accepted or rejected.
struct CountCase: Sendable, CustomTestStringConvertible {
  let name: String
  let count: UInt64
  let counter: Counter
  let expected: String
  var accepted: [String] = []
  var rejected: [String] = []

  var testDescription: String { "\(name): \(count)\(counter.word) → \(expected)" }
}

@Suite("Counters")
struct CounterTests {
  /// The counters that take native numbers, and those that take Sino-Korean ones.
  static let nativeWords = "개 명 사람 살 시 시간 마리 잔 병 권 장 대 벌 켤레 달 번째"
  static let sinoWords = "원 초 년 월 일 층 호 회 세 인분 도 퍼센트 킬로그램 미터 개월 주 학년 등 점"

  @Test("each counter takes its number system")
  func systems() {
    let native = Set(Self.nativeWords.split(separator: " ").map(String.init))
    let sino = Set(Self.sinoWords.split(separator: " ").map(String.init))
    // 분 and 번 have a counter for each meaning; the lists above leave them out.
    let ambiguous: [Counter: NumberSystem] = [
      .honoredPeople: .native, .times: .native, .minutes: .sino, .number: .sino,
    ]
    for counter in Counter.allCases {
      let listed: NumberSystem? =
        native.contains(counter.word) ? .native : sino.contains(counter.word) ? .sino : nil
      #expect(counter.system == ambiguous[counter] ?? listed, "\(counter.word)")
    }
    #expect(Counter.allCases.count == native.count + sino.count + 4)
    #expect(
      Counter.allCases.allSatisfy {
        native.contains($0.word) || sino.contains($0.word) || ambiguous[$0] != nil
      })
  }

  @Test("words look up counters; 분 is minutes and 번 times unless asked otherwise")
  func lookUp() {
    #expect(Counter(word: "분") == .minutes)
    #expect(Counter(word: "번") == .times)
    #expect(Counter(word: "개") == .items)
    #expect(Counter(word: "킬로그램") == .kilograms)
    // The signs written after digits.
    #expect(Counter(word: "kg") == .kilograms)
    #expect(Counter(word: "%") == .percent)
    #expect(Counter(word: "lb") == nil)
    #expect(Counter(rawValue: "honoredPeople")?.word == "분")
    for counter in Counter.allCases where counter != .honoredPeople && counter != .number {
      #expect(Counter(word: counter.word) == counter)
    }
  }

  static let cases: [CountCase] = [
    CountCase(name: "한 개", count: 1, counter: .items, expected: "한 개", rejected: ["한개", "일 개"]),
    CountCase(name: "세 개", count: 3, counter: .items, expected: "세 개"),
    CountCase(name: "열 살", count: 10, counter: .age, expected: "열 살"),
    CountCase(name: "마흔세 살", count: 43, counter: .age, expected: "마흔세 살"),
    CountCase(name: "100+: 백한 살", count: 101, counter: .age, expected: "백한 살"),
    CountCase(name: "100+: 백두 개", count: 102, counter: .items, expected: "백두 개"),
    CountCase(name: "100+: 백스무 개", count: 120, counter: .items, expected: "백스무 개"),
    CountCase(name: "100+: 백스물한 개", count: 121, counter: .items, expected: "백스물한 개"),
    CountCase(name: "multiple of 100 stays Sino", count: 100, counter: .items, expected: "백 개"),
    CountCase(name: "이백 명", count: 200, counter: .people, expected: "이백 명"),
    CountCase(name: "천이백서른네 개", count: 1234, counter: .items, expected: "천이백서른네 개"),
    CountCase(
      name: "만 다섯 개", count: 10005, counter: .items, expected: "만 다섯 개",
      accepted: ["일만 다섯 개"]),
    CountCase(name: "만 백 개", count: 10100, counter: .items, expected: "만 백 개"),
    CountCase(name: "zero", count: 0, counter: .items, expected: "영 개"),
    CountCase(name: "두 분 (people)", count: 2, counter: .honoredPeople, expected: "두 분"),
    CountCase(
      name: "이 분 (minutes)", count: 2, counter: .minutes, expected: "이 분", accepted: ["이분"]),
    CountCase(name: "세 번 (times)", count: 3, counter: .times, expected: "세 번", rejected: ["세번"]),
    CountCase(
      name: "삼 번 (number)", count: 3, counter: .number, expected: "삼 번", accepted: ["삼번"]),
    CountCase(name: "스무 마리", count: 20, counter: .animals, expected: "스무 마리"),
    CountCase(name: "한 켤레", count: 1, counter: .pairs, expected: "한 켤레"),
    CountCase(name: "세 달", count: 3, counter: .months, expected: "세 달"),
    CountCase(name: "두 시간", count: 2, counter: .hours, expected: "두 시간", rejected: ["두시간"]),
    CountCase(
      name: "열두 시", count: 12, counter: .oclock, expected: "열두 시", accepted: ["열두시"],
      rejected: ["십이 시"]),
    CountCase(
      name: "24-hour 열일곱 시", count: 17, counter: .oclock, expected: "열일곱 시",
      accepted: ["십칠 시", "십칠시", "열일곱시"]),
    CountCase(name: "영 시", count: 0, counter: .oclock, expected: "영 시"),
    CountCase(
      name: "만 원", count: 10000, counter: .won, expected: "만 원",
      accepted: ["일만 원", "만원", "일만원"]),
    CountCase(
      name: "만 오천 원", count: 15000, counter: .won, expected: "만 오천 원",
      accepted: ["만오천원", "일만오천원", "일만 오천 원", "만오천 원"],
      rejected: ["만오 천 원", "만 오 천 원", "오천 원"]),
    CountCase(name: "삼 층", count: 3, counter: .floors, expected: "삼 층", accepted: ["삼층"]),
    CountCase(name: "오백이 호", count: 502, counter: .roomNumber, expected: "오백이 호"),
    CountCase(name: "백일 세 (formal age)", count: 101, counter: .formalAge, expected: "백일 세"),
    CountCase(name: "이 인분", count: 2, counter: .servings, expected: "이 인분"),
    CountCase(name: "삼십육 도", count: 36, counter: .degrees, expected: "삼십육 도"),
    CountCase(name: "오십 퍼센트", count: 50, counter: .percent, expected: "오십 퍼센트"),
    CountCase(name: "칠 미터", count: 7, counter: .meters, expected: "칠 미터"),
    CountCase(name: "십 킬로그램", count: 10, counter: .kilograms, expected: "십 킬로그램"),
    CountCase(name: "제3회", count: 3, counter: .rounds, expected: "삼 회", accepted: ["삼회"]),
    // The counters and units people use.
    CountCase(
      name: "삼 개월", count: 3, counter: .monthCount, expected: "삼 개월",
      rejected: ["세 개월", "삼개월"]),
    CountCase(name: "십이 개월", count: 12, counter: .monthCount, expected: "십이 개월"),
    CountCase(
      name: "이 주, also 두 주", count: 2, counter: .weeks, expected: "이 주",
      accepted: ["두 주"], rejected: ["이주"]),
    CountCase(
      name: "첫 번째", count: 1, counter: .ordinal, expected: "첫 번째", accepted: ["첫번째"],
      rejected: ["한 번째", "일 번째"]),
    CountCase(
      name: "두 번째", count: 2, counter: .ordinal, expected: "두 번째", accepted: ["두번째"]),
    CountCase(name: "열한 번째", count: 11, counter: .ordinal, expected: "열한 번째"),
    CountCase(name: "스무 번째", count: 20, counter: .ordinal, expected: "스무 번째"),
    CountCase(name: "스물한 번째", count: 21, counter: .ordinal, expected: "스물한 번째"),
    CountCase(
      name: "삼 학년", count: 3, counter: .schoolYear, expected: "삼 학년", accepted: ["삼학년"],
      rejected: ["세 학년"]),
    CountCase(
      name: "일 등", count: 1, counter: .rank, expected: "일 등", accepted: ["일등"],
      rejected: ["한 등"]),
    CountCase(
      name: "구십오 점", count: 95, counter: .points, expected: "구십오 점",
      rejected: ["아흔다섯 점"]),
    CountCase(
      name: "오십 퍼센트, also 프로", count: 50, counter: .percent, expected: "오십 퍼센트",
      accepted: ["오십 프로"]),
    CountCase(
      name: "삼 킬로그램, also 킬로", count: 3, counter: .kilograms, expected: "삼 킬로그램",
      accepted: ["삼 킬로"]),
    CountCase(
      name: "백쉰 개 and 백오십 개", count: 150, counter: .items, expected: "백쉰 개",
      accepted: ["백오십 개"], rejected: ["백오십개"]),
    CountCase(
      name: "백이십 명 as well", count: 120, counter: .people, expected: "백스무 명",
      accepted: ["백이십 명"]),
    CountCase(
      name: "백 번째", count: 100, counter: .ordinal, expected: "백 번째", accepted: ["백번째"]),
    CountCase(
      name: "이천이십오 년", count: 2025, counter: .years, expected: "이천이십오 년",
      accepted: ["이천이십오년"]),
    CountCase(
      name: "십 일", count: 10, counter: .days, expected: "십 일", accepted: ["십일"]),
    CountCase(
      name: "month 13 is not a month name", count: 13, counter: .calendarMonth,
      expected: "십삼 월"),
  ]

  @Test("reading", arguments: cases)
  func reading(_ test: CountCase) {
    let reading = test.counter.reading(test.count)
    #expect(reading.text == test.expected)
    for spelling in test.accepted { #expect(reading.accepts(spelling), "\(spelling)") }
    for spelling in test.rejected { #expect(!reading.accepts(spelling), "\(spelling)") }
  }

  @Test(
    "months 1–12 (유월, 시월: 제52항)",
    arguments: zip(
      1...12 as ClosedRange<UInt64>,
      ["일월", "이월", "삼월", "사월", "오월", "유월", "칠월", "팔월", "구월", "시월", "십일월", "십이월"]))
  func months(_ month: UInt64, _ name: String) {
    let reading = Counter.calendarMonth.reading(month)
    #expect(reading.text == name)
    #expect(reading.variants == [name])
  }

  @Test("a counter is always separated from the number by exactly one space")
  func spacing() {
    for counter in Counter.allCases where counter != .calendarMonth {
      for count in sampleValues(count: 60, seed: 7) {
        let text = counter.reading(count).text
        #expect(text.hasSuffix(" " + counter.word), "\(count) \(counter.word): \(text)")
        #expect(!text.contains("  ") && text.first != " ", "\(text)")
      }
    }
  }

  @Test("only counters that show order may be attached (제43항)")
  func attaching() {
    for counter in Counter.allCases where counter != .calendarMonth && counter != .won {
      let reading = counter.reading(3)
      let attached = String(reading.text.filter { $0 != " " })
      #expect(reading.accepts(attached) == counter.mayAttach, "\(counter.word)")
    }
  }

  @Test("native counters with 100 and more read back: Sino part then native remainder")
  func nativeHundreds() throws {
    for count in sampleValues(count: 400, seed: 9) where count % 100 != 0 {
      let text = Counter.items.reading(count).text
      let number = String(text.dropLast(" 개".count))
      let remainder = Int(count % 100)
      let native = try #require(NativeNumber(remainder)).determiner
      #expect(number.hasSuffix(native), "\(count): \(text)")
      let sinoPart = String(number.dropLast(native.count))
      let expected = count - UInt64(remainder)
      #expect((sinoPart.isEmpty ? 0 : sinoValue(of: sinoPart)) == expected, "\(count): \(text)")
    }
  }
}
