import Practice
import Testing

@Suite("Spaced repetition")
struct SchedulerTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let id: String
    /// Grades given on days 0, then on each due day.
    let grades: [Int]
    /// Interval after each review.
    let intervals: [Int]
    let finalEase: Double
    let lapses: Int
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(
      id: "perfect every time: 1, 3, then × ease", grades: [5, 5, 5, 5],
      intervals: [1, 3, 8, 23], finalEase: 2.9, lapses: 0),
    Case(
      id: "good (4) keeps the ease", grades: [4, 4, 4], intervals: [1, 3, 8], finalEase: 2.5,
      lapses: 0),
    Case(
      id: "a lapse starts over and lowers the ease", grades: [5, 5, 1, 4], intervals: [1, 3, 1, 1],
      finalEase: 2.16, lapses: 1),
    Case(
      id: "hard passes (3) shrink the ease toward the floor", grades: [3, 3, 3, 3, 3, 3, 3, 3],
      intervals: [1, 3, 6, 12, 22, 37, 56, 77], finalEase: 1.38, lapses: 0),
    Case(
      id: "failing every time: back the next day, ease at the floor 1.3",
      grades: [0, 0, 0, 0, 0, 0], intervals: [1, 1, 1, 1, 1, 1], finalEase: 1.3, lapses: 6),
  ]

  @Test(arguments: cases)
  func schedule(_ testCase: Case) {
    var schedule = ItemSchedule.new("x", today: 0)
    var day = 0
    var intervals: [Int] = []
    for grade in testCase.grades {
      schedule = schedule.reviewed(grade: grade, on: day)
      intervals.append(schedule.intervalDays)
      #expect(schedule.dueDay == day + schedule.intervalDays)
      day = schedule.dueDay
    }
    #expect(intervals == testCase.intervals)
    #expect(abs(schedule.ease - testCase.finalEase) < 1e-9)
    #expect(schedule.lapses == testCase.lapses)
    #expect(schedule.reviews == testCase.grades.count)
  }

  @Test("intervals never exceed half a year")
  func cappedInterval() {
    var schedule = ItemSchedule.new("x", today: 0)
    for _ in 0..<20 { schedule = schedule.reviewed(grade: 5, on: schedule.dueDay) }
    #expect(schedule.intervalDays == ItemSchedule.maximumInterval)
  }

  @Test("grades out of range are clamped")
  func clamped() {
    let start = ItemSchedule.new("x", today: 10)
    #expect(start.reviewed(grade: 9, on: 10) == start.reviewed(grade: 5, on: 10))
    #expect(start.reviewed(grade: -3, on: 10) == start.reviewed(grade: 0, on: 10))
  }

  static let items = ["아", "어", "오", "우", "학교"].map { PracticeItem(lessonID: "l", text: $0) }

  @Test("due items first (oldest first), then new ones in order, then the rest")
  func planOrder() {
    let planner = ReviewPlanner(layouts: galaxyLayouts)
    let schedules: [String: ItemSchedule] = [
      "l:아": ItemSchedule(itemID: "l:아", dueDay: 12, lastDay: 9),  // not due
      "l:어": ItemSchedule(itemID: "l:어", dueDay: 9, lastDay: 8),  // due, older
      "l:우": ItemSchedule(itemID: "l:우", dueDay: 10, lastDay: 8),  // due today
    ]
    let plan = planner.plan(Self.items, schedules: schedules, errorRates: [:], today: 10, limit: 10)
    #expect(plan.map(\.target) == ["어", "우", "오", "학교", "아"])
    let short = planner.plan(Self.items, schedules: schedules, errorRates: [:], today: 10, limit: 3)
    #expect(short.map(\.target) == ["어", "우", "오"])
  }

  @Test("among items due the same day, those using weak keys come first")
  func weakKeysFirst() {
    let planner = ReviewPlanner(layouts: galaxyLayouts)
    var schedules: [String: ItemSchedule] = [:]
    for item in Self.items {
      schedules[item.id] = ItemSchedule(itemID: item.id, dueDay: 5, lastDay: 4)
    }
    // ㅡ is weak: 오 (ㅇㆍㅡ) and 우 (ㅇㅡㆍ) use it.
    let rates: [KeyRef: Double] = [
      galaxyRef("eu"): 0.6, galaxyRef("o"): 0, galaxyRef("i"): 0, galaxyRef("araea"): 0,
    ]
    let plan = planner.plan(Self.items, schedules: schedules, errorRates: rates, today: 5, limit: 5)
    #expect(Array(plan.map(\.target).prefix(2)) == ["오", "우"])
    #expect(
      planner.weakness(of: Self.items[2], errorRates: rates)
        > planner.weakness(of: Self.items[0], errorRates: rates))
  }

  @Test("continue where I left off")
  func lessonToContinue() {
    let planner = ReviewPlanner(layouts: galaxyLayouts)
    let lessons = [
      Lesson(id: "a", stage: .vowels, title: "A", summary: "", texts: ["아"]),
      Lesson(id: "b", stage: .vowels, title: "B", summary: "", texts: ["어"]),
    ]
    let seenA = ["a:아": ItemSchedule(itemID: "a:아", dueDay: 3, lastDay: 1)]
    #expect(
      planner.lessonToContinue(
        lessons, lastLessonID: nil, lastLessonFinished: false, schedules: [:], today: 1)?.id == "a")
    #expect(
      planner.lessonToContinue(
        lessons, lastLessonID: "a", lastLessonFinished: false, schedules: seenA, today: 1)?.id
        == "a")
    #expect(
      planner.lessonToContinue(
        lessons, lastLessonID: "a", lastLessonFinished: true, schedules: seenA, today: 1)?.id
        == "b")
  }
}

@Suite("A lesson round")
struct LessonRoundTests {
  static let items = ["가", "나", "다", "라", "마"].map { PracticeItem(lessonID: "l", text: $0) }

  static func result(_ item: PracticeItem, correct: Bool) -> ItemResult {
    ItemResult(
      lessonID: "l", itemID: item.id, target: item.target, typed: correct ? item.target : "",
      isCompleted: correct, presses: 3, backspaces: 0, minimumPresses: 3, promptedPresses: 0,
      wrongPresses: 0, startedAt: 0, firstPressAt: nil, finishedAt: 1_000, keyTallies: [:])
  }

  /// Plays a round, missing the items in `missed` every time (a missed item waits for a
  /// later round: the round keeps its length).
  static func play(_ missed: Set<String>, from position: Int = 0) -> [String] {
    var round = LessonRound(items: items, position: position)
    var seen: [String] = []
    while let item = round.current {
      seen.append(item.target)
      round.advance()
    }
    #expect(round.isFinished)
    #expect(round.remaining == 0)
    return seen
  }

  @Test(
    arguments: [
      (Set<String>(), 0, ["가", "나", "다", "라", "마"]),
      (["나"], 0, ["가", "나", "다", "라", "마"]),
      (["가", "나"], 0, ["가", "나", "다", "라", "마"]),
      (Set<String>(), 3, ["라", "마"]),
      (Set<String>(), 9, []),
    ] as [(Set<String>, Int, [String])])
  func round(_ missed: Set<String>, _ start: Int, _ expected: [String]) {
    #expect(Self.play(missed, from: start) == expected)
  }
}
