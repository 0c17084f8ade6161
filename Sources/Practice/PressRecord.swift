/// One key press of a practice item, as the adaptive trainer measures muscle memory.
///
/// ``PracticeSession`` makes one for every press it is told of; they travel with the item's
/// ``ItemResult`` to `Storage`, which keeps them (bounded: see `ProgressStore.pressLimit`).
public struct PressRecord: Sendable, Hashable {
  /// The key pressed.
  public var key: KeyRef
  /// The key pressed before it in the same item; `nil` for the item's first press.
  public var previousKey: KeyRef?
  /// The time since the previous press of the same item; `nil` for the first press (the time
  /// to read a new item is not typing).
  public var interval: Milliseconds?
  /// The key was held for its digit.
  public var isHold: Bool
  /// The next-key cue was on screen when the key went down.
  public var isCueShown: Bool
  /// The press kept the text on a way to the target (⌫ after a slip is right too).
  public var isRight: Bool
  /// The interval counts as a speed sample of ``key``: see ``PressRecord/isTimedSample``.
  public var isTimed: Bool
  /// The jamo this press was meant to type (`ㅕ` for each of `ㆍ ㆍ ㅣ`), when the press was
  /// the cued key of the planned sequence, or a slip instead of it; `nil` otherwise.
  public var jamo: String?
  /// On the last press of a jamo typed without a slip after a timed press: the time from the
  /// press before the jamo's first press to this one, the jamo's speed sample.
  public var jamoTime: Milliseconds?
  /// With ``jamoTime``: some press of the jamo was made while the next key was lit (the
  /// sample was copied, not recalled; it counts less: ``SpeedRules/cuedWeight``).
  public var isJamoCued: Bool

  public init(
    key: KeyRef, previousKey: KeyRef?, interval: Milliseconds?, isHold: Bool = false,
    isCueShown: Bool, isRight: Bool, isTimed: Bool, jamo: String? = nil,
    jamoTime: Milliseconds? = nil, isJamoCued: Bool = false
  ) {
    self.key = key
    self.previousKey = previousKey
    self.interval = interval
    self.isHold = isHold
    self.isCueShown = isCueShown
    self.isRight = isRight
    self.isTimed = isTimed
    self.jamo = jamo
    self.jamoTime = jamoTime
    self.isJamoCued = jamoTime != nil && isJamoCued
  }

  /// What the press counts for: its key, and its jamo when it has one, each with the press's
  /// tally and its speed sample (a timed key press's interval; a jamo's time on its last
  /// press).
  ///
  /// The one definition behind ``SpeedBook``, ``UnitDaySummary/fold(_:day:)`` and the SQL of
  /// `Storage`.
  ///
  /// A sample made while the next key was lit is counted in ``UnitTally/cuedSamples`` too:
  /// for a key, this press's cue; for a jamo, the cue of any of its presses.
  public var contributions: [(unit: SpeedUnit, tally: UnitTally, sample: Milliseconds?)] {
    func tally(_ sample: Milliseconds?, isCued: Bool) -> UnitTally {
      UnitTally(
        presses: 1, wrong: isRight ? 0 : 1, blind: isCueShown ? 0 : 1,
        samples: sample == nil ? 0 : 1, totalTime: sample ?? 0,
        cuedSamples: sample != nil && isCued ? 1 : 0)
    }
    let keySample = isTimed ? interval : nil
    var result = [
      (unit: SpeedUnit.key(key), tally: tally(keySample, isCued: isCueShown), sample: keySample)
    ]
    if let jamo {
      result.append(
        (.jamo(layoutID: key.layoutID, jamo: jamo), tally(jamoTime, isCued: isJamoCued), jamoTime))
    }
    return result
  }

  /// The longest interval that still counts as typing: a longer pause (the phone rang, the
  /// learner looked away) says nothing about the key.
  public static let longestSample: Milliseconds = 10_000

  /// Whether a press's interval is a speed sample of its key.
  ///
  /// It is when the press was the cued next key (a hit), tapped (a hold takes the hold delay
  /// by design), after a press of the same item that was a hit too (recovering from a slip is
  /// not speed), and within ``longestSample``.
  public static func isTimedSample(
    isHit: Bool, isHold: Bool, interval: Milliseconds?, previousWasHit: Bool
  ) -> Bool {
    guard let interval, isHit, !isHold, previousWasHit else { return false }
    return interval >= 0 && interval <= longestSample
  }
}
