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

/// The kinds of number drill.
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
    case .counter: "숫자 6: 세는 말 (개, 살, 번째, 째, 날수, %)"
    case .phone: "숫자 7: 전화번호 읽기"
    case .native: "숫자 8: 고유어로 세기 (하나, 서른하나)"
    }
  }

  /// The hint shown under each prompt.
  public var hint: String {
    switch self {
    case .readDigits: "한자어로 읽어요: 일, 이, 삼 … (27 → 이십칠)"
    case .phone: "읽는 대로 한글로 쳐 보세요"
    case .typeDigits: "숫자 키를 길게 눌러 숫자로 쳐 보세요"
    case .price: "가격을 읽는 대로 쳐 보세요"
    case .time: "시간을 읽는 대로 쳐 보세요"
    case .date: "날짜를 읽는 대로 쳐 보세요"
    case .counter: "세는 말과 함께 쳐 보세요"
    case .native: "고유어로 세요: 하나, 둘, 셋 … (31 → 서른하나)"
    }
  }
}

extension NumberDrillKind {
  /// The ranges offered in the practice menu (← →) for each drill; what a range means for
  /// each is said at ``numbers(within:)``.
  ///
  /// Small ranges first: older learners start with 1–10.
  public var rangePresets: [ClosedRange<Int>] {
    switch self {
    case .readDigits:
      [
        1...10, 1...99, 100...999, 1_000...9_999, 10_000...999_999, 1_000_000...99_999_999,
        100_000_000...999_999_999_999, 1_000_000_000_000...9_999_000_000_000_000,
      ]
    case .typeDigits: [1...10, 1...99, 100...9_999, 10_000...999_999]
    case .native: [1...10, 1...20, 1...99, 20...99]
    case .price:
      [1...1_000, 1_000...100_000, 100_000...100_000_000, 100_000_000...1_000_000_000_000]
    case .time: [1...12, 0...59]
    case .date: [1...12, 1...31, 1_950...2_050]
    case .counter: [1...10, 1...99, 100...999]
    case .phone: [0...99, 0...9_999]
    }
  }

  /// The drill a lesson id belongs to, if it is one.
  public init?(lessonID: String) {
    guard let kind = Self.allCases.first(where: { $0.lessonID == lessonID }) else { return nil }
    self = kind
  }

  /// The part of `range` this drill draws its numbers from, or `nil` when none of `range`
  /// suits it (the drill then keeps its usual mix).
  ///
  /// The number read (``readDigits``), typed (``typeDigits``) or counted (``native``, 1–99;
  /// ``counter``); the amount of a ``price`` in won; the hour and the minute of a ``time``
  /// (each from the range where it can be, 0–59); the month, the day or the year of a
  /// ``date``; the four-digit groups of a ``phone`` number (0–9,999).
  func numbers(within range: ClosedRange<Int>) -> ClosedRange<Int>? {
    let readable: ClosedRange<Int>
    switch self {
    case .readDigits, .typeDigits, .price, .counter: readable = NumberDrill.readableRange
    case .native: readable = 1...99
    case .time: readable = 0...59
    case .date: readable = 1...9_999
    case .phone: readable = 0...9_999
    }
    guard range.overlaps(readable) else { return nil }
    return range.clamped(to: readable)
  }
}

/// What a number drill tells the learner beside right or wrong.
public enum NumberNote: Sendable, Hashable {
  /// Right, but the standard spelling spaces the 만 units (한글 맞춤법 제44항): this one.
  case standardSpacing(String)
  /// Wrong: the native reading (고유어) was asked, this one.
  case nativeAsked(String)
  /// Wrong: the Sino-Korean reading (한자어) was asked, this one.
  case sinoAsked(String)
}

/// Builds number drill items from a seed, with KoreanNumbers giving every accepted spelling.
public enum NumberDrill {
  /// The numbers `--from`/`--to` may name: 0 to just under 1경 (9999조 …).
  public static let readableRange = 0...9_999_999_999_999_999

  /// The counters of the counting drill, each with the counts it is used with (no one is
  /// 3,000 years old), and the sign written after digits where there is one.
  static let counters: [(word: String, counts: ClosedRange<Int>)] = [
    ("개", 1...readableRange.upperBound), ("살", 1...110), ("명", 1...readableRange.upperBound),
    ("시", 1...12), ("마리", 1...100_000), ("번", 1...1_000), ("잔", 1...30), ("권", 1...10_000),
    ("개월", 1...120), ("주", 1...52), ("번째", 1...1_000), ("학년", 1...6), ("등", 1...100),
    ("점", 0...100), ("%", 0...100), ("kg", 1...1_000), ("째", 1...20), ("날", 1...10),
  ]

