import Testing

@testable import TerminalInput

// Holds when the terminal sends no releases and the OS repeat delay is near the hold time;
// the helpers (KeyInput, autoRepeat, simulate) are in HoldDetectorTests.swift.

/// Under tmux, xterm and GNOME Terminal (no release events) the OS repeats from
/// 250 ms every 33 ms; with a 500 ms hold a digit needs the key still repeating at 500 ms,
/// and one physical press never types two letters.
@Suite("Holds without release events honour the delay (scripted OS repeat 250/33)")
struct InferredHoldDelayTests {
  static func press(at start: UInt64, heldFor: UInt64, key: String = "4") -> [KeyInput] {
    autoRepeat(key, pressAt: start, releaseAt: start + heldFor, delay: 250, interval: 33)
  }

  @Test(
    "a press shorter than the delay types its letter once; one held past it types the digit",
    // 260 ms (a release right after the first repeat) needs the learned delay: see below.
    arguments: [(300, "t"), (355, "t"), (390, "t"), (470, "t"), (530, "H"), (600, "H"), (900, "H")])
  func threshold(heldFor: UInt64, expected: String) {
    for round in 0..<6 {
      let start = UInt64(round) * 3_000
      let typed = replay(
        simulate(
          Self.press(at: start, heldFor: heldFor), releases: .inferred,
          until: start + 2_500))
      #expect(typed == expected, "held \(heldFor) ms, round \(round)")
    }
  }

  @Test("the digit comes on time: at the delay, or at the first repeat after it")
  func onTime() {
    let timed = simulate(Self.press(at: 0, heldFor: 700), releases: .inferred)
    let hold = timed.first { if case .hold = $0.action { true } else { false } }
    #expect(hold.map { $0.ms >= 500 && $0.ms <= 533 } == true, "\(timed)")
  }

  @Test("an event at the learned delay, to the millisecond, is the first repeat: one letter")
  func loneEventAtTheDelay() {
    // A long hold teaches the delay (250 ms). A press released between its first and second
    // repeat: one event 250 ms after the press, then nothing. The X server repeats to the
    // millisecond, a second press lands anywhere: this is the press, held.
    let inputs = Self.press(at: 0, heldFor: 700) + Self.press(at: 3_000, heldFor: 260)
    let timed = simulate(inputs, releases: .inferred)
    #expect(replay(timed) == "Ht")
    #expect(!timed.contains { $0.ms > 3_000 && $0.action == .tap("4") }, "\(timed)")
  }

  @Test("an event near the learned delay with nothing after it is a second press")
  func loneEventNearTheDelay() {
    // 10 ms past the delay, outside the repeat's precision: a second press, typed once the
    // wait for a following repeat (33 ms × 1.5 + 10) is over.
    let inputs = Self.press(at: 0, heldFor: 700) + [KeyInput(3_000, "4"), KeyInput(3_260, "4")]
    let timed = simulate(inputs, releases: .inferred)
    #expect(replay(timed) == "Htt")
    #expect(timed.contains(Timed(3_319, .tap("4"))), "\(timed)")
  }

  @Test("deliberate double taps away from the repeat delay stay two taps")
  func doubleTapsStay() {
    let learn = Self.press(at: 0, heldFor: 700)
    for gap: UInt64 in [90, 150, 200, 320] {
      let inputs = learn + [KeyInput(3_000, "4"), KeyInput(3_000 + gap, "4")]
      #expect(replay(simulate(inputs, releases: .inferred)) == "Htt", "gap \(gap)")
    }
  }
}

/// A real hand on a real X server, at three repeat settings, with a 500 ms hold.
///
/// The settings are 250/30 (fast), 500/30 (GNOME) and 660/25 (X's default). Physical presses are
/// expanded into the events a terminal without release events delivers: the press, then
/// auto-repeats from the delay on, every interval, while the key is down.
@Suite("Holds at real repeat settings never mis-type")
struct RepeatSettingTests {
  struct Setting: Sendable, CustomTestStringConvertible {
    let delay: UInt64
    let interval: UInt64
    var testDescription: String { "\(delay)/\(1000 / interval)" }
  }

