/// Decides taps, holds, repeat ticks and releases from timestamped key events.
///
/// Pure and clock-injected: feed events with ``handle(_:kind:behavior:releases:at:)``, and
/// when the run loop's poll times out at ``nextDeadline`` call ``advance(to:)``.
///
/// A *run* is the stretch from a key's first tap to its ``Action/release(_:)``. Only one run
/// is open at a time: an event of a different key ends the current run at once (release
/// first, then the new tap). Every run ends with exactly one `release`, and no action
/// refers to taps of an earlier run, so the front end may drop its snapshots on `release`.
///
/// Taps are optimistic: the front end snapshots its engine before applying each tap of the
/// run, and a later ``Action/hold(_:undoTaps:)`` or ``Action/undoTaps(_:count:)`` says how
/// many of the run's most recent taps to roll back.
///
/// **Mode A** (``ReleaseReporting/exact``): press ⇒ tap, and a deadline at press + holdMs;
/// a release before it ends the run; reaching it ⇒ `hold(undoTaps: 1)`. `.repeat` events
/// of holdable and repeating keys are ignored (timers drive them); of `.none` keys they tap.
/// Repeating keys tick at press + holdMs, then every repeatMs, until the release.
///
/// **Mode B** (``ReleaseReporting/inferred``): a press and its auto-repeats look alike. An
/// auto-repeat comes the OS repeat delay after the press, to the millisecond, and is followed
/// by more at the repeat interval; a second press lands anywhere. Every event is a tap at
/// once, except one that could be the first auto-repeat once the delay is known. An event of
/// the run's key at the learned delay after the last press, within
/// ``HoldTiming/repeatPrecisionMs``, is that auto-repeat, and never applied: the key is down,
/// also when it comes up before its second repeat. One a little further from the delay
/// (within ``HoldTiming/delayToleranceMs``: a busy machine reads late) is held back for one
/// repeat interval (1.5 × the learned interval plus 10 ms, at most fastGapMs). If the next
/// event comes within it, the key is held: the held-back event was an auto-repeat and is
/// never applied. Otherwise it was a second press and is applied as a tap when the wait ends
/// (or at once, when another key or a release comes first). After a held run, a same-key
/// event within ``HoldTiming/lateRepeatMs`` of its last repeat is a repeat that arrived late,
/// and is dropped.
///
/// Auto-repeat shows itself, and its delay and interval are learned, by three events P, R, E
/// in a row where R came at least minimumRepeatDelayMs after P and E within fastGapMs of R:
/// P was held, and R (applied as a tap before the delay was known, or when the machine was
/// too busy to wait, or the delay changed) is undone with P's tap. A fast gap alone confirms
/// nothing: double taps 60 ms apart and bytes from one read (gap 0) stay taps.
///
/// A holdable key's hold fires at P + holdMs if an auto-repeat came at that time or after it
/// (otherwise at the next repeat, within one interval), or at the confirmation when that is
/// later. So where the OS repeat delay is longer than holdMs the digit comes with the first
/// repeat, at the delay (``effectiveHoldDelay``), and a key that came up before the hold time
/// never types its digit. Release is inferred releaseGapMs (or three repeat
/// intervals) after the last event once auto-repeat was seen, retapWindowMs otherwise.
/// Repeating keys tick every repeatMs from max(press + holdMs, last event + repeatMs) while
/// auto-repeat continues; a tick fires from the timer only if the last event is younger than
/// min(1.5 × the last gap, repeatMs), otherwise on the next event, so at most one tick can
/// fall after the physical release.
public struct HoldDetector<Key: Hashable> {
  /// What the front end should do.
  public enum Action: Hashable {
    /// Snapshot the engine, then apply the key's short action.
    case tap(Key)
    /// Restore the snapshot from before the run's last `undoTaps` taps, then apply the
    /// key's hold action.
    case hold(Key, undoTaps: Int)
    /// Apply the repeating key's action once more (⌫ deletes again). Never undone.
    case repeatTick(Key)
    /// Restore the snapshot from before the run's last `count` taps and apply nothing.
    ///
    /// Mode B only: auto-repeat showed that `count + 1` taps were one physical press, but it
    /// went quiet before holdMs. Always followed by ``release(_:)``.
    case undoTaps(Key, count: Int)
    /// The run of this key is over; the key is (known or assumed to be) up.
    case release(Key)
  }

