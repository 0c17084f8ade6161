import Testing

@testable import TerminalInput

typealias Detector = HoldDetector<String>

/// One key event for the detector: when, which key, what kind.
struct KeyInput: Sendable {
  let ms: UInt64
  let key: String
  let kind: KeyEventKind

  init(_ ms: UInt64, _ key: String, _ kind: KeyEventKind = .press) {
    self.ms = ms
    self.key = key
    self.kind = kind
  }
}

/// An action and the millisecond it was produced at.
struct Timed: Hashable, Sendable, CustomStringConvertible {
  let ms: UInt64
  let action: Detector.Action

  init(_ ms: UInt64, _ action: Detector.Action) {
    self.ms = ms
    self.action = action
  }

  var description: String { "\(action)@\(ms)" }
}

/// ⌫ repeats, "4" and "5" are letter keys with a digit on hold, "→" has no hold.
func behavior(of key: String) -> HoldBehavior {
  switch key {
  case "⌫": .repeating
  case "→": .none
  default: .holdable
  }
}

/// Runs events through a detector the way a poll loop would, until `endMs`.
func simulate(
  _ inputs: [KeyInput], releases: ReleaseReporting, until endMs: UInt64 = 5_000,
  timing: HoldTiming = HoldTiming()
) -> [Timed] {
  var detector = Detector(timing: timing)
  var timed: [Timed] = []
  func runTimers(upTo ms: UInt64) {
    while let deadline = detector.nextDeadline, deadline <= .milliseconds(ms) {
      timed += detector.advance(to: deadline).map { Timed(deadline.milliseconds, $0) }
    }
  }
  for input in inputs {
    runTimers(upTo: input.ms)
    let actions = detector.handle(
      input.key, kind: input.kind, behavior: behavior(of: input.key), releases: releases,
      at: .milliseconds(input.ms))
    timed += actions.map { Timed(input.ms, $0) }
  }
  runTimers(upTo: endMs)
  return timed
}

/// What the optimistic engine ends up with: each tap types "t", a hold "H", a tick "x".
func replay(_ timed: [Timed]) -> String {
  var typed: [Character] = []
  for entry in timed {
    switch entry.action {
    case .tap: typed.append("t")
    case .hold(_, let undo):
      typed.removeLast(min(undo, typed.count))
      typed.append("H")
    case .repeatTick: typed.append("x")
    case .undoTaps(_, let count): typed.removeLast(min(count, typed.count))
    case .release: break
    }
  }
  return String(typed)
}

/// The events of one physical press held from `pressAt` to `releaseAt` under OS auto-repeat.
func autoRepeat(
  _ key: String, pressAt: UInt64, releaseAt: UInt64, delay: UInt64, interval: UInt64
) -> [KeyInput] {
  [KeyInput(pressAt, key)]
    + Array(stride(from: pressAt + delay, to: releaseAt, by: Int(interval)))
    .map { KeyInput($0, key) }
}

@Suite("HoldDetector mode B: holds inferred from auto-repeat (spec §3.3)")
struct InferredHoldTests {
  struct RepeatSetting: Sendable, CustomTestStringConvertible {
    let id: String
    let delay: UInt64
    let interval: UInt64
    let firesAt: UInt64
    var testDescription: String { "\(id) \(delay)/\(interval) fires at \(firesAt) ms" }
  }

  static let settings: [RepeatSetting] = [
    RepeatSetting(id: "X11", delay: 660, interval: 40, firesAt: 700),
    RepeatSetting(id: "GNOME", delay: 500, interval: 30, firesAt: 530),
    RepeatSetting(id: "wlroots/KDE-like", delay: 600, interval: 40, firesAt: 640),
    RepeatSetting(id: "fast", delay: 250, interval: 30, firesAt: 500),
    RepeatSetting(id: "macOS minimum", delay: 225, interval: 30, firesAt: 500),
    RepeatSetting(id: "slow repeat", delay: 500, interval: 90, firesAt: 590),
  ]

