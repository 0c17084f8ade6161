import Foundation
import Testing

/// Every program a test starts runs with HOME and each XDG folder in the run's scratch folder.
///
/// However the test starts it: directly, in tmux (the program, `cheonjiin run`'s child, bash,
/// a window a test opens), in xterm and in kitty. So bash's history, vim's viminfo, kitty's
/// config and the program's own progress go there, never to the home of whoever runs the tests.
/// `make test` also lists the real home before and after the tests (Scripts/home-listing.sh).
@Suite("Programs the tests start run in the scratch home")
struct ScratchHomeTests {
  /// The variables a program finds its home by, each on a line of its own, and `~` as a shell
  /// expands it (from HOME, else from the password database: the real home), written to
  /// `file` whole.
  private func probe(writingTo file: URL) -> String {
    let names = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"]
    let values = names.map { "\"$\($0)\"" }.joined(separator: " ")
    return "printf '%s\\n' ~ \(values) > \(shellQuote(file.path)).tmp"
      + " && mv \(shellQuote(file.path)).tmp \(shellQuote(file.path))"
  }

  /// What the probe wrote, once it has: each line names a folder in the scratch folder.
  private func expectScratchHome(
    _ file: URL, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let end = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: file.path) && Date() < end {
      Thread.sleep(forTimeInterval: 0.05)
    }
    let text = try String(contentsOf: file, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 6, "\(text)", sourceLocation: sourceLocation)
    for line in lines {
      #expect(
        line.hasPrefix(scratchDirectory.path + "/"),
        "\(line) is not in the scratch folder \(scratchDirectory.path)",
        sourceLocation: sourceLocation)
    }
  }

  @Test("a program started directly")
  func direct() throws {
    let folder = try scratchFolder("home-probe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("probe")
    #expect(try runProgram(["/bin/sh", "-c", probe(writingTo: file)]).status == 0)
    try expectScratchHome(file)
  }

  @Test(
    "in tmux: the child of cheonjiin run, bash in the pane, and a window a test opens",
    tmuxRequirement.trait)
  func tmux() throws {
    let folder = try scratchFolder("home-probe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let child = folder.appendingPathComponent("child")
    let session = try TmuxSession(arguments: ["run", "--", "sh", "-c", probe(writingTo: child)])
    try expectScratchHome(child)

    let shell = try TmuxSession(shell: true)
    let bash = folder.appendingPathComponent("bash")
    try shell.tmux(["send-keys", "-t", "0", "-l", probe(writingTo: bash)])
    try shell.keys(["Enter"])
    try expectScratchHome(bash)

    let window = folder.appendingPathComponent("window")
    try session.tmux(["new-window", "-d", "sh", "-c", probe(writingTo: window)])
    try expectScratchHome(window)
  }

  @Test("in xterm and in kitty", realTerminalRequirement.trait)
  func realTerminals() throws {
    let folder = try scratchFolder("home-probe")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try XServer()
    let xterm = folder.appendingPathComponent("xterm")
    // Each terminal stays open (until the server stops it), for its window to be found.
    _ = try server.xterm(["sh", "-c", probe(writingTo: xterm) + "; exec sleep 60"])
    try expectScratchHome(xterm)
    if hasKitty {
      let kitty = folder.appendingPathComponent("kitty")
      _ = try server.kitty(["sh", "-c", probe(writingTo: kitty) + "; exec sleep 60"])
      try expectScratchHome(kitty)
    }
  }
}
