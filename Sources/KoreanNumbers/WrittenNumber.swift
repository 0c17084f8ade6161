/// A number as written with Arabic digits: a sign, a whole part, and digits after the point.
///
/// Parse one with ``init(parsing:)`` (`"15,000"`, `"-5"`, `"3.14"`) and read it with
/// ``reading(style:)`` (`마이너스 오`, `삼 점 일사`).
public struct WrittenNumber: Sendable, Hashable {
  /// Whether the number is below zero; `-0` and `-0.0` are not.
  public let isNegative: Bool
  /// The part before the point.
  public let whole: UInt64
  /// The digits after the point as written, each 0…9 (`3.10` keeps its 0); empty without one.
  public let fractionDigits: [Int]

  /// A whole number, below zero when `isNegative` and `whole` is not 0.
  public init(_ whole: UInt64, isNegative: Bool = false) {
    self.init(whole, fractionDigits: [], isNegative: isNegative)
  }

  /// A number from parts already checked: every fraction digit is 0…9.
  init(_ whole: UInt64, fractionDigits: [Int], isNegative: Bool = false) {
    self.whole = whole
    self.fractionDigits = fractionDigits
    self.isNegative = isNegative && (whole != 0 || fractionDigits.contains { $0 != 0 })
  }

  /// Whether the number was written without a point.
  public var isWhole: Bool { fractionDigits.isEmpty }

  /// Parses a number written with Arabic digits.
  ///
  /// Accepts an optional sign (`-`, `−` or `+`), digits with optional commas between groups of
  /// three (`15,000`), and an optional point followed by digits (`3.14`). Surrounding white
  /// space is ignored.
  ///
  /// - Throws: ``NumberInputError`` naming `text`: ``NumberInputError/empty``,
  ///   ``NumberInputError/misplacedComma(_:)``, ``NumberInputError/tooLarge(_:)`` beyond
  ///   `UInt64.max`, ``NumberInputError/needsDigitsOption(_:)`` for `010-1234-5678`, and
  ///   ``NumberInputError/notANumber(_:)`` for anything else.
  public init(parsing text: String) throws(NumberInputError) {
    let trimmed = Reading.normalized(text)
    if trimmed.isEmpty { throw .empty }
    var body = Substring(trimmed)
    var isNegative = false
    if let sign = body.first, sign == "-" || sign == "−" || sign == "+" {
      isNegative = sign != "+"
      body = body.dropFirst()
    }
    // 010-1234-5678: digits with hyphens between them are a phone number, not arithmetic.
    let isDigitAt = { (character: Character?) in character.flatMap(asciiDigit) != nil }
    if body.contains("-") && isDigitAt(body.first) && isDigitAt(body.last)
      && body.allSatisfy({ asciiDigit($0) != nil || $0 == "-" || $0 == " " })
    {
      throw .needsDigitsOption(trimmed)
    }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, let wholeText = parts.first else { throw .notANumber(trimmed) }
    let wholeDigits = try WrittenNumber.digitsWithCommas(wholeText, in: trimmed)
    var fractionDigits: [Int] = []
    if parts.count == 2 {
      fractionDigits = parts[1].compactMap(asciiDigit)
      guard !fractionDigits.isEmpty, fractionDigits.count == parts[1].count else {
        throw .notANumber(trimmed)
      }
    }
    var whole: UInt64 = 0
    for digit in wholeDigits {
      let (shifted, overflowTimes) = whole.multipliedReportingOverflow(by: 10)
      let (sum, overflowPlus) = shifted.addingReportingOverflow(UInt64(digit))
      if overflowTimes || overflowPlus { throw .tooLarge(trimmed) }
      whole = sum
    }
    self.init(whole, fractionDigits: fractionDigits, isNegative: isNegative)
  }

  /// The digits of a whole part, which may have commas between groups of three.
  private static func digitsWithCommas(
    _ part: Substring, in text: String
  ) throws(NumberInputError) -> [Int] {
    let groups = part.split(separator: ",", omittingEmptySubsequences: false)
    var digits: [Int] = []
    for (index, group) in groups.enumerated() {
      let groupDigits = group.compactMap(asciiDigit)
      guard !group.isEmpty, groupDigits.count == group.count else {
        throw groups.count > 1 && group.isEmpty ? .misplacedComma(text) : .notANumber(text)
      }
      // 15,000 and 1,234,567: the first group has 1…3 digits, the others exactly 3.
      if groups.count > 1 && (index == 0 ? group.count > 3 : group.count != 3) {
        throw .misplacedComma(text)
      }
      digits += groupDigits
    }
    return digits
  }

  /// Reads the number in Sino-Korean: `마이너스 오`, `삼 점 일사`, `만 오천`.
  ///
  /// The whole part reads as ``KoreanNumber/sino(_:style:)``; the digits after the point are
  /// read one by one after `점`, with `영` for 0 (`일 점 영오`; `공` is accepted too). Below
  /// zero the reading starts with `마이너스`.
  ///
  /// - Parameter style: The style of the whole part; ``SinoStyle/standard`` also accepts
  ///   ``SinoStyle/ilMan`` and both written as one word (`팔만구백삼십일`, which a drill accepts
  ///   with a note on the standard spacing: ``Reading/joinsUnits(_:)``).
  public func reading(style: SinoStyle = .standard) -> Reading {
    let styles =
      style == .standard
      ? [style, .ilMan, .unspaced, SinoStyle(ilRule: .keptBeforeMan, isSpaced: false)] : [style]
    var wholes = styles.map { KoreanNumber.sino(whole, style: $0) }
    if !isWhole {
      let withYeong = fractionDigits.map { sinoDigitWords[$0] }.joined()
      let withGong = fractionDigits.map { $0 == 0 ? "공" : sinoDigitWords[$0] }.joined()
      wholes = wholes.flatMap { [$0 + " 점 " + withYeong, $0 + " 점 " + withGong] }
    }
    let spellings = isNegative ? wholes.map { "마이너스 " + $0 } : wholes
    return Reading(spellings: spellings) ?? Reading(text: "영")
  }
}
