import HangulEngine
import Practice
import Testing

@Suite("Days")
struct DayTests {
  @Test(
    "day numbers and dates",
    arguments: [
      (0, "1970-01-01"), (-1, "1969-12-31"), (11_016, "2000-02-29"), (20_249, "2025-06-10"),
      (-719_468, "0000-03-01"),
    ])
  func calendar(_ day: Int, _ text: String) {
    let date = CalendarDay(dayNumber: day)
    #expect(date.description == text)
    #expect(date.dayNumber == day)
  }

  @Test("every day of four centuries round-trips")
  func roundTrip() {
    var previous = CalendarDay(dayNumber: -1)
    for day in 0..<146_097 {
      let date = CalendarDay(dayNumber: day)
      #expect(date.dayNumber == day)
      #expect(previous < date)
      previous = date
    }
  }

  @Test(
    "local day from a timestamp",
    arguments: [
      (Int64(0), 0, 0), (Int64(86_399_999), 0, 0), (Int64(86_400_000), 0, 1),
      (Int64(-1), 0, -1), (Int64(54_000_000), 9 * 3600, 1),  // 15:00 UTC is 00:00 in Seoul
    ])
  func localDay(_ millis: Int64, _ offset: Int, _ day: Int) {
    #expect(CalendarDay.dayNumber(unixMilliseconds: millis, utcOffsetSeconds: offset) == day)
  }
}

@Suite("Stats data")
struct StatsDataTests {
  static func totals(syllables: Int, minutes: Int, distance: Int = 0, length: Int = 100)
    -> ResultTotals
  {
    var totals = ResultTotals()
    totals.items = 10
    totals.completedItems = 10
    totals.correctSyllables = syllables
    totals.presses = syllables * 4
    totals.minimumPresses = syllables * 4
    totals.targetLength = length
    totals.distance = distance
    totals.duration = Milliseconds(minutes) * 60_000
    totals.exactItems = 10 - distance / 2
    totals.keyHits = syllables * 4 - distance
    totals.keyMisses = distance
    return totals
  }

  static let days = [
    DailyStat(day: 20_247, sessions: 1, totals: totals(syllables: 50, minutes: 5, distance: 10)),
    DailyStat(day: 20_249, sessions: 2, totals: totals(syllables: 100, minutes: 5, distance: 4)),
  ]

  @Test("daily rows fill days without practice")
  func rows() {
    let rows = StatsChart.rows(Self.days, from: 20_247, to: 20_249)
    #expect(rows.map(\.firstDay) == [20_247, 20_248, 20_249])
    #expect(rows.map { $0.totals == nil } == [false, true, false])
  }

  @Test("a long range is grouped into equal rows and summed")
  func grouped() {
    let rows = StatsChart.rows(Self.days, from: 20_240, to: 20_249, maximumRows: 3)
    #expect(rows.map(\.firstDay) == [20_240, 20_244, 20_248])
    #expect(rows.map(\.lastDay) == [20_243, 20_247, 20_249])
    #expect(rows[1].totals?.correctSyllables == 50)
    #expect(rows[2].totals?.correctSyllables == 100)
    #expect(rows[0].totals == nil)
  }

  @Test("the overview sums the days shown")
  func overview() {
    let overview = StatsOverview(Self.days)
    #expect(overview.practiceDays == 2)
    #expect(overview.sessions == 3)
    #expect(overview.totals.correctSyllables == 150)
    #expect(overview.totals.duration == 600_000)
    #expect(StatsOverview([]).totals.items == 0)
  }

  @Test("chart values: rates as they are, ratios as percentages")
  func values() throws {
    let totals = try #require(Self.days.first?.totals)
    #expect(ChartMetric.syllablesPerMinute.value(totals) == 10)
    #expect(abs(ChartMetric.accuracy.value(totals) - 90) < 1e-9)
    #expect(ChartMetric.accuracy.isPercent)
    #expect(!ChartMetric.pressesPerMinute.isPercent)
  }

  @Test("the Galaxy pad with error levels, as plain text")
  func heatmap() {
    let stats: [KeyRef: KeyStats] = [
      galaxyRef("i"): KeyStats(hits: 99, misses: 1),
      galaxyRef("araea"): KeyStats(hits: 90, misses: 10),
      galaxyRef("eu"): KeyStats(hits: 30, misses: 10),
      galaxyRef("g"): KeyStats(hits: 2, misses: 1),
    ]
    let map = KeypadHeatmap(layout: galaxyLayouts[0], stats: stats)
    #expect(map.rows.count == 4)
    let widths = map.rows.map(\.count)
    #expect(widths == [4, 4, 4, 4])
    #expect(map.rows[0].map { $0?.level } == [.good, .fair, .poor, .unknown])
    #expect(map.rows[1][0]?.level == .unknown)  // 3 tries are too few
    #expect(map.rows[0].map { $0?.label } == ["ㅣ", "ㆍ", "ㅡ", "⌫"])
    #expect(map.rows[0][2]?.errorRate == 0.25)
  }

