import Foundation
import Testing

@Suite("cheonjiin keys / spell / layouts (the real binary)")
struct HeadlessCommandTests {
  @Test("practice --from/--to: the list shows the range; a reversed range is refused in words")
  func practiceRange() throws {
    let list = try run(["practice", "--list", "--from", "10", "--to", "50"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.contains("numbers-read\t숫자 1: 숫자를 한글로 10–50\t"))
    #expect(list.stdout.contains("numbers-native\t숫자 8: 고유어로 세기 (하나, 서른하나) 10–50\t"))
    let reversed = try run(
      ["practice", "--from", "50", "--to", "10"], environment: locale("ko_KR.UTF-8"))
    #expect(reversed.status == 64)
    #expect(reversed.stderr.contains("처음 수가 끝 수보다 커요. --from 10 --to 50처럼"))
    let english = try run(
      ["practice", "--from", "50", "--to", "10"], environment: locale("C.UTF-8"))
    #expect(english.stderr.contains("--from 50 is above --to 10"))
  }

  @Test(
    "option errors speak the locale's language",
    arguments: [
      (["practice", "--hold-ms", "5"], "100에서 3000", "give 100 to 3000"),
      (["--hold-ms", "5"], "100에서 3000", "give 100 to 3000"),
      (["practice", "--items", "0"], "1에서 50", "give 1 to 50"),
      (["grep"], "찾을 말이 없어요", "missing the query"),
      (["grep", "-H", "-h", "x"], "함께 쓸 수 없어요", "contradict each other"),
    ])
  func localizedOptionErrors(arguments: [String], korean: String, english: String) throws {
    let ko = try run(arguments, environment: locale("ko_KR.UTF-8"))
    #expect(ko.status == (arguments.first == "grep" ? 2 : 64))  // grep's trouble status is 2
    #expect(ko.stderr.contains(korean), "\(ko.stderr)")
    let en = try run(arguments, environment: locale("C.UTF-8"))
    #expect(en.stderr.contains(english), "\(en.stderr)")
  }

  @Test("run --help is cheonjiin's help; after -- it is the program's argument")
  func runHelp() throws {
    let help = try run(["run", "--help"])
    #expect(help.status == 0, "\(help.stderr)")
    #expect(help.stdout.contains("--dock"))
  }

  @Test("keys prints the text for a sequence given as arguments")
  func keysArguments() throws {
    let result = try run(["keys", "ㅇㅣᆞㄴ_ㄴᆞᆞㅣㅇ"])
    #expect(result.status == 0)
    #expect(result.stdout == "안녕\n")
  }

  @Test("keys reads lines from standard input; a bad line is named and the others still print")
  func keysStdin() throws {
    let result = try run(["keys"], input: "ㄱㅣᆞ\nㄱxㄴ\n0125#52210\n")
    #expect(result.status == 65)
    #expect(result.stdout == "가\n\n안녕\n")
    #expect(result.stderr.contains("line 2: column 2"))
    #expect(result.stderr.contains("\"x\""))
  }

  @Test("keys --json gives one object per line, with errors as data")
  func keysJSON() throws {
    let result = try run(["keys", "--json"], input: "ㄱㅣᆞ_ㄴ\nㄱ<nope>\n")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    #expect(first?["text"] as? String == "가ㄴ")
    #expect(first?["committed"] as? String == "가")
    #expect(first?["preedit"] as? String == "ㄴ")
    let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
    let error = second?["error"] as? [String: Any]
    #expect(error?["column"] as? Int == 2)
  }

  @Test("keys --trace shows every press")
  func keysTrace() throws {
    let result = try run(["keys", "--trace", "ㄱㅣᆞ_"])
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines[3].hasSuffix("+가"))
    #expect(lines[4] == "가")
  }

