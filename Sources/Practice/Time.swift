/// A point in time, or a span, as whole milliseconds on the caller's monotonic clock.
///
/// The module never reads a clock. Within one practice session only differences matter, so
/// any monotonic origin works (the keypad passes milliseconds since the boot), and no value of
/// this type is a date: ``ItemResult/startedAt`` and the other times of a result only give
/// its ``ItemResult/duration``. Wall-clock stamps are the storer's business: `Storage` takes
/// one as an explicit parameter when it stores a result.
public typealias Milliseconds = Int64

/// A calendar day as a number: days since 1970-01-01 in the user's local time.
///
/// Spaced repetition and the per-day statistics use day numbers only. The caller turns the
/// clock into a day number (``CalendarDay/dayNumber(unixMilliseconds:utcOffsetSeconds:)``);
/// tests pass plain numbers.
public typealias DayNumber = Int

/// A proleptic Gregorian date, converted to and from ``DayNumber`` without Foundation.
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`, exact for
/// every day an `Int` can count.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  public var year: Int
  /// 1 … 12.
  public var month: Int
  /// 1 … 31.
  public var day: Int

  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date of a day number: `0` is 1970-01-01.
  ///
  /// Day numbers beyond ±100,000,000 (about 270,000 years; only a damaged file holds them)
  /// are clamped, so the arithmetic cannot overflow.
  public init(dayNumber: DayNumber) {
    let z = min(max(dayNumber, -100_000_000), 100_000_000) + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// The day number of this date.
  public var dayNumber: DayNumber {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The local day of an instant: `unixMilliseconds` since 1970-01-01 UTC, shifted by the
  /// local offset from UTC.
  public static func dayNumber(unixMilliseconds: Int64, utcOffsetSeconds: Int) -> DayNumber {
    let local = unixMilliseconds + Int64(utcOffsetSeconds) * 1000
    let day = local >= 0 ? local / 86_400_000 : (local - 86_399_999) / 86_400_000
    return DayNumber(day)
  }

  /// `2025-06-10` (years padded to four digits, as ISO 8601 writes them).
  public var description: String {
    let digits = String(year.magnitude)
    let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    return (year < 0 ? "-" : "") + "\(padded)-\(twoDigits(month))-\(twoDigits(day))"
  }

  /// `06-10`, for chart labels.
  public var monthDay: String { "\(twoDigits(month))-\(twoDigits(day))" }

  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}

func twoDigits(_ value: Int) -> String {
  value < 10 && value >= 0 ? "0\(value)" : "\(value)"
}
