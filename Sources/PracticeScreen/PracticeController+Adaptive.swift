import HangulEngine
import Practice
import ReportViews
import TerminalUI
import Typing
import Utilities

/// What the command line sets up for the adaptive round (맞춤 연습).
public struct AdaptiveSetup: Sendable {
  public var vocabulary: AdaptiveVocabulary
  public var settings: AdaptiveSettings
  /// The first round's seed (`--seed`); each further round of the same run adds one.
  public var seed: UInt64
  /// Start with the keys' labels hidden (`--blind`).
  public var isBlind: Bool
  /// Show the round's speed on the status line (`--speed-line`); off by default.
  public var showsSpeed: Bool
  /// The learner asked for ``AdaptiveSettings/target`` (`--target`): it is saved as theirs.
  public var isTargetAsked: Bool

  public init(
    vocabulary: AdaptiveVocabulary, settings: AdaptiveSettings, seed: UInt64,
    isBlind: Bool = false, showsSpeed: Bool = false, isTargetAsked: Bool = false
  ) {
    self.vocabulary = vocabulary
    self.settings = settings
    self.seed = seed
    self.isBlind = isBlind
    self.showsSpeed = showsSpeed
    self.isTargetAsked = isTargetAsked
  }
}

/// The adaptive round while practice runs: its planner, how many rounds were planned, and
/// whether the labels are hidden.
package struct AdaptiveRun {
  package var setup: AdaptiveSetup
  package var planner: AdaptivePlanner
  var roundsPlanned = 0
  package var isBlind: Bool
  /// The round being typed, or the last one.
  package var plan: AdaptivePlan?
  /// The summary on screen offers blind practice (B).
  var isOfferingBlind = false

  package init(setup: AdaptiveSetup, layouts: [Layout]) {
    self.setup = setup
    planner = AdaptivePlanner(
      vocabulary: setup.vocabulary, layouts: layouts, settings: setup.settings)
    isBlind = setup.isBlind
  }
}

extension PracticeController {
  /// The layout the adaptive round practises and stores its unlocked jamo for.
  var adaptiveLayoutID: String { keypad.engine.layouts.first?.id ?? "" }

  /// Whether the round under way (or just ended) is the adaptive one.
  var isAdaptiveRound: Bool { lesson?.id == AdaptivePlan.lessonID && adaptive != nil }

  /// The planner with the learner's saved target (the one ``beginAdaptive(from:)`` saved
  /// last).
  private func plannerWithSavedTarget(_ run: AdaptiveRun) -> AdaptivePlanner {
    var planner = run.planner
    if let saved = snapshot.adaptiveTarget {
      planner.settings.target = saved.target
      planner.settings.isTargetKnown = true
    }
    return planner
  }

  /// Saves the target `--target` asked for as the learner's, before the first round (which
  /// waits for the file's first reading, after this write).
  mutating func saveAskedTarget() {
    guard let setup = adaptive?.setup, setup.isTargetAsked else { return }
    save(
      .saveAdaptiveTarget(setup.settings.target, setByLearner: true, layoutID: adaptiveLayoutID))
  }

