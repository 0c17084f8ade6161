/// A native Korean number, 1…99: 하나 … 아흔아홉.
///
/// Native numbers stop at 99. For 100 and above before a native counter, use
/// ``Counter/reading(_:)``, which gives Sino hundreds and a native remainder (`백한 개`).
public struct NativeNumber: Sendable, Hashable {
  /// The numbers that have a native reading.
  public static let range: ClosedRange<Int> = 1...99

  /// The number, within ``range``.
  public let value: Int

  /// Makes a native number, or `nil` outside 1…99.
  public init?(_ value: some BinaryInteger) {
    guard let value = Int(exactly: value), Self.range.contains(value) else { return nil }
    self.value = value
  }

  private var tens: Int { value / 10 }
  private var ones: Int { value % 10 }

  /// The counting form, written as one word: `하나`, `스물여섯`, `마흔셋`, `아흔아홉`.
  public var counting: String {
    nativeTensWords[tens] + nativeOnesWords[ones]
  }

  /// The determiner form used before a counter: `한`, `두`, `세`, `네`, `스무`, `스물한`.
  ///
  /// Only the last word changes: 하나→한, 둘→두, 셋→세, 넷→네, and 스물→스무 when 20 ends
  /// the number (`스무 살`, but `스물한 살`). Other tens are unchanged (`열 개`, `마흔 살`).
  public var determiner: String {
    if value == 20 { return "스무" }
    return nativeTensWords[tens] + nativeDeterminerOnesWords[ones]
  }

  /// The ordinal with 번째: `첫 번째`, `두 번째`, `스무 번째`, `스물한 번째`.
  ///
  /// One is `첫`, never `한`; the others use ``determiner``.
  public var ordinal: String {
    (value == 1 ? "첫" : determiner) + " 번째"
  }

  /// The ordinal numeral (서수사): `첫째`, `둘째`, `열두째`, `스무째`, `스물한째`.
  ///
  /// 표준어 규정 제6항: `둘째`, `셋째`, `넷째`, but `두째` after a ten (`열두째`, `스물두째`).
  public var ordinalNumeral: String {
    if value == 1 { return "첫째" }
    if value == 20 { return "스무째" }
    let onesWord: String
    switch ones {
    case 1: onesWord = "한"  // 열한째, 스물한째
    case 2: onesWord = tens == 0 ? "둘" : "두"
    default: onesWord = nativeOnesWords[ones]
    }
    return nativeTensWords[tens] + onesWord + "째"
  }
}

// MARK: - Words

/// "" 열 스물 서른 마흔 쉰 예순 일흔 여든 아흔, indexed by the tens digit.
let nativeTensWords = ["", "열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"]

/// "" 하나 둘 셋 넷 다섯 여섯 일곱 여덟 아홉, indexed by the ones digit.
let nativeOnesWords = ["", "하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉"]

/// "" 한 두 세 네 다섯 여섯 일곱 여덟 아홉: the ones before a counter.
let nativeDeterminerOnesWords = ["", "한", "두", "세", "네", "다섯", "여섯", "일곱", "여덟", "아홉"]
