import CellGrid
import HangulEngine
import Practice
import ScreenTestSupport
import TerminalUI
import Testing

@testable import ReportViews

private let korean = UIStrings(.korean)
private let english = UIStrings(.english)

/// Ten items a day with `syllables` right in `minutes`.
private func totals(syllables: Int, minutes: Int, distance: Int) -> ResultTotals {
  var totals = ResultTotals()
  totals.items = 10
  totals.completedItems = 10
  totals.correctSyllables = syllables
  totals.presses = syllables * 4
  totals.minimumPresses = syllables * 4
  totals.targetLength = 100
  totals.distance = distance
  totals.duration = Milliseconds(minutes) * 60_000
  totals.exactItems = 10 - distance / 2
  totals.keyHits = syllables * 4 - distance
  totals.keyMisses = distance
  return totals
}

/// 2025-06-08 and 2025-06-10 practised, 06-09 not.
private let days = [
  DailyStat(day: 20_247, sessions: 1, totals: totals(syllables: 50, minutes: 5, distance: 10)),
  DailyStat(day: 20_249, sessions: 2, totals: totals(syllables: 100, minutes: 5, distance: 4)),
]

private func galaxyHeatmap() throws -> KeypadHeatmap {
  let layout = try #require(try library.loadSet("cheonjiin-galaxy").first?.layout)
  func ref(_ id: String) -> KeyRef { KeyRef(layoutID: layout.id, keyID: id) }
  return KeypadHeatmap(
    layout: layout,
    stats: [
      ref("i"): KeyStats(hits: 99, misses: 1), ref("araea"): KeyStats(hits: 90, misses: 10),
      ref("eu"): KeyStats(hits: 30, misses: 10), ref("g"): KeyStats(hits: 2, misses: 1),
    ])
}

@Suite("Stats charts")
struct ChartViewTests {
  @Test("글자/분 chart, block style, scaled to the best day")
  func speed() {
    let rows = StatsChart.rows(days, from: 20_247, to: 20_249)
    let chart = ChartView(rows, metric: .syllablesPerMinute, width: 30)
    let lines = chart.lines(korean)
    #expect(
      lines == [
        "속도 (글자/분)",
        "06-08 │█████████          10.0",
        "06-09 │                      -",
        "06-10 │██████████████████ 20.0",
      ])
    for line in lines.dropFirst() { #expect(DisplayWidth.of(line) == 30) }
    #expect(chart.lines(english) == ["Speed (syllables a minute)"] + lines.dropFirst())
  }

  @Test("accuracy chart, ASCII style, scaled to 100 %")
  func accuracy() {
    let rows = StatsChart.rows(days, from: 20_247, to: 20_249)
    let chart = ChartView(rows, metric: .accuracy, width: 30, style: .ascii)
    #expect(
      chart.lines(korean) == [
        "정확도 (%)",
        "06-08 │#################   90%",
        "06-09 │                      -",
        "06-10 │##################  96%",
      ])
    #expect(chart.lines(english).first == "Accuracy (%)")
  }

  @Test("every metric has a title in each language, and long titles are cut to the width")
  func titles() {
    for metric in ChartMetric.allCases {
      let titles = [korean.chartTitle(metric), english.chartTitle(metric)]
      #expect(titles[0] != titles[1])
      let narrow = ChartView([], metric: metric, width: 6).lines(english)
      #expect(narrow.count == 1)
      #expect(DisplayWidth.of(narrow[0]) <= 6)
    }
  }

  @Test("grouped rows are labelled with a ~, and a tiny value still shows a bar")
  func groupedAndTiny() {
    var tiny = totals(syllables: 1, minutes: 600, distance: 0)
    tiny.items = 1
    let rows = StatsChart.rows(
      days + [DailyStat(day: 20_240, sessions: 1, totals: tiny)], from: 20_240, to: 20_249,
      maximumRows: 5)
    let lines = ChartView(rows, metric: .syllablesPerMinute, width: 40).lines(korean)
    #expect(lines[1].hasPrefix("06-01~ │▏"))
    #expect(lines.dropFirst().allSatisfy { DisplayWidth.of($0) == 40 })
  }
}

