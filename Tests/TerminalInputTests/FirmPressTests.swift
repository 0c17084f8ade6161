import Testing

@testable import TerminalInput

// Firm presses under X auto-repeat: a key held just past the repeat delay, the way older hands
// press. The helpers (KeyInput, autoRepeat, simulate) are in HoldDetectorTests.swift, `typed`
// in HoldRepeatDelayTests.swift.

@Suite("A press held past the repeat delay types its letter once, its digit at the hold time")
struct FirmPressTests {
  struct Setting: Sendable, CustomTestStringConvertible {
    let delay: UInt64
    let interval: UInt64
    var holdMs: UInt64 = 500
    var testDescription: String { "\(delay)/\(1000 / interval), hold \(holdMs) ms" }
    var timing: HoldTiming { HoldTiming(holdMs: holdMs) }
  }

  /// The settings people have (xset r rate DELAY RATE), and the hold times they choose.
  static let settings = [
    Setting(delay: 200, interval: 20), Setting(delay: 250, interval: 33),
    Setting(delay: 300, interval: 25), Setting(delay: 400, interval: 40),
    Setting(delay: 500, interval: 33), Setting(delay: 600, interval: 50),
    Setting(delay: 660, interval: 40), Setting(delay: 400, interval: 40, holdMs: 800),
    Setting(delay: 600, interval: 50, holdMs: 800),
  ]

  /// A long hold first, which teaches the detector the repeat.
  static func learning(_ setting: Setting) -> [KeyInput] {
    autoRepeat("5", pressAt: 0, releaseAt: 1_500, delay: setting.delay, interval: setting.interval)
  }

  static func press(_ key: String, at down: UInt64, for length: UInt64, _ setting: Setting)
    -> [KeyInput]
  {
    autoRepeat(
      key, pressAt: down, releaseAt: down + length, delay: setting.delay,
      interval: setting.interval)
  }

  static func typed(_ inputs: [KeyInput], _ setting: Setting) -> String {
    RepeatSettingTests.typed(
      simulate(inputs, releases: .inferred, until: 60_000, timing: setting.timing))
  }

  /// Whether the X server's repeats of a press `length` ms long show the key down at the hold
  /// time: a repeat at it (within the repeat's precision) or after it.
  static func seenDownAtHoldTime(_ length: UInt64, _ setting: Setting) -> Bool {
    let precision = setting.timing.repeatPrecisionMs
    return stride(from: setting.delay, to: length, by: Int(setting.interval)).contains {
      $0 + precision >= setting.holdMs
    }
  }

  @Test(
    "a press types its digit exactly when a repeat shows it down at the hold time, else its letter once",
    arguments: settings)
  func letterOrDigit(setting: Setting) {
    for length in stride(from: UInt64(40), through: max(setting.holdMs, setting.delay) + 400, by: 3)
    {
      let inputs = Self.learning(setting) + Self.press("5", at: 3_000, for: length, setting)
      let expected = Self.seenDownAtHoldTime(length, setting) ? "<5><5>" : "<5>5"
      #expect(Self.typed(inputs, setting) == expected, "held \(length) ms")
    }
  }

  @Test("the digit comes at the hold time, or with the first repeat after it", arguments: settings)
  func digitOnTime(setting: Setting) {
    let inputs = Self.learning(setting) + Self.press("5", at: 3_000, for: 1_500, setting)
    let timed = simulate(inputs, releases: .inferred, until: 60_000, timing: setting.timing)
    let hold = timed.first { if case .hold = $0.action { $0.ms >= 3_000 } else { false } }
    let firstRepeatAfter = stride(
      from: setting.delay, to: 1_500, by: Int(setting.interval)
    ).first { $0 + setting.timing.repeatPrecisionMs >= setting.holdMs }
    #expect(hold.map { $0.ms - 3_000 } == firstRepeatAfter, "\(timed)")
  }

