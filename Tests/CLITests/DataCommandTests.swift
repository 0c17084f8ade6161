import Foundation
import Testing

/// The environment of a locale, whatever the one the tests run in: `LC_ALL` and
/// `LC_MESSAGES` would win over `LANG`.
func locale(_ lang: String) -> [String: String] {
  ["LANG": lang, "LC_ALL": "", "LC_MESSAGES": ""]
}

/// A fresh `XDG_DATA_HOME` for one test, with the shipped word lists found by path.
private struct DataHome {
  let path: String
  /// `LANG`: the messages are Korean under `ko_KR.UTF-8`, English otherwise.
  let lang: String

  init(lang: String = "C.UTF-8") {
    path =
      scratchDirectory
      .appendingPathComponent("cheonjiin-data-\(UUID().uuidString)").path
    self.lang = lang
  }

  var environment: [String: String] {
    [
      "XDG_DATA_HOME": path,
      "CHEONJIIN_LEXICON": repositoryRoot.appendingPathComponent("Lexicon").path,
    ]
    .merging(locale(lang)) { $1 }
  }

  var database: String { path + "/cheonjiin/progress.sqlite" }

  func run(_ arguments: [String], input: String = "") throws -> RunResult {
    try CLITests.run(arguments, input: input, environment: environment)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}

@Suite("cheonjiin number (the real binary)")
struct NumberCommandTests {
  @Test("readings with the options, and a negative number that is not taken for an option")
  func readings() throws {
    for (arguments, expected) in [
      (["43", "--native"], "마흔셋"), (["15,000원"], "만 오천 원"), (["-5"], "마이너스 오"),
      (["3", "--counter", "개"], "세 개"), (["6월"], "유월"), (["15000", "--financial"], "일만오천"),
      (["010-1234-5678", "--digits"], "공일공 일이삼사 오육칠팔"),
      (["18446744073709551615"], "천팔백사십사경 육천칠백사십사조 칠백삼십칠억 구백오십오만 천육백십오"),
      (["2025년", "6월", "10일"], "이천이십오 년 유월 십 일"),
    ] {
      let result = try run(["number"] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout == expected + "\n", "\(arguments)")
    }
  }

  @Test("--all prints every accepted spelling, the preferred first")
  func allSpellings() throws {
    let lines = try run(["number", "--all", "3:45"]).stdout.split(separator: "\n")
    #expect(lines.first == "세 시 사십오 분")
    #expect(lines.contains("세시 사십오분"))
  }

  @Test("standard input: a line per line; a bad one is named and the rest still print")
  func standardInput() throws {
    let result = try run(["number"], input: "12\nabc\n43\n", environment: locale("C.UTF-8"))
    #expect(result.status == 65)
    #expect(result.stdout == "십이\n\n사십삼\n")
    #expect(result.stderr.contains("line 2: \"abc\" is not a number"))
    let korean = try run(["number"], input: "12\nabc\n", environment: locale("ko_KR.UTF-8"))
    #expect(korean.status == 65)
    #expect(korean.stderr == "cheonjiin: 2번째 줄: 숫자로 읽을 수 없어요: \"abc\". " + koreanNumberAdvice)
  }

  /// What `UIStrings.numberError` asks for after input that is not a number.
  private let koreanNumberAdvice =
    "15000, 15,000, -5, 3.14 같은 숫자나 3:45 같은 시각, 15000원이나 2025년 6월 10일처럼 단위가 "
    + "붙은 숫자를 써 주세요.\n"

  @Test("the time drill's prompt reads; ordinals and day counts read; 만 units written together")
  func drillForms() throws {
    for (arguments, expected) in [
      (["오후", "9:05"], "오후 아홉 시 오 분"), (["12째"], "열두째"), (["1째"], "첫째"),
      (["3", "--counter", "날"], "사흘"), (["1", "--counter", "날"], "하루"),
      (["80931", "--financial"], "팔만구백삼십일"),
    ] {
      let result = try run(["number"] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout == expected + "\n", "\(arguments)")
    }
    // What a drill accepts with a note on the spacing, --all lists: the standard first.
    let lines = try run(["number", "--all", "80931"]).stdout.split(separator: "\n")
    #expect(lines.first == "팔만 구백삼십일")
    #expect(lines.contains("팔만구백삼십일"))
  }

