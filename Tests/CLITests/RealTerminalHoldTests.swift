import Foundation
import Testing

/// Holds in a real xterm under Xvfb, at the repeat settings people have (issue 20): xterm
/// reports no key releases, so holds are inferred from the X server's own auto-repeat, which
/// `xset r rate` sets and the test measures before it types.
///
/// Nothing here depends on a few milliseconds: the schedules come from the measured repeat
/// delay, and each case is one the detector decides with a margin of at least 20 ms (a second
/// press at delay ± 20 ms is followed by no repeat; a hold is followed by many). A press
/// released between its first and second repeat is the one ambiguous case; it is not played.
@Suite(
  "Holds in a real xterm with X auto-repeat (issue 20)", .enabled(if: hasRealTerminal))
struct RealTerminalHoldTests {
  struct Setting: Sendable, CustomTestStringConvertible {
    let delay: Int
    let rate: Int
    var testDescription: String { "\(delay)/\(rate)" }
  }

  /// Fast (250/30), GNOME's default (500/30) and X's default (660/25).
  static let settings = [
    Setting(delay: 250, rate: 30), Setting(delay: 500, rate: 30), Setting(delay: 660, rate: 25),
  ]

  /// 안녕하세요 in phone digits: four same-key pairs (ㆍㆍ, ㅇㅇ→ㅎ, ㅣㅣ, ㆍㆍ).
  static let annyeong = "0125#52210881282110223"

  /// One case: what it plays, and the line it must type.
  struct Case {
    let name: String
    let steps: [String]
    let expected: String
  }

  /// The cases, scheduled from the measured repeat delay, each ending with Enter.
  ///
  /// Gaps between presses are played `lag` shorter, the time xdotool adds to a gap, so that
  /// "delay + 5 ms" reaches the program 5 ms after the delay.
  static func cases(delay: Double, interval: Double, lag: Double) -> [Case] {
    let gapDelay = delay - lag
    let enter = pressSteps("KP_Enter", milliseconds: 80) + ["sleep", "0.5"]
    var word: [String] = []
    for key in xdotoolKeypadNames(annyeong) {
      // 80 ms taps, one key every (delay + 20) ms: a same-key pair lands just after the delay.
      word += pressSteps(key, milliseconds: 80) + ["sleep", seconds(gapDelay + 20 - 80)]
    }
    let digits = ["KP_1", "KP_7", "KP_3", "KP_9", "KP_5"].flatMap {
      pressSteps($0, milliseconds: 80) + ["sleep", "0.25"]
    }
    return [
      Case(
        name: "900 ms hold of ㄴㄹ", steps: pressSteps("KP_5", milliseconds: 900) + ["sleep", "0.6"],
        expected: "5"),
      Case(name: "안녕하세요 at delay + 20 ms", steps: word, expected: "안녕하세요"),
      Case(
        // Right at the delay: only what follows tells a second press from a repeat.
        name: "ㄴㄹ twice, delay + 5 ms apart",
        steps: pressSteps("KP_5", milliseconds: 80) + ["sleep", seconds(gapDelay + 5 - 80)]
          + pressSteps("KP_5", milliseconds: 80) + ["sleep", "0.6"],
        expected: "ㄹ"),
      Case(
        name: "ㄴㄹ twice, delay − 20 ms apart",
        steps: pressSteps("KP_5", milliseconds: 80) + ["sleep", seconds(gapDelay - 20 - 80)]
          + pressSteps("KP_5", milliseconds: 80) + ["sleep", "0.6"],
        expected: "ㄹ"),
      Case(
        // After auto-repeats began, yet well before the hold time: 366 ms at 250/30, three
        // repeats in (a release right after the first repeat is the one ambiguous case, not
        // played: jitter decides it). Where the delay is longer, 400 ms: no repeat at all.
        name: "one press released before the hold time",
        steps: pressSteps("KP_5", milliseconds: delay < 400 ? delay + 3.5 * interval : 400)
          + ["sleep", "0.8"],
        expected: "ㄴ"),
      Case(
        name: "* held 0.9 s and 1.5 s, no suggestion showing",
        steps: pressSteps("KP_Multiply", milliseconds: 900) + ["sleep", "0.6"]
          + pressSteps("KP_Multiply", milliseconds: 1_500) + ["sleep", "0.6"],
        expected: "**"),
      Case(
        name: "keypad 1 7 3 9 5 on the !#1 pad",
        steps: pressSteps("KP_Divide", milliseconds: 80) + ["sleep", "0.4"] + digits,
        expected: "17395"),
    ].map { Case(name: $0.name, steps: $0.steps + enter, expected: $0.expected) }
  }