  /// Plans and starts an adaptive round: the next jamo unlocks if every unlocked one is
  /// confident, the target follows the learner's pace, and the round works on the weakest.
  ///
  /// Planned from the file as last read, which every lesson's end reads again.
  mutating func beginAdaptive(from origin: StartOrigin) {
    guard var run = adaptive else { return }
    let stored = snapshot.unlockedJamo
    var planner = plannerWithSavedTarget(run)
    let plan = planner.plan(
      unlocked: stored, observations: snapshot.jamoObservations,
      seed: run.setup.seed &+ UInt64(run.roundsPlanned))
    run.roundsPlanned += 1
    run.plan = plan
    run.isOfferingBlind = false
    adaptive = run
    // The snapshot follows these writes: a round that turns out empty reads nothing again.
    if plan.standing.unlocked != stored {
      save(.saveUnlockedJamo(plan.standing.unlocked, layoutID: adaptiveLayoutID))
      snapshot.unlockedJamo = plan.standing.unlocked
    }
    // A target raised stays the learner's if they set it; one from their pace is the pace's.
    let setByLearner: Bool?
    switch plan.standing.targetChange {
    case .kept: setByLearner = nil
    case .fromPace: setByLearner = false
    case .raised: setByLearner = snapshot.adaptiveTarget?.isSetByLearner ?? false
    }
    if let setByLearner {
      save(
        .saveAdaptiveTarget(
          plan.standing.target, setByLearner: setByLearner, layoutID: adaptiveLayoutID))
      snapshot.adaptiveTarget = (plan.standing.target, setByLearner)
    }
    let lesson = Lesson(
      id: AdaptivePlan.lessonID, stage: .words, title: strings.adaptiveTitle(isBlind: run.isBlind),
      summary: strings.adaptiveFocus(plan.standing), items: plan.items)
    begin(lesson, items: plan.items, policy: run.isBlind ? .blind : .gentle, from: origin)
  }

  /// Turns blind practice on for the next rounds.
  mutating func startBlind() {
    adaptive?.isBlind = true
    adaptive?.isOfferingBlind = false
  }

  /// Where the learner stands after the round just typed, as the next round will find it
  /// (what `stats` and `practice --plan` say too): nothing is saved.
  mutating func adaptiveStandingNow() -> AdaptiveStanding? {
    guard let run = adaptive else { return nil }
    var planner = plannerWithSavedTarget(run)
    return planner.standing(
      unlocked: snapshot.unlockedJamo, observations: snapshot.jamoObservations, unlocking: true)
  }

  /// The lines the summary adds after an adaptive round: where the learner stands (the same
  /// lines as `stats`), and, after an accurate round, the offer to hide the labels.
  mutating func adaptiveSummary(_ standing: AdaptiveStanding?, round: ResultTotals) -> [String] {
    guard isAdaptiveRound, let standing else { return [] }
    var lines = strings.adaptiveStandingLines(standing)
    let learned = standing.learned(after: round)
    if standing.offersBlind, !learned.isEmpty, !(adaptive?.isBlind ?? false) {
      lines.append(strings.adaptiveBlindOffer(learned))
      adaptive?.isOfferingBlind = true
    }
    return lines
  }

  /// Whether the summary on screen offers blind practice (B).
  package var offersBlind: Bool {
    guard isAdaptiveRound, adaptive?.isOfferingBlind ?? false, case .summary = mode else {
      return false
    }
    return true
  }

  /// The calm speed of the adaptive round for the status line, when asked for
  /// (`--speed-line`) and once an item is done; never a countdown.
  func adaptiveSpeedLine() -> String? {
    guard isAdaptiveRound, let run = adaptive, run.setup.showsSpeed, let session,
      !session.results.isEmpty
    else { return nil }
    return strings.adaptiveSpeed(
      session.totals.syllablesPerMinute,
      target: run.plan?.standing.target ?? run.setup.settings.target)
  }

  /// The pad as drawn: in blind practice the letter keys keep their place and shape but lose
  /// their labels, digits and corner hints.
  func drawnPad() -> (layout: Layout, hints: (keys: [Int: String], id: Int)) {
    let layout = keypad.layout
    guard isAdaptiveRound, adaptive?.isBlind ?? false else {
      return (layout, (keypad.hints, keypad.hintsID))
    }
    var blind = layout
    // Its own id, so the pad's drawings at rest are kept apart from the labelled ones.
    blind.id += "#blind"
    for index in blind.keys.indices where Self.isLetter(blind.keys[index]) {
      blind.keys[index].label = ""
      blind.keys[index].secondLabel = nil
      blind.keys[index].hold = nil
    }
    let hints = keypad.hints.filter { key, _ in
      !(layout.keys[safe: key].map(Self.isLetter) ?? false)
    }
    return (blind, (hints, keypad.hintsID))
  }

  private static func isLetter(_ key: LayoutKey) -> Bool {
    switch key.style {
    case .letter: true
    case .function, .accent: false
    }
  }
}
