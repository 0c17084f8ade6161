import CellGrid
import HangulEngine
import PadViews
import TerminalUI

/// Keys as the demo draws them: the named sizes, and bigger ones, so that the pad grows with a
/// big window instead of staying small in its corner.
package struct DemoKeys: Sendable, Hashable {
  /// The named size the keys are drawn like (small print under the label from `.normal` on).
  package var size: KeySize
  package var cellWidth: Int
  package var cellHeight: Int
  package var gap: Int
  package var rowGap: Int

  package static func named(_ size: KeySize) -> DemoKeys {
    DemoKeys(
      size: size, cellWidth: size.cellWidth, cellHeight: size.cellHeight, gap: size.gap,
      rowGap: size.rowGap)
  }

  /// Every size, the biggest first: past `.large`, each step is 4 cells wider and 2 rows
  /// taller (a terminal cell is about twice as tall as wide, so keys keep their shape).
  static let biggestFirst: [DemoKeys] = {
    let large = named(.large)
    let bigger = (1...6).map { step in
      DemoKeys(
        size: .large, cellWidth: large.cellWidth + 4 * step,
        cellHeight: large.cellHeight + 2 * step, gap: large.gap + step / 2,
        rowGap: large.rowGap + step / 2)
    }
    return bigger.reversed() + [large, named(.normal), named(.compact)]
  }()

  package func geometry(_ layout: Layout) -> PadGeometry {
    PadGeometry(layout: layout, size: size, metrics: (cellWidth, cellHeight, gap, rowGap))
  }
}

/// Draws demo frames: the text to type with the syllable being typed lit and the presses each
/// syllable took, then one column per track: its counter, the text so far, what the last
/// press did, and its pad with the pressed key lit.
///
/// A frame costs what it shows, never the length of the text: the overview, the typed text and
/// the counts are read from the window's part of the text only.
public enum DemoRenderer {
  /// How the pads of several tracks are placed.
  public enum Arrangement: Sendable, Hashable {
    /// Side by side, for comparing (`--compare`).
    case sideBySide
    /// One under the other, for windows too narrow for side by side.
    case stacked
  }

  /// Where everything of a frame goes: the keys, the columns and the rows.
  ///
  /// It depends on the
  /// window, not on the tick, so a recording works it out once.
  package struct Plan: Sendable, Hashable {
    package var keys: DemoKeys
    var arrangement: Arrangement
    /// The width of one track's column.
    package var column: Int
    /// The row each track's block starts on.
    var tops: [Int]
    package var rows: Int
    package var columns: Int

    package func fits(rows: Int, columns: Int) -> Bool {
      self.rows <= rows && self.columns <= columns
    }
  }

  /// Rows above each pad: the counter, the text, the caption (two rows) and a blank.
  static let headerRows = 5
  /// Rows the caption may wrap onto.
  static let captionRows = 2
  /// Columns between two pads side by side.
  package static let gap = 4
  /// The widest a track's column grows for its captions, beyond the pad's width.
  static let widestColumn = 60
  /// Cells per character of the text in the overview: the character (up to 2) and a gap
  /// (where a count that is fewer than the other track's gets its mark).
  static let characterCells = 4
  /// Beside a count that is fewer than the other layout's: the mark says it where colour
  /// does not show (a text file, a printout, colour blindness).
  static let fewerMark = "*"
  /// Before a caption: what the press did.
  static let pressMark = "▶ "
  /// Before a caption: the track waits for the slower one.
  ///
  /// Not ⏸, which neither Nanum nor
  /// DejaVu has (it showed as an empty box in xterm).
  static let waitingMark = "‖ "

  /// Rows of the overview above the tracks: the text, a row of press counts per track, a blank.
  static func overviewRows(_ script: DemoScript) -> Int {
    script.tracks.count + 2
  }

  // MARK: - Planning

