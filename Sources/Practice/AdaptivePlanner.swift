import HangulEngine

/// The settings of the adaptive round; every one has a gentle default.
public struct AdaptiveSettings: Sendable, Hashable {
  /// The learner's target: the one saved after the last round, or asked for (`--target`);
  /// 20 글자/분 until the learner's own pace is known (``isTargetKnown``).
  public var target: SpeedTarget
  /// Whether the target was saved or asked for.
  ///
  /// When not, the first round that measures the learner's pace sets it (``AdaptivePlanner``), so a slow beginner is judged against
  /// their own speed, not a gentle default they cannot reach yet.
  public var isTargetKnown: Bool
  public var rules: SpeedRules
  /// Jamo unlocked from the start: the most frequent six (`ㅇ ㅏ ㄴ ㄱ ㅣ ㄹ` with the
  /// shipped lists), more when six make fewer words than a round needs.
  public var startingJamo: Int
  /// Items per round.
  public var roundLength: Int
  /// The share of a round's items that contain the focus jamo (when that many exist).
  public var focusShare: Double
  /// Items are drawn from this many of the preferred entries, so a round brings common
  /// words, yet not always the same.
  public var pool: Int
  /// How far the target rises in one round, in 글자/분.
  public var targetStep: Double
  /// The target rises once the learner's pace is this far above it (0.15: 15 % faster).
  public var raiseMargin: Double

  public init(
    target: SpeedTarget = .gentle, isTargetKnown: Bool = false, rules: SpeedRules = SpeedRules(),
    startingJamo: Int = 6, roundLength: Int = 10, focusShare: Double = 0.7, pool: Int = 40,
    targetStep: Double = 2, raiseMargin: Double = 0.15
  ) {
    self.target = target
    self.isTargetKnown = isTargetKnown
    self.rules = rules
    self.startingJamo = max(1, startingJamo)
    self.roundLength = max(1, roundLength)
    self.focusShare = min(1, max(0, focusShare))
    self.pool = max(1, pool)
    self.targetStep = max(0, targetStep)
    self.raiseMargin = max(0, raiseMargin)
  }
}

/// How the target in force came about, for the sentence on screen and `stats`.
public enum TargetChange: String, Sendable, Hashable {
  /// As saved (or asked for).
  case kept
  /// Set from the learner's own pace, the first time it could be measured.
  case fromPace
  /// Raised: the learner's pace is well above it, or every letter is open and at it.
  case raised
}

/// Why the focus jamo was chosen, for the sentence on screen (its raw value in JSON).
public enum FocusReason: String, Sendable, Hashable {
  /// Fewer samples than it takes to judge: new, or hardly typed yet.
  case new
  /// Typed wrong too often: under ``SpeedRules/minimumAccuracy`` of its latest presses right.
  case inaccurate
  /// Slower than the target.
  case slow
  /// Every jamo is at the target; this one is the slowest.
  case slowest
}

/// Where the learner stands: the jamo unlocked, how fast each is, and the one to work on.
public struct AdaptiveStanding: Sendable, Hashable {
  /// Unlocked jamo, in the order they unlocked (frequency order).
  public var unlocked: [String]
  /// The jamo that unlocks next, once every unlocked one is confident; `nil` when all are.
  public var next: String?
  /// The jamo unlocked by this plan (every unlocked one was confident), if any.
  public var newlyUnlocked: String?
  /// The weakest unlocked jamo.
  public var focus: String?
  public var reason: FocusReason
  /// The target in force: the learner's (``AdaptiveSettings/target``), set from their pace
  /// the first time, raised as they improve.
  public var target: SpeedTarget
  /// How ``target`` came about this time.
  public var targetChange: TargetChange
  /// The learner's pace now, from the letters with enough samples (the median of their times
  /// per press, in 글자/분); `nil` until three letters have enough.
  public var pace: SpeedTarget?
  /// The speed of every jamo of the vocabulary, typed or not.
  public var speeds: [String: JudgedSpeed]
  /// Some unlocked jamo is confident, so typing without labels is offered.
  public var offersBlind: Bool
  /// The samples a jamo needs before it counts (``SpeedRules/minimumSamples``).
  public var minimumSamples: Int