  @Test(
    "same-key presses 10 to 40 ms either side of the delay are two presses", arguments: settings)
  func pairsNearTheDelay(setting: Setting) {
    for offset in [-40, -30, -20, -10, 10, 20, 30, 40] {
      let second = UInt64(3_000 + Int(setting.delay) + offset)
      let inputs =
        Self.learning(setting) + Self.press("5", at: 3_000, for: 80, setting)
        + Self.press("5", at: second, for: 80, setting)
      #expect(Self.typed(inputs, setting) == "<5>55", "second press at delay \(offset) ms")
    }
  }

  /// The auto-repeat the X server reports (`xset q`) for the setting.
  static func reported(_ setting: Setting) -> AutoRepeat {
    AutoRepeat(delay: .milliseconds(setting.delay), interval: .milliseconds(setting.interval))
  }

  @Test(
    "the first press, held past the delay before any hold was learned, types once when the repeat is reported",
    arguments: settings)
  func firstFirmPress(setting: Setting) {
    for extra in [10, 30, setting.interval - 5] where setting.delay + extra < setting.holdMs {
      let press = Self.press("5", at: 1_000, for: setting.delay + extra, setting)
      let reported = simulate(
        press, releases: .inferred, until: 60_000, timing: setting.timing,
        reported: Self.reported(setting))
      #expect(RepeatSettingTests.typed(reported) == "5", "held delay + \(extra) ms")
      // Nothing reported, a lone repeat (released before the second) is a second press: the
      // events alone cannot tell it.
      if extra < setting.interval {
        #expect(Self.typed(press, setting) == "55", "held delay + \(extra) ms, nothing reported")
      }
    }
    // Same-key pairs either side of the reported delay stay two presses.
    for offset in [-40, -20, -10, 10, 20, 40] {
      let pair =
        Self.press("5", at: 1_000, for: 80, setting)
        + Self.press("5", at: UInt64(1_000 + Int(setting.delay) + offset), for: 80, setting)
      let typed = simulate(
        pair, releases: .inferred, until: 60_000, timing: setting.timing,
        reported: Self.reported(setting))
      #expect(RepeatSettingTests.typed(typed) == "55", "second press at delay \(offset) ms")
    }
  }

  @Test("a held key's own repeat replaces the reported one")
  func measuredReplacesReported() {
    let setting = Setting(delay: 400, interval: 40)
    var detector = HoldDetector<String>(
      timing: setting.timing,
      reportedAutoRepeat: AutoRepeat(delay: .milliseconds(660), interval: .milliseconds(40)))
    #expect(detector.learnedAutoRepeat?.delay == .milliseconds(660))
    for input in Self.learning(setting) {
      while let deadline = detector.nextDeadline, deadline <= .milliseconds(input.ms) {
        _ = detector.advance(to: deadline)
      }
      _ = detector.handle(
        input.key, kind: input.kind, behavior: .holdable, releases: .inferred,
        at: .milliseconds(input.ms))
    }
    #expect(detector.learnedAutoRepeat?.delay == .milliseconds(400))
  }

  @Test("an answer that comes after the start is taken, unless a held key measured its own")
  func lateReport() {
    let setting = Setting(delay: 400, interval: 40)
    let reported = AutoRepeat(delay: .milliseconds(400), interval: .milliseconds(40))
    // Asked after the detector was made, the firm press reads as one press.
    var asked = HoldDetector<String>(timing: setting.timing)
    asked.takeReported(reported)
    #expect(asked.learnedAutoRepeat == reported)
    // A delay measured from a held key before the answer came is the keyboard's own.
    var measured = HoldDetector<String>(timing: setting.timing)
    for input in Self.learning(Setting(delay: 250, interval: 33)) {
      while let deadline = measured.nextDeadline, deadline <= .milliseconds(input.ms) {
        _ = measured.advance(to: deadline)
      }
      _ = measured.handle(
        input.key, kind: input.kind, behavior: .holdable, releases: .inferred,
        at: .milliseconds(input.ms))
    }
    let learned = measured.learnedAutoRepeat
    #expect(learned?.delay == .milliseconds(250))
    measured.takeReported(reported)
    #expect(measured.learnedAutoRepeat == learned)
  }

