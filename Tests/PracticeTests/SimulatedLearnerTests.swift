import HangulEngine
import Practice
import Testing

/// A made-up learner at the pad, for the proof that the adaptive loop works.
///
/// Each press of a jamo takes `floor + 1 400 ms × e^(−n/40)`, where `n` is how often the
/// learner has pressed keys of that jamo before: slow at first, faster with practice. Some
/// jamo are harder (a higher floor), some transitions slower (from the ㄱㅋ key to ㆍ), and
/// the ㅅㅎ key slips one time in eight (a wrong key, then ⌫). The learner presses what the
/// plan asks for; blind mode is accepted whenever it is offered.
///
/// The slow beginner keeps a floor of 850 ms and learns at half the pace: about a
/// second a press after a few rounds, under the gentle 20 글자/분 (765 ms) for good.
struct SimulatedLearner {
  var practice: [String: Int] = [:]
  var random = SeededGenerator(seed: 2_026)
  /// The time a practised press comes down to, before the harder jamo's extra.
  var floor: Milliseconds = 380
  /// How many presses of a jamo it takes to shed most of the beginner's 1.4 s (e-folding).
  var learningPresses: Double = 40
  /// Per-press floors above the usual.
  static let harder: [String: Milliseconds] = ["ㅓ": 120, "ㄹ": 90, "ㅡ": 60]
  static let slowTransitions: Set<[String]> = [["g", "araea"], ["n", "i"]]

  /// A pause before the first press of every word, to read it (item start and after a
  /// space): reading is not typing, so it must not count against any letter.
  var readingPause: Milliseconds = 0
  /// Every press takes this long, practised or not (the scripted learners); `nil`: the curve.
  var pressTime: Milliseconds?
  /// The share of presses that hit a wrong letter key; `nil`: the ㅅㅎ key's one in eight.
  var slipRate: Double?
  /// After a slip the learner carries on as if nothing happened and hands the item in with
  /// ⏎, never pressing ⌫.
  var corrects = true

  static let slowBeginner = SimulatedLearner(floor: 850, learningPresses: 80)

  /// The three scripted learners, each reading every word for 1.4 s before typing it.
  static let fastAccurate = SimulatedLearner(readingPause: 1_400, pressTime: 250, slipRate: 0)
  static let scriptedBeginner = SimulatedLearner(
    readingPause: 1_400, pressTime: 1_000, slipRate: 0)
  static let errorProne = SimulatedLearner(
    readingPause: 1_400, pressTime: 500, slipRate: 0.15, corrects: false)

  /// How long the learner takes for the next press.
  mutating func time(jamo: String?, key: String, previous: String?) -> Milliseconds {
    if let pressTime { return pressTime }
    let letter = jamo ?? key
    let count = practice[letter, default: 0]
    practice[letter] = count + 1
    let floor = floor + (Self.harder[letter] ?? 0)
    var time =
      floor + Milliseconds((1_400 * exponential(-Double(count) / learningPresses)).rounded())
    if let previous, Self.slowTransitions.contains([previous, key]) { time += 250 }
    return time
  }

  mutating func slips(on key: String) -> Bool {
    guard let slipRate else { return key == "s" && random.next(in: 0...7) == 0 }
    return Double(random.next(in: 0...9_999)) < slipRate * 10_000
  }

  /// A letter key other than `key`, for a slip.
  mutating func wrongKey(instead key: String) -> String {
    guard slipRate != nil else { return "j" }
    let others = ["i", "araea", "eu", "g", "n", "d", "b", "s", "j", "o"].filter { $0 != key }
    return others[random.next(in: 0...(others.count - 1))]
  }
}

/// `e^x` for the learner's curve, by its series (the module has no Foundation).
func exponential(_ x: Double) -> Double {
  guard x > -30 else { return 0 }
  var term = 1.0
  var sum = 1.0
  for n in 1...60 {
    term *= x / Double(n)
    sum += term
  }
  return max(0, sum)
}