  /// The unlocked jamo learned: at or above the target, and accurate.
  public var confident: [String] { unlocked.filter { speeds[$0]?.isConfident ?? false } }

  /// The letters the summary after a round calls learned: the confident ones, and none after
  /// a round under the accuracy goal, in its keys or its syllables (what to fix comes first
  /// then: the summary talks about accuracy, ``LessonSummary/pace``).
  public func learned(after round: ResultTotals, goals: PracticeGoals = .gentle) -> [String] {
    guard (round.keysRight ?? 0) >= goals.accuracyGoal, round.accuracy >= goals.accuracyGoal
    else { return [] }
    return confident
  }
}

/// A planned round: where the learner stands, and the items to type.
public struct AdaptivePlan: Sendable, Hashable {
  public var standing: AdaptiveStanding
  public var items: [PracticeItem]
  public var seed: UInt64

  /// The lesson id adaptive results are stored under.
  public static let lessonID = "adaptive"
}

/// Plans adaptive rounds: unlock jamo in frequency order, work on the
/// weakest, against a target that starts at the learner's own pace.
///
/// - The first ``AdaptiveSettings/startingJamo`` jamo of ``AdaptiveVocabulary/order`` are
///   unlocked from the start. The next one unlocks only when every unlocked jamo is
///   confident (enough samples, at or above the target, and at least 90 % of its latest 30
///   presses right: ``JudgedSpeed/isConfident``); one per round, so nothing unlocks while
///   any jamo is under the target or typed wrong too often.
/// - The target: until the learner has one (``AdaptiveSettings/isTargetKnown``), it is set
///   from their pace as soon as three letters have enough samples (never above the gentle
///   20 글자/분), so a learner at one press a second starts at about 15. It rises by
///   ``AdaptiveSettings/targetStep`` while their pace is
///   ``AdaptiveSettings/raiseMargin`` above it, or while every letter is open and at it;
///   never above their pace; it never falls by itself. The caller saves it.
/// - The focus is the weakest unlocked jamo: a jamo unlocked by this plan first (it needs the
///   practice), then the least accurate of those typed wrong too often, then the slowest of
///   those measured under the target, then one with too few
///   samples to judge (the newest first), and once all are at the target, the slowest.
/// - A round's items are entries typed with unlocked jamo only; ``AdaptiveSettings/focusShare``
///   of them contain the focus.
public struct AdaptivePlanner: Sendable {
  public let vocabulary: AdaptiveVocabulary
  public var settings: AdaptiveSettings
  private var strokes: JamoStrokes

  public init(vocabulary: AdaptiveVocabulary, layouts: [Layout], settings: AdaptiveSettings) {
    self.vocabulary = vocabulary
    self.settings = settings
    strokes = JamoStrokes(layouts: layouts)
  }

  /// The jamo unlocked from the start: the first ``AdaptiveSettings/startingJamo`` in
  /// frequency order, and more while they make fewer entries than a round has items.
  public var startingJamo: [String] {
    let order = vocabulary.order
    var count = min(settings.startingJamo, order.count)
    while count < order.count,
      vocabulary.entries(within: Set(order.prefix(count))).count < settings.roundLength
    {
      count += 1
    }
    return Array(order.prefix(count))
  }

  /// The time the target gives a jamo: the per-press time times its presses.
  public mutating func targetTime(of jamo: String, target: SpeedTarget) -> Milliseconds {
    target.time(presses: strokes.pressCount(of: jamo))
  }

