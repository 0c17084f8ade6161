/// A run of one key, from its first tap to its release: the state the detector keeps while the
/// key may still be down, and how each event and timer moves it on.
extension HoldDetector {
  struct Run {
    let key: Key
    let behavior: HoldBehavior
    let isExact: Bool
    var phase: Phase
    /// Time of the latest event of the run (a held-back one included).
    var lastEvent: Instant
    /// The latest event that was a physical press as far as is known: applied as a tap, or
    /// found to be the press of an auto-repeat.
    var press: Instant
    /// Mode B, while tapping: time of the event before `lastEvent`.
    var previousEvent: Instant?
    /// Mode B: the gap between the last two events.
    var lastGapNanoseconds: UInt64 = 0
    /// Mode B: the auto-repeat this run's last event confirmed, for the detector to learn.
    var measuredAutoRepeat: AutoRepeat?

    /// A `.repeat` event in mode A.
    mutating func exactRepeat(at time: Instant) -> [Action] {
      lastEvent = time
      switch behavior {
      case .none:
        return [.tap(key)]
      case .holdable, .repeating: return []
      }
    }

    /// Any event in mode B.
    mutating func inferredEvent(
      at time: Instant, timing: HoldTiming, learned: AutoRepeat?, wait: Duration
    ) -> [Action] {
      let gap = time.nanoseconds(since: lastEvent)
      let isFast = gap <= Instant.nanoseconds(fromMilliseconds: timing.fastGapMs)
      var actions: [Action] = []
      switch phase {
      case .tapping:
        if behavior != .none, isFast, let held = heldPress(timing) {
          // An auto-repeat that was applied as a tap: undo it with the press.
          measuredAutoRepeat = AutoRepeat(delay: lastEvent - held, interval: time - lastEvent)
          actions += confirmAutoRepeat(
            press: held, firstRepeat: lastEvent, undo: 2, at: time, timing: timing)
        } else {
          switch behavior == .none ? .away : Self.match(gap: gap, learned: learned, timing: timing)
          {
          case .onTheDelay:
            // The press's first auto-repeat, to the millisecond: the key is down.
            actions += confirmAutoRepeat(
              press: press, firstRepeat: time, undo: 1, at: time, timing: timing)
          case .nearTheDelay:
            // Maybe the first auto-repeat of the press, maybe a second press: wait and see.
            previousEvent = lastEvent
            phase = .deciding(until: time + wait)
          case .away:
            previousEvent = lastEvent
            press = time
            actions.append(.tap(key))
          }
        }
      case .deciding:
        // The next event within one repeat interval: the held-back one was an auto-repeat.
        measuredAutoRepeat = AutoRepeat(delay: lastEvent - press, interval: time - lastEvent)
        actions += confirmAutoRepeat(
          press: press, firstRepeat: lastEvent, undo: 1, at: time, timing: timing)
      case .waitingForHold, .held, .ticking(next: .some):
        break
      case .waitingForRepeat(let undo):
        // Still repeating at the hold delay: the key was down all along.
        phase = .held
        actions.append(.hold(key, undoTaps: undo))
      case .ticking(next: nil):
        actions.append(.repeatTick(key))
        phase = .ticking(next: time + .milliseconds(timing.repeatMs))
      }
      lastGapNanoseconds = gap
      lastEvent = time
      return actions
    }

    /// How an event `gap` after the last press stands to the learned repeat delay.
    ///
    /// With none learned yet, every event is away from it: a tap at once (and an auto-repeat
    /// shows itself by the event after it).
    static func match(gap: UInt64, learned: AutoRepeat?, timing: HoldTiming)
      -> DelayMatch
    {
      guard let learned else { return .away }
      let delay = (Instant(nanoseconds: 0) + learned.delay).nanoseconds
      let distance = gap > delay ? gap - delay : delay - gap
      if distance <= Instant.nanoseconds(fromMilliseconds: timing.repeatPrecisionMs) {
        return .onTheDelay
      }
      if distance <= Instant.nanoseconds(fromMilliseconds: timing.delayToleranceMs) {
        return .nearTheDelay
      }
      return .away
    }

    /// The wait for a held-back event ended with no other event: it was a second press.
    mutating func applyHeldBack() -> [Action] {
      guard case .deciding = phase else { return [] }
      phase = .tapping
      press = lastEvent
      return [.tap(key)]
    }

    /// Mode B, while tapping: the physical press that `lastEvent` (applied as a tap) could be
    /// the first auto-repeat of, or nil if it cannot be one.
    ///
    /// That press is `previousEvent`, provided `lastEvent` came at least minimumRepeatDelayMs
    /// after it. The run's first event has no predecessor, so a fast event right after it is
    /// always a tap: no OS repeats that soon after a press.
    private func heldPress(_ timing: HoldTiming) -> Instant? {
      guard let previousEvent,
        lastEvent.nanoseconds(since: previousEvent)
          >= Instant.nanoseconds(fromMilliseconds: timing.minimumRepeatDelayMs)
      else { return nil }
      return previousEvent
    }

