/// How one key reacts to being held down.
public enum HoldBehavior: Hashable, Sendable {
  /// Every event is a tap; auto-repeat repeats taps. No hold.
  case none
  /// Holding for ``HoldTiming/holdMs`` replaces the tap with the hold action (letter keys'
  /// digits). One hold gives exactly one hold action.
  case holdable
  /// A tap on press, then after ``HoldTiming/holdMs`` a tick every ``HoldTiming/repeatMs``
  /// until release (⌫).
  case repeating
}

/// Whether the source of a key event reports releases.
public enum ReleaseReporting: Hashable, Sendable {
  /// Releases arrive as events (mode A): kitty with flag 2 granted, and the mouse.
  case exact
  /// Only presses and auto-repeats arrive (mode B); holds and releases are inferred from
  /// auto-repeat timing.
  case inferred
}

/// The time constants of hold detection, in milliseconds (see docs/guide.md#long-press).
public struct HoldTiming: Hashable, Sendable {
  /// A press this long is a hold.
  public var holdMs: UInt64
  /// Mode B: a gap this short between events of one key means auto-repeat, provided the
  /// event before the gap came at least ``minimumRepeatDelayMs`` after its own predecessor.
  ///
  /// On its own a short gap proves nothing: people double-tap one key 60–90 ms apart, and
  /// bytes from one read (tmux `send-keys`, a macro, an SSH packet) arrive 0 ms apart. It is
  /// also how long an event that may be the first auto-repeat waits for the second one while
  /// the repeat interval is not known yet.
  public var fastGapMs: UInt64
  /// Mode B: no OS auto-repeats sooner than this after the physical press.
  ///
  /// The shortest auto-repeat delays are the macOS UI minimum (225 ms), the Linux console
  /// (`kbdrate`, 250 ms) and Windows (setting 0, ≈250 ms); X11 waits 660 ms, GNOME 500 ms,
  /// wlroots 600 ms. So an event that follows the previous one by less than this cannot be
  /// the first auto-repeat, and a fast gap right after it is a tap, not a hold.
  public var minimumRepeatDelayMs: UInt64
  /// Mode B: after auto-repeat was seen, this long without an event means released (or
  /// three repeat intervals, if that is longer).
  ///
  /// Must exceed the OS repeat interval.
  public var releaseGapMs: UInt64
  /// Interval of ``HoldBehavior/repeating`` ticks.
  public var repeatMs: UInt64
  /// Mode B: before any auto-repeat, this long without an event means released.
  ///
  /// It must exceed the OS auto-repeat delay (X11 660 ms), because until that delay has
  /// passed the last event may still turn out to be the start of a hold.
  public var retapWindowMs: UInt64
  /// Mode B: how far from the learned repeat delay an event may come and still be taken
  /// for a first auto-repeat worth waiting for (the scheduler's and the terminal's jitter).
  public var delayToleranceMs: UInt64
  /// Mode B: how far from the learned repeat delay the first auto-repeat lands when nothing
  /// holds the keys back: an event this close to it is that auto-repeat, also when no other
  /// follows (the key came up before its second repeat), and is never typed.
  ///
  /// The X server schedules its repeats to the millisecond (the real-xterm rig measured the
  /// delay within ±2 ms of `xset r rate`), while a second press lands anywhere: taken for a
  /// repeat, one lands in this window about once in `delayToleranceMs / repeatPrecisionMs`
  /// of the presses near the delay, and a firm press held just past the delay (the commonest
  /// way older hands press) is never a second letter.
  public var repeatPrecisionMs: UInt64
  /// Mode B: how soon after a held run's last repeat an event of its key is a late repeat.
  ///
  /// After a held run ended (its hold fired or its key ticked, and its release was inferred),
  /// an event of the same key this soon after its last repeat is a repeat that arrived late,
  /// not a press. A firm press that typed no digit is not followed so: a
  /// second press of its key (ㅅ ㅅ for ㅎ) may come soon after it.
  public var lateRepeatMs: UInt64

  /// Creates timing constants; the defaults suit most terminals and hands.
  public init(
    holdMs: UInt64 = 500, fastGapMs: UInt64 = 100, minimumRepeatDelayMs: UInt64 = 200,
    releaseGapMs: UInt64 = 150, repeatMs: UInt64 = 100, retapWindowMs: UInt64 = 1000,
    delayToleranceMs: UInt64 = 30, repeatPrecisionMs: UInt64 = 6, lateRepeatMs: UInt64 = 250
  ) {
    self.holdMs = holdMs
    self.fastGapMs = fastGapMs
    self.minimumRepeatDelayMs = minimumRepeatDelayMs
    self.releaseGapMs = releaseGapMs
    self.repeatMs = max(1, repeatMs)
    self.retapWindowMs = retapWindowMs
    self.delayToleranceMs = delayToleranceMs
    self.repeatPrecisionMs = min(repeatPrecisionMs, delayToleranceMs)
    self.lateRepeatMs = lateRepeatMs
  }
}

/// The operating system's key auto-repeat, as measured from the events of a held key.
public struct AutoRepeat: Hashable, Sendable {
  /// From the physical press to its first auto-repeat.
  public var delay: Duration
  /// Between auto-repeats.
  public var interval: Duration

  public init(delay: Duration, interval: Duration) {
    self.delay = delay
    self.interval = interval
  }
}

/// A hold on its way, for drawing its progress.
public struct HoldProgress<Key: Hashable>: Hashable {
  /// The key that may be held.
  public var key: Key
  /// When the key went down: the press itself, also where it was only inferred.
  public var pressedAt: Instant
  /// When the hold will fire if the key stays down.
  public var firesAt: Instant
  /// Whether the key is known to be down (a release is reported, or auto-repeat showed it);
  /// false while a press may still turn out to be a tap (no auto-repeat yet).
  public var isKnownDown: Bool

  /// How far the hold is at `time`, 0…1.
  public func fraction(at time: Instant) -> Double {
    let span = firesAt.nanoseconds(since: pressedAt)
    guard span > 0 else { return 1 }
    return min(1, Double(time.nanoseconds(since: pressedAt)) / Double(span))
  }
}

extension HoldProgress: Sendable where Key: Sendable {}

extension Instant {
  /// The last representable instant.
  static let max = Instant(nanoseconds: UInt64.max)
}
