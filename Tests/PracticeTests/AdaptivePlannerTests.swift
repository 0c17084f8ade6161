import HangulEngine
import Practice
import Testing

/// Observations of a unit typed `samples` times in `time` each.
func observed(_ time: Milliseconds, samples: Int = 15, wrong: Int = 0) -> UnitObservations {
  UnitObservations(
    tally: UnitTally(
      presses: samples, wrong: wrong, samples: samples, totalTime: time * Milliseconds(samples)),
    recent: Array(repeating: time, count: min(samples, 15)))
}

@Suite("The adaptive planner")
struct AdaptivePlannerTests {
  /// A planner with the learner's target known (20 글자/분 unless `settings` say otherwise).
  func planner(
    _ vocabulary: AdaptiveVocabulary = shippedVocabulary,
    settings: AdaptiveSettings = AdaptiveSettings(isTargetKnown: true)
  )
    -> AdaptivePlanner
  {
    AdaptivePlanner(vocabulary: vocabulary, layouts: galaxyLayouts, settings: settings)
  }

  /// Every jamo of `jamo` at `time` per press of its group (confident below 765 ms).
  func uniform(_ jamo: [String], perPress time: Milliseconds) -> [String: UnitObservations] {
    var strokes = JamoStrokes(layouts: galaxyLayouts)
    var result: [String: UnitObservations] = [:]
    for letter in jamo {
      result[letter] = observed(time * Milliseconds(strokes.pressCount(of: letter)))
    }
    return result
  }

  @Test("jamo unlock in frequency order from the shipped lists, six to start")
  func order() {
    #expect(shippedVocabulary.order.prefix(8) == ["ㅇ", "ㅏ", "ㄴ", "ㄱ", "ㅣ", "ㄹ", "ㅓ", "ㅡ"])
    #expect(shippedVocabulary.order.count == 40)
    #expect(planner().startingJamo == ["ㅇ", "ㅏ", "ㄴ", "ㄱ", "ㅣ", "ㄹ"])
  }

