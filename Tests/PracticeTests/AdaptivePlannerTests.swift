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
  func planner(
    _ vocabulary: AdaptiveVocabulary = shippedVocabulary,
    settings: AdaptiveSettings = AdaptiveSettings()
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
    observations = uniform(start, perPress: 500)
    observations["ㄴ"] = observed(700)
    #expect(
      planner.standing(unlocked: start, observations: observations, unlocking: false).focus == "ㄴ")
    #expect(
      planner.standing(unlocked: start, observations: observations, unlocking: false).reason
        == .slowest)
  }

  @Test("the target rises a little once every jamo is unlocked and confident, never past +10")
  func risingTarget() {
    var small = planner(
      AdaptiveVocabulary(texts: ["아이", "이", "아", "오이", "아우", "우유"]),
      settings: AdaptiveSettings(startingJamo: 3, roundLength: 2))
    let all = small.vocabulary.order
    #expect(
      small.standing(unlocked: all, observations: uniform(all, perPress: 700), unlocking: false)
        .target.syllablesPerMinute == 22)
    // 20 글자/분 is 765 ms a press, 22 is 696, 24 is 638: at 650 ms, 22 is reached, 24 not.
    #expect(
      small.standing(unlocked: all, observations: uniform(all, perPress: 650), unlocking: false)
        .target.syllablesPerMinute == 24)
    #expect(
      small.standing(unlocked: all, observations: uniform(all, perPress: 100), unlocking: false)
        .target.syllablesPerMinute == 30)
    var someSlow = uniform(all, perPress: 650)
    someSlow["ㅜ"] = observed(2_000)
    #expect(
      small.standing(unlocked: all, observations: someSlow, unlocking: false).target
        .syllablesPerMinute == 20)
    // Not everything unlocked yet: the target stays as asked.
    #expect(
      small.standing(unlocked: [], observations: uniform(all, perPress: 100), unlocking: false)
        .target.syllablesPerMinute == 20)
  }
}