@Suite("Stats heat map")
struct HeatmapViewTests {
  @Test("the Galaxy pad with error levels, as plain text, in Korean and English")
  func plain() throws {
    let map = try galaxyHeatmap()
    let pad = [
      "[ㅣ     1%.][ㆍ    10%+][ㅡ    25%#][⌫        -]",
      "[ㄱㅋ     -][ㄴㄹ     -][ㄷㅌ     -][⏎        -]",
      "[ㅂㅍ     -][ㅅㅎ     -][ㅈㅊ     -][.,?!     -]",
      "[!#1      -][ㅇㅁ     -][␣        -][닫기     -]",
    ]
    #expect(
      HeatmapView(map).lines(korean)
        == ["천지인 (Galaxy): 키별 틀린 비율"] + pad
        + ["표시: . 5% 미만  + 15% 미만  # 15% 이상  - 기록이 적음"])
    #expect(
      HeatmapView(map).lines(english)
        == ["천지인 (Galaxy): how often each key was missed"] + pad
        + ["Marks: . under 5%  + under 15%  # 15% or more  - too few tries"])
  }

  @Test(
    "with colour each key is painted by level and reset after; the marks stay; the dots are drawn large"
  )
  func colored() throws {
    let lines = HeatmapView(try galaxyHeatmap(), colored: true).lines(korean)
    #expect(lines[1].hasPrefix("\u{1B}[30;42m[ㅣ     1%.]\u{1B}[0m\u{1B}[30;43m[●     10%+]"))
    #expect(lines[1].contains("\u{1B}[1;97;41m[ㅡ    25%#]\u{1B}[0m"))
    #expect(lines[2].hasPrefix("\u{1B}[2m[ㄱㅋ     -]\u{1B}[0m"))
    let plain = HeatmapView(try galaxyHeatmap()).lines(korean).joined()
    #expect(!plain.contains("\u{1B}"))
    #expect(plain.contains("[ㆍ    10%+]"))  // plain text keeps the letter
  }

  @Test("the legend follows the thresholds")
  func thresholds() throws {
    var map = try galaxyHeatmap()
    map.thresholds = HeatThresholds(fair: 0.1, poor: 0.3)
    #expect(HeatmapView(map).lines(korean).last == "표시: . 10% 미만  + 30% 미만  # 30% 이상  - 기록이 적음")
  }
}

@Suite("Stats report")
struct StatsReportTests {
  @Test("nothing ever practised: one friendly line")
  func nothing() {
    let report = StatsReport(days: nil, daily: [], heatmap: nil, width: 40)
    #expect(report.lines(korean) == ["아직 연습 기록이 없어요. `cheonjiin practice`로 시작해 보세요."])
    #expect(report.lines(english) == ["No practice recorded yet. Start with `cheonjiin practice`."])
  }

  @Test("heading and totals, both charts, then the pad")
  func full() throws {
    let map = try galaxyHeatmap()
    let report = StatsReport(days: 20_247...20_249, daily: days, heatmap: map, width: 30)
    let lines = report.lines(korean)
    #expect(
      Array(lines.prefix(4)) == [
        "천지인 연습 기록 · 2025-06-08 ~ 2025-06-10 (3일)",
        "연습한 날 2일 · 연습 3번 · 1분에 15글자 (60타)",
        "맞게 친 낱말 20개 중 13개 · 맞게 누른 키 98%",
        "",
      ])
    let rows = StatsChart.rows(days, from: 20_247, to: 20_249)
    let speed = ChartView(rows, metric: .syllablesPerMinute, width: 30).lines(korean)
    let accuracy = ChartView(rows, metric: .accuracy, width: 30).lines(korean)
    #expect(
      lines == Array(lines.prefix(4)) + speed + [""] + accuracy + [""]
        + HeatmapView(map).lines(korean))
    #expect(
      Array(report.lines(english).prefix(3)) == [
        "Cheonjiin practice · 2025-06-08 ~ 2025-06-10 (3 days)",
        "2 days, 3 sessions · 15 syllables (60 presses)/min",
        "Words right: 13 of 20 · keys right: 98%",
      ])
  }

  @Test("days without practice say how to see the rest; the charts still show the days")
  func emptyRange() {
    let report = StatsReport(days: 20_250...20_250, daily: [], heatmap: nil, width: 30)
    let lines = report.lines(korean)
    #expect(lines[1] == "이 기간에는 연습한 기록이 없어요. --all로 전체 기록을 볼 수 있어요.")
    #expect(lines.contains("06-11 │                      -"))
    #expect(report.lines(english)[0].hasSuffix("(1 day)"))
    #expect(
      report.lines(english)[1] == "No practice in these days. Add --all to see the whole history.")
  }
}

@Suite("Lesson summary wording")
struct LessonSummaryWordingTests {
  static func result(
    presses: Int, minimum: Int, typed: String = "학교", duration: Milliseconds = 6_000,
    completed: Bool = true
  ) -> ItemResult {
    ItemResult(
      lessonID: "l", itemID: "i", target: "학교", typed: typed, isCompleted: completed,
      presses: presses, backspaces: 0, minimumPresses: minimum, promptedPresses: 0,
      wrongPresses: 0, startedAt: 1_000, firstPressAt: 1_500, finishedAt: 1_000 + duration,
      keyTallies: [:])
  }

  static func labels() throws -> [KeyRef: String] {
    LessonSummary.keyLabels(in: try library.loadSet("cheonjiin-galaxy").map(\.layout))
  }