  /// The plan for keys of `keys` in `arrangement`; `columns`, the window's width, lets the
  /// columns share what is left over, for longer captions.
  package static func plan(
    _ script: DemoScript, keys: DemoKeys, strings: UIStrings, arrangement: Arrangement,
    columns: Int?, measure: TextMeasure
  ) -> Plan {
    let tracks = script.tracks
    let natural = columnWidth(tracks, keys: keys, strings: strings, measure: measure)
    let overview = overviewRows(script)
    let blockHeights = tracks.map { headerRows + padHeight($0, keys: keys) }
    switch arrangement {
    case .sideBySide:
      let spare = max(0, (columns ?? 0) - (tracks.count * natural + (tracks.count - 1) * gap + 2))
      // Room for the captions, but not so much that two pads drift to the window's edges.
      let column = max(natural, min(natural + spare / max(1, tracks.count), widestColumn))
      return Plan(
        keys: keys, arrangement: arrangement, column: column,
        tops: tracks.map { _ in overview }, rows: overview + blockHeights.reduce(0, max),
        columns: tracks.count * column + max(0, tracks.count - 1) * gap + 2)
    case .stacked:
      let column = max(natural, min((columns ?? 0) - 2, widestColumn))
      var tops: [Int] = []
      var top = overview
      for height in blockHeights {
        tops.append(top)
        top += height + 1
      }
      return Plan(
        keys: keys, arrangement: arrangement, column: column, tops: tops,
        rows: max(overview, top - 1), columns: column + 2)
    }
  }

  /// The plans to choose from, best first: the biggest keys first, side by side before
  /// stacked at each size.
  package static func plans(
    _ script: DemoScript, keys: [DemoKeys], strings: UIStrings, columns: Int?,
    measure: TextMeasure
  ) -> [Plan] {
    let arrangements: [Arrangement] =
      script.tracks.count > 1 ? [.sideBySide, .stacked] : [.sideBySide]
    return keys.flatMap { keys in
      arrangements.map {
        plan(
          script, keys: keys, strings: strings, arrangement: $0, columns: columns,
          measure: measure)
      }
    }
  }

  /// The plan that fits a window best: the biggest keys that fit; else the first that is
  /// narrow enough (cut at the bottom); else the narrowest.
  static func bestPlan(
    _ script: DemoScript, keys: [DemoKeys] = DemoKeys.biggestFirst, strings: UIStrings,
    rows: Int, columns: Int, measure: TextMeasure
  ) -> Plan {
    let candidates = plans(
      script, keys: keys, strings: strings, columns: columns, measure: measure)
    return candidates.first { $0.fits(rows: rows, columns: columns) }
      ?? candidates.first { $0.columns <= columns }
      ?? candidates.min { $0.columns < $1.columns }
      ?? plan(
        script, keys: .named(.compact), strings: strings, arrangement: .sideBySide,
        columns: columns, measure: measure)
  }

  // MARK: - Frames

  /// The frame after `tick` ticks with keys of `size`.
  ///
  /// - Parameter marksPressedKey: Write `[` `]` around the pressed key, for plain-text frames
  ///   where colour does not show.
  public static func frame(
    _ script: DemoScript, at tick: Int, size: KeySize, strings: UIStrings,
    marksPressedKey: Bool, width: @escaping @Sendable (Character) -> Int,
    arrangement: Arrangement = .sideBySide, columns: Int? = nil, theme: Theme = .light
  ) -> Screen {
    let plan = plan(
      script, keys: .named(size), strings: strings, arrangement: arrangement, columns: columns,
      measure: TextMeasure(width: width))
    return frame(
      script, at: tick, plan: plan, strings: strings, marksPressedKey: marksPressedKey,
      theme: theme, width: width)
  }