  @Test(
    "the simulation table: one hold, at the documented time, undoing both taps",
    arguments: settings)
  func holdTable(setting: RepeatSetting) {
    let inputs = autoRepeat(
      "4", pressAt: 0, releaseAt: 2_000, delay: setting.delay, interval: setting.interval)
    let lastEvent = inputs.last?.ms ?? 0
    // Release: 150 ms, or three repeat intervals, after the last repeat.
    #expect(
      simulate(inputs, releases: .inferred) == [
        Timed(0, .tap("4")), Timed(setting.delay, .tap("4")),
        Timed(setting.firesAt, .hold("4", undoTaps: 2)),
        Timed(lastEvent + max(150, 3 * setting.interval), .release("4")),
      ])
    #expect(replay(simulate(inputs, releases: .inferred)) == "H")
  }

  @Test("a genuine double tap, then a hold: the first tap survives (X11 660/40)")
  func doubleTapThenHold() {
    let inputs =
      [KeyInput(0, "4")]
      + autoRepeat("4", pressAt: 300, releaseAt: 1_500, delay: 660, interval: 40)
    let timed = simulate(inputs, releases: .inferred)
    #expect(
      Array(timed.prefix(4)) == [
        Timed(0, .tap("4")), Timed(300, .tap("4")), Timed(960, .tap("4")),
        Timed(1_000, .hold("4", undoTaps: 2)),
      ])
    #expect(replay(timed) == "tH")
    #expect(timed.filter { if case .hold = $0.action { true } else { false } }.count == 1)
  }

  struct TapCase: Sendable, CustomTestStringConvertible {
    let id: String
    let inputs: [KeyInput]
    let expected: [Timed]
    var testDescription: String { id }
  }

  static let taps: [TapCase] = [
    TapCase(
      id: "human double tap 180 ms apart never holds",
      inputs: [KeyInput(0, "4"), KeyInput(180, "4")],
      expected: [Timed(0, .tap("4")), Timed(180, .tap("4")), Timed(1_180, .release("4"))]),
    TapCase(
      id: "fast triple tap 110 ms apart stays three taps",
      inputs: [KeyInput(0, "4"), KeyInput(110, "4"), KeyInput(220, "4")],
      expected: [
        Timed(0, .tap("4")), Timed(110, .tap("4")), Timed(220, .tap("4")),
        Timed(1_220, .release("4")),
      ]),
    TapCase(
      id: "double tap 60 ms apart is two taps, no undo (ㅅ→ㅎ)",
      inputs: [KeyInput(0, "4"), KeyInput(60, "4")],
      expected: [Timed(0, .tap("4")), Timed(60, .tap("4")), Timed(1_060, .release("4"))]),
    TapCase(
      id: "ten taps of one key in one read (gap 0) are ten taps",
      inputs: Array(repeating: KeyInput(0, "4"), count: 10),
      expected: Array(repeating: Timed(0, .tap("4")), count: 10) + [
        Timed(1_000, .release("4"))
      ]),
    TapCase(
      // 150 ms is sooner than any OS repeat delay, so the 80 ms gap after it is a tap too.
      id: "triple tap 150 then 80 ms apart stays three taps",
      inputs: [KeyInput(0, "4"), KeyInput(150, "4"), KeyInput(230, "4")],
      expected: [
        Timed(0, .tap("4")), Timed(150, .tap("4")), Timed(230, .tap("4")),
        Timed(1_230, .release("4")),
      ]),
    TapCase(
      id: "a different key ends the run at once",
      inputs: [KeyInput(0, "4"), KeyInput(150, "5"), KeyInput(300, "4")],
      expected: [
        Timed(0, .tap("4")), Timed(150, .release("4")), Timed(150, .tap("5")),
        Timed(300, .release("5")), Timed(300, .tap("4")), Timed(1_300, .release("4")),
      ]),
    TapCase(
      id: "a press shorter than holdMs under fast auto-repeat is one tap (250/30, up at 300)",
      inputs: autoRepeat("4", pressAt: 0, releaseAt: 300, delay: 250, interval: 30),
      expected: [
        Timed(0, .tap("4")), Timed(250, .tap("4")), Timed(430, .undoTaps("4", count: 1)),
        Timed(430, .release("4")),
      ]),
    TapCase(
      // Released at 400: the last repeat (370) is 130 ms old at the 500 ms delay, four
      // repeat intervals, so the key was up. No digit (issue 11: the hold must honour the
      // delay, not the delay minus the release gap).
      id: "under fast auto-repeat a 400 ms press is not a hold (250/30)",
      inputs: autoRepeat("4", pressAt: 0, releaseAt: 400, delay: 250, interval: 30),
      expected: [
        Timed(0, .tap("4")), Timed(250, .tap("4")), Timed(520, .undoTaps("4", count: 1)),
        Timed(520, .release("4")),
      ]),
    TapCase(
      id: "a key without hold repeats taps on auto-repeat",
      inputs: autoRepeat("→", pressAt: 0, releaseAt: 600, delay: 500, interval: 30),
      expected: [
        Timed(0, .tap("→")), Timed(150, .release("→")), Timed(500, .tap("→")),
        Timed(530, .tap("→")), Timed(560, .tap("→")), Timed(590, .tap("→")),
        Timed(740, .release("→")),
      ]),
    TapCase(
      id: "another key during a confirmed streak undoes the auto-repeat tap",
      inputs: autoRepeat("4", pressAt: 0, releaseAt: 340, delay: 250, interval: 30)
        + [KeyInput(350, "5")],
      expected: [
        Timed(0, .tap("4")), Timed(250, .tap("4")), Timed(350, .undoTaps("4", count: 1)),
        Timed(350, .release("4")), Timed(350, .tap("5")), Timed(1_350, .release("5")),
      ]),
    TapCase(
      id: "an explicit release ends an inferred run at once",
      inputs: [KeyInput(0, "4"), KeyInput(100, "4", .release)],
      expected: [Timed(0, .tap("4")), Timed(100, .release("4"))]),
  ]

  @Test("taps, runs and releases", arguments: taps)
  func tapCases(fixture: TapCase) {
    #expect(simulate(fixture.inputs, releases: .inferred) == fixture.expected)
  }

  @Test("a hold longer than the retap window is still one hold (X11, held 3 s)")
  func longHold() {
    let inputs = autoRepeat("4", pressAt: 0, releaseAt: 3_000, delay: 660, interval: 40)
    let timed = simulate(inputs, releases: .inferred)
    #expect(replay(timed) == "H")
    #expect(timed.last == Timed(2_980 + 150, .release("4")))
  }

  @Test("the retap window is what lets a late first auto-repeat join the run")
  func retapWindow() {
    let inputs = autoRepeat("4", pressAt: 0, releaseAt: 2_000, delay: 660, interval: 40)
    let short = HoldTiming(retapWindowMs: 600)
    let timed = simulate(inputs, releases: .inferred, timing: short)
    // The run ended at 600, so the 660 event starts a new run. Its physical press is in the
    // old run, and its repeats come 40 ms apart, sooner than any OS repeat delay after a
    // press, so nothing shows they are auto-repeat: every event is a tap. That is the
    // documented limitation for OS delays longer than retapWindowMs.
    #expect(timed[1] == Timed(600, .release("4")))
    #expect(replay(timed) == String(repeating: "t", count: inputs.count))
    #expect(replay(simulate(inputs, releases: .inferred)) == "H")
  }

  // MARK: - Fast taps are not auto-repeat

  @Test(
    "a fast gap confirms auto-repeat only after an event at least minimumRepeatDelayMs late",
    arguments: [(delay: UInt64(199), holds: false), (delay: 200, holds: true)])
  func minimumRepeatDelay(delay: UInt64, holds: Bool) {
    let inputs = autoRepeat("4", pressAt: 0, releaseAt: 1_000, delay: delay, interval: 30)
    let typed = replay(simulate(inputs, releases: .inferred))
    #expect(typed == (holds ? "H" : String(repeating: "t", count: inputs.count)))
  }

  @Test("a whole line in one read (gap 0) types one tap per key: 안녕하세요, not 안넝사서오")
  func oneRead() {
    let inputs = "0785.58870227828770889".map { KeyInput(0, String($0)) }
    let timed = simulate(inputs, releases: .inferred)
    #expect(timed.filter { if case .tap = $0.action { true } else { false } }.count == 22)
    #expect(replay(timed) == String(repeating: "t", count: 22))
  }
}