  @Test("accurate work: speed and the next goal, calmly")
  func accurate() {
    var corrected = Self.result(presses: 10, minimum: 10, duration: 12_000)
    corrected.backspaces = 1
    let summary = LessonSummary(
      lessonTitle: "받침 2",
      results: [corrected, Self.result(presses: 10, minimum: 10, duration: 12_000)])
    #expect(
      korean.lessonSummary(summary) == [
        "수고하셨어요. 「받침 2」 연습을 마쳤어요.",
        "맞게 친 낱말 2개 중 2개.",
        "1분에 10글자 (50타)를 쳤어요.",
        "다음 목표는 1분에 20글자예요. 서두르지 않아도 돼요.",
        "효율 100%, 지운 횟수 1번.",
        "틀린 곳 없이 모두 쳤어요.",
      ])
    #expect(
      english.lessonSummary(summary) == [
        "Well done: you finished 「받침 2」.",
        "Words right: 2 of 2.",
        "10 syllables (50 key presses) a minute.",
        "Next goal: 20 syllables a minute. No need to hurry.",
        "Efficiency 100%, 1 backspace.",
        "Everything typed without a mistake.",
      ])
  }

  @Test("past every goal: praise instead of a next goal")
  func fast() {
    let summary = LessonSummary(
      lessonTitle: "낱말 1", results: [Self.result(presses: 10, minimum: 10, duration: 3_000)])
    #expect(korean.lessonSummary(summary)[3] == "목표 속도를 모두 넘었어요. 아주 잘하셨어요.")
    #expect(english.lessonSummary(summary)[3] == "You passed every speed goal. Very well done.")
  }

  @Test("low accuracy: no speed, items to review, weak keys by label")
  func inaccurate() throws {
    var wrong = Self.result(presses: 14, minimum: 10, typed: "하교", completed: false)
    wrong.keyTallies = [
      KeyRef(layoutID: "cheonjiin-galaxy", keyID: "g"): KeyTally(hits: 1, misses: 2),
      KeyRef(layoutID: "cheonjiin-galaxy", keyID: "space"): KeyTally(misses: 1),
      KeyRef(layoutID: "other", keyID: "x"): KeyTally(misses: 1),
    ]
    let summary = LessonSummary(lessonTitle: "받침 2", results: [wrong])
    let lines = korean.lessonSummary(summary, keyLabels: try Self.labels())
    #expect(lines.contains("지금은 속도보다 정확하게 치는 것이 먼저예요. 천천히 해도 괜찮아요."))
    #expect(!lines.contains { $0.hasPrefix("1분에") })
    #expect(lines.contains("효율 71%, 지운 횟수 0번."))
    #expect(lines.contains("다음에 다시 볼 글: 학교"))
    #expect(lines.contains("조금 더 익힐 키: ㄱㅋ, ␣, x"))  // unknown keys by id
    let english = english.lessonSummary(summary, keyLabels: try Self.labels())
    #expect(english.contains("For now, typing accurately matters more than speed. Slow is fine."))
    #expect(english.contains("Efficiency 71%, 0 backspaces."))
    #expect(english.contains("To look at again: 학교"))
    #expect(english.contains("Keys to practise a little more: ㄱㅋ, ␣, x"))
  }

  @Test("the summary's figures read without a manual: words right (n of m), then keys right")
  func familyFigures() {
    // A slip never corrected: the syllables are mostly wrong, most keys were right.
    var slipped = Self.result(presses: 10, minimum: 10, typed: "하교", completed: false)
    slipped.keyTallies = [
      KeyRef(layoutID: "cheonjiin-galaxy", keyID: "g"): KeyTally(hits: 9, misses: 1),
      KeyRef(layoutID: "cheonjiin-galaxy", keyID: "i"): KeyTally(hits: 8, misses: 2),
    ]
    var right = Self.result(presses: 10, minimum: 10)
    right.keyTallies = [KeyRef(layoutID: "cheonjiin-galaxy", keyID: "g"): KeyTally(hits: 20)]
    let summary = LessonSummary(lessonTitle: "받침 2", results: [slipped, right])
    let lines = korean.lessonSummary(summary)
    #expect(lines.contains("맞게 친 낱말 2개 중 1개 · 맞게 누른 키 93%."), "\(lines)")
    #expect(!lines.contains { $0.contains("정확도") })
    #expect(english.lessonSummary(summary).contains("Words right: 1 of 2 · keys right: 93%."))
  }

  @Test("an empty lesson says so")
  func empty() {
    let summary = LessonSummary(lessonTitle: "모음 1", results: [])
    #expect(
      korean.lessonSummary(summary) == [
        "수고하셨어요. 「모음 1」 연습을 마쳤어요.", "이번에는 친 글자가 없어요. 천천히 다시 해 봐요.",
      ])
    #expect(
      english.lessonSummary(summary) == [
        "Well done: you finished 「모음 1」.", "Nothing was typed this time. Try again, slowly.",
      ])
  }
}