  /// The frame after `tick` ticks, laid out by `plan`, the pressed key lit so that it stands
  /// out in `theme`.
  package static func frame(
    _ script: DemoScript, at tick: Int, plan: Plan, strings: UIStrings, marksPressedKey: Bool,
    theme: Theme, width: @escaping @Sendable (Character) -> Int
  ) -> Screen {
    let measure = TextMeasure(width: width)
    let moment = script.moment(at: tick)
    var screen = Screen(
      rows: plan.rows, columns: plan.columns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    drawOverview(
      script, moment: moment, into: &screen, left: 1, width: plan.columns - 2, strings: strings,
      measure: measure)
    let column = plan.column
    for (index, track) in script.tracks.enumerated() {
      let top = plan.tops[index]
      let left = plan.arrangement == .sideBySide ? 1 + index * (column + gap) : 1
      let limit = left + column
      let shown = moment.shown[index]
      let typed = track.typed(after: shown)
      let step = shown > 0 && !moment.isWaiting[index] ? track.steps[shown - 1] : nil
      screen.draw(
        header(track, shown: shown, strings: strings),
        row: top, column: left, style: .title, attributes: .bold, limit: limit)
      drawText(typed, into: &screen, row: top + 1, column: left, width: column, measure: measure)
      switch script.caption(of: index, at: moment, strings: strings) {
      case .press(let text):
        drawCaption(
          pressMark + text, into: &screen, row: top + 2, column: left, width: column,
          measure: measure, attributes: .bold)
      case .waiting(let text):
        drawCaption(
          waitingMark + text, into: &screen, row: top + 2, column: left, width: column,
          measure: measure, attributes: [])
      case .none:
        break
      }
      // The key is lit on the layout it belongs to, shown as it was when pressed.
      let padLayout = displayed(track.layouts[step?.layout ?? typed.layout])
      let geometry = plan.keys.geometry(padLayout)
      var decorations: [Int: KeyDecoration] = [:]
      // The whole key is lit: a label in reverse video alone vanished on a dark terminal,
      // where it looked like the key around it.
      if let step {
        decorations[step.key] = litDecoration(for: padLayout.keys[step.key].style, theme: theme)
      }
      let padTop = top + headerRows
      PadRenderer.draw(
        padLayout, geometry: geometry, decorations: decorations, into: &screen,
        origin: (padTop, left), bold: false)
      if marksPressedKey, let step, let rect = geometry.rects.first(where: { $0.key == step.key }) {
        let row = padTop + rect.row + rect.height / 2
        let style = screen[row, left + rect.column].style
        screen[row, left + rect.column] = Cell("[", style: style)
        screen[row, left + rect.column + rect.width - 1] = Cell("]", style: style)
      }
    }
    return screen
  }

  /// Every frame as plain text (`--frames`), separated by blank lines, each handed to `write`
  /// as it is made: the frames of a long text never all sit in memory.
  public static func writeTextFrames(
    _ script: DemoScript, size: KeySize, strings: UIStrings,
    width: @escaping @Sendable (Character) -> Int, to write: (String) -> Void
  ) {
    let plan = plan(
      script, keys: .named(size), strings: strings, arrangement: .sideBySide, columns: nil,
      measure: TextMeasure(width: width))
    for tick in 0...script.tickCount {
      let text = frame(
        script, at: tick, plan: plan, strings: strings, marksPressedKey: true, theme: .light,
        width: width
      ).textDump
      write(tick == 0 ? text : "\n\n" + text)
    }
    write("\n")
  }

  /// Every frame as plain text (`--frames`), separated by blank lines.
  public static func textFrames(
    _ script: DemoScript, size: KeySize, strings: UIStrings,
    width: @escaping @Sendable (Character) -> Int
  ) -> String {
    var text = ""
    writeTextFrames(script, size: size, strings: strings, width: width) { text += $0 }
    return text
  }
}

/// What a track says under its text at a moment.
package enum DemoCaption: Sendable, Hashable {
  /// What its last press did, read from the engine.
  case press(String)
  /// It typed the segment and waits for the slower track.
  case waiting(String)
  /// Nothing yet: before its first press.
  case none

  package var text: String {
    switch self {
    case .press(let text), .waiting(let text): text
    case .none: ""
    }
  }
}

extension DemoScript {
  /// What track `index` says at `moment`: the terminal, the cast, the page and the pace all
  /// read it here.
  package func caption(of index: Int, at moment: Moment, strings: UIStrings) -> DemoCaption {
    if moment.isWaiting[index], let segment = moment.segment {
      let fewer = segments[segment].ticks - segments[segment].presses[index].count
      return .waiting(strings.demoWaiting(fewer: fewer))
    }
    let shown = moment.shown[index]
    guard shown > 0 else { return .none }
    let track = tracks[index]
    return .press(strings.demoCaption(track.steps[shown - 1], of: track))
  }
}

/// Display width in terminal cells (Hangul is 2), never a count of characters.
package struct TextMeasure {
  package let width: @Sendable (Character) -> Int

  func callAsFunction(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + max(0, width($1)) }
  }
}
