import Foundation
import TerminalInput
import Testing

/// An X server with its key repeat set and measured, ready to start the pad in an xterm.
struct HoldRig {
  let server: XServer
  let measured: MeasuredRepeat

  let setting: RealTerminalHoldTests.Setting

  init(_ setting: RealTerminalHoldTests.Setting) throws {
    self.setting = setting
    server = try XServer()
    // The server runs with -noreset, so it keeps the rate between clients.
    try server.setKeyRepeat(delay: setting.delay, rate: setting.rate)
    try server.numLockOn()
    measured = try server.measureRepeat()
  }

  /// Starts the pad in an xterm (numpad keymap, the setting's hold time) and waits until it is
  /// drawn.
  ///
  /// - Parameter keyLog: Where the pad records when each read arrived (CHEONJIIN_KEYLOG).
  func pad(_ arguments: [String], keyLog: URL? = nil) throws -> XTermWindow {
    let state = server.directory.appendingPathComponent("state")
    var environment = [
      "LANG": "C.UTF-8", "TERM": "xterm-256color",
      "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
      "XDG_STATE_HOME": state.path, "XDG_DATA_HOME": state.path,
      "XDG_CONFIG_HOME": state.path,
    ]
    // As in any xterm: the pad asks this X server for its key repeat (xset q).
    environment["DISPLAY"] = server.display
    environment["CHEONJIIN_KEYLOG"] = keyLog?.path
    let xterm = try server.xterm(
      [binary.path, "--hold-ms", String(setting.holdMs), "--no-draft"] + arguments,
      environment: environment)
    _ = try xterm.waitUntilSettled(in: server.directory)
    return xterm
  }

  /// Plays the cases in a new pad, one line each, and returns what each typed and when its
  /// keys reached the pad.
  func type(_ cases: [RealTerminalHoldTests.Case]) throws -> [PlayedCase] {
    let output = server.directory.appendingPathComponent("typed.txt")
    let keyLog = server.directory.appendingPathComponent("pad-keys.log")
    defer {
      try? FileManager.default.removeItem(at: output)
      try? FileManager.default.removeItem(at: keyLog)
    }
    let pad = try self.pad(["--no-suggestions", "--output", output.path], keyLog: keyLog)
    for step in cases { try pad.play(step.steps) }
    try pad.play(["key", "Escape"])
    try pad.waitForExit()
    let lines = try String(contentsOf: output, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let arrivals = PlayedCase.arrivals(keyLog: try String(contentsOf: keyLog, encoding: .utf8))
    return cases.indices.map { index in
      PlayedCase(
        typed: lines.indices.contains(index) ? lines[index] : "(nothing)",
        arrivals: arrivals.indices.contains(index) ? arrivals[index] : [])
    }
  }
}

/// What one case typed, and when its keys reached the pad.
struct PlayedCase {
  let typed: String
  /// Milliseconds at which each key event (a press or an auto-repeat) was read, before the
  /// case's Enter.
  let arrivals: [UInt64]

  /// Why the case's keys did not reach the pad as the X server sends them, or nil if they
  /// did: auto-repeats come one interval apart (within 10 ms) and presses at least 150 ms
  /// apart, so a gap shorter than the interval allows (keys held back and let through in a
  /// bunch) or between the two (a repeat held back) means the machine, not the pad, chose
  /// the timing.
  func disturbance(interval: Double) -> String? {
    let gaps = zip(arrivals.dropFirst(), arrivals).map { Double($0 - $1) }
    let odd = gaps.filter { gap in
      gap < interval - 10 || (gap > interval + 10 && gap < 150)
    }
    guard !odd.isEmpty else { return nil }
    return "keys \(odd.map { String(format: "%.0f", $0) }.joined(separator: ", ")) ms apart"
  }

  /// The repeat delays this case's holds showed, as the pad measures them: a press, its
  /// first repeat, and a second repeat one interval (within 10 ms) after it.
  func measuredDelays(interval: Double) -> [Double] {
    let gaps = zip(arrivals.dropFirst(), arrivals).map { Double($0 - $1) }
    return zip(gaps, gaps.dropFirst()).compactMap { delay, next in
      let minimum = Double(HoldTiming().minimumRepeatDelayMs)
      return delay >= minimum && abs(next - interval) <= 10 ? delay : nil
    }
  }

  /// The repeat delay the pad had learned as each of `cases` began, played in that order in
  /// one pad: `reported` (the X server's answer) until a hold was measured, then the median
  /// of the latest measured delays, as ``HoldDetector`` keeps it, so that one press read
  /// late does not move it.
  static func learnedDelays(_ cases: [PlayedCase], interval: Double, reported: Double)
    -> [Double]
  {
    var samples: [Double] = []
    var learned: [Double] = []
    for played in cases {
      learned.append(samples.isEmpty ? reported : samples.sorted()[samples.count / 2])
      samples = Array(
        (samples + played.measuredDelays(interval: interval)).suffix(
          HoldDetector<Int>.delaySampleCount))
    }
    return learned
  }

  /// The arrival times from the first one, for a report: "0, 250, 283".
  var timeline: String {
    arrivals.map { String($0 - (arrivals.first ?? 0)) }.joined(separator: ", ")
  }

  /// The arrival times of each case's key events, parted by Enter, from the pad's key log
  /// ("<milliseconds> read <bytes in hex>" per read), decoded as the pad decodes them.
  static func arrivals(keyLog: String) -> [[UInt64]] {
    var cases: [[UInt64]] = [[]]
    var decoder = ByteDecoder()
    for line in keyLog.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count > 2, parts[1] == "read", let time = UInt64(parts[0]) else { continue }
      let bytes = parts.dropFirst(2).compactMap { UInt8($0, radix: 16) }
      for case .key(let event) in decoder.feed(bytes, at: .milliseconds(time)) {
        if event.key == .enter || event.key == .numpad(.enter) {
          cases.append([])
        } else {
          cases[cases.count - 1].append(time)
        }
      }
    }
    return cases
  }
}

@Suite("The pad's key log, read back by the hold tests")
struct PlayedCaseTests {
  @Test("reads become key events as the pad decodes them, parted by Enter")
  func arrivals() {
    let log = """
      100 read 35
      350 read 35
      383 read 1b 4f 75
      400 hold
      900 read d
      1500 read 2f
      1501 read 31 0d
      """
    #expect(PlayedCase.arrivals(keyLog: log) == [[100, 350, 383], [1500, 1501], []])
    // Keys held back and let through in a bunch are the machine's timing, not the X server's.
    #expect(PlayedCase(typed: "", arrivals: [100, 350, 383]).disturbance(interval: 33) == nil)
    #expect(PlayedCase(typed: "", arrivals: [100, 350, 350, 383]).disturbance(interval: 33) != nil)
    #expect(PlayedCase(typed: "", arrivals: [100, 350, 410]).disturbance(interval: 33) != nil)
  }

  @Test("the learned delay is the median of the holds before a case, as the pad keeps it")
  func learnedDelays() {
    func hold(_ delay: UInt64) -> PlayedCase {
      PlayedCase(typed: "5", arrivals: [1000, 1000 + delay, 1040 + delay, 1080 + delay])
    }
    // A press then a second press near the delay is no measurement: no repeat follows it.
    let twice = PlayedCase(typed: "ㄹ", arrivals: [0, 405])
    let cases = [hold(391), twice, hold(401), hold(400), twice, hold(402), twice]
    #expect(
      PlayedCase.learnedDelays(cases, interval: 40, reported: 400)
        == [400, 391, 391, 401, 400, 400, 401])
    #expect(twice.measuredDelays(interval: 40).isEmpty)
  }
}