  static let settings = [
    Setting(delay: 250, interval: 33), Setting(delay: 500, interval: 33),
    Setting(delay: 660, interval: 40),
  ]

  /// A physical press: key `key` down at `down` for `length` ms.
  struct Press {
    let key: String
    let down: UInt64
    let length: UInt64
  }

  static func events(_ presses: [Press], _ setting: Setting) -> [KeyInput] {
    presses.flatMap { press in
      autoRepeat(
        press.key, pressAt: press.down, releaseAt: press.down + press.length,
        delay: setting.delay, interval: setting.interval)
    }
  }

  /// What the front end types: each tap its key, each hold `<key>` in brackets.
  static func typed(_ timed: [Timed]) -> String {
    var typed: [String] = []
    for entry in timed {
      switch entry.action {
      case .tap(let key): typed.append(key)
      case .hold(let key, let undo):
        typed.removeLast(min(undo, typed.count))
        typed.append("<\(key)>")
      case .repeatTick(let key): typed.append(key)
      case .undoTaps(_, let count): typed.removeLast(min(count, typed.count))
      case .release: break
      }
    }
    return typed.joined()
  }

  /// 안녕하세요 on the numeric keypad (phone order), ␣ as `#`: four same-key pairs.
  static let annyeong = "0125#52210881282110223"

  /// The issue's sequence: a 900 ms hold of ㄴㄹ, then 안녕하세요 with 80 ms taps, one key
  /// every (delay + 20) ms, so that each same-key pair lands just after the repeat delay.
  static func session(_ setting: Setting) -> [Press] {
    var presses = [Press(key: "5", down: 0, length: 900)]
    for (index, key) in annyeong.enumerated() {
      presses.append(
        Press(key: String(key), down: 2_000 + UInt64(index) * (setting.delay + 20), length: 80))
    }
    return presses
  }

  @Test(
    "a 900 ms hold types the digit; 안녕하세요 at delay + 20 ms types every key", arguments: settings)
  func holdThenWord(setting: Setting) {
    let timed = simulate(
      Self.events(Self.session(setting), setting), releases: .inferred, until: 60_000)
    #expect(Self.typed(timed) == "<5>" + Self.annyeong)
  }

  @Test(
    "same-key presses (delay − 20, + 10 and + 20 ms) apart are two presses", arguments: settings)
  func nearTheDelay(setting: Setting) {
    // Within the repeat's precision (6 ms) a second press is taken for the first repeat.
    for offset in [-20, 10, 20] {
      let presses = [
        Press(key: "5", down: 0, length: 900), Press(key: "5", down: 2_000, length: 80),
        Press(key: "5", down: UInt64(2_000 + Int(setting.delay) + offset), length: 80),
      ]
      let timed = simulate(Self.events(presses, setting), releases: .inferred, until: 10_000)
      #expect(Self.typed(timed) == "<5>55", "delay \(offset > 0 ? "+" : "")\(offset) ms")
    }
  }

  @Test(
    "a press released before the hold time is one letter, also after an auto-repeat",
    arguments: settings)
  func shortPress(setting: Setting) {
    // 295 ms at 250/30: the press and two repeats; the longest press under the hold time at
    // the slower settings.
    let length = min(setting.delay + 45, 480)
    for learned in [false, true] {
      let first = learned ? [Press(key: "5", down: 0, length: 900)] : []
      let presses = first + [Press(key: "5", down: 2_000, length: length)]
      let timed = simulate(Self.events(presses, setting), releases: .inferred, until: 10_000)
      #expect(Self.typed(timed) == (learned ? "<5>5" : "5"), "learned: \(learned)")
    }
  }

