import Testing

@testable import KoreanNumbers

/// A unit word after digits is part of the number, not a counter.
@Suite("Digits with unit words")
struct UnitWordTests {
  @Test(
    "read as one number",
    arguments: [
      ("1억", "일억"), ("2억", "이억"), ("1만", "만"), ("3천", "삼천"), ("1억 5천만", "일억 오천만"),
      ("2만 5천", "이만 오천"), ("1조 2억", "일조 이억"),
    ])
  func reads(input: String, expected: String) throws {
    #expect(try KoreanNumber.reading(of: input).text == expected)
  }

  @Test(
    "with a counter after it, spaced or not",
    arguments: [
      ("1만 원", "만 원"), ("1만원", "만 원"), ("3천 원", "삼천 원"), ("1억 5천만 원", "일억 오천만 원"),
      ("2만 명", "이만 명"), ("5천 킬로그램", "오천 킬로그램"),
    ])
  func withCounter(input: String, expected: String) throws {
    #expect(try KoreanNumber.reading(of: input).text == expected)
  }

  @Test("분 and 번 for people and numbers are asked for in Korean, not by code names")
  func koreanCounterNames() throws {
    #expect(Counter(word: "분(사람)") == .honoredPeople)
    #expect(Counter(word: "번(번호)") == .number)
    var options = NumberOptions()
    options.counter = "분(사람)"
    #expect(try KoreanNumber.reading(of: "3", options: options).text == "세 분")
  }

  @Test("not a unit number: another word, units out of order, or too large")
  func rejected() {
    #expect(KoreanNumber.unitNumber("3개") == nil)
    #expect(KoreanNumber.unitNumber("15,000") == nil)
    #expect(KoreanNumber.unitNumber("1만 2억") == nil)
    #expect(KoreanNumber.unitNumber("99999경") == nil)
  }
}
