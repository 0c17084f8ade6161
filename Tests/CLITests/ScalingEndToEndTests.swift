import Foundation
import Testing

/// Every command grows no faster than n log n with its input.
///
/// Fed inputs from 1 to about 10⁶ units, in CPU time and in peak memory (``ScalingCheck``).
/// Whole commands, as a user runs them: the debug binary, a process per run, its cost read
/// from `wait4`.
///
/// Serialized: each run is timed in CPU time, which other tests running beside it barely move,
/// but two ladders at once would each wait longer for nothing.
@Suite("Commands grow with their input, not faster", .serialized)
struct CommandScalingTests {
  /// A scratch folder of the suite's, with the inputs of the current size.
  let folder: URL

  init() throws {
    folder = try scratchFolder("scaling")
  }

  /// Writes `text` to a file in the folder and returns its path.
  func file(_ name: String, _ text: String) throws -> String {
    let path = folder.appendingPathComponent(name).path
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  /// What running the binary with `arguments` and `input` on standard input costs.
  func cost(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    allowedStatuses: Set<Int32> = [0]
  ) throws -> WorkCost {
    var variables = [
      "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
      "CHEONJIIN_LEXICON": repositoryRoot.appendingPathComponent("Lexicon").path,
      "XDG_CONFIG_HOME": "/nonexistent/cheonjiin-config",
      "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
      "LANG": "C.UTF-8",
    ]
    for (name, value) in environment { variables[name] = value }
    return try WorkCost.ofProcess(
      [binary.path] + arguments, input: input, environment: variables,
      allowedStatuses: allowedStatuses)
  }

  /// The input for a size, made once and kept while the ladder runs that size three times.
  final class Inputs {
    private var made: [Int: String] = [:]
    private let make: (Int) throws -> String
    init(_ make: @escaping (Int) throws -> String) { self.make = make }
    func callAsFunction(_ size: Int) throws -> String {
      if let path = made[size] { return path }
      let path = try make(size)
      made = [size: path]
      return path
    }
  }

  /// `n` different Hangul syllables, from 가 on.
  static func syllables(_ count: Int, from start: Int = 0) -> String {
    String(
      String.UnicodeScalarView(
        (start..<start + count).compactMap { Unicode.Scalar(0xAC00 + $0 % 11_172) }))
  }

  /// `1,100원 2,200원 …`: the issue's reproduction, `count` prices on one line.
  static func prices(_ count: Int) -> String {
    (1...max(1, count)).map { "\(grouped($0 * 1_100))원" }.joined(separator: " ")
  }

  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    return digits.indices.map { index in
      (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digits[index])
    }.joined()
  }

  func expectLinear(
    _ check: ScalingCheck, sourceLocation: SourceLocation = #_sourceLocation,
    _ run: (Int) throws -> WorkCost
  ) throws {
    let curve = try check.measure(run)
    #expect(curve.isAtMostNLogN, "\(curve)", sourceLocation: sourceLocation)
    // The table goes to the log, for the issue's closing note and for reruns on a quiet machine.
    print(curve)
  }

  @Test("number: prices on one line (1,600 once took 22 s and 647 MB)")
  func numberAmountsOnALine() throws {
    var check = ScalingCheck.command("number, prices on one line", unit: "amounts")
    check.maximumSize = 65_536  // about 900 KB, under the 1 MiB line limit
    let input = Inputs { try file("prices.txt", Self.prices($0) + "\n") }
    try expectLinear(check) { try cost(["number"], input: try input($0)) }
  }

  @Test("number --all: prices on one line, every spelling printed")
  func numberAllSpellings() throws {
    var check = ScalingCheck.command("number --all, prices on one line", unit: "amounts")
    check.maximumSize = 65_536
    let input = Inputs { try file("prices.txt", Self.prices($0) + "\n") }
    try expectLinear(check) { try cost(["number", "--all"], input: try input($0)) }
  }

