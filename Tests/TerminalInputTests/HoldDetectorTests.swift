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
  timing: HoldTiming = HoldTiming(), reported: AutoRepeat? = nil
) -> [Timed] {
  var detector = Detector(timing: timing, reportedAutoRepeat: reported)
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

@Suite("HoldDetector mode B: holds inferred from auto-repeat")
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
    // A repeat at the hold time (within the repeat's precision, 6 ms) or after it shows the
    // key still down: 520 at 250/30; 495 at 225/30.
    RepeatSetting(id: "fast", delay: 250, interval: 30, firesAt: 520),
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
      // repeat intervals, so the key was up. No digit (the hold must honour the
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
