/// Korean readings of numbers: Sino-Korean, native, digit by digit, and phrases for drills.
///
/// Everything is pure. Functions over numbers are total; functions that read typed text throw
/// ``NumberInputError``, which names the bad input and says what to write. Compare
/// ``NativeNumber`` (하나 … 아흔아홉), ``Counter`` (which system a counter takes) and
/// ``Reading`` (a reading with every spelling a drill should accept).
public enum KoreanNumber {
  // MARK: - Sino-Korean

  /// Reads a whole number in Sino-Korean: `15000` → `만 오천`.
  ///
  /// The number is split into 만 (10⁴) groups with the units 만, 억, 조, 경; groups of 0000
  /// are skipped. Within a group `일` is left out before 십, 백 and 천, and a group equal to 1
  /// before 만 is plain `만`; `일` is always written before 억, 조 and 경 (`일억`). Groups are
  /// spaced as in 한글 맞춤법 제44항: `십이억 삼천사백오십육만 칠천팔백구십팔`. Zero is `영`.
  ///
  /// - Parameters:
  ///   - value: Any number, up to `UInt64.max` (`천팔백사십사경 …`).
  ///   - style: Where `일` is written and whether groups are spaced; see ``SinoStyle``.
  /// - Returns: The reading, never empty, with single spaces and none at either end.
  public static func sino(_ value: UInt64, style: SinoStyle = .standard) -> String {
    let groups = sinoGroups(of: value, ilRule: style.ilRule)
    if groups.isEmpty { return "영" }
    return groups.joined(separator: style.isSpaced ? " " : "")
  }

  /// The non-zero 만 groups of `value`, highest first, each with its unit.
  ///
  /// `1234567898` → `["십이억", "삼천사백오십육만", "칠천팔백구십팔"]`; `0` → `[]`.
  static func sinoGroups(of value: UInt64, ilRule: SinoStyle.IlRule) -> [String] {
    var groups: [String] = []
    var rest = value
    var index = 0
    while rest > 0 {
      let group = rest % 10_000
      if group != 0 {
        groups.append(sinoGroupWord(group, index: index, ilRule: ilRule))
      }
      rest /= 10_000
      index += 1
    }
    return groups.reversed()
  }

  /// One non-zero 만 group with its unit: `(5, 1)` → `오만`, `(1, 1)` → `만` or `일만`.
  private static func sinoGroupWord(
    _ group: UInt64, index: Int, ilRule: SinoStyle.IlRule
  ) -> String {
    let unit = groupUnitWords[index]
    switch ilRule {
    case .dropped:
      // 10000 is 만, 15000 만 오천; but 일억, 일조, 일경.
      if group == 1 && index == 1 { return unit }
      return sinoWithinGroup(group, keepsIl: false) + unit
    case .keptBeforeMan:
      return sinoWithinGroup(group, keepsIl: false) + unit
    case .kept:
      return sinoWithinGroup(group, keepsIl: true) + unit
    }
  }

  /// Reads 1…9999 inside one group: `1111` → `천백십일`, or `일천일백일십일` when `keepsIl`.
  ///
  /// `0` gives the empty string.
  static func sinoWithinGroup(_ group: UInt64, keepsIl: Bool) -> String {
    var text = ""
    for (place, unit) in [(1000 as UInt64, "천"), (100, "백"), (10, "십"), (1, "")] {
      let digit = Int(group / place % 10)
      if digit == 0 { continue }
      // 일 is dropped before 십, 백 and 천, but kept in the ones place: 백일, 십일.
      if digit != 1 || unit.isEmpty || keepsIl { text += sinoDigitWords[digit] }
      text += unit
    }
    return text
  }

  // MARK: - Digit by digit

  /// Reads digits one at a time, with `공` for 0, as for phone numbers.
  ///
  /// `010-1234-5678` → `공일공 일이삼사 오육칠팔`: groups separated by hyphens or spaces are
  /// read as words separated by one space.
  ///
  /// - Parameter text: ASCII digits in groups separated by `-` or white space.
  /// - Returns: The reading; its only spelling is ``Reading/text``.
  /// - Throws: ``NumberInputError/notDigits(_:)`` for any other character or an empty group.
  public static func digits(_ text: String) throws(NumberInputError) -> Reading {
    let trimmed = Reading.normalized(text)
    if trimmed.isEmpty { throw .empty }
    var words: [String] = []
    for group in trimmed.split(separator: "-", omittingEmptySubsequences: false)
      .flatMap({ $0.split(separator: " ", omittingEmptySubsequences: false) })
    {
      let digits = group.compactMap(asciiDigit)
      guard !group.isEmpty, digits.count == group.count else { throw .notDigits(text) }
      words.append(digits.map { $0 == 0 ? "공" : sinoDigitWords[$0] }.joined())
    }
    return Reading(text: words.joined(separator: " "))
  }
}

// MARK: - Words

/// 영 일 이 … 구, indexed by digit.
let sinoDigitWords = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"]

/// The unit of each 만 group, indexed from the right; `UInt64.max` reaches 경.
let groupUnitWords = ["", "만", "억", "조", "경", "해"]

/// The value of an ASCII digit, or `nil` for any other character.
func asciiDigit(_ character: Character) -> Int? {
  guard let ascii = character.asciiValue, ascii >= 48, ascii <= 57 else { return nil }
  return Int(ascii - 48)
}
