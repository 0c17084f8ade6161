/// A point on a monotonic clock, in nanoseconds since an arbitrary origin.
///
/// The module never reads a clock. The run loop reads one (for example `CLOCK_MONOTONIC`) and
/// passes the value in, so tests drive time with plain numbers and never sleep.
/// Arithmetic saturates: it never traps on overflow or underflow.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
  /// Nanoseconds since the clock's origin.
  public var nanoseconds: UInt64

  /// Creates an instant from a raw nanosecond count.
  public init(nanoseconds: UInt64) {
    self.nanoseconds = nanoseconds
  }

  /// The instant `milliseconds` after the origin; handy in tests (`.milliseconds(660)`).
  public static func milliseconds(_ milliseconds: UInt64) -> Instant {
    Instant(nanoseconds: Instant.nanoseconds(fromMilliseconds: milliseconds))
  }

  /// Whole milliseconds since the origin, rounded down.
  public var milliseconds: UInt64 { nanoseconds / 1_000_000 }

  /// The instant `span` later (earlier for a negative span).
  ///
  /// Saturates at both ends of the clock. Deadlines are made this way: `time + .milliseconds(settings.holdMs)`.
  public static func + (instant: Instant, span: Duration) -> Instant {
    let (seconds, attoseconds) = span.components
    let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let total = nanoseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
    if nanoseconds.overflow || total.overflow {
      return Instant(nanoseconds: seconds < 0 ? 0 : UInt64.max)
    }
    let delta = total.partialValue
    if delta >= 0 {
      let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(UInt64(delta))
      return Instant(nanoseconds: overflow ? UInt64.max : sum)
    }
    let back = delta.magnitude
    return Instant(nanoseconds: instant.nanoseconds > back ? instant.nanoseconds - back : 0)
  }

  /// The span from `earlier` to `later`; zero when `earlier` is not earlier.
  public static func - (later: Instant, earlier: Instant) -> Duration {
    .nanoseconds(Int64(clamping: later.nanoseconds(since: earlier)))
  }

  /// Nanoseconds from `earlier` to this instant; 0 when `earlier` is not earlier.
  public func nanoseconds(since earlier: Instant) -> UInt64 {
    nanoseconds > earlier.nanoseconds ? nanoseconds - earlier.nanoseconds : 0
  }

  /// Whole milliseconds from `earlier` to this instant, rounded down; 0 when not earlier.
  public func milliseconds(since earlier: Instant) -> UInt64 {
    nanoseconds(since: earlier) / 1_000_000
  }

  /// Milliseconds from this instant until `deadline`, rounded up, for `poll(2)`.
  ///
  /// - Returns: -1 (wait forever) when `deadline` is nil, 0 when it has passed, otherwise the
  ///   wait rounded up so that the loop never wakes just before the deadline. Clamped to
  ///   `Int32.max`.
  public func pollTimeout(until deadline: Instant?) -> Int32 {
    guard let deadline else { return -1 }
    let wait = deadline.nanoseconds(since: self)
    let milliseconds = wait / 1_000_000 + (wait % 1_000_000 == 0 ? 0 : 1)
    return milliseconds > UInt64(Int32.max) ? Int32.max : Int32(milliseconds)
  }

  /// The earliest of some optional deadlines, or nil when all are nil.
  ///
  /// The run loop combines ``ByteDecoder/nextDeadline``, ``KittyNegotiation/nextDeadline``
  /// and ``HoldDetector/nextDeadline`` with it.
  public static func earliest(_ deadlines: Instant?...) -> Instant? {
    deadlines.compactMap { $0 }.min()
  }

  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.nanoseconds < rhs.nanoseconds
  }

  /// Milliseconds with a fraction when needed: `660ms`, `660.5ms`.
  public var description: String {
    let fraction = nanoseconds % 1_000_000
    guard fraction != 0 else { return "\(milliseconds)ms" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return "\(milliseconds).\(digits)ms"
  }

  static func nanoseconds(fromMilliseconds milliseconds: UInt64) -> UInt64 {
    let (product, overflow) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
    return overflow ? UInt64.max : product
  }
}