/// One round of the simulation, as the progression table shows it.
struct RoundReport {
  var round: Int
  var unlocked: [String]
  var newlyUnlocked: String?
  var focus: String?
  var reason: FocusReason
  var confidences: [(String, Double?)]
  var offersBlind: Bool
  var isBlind: Bool
  var allConfidentBefore: Bool
  /// The lowest confidence of the jamo with enough samples to judge.
  var weakestConfidence: Double?
  /// The target the round was planned with, and how it came about.
  var target: Double
  var targetChange: TargetChange
  /// The letters the summary after this round calls learned
  /// (``AdaptiveStanding/learned(after:goals:)``), and the round's keys right.
  var learned: [String]
  var keysRight: Double
  /// Items typed in the round.
  var itemsTyped: Int

  var line: String {
    let shown = confidences.map { jamo, confidence in
      "\(jamo)\(confidence.map { String(Int(($0 * 100).rounded())) } ?? "–")"
    }.joined(separator: " ")
    let reasonText =
      switch reason {
      case .new: "new"
      case .inaccurate: "inaccurate"
      case .slow: "slow"
      case .slowest: "slowest"
      }
    return "| \(round) | \(unlocked.count): \(unlocked.joined()) | \(newlyUnlocked ?? "") | "
      + "\(focus ?? "") (\(reasonText)) | \(Int(target)) \(targetChange.rawValue) | "
      + "\(isBlind ? "blind" : "") | \(shown) |"
  }
}

/// Runs the learner through `rounds` adaptive rounds; the plan of each round comes from the
/// presses of the rounds before and the target saved after the last, exactly as `cheonjiin
/// practice --adaptive` plans them (``PracticeController/beginAdaptive()``).
func simulate(rounds: Int, learner start: SimulatedLearner = SimulatedLearner()) throws
  -> [RoundReport]
{
  let layouts = galaxyLayouts
  var book = SpeedBook()
  var unlocked: [String] = []
  var savedTarget: SpeedTarget?
  var learner = start
  var now: Milliseconds = 1_000
  var reports: [RoundReport] = []
  var blindOffered = false
  var strokes = JamoStrokes(layouts: layouts)
  for round in 1...rounds {
    let observations = book.jamo(layoutID: "cheonjiin-galaxy")
    var settings = AdaptiveSettings()
    if let savedTarget {
      settings.target = savedTarget
      settings.isTargetKnown = true
    }
    var planner = AdaptivePlanner(
      vocabulary: shippedVocabulary, layouts: layouts, settings: settings)
    // Before the plan: was every open jamo at the target it was practised for?
    let allConfidentBefore = unlocked.allSatisfy { jamo in
      JudgedSpeed(
        observations[jamo] ?? UnitObservations(),
        targetTime: settings.target.time(presses: strokes.pressCount(of: jamo))
      ).isConfident
    }
    let plan = planner.plan(unlocked: unlocked, observations: observations, seed: UInt64(round))
    unlocked = plan.standing.unlocked
    if plan.standing.targetChange != .kept { savedTarget = plan.standing.target }
    let isBlind = blindOffered  // accepted as soon as it was offered at the end of a round
    var session = PracticeSession(
      layouts: layouts, lessonID: AdaptivePlan.lessonID, policy: isBlind ? .blind : .gentle)
    var lessonRound = LessonRound(items: plan.items)
    var itemsTyped = 0
    while let item = lessonRound.current {
      itemsTyped += 1
      var engine = try session.start(item, at: now)
      var previous: String?
      var presses = 0
      while session.phase == .typing, let cue = session.cue, presses < 200 {
        if cue.kind == .correction, !learner.corrects {
          session.submit(at: now + 500)
          break
        }
        let beginsWord = presses == 0 || session.typed.last == " "
        presses += 1
        let key = layouts[cue.layout].keys[cue.key].id
        var press = KeyPress(layout: cue.layout, key: cue.key, isHold: cue.isHold)
        if cue.kind == .next, learner.slips(on: key) {
          let wrongID = learner.wrongKey(instead: key)
          if let wrong = layouts[cue.layout].keys.firstIndex(where: { $0.id == wrongID }) {
            press = KeyPress(layout: cue.layout, key: wrong)
          }
        }
        if beginsWord { now += learner.readingPause }
        now += learner.time(jamo: session.cuedJamo, key: key, previous: previous)
        previous = key
        _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
        session.record(press, engine: engine, at: now)
      }
      book.add(session.results.last?.pressRecords ?? [])
      lessonRound.advance()
      now += 1_000
    }
    let speeds = plan.standing.speeds
    // Where the learner stands after the round, as its summary says it.
    var after = AdaptivePlanner(
      vocabulary: shippedVocabulary, layouts: layouts, settings: settings)
    if plan.standing.targetChange != .kept {
      after.settings.target = plan.standing.target
      after.settings.isTargetKnown = true
    }
    let roundStanding = after.standing(
      unlocked: unlocked, observations: book.jamo(layoutID: "cheonjiin-galaxy"), unlocking: true)
    reports.append(
      RoundReport(
        round: round, unlocked: plan.standing.unlocked, newlyUnlocked: plan.standing.newlyUnlocked,
        focus: plan.standing.focus, reason: plan.standing.reason,
        confidences: plan.standing.unlocked.map { ($0, speeds[$0]?.confidence) },
        offersBlind: plan.standing.offersBlind, isBlind: isBlind,
        allConfidentBefore: allConfidentBefore || plan.standing.targetChange == .fromPace,
        weakestConfidence: plan.standing.unlocked.compactMap { speeds[$0]?.confidence }.min(),
        target: plan.standing.target.syllablesPerMinute, targetChange: plan.standing.targetChange,
        learned: roundStanding.learned(after: session.totals),
        keysRight: session.totals.keysRight ?? 0, itemsTyped: itemsTyped))
    blindOffered = blindOffered || plan.standing.offersBlind
  }
  return reports
}

