import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real binary on a real (tmux or pty) terminal.
///
/// Slower than the controller tests, so they check the wiring: drawing on /dev/tty, stdout,
/// signals, restoring the terminal.
@Suite("The keypad end to end", tmuxRequirement.trait, .serialized)
struct KeypadEndToEndTests {
  @Test("안녕하세요 typed with keypad keys comes out on stdout after Esc; the terminal is restored")
  func typeAndDismiss() throws {
    let session = try TmuxSession()
    #expect(try session.display("#{alternate_on} #{keypad_flag} #{mouse_any_flag}") == "1 1 1")
    try session.keys(numpadKeyNames("0125#52210881282110223"))
    try session.waitFor { session.screen().hasPrefix(" 안녕하세요") }
    try session.keys(["Escape"])
    #expect(try session.waitForExit() == 0)
    #expect(session.stdout == "안녕하세요\n")
    #expect(
      try session.display("#{alternate_on} #{keypad_flag} #{mouse_any_flag} #{cursor_flag}")
        == "0 0 0 1")
  }

  // Holds and held ⌫ without release events are tested where the auto-repeat is real: in an
  // xterm under Xvfb with the X server's own repeat (RealTerminalHoldTests). Scripted here,
  // their timing was how fast `system("tmux")` ran against 100/150 ms thresholds.

  @Test("an SGR mouse click presses the key under it")
  func mouseClick() throws {
    let session = try TmuxSession()
    let lines = session.screen().split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(lines.firstIndex { $0.contains("ㄴㄹ") })
    let line = String(lines[row])
    let before = try #require(line.range(of: "ㄴㄹ")).lowerBound
    // Columns in cells: every Hangul letter before it is two cells wide.
    let column =
      line[..<before].reduce(0) { $0 + ($1.unicodeScalars.first!.value >= 0x1100 ? 2 : 1) } + 2
    try session.bytes("\u{1b}[<0;\(column);\(row + 1)M")
    Thread.sleep(forTimeInterval: 0.1)
    try session.bytes("\u{1b}[<0;\(column);\(row + 1)m")
    try session.waitFor { session.screen().hasPrefix(" ㄴ") }
    try session.keys(["Escape"])
    #expect(try session.waitForExit() == 0)
    #expect(session.stdout == "ㄴ\n")
  }

  @Test("a resize redraws; too small shows a message and keeps the text")
  func resize() throws {
    let session = try TmuxSession(columns: 26, rows: 8)
    try session.waitFor { session.screen().contains("too small") }
    try session.keys(numpadKeyNames("412"))
    try session.tmux(["resize-window", "-t", "0", "-x", "60", "-y", "24"])
    try session.waitFor { session.screen().contains("ㄱㅋ") }
    #expect(session.screen().hasPrefix(" 가"))
    try session.keys(["Escape"])
    #expect(try session.waitForExit() == 0)
    #expect(session.stdout == "가\n")
  }

  @Test("Ctrl-C exits 130 and keeps a draft, which the next start offers back")
  func cancelKeepsDraft() throws {
    let first = try TmuxSession()
    try first.keys(numpadKeyNames("412#"))
    try first.keys(["C-c"])
    #expect(try first.waitForExit() == 130)
    #expect(first.stdout.isEmpty)
    #expect(try first.display("#{alternate_on} #{keypad_flag} #{mouse_any_flag}") == "0 0 0")
    let draft = first.stateHome.appendingPathComponent("cheonjiin/draft.txt")
    #expect(try String(contentsOf: draft, encoding: .utf8) == "가")
    // The next start in the same state directory offers it back.
    let second = try TmuxSession(environment: ["XDG_STATE_HOME": first.stateHome.path])
    try second.waitFor { second.screen().contains("unfinished text") }
    try second.keys(["Enter"])
    try second.keys(numpadKeyNames("512"))
    try second.keys(["Escape"])
    #expect(try second.waitForExit() == 0)
    #expect(second.stdout == "가나\n")
    #expect(!FileManager.default.fileExists(atPath: draft.path))
  }

  @Test("SIGTERM saves the draft and restores the terminal")
  func terminate() throws {
    let session = try TmuxSession()
    try session.keys(numpadKeyNames("412"))
    let pid = try session.display("#{pane_pid}")
    // The pane runs sh; its child is cheonjiin.
    _ = system("pkill -TERM -P \(pid) cheonjiin")
    #expect(try session.waitForExit() == 143)
    #expect(try session.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
    let draft = session.stateHome.appendingPathComponent("cheonjiin/draft.txt")
    #expect(try String(contentsOf: draft, encoding: .utf8) == "가")
  }

  @Test("--tmux-target sends each committed piece to another pane as it is typed")
  func tmuxTarget() throws {
    let session = try TmuxSession()
    try session.keys(["Escape"])
    _ = try session.waitForExit()
    // A second pane in the same server collects what it is sent.
    let collected = session.directory.appendingPathComponent("collected.txt")
    try session.tmux([
      "new-window", "-d", "-n", "sink", "sh", "-c",
      "stty -icanon -echo; cat > \(shellQuote(collected.path))",
    ])
    try session.tmux([
      "new-window", "-d", "-n", "pad", "sh", "-c",
      "LANG=C.UTF-8 TERM=xterm-256color CHEONJIIN_LAYOUTS=\(shellQuote(repositoryRoot.appendingPathComponent("Layouts").path)) XDG_STATE_HOME=\(shellQuote(session.stateHome.path)) \(shellQuote(binary.path)) --tmux-target sink > /dev/null; exec sleep 600",
    ])
    try session.waitFor { session.screen("pad").contains("F1") }
    for name in numpadKeyNames("412##") + ["Escape"] {
      try session.tmux(["send-keys", "-t", "pad", name])
      Thread.sleep(forTimeInterval: 0.15)
    }
    try session.waitFor { ((try? String(contentsOf: collected, encoding: .utf8)) ?? "") == "가 " }
  }

  @Test("kitty release events (a scripted kitty terminal): holding a keypad key types its digit")
  func kittyReleases() throws {
    let output = scratchDirectory.appendingPathComponent("cheonjiin-kitty-\(UUID().uuidString).txt")
    defer { try? FileManager.default.removeItem(at: output) }
    let script = """
      [{"until": "F1"}, {"send": "\\u001b[57403;129u"}, {"wait": 700}, {"send": "\\u001b[57403;129:3u"},
       {"wait": 100}, {"send": "\\u001b[57403;129u"}, {"wait": 50}, {"send": "\\u001b[57403;129:3u"},
       {"wait": 100}, {"send": "\\u001b"}, {"wait": 100}]
      """
    let result = try runPtyTerminal(kitty: true, script: script, stdout: output)
    #expect(result.contains("\"status\": 0"))
    #expect(try String(contentsOf: output, encoding: .utf8) == "4ㄱ\n")
  }
}

