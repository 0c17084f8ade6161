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
    public var engine: InputMethod
  }

  public let title: String
  public let start: InputMethod
  public let steps: [Step]

  /// Spells `text` with the shortest sequence and records every state on the way.
  ///
  /// - Throws: ``SpellError`` for a character the layouts cannot type.
  public init(text: String, layouts: [Layout], title: String) throws(SpellError) {
    self.title = title
    let presses = try Speller(layouts: layouts).spell(text)
    var engine = InputMethod(layouts: layouts)
    start = engine
    var steps: [Step] = []
    for press in presses {
      _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
      steps.append(Step(layout: press.layout, key: press.key, isHold: press.isHold, engine: engine))
    }
    self.steps = steps
  }

  /// The engine after `count` presses (0: before any).
  public func engine(after count: Int) -> InputMethod {
    count <= 0 ? start : steps[min(count, steps.count) - 1].engine
  }
}

/// Draws demo frames: one pad per track side by side, the pressed key lit, the text so far
/// and a key counter above it.
public enum DemoRenderer {
  /// The frame after `count` presses of every track.
  ///
  /// - Parameter marksPressedKey: Write `[` `]` around the pressed key, for plain-text frames
  ///   where colour does not show.
  public static func frame(
    _ tracks: [DemoTrack], after count: Int, size: KeySize, strings: UIStrings, marksPressedKey: Bool,
    width: @escaping @Sendable (Character) -> Int, status: String? = nil
  ) -> Screen {
    let korean = strings.language == .korean
    let pads = tracks.map { track in PadGeometry(layout: track.engine(after: count).layout, size: size) }
    let padWidth = pads.map(\.width).max() ?? 0
    let columnWidth = max(padWidth, 24)
    let gap = 4
    let columns = tracks.count * columnWidth + (tracks.count - 1) * gap + 2
    let padHeight = pads.map(\.height).max() ?? 0
    let rows = 4 + padHeight + (status == nil ? 0 : 2)
    var screen = Screen(rows: rows, columns: columns, width: width)
    for (index, track) in tracks.enumerated() {
      let left = 1 + index * (columnWidth + gap)
      let engine = track.engine(after: count)
      let shown = min(count, track.steps.count)
      let step = shown > 0 && shown == count ? track.steps[shown - 1] : nil
      let counter = korean ? "\(track.title) · \(shown)/\(track.steps.count)타" : "\(track.title) · \(shown)/\(track.steps.count) keys"
      screen.draw(counter, row: 0, column: left, style: .title, attributes: .bold, limit: left + columnWidth)
      var textEnd = screen.draw(engine.committed, row: 1, column: left, style: .text, limit: left + columnWidth)
      textEnd = screen.draw(engine.preedit, row: 1, column: textEnd, style: .composing, attributes: .underline, limit: left + columnWidth)
      screen.draw(" ", row: 1, column: textEnd, style: .cursor, limit: left + columnWidth)
      if let step {
        let label = track.start.layouts[step.layout].keys[step.key].label
        let pressed = step.isHold ? (korean ? "\(label) 길게" : "hold \(label)") : label
        screen.draw("▶ " + pressed, row: 2, column: left, style: .keyCue, attributes: .bold, limit: left + columnWidth)
      }
      var decorations: [Int: KeyDecoration] = [:]
      // The key is lit on the layout it belongs to, shown as it was when pressed.
      let padLayout = step.map { track.start.layouts[$0.layout] } ?? engine.layout
      let geometry = PadGeometry(layout: padLayout, size: size)
      if let step { decorations[step.key, default: KeyDecoration()].isPressed = true }
      PadRenderer.draw(padLayout, geometry: geometry, decorations: decorations, into: &screen, origin: (4, left), bold: false)
      if marksPressedKey, let step, let rect = geometry.rects.first(where: { $0.key == step.key }) {
        let row = 4 + rect.row + rect.height / 2
        screen[row, left + rect.column] = Cell(character: "[", style: .keyPressed)
        screen[row, left + rect.column + rect.width - 1] = Cell(character: "]", style: .keyPressed)
      }
    }
    if let status { screen.draw(" " + status, row: rows - 1, column: 0, style: .status) }
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
}

/// The interactive demo: plays at a speed, Space pauses, → and ← step, + and - change speed.
public struct DemoController {
  let tracks: [DemoTrack]
  let strings: UIStrings
  let size: KeySize
  private(set) var count = 0
  private var keysPerSecond: Double
  private var paused = false
  private var nextStepAt: Instant?
  private var decoder = ByteDecoder()

