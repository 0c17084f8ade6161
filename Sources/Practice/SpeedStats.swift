/// What a speed is measured for: one key of the pad, or one jamo (the stroke group that types
/// it) on a layout.
public enum SpeedUnit: Sendable, Hashable, Comparable, CustomStringConvertible {
  case key(KeyRef)
  /// A jamo as a compatibility letter (`ㅕ`), typed on the layout with this id.
  case jamo(layoutID: String, jamo: String)

  public var description: String {
    switch self {
    case .key(let key): "key \(key)"
    case .jamo(let layoutID, let jamo): "jamo \(layoutID)/\(jamo)"
    }
  }

  public static func < (lhs: SpeedUnit, rhs: SpeedUnit) -> Bool {
    switch (lhs, rhs) {
    case (.key(let a), .key(let b)): a < b
    case (.key, .jamo): true
    case (.jamo, .key): false
    case (.jamo(let a, let x), .jamo(let b, let y)): (a, x) < (b, y)
    }
  }
}

/// Counts of a unit's presses: all of them, the slips, those made with no cue on screen, and
/// its speed samples.
public struct UnitTally: Sendable, Hashable {
  public var presses: Int
  /// Presses that led off every way to the target.
  public var wrong: Int
  /// Presses made while no cue was on screen.
  public var blind: Int
  /// Speed samples (timed presses of a key; cleanly typed jamo).
  public var samples: Int
  /// The samples' times added up, for a day's mean.
  public var totalTime: Milliseconds
  /// Samples made while the next key was lit on the pad (copied, not recalled): each counts
  /// as ``SpeedRules/cuedWeight`` of a sample.
  public var cuedSamples: Int

  public init(
    presses: Int = 0, wrong: Int = 0, blind: Int = 0, samples: Int = 0,
    totalTime: Milliseconds = 0, cuedSamples: Int = 0
  ) {
    self.presses = presses
    self.wrong = wrong
    self.blind = blind
    self.samples = samples
    self.totalTime = totalTime
    self.cuedSamples = min(max(0, cuedSamples), max(0, samples))
  }

  public mutating func merge(_ other: UnitTally) {
    presses += other.presses
    wrong += other.wrong
    blind += other.blind
    samples += other.samples
    totalTime += other.totalTime
    cuedSamples += other.cuedSamples
  }
}

/// One day of a unit's samples folded into a summary (`Storage` keeps these for presses older
/// than its bound): how many there were and their median.
public struct SampleDay: Sendable, Hashable {
  public var day: DayNumber
  public var samples: Int
  public var median: Milliseconds

  public init(day: DayNumber, samples: Int, median: Milliseconds) {
    self.day = day
    self.samples = samples
    self.median = median
  }
}

/// Everything known about a unit's speed: its counts over all time and its latest samples.
public struct UnitObservations: Sendable, Hashable {
  /// All presses ever, the folded days included.
  public var tally: UnitTally
  /// The latest samples still kept one by one, newest first (at most
  /// ``SpeedRules/sampleWindow`` are needed).
  public var recent: [Milliseconds]
  /// Which of ``recent`` were made while the next key was lit, by position; a sample past its
  /// end was made without (older callers give none).
  public var recentCued: [Bool]
  /// Days folded into summaries, newest first, each standing for its samples when
  /// ``recent`` has fewer than the window.
  public var foldedDays: [SampleDay]
  /// Whether each of the latest presses was right (timed or not), newest first: at most
  /// ``SpeedRules/accuracyWindow`` are needed.
  public var recentRight: [Bool]

  public init(
    tally: UnitTally = UnitTally(), recent: [Milliseconds] = [], recentCued: [Bool] = [],
    foldedDays: [SampleDay] = [], recentRight: [Bool] = []
  ) {
    self.tally = tally
    self.recent = recent
    self.recentCued = recentCued
    self.foldedDays = foldedDays
    self.recentRight = recentRight
  }

  /// Whether the sample at `index` of ``recent`` was made while the next key was lit.
  public func isCued(_ index: Int) -> Bool {
    recentCued.indices.contains(index) && recentCued[index]
  }

  /// Adds a sample as the newest, keeping at most `window`.
  public mutating func addRecent(_ sample: Milliseconds, isCued: Bool, window: Int) {
    while recentCued.count < recent.count { recentCued.append(false) }
    recent.insert(sample, at: 0)
    recentCued.insert(isCued, at: 0)
    if recent.count > window {
      recent.removeLast(recent.count - window)
      recentCued.removeLast(recentCued.count - window)
    }
  }
}