/// Runs the keypad under Tests/CLITests/Harness/ptyterm.py (Python, standard library only).
func runPtyTerminal(
  kitty: Bool, script: String, stdout: URL?, arguments: [String] = [], stateHome: URL? = nil,
  rows: Int = 30, columns: Int = 80, stderr: URL? = nil, environment: [String: String] = [:]
) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  let harness = repositoryRoot.appendingPathComponent("Tests/CLITests/Harness/ptyterm.py").path
  var harnessArguments: [String] = ["python3", harness]
  if kitty { harnessArguments.append("--kitty") }
  harnessArguments += ["--rows", String(rows), "--cols", String(columns)]
  harnessArguments += ["--stdout", stdout?.path ?? "closed", "--script", script]
  if let stderr { harnessArguments += ["--stderr", stderr.path] }
  let state = stateHome ?? scratchDirectory.appendingPathComponent("pty-state")
  var program: [String] = ["env", "LANG=C.UTF-8", "TERM=xterm-256color"]
  program.append("CHEONJIIN_LAYOUTS=" + repositoryRoot.appendingPathComponent("Layouts").path)
  program += ["XDG_STATE_HOME=" + state.path]
  program += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
  program.append(binary.path)
  if stateHome == nil { program.append("--no-draft") }
  process.arguments = harnessArguments + ["--"] + program + arguments
  process.environment = childEnvironment()
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self)
}

