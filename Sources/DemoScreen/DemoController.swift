import CellGrid
import HangulEngine
import TerminalInput
import TerminalUI

/// How the demo plays; the terminal, the cast and the page play alike.
public struct DemoPlayback: Sendable, Hashable {
  /// Presses per second (of the slower track, when comparing), within 0.25…20; a frame with
  /// a long caption stays longer (``holdMs(captionCharacters:charactersPerKey:)``).
  public var keysPerSecond: Double
  /// Play once and stop at the end (`--once`), instead of starting again after a pause.
  public var playsOnce: Bool
  /// Pause at the end of every syllable until a key (`--step`).
  public var pausesEachSyllable: Bool

  public init(keysPerSecond: Double, playsOnce: Bool = false, pausesEachSyllable: Bool = false) {
    self.keysPerSecond = keysPerSecond
    self.playsOnce = playsOnce
    self.pausesEachSyllable = pausesEachSyllable
  }

  /// The pace for a class: one key a second, long captions longer.
  public static let defaultKeysPerSecond = 1.0

  /// How long a frame whose longest caption is `characters` long stays, in milliseconds: a
  /// key's time, or as many as it takes to read the caption at `charactersPerKey`
  /// (``UIStrings/demoCaptionCharactersPerKey``).
  public func holdMs(captionCharacters characters: Int, charactersPerKey: Int) -> Int {
    let key = 1000 / keysPerSecond
    let keys = max(1, Double(characters) / Double(max(1, charactersPerKey)))
    return Int((key * keys).rounded())
  }
}

extension DemoScript {
  /// How long the frame at `tick` stays at `playback`'s pace: long enough to read its
  /// longest caption.
  package func holdMs(at tick: Int, playback: DemoPlayback, strings: UIStrings) -> Int {
    let moment = moment(at: tick)
    // Counted as shown (● for the dot strokes), as the page counts them.
    let longest =
      tracks.indices.map {
        DemoRenderer.displayed(caption(of: $0, at: moment, strings: strings).text).count
      }.max() ?? 0
    return playback.holdMs(
      captionCharacters: longest, charactersPerKey: strings.demoCaptionCharactersPerKey)
  }
}

/// The interactive demo: plays at a speed, Space pauses, → and ← step, ↓ and ↑ go a syllable
/// on or back, + and - change speed, Esc, `q` or Ctrl-D end it, Ctrl-C cancels it (exit
/// status 130).
///
/// Time arrives as ``Instant`` values, so tests drive it without a clock.
public struct DemoController: ScreenFrontEnd {
  /// Nothing of its own comes or goes through the loop: no services.
  package typealias OwnEvent = Never
  package typealias OwnEffect = Never

  package let script: DemoScript
  public let strings: UIStrings
  /// The colours the run loop draws in; the pressed key is lit to stand out in them.
  package let theme: Theme
  package let playsOnce: Bool
  package let pausesEachSyllable: Bool
  /// Ticks shown: presses of the slower track (see ``DemoScript``).
  package private(set) var tick = 0
  package private(set) var keysPerSecond: Double
  private(set) var isPaused = false
  private var nextStepAt: Instant?

  /// What the status line offers.
  package enum Phase: Sendable, Hashable {
    case playing
    /// `--step`, paused at the end of a syllable.
    case syllableTyped
    /// `--once`, at the end.
    case finished
  }

  /// The speeds + and - step through, in keys per second; `--speed` may start between two.
  package static let speeds: [Double] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20]
  /// How long the last frame stays before the demo plays again from the start.
  static let endPauseMs: UInt64 = 3000

  /// - Parameter playback: The speed (kept within 0.25…20) and how to play.
  public init(
    script: DemoScript, playback: DemoPlayback, strings: UIStrings, theme: Theme = .light
  ) {
    self.script = script
    keysPerSecond = min(
      Self.speeds[Self.speeds.count - 1], max(Self.speeds[0], playback.keysPerSecond))
    playsOnce = playback.playsOnce
    pausesEachSyllable = playback.pausesEachSyllable
    self.strings = strings
    self.theme = theme
  }

  private var total: Int { script.tickCount }

  /// How long the frame now shown stays.
  private var hold: UInt64 {
    UInt64(
      script.holdMs(
        at: tick, playback: DemoPlayback(keysPerSecond: keysPerSecond), strings: strings))
  }

  package var phase: Phase {
    if playsOnce, tick == total { return .finished }
    if pausesEachSyllable, isPaused, tick > 0, script.moment(at: tick).endsSegment {
      return .syllableTyped
    }
    return .playing
  }

  /// A speed as the status line shows it: `2`, `0.25`, `1.5`.
  public static func speedText(_ keysPerSecond: Double) -> String {
    let hundredths = Int((keysPerSecond * 100).rounded())
    var text = String(hundredths / 100)
    var fraction = String(hundredths % 100)
    if fraction != "0" {
      if fraction.count == 1 { fraction = "0" + fraction }
      while fraction.last == "0" { fraction.removeLast() }
      text += "." + fraction
    }
    return text
  }
}