  @Test("a date or time that cannot exist is refused with the reason")
  func impossible() throws {
    let day = try run(["number", "2월", "30일"], environment: locale("C.UTF-8"))
    #expect(day.status == 65)
    #expect(day.stderr.contains("that month ends on day 29"), "\(day.stderr)")
    let minute = try run(["number", "3시", "60분"], environment: locale("ko_KR.UTF-8"))
    #expect(minute.status == 65)
    #expect(minute.stderr.contains("분 자리는 59까지만 있어요"), "\(minute.stderr)")
  }

  @Test("practice --help says what --from and --to default to")
  func practiceHelp() throws {
    let help = try run(["practice", "--help"]).stdout
    #expect(help.contains("default 99 with --from"))
    #expect(help.contains("each drill keeps its own mix"))
    #expect(!help.contains("(default 99;"))
  }

  @Test("conflicting options are refused with what to do")
  func conflicting() throws {
    let result = try run(["number", "5", "--native", "--financial"], environment: locale("C"))
    #expect(result.status == 65)
    #expect(result.stderr.contains("--native cannot be combined with --financial; use only one"))
    let korean = try run(
      ["number", "5", "--native", "--financial"], environment: locale("ko_KR.UTF-8"))
    #expect(korean.stderr.contains("함께 쓸 수 없어요: --native, --financial. 하나만 써 주세요."))
  }
}

@Suite("cheonjiin dict (the real binary)")
struct DictCommandTests {
  @Test("learn, list, export, import and unlearn round-trip through the database")
  func roundTrip() throws {
    let home = DataHome()
    defer { home.remove() }
    #expect(try home.run(["dict", "learn", "--times", "3", "감사해요"]).stdout == "감사해요\t3\n")
    #expect(try home.run(["dict", "learn", "할머니"]).status == 0)
    let list = try home.run(["dict", "list"]).stdout.split(separator: "\n")
    #expect(list.count == 2)
    #expect(list.first?.hasPrefix("감사해요\t3\t") == true)
    let exported = try home.run(["dict", "export"]).stdout
    #expect(exported.hasPrefix("# cheonjiin learned words"))

    let other = DataHome()
    defer { other.remove() }
    let imported = try other.run(["dict", "import", "-"], input: exported)
    #expect(imported.status == 0)
    #expect(try other.run(["dict", "list"]).stdout == (try home.run(["dict", "list"]).stdout))
  }

  @Test("unlearn forgets a learned word and hides a shipped one")
  func unlearn() throws {
    let home = DataHome()
    defer { home.remove() }
    _ = try home.run(["dict", "learn", "뷁뷁"])
    let forgot = try home.run(["dict", "unlearn", "뷁뷁", "감사합니다"])
    #expect(forgot.status == 0)
    #expect(forgot.stderr.contains("뷁뷁: forgotten"))
    #expect(forgot.stderr.contains("감사합니다: hidden from suggestions"))
    #expect(try home.run(["dict", "list"]).stdout.isEmpty)
    #expect(try home.run(["dict", "list", "--hidden"]).stdout == "감사합니다\n")
    _ = try home.run(["dict", "learn", "감사합니다"])
    #expect(try home.run(["dict", "list", "--hidden"]).stdout.isEmpty)

    let korean = DataHome(lang: "ko_KR.UTF-8")
    defer { korean.remove() }
    let hidden = try korean.run(["dict", "unlearn", "감사합니다", "뷁"])
    #expect(hidden.stderr.contains("감사합니다: 추천에 나오지 않게 했어요."))
    #expect(hidden.stderr.contains("뷁: 배운 낱말도 아니고 낱말 목록에도 없어요."))
  }

