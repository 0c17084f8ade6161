/// The options of `cheonjiin number N [--native] [--counter WORD] [--financial] [--digits]`.
public struct NumberOptions: Sendable, Hashable {
  /// `--native`: read 1…99 as native numbers (`스물여섯`).
  public var isNative: Bool
  /// `--counter WORD`: a Korean counter word (`개`, `분`) or a ``Counter`` name (`minutes`).
  public var counter: String?
  /// `--financial`: `일` before every unit, no spaces (`일만오천`).
  public var isFinancial: Bool
  /// `--digits`: read digit by digit with `공` (`공일공 일이삼사 오육칠팔`).
  public var readsDigits: Bool

  /// Makes options; by default none is set.
  public init(
    isNative: Bool = false, counter: String? = nil, isFinancial: Bool = false,
    readsDigits: Bool = false
  ) {
    self.isNative = isNative
    self.counter = counter
    self.isFinancial = isFinancial
    self.readsDigits = readsDigits
  }
}

extension KoreanNumber {
  /// Reads number input as typed on the command line or shown in a drill.
  ///
  /// `input` may be a number (`15000`, `15,000`, `-5`, `3.14`), a clock time (`3:45`,
  /// `17:00:30`), or numbers each followed by a counter (`15,000원`, `20살`,
  /// `2025년 6월 10일`, `3시 45분`); with ``NumberOptions/readsDigits``, digit groups
  /// (`010-1234-5678`). Counters in the input choose their own number system, as does
  /// ``NumberOptions/counter``.
  ///
  /// - Returns: The reading, with every accepted spelling.
  /// - Throws: ``NumberInputError`` naming the input and saying what to write; never traps.
  public static func reading(
    of input: String, options: NumberOptions = NumberOptions()
  ) throws(NumberInputError) -> Reading {
    let text = Reading.normalized(input)
    if text.isEmpty { throw .empty }
    if options.isNative && options.isFinancial {
      throw .conflictingOptions(.option("--native"), .option("--financial"))
    }
    if options.readsDigits {
      if let other = options.setOptionNames.first {
        throw .conflictingOptions(.option("--digits"), .option(other))
      }
      return try digits(text)
    }
    if let reading = try nativeWord(text, options: options) { return reading }
    if let (period, rest) = timeOfDay(text) {
      if let other = options.setOptionNames.first {
        throw .conflictingOptions(.time(text), .option(other))
      }
      return try periodTime(rest, written: text, isAfternoon: period == "오후")
    }
    if text.contains(":") {
      if let other = options.setOptionNames.first {
        throw .conflictingOptions(.time(text), .option(other))
      }
      return try clockTime(text)
    }
    // "1억", "3천", "1억 5천만": unit words after digits make one number, not a counter;
    // a counter may follow ("1만 원", "3천원").
    if options.counter == nil, !options.isNative {
      if let whole = unitNumber(text) {
        return try read(WrittenNumber(whole), written: text, counter: nil, options: options)
      }
      if let (whole, written, word) = unitNumberWithCounter(text) {
        return try read(
          WrittenNumber(whole), written: written, counter: try counterNamed(word),
          options: options)
      }
    }
    guard let terms = terms(of: text) else { throw .notANumber(text) }
    if terms.count == 1, let only = terms.first, only.counterWord == nil {
      let number = try WrittenNumber(parsing: only.number)
      var counter: Counter?
      if let word = options.counter { counter = try counterNamed(word) }
      return try read(number, written: only.number, counter: counter, options: options)
    }
    if let word = options.counter {
      throw .conflictingOptions(.countersIn(text), .option("--counter \(word)"))
    }
    // Several numbers need a counter each: "12 34" is not one number.
    if terms.contains(where: { $0.counterWord == nil }) { throw .notANumber(text) }
    var parts: [Reading] = []
    var counted: [(number: WrittenNumber, counter: Counter)] = []
    for term in terms {
      guard let word = term.counterWord else { throw .notANumber(text) }
      let number = try WrittenNumber(parsing: term.number)
      let counter = try counterNamed(word)
      parts.append(try read(number, written: term.number, counter: counter, options: options))
      counted.append((number, counter))
    }
    try checkCalendar(counted, written: text)
    return Reading.sequence(parts)
  }

  /// Refuses a date or a time that cannot exist: `2월 30일`, `2025년 2월 29일`, `3시 60분`.
  ///
  /// Only a day after its month and minutes or seconds after a larger field are checked:
  /// `60분` alone is a length of time, not a time of day.
  private static func checkCalendar(
    _ counted: [(number: WrittenNumber, counter: Counter)], written: String
  ) throws(NumberInputError) {
    for (index, (number, counter)) in counted.enumerated() where index > 0 && number.isWhole {
      let previous = counted[index - 1]
      switch (previous.counter, counter) {
      case (.calendarMonth, .days):
        let year =
          index >= 2 && counted[index - 2].counter == .years
          ? counted[index - 2].number.whole : nil
        let lastDay = daysIn(month: previous.number.whole, year: year)
        if number.whole == 0 || number.whole > lastDay {
          throw .noSuchDay(written, lastDay: lastDay)
        }
      case (.oclock, .minutes), (.minutes, .seconds):
        if number.whole > 59 { throw .noSuchTime(written, counter: counter.word, largest: 59) }
        if previous.counter == .oclock, previous.number.whole > 24 {
          throw .noSuchTime(written, counter: previous.counter.word, largest: 24)
        }
      default: continue
      }
    }
  }