extension DemoController {
  package mutating func start(at time: Instant) -> [Effect] {
    nextStepAt = isPaused ? nil : time + .milliseconds(hold)
    return []
  }

  package func routing(rows: Int, columns: Int) -> InputRouting { .plainKeys }

  package mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    switch event {
    case .key(let key): return handle(key, at: time)
    case .pad, .command, .mouse, .paste, .resized:
      return []  // the demo plays by itself; only its keys steer it
    }
  }

  package mutating func advance(to time: Instant, rows: Int, columns: Int) -> [Effect] {
    guard let due = nextStepAt, due <= time else { return [] }
    if tick < total {
      tick += 1
      if tick == total {
        // --once stops here and says what to do next; otherwise the demo loops after a pause.
        nextStepAt = playsOnce ? nil : time + .milliseconds(max(Self.endPauseMs, hold))
      } else if pausesEachSyllable, script.moment(at: tick).endsSegment {
        pause()
      } else {
        nextStepAt = time + .milliseconds(hold)
      }
    } else {
      tick = 0
      nextStepAt = time + .milliseconds(hold)
    }
    return []
  }

  private mutating func handle(_ event: TerminalKeyEvent, at time: Instant) -> [Effect] {
    if event.modifiers.contains(.control) {
      switch event.key {
      case .character("c"): return [.cancel]
      case .character("d"): return [.finish("")]
      case .character("z"): return [.suspend]
      default: return []
      }
    }
    // Alt plus a key is not one of the demo's keys: Esc pressed just before `q` arrives as Alt-q.
    if event.modifiers.contains(.alt) { return [] }
    switch event.key {
    case .escape, .character("q"):
      return [.finish("")]
    case .character(" "), .enter, .numpad(.digit(5)), .numpad(.begin), .numpad(.enter):
      if phase == .finished {
        tick = 0  // --once: play it again from the start
        isPaused = false
      } else {
        isPaused.toggle()
      }
      nextStepAt = isPaused ? nil : time + .milliseconds(hold)
    case .right, .numpad(.digit(6)), .numpad(.right):
      pause()
      tick = min(total, tick + 1)
    case .left, .numpad(.digit(4)), .numpad(.left):
      pause()
      tick = max(0, tick - 1)
    case .down, .pageDown, .numpad(.digit(2)), .numpad(.down), .numpad(.pageDown):
      pause()
      tick = script.segmentEnds.first { $0 > tick } ?? total
    case .up, .pageUp, .numpad(.digit(8)), .numpad(.up), .numpad(.pageUp):
      pause()
      tick = script.segmentEnds.last { $0 < tick } ?? 0
    case .character("+"), .character("="), .numpad(.add):
      setSpeed(Self.speeds.first { $0 > keysPerSecond } ?? keysPerSecond, at: time)
    case .character("-"), .numpad(.subtract):
      setSpeed(Self.speeds.last { $0 < keysPerSecond } ?? keysPerSecond, at: time)
    case .home:
      tick = 0
    case .end:
      tick = total
    case .character, .tab, .backspace, .insert, .delete, .function, .numpad, .otherFunctional:
      return []
    }
    return []
  }

  private mutating func pause() {
    isPaused = true
    nextStepAt = nil
  }

  /// Changes the speed; a slow wait already under way is cut to the new pace.
  private mutating func setSpeed(_ speed: Double, at time: Instant) {
    keysPerSecond = speed
    if let due = nextStepAt, tick < total {
      nextStepAt = min(due, time + .milliseconds(hold))
    }
  }

  package func nextDeadline(now: Instant) -> Instant? {
    nextStepAt
  }

  /// Draws the frame that fits the window best and the status line on its last row.
  ///
  /// The keys grow with the window (the biggest that fit, side by side before stacked); a
  /// window too small for all of them shows the narrowest, cut at the edges.
  package func render(
    rows: Int, columns: Int, at time: Instant, input: InputState, cache: NoFrameCache
  ) -> Screen {
    draw(rows: rows, columns: columns, width: DisplayWidth.of)
  }

  package func draw(rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int)
    -> Screen
  {
    let line = DemoController.status(
      keysPerSecond: keysPerSecond, isPaused: isPaused, phase: phase, strings: strings,
      columns: columns, measure: TextMeasure(width: width))
    let plan = DemoRenderer.bestPlan(
      script, strings: strings, rows: rows - 1, columns: columns,
      measure: TextMeasure(width: width))
    return Self.screen(
      script, at: tick, plan: plan, strings: strings, theme: theme, rows: rows, columns: columns,
      width: width, status: line)
  }

  /// A whole window of the demo after `tick` ticks: the frame `plan` lays out, in the middle
  /// of the window, and `status` on the last row (its keys on the left, its state on the
  /// right).
  ///
  /// The terminal draws its keys there; a recording its title and speed.
  package static func screen(
    _ script: DemoScript, at tick: Int, plan: DemoRenderer.Plan, strings: UIStrings,
    theme: Theme, rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int,
    status: (keys: String, state: String)
  ) -> Screen {
    var screen = Screen(
      rows: rows, columns: columns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    guard screen.rows > 0, screen.columns > 0 else { return screen }
    let frame = DemoRenderer.frame(
      script, at: tick, plan: plan, strings: strings, marksPressedKey: false, theme: theme,
      width: width)
    // In the middle of a big window, not in its corner.
    screen.blit(
      frame, row: max(0, (screen.rows - 1 - frame.rows) / 2),
      column: max(0, (screen.columns - frame.columns) / 2))
    if frame.rows > screen.rows - 1 || frame.columns > screen.columns, screen.rows >= 2 {
      // Cut off: say what window shows it all, on the row above the status line.
      let needed = smallestFrame(script, strings: strings, width: width)
      screen.fill(row: screen.rows - 2, column: 0, height: 1, width: screen.columns, style: .normal)
      screen.draw(
        " " + strings.demoNeeds(columns: needed.columns, rows: needed.rows + 1),
        row: screen.rows - 2, column: 0, style: .warning, attributes: .bold)
    }
    let row = screen.rows - 1
    screen.fill(row: row, column: 0, height: 1, width: screen.columns, style: .status)
    screen.draw(" " + status.keys, row: row, column: 0, style: .status)
    if !status.state.isEmpty {
      let stateWidth = TextMeasure(width: width)(status.state)
      screen.draw(status.state, row: row, column: screen.columns - 1 - stateWidth, style: .status)
    }
    return screen
  }

  /// The smallest plans that show everything: compact keys, in each arrangement.
  static func completePlans(
    _ script: DemoScript, strings: UIStrings, width: @escaping @Sendable (Character) -> Int
  ) -> [DemoRenderer.Plan] {
    DemoRenderer.plans(
      script, keys: [.named(.compact)], strings: strings, columns: nil,
      measure: TextMeasure(width: width))
  }

  /// The size of the smallest complete frame (compact keys, the arrangement with less area).
  static func smallestFrame(
    _ script: DemoScript, strings: UIStrings, width: @escaping @Sendable (Character) -> Int
  ) -> (columns: Int, rows: Int) {
    let best = completePlans(script, strings: strings, width: width)
      .min { $0.columns * $0.rows < $1.columns * $1.rows }
    return (best?.columns ?? 0, best?.rows ?? 0)
  }

  /// The status line for a window `columns` wide: the keys on the left, the speed on the
  /// right.
  ///
  /// Keys that do not fit are left out whole, the least needed first (+ -, then ← →, then
  /// Space); Esc stays longest, then the speed goes, so the line is never cut inside a word
  /// until even `Esc quit` does not fit.
  package static func status(
    keysPerSecond: Double, isPaused: Bool, phase: Phase = .playing, strings: UIStrings,
    columns: Int, measure: TextMeasure
  ) -> (keys: String, state: String) {
    let step = strings.demoStepKeys
    let speed = strings.demoSpeedKeys
    let quit = strings.demoQuitKey
    var state = strings.demoSpeed(speedText(keysPerSecond))
    if isPaused { state += strings.demoPaused }
    let first: String
    switch phase {
    case .playing: first = strings.demoPauseKey
    case .syllableTyped: first = strings.demoNextSyllableKey
    case .finished:
      first = strings.demoReplayKey
      state = strings.demoFinished
    }
    let choices = [[first, step, speed, quit], [first, step, quit], [first, quit], [quit]]
    for keys in choices {
      let text = keys.joined(separator: " · ")
      // A space at each end and at least two between the parts.
      if 1 + measure(text) + 2 + measure(state) + 1 <= columns { return (text, state) }
    }
    return (quit, "")
  }

}