  @Test("keys --trace and --json --trace report each press's commit and deletion")
  func keysTraceDeletion() throws {
    let lines = try run(["keys", "--trace", "ㄱㅣᆞ_<"]).stdout.split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 7)  // five presses, the text (empty), and the final newline
    #expect(lines[3] == "4\t_\t가[]\t+가")
    #expect(lines[4] == "5\t<\t[]\t-1")
    let json = try run(["keys", "--json", "--trace", "ㅂㆍㅡ.ㅈ<_"]).stdout
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(object?["text"] as? String == "보.")  // no space after the mark
    let steps = try #require(object?["steps"] as? [[String: Any]])
    #expect(steps.count == 7)
    #expect(steps[4]["preedit"] as? String == ".ㅈ")  // the mark stays in the composition
    #expect(steps[5]["preedit"] as? String == ".")
    #expect(steps[6]["commit"] as? String == ".")
    #expect(steps[6]["committed"] as? String == "보.")
    #expect(steps.allSatisfy { $0["deleted"] as? Int == 0 })
  }

  @Test("spell prints a sequence that keys turns back into the text")
  func spellRoundTrip() throws {
    let text = "할머니, 병원 가요? 15,000원!"
    let spelled = try run(["spell", text])
    #expect(spelled.status == 0)
    let replayed = try run(["keys"], input: spelled.stdout)
    #expect(replayed.stdout == text + "\n")
  }

  @Test("spell names a character it cannot type")
  func spellUntypeable() throws {
    let result = try run(["spell", "가😀"], environment: locale("C.UTF-8"))
    #expect(result.status == 65)
    #expect(result.stderr.contains("position 2: \"😀\" (U+1F600) cannot be typed"))
    let korean = try run(["spell", "가😀"], environment: locale("ko_KR.UTF-8"))
    #expect(korean.status == 65)
    #expect(korean.stderr.hasPrefix("cheonjiin: 2번째 글자는 칠 수 없어요: \"😀\" (U+1F600)."))
  }

  @Test("demo refuses a bad --speed or no text in the locale's language, before drawing")
  func demoArguments() throws {
    let english = try run(["demo", "--speed", "30", "안녕"], environment: locale("C.UTF-8"))
    #expect(english.status == 64)
    #expect(english.stderr.contains("--speed 30 is out of range; give 0.25 to 20 keys per second"))
    let korean = try run(["demo", ""], environment: locale("ko_KR.UTF-8"))
    #expect(korean.status == 64)
    #expect(korean.stderr.contains("보여 줄 글이 없어요."))
  }

  @Test("a bad --layout exits 65 before doing anything, naming the problem")
  func badLayout() throws {
    let broken = repositoryRoot.appendingPathComponent(
      "Tests/LayoutLoadingTests/Invalid/conjoiningJamo.json"
    ).path
    let result = try run(["keys", "--layout", broken, "ㄱ"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains("keys[4].cycle[1]: \"ᄏ\" is a conjoining jamo; write \"ㅋ\""))
    let unknown = try run(["keys", "--layout", "galaxy", "ㄱ"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("known:"))
  }

  @Test("layouts list, show and validate")
  func layouts() throws {
    let list = try run(["layouts", "list"])
    #expect(list.status == 0)
    for id in ["cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja", "symbols", "abc"] {
      #expect(list.stdout.contains(id))
    }
    let show = try run(["layouts", "show", "cheonjiin-iphone"])
    #expect(show.stdout.contains("next"))
    let good = repositoryRoot.appendingPathComponent("Layouts/abc.json").path
    let bad = repositoryRoot.appendingPathComponent(
      "Tests/LayoutLoadingTests/Invalid/severalProblems.json"
    ).path
    let validate = try run(["layouts", "validate", good, bad])
    #expect(validate.status == 65)
    #expect(validate.stdout.contains("abc.json: ok"))
    #expect(validate.stderr.split(separator: "\n").count == 4)
  }

  @Test("the shipped layouts are found from the binary's location without CHEONJIIN_LAYOUTS")
  func findsLayouts() throws {
    let result = try run(["keys", "ㄱㅣᆞ"], environment: ["CHEONJIIN_LAYOUTS": ""])
    #expect(result.status == 0)
    #expect(result.stdout == "가\n")
  }
}

@Suite("The keypad refuses to start where it cannot work")
struct KeypadPreflightTests {
  @Test("no UTF-8 locale: a clear message and the fix, before the screen is touched")
  func noUTF8() throws {
    let result = try run([], environment: ["LANG": "C", "LC_ALL": "C", "TERM": "xterm"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("UTF-8"))
    #expect(result.stderr.contains("export LANG=C.UTF-8"))
    #expect(result.stdout.isEmpty)
  }

  @Test("TERM=dumb: a clear message pointing at the script commands")
  func dumbTerminal() throws {
    let result = try run([], environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "dumb"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("TERM is \"dumb\""))
    #expect(result.stderr.contains("cheonjiin keys"))
  }

  @Test("a bad --hold-ms is a usage error naming the range")
  func badHoldDelay() throws {
    let result = try run(["--hold-ms", "20"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("100 to 3000"))
  }
}