  public init(tracks: [DemoTrack], keysPerSecond: Double, strings: UIStrings, size: KeySize) {
    self.tracks = tracks
    self.keysPerSecond = keysPerSecond
    self.strings = strings
    self.size = size
  }

  private var total: Int { tracks.map(\.steps.count).max() ?? 0 }
  private var interval: UInt64 { UInt64(1000 / max(0.2, keysPerSecond)) }
}

extension DemoController: ScreenController {
  mutating func start(at time: Instant) -> [KeypadEffect] {
    nextStepAt = time.adding(milliseconds: interval)
    return [.redraw]
  }

  mutating func feed(_ bytes: some Sequence<UInt8>, at time: Instant) -> [KeypadEffect] {
    var effects: [KeypadEffect] = []
    for event in decoder.feed(bytes, at: time) {
      guard case .key(let key) = event, key.kind != .release else { continue }
      effects += handle(key, at: time)
    }
    return effects
  }

  private mutating func handle(_ event: TerminalKeyEvent, at time: Instant) -> [KeypadEffect] {
    if event.modifiers.contains(.control), event.key == .character("c") { return [.cancel] }
    switch event.key {
    case .escape, .character("q"):
      return [.dismiss("")]
    case .character(" "), .numpad(.digit(5)), .enter, .numpad(.enter):
      paused.toggle()
      nextStepAt = paused ? nil : time.adding(milliseconds: interval)
    case .right, .numpad(.digit(6)), .numpad(.right):
      paused = true
      nextStepAt = nil
      count = min(total, count + 1)
    case .left, .numpad(.digit(4)), .numpad(.left):
      paused = true
      nextStepAt = nil
      count = max(0, count - 1)
    case .character("+"), .numpad(.add):
      keysPerSecond = min(20, keysPerSecond * 1.5)
    case .character("-"), .numpad(.subtract):
      keysPerSecond = max(0.25, keysPerSecond / 1.5)
    case .home:
      count = 0
    case .character, .tab, .backspace, .up, .down, .end, .pageUp, .pageDown, .insert, .delete,
      .function, .numpad, .otherFunctional:
      break
    }
    return [.redraw]
  }

  mutating func advance(to time: Instant) -> [KeypadEffect] {
    for event in decoder.flush(at: time) {
      if case .key(let key) = event { _ = handle(key, at: time) }
    }
    guard let due = nextStepAt, due <= time else { return [] }
    if count < total {
      count += 1
      nextStepAt = time.adding(milliseconds: count < total ? interval : 3000)
    } else {
      count = 0  // loop the demo after a pause at the end
      nextStepAt = time.adding(milliseconds: interval)
    }
    return [.redraw]
  }

  func nextDeadline(now: Instant) -> Instant? {
    [nextStepAt, decoder.nextDeadline].compactMap { $0 }.min()
  }

  mutating func draw(rows: Int, columns: Int, at time: Instant, width: @escaping @Sendable (Character) -> Int) -> Screen {
    let korean = strings.language == .korean
    let help = korean
      ? "Space 멈춤/재생 · ← → 한 타씩 · + - 빠르기 · Esc 끝"
      : "Space pause/play · ← → step · + - speed · Esc quit"
    let speed = String(Double(Int(keysPerSecond * 10)) / 10)
    let status = "\(help) · \(speed)\(korean ? "타/초" : " keys/s")\(paused ? (korean ? " · 멈춤" : " · paused") : "")"
    let frame = DemoRenderer.frame(tracks, after: count, size: size, strings: strings, marksPressedKey: false, width: width, status: status)
    var screen = Screen(rows: rows, columns: columns, width: width)
    for row in 0..<min(rows, frame.rows) {
      for column in 0..<min(columns, frame.columns) { screen[row, column] = frame[row, column] }
    }
    return screen
  }

  mutating func show(_ message: String, at time: Instant) {}
  mutating func setSuggestions(_ data: SuggestionData) {}
  mutating func updateSuggestions() -> Bool { false }
  var draftText: String { "" }
}

/// Runs the interactive demo on the terminal.
public enum DemoApp {
  public static func run(_ controller: DemoController, options: KeypadRunOptions) -> Int32 {
    ScreenRunner.runStandalone(controller, options: options)
  }
}
