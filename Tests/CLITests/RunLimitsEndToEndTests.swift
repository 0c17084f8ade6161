import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `cheonjiin run` where a terminal must never break, driven in tmux (a real outer
/// terminal): floods, pastes, a child that stops reading, its end, its errors, its keys.
///
/// Time bounds here are several times what the loop needs, so a loaded machine does not fail
/// them; `Scripts/run_limits.py` measures the figures themselves.
@Suite(
  "cheonjiin run under floods, pastes and children that stop reading", tmuxRequirement.trait,
  .serialized)
struct RunLimitsEndToEndTests {
  /// What tmux knows of the modes the program left its pane in: the alternate screen, mouse
  /// reports, application keypad (off once the terminal is restored), the cursor (shown).
  static let terminalModes = "#{alternate_on} #{mouse_any_flag} #{keypad_flag} #{cursor_flag}"

  /// The cheonjiin process of a session: the child of the pane's shell (`env` became it).
  static func cheonjiin(_ session: TmuxSession) throws -> pid_t {
    let pane = try session.display("#{pane_pid}")
    let children = try? String(
      contentsOfFile: "/proc/\(pane)/task/\(pane)/children", encoding: .utf8)
    return try #require(children?.split(separator: " ").first.flatMap { pid_t(String($0)) })
  }

  /// The most a flood may leave `run` resident, in kilobytes.
  ///
  /// The debug build without suggestions sits at 31 MB, most of it the pages of its libraries.
  /// The suggestion index (25 MB more here, read or built while the flood runs) is left out so
  /// that only what the output holds is measured; `Scripts/bench_run.py` measures the whole
  /// program, the release build.
  static let floodLimitKB = 45_000

  /// Resident memory of a process, in kilobytes.
  static func residentKB(_ pid: pid_t) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
  }

  /// Seconds from `start` until `condition` holds, checked every 10 ms, at most `timeout`.
  static func seconds(_ timeout: Double, until condition: () -> Bool) -> Double? {
    let start = Date()
    while Date().timeIntervalSince(start) < timeout {
      if condition() { return Date().timeIntervalSince(start) }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return nil
  }

  @Test("100 KB pasted into `sleep 30`: the dock says the input waits, keys work, SIGTERM ends it")
  func pasteIntoSleep() throws {
    let folder = try scratchFolder("run-paste")
    let text = folder.appendingPathComponent("paste.txt")
    let line = "echo 0123456789 가나다라마바사 abcdefghijklmnopqrstuvwxyz\n"
    try String(repeating: line, count: 100_000 / line.utf8.count + 1).write(
      to: text, atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      arguments: ["run", "--", "sleep", "30"], environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("F1 help") }
    try session.tmux(["load-buffer", text.path])
    try session.tmux(["paste-buffer", "-p", "-t", "0"])
    try session.waitFor(10) { session.screen().contains("not read yet") }
    // The dock key still works: the pad goes, the status line stays.
    try session.keys(["F12"])
    try session.waitFor { !session.screen().contains("ㄱㅋ") }
    #expect(kill(try Self.cheonjiin(session), SIGTERM) == 0)
    let ended = Self.seconds(5) { session.exitStatus != nil }
    #expect(ended != nil, "SIGTERM did not end it")
    #expect(session.exitStatus == 143)
    // Nothing typed is lost silently: what the program never read is counted on stderr.
    try session.waitFor { session.screen().contains("never read by the program") }
    #expect(try session.display(Self.terminalModes) == "0 0 0 1", "the terminal was not restored")
  }

  @Test("100 KB pasted into `cat`, more than its terminal holds: every byte arrives, in order")
  func pasteIntoCat() throws {
    let folder = try scratchFolder("run-paste-cat")
    let text = folder.appendingPathComponent("paste.txt")
    let copy = folder.appendingPathComponent("copy.txt")
    let line = "echo 0123456789 가나다라마바사 abcdefghijklmnopqrstuvwxyz\n"
    let pasted = String(repeating: line, count: 100_000 / line.utf8.count + 1)
    try pasted.write(to: text, atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "cat > \(shellQuote(copy.path))"],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("F1 help") }
    try session.tmux(["load-buffer", text.path])
    try session.tmux(["paste-buffer", "-p", "-t", "0"])
    let size = pasted.utf8.count
    try session.waitFor(20) {
      ((try? FileManager.default.attributesOfItem(atPath: copy.path)[.size]) as? Int) == size
    }
    try session.keys(["C-d"])
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: copy, encoding: .utf8) == pasted)
  }

  @Test("41 KB typed into a raw-mode child that stopped reading: keys and the dock go on")
  func typingIntoRawChild() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "stty raw -echo; echo ready; sleep 30"],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("ready") && session.screen().contains("F1") }
    let chunk = String(repeating: "abcdefghij", count: 100) + "\r"
    for _ in 0..<41 { try session.tmux(["send-keys", "-t", "0", "-l", chunk]) }
    try session.keys(["F12"])
    try session.waitFor(10) { !session.screen().contains("ㄱㅋ") }
    try session.keys(["F12"])  // the dock is hidden now
    try session.waitFor { !session.screen().contains("F1 help") }
    #expect(kill(try Self.cheonjiin(session), SIGTERM) == 0)
    #expect(Self.seconds(5) { session.exitStatus != nil } != nil, "SIGTERM did not end it")
  }

  @Test("`seq 1 20000000` in bash, then Ctrl-C: the prompt is back at once, memory stays small")
  func ctrlCDuringFlood() throws {
    let session = try TmuxSession(
      arguments: ["run", "--no-suggestions", "--", "bash", "--norc", "--noprofile"],
      environment: locale("C.UTF-8").merging(["PS1": "P> "]) { $1 })
    try session.waitFor { session.screen().contains("P>") && session.screen().contains("F1") }
    try session.tmux(["send-keys", "-t", "0", "-l", "seq 1 20000000"])
    try session.keys(["Enter"])
    Thread.sleep(forTimeInterval: 1)
    let cheonjiin = try Self.cheonjiin(session)
    let resident = Self.residentKB(cheonjiin)
    try session.keys(["C-c"])
    let back = Self.seconds(5) {
      session.screen().split(separator: "\n").contains {
        $0.trimmingCharacters(in: .whitespaces) == "P>"
      }
    }
    #expect(back != nil, "the prompt did not come back within 5 s")
    #expect(resident > 0 && resident < Self.floodLimitKB, "\(resident) KB during the flood")
    try session.tmux(["send-keys", "-t", "0", "-l", "exit 0"])
    try session.keys(["Enter"])
    #expect(try session.waitForExit() == 0)
  }

  @Test("`yes`: the screen draws, memory stays under 45 MB, SIGHUP ends it at once")
  func yesFlood() throws {
    let session = try TmuxSession(
      arguments: ["run", "--no-suggestions", "--", "sh", "-c", "yes flood"],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("flood\nflood") }
    let cheonjiin = try Self.cheonjiin(session)
    var peak = 0
    for _ in 0..<20 {
      peak = max(peak, Self.residentKB(cheonjiin))
      Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(peak > 0 && peak < Self.floodLimitKB, "\(peak) KB")
    // Keys still work during the flood: F12 hides the pad.
    try session.keys(["F12"])
    try session.waitFor { !session.screen().contains("ㄱㅋ") }
    #expect(kill(cheonjiin, SIGHUP) == 0)
    #expect(Self.seconds(5) { session.exitStatus != nil } != nil, "SIGHUP did not end it")
    #expect(session.exitStatus == 129)
  }

  @Test("a program that is not there: an error naming it, status 127, the screen never taken")
  func missingProgram() throws {
    let result = try run(
      ["run", "--", "no-such-program-cheonjiin", "x"], environment: locale("C.UTF-8"))
    #expect(result.status == 127)
    #expect(result.stderr.contains("no-such-program-cheonjiin: command not found"))
    let directory = try run(["run", "--", "/etc"], environment: locale("C.UTF-8"))
    #expect(directory.status == 126)
  }

  @Test("`run -- echo hello`: hello stays on the terminal after the program ends, the prompt below")
  func lastScreenStays() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "echo hello; printf '\\033[31mred\\033[0m\\n'"],
      environment: locale("C.UTF-8"))
    #expect(try session.waitForExit() == 0)
    let lines = session.screen().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "hello")
    #expect(lines.dropFirst().first == "red")
    let colored = try session.tmux(["capture-pane", "-p", "-e", "-t", "0"])
    #expect(colored.contains("\u{1b}[31mred"))
    #expect(try session.display(Self.terminalModes) == "0 0 0 1", "the terminal was not restored")
  }

  @Test("the program ends while a job it left in the background holds the pty: run ends with it")
  func backgroundJobHoldsPty() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "(setsid sleep 8 &); echo started; exit 3"],
      environment: locale("C.UTF-8"))
    let ended = Self.seconds(5) { session.exitStatus != nil }
    #expect(ended != nil, "run waited for the background job")
    #expect(session.exitStatus == 3)
    #expect(session.screen().contains("started"))
  }

  @Test("안녕 typed, sent, then ⌫ in `read`: the terminal erases all of 녕 (IUTF8)")
  func utf8Erase() throws {
    let folder = try scratchFolder("run-iutf8")
    let file = folder.appendingPathComponent("line.txt")
    let session = try TmuxSession(
      arguments: [
        "run", "--", "sh", "-c", "read x; printf %s \"$x\" > \(shellQuote(file.path))",
      ],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("F1 help") }
    // 안, ␣ ends it; 녕; + (next) sends it; then the Backspace key, now the program's.
    try session.keys(numpadKeyNames("0125#52210") + ["KP+"])
    try session.waitFor { session.screen().hasPrefix("안녕") }
    try session.keys(["BSpace", "Enter"])
    #expect(try session.waitForExit() == 0)
    #expect(Array(try Data(contentsOf: file)) == Array("안".utf8))
  }

  @Test("Esc reaches the program within --escape-ms: at once by default, after 1.5 s when asked")
  func escapeDelay() throws {
    func escapeDelay(_ extra: [String]) throws -> Double {
      let folder = try scratchFolder("run-escape")
      let file = folder.appendingPathComponent("delay.txt")
      // The program notes when x and then Esc arrive.
      let script = """
        import os, sys, time, tty
        tty.setraw(0)
        print("ready", flush=True)
        assert os.read(0, 1) == b"x"
        start = time.monotonic()
        assert os.read(0, 1) == b"\\x1b"
        open(sys.argv[1], "w").write(str(time.monotonic() - start))
        """
      let session = try TmuxSession(
        arguments: ["run"] + extra + ["--", "python3", "-c", script, file.path],
        environment: locale("C.UTF-8"))
      try session.waitFor { session.screen().contains("ready") && session.screen().contains("F1") }
      try session.tmux(["send-keys", "-t", "0", "x", "Escape"])
      #expect(try session.waitForExit() == 0)
      return Double(try String(contentsOf: file, encoding: .utf8)) ?? -1
    }
    let quick = try escapeDelay([])
    let slow = try escapeDelay(["--escape-ms", "1500"])
    #expect(quick >= 0 && quick < 0.5, "\(quick) s by default")
    #expect(slow >= 1.4, "\(slow) s with --escape-ms 1500")
  }

  @Test("Ctrl-] then F1 sends F1 to the program (htop's help); F1 alone is run's help")
  func passNextKey() throws {
    let folder = try scratchFolder("run-passnext")
    let file = folder.appendingPathComponent("keys.txt")
    let session = try TmuxSession(
      arguments: [
        "run", "--", "sh", "-c",
        "stty raw -echo; echo ready; head -c 3 | od -An -c > \(shellQuote(file.path))",
      ],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("ready") && session.screen().contains("F1") }
    try session.keys(["F1"])
    try session.waitFor { session.screen().contains("cheonjiin run help") }
    try session.keys(["Escape"])  // closes help
    try session.waitFor { !session.screen().contains("cheonjiin run help") }
    try session.keys(["C-]"])
    try session.waitFor { session.screen().contains("Ctrl-]: next key → program") }
    try session.keys(["F1"])
    #expect(try session.waitForExit() == 0)
    let got = try String(contentsOf: file, encoding: .utf8)
    #expect(
      got.split(whereSeparator: \.isWhitespace) == ["033", "O", "P"], "\(got)")
  }

  @Test("text pasted without bracketed-paste marks reaches the program as typed, pad on 한글")
  func unmarkedPaste() throws {
    let folder = try scratchFolder("run-unmarked")
    let file = folder.appendingPathComponent("line.txt")
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "read x; printf %s \"$x\" > \(shellQuote(file.path))"],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("F1 help") }
    try session.keys(["F9"])  // plain digits type on the pad now
    try session.waitFor { session.screen().contains("digits→Korean") }
    try session.tmux(["send-keys", "-t", "0", "-l", "echo 2024"])
    try session.keys(["Enter"])
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == "echo 2024")
  }

  @Test(
    "a terminal answering the start-up query late: the answer is read, never typed at the shell")
  func lateQueryAnswer() throws {
    let folder = try scratchFolder("run-late-answer")
    let leaked = folder.appendingPathComponent("leaked.txt")
    // `run -- true` ends at once; the terminal (the pty harness) answers DA1 150 ms later. What
    // the shell would read after cheonjiin is caught by `head`, for half a second.
    let shell =
      "\(shellQuote(binary.path)) run -- true; stty -icanon -echo min 0 time 5; "
      + "head -c 100 > \(shellQuote(leaked.path))"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", repositoryRoot.appendingPathComponent("Tests/CLITests/Harness/ptyterm.py").path,
      "--da-delay", "150", "--script", #"[{"wait": 1200}]"#, "--", "env", "LANG=C.UTF-8",
      "TERM=xterm-256color",
      "CHEONJIIN_LAYOUTS=" + repositoryRoot.appendingPathComponent("Layouts").path,
      "XDG_STATE_HOME=" + folder.path, "sh", "-c", shell,
    ]
    process.environment = childEnvironment()
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let report = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(report.contains("\"status\": 0"), "\(report)")
    let left = try Data(contentsOf: leaked)
    #expect(
      left.isEmpty, "typed at the shell: \(String(decoding: left, as: UTF8.self).debugDescription)")
  }
}