  /// The time constants in use.
  public var timing: HoldTiming

  private var run: Run?

  /// Mode B: the OS auto-repeat, once a held key showed it: the median of the latest
  /// ``delaySampleCount`` delays (one late read must not move the window the first repeat
  /// is looked for in), and the latest interval.
  public private(set) var learnedAutoRepeat: AutoRepeat?

  /// Mode B: the latest measured repeat delays, oldest first.
  private var delaySamples: [Duration] = []

  /// How many measured delays the learned one is the median of.
  public static var delaySampleCount: Int { 5 }

  /// Mode B: the run whose release was inferred last, while no other event came: a same-key
  /// event soon after it may still be its key repeating.
  private var endedRun: EndedRun?

  struct EndedRun {
    let key: Key
    /// Its last press as far as is known.
    let press: Instant
    var lastEvent: Instant
    /// Its hold fired or it ticked: a same-key event within ``HoldTiming/lateRepeatMs`` is a
    /// repeat that arrived late.
    let wasHeld: Bool
  }

  /// Creates a detector with no open run.
  ///
  /// - Parameter reportedAutoRepeat: The auto-repeat the system reports for its keyboard
  ///   (the X server's `xset q`), if it could be asked: taken as learned until a held key
  ///   measures its own, so that a firm press held just past the delay types once even before
  ///   any key was held long. Nil where nothing can be asked (a console, a remote terminal):
  ///   until the first full hold, a lone repeat at the delay is then a second press.
  public init(timing: HoldTiming = HoldTiming(), reportedAutoRepeat: AutoRepeat? = nil) {
    self.timing = timing
    learnedAutoRepeat = reportedAutoRepeat
  }

  /// The key whose run is open, if any.
  public var activeKey: Key? { run?.key }

  /// How long a key must be held for its hold in mode B, when that is longer than holdMs.
  ///
  /// The learned repeat delay: the hold cannot be known before the first auto-repeat shows
  /// the key still down. Nil while no auto-repeat was learned, or when it is not longer than
  /// holdMs.
  public var effectiveHoldDelay: Duration? {
    guard let learned = learnedAutoRepeat else { return nil }
    return learned.delay > .milliseconds(timing.holdMs) ? learned.delay : nil
  }

  /// The hold the open run is on its way to at `time`, for drawing its progress; nil when
  /// none is possible.
  ///
  /// With releases reported, from the press. Inferred, from the moment auto-repeat confirmed
  /// the press (its time is the press, found from the repeat) until the hold fires or the
  /// repeats stop; and, once the repeat delay is known, from every press of a holdable key
  /// until its first auto-repeat is overdue, as a press that may still be a tap.
  public func holdProgress(at time: Instant) -> HoldProgress<Key>? {
    guard let run, run.behavior == .holdable else { return nil }
    switch run.phase {
    case .waitingForHold(let at, _):
      return HoldProgress(
        key: run.key, pressedAt: run.press, firesAt: at, isKnownDown: true)
    case .tapping, .deciding:
      guard !run.isExact, let learned = learnedAutoRepeat else { return nil }
      let firesAt = max(run.press + .milliseconds(timing.holdMs), run.press + learned.delay)
      // The first auto-repeat of a held key would have come by now.
      let overdue =
        run.press + learned.delay + .milliseconds(timing.delayToleranceMs)
        + decisionWait(learned)
      guard time <= overdue else { return nil }
      return HoldProgress(key: run.key, pressedAt: run.press, firesAt: firesAt, isKnownDown: false)
    case .waitingForRepeat, .held, .ticking:
      return nil
    }
  }

  /// Keeps the open run's hold from firing, leaving the run open: a mouse drag left the key,
  /// and the front end decides at the release whether the hold applies (a flick).
  ///
  /// - Returns: How many taps that hold would undo, or nil if no hold was on its way.
  public mutating func suspendHold() -> Int? {
    guard var open = run, case .waitingForHold(_, let undo) = open.phase else { return nil }
    open.phase = .held
    run = open
    return undo
  }