@Suite("A simulated learner")
struct SimulatedLearnerTests {
  @Test(
    "unlocking follows frequency order; nothing unlocks under target; the focus is the slowest; blind only after confidence"
  )
  func progression() throws {
    let reports = try simulate(rounds: 60)
    let order = shippedVocabulary.order
    print(
      "| round | unlocked | new | focus (why) | target | mode | confidence ×100 of each unlocked jamo |"
    )
    print("|---|---|---|---|---|---|---|")
    for report in reports { print(report.line) }
    for report in reports {
      // In frequency order, always a prefix of it.
      #expect(
        Array(order.prefix(report.unlocked.count)) == report.unlocked, "round \(report.round)")
      if report.newlyUnlocked != nil {
        #expect(
          report.allConfidentBefore, "round \(report.round) unlocked while a jamo was under target")
      }
      // The focus is the weakest: the slowest judged, before those too new to judge.
      if let focus = report.focus, report.reason != .new {
        let confidence = report.confidences.first { $0.0 == focus }?.1 ?? nil
        #expect(confidence == report.weakestConfidence, "round \(report.round)")
      }
      if report.reason == .new, report.newlyUnlocked == nil {
        #expect((report.weakestConfidence ?? 1) >= 1, "round \(report.round): a slow jamo waited")
      }
      if report.isBlind {
        #expect(reports.contains { $0.round < report.round && $0.offersBlind })
      }
      if report.offersBlind {
        #expect(report.confidences.contains { ($0.1 ?? 0) >= 1 }, "round \(report.round)")
      }
    }
    let last = try #require(reports.last)
    #expect(last.unlocked.count > 6, "the learner should have unlocked jamo in 60 rounds")
    #expect(Set(reports.compactMap(\.focus)).count > 3, "the focus should move")
    #expect(reports.first?.isBlind == false)
    #expect(reports.contains { $0.isBlind })
  }

  /// A slow beginner advances too.
  ///
  /// At a second a press every letter sits at 0.76 of the gentle 20 글자/분, so against that
  /// target nothing would ever unlock; the target starts at the learner's own pace.
  @Test("a slow beginner, about a second a press, advances: the target starts at their pace")
  func slowBeginner() throws {
    let reports = try simulate(rounds: 40, learner: .slowBeginner)
    print("Slow beginner:")
    print(
      "| round | unlocked | new | focus (why) | target | mode | confidence ×100 of each unlocked jamo |"
    )
    print("|---|---|---|---|---|---|---|")
    for report in reports { print(report.line) }
    let order = shippedVocabulary.order
    for report in reports {
      #expect(Array(order.prefix(report.unlocked.count)) == report.unlocked)
      if report.newlyUnlocked != nil {
        #expect(report.allConfidentBefore, "round \(report.round) unlocked under the target")
      }
    }
    let first = try #require(reports.first { $0.targetChange == .fromPace })
    #expect(first.target < 20, "the first target comes from the learner's pace: \(first.target)")
    let last = try #require(reports.last)
    #expect(last.unlocked.count >= 9, "a slow beginner should advance: \(last.unlocked)")
    #expect(last.target < 20, "the target never runs away from a slow learner: \(last.target)")
  }

  /// Prints a learner's rounds as the progression table.
  static func show(_ name: String, _ reports: [RoundReport]) {
    print("\(name):")
    print(
      "| round | unlocked | new | focus (why) | target | mode | confidence ×100 of each unlocked jamo |"
    )
    print("|---|---|---|---|---|---|---|")
    for report in reports { print(report.line) }
  }

  @Test("a slow beginner, a second a press and a pause to read every word, opens letters")
  func scriptedBeginner() throws {
    let reports = try simulate(rounds: 12, learner: .scriptedBeginner)
    Self.show("Scripted slow beginner", reports)
    let first = try #require(reports.first)
    let last = try #require(reports.last)
    #expect(
      last.unlocked.count >= first.unlocked.count + 3,
      "reading each word must not hold letters back: \(last.unlocked)")
    #expect(reports.allSatisfy { $0.itemsTyped == AdaptiveSettings().roundLength })
  }

  @Test(
    "an error-prone learner (15 % wrong keys, never corrected) opens nothing and is never praised")
  func errorProne() throws {
    let reports = try simulate(rounds: 12, learner: .errorProne)
    Self.show("Error-prone learner", reports)
    let first = try #require(reports.first)
    for report in reports {
      #expect(report.newlyUnlocked == nil, "round \(report.round) opened a letter")
      #expect(report.unlocked == first.unlocked)
      #expect(report.learned.isEmpty, "round \(report.round) called \(report.learned) learned")
      #expect(report.itemsTyped == AdaptiveSettings().roundLength)
    }
    #expect(reports.contains { $0.reason == .inaccurate }, "the focus names what to fix")
    // About 85 % of the keys were right: the figure says so.
    let keysRight = reports.map(\.keysRight).reduce(0, +) / Double(reports.count)
    print("error-prone learner: keys right \(keysRight)")
    #expect((0.8...0.9).contains(keysRight), "\(keysRight)")
  }

  @Test("a fast, accurate learner's target rises with them and every letter opens")
  func fastAccurate() throws {
    let reports = try simulate(rounds: 60, learner: .fastAccurate)
    Self.show("Fast accurate learner", reports)
    let last = try #require(reports.last)
    // Past 20 while letters remain to open.
    #expect(
      reports.contains {
        $0.targetChange == .raised && $0.target > 20
          && $0.unlocked.count < shippedVocabulary.order.count
      })
    #expect(last.target >= 30, "the target follows a fast learner: \(last.target)")
    let allOpen = reports.first { $0.unlocked.count == shippedVocabulary.order.count }
    print("every letter open in round \(allOpen?.round ?? -1)")
    // 250 ms a press (about 60 글자/분), one letter a round at best: all open within 55.
    #expect((allOpen?.round ?? .max) <= 55, "every letter should open: \(last.unlocked)")
    #expect(reports.allSatisfy { $0.itemsTyped == AdaptiveSettings().roundLength })
  }
}
