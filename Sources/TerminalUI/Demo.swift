import Foundation
import HangulEngine
import Suggestions
import TerminalInput

/// A key sequence played on a layout set: the engine after every press, for `cheonjiin demo`.
public struct DemoTrack: Sendable {
  public struct Step: Sendable {
    /// The layout the key belongs to and the key.
    public var layout: Int
    public var key: Int
    public var isHold: Bool
    /// The engine after the press.
    public var engine: Typist
  }

  public let title: String
  public let start: Typist
  public let steps: [Step]

  /// Spells `text` with the shortest sequence and records every state on the way.
  ///
  /// - Throws: ``SpellError`` for a character the layouts cannot type.
  public init(text: String, layouts: [Layout], title: String) throws(SpellError) {
    self.title = title
    let presses = try Speller(layouts: layouts).spell(text)
    var engine = Typist(layouts: layouts)
    start = engine
    var steps: [Step] = []
    for press in presses {
      _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
      steps.append(Step(layout: press.layout, key: press.key, isHold: press.isHold, engine: engine))
    }
    self.steps = steps
  }

  /// The engine after `count` presses (0: before any).
  public func engine(after count: Int) -> Typist {
    count <= 0 ? start : steps[min(count, steps.count) - 1].engine
  }
}

/// Draws demo frames: one pad per track, the pressed key lit, the text so far and a key
/// counter above it.
public enum DemoRenderer {
  /// How the pads of several tracks are placed.
  public enum Arrangement: Sendable, Hashable {
    /// Side by side, for comparing (`--compare`).
    case sideBySide
    /// One under the other, for windows too narrow for side by side.
    case stacked
  }

  /// Rows above each pad: the counter, the text, the pressed key and a blank.
  static let headerRows = 4
  /// Columns between two pads side by side.
  static let gap = 4

  /// The frame after `count` presses of every track.
  ///
  /// Every column is as wide as its widest line can get (the pad, or the counter at its last
  /// press), measured in terminal cells, so the counter is never cut.
  ///
  /// - Parameter marksPressedKey: Write `[` `]` around the pressed key, for plain-text frames
  ///   where colour does not show.
  public static func frame(
    _ tracks: [DemoTrack], after count: Int, size: KeySize, strings: UIStrings, marksPressedKey: Bool,
    width: @escaping @Sendable (Character) -> Int, arrangement: Arrangement = .sideBySide
  ) -> Screen {
    let korean = strings.language == .korean
    let measure = TextMeasure(width: width)
    let columnWidth = self.columnWidth(tracks, size: size, korean: korean, width: width)
    let blockHeights = tracks.map { headerRows + padHeight($0, size: size) }
    // Where each track's block starts; stacked blocks have a blank row between them.
    var tops: [Int] = []
    let rows: Int
    let columns: Int
    switch arrangement {
    case .sideBySide:
      tops = tracks.map { _ in 0 }
      rows = blockHeights.reduce(0, max)
      columns = tracks.count * columnWidth + max(0, tracks.count - 1) * gap + 2
    case .stacked:
      var top = 0
      for height in blockHeights {
        tops.append(top)
        top += height + 1
      }
      rows = max(0, top - 1)
      columns = columnWidth + 2
    }
    var screen = Screen(rows: rows, columns: columns, width: width)
    for (index, track) in tracks.enumerated() {
      let top = tops[index]
      let left = arrangement == .sideBySide ? 1 + index * (columnWidth + gap) : 1
      let limit = left + columnWidth
      let engine = track.engine(after: count)
      let shown = min(count, track.steps.count)
      let step = shown > 0 && shown == count ? track.steps[shown - 1] : nil
      screen.draw(
        header(track, shown: shown, korean: korean),
        row: top, column: left, style: .title, attributes: .bold, limit: limit)
      drawText(engine, into: &screen, row: top + 1, column: left, width: columnWidth, measure: measure)
      if let step {
        let label = track.start.layouts[step.layout].keys[step.key].label
        let pressed = step.isHold ? (korean ? "\(label) 길게" : "hold \(label)") : label
        screen.draw("▶ " + pressed, row: top + 2, column: left, style: .keyCue, attributes: .bold, limit: limit)
      }
      var decorations: [Int: KeyDecoration] = [:]
      // The key is lit on the layout it belongs to, shown as it was when pressed.
      let padLayout = step.map { track.start.layouts[$0.layout] } ?? engine.layout
      let geometry = PadGeometry(layout: padLayout, size: size)
      if let step { decorations[step.key, default: KeyDecoration()].isPressed = true }
      let padTop = top + headerRows
      PadRenderer.draw(padLayout, geometry: geometry, decorations: decorations, into: &screen, origin: (padTop, left), bold: false)
      if marksPressedKey, let step, let rect = geometry.rects.first(where: { $0.key == step.key }) {
        let row = padTop + rect.row + rect.height / 2
        screen[row, left + rect.column] = Cell(character: "[", style: .keyPressed)
        screen[row, left + rect.column + rect.width - 1] = Cell(character: "]", style: .keyPressed)
      }
    }
    return screen
  }

