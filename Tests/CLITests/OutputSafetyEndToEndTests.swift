import Foundation
import Testing

/// Where a run's standard output goes.
private enum Destination {
  case pipe
  /// A terminal (a pty in raw mode, so that line breaks arrive as written).
  case terminal
  case file(String)
  /// Closed, as `>&-` leaves it.
  case closed
}

/// What a run wrote, byte for byte.
private struct RawRun {
  var status: Int32
  var stdout: [UInt8]
  var stderr: [UInt8]
  var errorText: String { String(decoding: stderr, as: UTF8.self) }
  var outputText: String { String(decoding: stdout, as: UTF8.self) }
}

/// A home of the run's own: progress, drafts and settings in a fresh scratch folder.
private struct Home {
  let root = scratchDirectory.appendingPathComponent("output-\(UUID().uuidString)")

  var environment: [String: String] {
    [
      "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
      "CHEONJIIN_LEXICON": repositoryRoot.appendingPathComponent("Lexicon").path,
      "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
      "XDG_DATA_HOME": root.appendingPathComponent("data").path,
      "XDG_STATE_HOME": root.appendingPathComponent("state").path,
      "HOME": root.path, "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
    ]
  }

  var database: String { root.path + "/data/cheonjiin/progress.sqlite" }

  /// Runs the binary with `input` on standard input and standard output at `destination`.
  func run(
    _ arguments: [String], input: [UInt8] = [], stdout destination: Destination = .pipe,
    environment extra: [String: String] = [:]
  ) throws -> RawRun {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let process = Process()
    var command = [binary.path] + arguments
    switch destination {
    case .closed: command = ["/bin/sh", "-c", "exec \"$@\" >&-", "sh"] + command
    case .terminal: command = ["/usr/bin/env", "python3", "-c", onTerminal] + command
    case .pipe, .file: break
    }
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = ProcessInfo.processInfo.environment.merging(
      environment.merging(extra) { $1 }
    ) { $1 }
    let stdin = Pipe()
    let stderr = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardError = stderr
    switch destination {
    case .pipe, .terminal: process.standardOutput = stdout
    case .file(let path): process.standardOutput = FileHandle(forWritingAtPath: path)
    case .closed: break
    }
    try process.run()
    try stdout.fileHandleForWriting.close()
    // Read while writing: the program may answer before it has read everything.
    let reading = DispatchGroup()
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    DispatchQueue.global().async(group: reading) {
      err = stderr.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: reading) {
      out = stdout.fileHandleForReading.readDataToEndOfFile()
    }
    // The program may stop reading (a write failed): a closed pipe is no failure here.
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
    try? stdin.fileHandleForWriting.close()
    reading.wait()
    process.waitUntilExit()
    return RawRun(status: process.terminationStatus, stdout: Array(out), stderr: Array(err))
  }

  /// Writes `lines` as the messages file of a lexicon folder of the home's own, and returns the
  /// environment that points to it.
  func lexicon(messages: String) throws -> [String: String] {
    let folder = root.appendingPathComponent("lexicon")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data(messages.utf8).write(to: folder.appendingPathComponent("practice-messages-ko.txt"))
    return ["CHEONJIIN_LEXICON": folder.path]
  }

