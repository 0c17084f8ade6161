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
    /// The text after the press.
    public var typed: TypedText
  }

  /// Text as the demo shows it: the document and the open composition, and the layout the
  /// next key is on.
  public struct TypedText: Sendable {
    public var committed: String
    public var preedit: String
    public var layout: Int
  }

  public let title: String
  public let layouts: [Layout]
  public let startLayout: Int
  public let steps: [Step]

  /// Spells `text` with the shortest sequence and records every state on the way.
  ///
  /// - Throws: ``SpellError`` for a character the layouts cannot type.
  public init(text: String, layouts: [Layout], title: String) throws(SpellError) {
    self.title = title
    let presses = try Speller(layouts: layouts).spell(text)
    var typist = Typist(layouts: layouts)
    self.layouts = layouts
    startLayout = typist.inputMethod.layoutIndex
    var steps: [Step] = []
    for press in presses {
      _ = press.isHold ? typist.hold(press.key) : typist.tap(press.key)
      let typed = TypedText(
        committed: typist.buffer.text, preedit: typist.inputMethod.preedit,
        layout: typist.inputMethod.layoutIndex)
      steps.append(Step(layout: press.layout, key: press.key, isHold: press.isHold, typed: typed))
    }
    self.steps = steps
  }

  /// The text after `count` presses (0: before any).
  public func typed(after count: Int) -> TypedText {
    count <= 0
      ? TypedText(committed: "", preedit: "", layout: startLayout)
      : steps[min(count, steps.count) - 1].typed
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
    _ tracks: [DemoTrack], after count: Int, size: KeySize, strings: UIStrings,
    marksPressedKey: Bool,
    width: @escaping @Sendable (Character) -> Int, arrangement: Arrangement = .sideBySide
  ) -> Screen {
    let measure = TextMeasure(width: width)
    let columnWidth = self.columnWidth(tracks, size: size, strings: strings, width: width)
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
    var screen = Screen(
      rows: rows, columns: columns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    for (index, track) in tracks.enumerated() {
      let top = tops[index]
      let left = arrangement == .sideBySide ? 1 + index * (columnWidth + gap) : 1
      let limit = left + columnWidth
      let typed = track.typed(after: count)
      let shown = min(count, track.steps.count)
      let step = shown > 0 && shown == count ? track.steps[shown - 1] : nil
      screen.draw(
        header(track, shown: shown, strings: strings),
        row: top, column: left, style: .title, attributes: .bold, limit: limit)
      drawText(
        typed, into: &screen, row: top + 1, column: left, width: columnWidth, measure: measure)
      if let step {
        let label = track.layouts[step.layout].keys[step.key].label
        let pressed = step.isHold ? strings.demoHold(label) : label
        screen.draw(
          "▶ " + pressed, row: top + 2, column: left, style: .keyCue, attributes: .bold,
          limit: limit)
      }
      var decorations: [Int: KeyDecoration] = [:]
      // The key is lit on the layout it belongs to, shown as it was when pressed.
      let padLayout = track.layouts[step?.layout ?? typed.layout]
      let geometry = PadGeometry(layout: padLayout, size: size)
      if let step { decorations[step.key, default: KeyDecoration()].isPressed = true }
      let padTop = top + headerRows
      PadRenderer.draw(
        padLayout, geometry: geometry, decorations: decorations, into: &screen,
        origin: (padTop, left), bold: false)
      if marksPressedKey, let step, let rect = geometry.rects.first(where: { $0.key == step.key }) {
        let row = padTop + rect.row + rect.height / 2
        screen[row, left + rect.column] = Cell("[", style: .keyPressed)
        screen[row, left + rect.column + rect.width - 1] = Cell("]", style: .keyPressed)
      }
    }
    return screen
  }

  /// Every frame as plain text (`--frames`), separated by blank lines.
  public static func textFrames(
    _ tracks: [DemoTrack], size: KeySize, strings: UIStrings,
    width: @escaping @Sendable (Character) -> Int
  ) -> String {
    let total = tracks.map(\.steps.count).max() ?? 0
    var frames: [String] = []
    for count in 0...total {
      frames.append(
        frame(
          tracks, after: count, size: size, strings: strings, marksPressedKey: true, width: width
        ).textDump)
    }
    return frames.joined(separator: "\n\n") + "\n"
  }

  // MARK: - Parts

  /// The presses so far out of all: `3/15 keys`, `3/15타`.
  static func counter(_ shown: Int, of total: Int, strings: UIStrings) -> String {
    strings.demoCounter(shown, of: total)
  }

  /// The line above a pad: the layout's name and the counter.
  static func header(_ track: DemoTrack, shown: Int, strings: UIStrings) -> String {
    "\(track.title) · \(counter(shown, of: track.steps.count, strings: strings))"
  }

  /// The width of one track's column: the widest pad, the widest full header, at least 24.
  static func columnWidth(
    _ tracks: [DemoTrack], size: KeySize, strings: UIStrings,
    width: @escaping @Sendable (Character) -> Int
  ) -> Int {
    let measure = TextMeasure(width: width)
    var widest = 24
    for track in tracks {
      let padWidth = PadGeometry(layout: track.layouts[track.startLayout], size: size).width
      let widestPad = track.layouts.map { PadGeometry(layout: $0, size: size).width }.reduce(
        padWidth, max)
      widest = max(
        widest, widestPad, measure(header(track, shown: track.steps.count, strings: strings)))
    }
    return widest
  }

  /// The tallest pad a track shows (it may switch layouts on the way).
  ///
  /// Only the layouts it visits count, not every layout it could switch to: the five-row
  /// !#1 pad would cost 안녕 the usual keys at 80×24.
  static func padHeight(_ track: DemoTrack, size: KeySize) -> Int {
    let visited = Set([track.startLayout] + track.steps.map(\.layout))
    return track.layouts.indices.filter(visited.contains)
      .map { PadGeometry(layout: track.layouts[$0], size: size).height }.reduce(0, max)
  }

  /// Draws the text so far and the cursor; a text too long for the column keeps its end in
  /// view behind a `…`, so every new letter shows.
  private static func drawText(
    _ typed: DemoTrack.TypedText, into screen: inout Screen, row: Int, column: Int, width: Int,
    measure: TextMeasure
  ) {
    var committed = Substring(typed.committed)
    var preedit = Substring(typed.preedit)
    let cursorWidth = 1
    var lead = ""
    if measure(committed) + measure(preedit) + cursorWidth > width {
      lead = "…"
      while !committed.isEmpty,
        measure(lead) + measure(committed) + measure(preedit) + cursorWidth > width
      {
        committed.removeFirst()
      }
      while !preedit.isEmpty, measure(lead) + measure(preedit) + cursorWidth > width {
        preedit.removeFirst()
      }
    }
    let limit = column + width
    var end = screen.draw(lead, row: row, column: column, style: .text, limit: limit)
    end = screen.draw(committed, row: row, column: end, style: .text, limit: limit)
    end = screen.draw(
      preedit, row: row, column: end, style: .composing, attributes: .underline, limit: limit)
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
