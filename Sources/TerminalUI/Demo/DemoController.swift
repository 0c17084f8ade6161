import HangulEngine
import TerminalInput

/// The interactive demo: plays at a speed, Space pauses, → and ← step, + and - change speed,
/// Esc, `q` or Ctrl-D end it, Ctrl-C cancels it (exit status 130).
///
/// Time arrives as ``Instant`` values, so tests drive it without a clock.
public struct DemoController: ScreenFrontEnd {
  let tracks: [DemoTrack]
  public let strings: UIStrings
  let size: KeySize
  private(set) var count = 0
  private(set) var keysPerSecond: Double
  private(set) var isPaused = false
  private var nextStepAt: Instant?

  /// The speeds + and - step through, in keys per second; `--speed` may start between two.
  static let speeds: [Double] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20]
  /// How long the last frame stays before the demo plays again from the start.
  static let endPauseMs: UInt64 = 3000

  /// - Parameter keysPerSecond: The speed, kept within 0.25…20.
  public init(tracks: [DemoTrack], keysPerSecond: Double, strings: UIStrings, size: KeySize) {
    self.tracks = tracks
    self.keysPerSecond = min(Self.speeds[Self.speeds.count - 1], max(Self.speeds[0], keysPerSecond))
    self.strings = strings
    self.size = size
  }

  private var total: Int { tracks.map(\.steps.count).max() ?? 0 }
  private var interval: UInt64 { UInt64((1000 / keysPerSecond).rounded()) }

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
  mutating func start(at time: Instant) -> [ScreenEffect] {
    nextStepAt = isPaused ? nil : time + .milliseconds(interval)
    return []
  }

  func routing(rows: Int, columns: Int) -> InputRouting { .plainKeys }

  mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [ScreenEffect]
  {
    switch event {
    case .key(let key): return handle(key, at: time)
    case .pad, .command, .suggestionClicked, .mouse, .paste, .suggestionsLoaded, .notice,
      .childOutput, .childEnded, .resized:
      return []  // the demo plays by itself; only its keys steer it
    }
  }

  mutating func advance(to time: Instant, rows: Int, columns: Int) -> [ScreenEffect] {
    guard let due = nextStepAt, due <= time else { return [] }
    if count < total {
      count += 1
      nextStepAt = time + .milliseconds(count < total ? interval : Self.endPauseMs)
    } else {
      count = 0  // loop the demo after a pause at the end
      nextStepAt = time + .milliseconds(interval)
    }
    return []
  }

  private mutating func handle(_ event: TerminalKeyEvent, at time: Instant) -> [ScreenEffect] {
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
      isPaused.toggle()
      nextStepAt = isPaused ? nil : time + .milliseconds(interval)
    case .right, .numpad(.digit(6)), .numpad(.right):
      pause()
      count = min(total, count + 1)
    case .left, .numpad(.digit(4)), .numpad(.left):
      pause()
      count = max(0, count - 1)
    case .character("+"), .character("="), .numpad(.add):
      setSpeed(Self.speeds.first { $0 > keysPerSecond } ?? keysPerSecond, at: time)
    case .character("-"), .numpad(.subtract):
      setSpeed(Self.speeds.last { $0 < keysPerSecond } ?? keysPerSecond, at: time)
    case .home:
      count = 0
    case .end:
      count = total
    case .character, .tab, .backspace, .up, .down, .pageUp, .pageDown, .insert, .delete,
      .function, .numpad, .otherFunctional:
      return []
    }
    return []
  }

  private mutating func pause() {
    isPaused = true
    nextStepAt = nil
  }

  /// Changes the speed; a slow wait already under way is cut to the new interval.
  private mutating func setSpeed(_ speed: Double, at time: Instant) {
    keysPerSecond = speed
    if let due = nextStepAt, count < total {
      nextStepAt = min(due, time + .milliseconds(interval))
    }
  }

  func nextDeadline(now: Instant) -> Instant? {
    nextStepAt
  }

  /// Draws the frame that fits the window best and the status line on its last row.
  ///
  /// Tries the chosen key size side by side, then stacked, then compact keys; a window too
  /// small for all of them shows the narrowest, cut at the edges.
  func render(rows: Int, columns: Int, at time: Instant, input: InputState) -> Screen {
    draw(rows: rows, columns: columns, width: DisplayWidth.of)
  }

  func draw(rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int) -> Screen {
    var screen = Screen(
      rows: rows, columns: columns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    guard screen.rows > 0, screen.columns > 0 else { return screen }
    let frame = bestFrame(rows: screen.rows - 1, columns: screen.columns, width: width)
    screen.paste(frame, row: 0, column: 0)
    if frame.rows > screen.rows - 1 || frame.columns > screen.columns, screen.rows >= 2 {
      // Cut off: say what window shows it all, on the row above the status line.
      let needed = smallestFrame(width: width)
      screen.fill(row: screen.rows - 2, column: 0, height: 1, width: screen.columns, style: .normal)
      screen.draw(
        " " + strings.demoNeeds(columns: needed.columns, rows: needed.rows + 1),
        row: screen.rows - 2, column: 0, style: .warning, attributes: .bold)
    }
    screen.fill(row: screen.rows - 1, column: 0, height: 1, width: screen.columns, style: .normal)
    drawStatus(into: &screen, row: screen.rows - 1, width: width)
    return screen
  }

  /// The size of the smallest complete frame (compact keys, the narrower arrangement).
  private func smallestFrame(width: @escaping @Sendable (Character) -> Int) -> (
    columns: Int, rows: Int
  ) {
    let arrangements: [DemoRenderer.Arrangement] =
      tracks.count > 1 ? [.sideBySide, .stacked] : [.sideBySide]
    let frames = arrangements.map {
      DemoRenderer.frame(
        tracks, after: count, size: .compact, strings: strings, marksPressedKey: false,
        width: width,
        arrangement: $0)
    }
    let best = frames.min { $0.columns * $0.rows < $1.columns * $1.rows }
    return (best?.columns ?? 0, best?.rows ?? 0)
  }

  private func bestFrame(rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int)
    -> Screen
  {
    // The size asked for, then each smaller one (large → normal → compact), side by side
    // before stacked: --large in a window too small for it still gets normal keys.
    let sizes: [KeySize]
    switch size {
    case .large: sizes = [.large, .normal, .compact]
    case .normal: sizes = [.normal, .compact]
    case .compact: sizes = [.compact]
    }
    var layouts: [(KeySize, DemoRenderer.Arrangement)] = []
    for size in sizes {
      layouts.append((size, .sideBySide))
      if tracks.count > 1 { layouts.append((size, .stacked)) }
    }
    let frames = layouts.map { size, arrangement in
      DemoRenderer.frame(
        tracks, after: count, size: size, strings: strings, marksPressedKey: false, width: width,
        arrangement: arrangement)
    }
    // A blank row between the frame and the status line when there is room for it.
    return frames.first { $0.columns <= columns && $0.rows + 1 <= rows }
      ?? frames.first { $0.columns <= columns && $0.rows <= rows }
      ?? frames.first { $0.columns <= columns }
      ?? frames.min { $0.columns < $1.columns }
      ?? Screen(rows: 0, columns: 0, width: width)
  }

  private func drawStatus(
    into screen: inout Screen, row: Int, width: @escaping @Sendable (Character) -> Int
  ) {
    let line = DemoController.status(
      keysPerSecond: keysPerSecond, isPaused: isPaused, strings: strings, columns: screen.columns,
      measure: TextMeasure(width: width))
    screen.fill(row: row, column: 0, height: 1, width: screen.columns, style: .status)
    screen.draw(" " + line.keys, row: row, column: 0, style: .status)
    if !line.state.isEmpty {
      let stateWidth = TextMeasure(width: width)(line.state)
      screen.draw(line.state, row: row, column: screen.columns - 1 - stateWidth, style: .status)
    }
  }

  /// The status line for a window `columns` wide: the keys on the left, the speed on the
  /// right.
  ///
  /// Keys that do not fit are left out whole, the least needed first (+ -, then ← →, then
  /// Space); Esc stays longest, then the speed goes, so the line is never cut inside a word
  /// until even `Esc quit` does not fit.
  static func status(
    keysPerSecond: Double, isPaused: Bool, strings: UIStrings, columns: Int, measure: TextMeasure
  ) -> (keys: String, state: String) {
    let pause = strings.demoPauseKey
    let step = strings.demoStepKeys
    let speed = strings.demoSpeedKeys
    let quit = strings.demoQuitKey
    var state = strings.demoSpeed(speedText(keysPerSecond))
    if isPaused { state += strings.demoPaused }
    let choices = [[pause, step, speed, quit], [pause, step, quit], [pause, quit], [quit]]
    for keys in choices {
      let text = keys.joined(separator: " · ")
      // A space at each end and at least two between the parts.
      if 1 + measure(text) + 2 + measure(state) + 1 <= columns { return (text, state) }
    }
    return (quit, "")
  }

}