  /// Every frame as plain text (`--frames`), separated by blank lines.
  public static func textFrames(_ tracks: [DemoTrack], size: KeySize, strings: UIStrings, width: @escaping @Sendable (Character) -> Int) -> String {
    let total = tracks.map(\.steps.count).max() ?? 0
    var frames: [String] = []
    for count in 0...total {
      frames.append(frame(tracks, after: count, size: size, strings: strings, marksPressedKey: true, width: width).textDump)
    }
    return frames.joined(separator: "\n\n") + "\n"
  }

  // MARK: - Parts

  /// The presses so far out of all: `3/15 keys`, `3/15타`.
  static func counter(_ shown: Int, of total: Int, korean: Bool) -> String {
    korean ? "\(shown)/\(total)타" : "\(shown)/\(total) keys"
  }

  /// The line above a pad: the layout's name and the counter.
  static func header(_ track: DemoTrack, shown: Int, korean: Bool) -> String {
    "\(track.title) · \(counter(shown, of: track.steps.count, korean: korean))"
  }

  /// The width of one track's column: the widest pad, the widest full header, at least 24.
  static func columnWidth(_ tracks: [DemoTrack], size: KeySize, korean: Bool, width: @escaping @Sendable (Character) -> Int) -> Int {
    let measure = TextMeasure(width: width)
    var widest = 24
    for track in tracks {
      let padWidth = PadGeometry(layout: track.start.layout, size: size).width
      let widestPad = track.start.layouts.map { PadGeometry(layout: $0, size: size).width }.reduce(padWidth, max)
      widest = max(widest, widestPad, measure(header(track, shown: track.steps.count, korean: korean)))
    }
    return widest
  }

  /// The tallest pad a track can show (it may switch layouts on the way).
  static func padHeight(_ track: DemoTrack, size: KeySize) -> Int {
    track.start.layouts.map { PadGeometry(layout: $0, size: size).height }.reduce(0, max)
  }

  /// Draws the text so far and the cursor; a text too long for the column keeps its end in
  /// view behind a `…`, so every new letter shows.
  private static func drawText(_ engine: Typist, into screen: inout Screen, row: Int, column: Int, width: Int, measure: TextMeasure) {
    var committed = Substring(engine.buffer.text)
    var preedit = Substring(engine.preedit)
    let cursorWidth = 1
    var lead = ""
    if measure(committed) + measure(preedit) + cursorWidth > width {
      lead = "…"
      while !committed.isEmpty, measure(lead) + measure(committed) + measure(preedit) + cursorWidth > width {
        committed.removeFirst()
      }
      while !preedit.isEmpty, measure(lead) + measure(preedit) + cursorWidth > width {
        preedit.removeFirst()
      }
    }
    let limit = column + width
    var end = screen.draw(lead, row: row, column: column, style: .text, limit: limit)
    end = screen.draw(committed, row: row, column: end, style: .text, limit: limit)
    end = screen.draw(preedit, row: row, column: end, style: .composing, attributes: .underline, limit: limit)
    screen.draw(" ", row: row, column: end, style: .cursor, limit: limit)
  }
}

/// Display width in terminal cells (Hangul is 2), never a count of characters.
struct TextMeasure {
  let width: @Sendable (Character) -> Int

  func callAsFunction(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + max(0, width($1)) }
  }
}

/// The interactive demo: plays at a speed, Space pauses, → and ← step, + and - change speed,
/// Esc, `q` or Ctrl-D end it, Ctrl-C cancels it (exit status 130).
///
/// Time arrives as ``Instant`` values, so tests drive it without a clock.
public struct DemoController {
  let tracks: [DemoTrack]
  let strings: UIStrings
  let size: KeySize
  private(set) var count = 0
  private(set) var keysPerSecond: Double
  private(set) var isPaused = false
  private var nextStepAt: Instant?
  private var decoder = ByteDecoder()

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

extension DemoController: ScreenController {
  mutating func start(at time: Instant) -> [KeypadEffect] {
    // Also called after Ctrl-Z and `fg`: a paused demo stays paused.
    nextStepAt = isPaused ? nil : time.adding(milliseconds: interval)
    return [.redraw]
  }

  mutating func feed(_ bytes: some Sequence<UInt8>, at time: Instant) -> [KeypadEffect] {
    handle(decoder.feed(bytes, at: time), at: time)
  }

  mutating func advance(to time: Instant) -> [KeypadEffect] {
    // A lone Esc becomes a key only here, when the decoder's timeout has passed.
    var effects = handle(decoder.flush(at: time), at: time)
    guard let due = nextStepAt, due <= time else { return effects }
    if count < total {
      count += 1
      nextStepAt = time.adding(milliseconds: count < total ? interval : Self.endPauseMs)
    } else {
      count = 0  // loop the demo after a pause at the end
      nextStepAt = time.adding(milliseconds: interval)
    }
    effects.append(.redraw)
    return effects
  }