  /// Keeps `text` in the drafts' history, as the pad keeps a sent message.
  func keepDraft(_ text: String) throws {
    let history = root.appendingPathComponent("state/cheonjiin/history")
    try FileManager.default.createDirectory(
      at: history, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let file = history.appendingPathComponent("20261202-010203.004-4242-sent.txt")
    try Data(text.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
  }

  /// Adds a learned word behind the program's back, as another program (or a damaged copy)
  /// could.
  func plantLearnedWord(_ word: String) throws {
    let made = try run(["dict", "learn", "가"])
    #expect(made.status == 0, "\(made.errorText)")
    let quoted = "'" + word.replacingOccurrences(of: "'", with: "''") + "'"
    let sql = "INSERT INTO learnedWord (word, count, lastUsedDay) VALUES (\(quoted), 3, 20000);"
    let planted = try runProgram(["/usr/bin/sqlite3", database, sql])
    #expect(planted.status == 0, "\(planted.stderr)")
  }
}

/// Runs the command after it (`python3 -c onTerminal COMMAND…`) with standard output on a
/// terminal of its own, a pty in raw mode (line breaks arrive as written), and copies what
/// the terminal shows to its own standard output; it exits with the command's status.
private let onTerminal = """
  import os, subprocess, sys, tty
  controller, device = os.openpty()
  tty.setraw(device)
  child = subprocess.Popen(sys.argv[1:], stdout=device)
  os.close(device)
  while True:
      try:
          chunk = os.read(controller, 65536)
      except OSError:  # EIO: the last holder of the terminal closed it
          break
      if not chunk:
          break
      sys.stdout.buffer.write(chunk)
  sys.stdout.flush()
  status = child.wait()
  sys.exit(status if status >= 0 else 128 - status)
  """

/// `bytes` around `offset`, for a failure message.
private func around(_ bytes: [UInt8], _ offset: Int?) -> String {
  guard let offset else { return "" }
  let window = bytes[max(0, offset - 20)..<min(bytes.count, offset + 20)]
  return window.map { String($0, radix: 16) }.joined(separator: " ")
}

/// A command that writes to standard output, with what it needs.
struct StandardOutputWriter: CustomTestStringConvertible, Sendable {
  let arguments: [String]
  var input = ""
  /// Whether it needs a learned word and a kept draft first (`dict list` and `drafts list`
  /// print nothing without them).
  var needsData = false
  /// grep fails with 2, as GNU grep; every other command with 1, as the pad does.
  var status: Int32 = 1
  var testDescription: String { arguments.joined(separator: " ") }
}

private let writers: [StandardOutputWriter] = [
  StandardOutputWriter(arguments: ["keys"], input: "ㄱ\n"),
  StandardOutputWriter(arguments: ["keys", "--json", "ㄱ"]),
  StandardOutputWriter(arguments: ["number"], input: "5\n"),
  StandardOutputWriter(arguments: ["grep", "ㄱ"], input: "가방\n", status: 2),
  StandardOutputWriter(arguments: ["spell", "가"]),
  StandardOutputWriter(arguments: ["stats"]),
  StandardOutputWriter(arguments: ["layouts", "list"]),
  StandardOutputWriter(arguments: ["layouts", "show", "cheonjiin-galaxy"]),
  StandardOutputWriter(arguments: ["dict", "export"]),
  StandardOutputWriter(arguments: ["dict", "list"], needsData: true),
  StandardOutputWriter(arguments: ["drafts", "list"], needsData: true),
  StandardOutputWriter(arguments: ["drafts", "show", "1"], needsData: true),
  StandardOutputWriter(arguments: ["practice", "--list"]),
  StandardOutputWriter(arguments: ["demo", "--frames", "가"]),
  StandardOutputWriter(arguments: ["demo", "--cast", "-", "가"]),
]

/// Standard output that cannot be written, and why, as the system says it.
enum BrokenOutput: CaseIterable, Sendable {
  case fullDisk
  /// `>&-`: the program opens `/dev/null` there for reading, so writes fail as on a closed one.
  case closed

  var reason: String {
    switch self {
    case .fullDisk: "No space left on device"
    case .closed: "Bad file descriptor"
    }
  }
}

@Suite("Output: write errors and control characters (the real binary)")
struct OutputSafetyEndToEndTests {
  // MARK: - Write errors

  @Test(
    "standard output on a full disk or closed: one message, as GNU grep words it, and a failure",
    arguments: writers, BrokenOutput.allCases)
  func writeError(writer: StandardOutputWriter, output: BrokenOutput) throws {
    let home = Home()
    if writer.needsData {
      _ = try home.run(["dict", "learn", "가"])
      try home.keepDraft("안녕")
    }
    let destination: Destination =
      switch output {
      case .fullDisk: .file("/dev/full")
      case .closed: .closed
      }
    let run = try home.run(writer.arguments, input: Array(writer.input.utf8), stdout: destination)
    #expect(run.status == writer.status, "\(run.errorText)")
    #expect(run.errorText == "cheonjiin: write error: \(output.reason)\n")
  }

  @Test("an export larger than the disk's room fails, and says so")
  func largeExportToFullDisk() throws {
    let home = Home()
    let words = (0..<20_000).map { "가" + String(repeating: "나", count: $0 % 7) + "\($0 % 10)" }
    let file = home.root.appendingPathComponent("words.tsv")
    try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
    try Data(words.joined(separator: "\n").utf8).write(to: file)
    _ = try home.run(["dict", "import", file.path])
    let full = try home.run(["dict", "export"], stdout: .file("/dev/full"))
    #expect(full.status == 1)
    #expect(full.errorText == "cheonjiin: write error: No space left on device\n")
  }

  @Test(
    "a reader that stops early ends the command quietly, with or without SIGPIPE",
    arguments: [(["keys"], "ㄱ"), (["number"], "5"), (["grep", "ㄱ"], "가")])
  func closedPipe(arguments: [String], line: String) throws {
    let home = Home()
    let command = ([binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
    for trap in ["", "trap '' PIPE; "] {
      // `timeout`: a command that went on reading after its reader left would never end.
      // SIGKILL, since the test runner's children start with SIGTERM blocked.
      let script =
        "\(trap)yes \(line) 2>/dev/null | timeout -s KILL 20 \(command) | head -1; echo \"status ${PIPESTATUS[1]}\""
      let run = try runProgram(["/bin/bash", "-c", script], environment: home.environment)
      let lines = run.stdout.split(separator: "\n")
      #expect(lines.count == 2, "\(trap): \(run.stdout)")
      #expect(!["status 124", "status 137"].contains(lines.last), "\(trap): still reading")
      #expect(run.stderr == "", "\(trap): \(run.stderr)")
    }
  }

  // MARK: - Control characters

  @Test("an OSC 52 clipboard write given to number is shown, not done")
  func numberClipboard() throws {
    let run = try Home().run(["number"], input: Array("\u{1B}]52;c;SGVsbG8=\u{7}\n".utf8))
    #expect(terminalCommandByte(in: run.stdout) == nil, "\(run.outputText)")
    #expect(terminalCommandByte(in: run.stderr) == nil, "\(run.errorText)")
    #expect(run.errorText.contains("\\u{1B}]52;c;SGVsbG8=\\u{7}"), "\(run.errorText)")
  }

  @Test("a title sequence in keys' input is shown in its message, not sent")
  func keysTitle() throws {
    let run = try Home().run(["keys"], input: Array("<\u{1B}]0;PWNED\u{7}>\n".utf8))
    #expect(run.status == 65)
    #expect(terminalCommandByte(in: run.stderr) == nil, "\(run.errorText)")
    #expect(run.errorText.contains("\\u{1B}]0;PWNED\\u{7}"), "\(run.errorText)")
  }

  @Test("dict import shows a bad line and the file's name with their control characters escaped")
  func importMessages() throws {
    let home = Home()
    try FileManager.default.createDirectory(at: home.root, withIntermediateDirectories: true)
    let file = home.root.appendingPathComponent("w\u{1B}[2J.tsv")
    try Data("사랑\t\u{1B}]0;PWNED\u{7}\n\u{9B}31m\tx\n".utf8).write(to: file)
    let run = try home.run(["dict", "import", file.path])
    #expect(terminalCommandByte(in: run.stderr) == nil, "\(run.errorText)")
    #expect(run.errorText.contains("w\\u{1B}[2J.tsv"), "\(run.errorText)")
  }

  @Test("practice --list shows a messages file's group title escaped")
  func practiceTitles() throws {
    let home = Home()
    let lexicon = try home.lexicon(messages: "[\u{1B}]0;PWNED\u{7}]\n안녕하세요.\n")
    let run = try home.run(["practice", "--list"], environment: lexicon)
    #expect(run.status == 0, "\(run.errorText)")
    #expect(terminalCommandByte(in: run.stdout) == nil, "\(run.outputText)")
    #expect(run.outputText.contains("\\u{1B}]0;PWNED\\u{7}"), "\(run.outputText)")
  }

  @Test(
    "a word planted in the database: dict list escapes it; export keeps it exact, but not on a terminal"
  )
  func plantedWord() throws {
    let home = Home()
    try home.plantLearnedWord("x\u{1B}]0;PWNED\u{7}\u{9B}")
    let list = try home.run(["dict", "list"])
    #expect(terminalCommandByte(in: list.stdout) == nil, "\(list.outputText)")
    #expect(list.outputText.contains("x\\u{1B}]0;PWNED\\u{7}\\u{9B}\t3\t"), "\(list.outputText)")
    let export = try home.run(["dict", "export"])
    #expect(export.outputText.contains("x\u{1B}]0;PWNED\u{7}\u{9B}\t3\t"), "\(export.outputText)")
    let shown = try home.run(["dict", "export"], stdout: .terminal)
    #expect(terminalCommandByte(in: shown.stdout) == nil, "\(shown.outputText)")
    #expect(shown.outputText.contains("x\\u{1B}]0;PWNED\\u{7}\\u{9B}\t3\t"), "\(shown.outputText)")
  }

  @Test("a kept text: drafts show prints it exactly into a pipe, escaped on a terminal")
  func keptText() throws {
    let home = Home()
    try home.keepDraft("안녕\u{1B}]0;PWNED\u{7}\n\u{9B}2J")
    let piped = try home.run(["drafts", "show", "1"])
    #expect(piped.outputText == "안녕\u{1B}]0;PWNED\u{7}\n\u{9B}2J\n")
    let shown = try home.run(["drafts", "show", "1"], stdout: .terminal)
    #expect(shown.outputText == "안녕\\u{1B}]0;PWNED\\u{7}\n\\u{9B}2J\n")
    let listed = try home.run(["drafts", "list"])
    #expect(terminalCommandByte(in: listed.stdout) == nil, "\(listed.outputText)")
    #expect(listed.outputText.contains("안녕\\u{1B}]0;PWNED\\u{7} …"), "\(listed.outputText)")
  }

  @Test(
    "grep prints a selected line exactly into a pipe, escaped on a terminal (bytes not UTF-8 too)")
  func grepLines() throws {
    let line: [UInt8] = Array("가방\u{1B}[2J".utf8) + [0x9B, 0x33, 0x31, 0x6D, 0x0A]
    let piped = try Home().run(["grep", "ㄱ"], input: line)
    #expect(piped.stdout == line)
    let shown = try Home().run(["grep", "ㄱ"], input: line, stdout: .terminal)
    #expect(shown.outputText == "가방\\u{1B}[2J\\x9B31m\n")
  }

  // MARK: - Fuzzing

  /// Commands that print what they are given, and how to give it: `{}` stands for the text.
  private static let echoing: [(arguments: [String], input: String)] = [
    (["keys"], "{}\n가\n"), (["keys", "--json"], "{}\n"), (["keys", "--trace"], "ㄱ{}\n"),
    (["keys", "ㄱ{}"], ""), (["number"], "5{}\n{}\n"), (["number", "{}원"], ""),
    (["grep", "ㄱ"], "가{}\n{}가\n"), (["grep", "-n", "-o", "가"], "가{}\n"),
    (["spell", "가{}"], ""), (["spell", "--count", "{}"], ""),
    (["demo", "--frames", "가{}"], ""), (["demo", "--cast", "-", "가{}"], ""),
    (["dict", "import", "-"], "{}\n가\t{}\n"), (["dict", "learn", "가{}"], ""),
    (["practice", "--lesson", "{}"], ""), (["layouts", "show", "{}"], ""),
    (["drafts", "show", "{}"], ""), (["nosuch{}"], ""), (["keys", "--layout", "{}", "ㄱ"], ""),
  ]

  @Test("random control characters given to every command that echoes never reach the terminal raw")
  func fuzzEchoes() throws {
    // A fixed seed, so that make test's second run of a failed test plays the same cases;
    // CHEONJIIN_FUZZ_SEED tries others, CHEONJIIN_FUZZ_ITERATIONS more rounds.
    let seed =
      ProcessInfo.processInfo.environment["CHEONJIIN_FUZZ_SEED"].flatMap(UInt64.init)
      ?? 29
    print(
      "OutputSafetyEndToEndTests.fuzzEchoes: seed \(seed) (CHEONJIIN_FUZZ_SEED=\(seed) replays it)")
    var random = SplitMix64(state: seed)
    let home = Home()
    for round in 0..<fuzzRounds(2, divisor: 20_000) {
      for (arguments, input) in Self.echoing {
        let text = randomControls(&random)
        let filled = arguments.map { $0.replacingOccurrences(of: "{}", with: text) }
        // Standard input may also hold bytes that are not UTF-8: a lone C1 byte is CSI to
        // a terminal not in UTF-8 mode.
        let raw: [UInt8] = round % 2 == 0 ? [] : [0x9B, 0x32, 0x4A, 0xC0, 0xFF]
        let given = input.replacingOccurrences(of: "{}", with: text)
        let bytes = Array(
          input.split(separator: "{}", omittingEmptySubsequences: false)
            .map { Array($0.utf8) }.joined(separator: Array(text.utf8) + raw))
        let run = try home.run(filled, input: bytes, stdout: .terminal)
        let place = "seed \(seed), round \(round): \(filled) \(given.debugDescription)"
        let outAt = terminalCommandByte(in: run.stdout)
        let errAt = terminalCommandByte(in: run.stderr)
        #expect(outAt == nil, "stdout, \(place): \(around(run.stdout, outAt))")
        #expect(errAt == nil, "stderr, \(place): \(around(run.stderr, errAt))")
      }
    }
  }
}

/// A short text of C0, DEL and C1 controls, escape sequences and Hangul, mixed.
private func randomControls(_ random: inout SplitMix64) -> String {
  let pieces = [
    "\u{1B}]0;PWNED\u{7}", "\u{1B}]52;c;SGVsbG8=\u{1B}\\", "\u{1B}[2J", "\u{1B}[31m", "\u{9B}2J",
    "\u{9D}0;x\u{9C}", "\u{1B}", "\u{7F}", "\r", "\u{8}", "가", "ㄱ", " ", "<", ">",
  ]
  var text = ""
  for _ in 0..<Int.random(in: 1...6, using: &random) {
    if Bool.random(using: &random) {
      text += pieces.randomElement(using: &random) ?? ""
    } else {
      let value =
        Bool.random(using: &random)
        // No NUL: an argument cannot hold one.
        ? UInt32.random(in: 1..<0x20, using: &random)
        : UInt32.random(in: 0x7F...0x9F, using: &random)
      text.unicodeScalars.append(Unicode.Scalar(value) ?? "?")
    }
  }
  return text
}
