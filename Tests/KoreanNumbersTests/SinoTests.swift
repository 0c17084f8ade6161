import KoreanNumbers
import Testing

/// A number, a style and its expected reading.
struct SinoCase: Sendable, CustomTestStringConvertible {
  let name: String
  let value: UInt64
  let style: SinoStyle
  let expected: String

  init(_ name: String, _ value: UInt64, _ style: SinoStyle, _ expected: String) {
    self.name = name
    self.value = value
    self.style = style
    self.expected = expected
  }

  init(_ name: String, _ value: UInt64, _ expected: String) {
    self.init(name, value, .standard, expected)
  }

  var testDescription: String { "\(name): \(value) → \(expected)" }
}

@Suite("Sino-Korean readings")
struct SinoTests {
  static let cases: [SinoCase] = [
    SinoCase(
      "UInt64.max", UInt64.max,
      "천팔백사십사경 육천칠백사십사조 칠백삼십칠억 구백오십오만 천육백십오"),
    SinoCase(
      "UInt64.max, financial", UInt64.max, .financial,
      "일천팔백사십사경육천칠백사십사조칠백삼십칠억구백오십오만일천육백일십오"),
    SinoCase("10^16", 10_000_000_000_000_000, "일경"),
    SinoCase("10^16 + 10^4", 10_000_000_000_010_000, "일경 만"),
    SinoCase("10^16 + 10^4, 일만", 10_000_000_000_010_000, .ilMan, "일경 일만"),
    SinoCase("일억 만", 100_010_000, "일억 만"),
    SinoCase("일억 일만 (option)", 100_010_000, .ilMan, "일억 일만"),
    SinoCase("일억 만, unspaced", 100_010_000, .unspaced, "일억만"),
    SinoCase("일억 만, financial", 100_010_000, .financial, "일억일만"),
    SinoCase("zero groups skipped", 1_000_000_000_001, "일조 일"),
    SinoCase("조 and 만 only", 1_000_000_010_000, "일조 만"),
    SinoCase("일만 is only for a lone 1", 11000, .ilMan, "일만 천"),
    SinoCase("21000 is 이만 천", 21000, "이만 천"),
    SinoCase("10 financial keeps 일", 10, .financial, "일십"),
    SinoCase("100000 financial", 100_000, .financial, "일십만"),
    SinoCase("0 in every style", 0, .financial, "영"),
    SinoCase("1 financial", 1, .financial, "일"),
    SinoCase("1111 financial", 1111, .financial, "일천일백일십일"),
    SinoCase("일금 삼십일만오천육백칠십팔원정 (제44항 해설)", 315_678, .financial, "삼십일만오천육백칠십팔"),
    SinoCase("unspaced", 1_234_567_898, .unspaced, "십이억삼천사백오십육만칠천팔백구십팔"),
    SinoCase("16 is 십육, not a pronunciation", 16, "십육"),
    SinoCase("60000 is 육만", 60000, "육만"),
  ]

  @Test("reading", arguments: cases)
  func reading(_ test: SinoCase) {
    #expect(KoreanNumber.sino(test.value, style: test.style) == test.expected)
  }

  @Test("styles are named combinations of 일 and spacing")
  func styles() {
    #expect(SinoStyle.standard == SinoStyle(ilRule: .dropped, isSpaced: true))
    #expect(SinoStyle.ilMan == SinoStyle(ilRule: .keptBeforeMan, isSpaced: true))
    #expect(SinoStyle.unspaced == SinoStyle(ilRule: .dropped, isSpaced: false))
    #expect(SinoStyle.financial == SinoStyle(ilRule: .kept, isSpaced: false))
    #expect(KoreanNumber.sino(12345, style: SinoStyle(ilRule: .kept)) == "일만 이천삼백사십오")
  }

  @Test("numbers with a sign or a point")
  func writtenNumbers() throws {
    #expect(try WrittenNumber(parsing: "-5").reading().text == "마이너스 오")
    #expect(try WrittenNumber(parsing: "3.14").reading().text == "삼 점 일사")
    #expect(try WrittenNumber(parsing: "-3.14").reading().text == "마이너스 삼 점 일사")
    #expect(try WrittenNumber(parsing: "0.5").reading().text == "영 점 오")
    #expect(try WrittenNumber(parsing: "1.05").reading().text == "일 점 영오")
    #expect(try WrittenNumber(parsing: "1.05").reading().accepts("일 점 공오"))
    #expect(try WrittenNumber(parsing: "3.10").reading().text == "삼 점 일영")
    #expect(try WrittenNumber(parsing: "12345.6").reading().text == "만 이천삼백사십오 점 육")
    #expect(try WrittenNumber(parsing: "-0").reading().text == "영")
    #expect(try WrittenNumber(parsing: "-0.0").isNegative == false)
    #expect(try WrittenNumber(parsing: "−7").reading().text == "마이너스 칠")
    #expect(try WrittenNumber(parsing: "+7").reading().text == "칠")
    #expect(try WrittenNumber(parsing: "1,234,567").whole == 1_234_567)
    #expect(try WrittenNumber(parsing: "18,446,744,073,709,551,615").whole == UInt64.max)
    #expect(WrittenNumber(15000).reading(style: .financial).text == "일만오천")
  }
}
