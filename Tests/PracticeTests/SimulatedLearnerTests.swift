import HangulEngine
import Practice
import Testing

/// A made-up learner at the pad, for the proof that the adaptive loop works (issue 13).
///
/// Each press of a jamo takes `floor + 1 400 ms × e^(−n/40)`, where `n` is how often the
/// learner has pressed keys of that jamo before: slow at first, faster with practice. Some
/// jamo are harder (a higher floor), some transitions slower (from the ㄱㅋ key to ㆍ), and
/// the ㅅㅎ key slips one time in eight (a wrong key, then ⌫). The learner presses what the
/// plan asks for; blind mode is accepted whenever it is offered.
struct SimulatedLearner {
  var practice: [String: Int] = [:]
  var random = SeededGenerator(seed: 2_026)
  /// Per-press floors above the usual 380 ms.
  static let harder: [String: Milliseconds] = ["ㅓ": 120, "ㄹ": 90, "ㅡ": 60]
  static let slowTransitions: Set<[String]> = [["g", "araea"], ["n", "i"]]

  /// How long the learner takes for the next press.
  mutating func time(jamo: String?, key: String, previous: String?) -> Milliseconds {
    let letter = jamo ?? key
    let count = practice[letter, default: 0]
    practice[letter] = count + 1
    let floor = 380 + (Self.harder[letter] ?? 0)
    var time = floor + Milliseconds((1_400 * exponential(-Double(count) / 40)).rounded())
    if let previous, Self.slowTransitions.contains([previous, key]) { time += 250 }
    return time
  }

  mutating func slips(on key: String) -> Bool {
    key == "s" && random.next(in: 0...7) == 0
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
  var weakestConfidence: Double?

  var line: String {
    let shown = confidences.map { jamo, confidence in
      "\(jamo)\(confidence.map { String(Int(($0 * 100).rounded())) } ?? "–")"
    }.joined(separator: " ")
    let reasonText =
      switch reason {
      case .new: "new"
      case .slow: "slow"
      case .slowest: "slowest"
      }
    return "| \(round) | \(unlocked.count): \(unlocked.joined()) | \(newlyUnlocked ?? "") | "
      + "\(focus ?? "") (\(reasonText)) | \(isBlind ? "blind" : "") | \(shown) |"
  }
}

/// Runs the learner through `rounds` adaptive rounds; the plan of each round comes from the
/// presses of the rounds before, exactly as `cheonjiin practice --adaptive` plans them.
func simulate(rounds: Int) throws -> [RoundReport] {
  let layouts = galaxyLayouts
  var planner = AdaptivePlanner(
    vocabulary: shippedVocabulary, layouts: layouts, settings: AdaptiveSettings())
  var book = SpeedBook()
  var unlocked: [String] = []
  var learner = SimulatedLearner()
  var now: Milliseconds = 1_000
  var reports: [RoundReport] = []
  var blindOffered = false
  for round in 1...rounds {
    let observations = book.jamo(layoutID: "cheonjiin-galaxy")
    let before = planner.standing(unlocked: unlocked, observations: observations, unlocking: false)
    let plan = planner.plan(unlocked: unlocked, observations: observations, seed: UInt64(round))
    unlocked = plan.standing.unlocked
    let isBlind = blindOffered  // accepted as soon as it was offered at the end of a round
    var session = PracticeSession(
      layouts: layouts, lessonID: AdaptivePlan.lessonID, policy: isBlind ? .blind : .gentle)
    for item in plan.items {
      var engine = try session.start(item, at: now)
      var previous: String?
      var presses = 0
      while session.phase == .typing, let cue = session.cue, presses < 200 {
        presses += 1
        let key = layouts[cue.layout].keys[cue.key].id
        var press = KeyPress(layout: cue.layout, key: cue.key, isHold: cue.isHold)
        if cue.kind == .next, learner.slips(on: key),
          let wrong = layouts[cue.layout].keys.firstIndex(where: { $0.id == "j" })
        {
          press = KeyPress(layout: cue.layout, key: wrong)
        }
        now += learner.time(jamo: session.cuedJamo, key: key, previous: previous)
        previous = key
        _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
        session.record(press, engine: engine, at: now)
      }
      book.add(session.results.last?.pressRecords ?? [])
      now += 1_000
    }
    let speeds = plan.standing.speeds
    reports.append(
      RoundReport(
        round: round, unlocked: plan.standing.unlocked, newlyUnlocked: plan.standing.newlyUnlocked,
        focus: plan.standing.focus, reason: plan.standing.reason,
        confidences: plan.standing.unlocked.map { ($0, speeds[$0]?.confidence) },
        offersBlind: plan.standing.offersBlind, isBlind: isBlind,
        allConfidentBefore: before.unlocked.allSatisfy { before.speeds[$0]?.isConfident ?? false },
        weakestConfidence: plan.standing.unlocked.map { speeds[$0]?.confidence ?? 0 }.min()))
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
    print("| round | unlocked | new | focus (why) | mode | confidence ×100 of each unlocked jamo |")
    print("|---|---|---|---|---|---|")
    for report in reports { print(report.line) }
    for report in reports {
      // In frequency order, always a prefix of it.
      #expect(
        Array(order.prefix(report.unlocked.count)) == report.unlocked, "round \(report.round)")
      if report.newlyUnlocked != nil {
        #expect(
          report.allConfidentBefore, "round \(report.round) unlocked while a jamo was under target")
      }
      // The focus is the weakest: unjudged first, else the lowest confidence.
      if let focus = report.focus, report.reason != .new {
        let confidence = report.confidences.first { $0.0 == focus }?.1 ?? nil
        #expect(confidence == report.weakestConfidence, "round \(report.round)")
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
}