  @Test("messages at a calm pace with one press in six held past the delay, from the first press")
  func calmMessagesReported() {
    for setting in Self.settings where setting.delay + 30 < setting.holdMs {
      for (message, keys) in Self.messages {
        var inputs: [KeyInput] = []
        var down: UInt64 = 1_000
        for (index, key) in keys.enumerated() {
          let firm = index % 6 == 5
          inputs += Self.press(String(key), at: down, for: firm ? setting.delay + 30 : 80, setting)
          down += max(400, setting.delay + 60) + (firm ? setting.delay : 0)
        }
        let typed = simulate(
          inputs, releases: .inferred, until: 60_000, timing: setting.timing,
          reported: Self.reported(setting))
        #expect(RepeatSettingTests.typed(typed) == keys, "\(message) at \(setting.testDescription)")
      }
    }
  }

  @Test("a repeat that arrives late, after its release was inferred, is not a press")
  func lateRepeat() {
    // Keypad 0 held: its last repeat came 170 ms after the one before (it typed 010ㅇ).
    let setting = Setting(delay: 250, interval: 33)
    let hold = Self.press("0", at: 3_000, for: 900, setting)
    let late = KeyInput((hold.last?.ms ?? 0) + 170, "0")
    let inputs =
      Self.learning(setting) + hold + [late] + Self.press("1", at: 4_500, for: 80, setting)
    #expect(Self.typed(inputs, setting) == "<5><0>1")
    // Well after the repeats stopped, the same key is a press again.
    let again = Self.learning(setting) + hold + [KeyInput((hold.last?.ms ?? 0) + 400, "0")]
    #expect(Self.typed(again, setting) == "<5><0>0")
  }

  @Test("a firm press that typed no digit, then its key again soon: two presses (ㅅ ㅅ for ㅎ)")
  func firmPressThenAgain() {
    let setting = Setting(delay: 400, interval: 40)
    // Held 430 ms (one repeat, at 400), pressed again 120 ms after it came up.
    let inputs =
      Self.learning(setting) + Self.press("8", at: 3_000, for: 430, setting)
      + Self.press("8", at: 3_550, for: 80, setting)
    #expect(Self.typed(inputs, setting) == "<5>88")
  }

  @Test("a key without a hold (␣) pressed shorter than the hold time types once; held, it repeats")
  func firmSpace() {
    let setting = Setting(delay: 400, interval: 40)
    func spaces(_ length: UInt64) -> Int {
      let inputs = Self.learning(setting) + Self.press("→", at: 3_000, for: length, setting)
      return simulate(inputs, releases: .inferred, until: 60_000, timing: setting.timing)
        .filter { $0.ms >= 3_000 && $0.action == .tap("→") }.count
    }
    #expect(spaces(80) == 1)
    #expect(spaces(430) == 1)
    #expect(spaces(470) == 1)
    // Held a second: the press, then every repeat from the hold time: 520 … 960.
    #expect(spaces(1_000) == 1 + 12)
  }

  /// Everyday messages in phone digits (the Galaxy layout, `#` the space key), as
  /// `cheonjiin spell` gives them.
  static let messages = [
    ("할머니 사랑해요", "881255002151##81255120881210223"),
    ("밥", "7127"),
    ("가요", "4120223"),
    ("병원 가요", "72210#032215##4120223"),
    ("안녕하세요", "0125#52210881282110223"),
  ]

  @Test("messages at a calm pace with one press in six held past the delay", arguments: settings)
  func calmMessages(setting: Setting) {
    for (message, keys) in Self.messages {
      // One key every 400 ms (more than the delay, so that same-key pairs are two presses),
      // 80 ms a tap, and every sixth press held 30 ms past the delay (short of the hold time).
      var inputs = Self.learning(setting)
      var down: UInt64 = 3_000
      for (index, key) in keys.enumerated() {
        let firm = index % 6 == 5 && setting.delay + 30 < setting.holdMs
        let length = firm ? setting.delay + 30 : 80
        inputs += Self.press(String(key), at: down, for: length, setting)
        down += max(400, setting.delay + 60) + (firm ? setting.delay : 0)
      }
      #expect(Self.typed(inputs, setting) == "<5>" + keys, "\(message)")
    }
  }
}
