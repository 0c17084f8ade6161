import Foundation
import Practice
import Storage
import Testing

/// A fresh progress folder for one test (`XDG_DATA_HOME`), with the shipped word lists.
private func adaptiveHome(_ name: String, lang: String = "C.UTF-8") throws -> (
  folder: URL, environment: [String: String]
) {
  let folder = try scratchFolder(name)
  return (
    folder,
    [
      "XDG_DATA_HOME": folder.path,
      "CHEONJIIN_LEXICON": repositoryRoot.appendingPathComponent("Lexicon").path,
    ].merging(locale(lang)) { $1 }
  )
}

/// The JSON object printed on standard output.
private func object(_ result: RunResult) throws -> [String: Any] {
  try #require(
    try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
    "\(result.stdout)\n\(result.stderr)")
}

@Suite("cheonjiin practice --plan (the real binary)")
struct AdaptivePlanCommandTests {
  @Test("--plan --json --seed: the next round, reproducible, without starting or saving anything")
  func plan() throws {
    let home = try adaptiveHome("plan")
    let first = try run(
      ["practice", "--plan", "--json", "--seed", "5"], environment: home.environment)
    #expect(first.status == 0, "\(first.stderr)")
    let plan = try object(first)
    let items = try #require(plan["items"] as? [String])
    let unlocked = try #require(plan["unlocked"] as? [String])
    #expect(items.count == 10)
    #expect(unlocked == ["ㅇ", "ㅏ", "ㄴ", "ㄱ", "ㅣ", "ㄹ"])
    #expect(plan["focus"] as? String == "ㄹ")
    #expect(plan["target"] as? Int == 20)
    #expect(Array(plan.keys).contains("seed"))
    let again = try run(
      ["practice", "--plan", "--json", "--seed", "5"], environment: home.environment)
    #expect(again.stdout == first.stdout)
    let other = try run(
      ["practice", "--plan", "--json", "--seed", "6", "--items", "5", "--target", "30"],
      environment: home.environment)
    let otherPlan = try object(other)
    #expect((otherPlan["items"] as? [String])?.count == 5)
    #expect(otherPlan["target"] as? Int == 30)
    // Plain text: the focus in plain words, then the items.
    let korean = try run(
      ["practice", "--plan", "--seed", "5"],
      environment: home.environment.merging(locale("ko_KR.UTF-8")) { $1 })
    let lines = korean.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "오늘은 ㄹ 을 연습해요: 아직 몇 번 안 쳐 봤어요")
    // An item may be a phrase (이 길): each line ends with its item.
    let listed = Array(lines.dropFirst(2))
    #expect(listed.count == items.count)
    for (line, item) in zip(listed, items) {
      #expect(line.hasSuffix(" " + item), "\(line): \(item)")
    }
    // Nothing was practised yet: stats names the same next focus the plan does.
    let stats = try object(try run(["stats", "--json"], environment: home.environment))
    let adaptive = try #require(stats["adaptive"] as? [String: Any])
    #expect(adaptive["focus"] as? String == "ㄹ")
  }

  /// A learner's history in the progress file: each of the starting letters typed 12 times,
  /// ㄹ at 3 s, the others at 1 s (about the pace of the target saved, 16); their letters.
  private func practised(_ home: URL) throws {
    let path = home.appendingPathComponent("cheonjiin/progress.sqlite").path
    let store = try ProgressStore.open(at: path, for: .writing).store
    let session = try store.beginSession(
      lessonID: "adaptive", layoutID: "cheonjiin-galaxy", startedAt: 1_750_000_000_000,
      day: 20_250)
    let keys = ["ㅇ": "o", "ㅏ": "araea", "ㄴ": "n", "ㄱ": "g", "ㅣ": "i", "ㄹ": "n"]
    var records: [PressRecord] = []
    for _ in 0..<12 {
      for (letter, key) in keys.sorted(by: { $0.key < $1.key }) {
        let time: Milliseconds = letter == "ㄹ" ? 3_000 : 1_000
        records.append(
          PressRecord(
            key: KeyRef(layoutID: "cheonjiin-galaxy", keyID: key),
            previousKey: KeyRef(layoutID: "cheonjiin-galaxy", keyID: "i"), interval: 700,
            isCueShown: false, isRight: true, isTimed: true, jamo: letter, jamoTime: time))
      }
    }
    let result = ItemResult(
      lessonID: "adaptive", itemID: "adaptive:아", target: "아", typed: "아", isCompleted: true,
      presses: records.count, backspaces: 0, minimumPresses: records.count, promptedPresses: 0,
      wrongPresses: 0, startedAt: 0, firstPressAt: 500, finishedAt: 60_000, keyTallies: [:],
      pressRecords: records)
    try store.record(result, startedAt: 1_750_000_000_000, session: session, day: 20_250)
    try store.saveUnlockedJamo(["ㅇ", "ㅏ", "ㄴ", "ㄱ", "ㅣ", "ㄹ"], layoutID: "cheonjiin-galaxy", at: 1)
    try store.saveAdaptiveTarget(16, setBy: .pace, layoutID: "cheonjiin-galaxy", at: 2)
  }

  @Test("one truth: stats, stats --json and practice --plan --json name the same focus and target")
  func oneTruth() throws {
    let home = try adaptiveHome("one-truth")
    try practised(home.folder)
    let plan = try object(
      try run(["practice", "--plan", "--json", "--seed", "3"], environment: home.environment))
    let stats = try object(try run(["stats", "--json"], environment: home.environment))
    let adaptive = try #require(stats["adaptive"] as? [String: Any])
    #expect(plan["focus"] as? String == "ㄹ")
    #expect(adaptive["focus"] as? String == plan["focus"] as? String)
    #expect(adaptive["reason"] as? String == plan["reason"] as? String)
    #expect(adaptive["target"] as? Int == 16 && plan["target"] as? Int == 16)  // the saved one
    let text = try run(
      ["stats", "--width", "80", "--color", "never"],
      environment: home.environment.merging(locale("ko_KR.UTF-8")) { $1 })
    #expect(text.stdout.contains("다음 판에 연습할 글자: ㄹ"), "\(text.stdout)")
    #expect(text.stdout.contains("목표: 1분에 16글자"))
    #expect(text.stdout.contains("작을수록 빨라요"))
    // Each letter's own target: ㄹ is two presses, twice ㅇ's.
    let jamo = try #require(stats["jamo"] as? [[String: Any]])
    let rieul = try #require(jamo.first { $0["jamo"] as? String == "ㄹ" })
    let ieung = try #require(jamo.first { $0["jamo"] as? String == "ㅇ" })
    #expect(rieul["targetMs"] as? Int == 2 * (ieung["targetMs"] as? Int ?? 0))
    #expect((rieul["days"] as? [[String: Any]])?.first?["medianMs"] as? Int == 3_000)
    // --target on stats judges against another target without saving it.
    let asked = try object(
      try run(["stats", "--json", "--target", "10"], environment: home.environment))
    #expect((asked["adaptive"] as? [String: Any])?["target"] as? Int == 10)
    #expect(
      (try object(try run(["stats", "--json"], environment: home.environment))["adaptive"]
        as? [String: Any])?["target"] as? Int == 16)
  }

  @Test("wrong combinations and values are refused in words, status 64")
  func refused() throws {
    for (arguments, english) in [
      (["practice", "--json"], "--json goes with --plan"),
      (["practice", "--adaptive", "--target", "0"], "--target 0 is out of range"),
      (["practice", "--adaptive", "--lesson", "vowels-1"], "contradict each other"),
      (["stats", "--target", "500"], "--target 500 is out of range"),
      // Refused, never ignored; a negative number is named, not "Missing value".
      (["practice", "--blind", "--lesson", "vowels-1"], "--blind goes with the adaptive round"),
      (["practice", "--from", "-5"], "--from -5: give numbers from 0"),
      (["practice", "--to", "-1"], "--to -1: give numbers from 0"),
      (["practice", "--seed", "-1", "--plan"], "--seed -1: give a whole number"),
      (["practice", "--items", "-3"], "--items -3 is out of range"),
    ] {
      let result = try run(arguments, environment: locale("C.UTF-8"))
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.contains(english), "\(arguments): \(result.stderr)")
    }
    let korean = try run(["practice", "--json"], environment: locale("ko_KR.UTF-8"))
    #expect(korean.stderr.contains("--json은 --plan과 함께 써요"))
  }

  @Test("a damaged progress file: moved aside with a message, and the plan still comes")
  func damaged() throws {
    let home = try adaptiveHome("plan-damaged")
    let folder = home.folder.appendingPathComponent("cheonjiin")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try "not a database".write(
      to: folder.appendingPathComponent("progress.sqlite"), atomically: true, encoding: .utf8)
    let result = try run(
      ["practice", "--plan", "--json", "--seed", "1"], environment: home.environment)
    #expect(result.status == 0)
    #expect(result.stderr.contains("could not be read") && result.stderr.contains(".corrupt-"))
    #expect(try object(result)["focus"] as? String == "ㄹ")
  }
}