  @Test("number: a line per amount")
  func numberLines() throws {
    let check = ScalingCheck.command("number, a price per line", unit: "lines")
    let input = Inputs { n in
      try file("lines.txt", (0..<n).map { "\(Self.grouped(($0 % 5_000 + 1) * 100))원\n" }.joined())
    }
    try expectLinear(check) { try cost(["number"], input: try input($0)) }
  }

  @Test("keys: a line of keys per text")
  func keysLines() throws {
    let check = ScalingCheck.command("keys, a 12-key line per text", unit: "lines")
    let input = Inputs { n in
      try file("keys.txt", String(repeating: "ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ\n", count: n))
    }
    try expectLinear(check) { try cost(["keys"], input: try input($0)) }
  }

  @Test("keys: one long text typed (the text buffer)")
  func keysOneLongLine() throws {
    var check = ScalingCheck.command("keys, one long line", unit: "keys")
    check.maximumSize = 262_144  // 3 bytes a key: under the 1 MiB line limit
    let input = Inputs { n in
      // 안녕 and a space is 11 keys: the text grows by three syllables every 11 keys.
      let word = Array("ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ_")
      return try file("long.txt", String((0..<n).map { word[$0 % word.count] }) + "\n")
    }
    try expectLinear(check) { try cost(["keys"], input: try input($0)) }
  }

  @Test("spell: a long text")
  func spellLongText() throws {
    var check = ScalingCheck.command("spell, one text", unit: "syllables")
    check.maximumSize = 32_768  // 3 bytes a syllable: under the 128 KiB argument limit
    try expectLinear(check) { n in try cost(["spell", Self.syllables(n)]) }
  }

  @Test("grep: lines of a file")
  func grepLines() throws {
    let check = ScalingCheck.command("grep ㄱㅅ, lines", unit: "lines")
    let input = Inputs { n in
      let lines = ["감사합니다", "할머니 생신 축하드려요", "고속버스 시간표", "내일 봐요"]
      return try file("lines.txt", (0..<n).map { lines[$0 % lines.count] + "\n" }.joined())
    }
    try expectLinear(check) { n in try cost(["grep", "-c", "ㄱㅅ", try input(n)]) }
  }

  @Test("grep: one long line")
  func grepOneLongLine() throws {
    var check = ScalingCheck.command("grep ㄱㅅ, one long line", unit: "syllables")
    check.maximumSize = 262_144
    let input = Inputs { n in try file("long.txt", Self.syllables(n) + "\n") }
    // A line of every syllable in turn, where ㄱㅅㄷ starts a near match at each ㄱ and never
    // completes one (exit status 1, no line matched).
    try expectLinear(check) { n in
      try cost(["grep", "-c", "ㄱㅅㄷ", try input(n)], allowedStatuses: [1])
    }
  }

  /// `n` different two-syllable words.
  static func words(_ count: Int) -> [String] {
    (0..<count).map { syllables(1, from: $0 % 11_172) + syllables(1, from: $0 / 11_172) }
  }

  @Test(
    "keys, number, grep -e and dict learn: values given as arguments",
    arguments: ["keys", "number", "grep -e", "dict learn"])
  func arguments(_ command: String) throws {
    var check = ScalingCheck.command("\(command), values as arguments", unit: "arguments")
    check.maximumSize = 65_536  // some 640 KB of argument strings and pointers: under ARG_MAX
    let text = try file("text.txt", "감사합니다\n내일 봐요\n")
    var run = 0
    try expectLinear(check) { n in
      run += 1
      switch command {
      case "keys":
        return try cost(["keys"] + Array(repeating: "7", count: n))
      case "number":
        // One amount of n digits: past what can be read aloud, said in one message (65).
        return try cost(["number"] + Array(repeating: "7", count: n), allowedStatuses: [0, 65])
      case "grep -e":
        let queries = Self.words(n).flatMap { ["-e", $0] }
        return try cost(["grep", "-c"] + queries + [text], allowedStatuses: [0, 1])
      default:
        let home = folder.appendingPathComponent("learn-\(run)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        return try cost(
          ["dict", "learn"] + Self.words(n), environment: ["XDG_DATA_HOME": home])
      }
    }
  }

