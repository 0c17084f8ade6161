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
    for term in terms {
      guard let word = term.counterWord else { throw .notANumber(text) }
      let number = try WrittenNumber(parsing: term.number)
      let counter = try counterNamed(word)
      parts.append(try read(number, written: term.number, counter: counter, options: options))
    }
    return Reading.sequence(parts)
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
