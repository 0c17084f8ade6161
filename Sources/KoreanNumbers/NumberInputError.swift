/// Why typed number input could not be read, naming the input and saying what to write.
///
/// ``description`` is a message for the command line, without the program name:
/// `"1,5000" has a comma in the wrong place; …`.
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
  case conflictingOptions(String, String)
  /// The text has a `:` but is not a clock time.
  case invalidTime(String)
  /// A month of the year (`월`) outside 1…12.
  case notAMonth(String)

  /// The largest number that can be read, as written for people.
  public static let largestNumber = "18,446,744,073,709,551,615"

  /// The message for the command line: what is wrong, and what to write instead.
  public var description: String {
    switch self {
    case .empty:
      return "no number given; write one, such as 15000, 15,000, -5 or 3.14"
    case .notANumber(let text):
      return "\"\(text)\" is not a number; write digits such as 15000, 15,000, -5 or 3.14, "
        + "a time such as 3:45, or numbers with counters such as 15000원 or 2025년 6월 10일"
    case .misplacedComma(let text):
      return "\"\(text)\" has a comma in the wrong place; commas go between groups of three "
        + "digits: write 15,000 or 15000"
    case .tooLarge(let text):
      return "\"\(text)\" is too large; the largest number that can be read is "
        + "\(Self.largestNumber) (UInt64.max): write a smaller one"
    case .needsDigitsOption(let text):
      return "\"\(text)\" has hyphens between digits; to read it digit by digit like a "
        + "phone number (공일공 …), add --digits"
    case .notDigits(let text):
      return "\"\(text)\" cannot be read digit by digit; write digits in groups separated by "
        + "hyphens or spaces, such as 010-1234-5678"
    case .nativeOutOfRange(let text):
      return "\"\(text)\" has no native reading: native numbers (--native) are whole numbers "
        + "from 1 to 99; drop --native for Sino-Korean, or add a native counter such as "
        + "--counter 개 (백한 개)"
    case .notWholeCount(let text, let counter):
      return "\"\(text)\" cannot be counted with \(counter), which takes native numbers; "
        + "write a whole number that is not below zero, such as 3"
    case .unknownCounter(let word):
      let words = Counter.allCases.map(\.word).reduce(into: [String]()) { words, word in
        if !words.contains(word) { words.append(word) }
      }
      return "\"\(word)\" is not a counter this knows; write one of "
        + words.joined(separator: " ")
        + " (분 means minutes and 번 times; write honoredPeople or number for the others)"
    case .nativeWithSinoCounter(let word):
      return "--native cannot be used with \(word), which takes Sino-Korean numbers "
        + "(만 원, 삼 분); drop --native"
    case .conflictingOptions(let first, let second):
      return "\(first) cannot be combined with \(second); use only one of them"
    case .notAMonth(let text):
      return "\"\(text)월\" is not a month of the year; months are 1월 to 12월 "
        + "(for a number of months write 달: 13달 is 열세 달)"
    case .invalidTime(let text):
      return "\"\(text)\" is not a time; write hours 0–24 and two-digit minutes (and "
        + "seconds), such as 3:45, 17:00 or 9:05:30"
    }
  }
}