  @Test(
    "JSON export: stable schema, fixed order; later versions add their fields after version 1's")
  func json() {
    let keys = [galaxyRef("eu"): KeyStats(hits: 30, misses: 10, streak: 2)]
    let labels = LessonSummary.keyLabels(in: galaxyLayouts)
    let text = StatsJSON.encode(
      days: Self.days.reversed(), keys: keys, labels: labels, today: 20_250)
    #expect(
      text == """
        {
          "schema": "cheonjiin-stats",
          "version": 4,
          "generated": "2025-06-11",
          "totals": {"items": 20, "completedItems": 20, "presses": 600, "backspaces": 0, \
        "minimumPresses": 600, "promptedPresses": 0, "targetLength": 200, "editDistance": 14, \
        "correctSyllables": 150, "durationMs": 600000, "syllablesPerMinute": 15, \
        "pressesPerMinute": 60, "accuracy": 0.93, "efficiency": 1, "wordsRight": 13, \
        "keysRight": 0.9767},
          "days": [
            {"date": "2025-06-08", "day": 20247, "sessions": 1, "items": 10, "completedItems": 10, \
        "presses": 200, "backspaces": 0, "minimumPresses": 200, "promptedPresses": 0, \
        "targetLength": 100, "editDistance": 10, "correctSyllables": 50, "durationMs": 300000, \
        "syllablesPerMinute": 10, "pressesPerMinute": 40, "accuracy": 0.9, "efficiency": 1, \
        "wordsRight": 5, "keysRight": 0.95},
            {"date": "2025-06-10", "day": 20249, "sessions": 2, "items": 10, "completedItems": 10, \
        "presses": 400, "backspaces": 0, "minimumPresses": 400, "promptedPresses": 0, \
        "targetLength": 100, "editDistance": 4, "correctSyllables": 100, "durationMs": 300000, \
        "syllablesPerMinute": 20, "pressesPerMinute": 80, "accuracy": 0.96, "efficiency": 1, \
        "wordsRight": 8, "keysRight": 0.99}
          ],
          "keys": [
            {"layout": "cheonjiin-galaxy", "key": "eu", "label": "ㅡ", "hits": 30, "misses": 10, \
        "streak": 2, "errorRate": 0.25, "level": "poor", "presses": 0, "samples": 0, \
        "medianMs": null, "confidence": null, "blindShare": null}
          ],
          "jamo": [],
          "adaptive": null
        }

        """)
  }

  @Test(
    "JSON versions 2 and 3: per key and per jamo timings, each jamo's target and days; the adaptive standing"
  )
  func jsonTimings() {
    let jamo = SpeedUnit.jamo(layoutID: "cheonjiin-galaxy", jamo: "ㅕ")
    let timed = UnitObservations(
      tally: UnitTally(presses: 12, wrong: 1, blind: 3, samples: 6, totalTime: 6_000),
      recent: [900, 1_000, 1_100, 1_000, 1_000, 1_000])
    let speeds: [SpeedUnit: JudgedSpeed] = [
      .key(galaxyRef("o")): JudgedSpeed(timed, targetTime: 765),
      jamo: JudgedSpeed(timed, targetTime: 2_295),
    ]
    var planner = AdaptivePlanner(
      vocabulary: AdaptiveVocabulary(texts: ["여", "이"]), layouts: galaxyLayouts,
      settings: AdaptiveSettings(startingJamo: 2, roundLength: 1))
    let standing = planner.standing(unlocked: [], observations: [:], unlocking: false)
    let history = [
      SampleDay(day: 20_249, samples: 4, median: 1_200),
      SampleDay(day: 20_248, samples: 2, median: 1_500),
    ]
    let text = StatsJSON.encode(
      days: [], keys: [:], labels: LessonSummary.keyLabels(in: galaxyLayouts), today: 20_250,
      speeds: speeds, adaptive: standing, adaptiveLayout: "cheonjiin-galaxy",
      jamoDays: [jamo: history])
    #expect(
      text.contains(
        #"{"layout": "cheonjiin-galaxy", "key": "o", "label": "ㅇㅁ", "hits": 0, "misses": 0, "streak": 0, "errorRate": null, "level": "unknown", "presses": 12, "samples": 6, "medianMs": 1000, "confidence": 0.765, "blindShare": 0.25}"#
      ))
    #expect(
      text.contains(
        #"{"layout": "cheonjiin-galaxy", "jamo": "ㅕ", "unlocked": true, "presses": 12, "samples": 6, "medianMs": 1000, "confidence": 2.295, "blindShare": 0.25, "errorRate": 0.0833, "targetMs": 2295, "days": [{"date": "2025-06-09", "day": 20248, "samples": 2, "medianMs": 1500}, {"date": "2025-06-10", "day": 20249, "samples": 4, "medianMs": 1200}]}"#
      ))
    #expect(
      text.contains(
        #""adaptive": {"layout": "cheonjiin-galaxy", "target": 20, "unlocked": ["ㅇ", "ㅕ"], "focus": "ㅕ", "reason": "new", "next": "ㅣ", "newlyUnlocked": null, "targetChange": "kept", "pace": null}"#
      ), "\(text)")
  }

  @Test("JSON strings and numbers are escaped and rounded")
  func jsonEmpty() {
    let text = StatsJSON.encode(
      days: [], keys: [KeyRef(layoutID: "a\"b", keyID: "c\\d\n"): KeyStats()], today: 0)
    #expect(text.contains(#""layout": "a\"b", "key": "c\\d\n""#))
    #expect(text.contains(#""errorRate": null"#))
    #expect(text.contains(#""days": [],"#))
  }
}