@Suite("Practice and robustness end to end", tmuxRequirement.trait, .serialized)
struct PracticeEndToEndTests {
  @Test(
    "a practice round in tmux: choose a lesson, type an item, see the mark, quit; progress is saved"
  )
  func practiceRound() throws {
    let dataHome = scratchDirectory.appendingPathComponent("cheonjiin-e2e-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dataHome) }
    let session = try TmuxSession(
      arguments: ["practice"], environment: ["XDG_DATA_HOME": dataHome.path])
    try session.waitFor { session.screen().contains("practice") || session.screen().contains("연습") }
    // Lesson 1 is the first vowel lesson (0 is "continue").
    try session.keys(["1", "Enter"])
    try session.waitFor { session.screen().contains("1 / ") && session.screen().contains("Next:") }
    // Whatever the first item is, type it: the target is two lines above the marks (·).
    let lines = session.screen().split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let marks = try #require(
      lines.firstIndex { line in
        let mark = line.filter { !$0.isWhitespace }
        return !mark.isEmpty && mark.allSatisfy { $0 == "·" }
      })
    let target = lines[marks - 2].filter { !$0.isWhitespace }
    let digits = try #require(try spellDigits(target), "cannot spell \"\(target)\"")
    try session.keys(numpadKeyNames(digits))
    try session.waitFor { session.screen().contains("✓") }
    try session.keys(["Escape"], gap: 1.2)
    // Left after one item: the summary says where it stopped (not that it finished).
    try session.waitFor {
      session.screen().contains("1 of") || session.screen().contains("1개까지 했어요")
    }
    try session.keys(["Escape"])
    #expect(try session.waitForExit() == 0)
    #expect(try session.display("#{alternate_on} #{mouse_any_flag}") == "0 0")
    let database = dataHome.appendingPathComponent("cheonjiin/progress.sqlite")
    let size = (try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int) ?? 0
    #expect(size > 0)
  }

  @Test("Ctrl-Z suspends with the terminal restored; fg brings the pad back with the text")
  func suspendResume() throws {
    let session = try TmuxSession(shell: true)
    let output = session.directory.appendingPathComponent("out.txt")
    try session.tmux([
      "send-keys", "-t", "0",
      "CHEONJIIN_LAYOUTS=\(shellQuote(repositoryRoot.appendingPathComponent("Layouts").path)) \(shellQuote(binary.path)) --no-draft --no-suggestions > \(shellQuote(output.path))",
      "Enter",
    ])
    try session.waitFor { session.screen().contains("F1") }
    try session.keys(["KP4"])
    try session.keys(["C-z"], gap: 0.5)
    try session.waitFor { session.screen().contains("Stopped") }
    #expect(try session.display("#{alternate_on} #{mouse_any_flag} #{keypad_flag}") == "0 0 0")
    try session.tmux(["send-keys", "-t", "0", "fg", "Enter"])
    try session.waitFor { session.screen().hasPrefix(" ㄱ") }
    #expect(try session.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
    try session.keys(["KP7", "Escape"])
    try session.waitFor { ((try? String(contentsOf: output, encoding: .utf8)) ?? "") == "기\n" }
  }

  @Test("Ctrl-Z saves the text as the draft before the pad stops, even before the typing pause")
  func suspendSavesDraft() throws {
    let session = try TmuxSession(shell: true)
    let state = session.directory.appendingPathComponent("state")
    let draft = state.appendingPathComponent("cheonjiin/draft.txt")
    try session.tmux([
      "send-keys", "-t", "0",
      "XDG_STATE_HOME=\(shellQuote(state.path)) CHEONJIIN_LAYOUTS=\(shellQuote(repositoryRoot.appendingPathComponent("Layouts").path)) \(shellQuote(binary.path)) --no-suggestions",
      "Enter",
    ])
    try session.waitFor { session.screen().contains("F1") }
    // One send: Ctrl-Z comes well inside the pause after which typing saves the draft anyway.
    try session.tmux(["send-keys", "-t", "0", "KP4", "C-z"])
    try session.waitFor { session.screen().contains("Stopped") }
    #expect(try String(contentsOf: draft, encoding: .utf8) == "ㄱ")
    try session.tmux(["send-keys", "-t", "0", "fg", "Enter"])
    try session.waitFor { session.screen().hasPrefix(" ㄱ") }
    try session.keys(["C-c"])
  }

  @Test("a crash (SIGSEGV) still leaves the terminal as it was")
  func crashRestores() throws {
    let session = try TmuxSession()
    #expect(try session.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
    let pid = try session.display("#{pane_pid}")
    _ = system("pkill -SEGV -P \(pid) cheonjiin")
    #expect(try session.waitForExit() != 0)
    #expect(
      try session.display("#{alternate_on} #{keypad_flag} #{mouse_any_flag} #{cursor_flag}")
        == "0 0 0 1")
  }
}

/// The phone digits that type `text` on the Galaxy layout (from `cheonjiin spell`).
func spellDigits(_ text: String) throws -> String? {
  let result = try run(["spell", "--format", "digits", text])
  guard result.status == 0 else { return nil }
  return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
}
