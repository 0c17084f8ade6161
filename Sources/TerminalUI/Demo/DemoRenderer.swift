import HangulEngine

/// Draws demo frames: the text to type with the syllable being typed lit and the presses each
/// syllable took, then one column per track: its counter, the text so far, what the last
/// press did, and its pad with the pressed key lit.
public enum DemoRenderer {
  /// How the pads of several tracks are placed.
  public enum Arrangement: Sendable, Hashable {
    /// Side by side, for comparing (`--compare`).
    case sideBySide
    /// One under the other, for windows too narrow for side by side.
    case stacked
  }

  /// Rows above each pad: the counter, the text, the caption (two rows) and a blank.
  static let headerRows = 5
  /// Rows the caption may wrap onto.
  static let captionRows = 2
  /// Columns between two pads side by side.
  static let gap = 4
  /// The widest a track's column grows in a wide window.
  static let widestColumn = 60
  /// Cells per character of the text in the overview: the character (up to 2) and a gap.
  static let characterCells = 4

  /// Rows of the overview above the tracks: the text, a row of press counts per track, a blank.
  static func overviewRows(_ script: DemoScript) -> Int {
    script.tracks.count + 2
  }

  /// The frame after `tick` ticks.
  ///
  /// Every column is as wide as its widest line can get (the pad, or the counter at its last
  /// press), measured in terminal cells, so the counter is never cut; with `columns`, the
  /// window's width, the columns share what is left over, for longer captions.
  ///
  /// - Parameter marksPressedKey: Write `[` `]` around the pressed key, for plain-text frames
  ///   where colour does not show.
  public static func frame(
    _ script: DemoScript, at tick: Int, size: KeySize, strings: UIStrings,
    marksPressedKey: Bool, width: @escaping @Sendable (Character) -> Int,
    arrangement: Arrangement = .sideBySide, columns: Int? = nil
  ) -> Screen {
    let measure = TextMeasure(width: width)
    let tracks = script.tracks
    let moment = script.moment(at: tick)
    let natural = columnWidth(tracks, size: size, strings: strings, width: width)
    let overview = overviewRows(script)
    let blockHeights = tracks.map { headerRows + padHeight($0, size: size) }
    // Where each track's block starts; stacked blocks have a blank row between them.
    var tops: [Int] = []
    let rows: Int
    let frameColumns: Int
    let column: Int
    switch arrangement {
    case .sideBySide:
      let spare = max(0, (columns ?? 0) - (tracks.count * natural + (tracks.count - 1) * gap + 2))
      // Room for the captions, but not so much that two pads drift to the window's edges.
      column = max(natural, min(natural + spare / max(1, tracks.count), widestColumn))
      tops = tracks.map { _ in overview }
      rows = overview + blockHeights.reduce(0, max)
      frameColumns = tracks.count * column + max(0, tracks.count - 1) * gap + 2
    case .stacked:
      column = max(natural, min((columns ?? 0) - 2, widestColumn))
      var top = overview
      for height in blockHeights {
        tops.append(top)
        top += height + 1
      }
      rows = max(overview, top - 1)
      frameColumns = column + 2
    }
    var screen = Screen(
      rows: rows, columns: frameColumns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    drawOverview(
      script, moment: moment, into: &screen, left: 1, width: frameColumns - 2, strings: strings,
      measure: measure)
    for (index, track) in tracks.enumerated() {
      let top = tops[index]
      let left = arrangement == .sideBySide ? 1 + index * (column + gap) : 1
      let limit = left + column
      let shown = moment.shown[index]
      let typed = track.typed(after: shown)
      let isWaiting = moment.isWaiting[index]
      let step = shown > 0 && !isWaiting ? track.steps[shown - 1] : nil
      screen.draw(
        header(track, shown: shown, strings: strings),
        row: top, column: left, style: .title, attributes: .bold, limit: limit)
      drawText(typed, into: &screen, row: top + 1, column: left, width: column, measure: measure)
      if let step {
        drawCaption(
          "▶ " + strings.demoCaption(step, of: track), into: &screen, row: top + 2, column: left,
          width: column, measure: measure, attributes: .bold)
      } else if isWaiting, let segment = moment.segment {
        let fewer = script.segments[segment].ticks - script.segments[segment].presses[index].count
        drawCaption(
          "⏸ " + strings.demoWaiting(fewer: fewer), into: &screen, row: top + 2, column: left,
          width: column, measure: measure, attributes: [])
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
    _ script: DemoScript, size: KeySize, strings: UIStrings,
    width: @escaping @Sendable (Character) -> Int
  ) -> String {
    var frames: [String] = []
    for tick in 0...script.tickCount {
      frames.append(
        frame(
          script, at: tick, size: size, strings: strings, marksPressedKey: true, width: width
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

  /// The text to type, the syllable being typed lit, and under each character the presses
  /// it took on each track so far; a text too wide shows the part around the syllable.
  private static func drawOverview(
    _ script: DemoScript, moment: DemoScript.Moment, into screen: inout Screen, left: Int,
    width: Int, strings: UIStrings, measure: TextMeasure
  ) {
    let labels =
      [strings.demoTextLabel]
      + (script.tracks.count == 1 ? [strings.demoPressesLabel] : script.tracks.map(\.title))
    let labelWidth = labels.map { measure($0) }.max() ?? 0
    for (row, label) in labels.enumerated() {
      screen.draw(label, row: row, column: left, style: .title, attributes: .bold)
    }
    let first = left + labelWidth + 2
    let slots = max(1, (left + width - first) / characterCells)
    let current = moment.segment.map { script.segments[$0] }
    let currentCharacter = current?.characters.lowerBound ?? 0
    // Keep the syllable a third of the way in, so what comes next shows too.
    let start = max(0, min(currentCharacter - slots / 3, script.text.count - slots))
    let end = min(script.text.count, start + slots)
    for position in start..<end {
      let x = first + (position - start) * characterCells
      if isCut(position, start: start, end: end, count: script.text.count) {
        screen.draw("…", row: 0, column: x, style: .normal)
        continue
      }
      let style: CellStyle
      if let current, current.characters.contains(position) {
        style = .composing
      } else if position < currentCharacter {
        style = .correct
      } else {
        style = .normal
      }
      let character = shownCharacter(script.text[position])
      // A narrow character sits over the count's last cell, as a syllable's right half does.
      screen.draw(
        character, row: 0, column: x + 2 - min(2, max(1, measure(character))), style: style,
        attributes: .bold)
    }
    // The counts, under the first character of each segment.
    for (index, segment) in script.segments.enumerated() {
      let position = segment.characters.lowerBound
      guard position >= start, position < end, let currentIndex = moment.segment,
        index <= currentIndex
      else { continue }
      if isCut(position, start: start, end: end, count: script.text.count) { continue }
      let x = first + (position - start) * characterCells
      let counts = segment.presses.enumerated().map { track, presses in
        index < currentIndex ? presses.count : moment.shown[track] - presses.lowerBound
      }
      let isComplete = index < currentIndex || moment.endsSegment
      let most = counts.max() ?? 0
      let differ = script.tracks.count > 1 && isComplete && counts.contains { $0 != most }
      for (track, count) in counts.enumerated() {
        let text = String(count)
        let style: CellStyle = differ ? (count == most ? .warning : .correct) : .normal
        screen.draw(
          text, row: 1 + track, column: x + 2 - measure(text), style: style,
          attributes: differ ? .bold : [])
      }
    }
  }

  /// Whether a slot of the overview shows `…` for the characters cut off on its side.
  private static func isCut(_ position: Int, start: Int, end: Int, count: Int) -> Bool {
    (position == start && start > 0) || (position == end - 1 && end < count)
  }

  /// A character of the text as the overview shows it: a space as `␣`, a line break as `⏎`.
  private static func shownCharacter(_ character: Character) -> String {
    switch character {
    case " ": "␣"
    case "\n": "⏎"
    default: String(character)
    }
  }

  /// Draws a caption over ``captionRows`` rows, broken at spaces, cut with `…` when longer.
  private static func drawCaption(
    _ text: String, into screen: inout Screen, row: Int, column: Int, width: Int,
    measure: TextMeasure, attributes: CellAttributes
  ) {
    let lines = wrap(text, width: width, measure: measure)
    for (index, line) in lines.prefix(captionRows).enumerated() {
      var shown = line
      if index == captionRows - 1, lines.count > captionRows { shown += " …" }
      screen.draw(
        shown, row: row + index, column: column, style: .normal, attributes: attributes,
        limit: column + width)
    }
  }

  /// Breaks `text` into lines at most `width` cells wide, at spaces where it can.
  static func wrap(_ text: String, width: Int, measure: TextMeasure) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if measure(candidate) <= width || line.isEmpty {
        line = candidate
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    lines.append(line)
    return lines
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