  /// `count` distinct items of one kind, the same for the same seed.
  ///
  /// Item ids are `lessonID:prompt` (`numbers-price:15,000원`), so an item seen on another
  /// day with another seed keeps its spaced-repetition history.
  ///
  /// - Parameter range: The numbers to draw (`--from`/`--to`): read, typed or counted, or as
  ///   ``NumberDrillKind/numbers(within:)`` says for each drill; `nil` for the usual mix. A
  ///   range outside what a drill can read leaves that drill its usual mix.
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
    let title = drawn.map { "\(kind.title) \(rangeText($0))" }
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
    let allowed = range.flatMap { kind.numbers(within: $0) }
    let drawn = allowed.map { generator.next(in: $0) }
    /// A number of `usual` drawn from the range where they overlap, else from `usual`.
    func pick(_ usual: ClosedRange<Int>) -> Int {
      if let allowed, allowed.overlaps(usual) {
        return generator.next(in: allowed.clamped(to: usual))
      }
      return generator.next(in: usual)
    }
    switch kind {
    case .readDigits:
      let value = drawn ?? drillNumber(using: &generator)
      let prompt = grouped(value)
      // A prompt built here is valid input; if KoreanNumbers ever refused one, the caller's
      // loop would draw another number, which is all that can be done with the error.
      guard let reading = try? KoreanNumber.reading(of: prompt) else { return nil }
      return PracticeItem(
        id: "\(id):\(prompt)", prompt: prompt + " " + NumberDrill.sinoLabel,
        answer: .reading(reading), hint: kind.hint)
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
      var won: Int
      if let drawn, let allowed {
        // Round prices in a wide range, as price tags have them.
        let unit = allowed.count > 10_000 ? 1_000 : allowed.count > 1_000 ? 100 : 1
        won = drawn / unit * unit
        if !allowed.contains(won) { won = drawn }
      } else {
        won = generator.pick([100, 500, 1000, 1000, 5000, 10_000]) * generator.next(in: 1...30)
      }
      return reading(of: grouped(won) + "원", kind: kind)
    case .time:
      let hour = allowed.map { _ in pick(1...12) } ?? generator.next(in: 1...12)
      let minute =
        allowed.map { _ in pick(0...59) }
        ?? generator.pick([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 7, 23])
      let clock = "\(hour):\(twoDigits(minute))"
      // One time in three says 오전 or 오후, as appointments do.
      let period = generator.next(in: 0...5)
      guard period < 2 else {
        let reading = KoreanNumber.time(hour: UInt64(hour), minute: UInt64(minute))
        return PracticeItem(
          id: "\(id):\(clock)", prompt: clock, answer: .reading(reading), hint: kind.hint)
      }
      let prompt = (period == 1 ? "오후 " : "오전 ") + clock
      let reading = KoreanNumber.time(
        hour: UInt64(hour), minute: UInt64(minute), isAfternoon: period == 1)
      return PracticeItem(
        id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
    case .date:
      let month = allowed.map { _ in pick(1...12) } ?? generator.next(in: 1...12)
      let day = allowed.map { _ in pick(1...28) } ?? generator.next(in: 1...28)
      let rangeYears = allowed.flatMap {
        $0.overlaps(1_000...2_999) ? $0.clamped(to: 1_000...2_999) : nil
      }
      if let rangeYears {
        let year = generator.next(in: rangeYears)
        let prompt = "\(year)년 \(month)월 \(day)일"
        let reading = KoreanNumber.date(year: UInt64(year), month: UInt64(month), day: UInt64(day))
        return PracticeItem(
          id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
      }
      if allowed == nil, generator.next(in: 0...3) == 0 {
        let year = generator.next(in: 2020...2030)
        let prompt = "\(year)년 \(month)월 \(day)일"
        let reading = KoreanNumber.date(year: UInt64(year), month: UInt64(month), day: UInt64(day))
        return PracticeItem(
          id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: kind.hint)
      }
      return reading(of: "\(month)월 \(day)일", kind: kind)
    case .counter:
      // The counters whose counts meet the range; the usual mix keeps to small counts.
      let usable = counters.filter { allowed?.overlaps($0.counts) ?? true }
      let (word, counts) = usable.isEmpty ? counters[0] : generator.pick(usable)
      let value =
        allowed.map { generator.next(in: $0.clamped(to: counts)) }
        ?? generator.next(in: counts.clamped(to: counts.lowerBound...min(counts.upperBound, 30)))
      if word == "날" {
        // A count of days is written with 일 and said the native way: 3일 동안 → 사흘.
        guard let days = KoreanNumber.dayCount(UInt64(value)) else { return nil }
        return PracticeItem(
          id: "\(id):\(value)\(word)", prompt: "\(value)일 동안 (날수)", answer: .reading(days),
          hint: "날수는 고유어로 세요 (하루, 이틀, 사흘 …)")
      }
      if word == "째" {
        guard let order = KoreanNumber.ordinalNumeral(UInt64(value)) else { return nil }
        return PracticeItem(
          id: "\(id):\(value)\(word)", prompt: "\(value)째", answer: .reading(order),
          hint: "차례는 고유어로 세요 (첫째, 둘째, 셋째 …)")
      }
      guard let counter = Counter(word: word) else { return nil }
      let hint = counterHint(counter)
      // Numbers with a sign after them are written without a space: 50%, 3kg.
      let prompt = word == "%" || word == "kg" ? "\(value)\(word)" : "\(grouped(value))\(word)"
      guard let reading = try? KoreanNumber.reading(of: prompt) else { return nil }
      return PracticeItem(
        id: "\(id):\(prompt)", prompt: prompt, answer: .reading(reading), hint: hint)
    case .phone:
      let middle = allowed.map { _ in pick(0...9999) } ?? generator.next(in: 1000...9999)
      let last = allowed.map { _ in pick(0...9999) } ?? generator.next(in: 0...9999)
      let prompt = "010-\(fourDigits(middle))-\(fourDigits(last))"
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
    let number = String(value)
    guard
      let reading = try? KoreanNumber.reading(of: number, options: NumberOptions(isNative: true))
    else { return nil }
    return PracticeItem(
      id: "\(kind.lessonID):\(number)", prompt: number + " " + nativeLabel,
      answer: .reading(reading), hint: kind.hint)
  }

  /// The label of a prompt that asks the Sino-Korean reading: `27 (한자어)` → 이십칠.
  public static let sinoLabel = "(한자어)"
  /// The label of a prompt that asks the native reading: `31 (고유어)` → 서른하나.
  public static let nativeLabel = "(고유어)"

  /// The hint of a counting item: which numbers the counter takes, with its own example.
  static func counterHint(_ counter: Counter) -> String {
    switch counter.system {
    case .native:
      let example = counter.reading(3).text
      return "‘\(counter.word)’ 앞은 고유어로 세요 (한, 두, 세 … 3 → \(example))"
    case .sino:
      let example = counter.reading(3).text
      return "‘\(counter.word)’ 앞은 한자어로 읽어요 (일, 이, 삼 … 3 → \(example))"
    }
  }

  /// What to tell the learner about an answer to a number drill, beyond right or wrong.
  ///
  /// - Returns: ``NumberNote/standardSpacing(_:)`` when the answer is right but joins the 만
  ///   units the standard spelling spaces; ``NumberNote/nativeAsked(_:)`` or
  ///   ``NumberNote/sinoAsked(_:)`` when a wrong answer is the reading of the other system;
  ///   `nil` otherwise.
  public static func note(for item: PracticeItem, typed: String) -> NumberNote? {
    guard case .reading(let reading) = item.answer else { return nil }
    if reading.accepts(typed) {
      return reading.joinsUnits(typed) ? .standardSpacing(reading.text) : nil
    }
    let typed = Reading.normalized(typed)
    let kind = item.id.split(separator: ":").first.flatMap { NumberDrillKind(lessonID: String($0)) }
    let digits = item.prompt.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
    guard let kind, let value = UInt64(digits) else { return nil }
    switch kind {
    case .native:
      return KoreanNumber.sino(value) == typed ? .nativeAsked(reading.text) : nil
    case .readDigits:
      return NativeNumber(value)?.counting == typed ? .sinoAsked(reading.text) : nil
    case .counter:
      guard
        let word = item.prompt.split(separator: " ").first?.drop(while: { $0.isNumber || $0 == "," }
        ),
        let counter = Counter(word: String(word))
      else { return nil }
      switch counter.system {
      case .native:
        return typed.hasPrefix(KoreanNumber.sino(value)) ? .nativeAsked(reading.text) : nil
      case .sino:
        let native = NativeNumber(value)
        let isNative = native.map { typed.hasPrefix($0.determiner) || typed.hasPrefix($0.counting) }
        return isNative == true ? .sinoAsked(reading.text) : nil
      }
    case .typeDigits, .price, .time, .date, .phone: return nil
    }
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

/// `1–99`, `1,000–9,999`, `1만–99만 9999`, `1조–9999조`: a range as the menu and the titles
/// show it, in the 만 groups Korean writes large numbers in (한글 맞춤법 제44항: `12억 3456만`).
public func rangeText(_ range: ClosedRange<Int>) -> String {
  "\(koreanGrouped(range.lowerBound))–\(koreanGrouped(range.upperBound))"
}

/// `9,999` below 10,000, else digits in 만 groups: `99만 9999`, `1억`, `9999조`.
func koreanGrouped(_ value: Int) -> String {
  guard value >= 10_000 else { return grouped(value) }
  let units = ["", "만", "억", "조", "경"]
  var groups: [String] = []
  var rest = value
  for unit in units where rest > 0 {
    let group = rest % 10_000
    if group > 0 { groups.insert("\(group)\(unit)", at: 0) }
    rest /= 10_000
  }
  return groups.joined(separator: " ")
}

/// `7` → `0007`: a group of a phone number.
func fourDigits(_ value: Int) -> String {
  let digits = String(value)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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
