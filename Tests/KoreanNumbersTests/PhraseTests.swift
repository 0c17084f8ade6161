import KoreanNumbers
import Testing

@Suite("Phrases for drills, and accepting typed answers")
struct PhraseTests {
  @Test("times")
  func times() {
    #expect(KoreanNumber.time(hour: 3, minute: 45).text == "세 시 사십오 분")
    #expect(KoreanNumber.time(hour: 17, minute: 0).text == "열일곱 시")
    #expect(KoreanNumber.time(hour: 12, minute: 5).text == "열두 시 오 분")
    #expect(KoreanNumber.time(hour: 0, minute: 10).text == "영 시 십 분")
    #expect(KoreanNumber.time(hour: 9, minute: 5, second: 30).text == "아홉 시 오 분 삼십 초")
    #expect(KoreanNumber.time(hour: 9, minute: 0, second: 30).text == "아홉 시 영 분 삼십 초")
    #expect(KoreanNumber.time(hour: 2, minute: 30).text == "두 시 삼십 분")
  }

  @Test("a time accepts 제43항 attachment per counter, 십칠 시 and 반, nothing else")
  func timeVariants() {
    let time = KoreanNumber.time(hour: 3, minute: 45)
    for spelling in ["세 시 사십오 분", "세시 사십오분", "세시 사십오 분", "세 시 사십오분"] {
      #expect(time.accepts(spelling), "\(spelling)")
    }
    for spelling in ["세시사십오분", "삼 시 사십오 분", "세 시 마흔다섯 분", "세 시 사십 오 분"] {
      #expect(!time.accepts(spelling), "\(spelling)")
    }
    let evening = KoreanNumber.time(hour: 17, minute: 0)
    #expect(evening.accepts("십칠 시") && evening.accepts("십칠시") && evening.accepts("열일곱시"))
    let half = KoreanNumber.time(hour: 2, minute: 30, second: 0)
    #expect(half.accepts("두 시 반") && half.accepts("두시 반") && half.accepts("두시 삼십분"))
  }

  @Test("오전 and 오후 before a time: every spelling of the time after them")
  func dayPeriods() {
    let afternoon = KoreanNumber.time(hour: 3, minute: 45, isAfternoon: true)
    #expect(afternoon.text == "오후 세 시 사십오 분")
    #expect(afternoon.accepts("오후 세시 사십오분"))
    #expect(!afternoon.accepts("세 시 사십오 분"))
    #expect(!afternoon.accepts("오전 세 시 사십오 분"))
    let morning = KoreanNumber.time(hour: 9, minute: 30, isAfternoon: false)
    #expect(morning.text == "오전 아홉 시 삼십 분")
    #expect(morning.accepts("오전 아홉 시 반"))
  }

  @Test("dates")
  func dates() {
    let date = KoreanNumber.date(year: 2025, month: 6, day: 10)
    #expect(date.text == "이천이십오 년 유월 십 일")
    for spelling in ["이천이십오년 유월 십일", "이천이십오년 유월 십 일", "이천이십오 년 유월 십일"] {
      #expect(date.accepts(spelling), "\(spelling)")
    }
    for spelling in ["이천이십오 년 육월 십 일", "이천이십오 년 유 월 십 일", "이천 이십오 년 유월 십 일"] {
      #expect(!date.accepts(spelling), "\(spelling)")
    }
    #expect(KoreanNumber.date(year: 1446, month: 10, day: 9).text == "천사백사십육 년 시월 구 일")
  }

  @Test("prices")
  func prices() {
    #expect(KoreanNumber.price(won: 15000).text == "만 오천 원")
    #expect(KoreanNumber.price(won: 80).text == "팔십 원")
    #expect(KoreanNumber.price(won: 1_765_000).accepts("일백칠십육만오천원"))
    #expect(KoreanNumber.price(won: 315_678).accepts("삼십일만오천육백칠십팔원"))
    #expect(KoreanNumber.price(won: 1_765_000).text == "백칠십육만 오천 원")
  }

  @Test("digit by digit, with 공")
  func digits() throws {
    #expect(try KoreanNumber.digits("010-1234-5678").text == "공일공 일이삼사 오육칠팔")
    #expect(try KoreanNumber.digits("010 1234 5678").text == "공일공 일이삼사 오육칠팔")
    #expect(try KoreanNumber.digits("02-123-4567").text == "공이 일이삼 사오육칠")
    #expect(try KoreanNumber.digits("1004").text == "일공공사")
    let phone = try KoreanNumber.digits("010-1234-5678")
    #expect(!phone.accepts("영일영 일이삼사 오육칠팔"))
    #expect(!phone.accepts("공일공일이삼사오육칠팔"))
  }

  @Test("accepting ignores outer and repeated white space and Unicode normalization form")
  func normalization() {
    let price = KoreanNumber.price(won: 15000)
    #expect(price.accepts("  만   오천\t원 "))
    #expect(price.accepts("만\u{3000}오천 원"))
    // 만 오천 원 typed as conjoining jamo (NFD) is canonically equivalent.
    let decomposed =
      "\u{1106}\u{1161}\u{11AB} \u{110B}\u{1169}\u{110E}\u{1165}\u{11AB} "
      + "\u{110B}\u{116F}\u{11AB}"
    #expect(price.accepts(decomposed))
    #expect(!price.accepts(""))
    #expect(Reading.normalized("\t 세  개 \n") == "세 개")
  }

  @Test("wrong words are rejected even when spaced right")
  func wrongWords() throws {
    let age = Counter.age.reading(43)
    #expect(!age.accepts("만흔세 살"))
    #expect(!age.accepts("마흔셋 살"))
    #expect(!age.accepts("사십삼 살"))
    let number = try KoreanNumber.reading(of: "43", options: NumberOptions(isNative: true))
    #expect(number.text == "마흔셋" && !number.accepts("만흔셋"))
  }

  @Test("variants are distinct and start with the preferred text")
  func variantsShape() {
    let readings = [
      KoreanNumber.time(hour: 17, minute: 30, second: 5),
      KoreanNumber.date(year: 12345, month: 6, day: 10),
      KoreanNumber.price(won: 10000),
      Counter.oclock.reading(13),
    ]
    for reading in readings {
      #expect(reading.variants.first == reading.text)
      #expect(Set(reading.variants).count == reading.variants.count, "\(reading.variants)")
      for variant in reading.variants {
        #expect(Reading.normalized(variant) == variant, "\(variant)")
      }
    }
  }
}
