/// Why typed number input could not be read, naming the input.
///
/// The message for people (what is wrong, what to write instead) is the interface's:
/// `UIStrings.numberError(_:)`; ``description`` is for developers.
public enum NumberInputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Nothing but white space was given.
  case empty
  /// The text is not a number, a time, or numbers with counters.
  case notANumber(String)
  /// Commas are not between groups of three digits (`1,5000`).
  case misplacedComma(String)
  /// The number is larger than `UInt64.max`.
  case tooLarge(String)
  /// Digits with hyphens between them (`010-1234-5678`) were given without `--digits`.
  case needsDigitsOption(String)
  /// `--digits` was given something other than digits in groups.
  case notDigits(String)
  /// `--native` without a native counter was given something outside 1…99.
  case nativeOutOfRange(String)
  /// A native counter (the second value) was given a negative or decimal number.
  case notWholeCount(String, counter: String)
  /// The counter word is not one this library knows.
  case unknownCounter(String)
  /// `--native` was given with a counter that takes Sino-Korean numbers.
  case nativeWithSinoCounter(String)
  /// Two options, or an option and the input, ask for different readings.
  case conflictingOptions(NumberInputPart, NumberInputPart)
  /// The text has a `:` but is not a clock time.
  case invalidTime(String)
  /// A month of the year (`월`) outside 1…12.
  case notAMonth(String)
  /// A day past the end of its month (`2월 30일`): the date as typed and the month's last day.
  case noSuchDay(String, lastDay: UInt64)
  /// A clock time with a field past its end (`3시 60분`, `오후 13:00`): the time as typed, the
  /// counter of the field (`분`) and the largest value it may have.
  case noSuchTime(String, counter: String, largest: UInt64)

  /// The largest number that can be read, as written for people.
  public static let largestNumber = "18,446,744,073,709,551,615"

  /// A developer's description: the case and the input it names.
  ///
  /// The words for people, in Korean and English, with what to write instead, are
  /// `UIStrings.numberError(_:)` in the executable (`cheonjiin number`).
  public var description: String {
    switch self {
    case .empty: "empty input"
    case .notANumber(let text): "not a number: \"\(text)\""
    case .misplacedComma(let text): "misplaced comma: \"\(text)\""
    case .tooLarge(let text): "above \(Self.largestNumber): \"\(text)\""
    case .needsDigitsOption(let text): "digit groups without --digits: \"\(text)\""
    case .notDigits(let text): "not digit groups: \"\(text)\""
    case .nativeOutOfRange(let text): "no native reading (1…99): \"\(text)\""
    case .notWholeCount(let text, let counter): "not a count for \(counter): \"\(text)\""
    case .unknownCounter(let word): "unknown counter: \"\(word)\""
    case .nativeWithSinoCounter(let word): "--native with the Sino counter \(word)"
    case .conflictingOptions(let first, let second): "\(first) conflicts with \(second)"
    case .notAMonth(let text): "not a month: \"\(text)월\""
    case .invalidTime(let text): "not a time: \"\(text)\""
    case .noSuchDay(let text, let lastDay):
      "no such day (the month ends on \(lastDay)): \"\(text)\""
    case .noSuchTime(let text, let counter, let largest):
      "no such time (\(counter) goes up to \(largest)): \"\(text)\""
    }
  }
}

/// One side of ``NumberInputError/conflictingOptions(_:_:)``: an option, or something in the
/// input that chose a reading by itself.
public enum NumberInputPart: Sendable, Hashable, CustomStringConvertible {
  /// An option as typed: `--native`, `--counter 개`.
  case option(String)
  /// A clock time in the input (`3:45`), which is always read one way.
  case time(String)
  /// The input, which has counters of its own (`3개`).
  case countersIn(String)
  /// A counter that takes native numbers (`개`).
  case nativeCounter(String)

  /// A developer's description, such as `option --native` or `time 3:45`.
  public var description: String {
    switch self {
    case .option(let name): "option \(name)"
    case .time(let text): "time \(text)"
    case .countersIn(let text): "counters in \"\(text)\""
    case .nativeCounter(let word): "native counter \(word)"
    }
  }
}