@Suite("HoldDetector mode B: ⌫ repeat ticks without release events")
struct InferredRepeatTests {
  @Test("X11 660/40 held until 1500 ms: a tick every 100 ms, none after the last repeat")
  func x11Backspace() {
    let inputs = autoRepeat("⌫", pressAt: 0, releaseAt: 1_500, delay: 660, interval: 40)
    let ticks = stride(from: 760, through: 1_460, by: 100).map {
      Timed(
        UInt64($0),
        .repeatTick("⌫"))
    }
    #expect(
      simulate(inputs, releases: .inferred)
        == [Timed(0, .tap("⌫")), Timed(660, .tap("⌫"))] + ticks + [Timed(1_610, .release("⌫"))])
  }

  @Test("human taps on ⌫ are taps, never ticks")
  func tappedBackspace() {
    let inputs = [KeyInput(0, "⌫"), KeyInput(150, "⌫"), KeyInput(300, "⌫")]
    #expect(replay(simulate(inputs, releases: .inferred)) == "ttt")
  }

  @Test("GNOME 500/30 held until 1000 ms: ticks every 100 ms from 600")
  func gnomeBackspace() {
    let inputs = autoRepeat("⌫", pressAt: 0, releaseAt: 1_000, delay: 500, interval: 30)
    let ticks = stride(from: 600, through: 1_000, by: 100).map {
      Timed(UInt64($0), .repeatTick("⌫"))
    }
    #expect(
      simulate(inputs, releases: .inferred)
        == [Timed(0, .tap("⌫")), Timed(500, .tap("⌫"))] + ticks
        + [Timed(980 + 150, .release("⌫"))])
  }

  @Test("fast ⌫⌫ taps 70 ms apart delete twice")
  func fastBackspaceTaps() {
    let inputs = [KeyInput(0, "⌫"), KeyInput(70, "⌫")]
    #expect(
      simulate(inputs, releases: .inferred) == [
        Timed(0, .tap("⌫")), Timed(70, .tap("⌫")), Timed(1_070, .release("⌫")),
      ])
  }

  static let settings: [(delay: UInt64, interval: UInt64)] = [
    (660, 40), (500, 30), (600, 40), (250, 30), (225, 30), (500, 90), (250, 92),
  ]

  @Test(
    "at most one deletion tick after release, for every setting and release time",
    arguments: 0..<settings.count)
  func boundedOvershoot(settingIndex: Int) {
    let setting = Self.settings[settingIndex]
    for releaseAt in stride(from: UInt64(10), to: 2_500, by: 7) {
      let inputs = autoRepeat(
        "⌫", pressAt: 0, releaseAt: releaseAt, delay: setting.delay,
        interval: setting.interval)
      let lastEvent = inputs.last?.ms ?? 0
      let timed = simulate(inputs, releases: .inferred)
      let late = timed.filter { $0.action == .repeatTick("⌫") && $0.ms > lastEvent }
      #expect(late.count <= 1, "\(setting) released at \(releaseAt): \(late)")
      #expect(timed.last?.action == .release("⌫"))
      let ticks = timed.filter { $0.action == .repeatTick("⌫") }
      if releaseAt >= 1_000 && setting.interval <= 66 {
        // Steady repeats: ticks exactly 100 ms apart while held.
        let gaps = zip(ticks.dropFirst(), ticks).map { $0.ms - $1.ms }
        #expect(gaps.allSatisfy { $0 == 100 }, "\(setting) released at \(releaseAt)")
      }
    }
  }

  @Test("jittery repeats (SSH) pause ticks and resume them on the next repeat")
  func jitter() {
    var inputs = [KeyInput(0, "⌫"), KeyInput(500, "⌫")]
    var t: UInt64 = 500
    for gap: UInt64 in [30, 30, 120, 10, 10, 30, 130, 20, 30, 30] {
      t += gap
      inputs.append(KeyInput(t, "⌫"))
    }
    let timed = simulate(inputs, releases: .inferred)
    let late = timed.filter { $0.action == .repeatTick("⌫") && $0.ms > t }
    #expect(late.count <= 1)
    #expect(timed.filter { $0.action == .repeatTick("⌫") }.count >= 3)
  }
}

