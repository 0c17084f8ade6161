import CellGrid
import HangulEngine
import Practice
import ScreenTestSupport
import TerminalUI
import Testing

@testable import ReportViews

private let korean = UIStrings(.korean)
private let english = UIStrings(.english)

/// A key or jamo typed `samples` times in `time` each.
private func timed(_ time: Milliseconds, samples: Int = 15) -> UnitObservations {
  UnitObservations(
    tally: UnitTally(presses: samples, blind: samples / 3, samples: samples),
    recent: Array(repeating: time, count: min(15, samples)))
}

private func galaxy() throws -> Layout {
  try #require(try library.loadSet("cheonjiin-galaxy").first?.layout)
}

/// ㅣ at the target, ㆍ a little slow, ㅡ slow, ㄱㅋ with too few presses to judge.
private func speedMap() throws -> KeypadSpeedMap {
  let layout = try galaxy()
  func key(_ id: String) -> SpeedUnit { .key(KeyRef(layoutID: layout.id, keyID: id)) }
  return KeypadSpeedMap(
    layout: layout,
    observations: [
      key("i"): timed(500), key("araea"): timed(800), key("eu"): timed(1_500),
      key("g"): timed(450, samples: 3),
    ], target: .gentle)
}

@Suite("Stats speed map and learning curves")
struct SpeedReportTests {
  @Test("the pad marked by speed: the median time and a mark on every key, never colour alone")
  func speedMapLines() throws {
    let pad = [
      "[ㅣ   0.5s.][ㆍ   0.8s~][ㅡ   1.5s!][⌫        -]",
      "[ㄱㅋ 0.5s-][ㄴㄹ     -][ㄷㅌ     -][⏎        -]",
      "[ㅂㅍ     -][ㅅㅎ     -][ㅈㅊ     -][.,?!     -]",
      "[!#1      -][ㅇㅁ     -][␣        -][닫기     -]",
    ]
    #expect(
      SpeedMapView(try speedMap()).lines(korean)
        == ["천지인 (Galaxy): 키별 빠르기"] + pad
        + ["표시: . 목표 이상  ~ 조금 느림  ! 느림  - 기록이 적음 · 목표 0.8s"])
    #expect(
      SpeedMapView(try speedMap()).lines(english).last
        == "Marks: . at goal  ~ a bit slow  ! slow  - too few tries · goal 0.8s")
    let colored = SpeedMapView(try speedMap(), colored: true).lines(korean)
    #expect(colored[1].contains("\u{1B}[1;97;41m[ㅡ   1.5s!]\u{1B}[0m"))
    #expect(colored[1].hasPrefix("\u{1B}[30;42m[ㅣ   0.5s.]"))
  }

  @Test("each unlocked jamo's time per day, then now, with its mark")
  func curves() throws {
    var planner = AdaptivePlanner(
      vocabulary: AdaptiveVocabulary(texts: ["아이", "이", "아", "여", "요"]),
      layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
      settings: AdaptiveSettings(startingJamo: 3, roundLength: 1))
    let standing = planner.standing(
      unlocked: [], observations: ["ㅇ": timed(600), "ㅏ": timed(3_000)], unlocking: false)
    #expect(standing.unlocked == ["ㅇ", "ㅏ", "ㅣ"])
    let view = JamoCurveView(
      standing: standing,
      days: [
        "ㅇ": [
          SampleDay(day: 20_247, samples: 9, median: 1_200),
          SampleDay(day: 20_249, samples: 9, median: 600),
        ],
        "ㅏ": [SampleDay(day: 20_249, samples: 9, median: 3_000)],
      ], width: 40)
    #expect(
      view.lines(korean) == [
        "글자별 빠르기 (하루의 가운데 값, 초)",
        "한 글자에 걸린 시간, 작을수록 빨라요 · 목표: 그 글자의 목표 시간",
        "     06-08 06-10   지금  목표",
        "ㅇ     1.2   0.6    0.6   0.8 .",
        "ㅏ       -   3.0    3.0   1.5 !",  // ㅏ is two presses: twice ㅇ's time
        "ㅣ       -     -      -   0.8 -",
      ])
    // A narrow report keeps the latest days.
    #expect(
      JamoCurveView(standing: standing, days: view.days, width: 20).lines(english)[2]
        == "     06-10    now  goal")
  }

  @Test("the speed map stands beside the error map when the width allows, else below; lines fit")
  func besideOrBelow() throws {
    let layout = try galaxy()
    let heatmap = KeypadHeatmap(layout: layout, stats: [:])
    var planner = AdaptivePlanner(
      vocabulary: AdaptiveVocabulary(texts: ["아이"]), layouts: [layout],
      settings: AdaptiveSettings(roundLength: 1))
    let standing = planner.standing(unlocked: [], observations: [:], unlocking: false)
    func report(width: Int) throws -> [String] {
      StatsReport(
        days: 20_249...20_249, daily: [], heatmap: heatmap, width: width, speedMap: try speedMap(),
        standing: standing
      ).lines(korean)
    }
    let wide = try report(width: 100)
    #expect(
      wide.contains {
        $0.hasPrefix("천지인 (Galaxy): 키별 틀린 비율") && $0.hasSuffix("천지인 (Galaxy): 키별 빠르기")
      })
    #expect(
      wide.contains { $0.hasPrefix("[ㅣ       -]") && $0.hasSuffix("[ㅡ   1.5s!][⌫        -]") })
    #expect(wide.allSatisfy { DisplayWidth.of($0) <= 100 }, "\(wide)")
    let narrow = try report(width: 72)
    #expect(narrow.contains("천지인 (Galaxy): 키별 빠르기"))
    #expect(narrow.contains("[ㅣ   0.5s.][ㆍ   0.8s~][ㅡ   1.5s!][⌫        -]"))
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 72 }, "\(narrow)")
    #expect(narrow.contains("열린 글자 3개: ㅇ ㅏ ㅣ"))  // 아이 needs all three to make a round
    #expect(narrow.contains("다음 판에 연습할 글자: ㅣ (아직 몇 번 안 쳐 봤어요)"))
    // No timings at all (a history from before version 2): no speed map, no curves.
    let old = StatsReport(days: 20_249...20_249, daily: [], heatmap: heatmap, width: 72).lines(
      korean)
    #expect(!old.contains { $0.contains("빠르기") })
  }

  @Test("a letter typed wrong too often leads the judgement; nothing says every letter is fine")
  func inaccurateLeads() throws {
    var planner = AdaptivePlanner(
      vocabulary: AdaptiveVocabulary(texts: ["아이", "이", "아", "여", "요"]),
      layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
      settings: AdaptiveSettings(isTargetKnown: true, startingJamo: 3, roundLength: 1))
    var wrong = timed(300)
    wrong.recentRight = Array(repeating: false, count: 6) + Array(repeating: true, count: 14)
    let standing = planner.standing(
      unlocked: [], observations: ["ㅇ": timed(300), "ㅏ": timed(3_000), "ㅣ": wrong],
      unlocking: true)
    #expect(standing.focus == "ㅣ" && standing.reason == .inaccurate)
    let lines = korean.adaptiveStandingLines(standing)
    let fix = try #require(lines.firstIndex { $0 == "자주 틀리는 글자 (최근에 맞게 친 %): ㅣ 70%" }, "\(lines)")
    let slow = try #require(lines.firstIndex { $0.hasPrefix("목표보다 느린 글자") }, "\(lines)")
    #expect(fix < slow)
    #expect(lines.contains("다음 판에 연습할 글자: ㅣ (자주 틀려요: 천천히 정확하게 쳐요)"), "\(lines)")
    var allFast = ["ㅇ": timed(300), "ㅏ": timed(600), "ㅣ": wrong]
    let fastButWrong = planner.standing(unlocked: [], observations: allFast, unlocking: true)
    #expect(fastButWrong.newlyUnlocked == nil)
    #expect(!korean.adaptiveStandingLines(fastButWrong).contains("열린 글자가 모두 목표 빠르기예요."))
    allFast["ㅣ"] = timed(300)
    #expect(
      planner.standing(unlocked: [], observations: allFast, unlocking: true).newlyUnlocked != nil)
  }
}