  private mutating func handle(_ events: [TerminalEvent], at time: Instant) -> [KeypadEffect] {
    var effects: [KeypadEffect] = []
    for event in events {
      guard case .key(let key) = event, key.kind != .release else { continue }
      effects += handle(key, at: time)
    }
    return effects
  }

  private mutating func handle(_ event: TerminalKeyEvent, at time: Instant) -> [KeypadEffect] {
    if event.modifiers.contains(.control) {
      switch event.key {
      case .character("c"): return [.cancel]
      case .character("d"): return [.dismiss("")]
      case .character("z"): return [.suspend]
      default: return []
      }
    }
    // Alt plus a key is not one of the demo's keys: Esc pressed just before `q` arrives as Alt-q.
    if event.modifiers.contains(.alt) { return [] }
    switch event.key {
    case .escape, .character("q"):
      return [.dismiss("")]
    case .character(" "), .enter, .numpad(.digit(5)), .numpad(.begin), .numpad(.enter):
      isPaused.toggle()
      nextStepAt = isPaused ? nil : time.adding(milliseconds: interval)
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
    return [.redraw]
  }

  private mutating func pause() {
    isPaused = true
    nextStepAt = nil
  }

  /// Changes the speed; a slow wait already under way is cut to the new interval.
  private mutating func setSpeed(_ speed: Double, at time: Instant) {
    keysPerSecond = speed
    if let due = nextStepAt, count < total {
      nextStepAt = min(due, time.adding(milliseconds: interval))
    }
  }

  func nextDeadline(now: Instant) -> Instant? {
    [nextStepAt, decoder.nextDeadline].compactMap { $0 }.min()
  }

  /// Draws the frame that fits the window best and the status line on its last row.
  ///
  /// Tries the chosen key size side by side, then stacked, then compact keys; a window too
  /// small for all of them shows the narrowest, cut at the edges.
  mutating func draw(rows: Int, columns: Int, at time: Instant, width: @escaping @Sendable (Character) -> Int) -> Screen {
    var screen = Screen(rows: rows, columns: columns, width: width)
    guard rows > 0, columns > 0 else { return screen }
    let frame = bestFrame(rows: rows - 1, columns: columns, width: width)
    for row in 0..<min(rows - 1, frame.rows) {
      for column in 0..<min(columns, frame.columns) {
        let cell = frame[row, column]
        // Half a wide character at the right edge would spill onto the next line.
        if let character = cell.character, column + width(character) > columns {
          screen[row, column] = Cell(character: " ", style: cell.style)
        } else {
          screen[row, column] = cell
        }
      }
    }
    drawStatus(into: &screen, row: rows - 1, width: width)
    return screen
  }

  private func bestFrame(rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int) -> Screen {
    var layouts: [(KeySize, DemoRenderer.Arrangement)] = [(size, .sideBySide)]
    if tracks.count > 1 { layouts.append((size, .stacked)) }
    if size != .compact {
      layouts.append((.compact, .sideBySide))
      if tracks.count > 1 { layouts.append((.compact, .stacked)) }
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

  private func drawStatus(into screen: inout Screen, row: Int, width: @escaping @Sendable (Character) -> Int) {
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
    let korean = strings.language == .korean
    let pause = korean ? "Space 멈춤/재생" : "Space pause/play"
    let step = korean ? "← → 한 타씩" : "← → step"
    let speed = korean ? "+ - 빠르기" : "+ - speed"
    let quit = korean ? "Esc 끝" : "Esc quit"
    var state = speedText(keysPerSecond) + (korean ? "타/초" : " keys/s")
    if isPaused { state += korean ? " · 멈춤" : " · paused" }
    let choices = [[pause, step, speed, quit], [pause, step, quit], [pause, quit], [quit]]
    for keys in choices {
      let text = keys.joined(separator: " · ")
      // A space at each end and at least two between the parts.
      if 1 + measure(text) + 2 + measure(state) + 1 <= columns { return (text, state) }
    }
    return (quit, "")
  }

  mutating func show(_ message: String, at time: Instant) {}
  mutating func setSuggestions(_ data: SuggestionData) {}
  mutating func updateSuggestions() -> Bool { false }
  var draftText: String { "" }
}

/// Runs the interactive demo on the terminal.
public enum DemoApp {
  /// Plays until Esc, `q` or Ctrl-D (0), or Ctrl-C (130).
  ///
  /// - Returns: The exit status: also 128 + a signal, or 1 if the terminal could not be used
  ///   (the message is printed).
  public static func run(_ controller: DemoController, options: KeypadRunOptions) -> Int32 {
    ScreenRunner.runStandalone(controller, options: options)
  }
}