  @Test("once the delay is known, an event at it waits one interval: a repeat is never typed")
  func heldBack() {
    let setting = Setting(delay: 250, interval: 33)
    let learn = Self.events([Press(key: "5", down: 0, length: 900)], setting)
    func after(_ inputs: [KeyInput]) -> [Timed] {
      simulate(learn + inputs, releases: .inferred, until: 10_000).filter { $0.ms >= 2_000 }
    }
    // A hold: its first repeat (2 250) is never typed; the hold undoes the press's tap
    // alone, with the first repeat at the hold time (2 514), and no wrong letter was shown.
    let hold = after(autoRepeat("4", pressAt: 2_000, releaseAt: 2_700, delay: 250, interval: 33))
    #expect(
      Array(hold.prefix(2)) == [Timed(2_000, .tap("4")), Timed(2_514, .hold("4", undoTaps: 1))])
    // A second press near the delay, and another key 30 ms later: the second press is typed
    // at once, before the other key.
    let second = after([KeyInput(2_000, "4"), KeyInput(2_260, "4"), KeyInput(2_290, "6")])
    #expect(
      Array(second.prefix(4)) == [
        Timed(2_000, .tap("4")), Timed(2_290, .tap("4")), Timed(2_290, .release("4")),
        Timed(2_290, .tap("6")),
      ])
    // Away from the delay (by more than 30 ms), a second press is typed at once.
    let early = after([KeyInput(2_000, "4"), KeyInput(2_200, "4")])
    #expect(Array(early.prefix(2)) == [Timed(2_000, .tap("4")), Timed(2_200, .tap("4"))])
  }

  @Test("the detector learns the repeat; a delay past the hold time makes holds longer")
  func learnsTheRepeat() {
    for setting in Self.settings {
      var detector = Detector()
      for event in Self.events([Press(key: "5", down: 0, length: 900)], setting) {
        _ = detector.handle(
          event.key, kind: .press, behavior: .holdable, releases: .inferred,
          at: .milliseconds(event.ms))
      }
      #expect(
        detector.learnedAutoRepeat
          == AutoRepeat(
            delay: .milliseconds(setting.delay), interval: .milliseconds(setting.interval)))
      let expected: Duration? = setting.delay > 500 ? .milliseconds(setting.delay) : nil
      #expect(detector.effectiveHoldDelay == expected, "\(setting.testDescription)")
    }
  }

  @Test("hold progress: from the confirmed press; once the delay is known, from every press")
  func progress() {
    var detector = Detector()
    func feed(_ ms: UInt64) {
      _ = detector.handle(
        "5", kind: .press, behavior: .holdable, releases: .inferred, at: .milliseconds(ms))
    }
    feed(0)
    // Nothing learned yet: a press may be a tap, and nothing says how long to show it.
    #expect(detector.holdProgress(at: .milliseconds(100)) == nil)
    feed(250)
    feed(283)
    let confirmed = detector.holdProgress(at: .milliseconds(300))
    #expect(
      confirmed
        == HoldProgress(
          key: "5", pressedAt: .milliseconds(0), firesAt: .milliseconds(500), isKnownDown: true))
    #expect(confirmed?.fraction(at: .milliseconds(300)) == 0.6)
    _ = detector.releaseAll(at: .milliseconds(1_000))
    // Learned: a new press shows its progress at once, not known to be down …
    _ = detector.handle(
      "4", kind: .press, behavior: .holdable, releases: .inferred, at: .milliseconds(2_000))
    #expect(
      detector.holdProgress(at: .milliseconds(2_100))
        == HoldProgress(
          key: "4", pressedAt: .milliseconds(2_000), firesAt: .milliseconds(2_500),
          isKnownDown: false))
    // … until its first auto-repeat is overdue (delay + 30 ms tolerance + the wait).
    #expect(detector.holdProgress(at: .milliseconds(2_339)) != nil)
    #expect(detector.holdProgress(at: .milliseconds(2_340)) == nil)
  }

  @Test("with a 660 ms delay the progress runs to the hold the first repeat allows (0.66 s)")
  func progressPastTheHoldTime() {
    var detector = Detector()
    for ms: UInt64 in [0, 660, 700, 740] {
      _ = detector.handle(
        "5", kind: .press, behavior: .holdable, releases: .inferred, at: .milliseconds(ms))
    }
    _ = detector.releaseAll(at: .milliseconds(1_000))
    _ = detector.handle(
      "5", kind: .press, behavior: .holdable, releases: .inferred, at: .milliseconds(2_000))
    #expect(detector.holdProgress(at: .milliseconds(2_350))?.firesAt == .milliseconds(2_660))
  }
}