  @Test("a first round: real words of the unlocked jamo only, most with the focus, reproducible")
  func firstRound() {
    var planner = planner()
    let plan = planner.plan(unlocked: [], observations: [:], seed: 7)
    #expect(plan.standing.unlocked == ["ㅇ", "ㅏ", "ㄴ", "ㄱ", "ㅣ", "ㄹ"])
    #expect(plan.standing.newlyUnlocked == nil)
    #expect(plan.standing.focus == "ㄹ")  // none judged yet: the newest first
    #expect(plan.standing.reason == .new)
    #expect(!plan.standing.offersBlind)
    #expect(plan.items.count == 10)
    let words = Set(shippedVocabulary.entries.map(\.text))
    let unlocked = Set(plan.standing.unlocked)
    for item in plan.items {
      #expect(words.contains(item.target), "\(item.target) is not in the lists")
      #expect(Set(JamoUnits.letters(of: item.target)).isSubset(of: unlocked), "\(item.target)")
      #expect(item.id == "adaptive:\(item.target)")
    }
    #expect(
      plan.items.filter { $0.target.contains { JamoUnits.letters(of: String($0)).contains("ㄹ") } }
        .count >= 7)
    #expect(Set(plan.items.map(\.target)).count == 10)
    #expect(planner.plan(unlocked: [], observations: [:], seed: 7).items == plan.items)
    #expect(planner.plan(unlocked: [], observations: [:], seed: 8).items != plan.items)
  }

  @Test("no jamo unlocks while one is under the target; the next unlocks once all are confident")
  func unlocking() {
    var planner = planner()
    let start = planner.startingJamo
    var observations = uniform(start, perPress: 600)
    observations["ㄱ"] = observed(900)  // ㄱ: one press, slower than 765 ms
    let waiting = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(waiting.newlyUnlocked == nil)
    #expect(waiting.unlocked == start)
    #expect(waiting.focus == "ㄱ" && waiting.reason == .slow)
    #expect(waiting.next == "ㅓ")
    observations["ㄱ"] = observed(700)
    let opened = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(opened.newlyUnlocked == "ㅓ")
    #expect(opened.unlocked == start + ["ㅓ"])
    #expect(opened.focus == "ㅓ" && opened.reason == .new)  // just unlocked: practised first
    // Looking (stats) unlocks nothing.
    #expect(
      planner.standing(unlocked: start, observations: observations, unlocking: false).newlyUnlocked
        == nil)
    // Too few samples is not confident either.
    observations["ㄴ"] = observed(400, samples: 4)
    #expect(
      planner.standing(unlocked: start, observations: observations, unlocking: true).newlyUnlocked
        == nil)
  }

  @Test("the focus is the slowest jamo, and typing without labels is offered once one is confident")
  func focusAndBlind() {
    var planner = planner()
    let start = planner.startingJamo
    var observations = uniform(start, perPress: 900)  // all slow
    observations["ㅣ"] = observed(1_500)  // the slowest (one press)
    let slow = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(slow.focus == "ㅣ" && slow.reason == .slow)
    #expect(!slow.offersBlind)
    observations["ㅇ"] = observed(500)
    let one = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(one.offersBlind)
    #expect(one.confident == ["ㅇ"])
    // All at the target (765 ms; 700 is under the 15 % that raises it): the slowest.
    observations = uniform(start, perPress: 700)
    observations["ㄴ"] = observed(740)
    #expect(
      planner.standing(unlocked: start, observations: observations, unlocking: false).focus == "ㄴ")
    #expect(
      planner.standing(unlocked: start, observations: observations, unlocking: false).reason
        == .slowest)
  }

  @Test("a learner without a target gets one from their own pace: 1 s a press sets 15")
  func targetFromPace() {
    var beginner = planner(settings: AdaptiveSettings())
    let start = beginner.startingJamo
    let slow = beginner.standing(
      unlocked: start, observations: uniform(start, perPress: 1_000), unlocking: true)
    #expect(slow.target.syllablesPerMinute == 15)  // 60 000 ÷ (1 000 × 3.92) = 15.3
    #expect(slow.targetChange == .fromPace)
    #expect(abs((slow.pace?.syllablesPerMinute ?? 0) - 15.3) < 0.1)
    // At their own pace most letters are confident; the slowest is the work.
    var observations = uniform(start, perPress: 1_000)
    observations["ㄱ"] = observed(1_400)
    let mixed = beginner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(mixed.focus == "ㄱ" && mixed.reason == .slow)
    #expect(mixed.confident.count == start.count - 1)
    // A fast learner starts at the gentle 20, never above.
    let quick = beginner.standing(
      unlocked: start, observations: uniform(start, perPress: 400), unlocking: true)
    #expect(quick.target.syllablesPerMinute == 20 && quick.targetChange == .fromPace)
    // Before three letters have their samples there is no pace: the gentle default stays.
    let early = beginner.standing(
      unlocked: start, observations: uniform(["ㅇ", "ㅏ"], perPress: 1_000), unlocking: true)
    #expect(early.target.syllablesPerMinute == 20 && early.targetChange == .kept)
    #expect(early.pace == nil)
  }

  @Test(
    "the target rises as the learner gets faster, a step a round, never above their pace, never down, with no cap while letters remain"
  )
  func risingTarget() {
    var learner = planner(
      settings: AdaptiveSettings(
        target: SpeedTarget(syllablesPerMinute: 15), isTargetKnown: true))
    let start = learner.startingJamo
    func target(_ perPress: Milliseconds) -> (Double, TargetChange) {
      let standing = learner.standing(
        unlocked: start, observations: uniform(start, perPress: perPress), unlocking: false)
      return (standing.target.syllablesPerMinute, standing.targetChange)
    }
    // A round that opens a letter raises it too: a fast learner is not held back.
    let opening = learner.standing(
      unlocked: start, observations: uniform(start, perPress: 800), unlocking: true)
    #expect(opening.newlyUnlocked == "ㅓ" && opening.targetChange == .raised)
    #expect(opening.target.syllablesPerMinute == 17)
    #expect(target(1_000) == (15, .kept))  // pace 15.3: at the target
    #expect(target(800) == (17, .raised))  // pace 19.1, 15 % above: one step
    #expect(target(100) == (17, .raised))  // one step a round, however fast
    #expect(target(2_000) == (15, .kept))  // slower: the target never falls by itself
    // Past the gentle 20 while letters remain to open: the target follows a fast learner.
    var fast = planner(
      settings: AdaptiveSettings(target: SpeedTarget(syllablesPerMinute: 19), isTargetKnown: true))
    #expect(
      fast.standing(unlocked: start, observations: uniform(start, perPress: 300), unlocking: false)
        .target.syllablesPerMinute == 21)
    var atGentle = planner()
    let gentle = atGentle.standing(
      unlocked: start, observations: uniform(start, perPress: 300), unlocking: false)
    #expect(gentle.targetChange == .raised && gentle.target.syllablesPerMinute == 22)
    // Every letter open and at the target raises it too, but not above the pace.
    var small = planner(
      AdaptiveVocabulary(texts: ["아이", "이", "아", "오이", "아우", "우유"]),
      settings: AdaptiveSettings(isTargetKnown: true, startingJamo: 3, roundLength: 2))
    let all = small.vocabulary.order
    let open = small.standing(
      unlocked: all, observations: uniform(all, perPress: 700), unlocking: true)
    #expect(open.target.syllablesPerMinute == 21 && open.targetChange == .raised)  // pace 21.9
    var someSlow = uniform(all, perPress: 700)
    someSlow["ㅜ"] = observed(2_000)
    #expect(
      small.standing(unlocked: all, observations: someSlow, unlocking: true).target
        .syllablesPerMinute == 20)
  }

  @Test(
    "a letter opens and is called learned only when typed accurately: 90 % of its latest 30 presses right"
  )
  func accuracyUnlocks() {
    var planner = planner()
    let start = planner.startingJamo
    var observations = uniform(start, perPress: 300)  // all fast
    // ㄴ fast but 3 of its 15 presses wrong (80 %): not learned, and the focus.
    observations["ㄴ"] = observed(300, wrong: 3)
    let waiting = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(waiting.newlyUnlocked == nil)
    #expect(waiting.focus == "ㄴ" && waiting.reason == .inaccurate)
    #expect(!waiting.confident.contains("ㄴ") && waiting.confident.count == start.count - 1)
    #expect(waiting.speeds["ㄴ"]?.accuracy == 0.8)
    // The latest presses count, not all of them: 19 of the latest 20 right opens ㅓ.
    observations["ㄴ"]?.recentRight = [false] + Array(repeating: true, count: 19)
    let opened = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(opened.newlyUnlocked == "ㅓ")
    #expect(opened.confident.contains("ㄴ"))
    // 17 of 20 (85 %) is not enough.
    observations["ㄴ"]?.recentRight =
      Array(repeating: false, count: 3) + Array(repeating: true, count: 17)
    #expect(
      planner.standing(unlocked: start, observations: observations, unlocking: true)
        .newlyUnlocked == nil)
    // The book keeps each press's rightness, newest first.
    var book = SpeedBook()
    for isRight in [true, false, true] {
      book.add(
        PressRecord(
          key: galaxyRef("n"), previousKey: nil, interval: nil, isCueShown: true,
          isRight: isRight, isTimed: false, jamo: "ㄴ"))
    }
    #expect(book.jamo(layoutID: "cheonjiin-galaxy")["ㄴ"]?.recentRight == [true, false, true])
  }

  @Test("a slow letter outranks a letter with few samples; new letters come first")
  func slowBeforeUnjudged() {
    var planner = planner()
    let start = planner.startingJamo
    var observations = uniform(start, perPress: 700)
    observations["ㄱ"] = observed(900)  // slow: 765 ms is the target
    observations["ㄹ"] = observed(500, samples: 2)  // too few to judge
    let standing = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(standing.focus == "ㄱ" && standing.reason == .slow)
    observations["ㄱ"] = observed(740)
    let next = planner.standing(unlocked: start, observations: observations, unlocking: true)
    #expect(next.focus == "ㄹ" && next.reason == .new)
  }

}
