import Foundation
import Testing

/// The measurements behind docs/guide.md's "Long press" table, in a real xterm under Xvfb with
/// real key presses: not a check but a report, played only when CHEONJIIN_HOLD_SWEEP=1 (about
/// ten minutes): `CHEONJIIN_HOLD_SWEEP=1 swift test --filter RealTerminalHoldSweep`.
///
/// Each setting starts a new pad that has held no key: it knows the repeat only as the X server
/// reports it.
@Suite(
  "Hold measurements in a real xterm (report)",
  .enabled(
    if: hasRealTerminal && ProcessInfo.processInfo.environment["CHEONJIIN_HOLD_SWEEP"] == "1",
    "a report of about ten minutes: CHEONJIIN_HOLD_SWEEP=1 plays it"))
struct RealTerminalHoldSweep {
  typealias Setting = RealTerminalHoldTests.Setting

  static let settings = [
    Setting(delay: 400, rate: 25), Setting(delay: 600, rate: 20),
    Setting(delay: 400, rate: 25, holdMs: 800), Setting(delay: 600, rate: 20, holdMs: 800),
    Setting(delay: 300, rate: 40), Setting(delay: 200, rate: 50),
  ]

  /// Characters that differ between `typed` and `meant` (insertions, deletions, changes).
  static func characterErrors(_ typed: String, _ meant: String) -> Int {
    let a = Array(typed)
    let b = Array(meant)
    var row = Array(0...b.count)
    for i in 1...max(1, a.count) where !a.isEmpty {
      var next = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(1, b.count) where !b.isEmpty {
        next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      row = next
    }
    return a.isEmpty ? b.count : row[b.count]
  }

  @Test(
    "character errors in the messages, one press in six held delay + 30 ms", arguments: settings)
  func messages(setting: Setting) throws {
    let rig = try HoldRig(setting)
    let measured = rig.measured
    let firm = measured.delay + 30
    guard firm + measured.scheduleLag < Double(setting.holdMs) else {
      print("sweep \(setting.testDescription): messages not played, delay + 30 ms is a hold")
      return
    }
    let enter = RealTerminalHoldTests.enter
    var cases: [RealTerminalHoldTests.Case] = []
    var firmCount = 0
    for (message, digits) in RealTerminalHoldTests.messages {
      var steps: [String] = []
      for (index, key) in xdotoolKeypadNames(digits).enumerated() {
        let isFirm = index % 6 == 5
        if isFirm { firmCount += 1 }
        let gap = max(400, measured.delay + 60) - measured.scheduleLag + (isFirm ? 100 : 0)
        steps += pressSteps(key, milliseconds: isFirm ? firm : 80) + ["sleep", seconds(gap - 80)]
      }
      cases.append(
        .init(name: message, steps: steps + ["sleep", "0.5"] + enter, expected: message))
    }
    let played = try rig.type(cases)
    var errors = 0
    var lines: [String] = []
    for (step, attempt) in zip(cases, played) {
      let count = Self.characterErrors(attempt.typed, step.expected)
      errors += count
      lines.append("  \(step.expected) → \(attempt.typed) (\(count))")
    }
    print(
      "sweep \(setting.testDescription) (\(measured)): \(errors) character errors, "
        + "\(firmCount) firm presses\n" + lines.joined(separator: "\n"))
  }

  @Test(
    "ㄴ held D ms, then ㅣ ㆍ (meant 나): doubled, or the digit before the hold time",
    arguments: settings)
  func pressLengths(setting: Setting) throws {
    let enter = RealTerminalHoldTests.enter
    let rig = try HoldRig(setting)
    let measured = rig.measured
    let first = Int(measured.delay) - 20
    let last = max(setting.holdMs, Int(measured.delay + 2 * measured.interval)) + 20
    let lengths = Array(stride(from: first, through: last, by: 5))
    let cases = lengths.map { length in
      RealTerminalHoldTests.Case(
        name: "\(length)",
        steps: pressSteps("KP_5", milliseconds: Double(length) - measured.scheduleLag)
          + ["sleep", "0.7"] + pressSteps("KP_7", milliseconds: 80) + ["sleep", "0.3"]
          + pressSteps("KP_8", milliseconds: 80) + ["sleep", "0.5"] + enter,
        expected: "나")
    }
    let played = try rig.type(cases)
    var rows: [String] = []
    var doubled: [Int] = []
    var earlyDigit: [Int] = []
    var lateLetter: [Int] = []
    for (length, attempt) in zip(lengths, played) {
      let verdict: String
      if attempt.typed == "나" {
        verdict = length >= setting.holdMs ? "letter at/after the hold time" : "ok"
        if length >= setting.holdMs + 10 { lateLetter.append(length) }
      } else if attempt.typed.hasPrefix("5") {
        verdict = length < setting.holdMs ? "DIGIT EARLY" : "digit"
        if length < setting.holdMs { earlyDigit.append(length) }
      } else {
        verdict = "DOUBLED"
        doubled.append(length)
      }
      rows.append("  \(length) ms: \(attempt.typed) \(verdict) [\(attempt.timeline)]")
    }
    func list(_ values: [Int]) -> String {
      values.isEmpty ? "none" : values.map(String.init).joined(separator: " ")
    }
    print(
      """
      sweep \(setting.testDescription) (\(measured)): \(lengths.count) lengths \(first)…\(last) ms
        doubled (\(doubled.count)): \(list(doubled))
        digit before the hold time (\(earlyDigit.count)): \(list(earlyDigit))
        letter 10 ms or more past the hold time (\(lateLetter.count)): \(list(lateLetter))
      """ + "\n" + rows.joined(separator: "\n"))
  }
}
