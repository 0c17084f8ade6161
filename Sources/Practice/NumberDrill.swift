import KoreanNumbers

/// A deterministic random number generator (SplitMix64), so drills built from a seed are the
/// same on every machine and in every test.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`, by multiply-shift (our own, so it never depends on how the
  /// standard library draws from a generator).
  public mutating func next(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) &+ 1
    guard span != 0 else { return Int(truncatingIfNeeded: next()) }
    return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
  }

  /// One element of a non-empty array.
  mutating func pick<T>(_ values: [T]) -> T {
    values[next(in: 0...(values.count - 1))]
  }
}

/// The kinds of number drill (issue 4 §3).
public enum NumberDrillKind: String, Sendable, Hashable, CaseIterable {
  /// Digits shown, the Sino-Korean reading typed: `27` → `이십칠`.
  case readDigits
  /// A reading shown, the digits typed by holding keys: `이십칠` → `27`.
  case typeDigits
  /// A price: `15,000원` → `만 오천 원` (also `만오천원`, `일만 오천 원`).
  case price
  /// A clock time: `3:45` → `세 시 사십오 분` (also `세시 사십오분`).
  case time
  /// A date: `6월 10일` → `유월 십 일` (also `유월 십일`).
  case date
  /// A count with a counter: `3개` → `세 개`, `20살` → `스무 살`.
  case counter
  /// A phone number read digit by digit: `010-1234-5678` → `공일공 일이삼사 오육칠팔`.
  case phone
  /// A number from 1 to 99 read the native way, as one counts: `31` → `서른하나`.
  case native

  /// The lesson id for this kind of drill.
  public var lessonID: String {
    switch self {
    case .readDigits: "numbers-read"
    case .typeDigits: "numbers-hold"
    case .price: "numbers-price"
    case .time: "numbers-time"
    case .date: "numbers-date"
    case .counter: "numbers-counter"
    case .phone: "numbers-phone"
    case .native: "numbers-native"
    }
  }

  /// The Korean lesson title.
  public var title: String {
    switch self {
    case .readDigits: "숫자 1: 숫자를 한글로"
    case .typeDigits: "숫자 2: 길게 눌러 숫자 치기"
    case .price: "숫자 3: 가격"
    case .time: "숫자 4: 시간"
    case .date: "숫자 5: 날짜"
    case .counter: "숫자 6: 세는 말 (개, 살, 명)"
    case .phone: "숫자 7: 전화번호 읽기"
    case .native: "숫자 8: 고유어로 세기 (하나, 서른하나)"
    }
  }

  /// The hint shown under each prompt.
  public var hint: String {
    switch self {
    case .readDigits, .phone: "읽는 대로 한글로 쳐 보세요"
    case .typeDigits: "숫자 키를 길게 눌러 숫자로 쳐 보세요"
    case .price: "가격을 읽는 대로 쳐 보세요"
    case .time: "시간을 읽는 대로 쳐 보세요"
    case .date: "날짜를 읽는 대로 쳐 보세요"
    case .counter: "세는 말과 함께 쳐 보세요"
    case .native: "하나, 둘, 셋처럼 세는 대로 쳐 보세요 (31 → 서른하나)"
    }
  }
}

extension NumberDrillKind {
  /// The ranges offered in the practice menu (← →) for the drills of plain numbers.
  ///
  /// Empty for the others. Small ranges first: older learners start with 1–10.
  public var rangePresets: [ClosedRange<Int>] {
    switch self {
    case .readDigits: [1...10, 1...99, 100...999, 1_000...9_999, 10_000...999_999]
    case .typeDigits: [1...10, 1...99, 100...9_999]
    case .native: [1...10, 1...20, 1...99, 20...99]
    case .price, .time, .date, .counter, .phone: []
    }
  }

  /// The drill a lesson id belongs to, if it is one.
  public init?(lessonID: String) {
    guard let kind = Self.allCases.first(where: { $0.lessonID == lessonID }) else { return nil }
    self = kind
  }

  /// The part of `range` this drill draws its numbers from, or `nil` when it takes no range
  /// or none of `range` suits it.
  func numbers(within range: ClosedRange<Int>) -> ClosedRange<Int>? {
    let readable: ClosedRange<Int>
    switch self {
    case .readDigits: readable = 0...999_999_999
    case .typeDigits: readable = 0...9_999
    case .native: readable = 1...99
    case .price, .time, .date, .counter, .phone: return nil
    }
    guard range.overlaps(readable) else { return nil }
    return range.clamped(to: readable)
  }
}

/// Builds number drill items from a seed, with KoreanNumbers giving every accepted spelling.
public enum NumberDrill {
  /// `count` distinct items of one kind, the same for the same seed.
  ///
  /// Item ids are `lessonID:prompt` (`numbers-price:15,000원`), so an item seen on another
  /// day with another seed keeps its spaced-repetition history.
  ///
  /// - Parameter range: The numbers to draw for the drills of plain numbers (``readDigits``,
  ///   ``typeDigits`` up to 9,999, ``native`` within 1…99; `--from`/`--to`); `nil` for the
  ///   usual mix. A range outside what a drill can read leaves that drill its usual mix.
  public static func items(
    _ kind: NumberDrillKind, count: Int, seed: UInt64, range: ClosedRange<Int>? = nil
  ) -> [PracticeItem] {
    // Each kind draws its own stream from the same seed.
    let salt = UInt64(NumberDrillKind.allCases.firstIndex(of: kind) ?? 0) + 1
    var generator = SeededGenerator(seed: seed ^ (salt &* 0x9E37_79B9_7F4A_7C15))
    var items: [PracticeItem] = []
    var seen: Set<String> = []
    var attempts = 0
    while items.count < count && attempts < count * 50 {
      attempts += 1
      guard let item = item(kind, using: &generator, range: range), seen.insert(item.id).inserted
      else {
        continue
      }
      items.append(item)
    }
    return items
  }