  /// Where the learner stands.
  ///
  /// - Parameters:
  ///   - stored: The jamo unlocked so far (saved after each plan); the starting jamo are
  ///     always unlocked.
  ///   - observations: The jamo's observations on the layout practised, by jamo.
  ///   - unlocking: Unlock the next jamo if every unlocked one is confident (a new round);
  ///     `false` only looks (`stats`).
  public mutating func standing(
    unlocked stored: [String], observations: [String: UnitObservations], unlocking: Bool
  ) -> AdaptiveStanding {
    let start = Set(startingJamo)
    let storedSet = Set(stored)
    var unlocked = vocabulary.order.filter { start.contains($0) || storedSet.contains($0) }
    // A jamo saved by an earlier version of the lists stays unlocked.
    unlocked += stored.filter { !vocabulary.order.contains($0) && !unlocked.contains($0) }
    var next = vocabulary.order.first { !unlocked.contains($0) }
    var newlyUnlocked: String?
    // A letter opens when every open one reached the target the learner practised for; the
    // target may rise in the same round, so a fast learner is not held at a target they left
    // behind.
    if unlocking, settings.isTargetKnown, let candidate = next,
      allConfident(unlocked, at: settings.target, observations: observations)
    {
      unlocked.append(candidate)
      newlyUnlocked = candidate
      next = vocabulary.order.first { !unlocked.contains($0) }
    }
    let (target, change, pace) = targetInForce(unlocked: unlocked, observations: observations)
    var speeds: [String: JudgedSpeed] = [:]
    for jamo in Set(vocabulary.order).union(observations.keys) {
      speeds[jamo] = JudgedSpeed(
        observations[jamo] ?? UnitObservations(), targetTime: targetTime(of: jamo, target: target),
        rules: settings.rules)
    }
    // The first target, from the learner's pace, is judged at once.
    if unlocking, newlyUnlocked == nil, !settings.isTargetKnown, let candidate = next,
      unlocked.allSatisfy({ speeds[$0]?.isConfident ?? false })
    {
      unlocked.append(candidate)
      newlyUnlocked = candidate
      next = vocabulary.order.first { !unlocked.contains($0) }
    }
    let (focus, reason) =
      newlyUnlocked.map { ($0, FocusReason.new) } ?? weakest(unlocked, speeds: speeds)
    return AdaptiveStanding(
      unlocked: unlocked, next: next, newlyUnlocked: newlyUnlocked, focus: focus, reason: reason,
      target: target, targetChange: change, pace: pace, speeds: speeds,
      offersBlind: unlocked.contains { speeds[$0]?.isConfident ?? false },
      minimumSamples: settings.rules.minimumSamples)
  }

  /// The next round.
  ///
  /// - Parameters:
  ///   - stored: The jamo unlocked so far.
  ///   - observations: The jamo's observations, by jamo.
  ///   - seed: The round's seed (`--seed`): the same seed and history give the same round.
  public mutating func plan(
    unlocked stored: [String], observations: [String: UnitObservations], seed: UInt64
  ) -> AdaptivePlan {
    let standing = standing(unlocked: stored, observations: observations, unlocking: true)
    var generator = SeededGenerator(seed: seed)
    let candidates = vocabulary.entries(within: Set(standing.unlocked))
    let focused = standing.focus.map { focus in candidates.filter { $0.letters.contains(focus) } }
    let length = settings.roundLength
    var chosen: [String] = []
    if let focused, !focused.isEmpty {
      let wanted = Int((Double(length) * settings.focusShare).rounded())
      chosen += draw(wanted, from: focused.map(\.text), excluding: [], using: &generator)
    }
    chosen += draw(
      length - chosen.count, from: candidates.map(\.text), excluding: Set(chosen),
      using: &generator)
    // Too few entries for a whole round: the same ones again, never made-up words.
    while chosen.count < length, !candidates.isEmpty {
      chosen.append(candidates[generator.next(in: 0...(candidates.count - 1))].text)
    }
    shuffle(&chosen, using: &generator)
    let items = chosen.map { text in
      PracticeItem(lessonID: AdaptivePlan.lessonID, text: text)
    }
    return AdaptivePlan(standing: standing, items: items, seed: seed)
  }

  // MARK: - Helpers

  /// The learner's pace: the median over the unlocked jamo with enough samples of their
  /// filtered time per press, as 글자/분; `nil` before three jamo have enough samples.
  public mutating func pace(
    unlocked: [String], observations: [String: UnitObservations]
  ) -> SpeedTarget? {
    var perPress: [Milliseconds] = []
    for jamo in unlocked {
      let judged = JudgedSpeed(
        observations[jamo] ?? UnitObservations(), targetTime: 1, rules: settings.rules)
      guard judged.hasEnoughSamples, let time = judged.filteredTime else { continue }
      perPress.append(max(1, time / Milliseconds(max(1, strokes.pressCount(of: jamo)))))
    }
    guard perPress.count >= 3, let median = perPress.median, median > 0 else { return nil }
    return SpeedTarget(
      syllablesPerMinute: 60_000 / (Double(median) * SpeedTarget.pressesPerSyllable))
  }