  @Test("bad words and bad import lines are refused with the line and the fix")
  func badInput() throws {
    let home = DataHome()
    defer { home.remove() }
    let latin = try home.run(["dict", "learn", "hello"])
    #expect(latin.status == 64)
    #expect(latin.stderr.contains("Hangul syllables only"))
    let korean = try DataHome(lang: "ko_KR.UTF-8").run(["dict", "learn", "--times", "0", "안녕"])
    #expect(korean.status == 64)
    #expect(korean.stderr.contains("--times 0: 1부터 1000000까지 주세요"))
    let imported = try home.run(["dict", "import", "-"], input: "안녕\t2\n반가워\tmany\n")
    #expect(imported.status == 65)
    #expect(imported.stderr.contains("line 2"))
    #expect(try home.run(["dict", "list"]).stdout.hasPrefix("안녕\t2\t"))
  }
}

@Suite("cheonjiin stats (the real binary)")
struct StatsCommandTests {
  @Test("no practice yet: a friendly line in the locale's language, exit 0")
  func empty() throws {
    let home = DataHome(lang: "ko_KR.UTF-8")
    defer { home.remove() }
    let result = try home.run(["stats"])
    #expect(result.status == 0)
    #expect(result.stdout == "아직 연습 기록이 없어요. `cheonjiin practice`로 시작해 보세요.\n")
    let english = DataHome(lang: "en_US.UTF-8")
    defer { english.remove() }
    #expect(
      try english.run(["stats"]).stdout
        == "No practice recorded yet. Start with `cheonjiin practice`.\n")
  }

  @Test("a history gives both charts and the pad marked by error rate; --json exports it")
  func history() throws {
    let home = DataHome(lang: "ko_KR.UTF-8")
    defer { home.remove() }
    _ = try home.run(["stats"])  // creates the database
    let script = try runProgram([
      "/usr/bin/env", "python3",
      repositoryRoot.appendingPathComponent("Scripts/make-practice-history.py").path,
      home.database, "--days", "40",
    ])
    try #require(script.status == 0, "\(script.stderr)")

    let text = try home.run(["stats", "--width", "60", "--color", "never"])
    #expect(text.status == 0)
    let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first?.contains("(30일)") == true)
    #expect(lines.contains("속도 (글자/분)"))
    #expect(lines.contains("정확도 (%)"))
    #expect(lines.contains { $0.contains("[ㅅㅎ  18%#]") })
    #expect(!text.stdout.contains("\u{1B}["))
    #expect(lines.allSatisfy { $0.unicodeScalars.count <= 60 })

    let colored = try home.run(["stats", "--color", "always"])
    #expect(colored.stdout.contains("\u{1B}[1;97;41m[ㅅㅎ"))

    // English: the same report with its own words; the numbers and the pad stay.
    let english = try CLITests.run(
      ["stats", "--width", "60", "--color", "never"],
      environment: home.environment.merging(locale("C.UTF-8")) { $1 })
    let englishLines = english.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(englishLines.count == lines.count)
    #expect(englishLines.first?.hasSuffix("(30 days)") == true)
    #expect(englishLines.contains("Speed (syllables a minute)"))
    #expect(englishLines.contains("Accuracy (%)"))
    #expect(englishLines.contains { $0.contains("[ㅅㅎ  18%#]") })
    #expect(!english.stdout.contains("기록"))

    let json = try home.run(["stats", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["schema"] as? String == "cheonjiin-stats")
    #expect((object["days"] as? [Any])?.count == 40)
    let englishJSON = try CLITests.run(
      ["stats", "--json"], environment: home.environment.merging(locale("C.UTF-8")) { $1 })
    #expect(englishJSON.stdout == json.stdout)  // the export has no interface text
    let refused = try home.run(["stats", "--days", "0"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("--days 0: 1부터 36500(백 년)까지 주세요."))
  }

  @Test("a damaged database is moved aside with a message; stats still answers")
  func damaged() throws {
    let home = DataHome(lang: "ko_KR.UTF-8")
    defer { home.remove() }
    try FileManager.default.createDirectory(
      atPath: home.path + "/cheonjiin", withIntermediateDirectories: true)
    try "this is not a database".write(toFile: home.database, atomically: true, encoding: .utf8)
    let result = try home.run(["stats"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("읽을 수 없어서") && result.stderr.contains(".corrupt-"))
    #expect(result.stdout.contains("아직 연습 기록이 없어요"))
  }
}