  /// When ``advance(to:)`` has something to do; nil when nothing is pending.
  public var nextDeadline: Instant? { nextTimer()?.time }

  /// Processes one key event at `time`, after firing any timers due by then.
  ///
  /// - Parameters:
  ///   - key: The front end's key (a keypad key, a mouse-pressed cell…).
  ///   - kind: Press, repeat or release, as decoded. In mode B `.press` and `.repeat` are
  ///     treated alike, and a `.release` (if one ever comes) ends the run at once.
  ///   - behavior: How this key reacts to holding. The run keeps its first event's value.
  ///   - releases: Whether this event's source reports releases. A run keeps its first
  ///     event's value; an event with the other value belongs to a different run.
  ///   - time: When the event arrived.
  /// - Returns: The actions to apply, in order.
  public mutating func handle(
    _ key: Key, kind: KeyEventKind, behavior: HoldBehavior, releases: ReleaseReporting,
    at time: Instant
  ) -> [Action] {
    var actions = advance(to: time)
    let isExact = releases == .exact
    let isCurrent = run.map { $0.key == key && $0.isExact == isExact } ?? false
    let ended = endedRun
    endedRun = nil
    switch kind {
    case .release:
      if isCurrent { actions += endRun() }
    case .press, .repeat:
      if !isExact, !isCurrent, var ended, ended.key == key,
        isStillRepeating(ended, behavior: behavior, at: time)
      {
        ended.lastEvent = time
        endedRun = ended
      } else if isCurrent, var current = run {
        if isExact {
          if kind == .press {
            // A second press without a release: the release was lost. Start afresh.
            actions += endRun()
            actions += startRun(key, behavior: behavior, isExact: true, at: time)
          } else {
            actions += current.exactRepeat(at: time)
            run = current
          }
        } else {
          actions += current.inferredEvent(
            at: time, timing: timing, learned: learnedAutoRepeat,
            wait: decisionWait(learnedAutoRepeat))
          if let measured = current.measuredAutoRepeat { learn(measured) }
          current.measuredAutoRepeat = nil
          run = current
        }
      } else {
        actions += endRun()
        // A repeat with no press seen: only `.none` keys act on it (a tap).
        if !(isExact && kind == .repeat && behavior != .none) {
          actions += startRun(key, behavior: behavior, isExact: isExact, at: time)
        }
      }
    }
    return actions
  }

  /// Fires every timer due at or before `time`, in time order.
  public mutating func advance(to time: Instant) -> [Action] {
    var actions: [Action] = []
    while let timer = nextTimer(), timer.time <= time, var current = run {
      switch timer.kind {
      case .hold:
        actions += current.fireHold(at: timer.time, timing: timing)
        run = current
      case .tick:
        actions += current.fireTick(at: timer.time, timing: timing)
        run = current
      case .decision:
        actions += current.applyHeldBack()
        run = current
      case .release:
        if !current.isExact {
          endedRun = EndedRun(
            key: current.key, press: current.press, lastEvent: current.lastEvent,
            wasHeld: current.phase.hasHeld)
        }
        actions += endRun()
      }
    }
    return actions
  }

  /// Mode B: whether an event of the key of `ended`, at `time`, is its key still repeating
  /// after its release was inferred, and so no press.
  ///
  /// A held run's repeat may reach us late: a press this soon after a repeat would need the
  /// key up and down again within a few repeat intervals. A key without a hold (␣) ends its
  /// run soon after each event, so its auto-repeat comes after the run: its repeats before
  /// the hold time are dropped (the first must come at the learned delay after the press,
  /// within the repeat's precision, the others one interval apart), so that a press shorter
  /// than the hold time types once, as a letter key's does; held on, the key repeats.
  private func isStillRepeating(_ ended: EndedRun, behavior: HoldBehavior, at time: Instant)
    -> Bool
  {
    if ended.wasHeld {
      return time.nanoseconds(since: ended.lastEvent)
        <= Instant.nanoseconds(fromMilliseconds: timing.lateRepeatMs)
    }
    let sincePress = time.nanoseconds(since: ended.press)
    guard behavior == .none, sincePress < Instant.nanoseconds(fromMilliseconds: timing.holdMs)
    else { return false }
    guard ended.lastEvent == ended.press else {
      return time.nanoseconds(since: ended.lastEvent)
        <= Instant.nanoseconds(fromMilliseconds: timing.fastGapMs)
    }
    switch Run.match(gap: sincePress, learned: learnedAutoRepeat, timing: timing) {
    case .onTheDelay: return true
    case .nearTheDelay, .away: return false
    }
  }

