extension KoreanNumber {
  /// Reads a price in won: `15000` → `만 오천 원`.
  ///
  /// Also accepts `일만 오천 원` and the amount written as one word (`만오천원`,
  /// `일만오천원`); see ``Counter/reading(_:)``.
  public static func price(won: UInt64) -> Reading {
    Counter.won.reading(won)
  }

  /// Reads a clock time: `3:45` → `세 시 사십오 분`, `17:00` → `열일곱 시`.
  ///
  /// Hours are native before 시, minutes and seconds Sino. Seconds are left out when 0, and
  /// minutes too when both are 0. Variants: each counter attached (제43항: `세시 사십오분`),
  /// `십칠 시` for hours from 13 on, and `반` for :30 (`세 시 반`).
  ///
  /// - Parameters:
  ///   - hour: The hour, usually 0…24; read as it is given.
  ///   - minute: The minute.
  ///   - second: The second.
  public static func time(hour: UInt64, minute: UInt64, second: UInt64 = 0) -> Reading {
    let hourReading = Counter.oclock.reading(hour)
    var parts = [hourReading]
    if minute != 0 || second != 0 { parts.append(Counter.minutes.reading(minute)) }
    if second != 0 { parts.append(Counter.seconds.reading(second)) }
    let reading = Reading.sequence(parts)
    guard minute == 30 && second == 0 else { return reading }
    let half = hourReading.variants.map { $0 + " 반" }
    return Reading(text: reading.text, alternatives: reading.variants + half)
  }

  /// Reads a clock time of the morning or the afternoon: `오후 3:45` → `오후 세 시 사십오 분`,
  /// with every spelling ``time(hour:minute:second:)`` accepts after `오전` or `오후`.
  ///
  /// - Parameter isAfternoon: 오후 (from noon) rather than 오전.
  public static func time(hour: UInt64, minute: UInt64, isAfternoon: Bool) -> Reading {
    let period = isAfternoon ? "오후 " : "오전 "
    let reading = time(hour: hour, minute: minute)
    return Reading(
      text: period + reading.text, alternatives: reading.variants.map { period + $0 })
  }

  /// Reads a date: `2025, 6, 10` → `이천이십오 년 유월 십 일`.
  ///
  /// 6월 and 10월 are `유월` and `시월` (제52항). Variants attach 년 and 일 (제43항):
  /// `이천이십오년 유월 십일`, and the mixed forms.
  public static func date(year: UInt64, month: UInt64, day: UInt64) -> Reading {
    Reading.sequence([
      Counter.years.reading(year), Counter.calendarMonth.reading(month), Counter.days.reading(day),
    ])
  }

  /// A count of days said the native way: 하루, 이틀, 사흘 … 열흘, 열하루 … 보름 (15) …
  /// 스무날 (20); `nil` for 0 and past 20, which are said with the Sino 일 (`삼십 일`).
  public static func dayCount(_ days: UInt64) -> Reading? {
    let ones = ["", "하루", "이틀", "사흘", "나흘", "닷새", "엿새", "이레", "여드레", "아흐레"]
    switch days {
    case 1...9: return Reading(text: ones[Int(days)])
    case 10: return Reading(text: "열흘")
    case 15: return Reading(text: "보름", alternatives: ["열닷새"])
    case 11...19: return Reading(text: "열" + ones[Int(days) - 10])
    case 20: return Reading(text: "스무날")
    default: return nil
    }
  }

  /// The ordinal numeral (`12째` → `열두째`), 1…99; `nil` outside.
  public static func ordinalNumeral(_ value: UInt64) -> Reading? {
    NativeNumber(value).map { Reading(text: $0.ordinalNumeral) }
  }
}
