import HangulEngine
import KoreanNumbers
import Practice
import Testing

/// A reading from KoreanNumbers; a failure is recorded and an empty-ish reading returned.
func reading(of text: String) -> Reading {
  do {
    return try KoreanNumber.reading(of: text)
  } catch {
    Issue.record("KoreanNumbers rejects \(text): \(error)")
    return KoreanNumber.price(won: 0)
  }
}

@Suite("Number drills")
struct NumberDrillTests {
  struct AcceptCase: Sendable, CustomTestStringConvertible {
    let id: String
    let answer: Answer
    let accepted: [String]
    let rejected: [String]
    var testDescription: String { id }
  }

  static let acceptCases: [AcceptCase] = [
    AcceptCase(
      id: "15,000원 → 만 오천 원", answer: .reading(KoreanNumber.price(won: 15_000)),
      accepted: ["만 오천 원", "만오천원", "일만 오천 원", " 만 오천 원 "],
      rejected: ["만오 천 원", "만 오천", "오천 원"]),
    AcceptCase(
      id: "3:45 → 세 시 사십오 분", answer: .reading(KoreanNumber.time(hour: 3, minute: 45)),
      accepted: ["세 시 사십오 분", "세시 사십오분", "세 시 사십오분"],
      rejected: ["삼 시 사십오 분", "세 시 사십 오 분"]),
    AcceptCase(
      id: "6월 10일 → 유월 십 일", answer: .reading(reading(of: "6월 10일")),
      accepted: ["유월 십 일", "유월 십일"], rejected: ["육월 십 일"]),
    AcceptCase(
      id: "20살 → 스무 살", answer: .reading(reading(of: "20살")),
      accepted: ["스무 살"], rejected: ["스물 살", "이십 살"]),
    AcceptCase(
      id: "digits by hold: exactly the digits", answer: .heldDigits("2025"), accepted: ["2025"],
      rejected: ["이천이십오", "2025 ", "202"]),
  ]