@Suite("HoldDetector mode A: exact releases")
struct ExactHoldTests {
  struct ExactCase: Sendable, CustomTestStringConvertible {
    let id: String
    let inputs: [KeyInput]
    let expected: [Timed]
    var testDescription: String { id }
  }

  static let cases: [ExactCase] = [
    ExactCase(
      id: "short press is a tap", inputs: [KeyInput(0, "4"), KeyInput(120, "4", .release)],
      expected: [Timed(0, .tap("4")), Timed(120, .release("4"))]),
    ExactCase(
      id: "hold fires at press + 500 and ignores repeats",
      inputs: [
        KeyInput(0, "4"), KeyInput(500, "4", .repeat), KeyInput(530, "4", .repeat),
        KeyInput(900, "4", .release),
      ],
      expected: [
        Timed(0, .tap("4")), Timed(500, .hold("4", undoTaps: 1)), Timed(900, .release("4")),
      ]),
    ExactCase(
      id: "a release at exactly holdMs is a hold",
      inputs: [KeyInput(0, "4"), KeyInput(500, "4", .release)],
      expected: [
        Timed(0, .tap("4")), Timed(500, .hold("4", undoTaps: 1)), Timed(500, .release("4")),
      ]),
    ExactCase(
      id: "a second key ends the first run; its late release is ignored",
      inputs: [
        KeyInput(0, "4"), KeyInput(200, "5"), KeyInput(250, "4", .release),
        KeyInput(300, "5", .release),
      ],
      expected: [
        Timed(0, .tap("4")), Timed(200, .release("4")), Timed(200, .tap("5")),
        Timed(300, .release("5")),
      ]),
    ExactCase(
      id: "a press without a release (lost) starts a new run",
      inputs: [KeyInput(0, "4"), KeyInput(100, "4"), KeyInput(200, "4", .release)],
      expected: [
        Timed(0, .tap("4")), Timed(100, .release("4")), Timed(100, .tap("4")),
        Timed(200, .release("4")),
      ]),
    ExactCase(
      id: "a stray repeat of a holdable key does nothing",
      inputs: [KeyInput(0, "4", .repeat)], expected: []),
    ExactCase(
      id: "a stray release does nothing", inputs: [KeyInput(0, "4", .release)], expected: []),
    ExactCase(
      id: "a key without hold taps on every repeat",
      inputs: [
        KeyInput(0, "→"), KeyInput(500, "→", .repeat), KeyInput(530, "→", .repeat),
        KeyInput(560, "→", .release),
      ],
      expected: [
        Timed(0, .tap("→")), Timed(500, .tap("→")), Timed(530, .tap("→")),
        Timed(560, .release("→")),
      ]),
    ExactCase(
      id: "⌫ ticks every 100 ms after 500 ms and stops exactly on release",
      inputs: [KeyInput(0, "⌫"), KeyInput(500, "⌫", .repeat), KeyInput(760, "⌫", .release)],
      expected: [
        Timed(0, .tap("⌫")), Timed(500, .repeatTick("⌫")), Timed(600, .repeatTick("⌫")),
        Timed(700, .repeatTick("⌫")), Timed(760, .release("⌫")),
      ]),
    ExactCase(
      id: "⌫ tapped is one deletion",
      inputs: [KeyInput(0, "⌫"), KeyInput(90, "⌫", .release)],
      expected: [Timed(0, .tap("⌫")), Timed(90, .release("⌫"))]),
  ]

