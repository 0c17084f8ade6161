import Foundation
import Testing
import Typing

#if canImport(Glibc)
  import Glibc
#endif

/// A private tmux server running one command, for end-to-end tests of the real keypad.
final class TmuxSession {
  let directory: URL
  /// The server's socket, in the session's own folder (`-S`): with `-L NAME` it would be in
  /// /tmp/tmux-UID, where tmux 3.3a's `kill-server` leaves it behind (24 after one test run).
  var socket: String { directory.appendingPathComponent("socket").path }
  var stdoutFile: URL { directory.appendingPathComponent("stdout.txt") }
  var statusFile: URL { directory.appendingPathComponent("status.txt") }
  var stateHome: URL { directory.appendingPathComponent("state") }
  /// What tmux printed on standard error, kept with the session (not in a shared file: see
  /// ``scratchDirectory``) and shown when a wait times out.
  var errorLog: URL { directory.appendingPathComponent("tmux-errors.log") }

  /// Starts `cheonjiin ARGS` in a detached session of the given size.
  ///
  /// The pane stays open after the program exits, so the terminal state can be inspected.
  ///
  /// With `shell`, the pane runs an interactive bash instead (job control, for Ctrl-Z), with
  /// the session's folder as its HOME.
  ///
  /// The program, or bash, runs with HOME and the XDG folders in the scratch folder
  /// (``scratchHome``), as the tmux server does: bash's history, and what `cheonjiin run`
  /// starts (vim's viminfo), stay out of the real home.
  init(
    arguments: [String] = [], columns: Int = 80, rows: Int = 30,
    environment: [String: String] = [:],
    shell: Bool = false
  ) throws {
    directory = try scratchFolder("tmux")
    var env = scratchHome.merging([
      "LANG": "C.UTF-8", "TERM": "xterm-256color",
      "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
      "XDG_STATE_HOME": stateHome.path,
      "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path,
    ]) { $1 }
    if shell { env["HOME"] = directory.path }
    for (key, value) in environment { env[key] = value }
    let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuote($0.value))" }
      .joined(separator: " ")
    let command =
      shell
      ? "exec env -i PATH=/usr/bin:/bin \(assignments) PS1='$ ' bash --norc --noprofile -i"
      : "env \(assignments) \(shellQuote(binary.path)) \(arguments.map(shellQuote).joined(separator: " "))"
        + " > \(shellQuote(stdoutFile.path)); echo $? > \(shellQuote(statusFile.path)); exec sleep 600"
    // The first command starts the server, which must not inherit our pipes (it would hold
    // them open for its whole life).
    try tmux(
      [
        "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "sh", "-c",
        command,
      ], capture: false)
    try waitFor {
      !self.screen().trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        || self.exitStatus != nil
    }
  }

  deinit {
    _ = try? tmux(["kill-server"])
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs a tmux command on this server and returns its standard output.
  ///
  /// Uses `system` rather than `Process`: the first command forks the tmux server, which
  /// must not inherit pipes, and whose exit Foundation's child monitor does not always see.
  /// The server, and every window a test opens in it, runs in the scratch home.
  @discardableResult
  func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
    let output = directory.appendingPathComponent("tmux-output-\(UUID().uuidString.prefix(6))")
    defer { try? FileManager.default.removeItem(at: output) }
    let command =
      (["env"] + scratchHomeAssignments + ["tmux", "-S", socket] + arguments).map(shellQuote)
      .joined(separator: " ")
      + " < /dev/null > \(capture ? shellQuote(output.path) : "/dev/null")"
      + " 2>> \(shellQuote(errorLog.path))"
    _ = system(command)
    return capture ? ((try? String(contentsOf: output, encoding: .utf8)) ?? "") : ""
  }

  /// Sends tmux key names (KP7, Escape, C-c) with a human gap after each.
  func keys(_ names: [String], gap: Double = 0.15) throws {
    for name in names {
      try tmux(["send-keys", "-t", "0", name])
      Thread.sleep(forTimeInterval: gap)
    }
  }

  /// Sends raw bytes (kitty sequences, SGR mouse) exactly.
  func bytes(_ text: String) throws {
    try tmux(["send-keys", "-t", "0", "-H"] + text.utf8.map { String($0, radix: 16) })
  }

  func screen(_ target: String = "0") -> String {
    (try? tmux(["capture-pane", "-p", "-t", target])) ?? ""
  }

  func display(_ format: String) throws -> String {
    try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  var exitStatus: Int? {
    guard let text = try? String(contentsOf: statusFile, encoding: .utf8) else { return nil }
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  var stdout: String {
    (try? String(contentsOf: stdoutFile, encoding: .utf8)) ?? ""
  }

  /// Waits until `condition` holds, polling every 50 ms.
  ///
  /// Throws with the screen after `timeout` seconds. A passing test waits only as long as the
  /// program takes: the default is generous for CI's busy machines, where four test processes
  /// start programs at once.
  func waitFor(_ timeout: Double = 15, _ condition: () -> Bool) throws {
    let end = Date().addingTimeInterval(timeout)
    while !condition() {
      if Date() > end {
        let size = (try? display("#{window_width}x#{window_height}")) ?? "?"
        let errors = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        throw TimeoutError(
          screen: "[\(size)]\n" + screen() + (errors.isEmpty ? "" : "\ntmux said:\n" + errors))
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  func waitForExit() throws -> Int {
    try waitFor { self.exitStatus != nil }
    return exitStatus ?? -1
  }
}

struct TimeoutError: Error, CustomStringConvertible {
  var screen: String
  var description: String { "timed out; the screen was:\n\(screen)" }
}

func shellQuote(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Keypad key names for phone digits in the numpad keymap (phone 1 is KP7 …).
func numpadKeyNames(_ digits: String) -> [String] {
  let map: [Character: String] = [
    "1": "KP7", "2": "KP8", "3": "KP9", "4": "KP4", "5": "KP5", "6": "KP6", "7": "KP1", "8": "KP2",
    "9": "KP3", "0": "KP0", "#": "KP.", "*": "KP/", "<": "KP-",
  ]
  return digits.compactMap { map[$0] }
}

let hasTmux: Bool = system("tmux -V > /dev/null 2>&1") == 0