  /// The last day of a month (1…12); February has 29 days unless the year says otherwise.
  static func daysIn(month: UInt64, year: UInt64?) -> UInt64 {
    switch month {
    case 2:
      guard let year else { return 29 }
      return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// `12째` (or `12` with `--counter 째`) → `열두째`, and `3` with `--counter 날` → `사흘`; nil
  /// when the input asks for neither.
  private static func nativeWord(
    _ text: String, options: NumberOptions
  ) throws(NumberInputError) -> Reading? {
    let isOrdinal = options.counter == "째" || options.counter == nil && text.hasSuffix("째")
    let isDays = options.counter == "날"
    guard isOrdinal || isDays else { return nil }
    let digits = isOrdinal && options.counter == nil ? String(text.dropLast()) : text
    guard !digits.isEmpty, digits.allSatisfy({ asciiDigit($0) != nil }), let value = UInt64(digits)
    else {
      if options.counter == nil { return nil }
      throw .notWholeCount(text, counter: options.counter ?? "")
    }
    if isDays {
      guard let reading = dayCount(value) else { throw .nativeOutOfRange(text) }
      return reading
    }
    guard let reading = ordinalNumeral(value) else { throw .nativeOutOfRange(text) }
    return reading
  }

  /// `오후 9:05` or `오전 9시 5분`: the period and the time after it, or nil.
  private static func timeOfDay(_ text: String) -> (period: String, rest: String)? {
    for period in ["오전", "오후"] where text.hasPrefix(period) {
      let rest = String(text.dropFirst(period.count).drop { $0 == " " })
      if !rest.isEmpty { return (period, rest) }
    }
    return nil
  }

  /// The time after 오전 or 오후, read with the period in front; hours 1…12 (`오후 12:30` is
  /// half past noon), 0 in the morning.
  private static func periodTime(
    _ rest: String, written: String, isAfternoon: Bool
  ) throws(NumberInputError) -> Reading {
    let clock = try reading(of: rest)
    let hour: UInt64?
    if rest.contains(":") {
      hour = rest.split(separator: ":").first.flatMap { UInt64($0) }
    } else {
      hour = terms(of: rest)?.first { $0.counterWord == Counter.oclock.word }
        .flatMap { UInt64($0.number) }
    }
    guard let hour else { throw .invalidTime(written) }
    if hour > 12 || (isAfternoon && hour == 0) {
      throw .noSuchTime(written, counter: Counter.oclock.word, largest: 12)
    }
    let period = isAfternoon ? "오후 " : "오전 "
    return Reading(
      text: period + clock.text, alternatives: clock.variants.map { period + $0 })
  }

  // MARK: - Helpers

  /// A number written with digits and unit words (`1억`, `3천`, `1억 5천만`, `2만 5천`), or
  /// nil when `text` is not one (no unit word, another word, or too large for 64 bits).
  static func unitNumber(_ text: String) -> UInt64? {
    let small: [Character: UInt64] = ["십": 10, "백": 100, "천": 1_000]
    let big: [Character: UInt64] = [
      "만": 10_000, "억": 100_000_000, "조": 1_000_000_000_000, "경": 10_000_000_000_000_000,
    ]
    // Every step checked: a line of digits must give nil, never trap.
    func times(_ a: UInt64, _ b: UInt64) -> UInt64? {
      let (value, overflow) = a.multipliedReportingOverflow(by: b)
      return overflow ? nil : value
    }
    func plus(_ a: UInt64, _ b: UInt64) -> UInt64? {
      let (value, overflow) = a.addingReportingOverflow(b)
      return overflow ? nil : value
    }
    var total: UInt64 = 0
    var section: UInt64 = 0  // below 만
    var digits: UInt64? = nil
    var sawUnit = false
    var lastBig = UInt64.max
    for character in text where character != " " && character != "," {
      if let digit = character.wholeNumberValue, character.isASCII {
        guard let shifted = times(digits ?? 0, 10), let next = plus(shifted, UInt64(digit))
        else { return nil }
        digits = next
      } else if let unit = small[character] {
        guard let value = times(digits ?? 1, unit), let sum = plus(section, value) else {
          return nil
        }
        section = sum
        digits = nil
        sawUnit = true
      } else if let unit = big[character], unit < lastBig {
        guard let group = plus(section, digits ?? 0), group > 0, let value = times(group, unit),
          let sum = plus(total, value)
        else { return nil }
        total = sum
        section = 0
        digits = nil
        sawUnit = true
        lastBig = unit
      } else {
        return nil
      }
    }
    guard sawUnit, let rest = plus(section, digits ?? 0) else { return nil }
    return plus(total, rest)
  }

  /// A number with unit words followed by a counter word (`1만 원`, `3천원`), or nil.
  static func unitNumberWithCounter(_ text: String) -> (UInt64, String, String)? {
    for word in counterWordsLongestFirst where text.hasSuffix(word) {
      let written = String(
        text.dropLast(word.count).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
      if let whole = unitNumber(written) { return (whole, written, word) }
    }
    return nil
  }

  /// Every counter word, the longest first, so that `킬로그램` is tried before `그램` would be.
  private static let counterWordsLongestFirst: [String] =
    Counter.allCases.map(\.word).sorted { $0.count > $1.count }

  /// Reads one number, with its counter if any, following the options.
  private static func read(
    _ number: WrittenNumber, written: String, counter: Counter?, options: NumberOptions
  ) throws(NumberInputError) -> Reading {
    let style: SinoStyle = options.isFinancial ? .financial : .standard
    if let counter {
      switch counter.system {
      case .native:
        if options.isFinancial {
          throw .conflictingOptions(.option("--financial"), .nativeCounter(counter.word))
        }
        guard number.isWhole && !number.isNegative else {
          throw .notWholeCount(written, counter: counter.word)
        }
        return counter.reading(number.whole)
      case .sino:
        if options.isNative { throw .nativeWithSinoCounter(counter.word) }
        if counter == .calendarMonth,
          !(number.isWhole && !number.isNegative && (1...12).contains(number.whole))
        {
          throw .notAMonth(written)
        }
        return counter.reading(number, style: style)
      }
    }
    if options.isNative {
      guard number.isWhole, !number.isNegative, let native = NativeNumber(number.whole) else {
        throw .nativeOutOfRange(written)
      }
      return Reading(text: native.counting)
    }
    return number.reading(style: style)
  }

  /// A counter by Korean word (`개`) or by case name (`honoredPeople`).
  private static func counterNamed(_ word: String) throws(NumberInputError) -> Counter {
    guard let counter = Counter(word: word) ?? Counter(rawValue: word) else {
      throw .unknownCounter(word)
    }
    return counter
  }

  /// Reads `H:MM` or `H:MM:SS`, with hours 0…24 (24 only as 24:00) and two-digit fields.
  private static func clockTime(_ text: String) throws(NumberInputError) -> Reading {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    var values: [UInt64] = []
    for (index, field) in fields.enumerated() {
      let digits = field.compactMap(asciiDigit)
      let widthIsRight = index == 0 ? (1...2).contains(field.count) : field.count == 2
      guard widthIsRight, digits.count == field.count else { throw .invalidTime(text) }
      values.append(UInt64(digits.reduce(0) { $0 * 10 + $1 }))
    }
    guard (2...3).contains(values.count), let hour = values.first else {
      throw .invalidTime(text)
    }
    let minute = values[1]
    let second = values.count == 3 ? values[2] : 0
    guard hour <= 24, minute <= 59, second <= 59, hour < 24 || minute + second == 0 else {
      throw .invalidTime(text)
    }
    return time(hour: hour, minute: minute, second: second)
  }

  /// A number followed by an optional counter word, as found in the input.
  private struct Term {
    var number: String
    var counterWord: String?
  }

  /// Splits `15,000원`, `2025년 6월 10일` or `-5 도` into numbers and counter words.
  ///
  /// Returns `nil` when a word does not follow a number (`abc`, `원 5`).
  private static func terms(of text: String) -> [Term]? {
    let isNumberCharacter = { (character: Character) in
      asciiDigit(character) != nil || ",.+-−".contains(character)
    }
    var terms: [Term] = []
    var rest = Substring(text)
    while let first = rest.first {
      if first.isWhitespace {
        rest = rest.dropFirst()
        continue
      }
      let number = rest.prefix(while: isNumberCharacter)
      guard !number.isEmpty else { return nil }
      rest = rest.dropFirst(number.count).drop(while: \.isWhitespace)
      let word = rest.prefix { !$0.isWhitespace && !isNumberCharacter($0) }
      rest = rest.dropFirst(word.count)
      terms.append(Term(number: String(number), counterWord: word.isEmpty ? nil : String(word)))
    }
    return terms
  }
}

extension NumberOptions {
  /// The set options as written on the command line, for conflict messages.
  fileprivate var setOptionNames: [String] {
    var names: [String] = []
    if isNative { names.append("--native") }
    if isFinancial { names.append("--financial") }
    if let counter { names.append("--counter \(counter)") }
    return names
  }
}