  @Test("press, hold and release", arguments: cases)
  func exact(fixture: ExactCase) {
    #expect(simulate(fixture.inputs, releases: .exact) == fixture.expected)
  }

  @Test("a mouse hold of two seconds gives exactly one hold action")
  func oneHold() {
    let timed = simulate([KeyInput(0, "4"), KeyInput(2_000, "4", .release)], releases: .exact)
    #expect(replay(timed) == "H")
    #expect(timed.count == 3)
  }

  @Test("nextDeadline, releaseAll and activeKey")
  func deadlinesAndReleaseAll() {
    var detector = Detector()
    #expect(detector.nextDeadline == nil)
    let tap = detector.handle(
      "4", kind: .press, behavior: .holdable, releases: .exact, at: .milliseconds(100))
    #expect(tap == [.tap("4")])
    #expect(detector.activeKey == "4")
    #expect(detector.nextDeadline == .milliseconds(600))
    let early = detector.advance(to: .milliseconds(599))
    #expect(early == [])
    let released = detector.releaseAll(at: .milliseconds(300))
    #expect(released == [.release("4")])
    #expect(detector.nextDeadline == nil)
    #expect(detector.activeKey == nil)
    let later = detector.advance(to: .milliseconds(10_000))
    #expect(later == [])
  }