/// The rules that turn samples into a speed and a confidence.
///
/// - **Filtered time**: the median of the latest ``sampleWindow`` samples (15), so one pause
///   or one lucky burst moves it little. When fewer samples are kept one by one (the rest were
///   folded into day summaries), each folded day stands in with its median, newest day first.
/// - **Confidence** = target time ÷ filtered time: 1 means exactly at the target, above 1
///   faster. A unit has a confidence only after ``minimumSamples`` samples (5, as Type Fast
///   counts): before that it is too early to tell.
/// - **Recall, not copying**: a sample made while the next key was lit on the pad counts as
///   ``cuedWeight`` (half) of a sample, both towards ``minimumSamples`` and in the median, so
///   confidence comes mostly from presses the learner found without being shown.
/// - **Blind share** = presses made with no cue on screen ÷ all presses.
/// - **Accuracy** = right presses ÷ presses, over the latest ``accuracyWindow`` (30) presses
///   of the unit (over all its presses when none are kept one by one). A unit is confident
///   only when its accuracy is at least ``minimumAccuracy`` (90 %) as well as fast: a letter
///   typed fast and wrong is not learned.
public struct SpeedRules: Sendable, Hashable {
  public var sampleWindow: Int
  public var minimumSamples: Int
  /// What a sample made while the next key was lit counts for (a sample without: 1).
  public var cuedWeight: Double
  /// How many of a unit's latest presses its accuracy is taken over.
  public var accuracyWindow: Int
  /// The share of those presses that must be right for the unit to count as learned.
  public var minimumAccuracy: Double

  public init(
    sampleWindow: Int = 15, minimumSamples: Int = 5, cuedWeight: Double = 0.5,
    accuracyWindow: Int = 30, minimumAccuracy: Double = 0.9
  ) {
    self.sampleWindow = max(1, sampleWindow)
    self.minimumSamples = max(1, minimumSamples)
    self.cuedWeight = min(1, max(0.01, cuedWeight))
    self.accuracyWindow = max(1, accuracyWindow)
    self.minimumAccuracy = min(1, max(0, minimumAccuracy))
  }

  /// Right presses ÷ presses over the latest ``accuracyWindow`` (see the type's notes);
  /// `nil` before the first press.
  public func accuracy(_ observations: UnitObservations) -> Double? {
    let latest = observations.recentRight.prefix(accuracyWindow)
    if !latest.isEmpty {
      return Double(latest.filter { $0 }.count) / Double(latest.count)
    }
    let tally = observations.tally
    return tally.presses > 0 ? Double(tally.presses - tally.wrong) / Double(tally.presses) : nil
  }

  /// The weighted median of the samples a unit's filtered time is taken from (see the type's
  /// notes); `nil` without any sample.
  public func filteredTime(_ observations: UnitObservations) -> Milliseconds? {
    var window: [(time: Milliseconds, weight: Double)] = []
    for (index, sample) in observations.recent.prefix(sampleWindow).enumerated() {
      window.append((sample, observations.isCued(index) ? cuedWeight : 1))
    }
    for day in observations.foldedDays where window.count < sampleWindow {
      let take = min(max(0, day.samples), sampleWindow - window.count)
      window += Array(repeating: (day.median, 1), count: take)
    }
    return Self.weightedMedian(window)
  }

  /// The samples as they count towards ``minimumSamples``: a cued one as ``cuedWeight``.
  public func countedSamples(_ tally: UnitTally) -> Double {
    let cued = min(max(0, tally.cuedSamples), max(0, tally.samples))
    return Double(tally.samples - cued) + Double(cued) * cuedWeight
  }

  /// The value where half the weight lies on either side; with equal weights, the plain
  /// median (the mean of the two middle values for an even count, rounded down).
  static func weightedMedian(_ samples: [(time: Milliseconds, weight: Double)]) -> Milliseconds? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted { $0.time < $1.time }
    let half = sorted.reduce(0) { $0 + $1.weight } / 2
    var below = 0.0
    for (index, sample) in sorted.enumerated() {
      below += sample.weight
      if abs(below - half) < 1e-9, index + 1 < sorted.count {
        return (sample.time + sorted[index + 1].time) / 2
      }
      if below > half { return sample.time }
    }
    return sorted.last?.time
  }
}

