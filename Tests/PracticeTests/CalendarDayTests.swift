import Practice
import Testing

@Suite("Calendar days")
struct CalendarDayTests {
  @Test("day numbers round-trip around today and far away")
  func roundTrip() {
    for day in [-800_000, -1, 0, 1, 20_779, 2_932_896] {
      #expect(CalendarDay(dayNumber: day).dayNumber == day)
    }
    #expect(CalendarDay(dayNumber: 0).description == "1970-01-01")
  }

  /// A damaged progress file may hold any integer as a day.
  @Test("any day number, however large, gives a date instead of an overflow")
  func extremes() {
    #expect(CalendarDay(dayNumber: Int.max).year > 200_000)
    #expect(CalendarDay(dayNumber: Int.min).year < -200_000)
  }
}