  @Test("dict import: words into an empty database")
  func dictImport() throws {
    var check = ScalingCheck.command("dict import", unit: "words")
    check.maximumSize = 262_144
    let input = Inputs { n in
      // Two-syllable words, each different.
      try file(
        "words.tsv",
        (0..<n).map { Self.syllables(2, from: $0 * 2 % 11_172 + $0 / 5_586 * 7) + "\t3\n" }
          .joined())
    }
    var run = 0
    try expectLinear(check) { n in
      run += 1
      let home = folder.appendingPathComponent("import-\(run)").path
      defer { try? FileManager.default.removeItem(atPath: home) }
      return try cost(["dict", "import", try input(n)], environment: ["XDG_DATA_HOME": home])
    }
  }

  @Test("layouts validate: a layout file with a large user-data field")
  func layoutsValidate() throws {
    var check = ScalingCheck.command("layouts validate", unit: "array elements")
    check.maximumSize = 131_072  // under the 1 MiB layout file limit
    let shipped = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Layouts/cheonjiin-galaxy.json"),
      encoding: .utf8)
    let input = Inputs { n in
      // The layout's fields, then one of the layout author's own, which is kept and not read.
      let opening = try #require(shipped.firstIndex(of: "{"))
      let extra = "\"x-notes\": [" + (0..<n).map { "\($0 % 1000)" }.joined(separator: ",") + "],"
      var text = shipped
      text.insert(contentsOf: extra, at: text.index(after: opening))
      return try file("big.json", text)
    }
    try expectLinear(check) { n in try cost(["layouts", "validate", try input(n)]) }
  }

  @Test("practice --list: a messages file of many lines")
  func practiceMessages() throws {
    var check = ScalingCheck.command("practice --list, messages", unit: "messages")
    check.maximumSize = 65_536
    let lexicon = folder.appendingPathComponent("lexicon")
    try FileManager.default.createDirectory(at: lexicon, withIntermediateDirectories: true)
    let shipped = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Lexicon/practice-messages-ko.txt"),
      encoding: .utf8)
    let lines = shipped.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
    let input = Inputs { n in
      let path = lexicon.appendingPathComponent("practice-messages-ko.txt").path
      let text = (0..<n).map { lines[$0 % lines.count] + "\n" }.joined()
      try text.write(toFile: path, atomically: false, encoding: .utf8)
      return path
    }
    try expectLinear(check) { n in
      _ = try input(n)
      return try cost(["practice", "--list"], environment: ["CHEONJIIN_LEXICON": lexicon.path])
    }
  }

  @Test("stats: practice sessions in the database")
  func stats() throws {
    var check = ScalingCheck.command("stats --all", unit: "sessions")
    // 16,384 against 1,024: the database's making (Python) is most of this test's time.
    check.maximumSize = 16_384
    let input = Inputs { n in
      let home = folder.appendingPathComponent("stats-\(n)").path
      _ = try cost(["stats"], environment: ["XDG_DATA_HOME": home])
      let days = min(n, 3_650)
      let python = try runProgram([
        "/usr/bin/env", "python3",
        repositoryRoot.appendingPathComponent("Scripts/make-practice-history.py").path,
        home + "/cheonjiin/progress.sqlite", "--days", "\(days)",
        "--sessions-per-day", "\(max(1, n / days))", "--items", "3",
      ])
      try #require(python.status == 0, "\(python.stderr)")
      return home
    }
    try expectLinear(check) { n in
      try cost(["stats", "--all"], environment: ["XDG_DATA_HOME": try input(n)])
    }
  }
}