  @Test("the issue's sequences type what was meant", arguments: settings)
  func sequences(setting: Setting) throws {
    let started = Date()
    let rig = try HoldRig(setting)
    let measured = rig.measured
    let cases = Self.cases(
      delay: measured.delay, interval: measured.interval, lag: measured.scheduleLag)
    let output = rig.server.directory.appendingPathComponent("typed.txt")
    let measuredAt = Date()
    let pad = try rig.pad(["--no-suggestions", "--output", output.path])
    let drawnAt = Date()
    for step in cases { try pad.play(step.steps) }
    try pad.play(["key", "Escape"])
    try pad.waitForExit()
    print(
      String(
        format: "timing: measure %.1f s, start %.1f s, play %.1f s",
        measuredAt.timeIntervalSince(started), drawnAt.timeIntervalSince(measuredAt),
        Date().timeIntervalSince(drawnAt)))
    let lines = try String(contentsOf: output, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var report: [String] = []
    for (index, step) in cases.enumerated() {
      let typed = lines.indices.contains(index) ? lines[index] : "(nothing)"
      report.append("  \(step.name): \(typed == step.expected ? "ok" : "FAILED") “\(typed)”")
      #expect(
        typed == step.expected,
        "\(setting.testDescription), \(measured): \(step.name) typed “\(typed)”, not “\(step.expected)”"
      )
    }
    print("xterm \(setting.testDescription) (\(measured)):\n" + report.joined(separator: "\n"))
  }

  @Test("holding ⌫ keeps deleting while the key repeats, and stops when it comes up")
  func repeatDelete() throws {
    let rig = try HoldRig(Setting(delay: 500, rate: 30))
    let output = rig.server.directory.appendingPathComponent("typed.txt")
    let pad = try rig.pad(["--no-suggestions", "--output", output.path])
    // 가 and a space, six times: 12 characters.
    let typing = xdotoolKeypadNames(String(repeating: "412##", count: 6)).flatMap {
      pressSteps($0, milliseconds: 60) + ["sleep", "0.15"]
    }
    try pad.play(typing + ["sleep", "0.6"] + pressSteps("KP_Subtract", milliseconds: 1_000))
    try pad.play(["sleep", "1.0", "key", "Escape"])
    try pad.waitForExit()
    let left = try String(contentsOf: output, encoding: .utf8).dropLast().count
    // One deletion on the press, then one every 100 ms from the hold time (0.5 s) while the
    // repeats come: about six. A key whose repeats were taps would delete all twelve; a
    // key that did not repeat, one.
    let deleted = 12 - left
    #expect((3...9).contains(deleted), "deleted \(deleted) of 12 (\(rig.measured))")
  }
}

/// Kitty reports key releases: holds are exact at the hold time, whatever the key repeat.
///
/// The kitty keyboard protocol; the point of comparison for the xterm cases.
@Suite("Holds in a real kitty, with key releases (issue 20)", .enabled(if: hasKitty))
struct RealKittyHoldTests {
  @Test("at 660/25 a 520 ms press is a hold, a 300 ms press a tap: the repeat does not matter")
  func exactHolds() throws {
    let server = try XServer()
    try server.setKeyRepeat(delay: 660, rate: 25)
    try server.numLockOn()
    let output = server.directory.appendingPathComponent("typed.txt")
    let state = server.directory.appendingPathComponent("state")
    let kitty = try server.kitty(
      [binary.path, "--hold-ms", "500", "--no-draft", "--no-suggestions", "--output", output.path],
      environment: [
        "LANG": "C.UTF-8", "TERM": "xterm-kitty",
        "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
        "XDG_STATE_HOME": state.path, "XDG_DATA_HOME": state.path, "XDG_CONFIG_HOME": state.path,
      ])
    _ = try kitty.waitUntilSettled(in: server.directory)
    // Shorter than X's repeat delay, longer than the hold time: only releases tell.
    try kitty.play(
      pressSteps("KP_5", milliseconds: 520) + ["sleep", "0.6"]
        + pressSteps("KP_Enter", milliseconds: 80) + ["sleep", "0.5"]
        + pressSteps("KP_5", milliseconds: 300) + ["sleep", "0.6", "key", "Escape"])
    try kitty.waitForExit()
    #expect(try String(contentsOf: output, encoding: .utf8) == "5\nㄴ\n")
  }
}

/// An X server with its key repeat set and measured, ready to start the pad in an xterm.
struct HoldRig {
  let server: XServer
  let measured: MeasuredRepeat

  init(_ setting: RealTerminalHoldTests.Setting) throws {
    server = try XServer()
    // The server runs with -noreset, so it keeps the rate between clients.
    try server.setKeyRepeat(delay: setting.delay, rate: setting.rate)
    try server.numLockOn()
    measured = try server.measureRepeat()
  }

  /// Starts the pad in an xterm (numpad keymap, 500 ms holds) and waits until it is drawn.
  func pad(_ arguments: [String]) throws -> XTermWindow {
    let state = server.directory.appendingPathComponent("state")
    let xterm = try server.xterm(
      [binary.path, "--hold-ms", "500", "--no-draft"] + arguments,
      environment: [
        "LANG": "C.UTF-8", "TERM": "xterm-256color",
        "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
        "XDG_STATE_HOME": state.path, "XDG_DATA_HOME": state.path,
        "XDG_CONFIG_HOME": state.path,
      ])
    _ = try xterm.waitUntilSettled(in: server.directory)
    return xterm
  }
}