  /// The target in force (see the type's notes), how it came about, and the learner's pace.
  private mutating func targetInForce(
    unlocked: [String], observations: [String: UnitObservations]
  ) -> (SpeedTarget, TargetChange, SpeedTarget?) {
    let target = settings.target
    guard let pace = pace(unlocked: unlocked, observations: observations) else {
      return (target, .kept, nil)
    }
    let paceSpeed = pace.syllablesPerMinute
    if !settings.isTargetKnown {
      let start = min(SpeedTarget.gentle.syllablesPerMinute, max(1, paceSpeed.rounded(.down)))
      return (SpeedTarget(syllablesPerMinute: start), .fromPace, pace)
    }
    let speed = target.syllablesPerMinute
    let isAllOpen = Set(vocabulary.order).isSubset(of: Set(unlocked))
    let isFarBelowPace = paceSpeed >= speed * (1 + settings.raiseMargin)
    guard settings.targetStep > 0,
      isFarBelowPace
        || isAllOpen && allConfident(vocabulary.order, at: target, observations: observations)
    else { return (target, .kept, pace) }
    // Never past the pace: a target the learner cannot reach would keep every letter shut.
    let raised = min(speed + settings.targetStep, paceSpeed.rounded(.down))
    guard raised > speed + 1e-9 else { return (target, .kept, pace) }
    return (SpeedTarget(syllablesPerMinute: raised), .raised, pace)
  }

  private mutating func allConfident(
    _ jamo: [String], at target: SpeedTarget, observations: [String: UnitObservations]
  ) -> Bool {
    for letter in jamo {
      let speed = JudgedSpeed(
        observations[letter] ?? UnitObservations(),
        targetTime: targetTime(of: letter, target: target), rules: settings.rules)
      if !speed.isConfident { return false }
    }
    return true
  }

  /// The weakest of `unlocked`: the least accurate of those typed wrong too often (accuracy
  /// first), then the slowest of those measured under the target (a slow letter needs the
  /// work more than a rare one needs samples), then one with too few samples to judge (the
  /// latest unlocked of those), then the slowest (the earlier in frequency order on a tie).
  private func weakest(
    _ unlocked: [String], speeds: [String: JudgedSpeed]
  ) -> (String?, FocusReason) {
    var leastAccurate: (jamo: String, accuracy: Double)?
    for jamo in unlocked {
      guard let speed = speeds[jamo], speed.hasEnoughSamples, !speed.isAccurate else { continue }
      let accuracy = speed.accuracy ?? 0
      if leastAccurate.map({ accuracy < $0.accuracy }) ?? true {
        leastAccurate = (jamo, accuracy)
      }
    }
    if let leastAccurate { return (leastAccurate.jamo, .inaccurate) }
    var slowest: (jamo: String, confidence: Double)?
    for jamo in unlocked {
      guard let confidence = speeds[jamo]?.confidence else { continue }
      if slowest.map({ confidence < $0.confidence }) ?? true { slowest = (jamo, confidence) }
    }
    if let slowest, slowest.confidence < 1 { return (slowest.jamo, .slow) }
    let unjudged = unlocked.filter { !(speeds[$0]?.hasEnoughSamples ?? false) }
    if let newest = unjudged.last { return (newest, .new) }
    guard let slowest else { return (nil, .new) }
    return (slowest.jamo, .slowest)
  }

  /// `count` texts drawn without repeats from the first ``AdaptiveSettings/pool`` of `texts`
  /// (those not excluded).
  private func draw(
    _ count: Int, from texts: [String], excluding: Set<String>,
    using generator: inout SeededGenerator
  ) -> [String] {
    var pool = Array(texts.lazy.filter { !excluding.contains($0) }.prefix(settings.pool))
    var drawn: [String] = []
    while drawn.count < count, !pool.isEmpty {
      drawn.append(pool.remove(at: generator.next(in: 0...(pool.count - 1))))
    }
    return drawn
  }

  /// Fisher–Yates with the seeded generator.
  private func shuffle(_ values: inout [String], using generator: inout SeededGenerator) {
    guard values.count > 1 else { return }
    for index in stride(from: values.count - 1, to: 0, by: -1) {
      values.swapAt(index, generator.next(in: 0...index))
    }
  }
}