  @Test("the same key from a source of the other mode is a different run")
  func modeChange() {
    var detector = Detector()
    _ = detector.handle(
      "4", kind: .press, behavior: .holdable, releases: .exact, at: .milliseconds(0))
    let actions = detector.handle(
      "4", kind: .press, behavior: .holdable, releases: .inferred, at: .milliseconds(50))
    #expect(actions == [.release("4"), .tap("4")])
    #expect(detector.nextDeadline == .milliseconds(1_050))
  }

  @Test("a late advance fires overdue timers in time order")
  func lateAdvance() {
    var detector = Detector()
    _ = detector.handle(
      "⌫", kind: .press, behavior: .repeating, releases: .exact, at: .milliseconds(0))
    let ticks = detector.advance(to: .milliseconds(750))
    #expect(ticks == [.repeatTick("⌫"), .repeatTick("⌫"), .repeatTick("⌫")])
    #expect(detector.nextDeadline == .milliseconds(800))
  }
}

/// Issue 11: under tmux, xterm and GNOME Terminal (no release events) the OS repeats from
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

  @Test(
    "an event at the learned delay with nothing after it is a second press, not a repeat")
  func loneEventAtTheDelay() {
    // A long hold teaches the delay (250 ms). A press and one event 250 ms later, then
    // nothing: a second press looks exactly like that, and a repeat is followed by more
    // (issue 20: 안녕하세요 typed at the repeat delay). A press released between its first
    // and second repeat (a 30 ms window) is the case this gives up.
    let inputs = Self.press(at: 0, heldFor: 700) + Self.press(at: 3_000, heldFor: 260)
    let timed = simulate(inputs, releases: .inferred)
    #expect(replay(timed) == "Htt")
    // It waited one repeat interval (33 ms, ×1.5 + 10) before it typed the second letter.
    #expect(timed.contains(Timed(3_309, .tap("4"))), "\(timed)")
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

/// Issue 20: a real hand on a real X server, at three repeat settings, with a 500 ms hold.
///
/// The settings are 250/30 (fast), 500/30 (GNOME) and 660/25 (X's default). Physical presses are
/// expanded into the events a terminal without release events delivers: the press, then
/// auto-repeats from the delay on, every interval, while the key is down.
@Suite("Holds at real repeat settings never mis-type (issue 20)")
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
    "same-key presses (delay − 20, + 5 and + 20 ms) apart are two presses", arguments: settings)
  func nearTheDelay(setting: Setting) {
    for offset in [-20, 5, 20] {
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
    // A hold: its first repeat (2 250) is held back, then shows it was a repeat; the hold
    // undoes the press's tap alone, and no wrong letter was ever shown.
    let hold = after(autoRepeat("4", pressAt: 2_000, releaseAt: 2_700, delay: 250, interval: 33))
    #expect(
      Array(hold.prefix(2)) == [Timed(2_000, .tap("4")), Timed(2_500, .hold("4", undoTaps: 1))])
    // A second press at the delay, and another key 40 ms later: the second press is typed
    // at once, before the other key.
    let second = after([KeyInput(2_000, "4"), KeyInput(2_250, "4"), KeyInput(2_290, "6")])
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
      let expected: Duration? =
        setting.delay + setting.interval > 500
        ? .milliseconds(setting.delay + setting.interval) : nil
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

  @Test("with a 660 ms delay the progress runs to the hold the repeat allows (0.7 s)")
  func progressPastTheHoldTime() {
    var detector = Detector()
    for ms: UInt64 in [0, 660, 700, 740] {
      _ = detector.handle(
        "5", kind: .press, behavior: .holdable, releases: .inferred, at: .milliseconds(ms))
    }
    _ = detector.releaseAll(at: .milliseconds(1_000))
    _ = detector.handle(
      "5", kind: .press, behavior: .holdable, releases: .inferred, at: .milliseconds(2_000))
    #expect(detector.holdProgress(at: .milliseconds(2_350))?.firesAt == .milliseconds(2_700))
  }
}