extension Array where Element == Milliseconds {
  /// The middle value (the mean of the two middle ones for an even count, rounded down);
  /// `nil` for no values.
  public var median: Milliseconds? {
    guard !isEmpty else { return nil }
    let sorted = self.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// The target speed, and the time per press and per jamo it asks for.
///
/// The target is given in 글자/분 (correct syllables a minute, the speed the summary and
/// `stats` show). A syllable of standard 천지인 takes 3.92 presses on average
/// (frequency-weighted over the word list), so one press may take
/// `60 000 ÷ (target × 3.92)` ms: 765 ms at the gentle default of 20 글자/분. A jamo of `n`
/// presses may take `n` times that (`ㅕ`, three presses: 2.3 s).
public struct SpeedTarget: Sendable, Hashable {
  /// 글자/분.
  public var syllablesPerMinute: Double

  /// Average presses per syllable of standard 천지인, frequency-weighted over the word list.
  public static let pressesPerSyllable = 3.92
  /// The gentle default: 20 글자/분, the second of the first goals for older learners
  /// (10, then 20, then 30).
  public static let gentle = SpeedTarget(syllablesPerMinute: 20)
  /// `--target` accepts 1 … 200 글자/분.
  public static let allowed: ClosedRange<Double> = 1...200

  public init(syllablesPerMinute: Double) {
    self.syllablesPerMinute = min(
      max(syllablesPerMinute, Self.allowed.lowerBound), Self.allowed.upperBound)
  }

  /// The time one press may take.
  public var perPress: Milliseconds {
    Milliseconds((60_000 / (syllablesPerMinute * Self.pressesPerSyllable)).rounded())
  }

  /// The time a unit of `presses` presses may take (a key: 1).
  public func time(presses: Int) -> Milliseconds { perPress * Milliseconds(max(1, presses)) }
}

/// A unit's speed as the trainer judges it.
public struct JudgedSpeed: Sendable, Hashable {
  public var tally: UnitTally
  /// The filtered time (``SpeedRules``); `nil` without samples.
  public var filteredTime: Milliseconds?
  /// The time the target allows this unit.
  public var targetTime: Milliseconds
  /// Whether there are enough samples to judge (``SpeedRules/minimumSamples``).
  public var hasEnoughSamples: Bool
  /// Right presses ÷ presses of late (``SpeedRules/accuracy(_:)``); `nil` before the first.
  public var accuracy: Double?
  /// ``accuracy`` is at least ``SpeedRules/minimumAccuracy``.
  public var isAccurate: Bool

  public init(
    _ observations: UnitObservations, targetTime: Milliseconds, rules: SpeedRules = SpeedRules()
  ) {
    tally = observations.tally
    filteredTime = rules.filteredTime(observations)
    self.targetTime = targetTime
    hasEnoughSamples =
      rules.countedSamples(observations.tally) + 1e-9 >= Double(rules.minimumSamples)
    accuracy = rules.accuracy(observations)
    isAccurate = (accuracy ?? 0) + 1e-9 >= rules.minimumAccuracy
  }

  /// Target time ÷ filtered time; `nil` before there are enough samples.
  public var confidence: Double? {
    guard hasEnoughSamples, let filteredTime, filteredTime > 0 else { return nil }
    return Double(targetTime) / Double(filteredTime)
  }

  /// Learned: enough samples, at or faster than the target, and accurate
  /// (``SpeedRules/minimumAccuracy``).
  public var isConfident: Bool { (confidence ?? 0) >= 1 && isAccurate }

  /// Presses made with no cue showing ÷ all presses; `nil` before the first press.
  public var blindShare: Double? {
    tally.presses > 0 ? Double(tally.blind) / Double(tally.presses) : nil
  }

  /// Slips ÷ presses; `nil` before the first press.
  public var errorRate: Double? {
    tally.presses > 0 ? Double(tally.wrong) / Double(tally.presses) : nil
  }
}

/// The observations of every unit, gathered from press records in memory.
///
/// `Storage` gathers the same observations with SQL; this is how tests and the simulated
/// learner get them, and the definition both follow: a press counts for its key, and for its
/// jamo when it has one; a key's sample is a timed press's interval, a jamo's sample is the
/// ``PressRecord/jamoTime`` on its last press.
public struct SpeedBook: Sendable, Hashable {
  public private(set) var observations: [SpeedUnit: UnitObservations] = [:]
  private let window: Int
  private let accuracyWindow: Int

  public init(
    window: Int = SpeedRules().sampleWindow, accuracyWindow: Int = SpeedRules().accuracyWindow
  ) {
    self.window = max(1, window)
    self.accuracyWindow = max(1, accuracyWindow)
  }

  /// Adds presses, oldest first.
  public mutating func add(_ records: some Sequence<PressRecord>) {
    for record in records { add(record) }
  }

  public mutating func add(_ record: PressRecord) {
    for contribution in record.contributions {
      var seen = observations[contribution.unit] ?? UnitObservations()
      seen.tally.merge(contribution.tally)
      seen.recentRight.insert(contribution.tally.wrong == 0, at: 0)
      if seen.recentRight.count > accuracyWindow { seen.recentRight.removeLast() }
      if let sample = contribution.sample {
        seen.addRecent(sample, isCued: contribution.tally.cuedSamples > 0, window: window)
      }
      observations[contribution.unit] = seen
    }
  }

  /// The jamo observations of one layout, by jamo.
  public func jamo(layoutID: String) -> [String: UnitObservations] {
    observations.jamo(layoutID: layoutID)
  }
}

extension Dictionary where Key == SpeedUnit {
  /// The values of one layout's jamo, by jamo (what the planner takes).
  public func jamo(layoutID: String) -> [String: Value] {
    var result: [String: Value] = [:]
    for (unit, value) in self {
      if case .jamo(let layout, let jamo) = unit, layout == layoutID { result[jamo] = value }
    }
    return result
  }
}