  /// Takes the auto-repeat the system reports, when its answer comes after the start.
  ///
  /// The X server is asked off the loop's thread, so its answer may come after the detector was
  /// made. A delay this detector already measured from a held key stays: it is the keyboard's
  /// own.
  public mutating func takeReported(_ autoRepeat: AutoRepeat) {
    guard delaySamples.isEmpty else { return }
    learnedAutoRepeat = autoRepeat
  }

  /// Takes a measured auto-repeat into the learned one; the first replaces a reported one.
  private mutating func learn(_ measured: AutoRepeat) {
    delaySamples.append(measured.delay)
    if delaySamples.count > Self.delaySampleCount { delaySamples.removeFirst() }
    let sorted = delaySamples.sorted()
    learnedAutoRepeat = AutoRepeat(delay: sorted[sorted.count / 2], interval: measured.interval)
  }

  /// Ends the open run now, as if its key came up (on focus loss, mode changes, exit).
  ///
  /// Timers due by `time` fire first. A holdable key's hold does not fire; an event held back
  /// as a possible auto-repeat is applied as the tap it then was.
  public mutating func releaseAll(at time: Instant) -> [Action] {
    advance(to: time) + endRun()
  }

  /// Mode B: how long an event that may be the first auto-repeat waits for the next one.
  private func decisionWait(_ learned: AutoRepeat?) -> Duration {
    let cap = Duration.milliseconds(timing.fastGapMs)
    guard let learned else { return cap }
    return min(cap, learned.interval + learned.interval / 2 + .milliseconds(10))
  }

  private mutating func startRun(
    _ key: Key, behavior: HoldBehavior, isExact: Bool, at time: Instant
  ) -> [Action] {
    let phase: Phase
    switch (behavior, isExact) {
    case (.holdable, true):
      phase = .waitingForHold(at: time + .milliseconds(timing.holdMs), undoTaps: 1)
    case (.repeating, true):
      phase = .ticking(next: time + .milliseconds(timing.holdMs))
    case (.none, _), (_, false):
      phase = .tapping
    }
    run = Run(
      key: key, behavior: behavior, isExact: isExact, phase: phase, lastEvent: time, press: time)
    return [.tap(key)]
  }

  private mutating func endRun() -> [Action] {
    guard var current = run else { return [] }
    let heldBack = current.applyHeldBack()
    run = nil
    switch current.phase {
    case .waitingForHold(_, let undo), .waitingForRepeat(let undo):
      if undo > 1 { return [.undoTaps(current.key, count: undo - 1), .release(current.key)] }
    case .tapping, .deciding, .held, .ticking: break
    }
    return heldBack + [.release(current.key)]
  }

  // MARK: - Timers

  private enum TimerKind: Sendable {
    case hold, tick, decision, release
  }

  /// The earliest timer; a hold, tick or decision wins a tie with the release.
  private func nextTimer() -> (time: Instant, kind: TimerKind)? {
    guard let run else { return nil }
    var timer: (time: Instant, kind: TimerKind)?
    switch run.phase {
    case .waitingForHold(let at, _): timer = (at, .hold)
    case .ticking(let next?): timer = (next, .tick)
    case .deciding(let until): timer = (until, .decision)
    case .tapping, .held, .ticking(next: nil), .waitingForRepeat: timer = nil
    }
    if let release = run.inferredReleaseTime(timing, learned: learnedAutoRepeat),
      release < (timer?.time ?? .max)
    {
      timer = (release, .release)
    }
    return timer
  }
}

extension HoldDetector: Sendable where Key: Sendable {}
extension HoldDetector.Action: Sendable where Key: Sendable {}
extension HoldDetector.EndedRun: Sendable where Key: Sendable {}