    /// Mode B: `firstRepeat` was the first auto-repeat of `press` (the event at `time`, or
    /// the one before it); the hold undoes `undo` taps (the press's, and the repeat's if it
    /// was applied).
    private mutating func confirmAutoRepeat(
      press held: Instant, firstRepeat: Instant, undo: Int, at time: Instant, timing: HoldTiming
    ) -> [Action] {
      press = held
      let holdAt = held + .milliseconds(timing.holdMs)
      switch behavior {
      case .none:
        return [.tap(key)]
      case .holdable:
        if holdAt <= time {
          phase = .held
          return [.hold(key, undoTaps: undo)]
        }
        phase = .waitingForHold(at: holdAt, undoTaps: undo)
        return []
      case .repeating:
        let next = max(holdAt, firstRepeat + .milliseconds(timing.repeatMs))
        if next <= time {
          phase = .ticking(next: time + .milliseconds(timing.repeatMs))
          return [.repeatTick(key)]
        }
        phase = .ticking(next: next)
        return []
      }
    }

    /// The hold delay has passed: the hold, if the key is known to be down.
    ///
    /// With releases reported the key is down. Inferred, it is known down at the hold time
    /// only from an auto-repeat at it (within the repeat's precision) or after it: until the
    /// next repeat comes the key may have come up after the last one, and a key that came up
    /// before the hold time types no digit. So the hold waits for that repeat (at most one
    /// repeat interval).
    mutating func fireHold(at time: Instant, timing: HoldTiming) -> [Action] {
      guard case .waitingForHold(_, let undo) = phase else { return [] }
      if !isExact {
        let precision = Instant.nanoseconds(fromMilliseconds: timing.repeatPrecisionMs)
        guard lastEvent.nanoseconds + precision >= time.nanoseconds else {
          phase = .waitingForRepeat(undoTaps: undo)
          return []
        }
      }
      phase = .held
      return [.hold(key, undoTaps: undo)]
    }

    mutating func fireTick(at time: Instant, timing: HoldTiming) -> [Action] {
      let next = time + .milliseconds(timing.repeatMs)
      if isExact {
        phase = .ticking(next: next)
        return [.repeatTick(key)]
      }
      let gap = lastGapNanoseconds
      let limit = min(
        gap + gap / 2, Instant.nanoseconds(fromMilliseconds: timing.repeatMs))
      guard time.nanoseconds(since: lastEvent) <= limit else {
        phase = .ticking(next: nil)  // resume on the next auto-repeat, if any
        return []
      }
      phase = .ticking(next: next)
      return [.repeatTick(key)]
    }

    /// The moment mode B infers a release.
    func inferredReleaseTime(_ timing: HoldTiming, learned: AutoRepeat?) -> Instant? {
      guard !isExact else { return nil }
      switch phase {
      case .tapping where behavior != .none, .deciding:
        return lastEvent + .milliseconds(timing.retapWindowMs)
      case .tapping, .waitingForHold, .waitingForRepeat, .held, .ticking:
        let gap = Duration.milliseconds(timing.releaseGapMs)
        return lastEvent + max(gap, (learned?.interval ?? .zero) * 3)
      }
    }
  }

  /// How an event stands to the learned repeat delay after the press before it.
  enum DelayMatch {
    /// Within the repeat's precision: the first auto-repeat.
    case onTheDelay
    /// Within the jitter tolerance: the next event decides.
    case nearTheDelay
    /// Not a first auto-repeat.
    case away
  }

  enum Phase: Sendable {
    /// Every event so far was a tap (mode B), or a `.none` key is down (mode A).
    case tapping
    /// Mode B: the last event may be the first auto-repeat of the press before it; it is
    /// held back until `until`, when it becomes a tap unless another event came first.
    case deciding(until: Instant)
    /// A hold fires at `at` unless the run ends first.
    case waitingForHold(at: Instant, undoTaps: Int)
    /// Mode B: the hold delay passed while auto-repeat had paused; the next repeat is the
    /// hold, the inferred release undoes the taps.
    case waitingForRepeat(undoTaps: Int)
    /// The hold fired (or, for mode A `.none` keys, never will).
    case held
    /// A repeating key is ticking; `next` nil means waiting for an auto-repeat (mode B).
    case ticking(next: Instant?)

    /// Whether the hold fired or the key ticked: the key was down, repeating, until the end.
    var hasHeld: Bool {
      switch self {
      case .tapping, .deciding, .waitingForHold, .waitingForRepeat: false
      case .held, .ticking: true
      }
    }
  }
}

extension HoldDetector.Run: Sendable where Key: Sendable {}