  @Test(arguments: acceptCases)
  func accepts(_ testCase: AcceptCase) {
    for typed in testCase.accepted { #expect(testCase.answer.accepts(typed), "\(typed)") }
    for typed in testCase.rejected { #expect(!testCase.answer.accepts(typed), "\(typed)") }
  }

  @Test(
    "the same seed gives the same items; another seed other items",
    arguments: NumberDrillKind.allCases)
  func deterministic(_ kind: NumberDrillKind) {
    let first = NumberDrill.items(kind, count: 8, seed: 7)
    #expect(first == NumberDrill.items(kind, count: 8, seed: 7))
    #expect(first.count == 8)
    #expect(Set(first.map(\.id)).count == 8)
    #expect(first != NumberDrill.items(kind, count: 8, seed: 8))
    for item in first { #expect(item.id.hasPrefix(kind.lessonID + ":")) }
  }

  static let golden: [(NumberDrillKind, [String])] = [
    (
      .readDigits,
      ["227,287 (한자어)=이십이만 칠천이백팔십칠", "70 (한자어)=칠십", "943,188 (한자어)=구십사만 삼천백팔십팔"]
    ),
    (.typeDigits, ["사천사백구십구=4499", "칠십육=76", "오천이백칠십팔=5278"]),
    (.price, ["22,000원=이만 이천 원", "145,000원=십사만 오천 원", "12,000원=만 이천 원"]),
    (.time, ["6:50=여섯 시 오십 분", "7:15=일곱 시 십오 분", "5:40=다섯 시 사십 분"]),
    (
      .date,
      ["10월 27일=시월 이십칠 일", "2028년 10월 1일=이천이십팔 년 시월 일 일", "2027년 1월 25일=이천이십칠 년 일월 이십오 일"]
    ),
    (.counter, ["16kg=십육 킬로그램", "24번=스물네 번", "19권=열아홉 권"]),
    (
      .phone,
      [
        "010-3262-7695=공일공 삼이육이 칠육구오", "010-1109-0144=공일공 일일공구 공일사사",
        "010-8258-0069=공일공 팔이오팔 공공육구",
      ]
    ),
  ]

  @Test("seed 1 gives these items, so a change in generation is noticed")
  func goldenItems() {
    for (kind, expected) in Self.golden {
      let items = NumberDrill.items(kind, count: 3, seed: 1).map { "\($0.prompt)=\($0.target)" }
      #expect(items == expected, "\(kind)")
    }
  }

  @Test("reading → digits: the target is digits typed by holding keys")
  func heldDigitsAreHolds() throws {
    let items = NumberDrill.items(.typeDigits, count: 5, seed: 3)
    let speller = Speller(layouts: galaxyLayouts)
    for item in items {
      guard case .heldDigits(let digits) = item.answer else {
        Issue.record("\(item.id) is not a held-digits item")
        continue
      }
      #expect(item.prompt == KoreanNumber.sino(UInt64(digits) ?? 0))
      let presses = try speller.spell(digits)
      #expect(presses.count == digits.count)
      let allHeld = presses.allSatisfy(\.isHold)
      #expect(allHeld)
    }
  }

  @Test("a typed time in another allowed spacing completes the item")
  func sessionAcceptsVariant() throws {
    var learner = Learner()
    try learner.start(
      PracticeItem(
        id: "t", prompt: "3:45", answer: .reading(KoreanNumber.time(hour: 3, minute: 45))))
    // 세시 사십오분: 세 ㅅㆍㅣㅣ, 시 ㅅㅣ, two presses of the shared key for a space, 사 ㅅㅣㆍ,
    // 십 ㅅㅣㅂ, 오 ㅇㆍㅡ, 분 ㅂㅡㆍㄴ (the ㅂ moves on from 옵).
    try learner.type("ㅅㆍㅣㅣㅅㅣ__ㅅㅣㆍㅅㅣㅂㅇㆍㅡㅂㅡㆍㄴ")
    let result = try #require(learner.session.results.last)
    #expect(result.typed == "세시 사십오분")
    #expect(result.isCompleted)
    #expect(result.target == "세시 사십오분")
    #expect(result.accuracy == 1)
  }

  @Test(
    "every number lesson is typeable on the Galaxy layouts", arguments: [1, 2, 20_249] as [UInt64])
  func typeable(_ seed: UInt64) {
    let lessons = NumberDrillKind.allCases.map { NumberDrill.lesson($0, count: 10, seed: seed) }
    #expect(LessonCatalog.validate(lessons, layouts: galaxyLayouts) == [])
  }
}

/// Numbers practice as the K-Numbers seed does it: native 1–99, and a range.
@Suite("Number drills: native numbers and a chosen range")
struct NumberRangeTests {
  @Test("the native drill reads 1–99 as one counts: 31 → 서른하나, 43 → 마흔셋")
  func native() throws {
    let items = NumberDrill.items(.native, count: 30, seed: 3)
    #expect(items.count == 30)
    for item in items {
      // The prompt says the native reading is asked.
      #expect(item.prompt.hasSuffix(" (고유어)"), "\(item.prompt)")
      let value = try #require(Int(item.prompt.filter(\.isNumber)))
      #expect((1...99).contains(value))
      guard case .reading(let reading) = item.answer else {
        Issue.record("\(item.prompt) is not a reading")
        continue
      }
      #expect(reading.text == NativeNumber(UInt64(value))?.counting, "\(item.prompt)")
      #expect(!reading.accepts(KoreanNumber.sino(UInt64(value))), "\(item.prompt)")
    }
    let answer = NumberDrill.items(.native, count: 1, seed: 3, range: 31...31).first?.answer
    #expect(answer?.accepts("서른하나") == true)
  }

  @Test("--from/--to: the drills of plain numbers draw from the range; titles show it")
  func range() throws {
    for item in NumberDrill.items(.readDigits, count: 10, seed: 9, range: 120...130) {
      let value = try #require(Int(item.prompt.filter(\.isNumber)))
      #expect((120...130).contains(value), "\(item.prompt)")
    }
    // The native drill keeps to 1…99 within the range.
    for item in NumberDrill.items(.native, count: 10, seed: 9, range: 90...200) {
      #expect((90...99).contains(Int(item.prompt.filter(\.isNumber)) ?? 0), "\(item.prompt)")
    }
    #expect(NumberDrill.lesson(.readDigits, seed: 9, range: 120...130).title.hasSuffix("120–130"))
    #expect(NumberDrill.lesson(.native, seed: 9, range: 1...10).title.hasSuffix("1–10"))
    // A native range outside 1…99 gives the usual native drill.
    #expect(
      NumberDrill.lesson(.native, seed: 9, range: 500...600).title == NumberDrillKind.native.title)
  }

  /// The numbers in a prompt: `오후 3:07` → [3, 7], `010-0045-0012` → [10, 45, 12].
  private func numbers(in prompt: String) -> [Int] {
    prompt.replacingOccurrences(of: ",", with: "")
      .split(whereSeparator: { !$0.isASCII || !$0.isNumber }).compactMap { Int($0) }
  }

  @Test(
    "--from/--to apply to every drill: prices, times, dates, counters, phone numbers")
  func rangeInEveryDrill() throws {
    let range = 2...12
    for kind in NumberDrillKind.allCases {
      let lesson = NumberDrill.lesson(kind, count: 8, seed: 4, range: range)
      #expect(lesson.title.hasSuffix("2–12"), "\(lesson.title)")
      #expect(lesson.items.count == 8, "\(kind)")
      for item in lesson.items {
        var found = numbers(in: item.prompt)
        if kind == .phone { found.removeFirst() }  // 010
        if kind == .typeDigits { found = [Int(item.target) ?? -1] }
        #expect(!found.isEmpty && found.allSatisfy(range.contains), "\(kind): \(item.prompt)")
      }
    }
    // Years of a date, when the range holds them.
    for item in NumberDrill.items(.date, count: 5, seed: 4, range: 1_990...1_999) {
      #expect(item.prompt.hasPrefix("199"), "\(item.prompt)")
    }
    // A counter is only used with the counts it goes with: no one is 5,000 years old.
    for item in NumberDrill.items(.counter, count: 20, seed: 4, range: 5_000...6_000) {
      #expect(!item.prompt.hasSuffix("살") && !item.prompt.hasSuffix("학년"), "\(item.prompt)")
    }
  }

  @Test("ranges reach 조 and every drill has ranges to choose in the menu")
  func rangesUpToJo() throws {
    let jo = 1_000_000_000_000
    for item in NumberDrill.items(.readDigits, count: 5, seed: 2, range: jo...(9_999 * jo)) {
      #expect(item.target.contains("조"), "\(item.prompt) = \(item.target)")
    }
    #expect(NumberDrill.readableRange.upperBound == 9_999_999_999_999_999)
    for kind in NumberDrillKind.allCases {
      #expect(!kind.rangePresets.isEmpty, "\(kind)")
      for preset in kind.rangePresets {
        #expect(NumberDrill.readableRange.contains(preset.upperBound))
        #expect(!NumberDrill.lesson(kind, count: 3, seed: 1, range: preset).items.isEmpty)
      }
    }
    #expect(rangeText(10_000...999_999) == "1만–99만 9999")
    #expect(rangeText(jo...(9_999 * jo)) == "1조–9999조")
  }

  @Test("counters and units people use, and 오전/오후, come up in the drills")
  func newCountersInDrills() {
    let prompts = NumberDrill.items(.counter, count: 200, seed: 5).map(\.prompt)
    for unit in ["개월", "주", "번째", "학년", "등", "점", "%", "kg"] {
      #expect(prompts.contains { $0.hasSuffix(unit) }, "\(unit)")
    }
    let times = NumberDrill.items(.time, count: 60, seed: 5)
    #expect(times.contains { $0.prompt.hasPrefix("오후 ") && $0.target.hasPrefix("오후 ") })
    #expect(times.contains { $0.prompt.hasPrefix("오전 ") && $0.target.hasPrefix("오전 ") })
  }
}

/// A drill says what it asks, and what was wrong when the other reading was typed.
@Suite("Number drills: what is asked")
struct NumberAskedTests {
  @Test("typing 이십 for a native 20 says the native reading was asked; 스물 for a Sino 20 too")
  func otherSystem() throws {
    let native = try #require(NumberDrill.items(.native, count: 1, seed: 1, range: 20...20).first)
    #expect(native.prompt == "20 (고유어)")
    #expect(NumberDrill.note(for: native, typed: "이십") == .nativeAsked("스물"))
    #expect(NumberDrill.note(for: native, typed: "스물") == nil)
    let sino = try #require(NumberDrill.items(.readDigits, count: 1, seed: 1, range: 20...20).first)
    #expect(sino.prompt == "20 (한자어)")
    #expect(NumberDrill.note(for: sino, typed: "스물") == .sinoAsked("이십"))
  }

  @Test("팔만구백삼십일 for 80,931 is right, with a note on the standard spacing")
  func spacing() throws {
    let item = try #require(
      NumberDrill.items(.readDigits, count: 1, seed: 1, range: 80_931...80_931).first)
    #expect(item.answer.accepts("팔만구백삼십일"))
    #expect(NumberDrill.note(for: item, typed: "팔만구백삼십일") == .standardSpacing("팔만 구백삼십일"))
    #expect(NumberDrill.note(for: item, typed: "팔만 구백삼십일") == nil)
  }

  @Test("the counting drill drills ordinals (열두째) and day counts (사흘), and says which reading")
  func ordinalsAndDays() {
    var seen: [String: String] = [:]
    for seed in UInt64(0)..<200 {
      for item in NumberDrill.items(.counter, count: 10, seed: seed) {
        seen[item.prompt] = item.target
        #expect(!item.hint.isEmpty)
      }
    }
    #expect(seen["12째"] == "열두째" || seen["2째"] == "둘째", "\(seen.filter { $0.key.hasSuffix("째") })")
    #expect(seen["3일 동안 (날수)"] == "사흘")
  }

  @Test("the time drill's 오전/오후 prompts are read by cheonjiin number as shown")
  func timePrompts() throws {
    for item in NumberDrill.items(.time, count: 30, seed: 5) where item.prompt.hasPrefix("오") {
      #expect(try KoreanNumber.reading(of: item.prompt).text == item.target, "\(item.prompt)")
    }
  }
}