  /// The lesson for one kind of drill.
  public static func lesson(
    _ kind: NumberDrillKind, count: Int = 10, seed: UInt64, range: ClosedRange<Int>? = nil
  ) -> Lesson {
    let drawn = range.flatMap { kind.numbers(within: $0) }
    let title = drawn.map { "\(kind.title) \(grouped($0.lowerBound))–\(grouped($0.upperBound))" }
    return Lesson(
      id: kind.lessonID, stage: .numbers, title: title ?? kind.title, summary: kind.hint,
      items: items(kind, count: count, seed: seed, range: range))
  }

  /// One item of a kind; `nil` only if KoreanNumbers rejects a prompt (it should not).
  static func item(
    _ kind: NumberDrillKind, using generator: inout SeededGenerator,
    range: ClosedRange<Int>? = nil
  ) -> PracticeItem? {
    let id = kind.lessonID
    let drawn = range.flatMap { kind.numbers(within: $0) }.map { generator.next(in: $0) }
    switch kind {
    case .readDigits:
      let value = drawn ?? drillNumber(using: &generator)
      let prompt = grouped(value)
      // A prompt built here is valid input; if KoreanNumbers ever refused one, the caller's
      // loop would draw another number, which is all that can be done with the error.
      guard let reading = try? KoreanNumber.reading(of: prompt) else { return nil }
      return PracticeItem(
        id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
    case .typeDigits:
      // Holding a key per digit is slow: at most four digits.
      let value =
        drawn
        ?? (generator.next(in: 0...1) == 0
          ? generator.next(in: 1...99) : generator.next(in: 100...9999))
      let prompt = KoreanNumber.sino(UInt64(value))
      return PracticeItem(
        id: "\(id):\(value)", prompt: prompt, answer: .heldDigits(String(value)), hint: kind.hint)
    case .price:
      let unit = generator.pick([100, 500, 1000, 1000, 5000, 10_000])
      let won = unit * generator.next(in: 1...30)
      return reading(of: grouped(won) + "원", kind: kind)
    case .time:
      let hour = generator.next(in: 1...12)
      let minute = generator.pick([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 7, 23])
      let prompt = "\(hour):\(twoDigits(minute))"
      let reading = KoreanNumber.time(hour: UInt64(hour), minute: UInt64(minute))
      return PracticeItem(
        id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
    case .date:
      let month = generator.next(in: 1...12)
      let day = generator.next(in: 1...28)
      if generator.next(in: 0...3) == 0 {
        let year = generator.next(in: 2020...2030)
        let prompt = "\(year)년 \(month)월 \(day)일"
        let reading = KoreanNumber.date(year: UInt64(year), month: UInt64(month), day: UInt64(day))
        return PracticeItem(
          id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
      }
      return reading(of: "\(month)월 \(day)일", kind: kind)
    case .counter:
      let counter = generator.pick(["개", "살", "명", "시", "마리", "번", "잔", "권"])
      let value =
        counter == "살"
        ? generator.next(in: 1...99)
        : counter == "시" ? generator.next(in: 1...12) : generator.next(in: 1...30)
      return reading(of: "\(value)\(counter)", kind: kind)
    case .phone:
      let middle = generator.next(in: 1000...9999)
      let last = generator.next(in: 0...9999)
      let digits = "\(last)"
      let padded = String(repeating: "0", count: 4 - digits.count) + digits
      let prompt = "010-\(middle)-\(padded)"
      // Digits and hyphens only, always valid; see .readDigits for why a nil is enough.
      guard let reading = try? KoreanNumber.digits(prompt) else { return nil }
      return PracticeItem(
        id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
    case .native:
      return native(drawn ?? generator.next(in: 1...99), kind: kind)
    }
  }

  /// `31` → `서른하나` (and the accepted spellings), for ``NumberDrillKind/native``.
  private static func native(_ value: Int, kind: NumberDrillKind) -> PracticeItem? {
    let prompt = String(value)
    guard
      let reading = try? KoreanNumber.reading(of: prompt, options: NumberOptions(isNative: true))
    else { return nil }
    return PracticeItem(
      id: "\(kind.lessonID):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
  }

  private static func reading(of prompt: String, kind: NumberDrillKind) -> PracticeItem? {
    // A prompt built here is always valid input; a nil item is skipped by the caller's loop,
    // which then draws another, so nothing is lost by dropping the error.
    guard let reading = try? KoreanNumber.reading(of: prompt) else { return nil }
    return PracticeItem(
      id: "\(kind.lessonID):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
  }

  /// Half of them below 100, some up to 9,999, a fifth up to the hundred thousands.
  private static func drillNumber(using generator: inout SeededGenerator) -> Int {
    switch generator.next(in: 0...9) {
    case 0...4: generator.next(in: 1...99)
    case 5...7: generator.next(in: 100...9999)
    default: generator.next(in: 10_000...999_999)
    }
  }
}

/// `15000` → `15,000`.
public func grouped(_ value: Int) -> String {
  let digits = Array(String(value))
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
    result.append(digit)
  }
  return result
}