@Suite("The adaptive round end to end", tmuxRequirement.trait, .serialized)
struct AdaptiveEndToEndTests {
  @Test(
    "a planned round typed on the keypad in tmux at 80×24: its timings are in stats --json and on the stats pad"
  )
  func typedRound() throws {
    let home = try adaptiveHome("adaptive-e2e")
    let plan = try object(
      try run(
        ["practice", "--plan", "--json", "--seed", "11", "--items", "4"],
        environment: home.environment))
    let items = try #require(plan["items"] as? [String])
    let session = try TmuxSession(
      arguments: ["practice", "--adaptive", "--seed", "11", "--items", "4"], columns: 80, rows: 24,
      environment: home.environment)
    for (index, item) in items.enumerated() {
      try session.waitFor { session.screen().contains("\(index + 1) / 4") }
      let digits = try #require(try spellDigits(item), "cannot spell \(item)")
      try session.keys(numpadKeyNames(digits), gap: 0.25)
    }
    try session.waitFor(10) { session.screen().contains("adaptive round") }
    let summary = session.screen()
    #expect(summary.contains("Words right: 4 of 4 · keys right: 100%."), "\(summary)")
    #expect(summary.contains("Unlocked letters (6)"))
    try session.keys(["Escape"])
    #expect(try session.waitForExit() == 0)

    let stats = try object(try run(["stats", "--json"], environment: home.environment))
    #expect(stats["version"] as? Int == 4)
    let keys = try #require(stats["keys"] as? [[String: Any]])
    let timed = keys.filter { ($0["samples"] as? Int ?? 0) > 0 }
    #expect(!timed.isEmpty)
    for key in timed {
      // Keys 0.25 s apart; tmux and the pad add a little, nothing takes seconds.
      let median = try #require(key["medianMs"] as? Int)
      #expect((100...1_500).contains(median), "\(key)")
      #expect(key["blindShare"] as? Double == 0)  // a new item shows every cue at once
    }
    let jamo = try #require(stats["jamo"] as? [[String: Any]])
    #expect(jamo.contains { ($0["samples"] as? Int ?? 0) > 0 && $0["unlocked"] as? Bool == true })
    let adaptive = try #require(stats["adaptive"] as? [String: Any])
    #expect(adaptive["unlocked"] as? [String] == plan["unlocked"] as? [String])
    let text = try run(
      ["stats", "--width", "80", "--color", "never"], environment: home.environment)
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("천지인 (Galaxy): speed of each key"), "\(text.stdout)")
    #expect(
      lines.contains {
        $0.range(of: #"^\[ㅣ +[0-9]\.[0-9]s[.~!-]\]"#, options: .regularExpression) != nil
      },
      "\(text.stdout)")
    // The pads and the adaptive lines fit 80 columns (the English totals line is longer).
    let speedPart = lines.drop { !$0.contains("how often each key was missed") }
    #expect(!speedPart.isEmpty && speedPart.allSatisfy { $0.count <= 80 }, "\(speedPart)")
    #expect(lines.contains("Unlocked letters (6): ㅇ ㅏ ㄴ ㄱ ㅣ ㄹ"))
  }
}
