import CellGrid
import HangulEngine
import PadViews
import TerminalUI

/// The parts of a demo frame: the lit key, the counter and header, the overview of the text,
/// the caption and the typed text.
extension DemoRenderer {
  // MARK: - Parts

  /// How the pressed key is lit: in the focus colour (yellow in the shipped themes), or in
  /// the cue colour where the key already has the focus colour at rest (the contrast theme's
  /// yellow ␣ and 닫기), read from the theme so that it holds whatever its colours become.
  static func litDecoration(for style: KeyStyle, theme: Theme) -> KeyDecoration {
    let resting: CellStyle
    switch style {
    case .letter: resting = .keyLetter
    case .function: resting = .keyFunction
    case .accent: resting = .keyAccent
    }
    var decoration = KeyDecoration()
    let focus = theme.look(.keyFocused)
    let rest = theme.look(resting)
    if focus.background256 == rest.background256 || focus.background8 == rest.background8 {
      decoration.isCue = true
    } else {
      decoration.isFocused = true
    }
    return decoration
  }

  /// The presses so far out of all: `3/15 keys`, `3/15타`.
  package static func counter(_ shown: Int, of total: Int, strings: UIStrings) -> String {
    strings.demoCounter(shown, of: total)
  }

  /// The line above a pad: the layout's name and the counter.
  package static func header(_ track: DemoTrack, shown: Int, strings: UIStrings) -> String {
    "\(track.title) · \(counter(shown, of: track.steps.count, strings: strings))"
  }

  /// The width of one track's column: the widest pad, the widest full header, at least 24.
  static func columnWidth(
    _ tracks: [DemoTrack], size: KeySize, strings: UIStrings,
    width: @escaping @Sendable (Character) -> Int
  ) -> Int {
    columnWidth(tracks, keys: .named(size), strings: strings, measure: TextMeasure(width: width))
  }

  static func columnWidth(
    _ tracks: [DemoTrack], keys: DemoKeys, strings: UIStrings, measure: TextMeasure
  ) -> Int {
    var widest = 24
    for track in tracks {
      let widestPad = track.layouts.map { keys.geometry($0).width }.reduce(0, max)
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
    padHeight(track, keys: .named(size))
  }

  static func padHeight(_ track: DemoTrack, keys: DemoKeys) -> Int {
    track.visitedLayouts.map { keys.geometry(track.layouts[$0]).height }.reduce(0, max)
  }

  /// A layout with its labels as the demo shows them (``displayed(_:)-swift.type.method``).
  static func displayed(_ layout: Layout) -> Layout {
    var layout = layout
    for index in layout.keys.indices {
      layout.keys[index].label = displayed(layout.keys[index].label)
      layout.keys[index].secondLabel = layout.keys[index].secondLabel.map(displayed)
    }
    return layout
  }

  /// Text as the demo shows it: the dot strokes `ㆍ` and `‥` as `●` and `●●`.
  ///
  /// Terminal fonts draw `ㆍ` (U+318D) and `‥` (U+2025) as specks too small to see from the
  /// back of a room (NanumGothicCoding, DejaVu Sans Mono in xterm); `●` is in both fonts and
  /// reads as the key's dot.
  package static func displayed(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == araeaLetter || $0 == ssangaraeaLetter })
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case araeaLetter: result += "●"
      case ssangaraeaLetter: result += "●●"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The text to type, the syllable being typed lit, and under each character the presses
  /// it took on each track so far; a text too wide shows the part around the syllable.
  static func drawOverview(
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
    // The counts, under the first character of each segment, for the segments in view only.
    guard let currentIndex = moment.segment else { return }
    var index = script.firstSegment(startingAtOrAfter: start)
    while index <= currentIndex, index < script.segments.count {
      let segment = script.segments[index]
      let position = segment.characters.lowerBound
      guard position < end else { break }
      defer { index += 1 }
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
        let isFewer = differ && count < most
        let style: CellStyle = differ ? (isFewer ? .correct : .warning) : .normal
        let end = screen.draw(
          text, row: 1 + track, column: x + 2 - measure(text), style: style,
          attributes: differ ? .bold : [])
        if isFewer {
          screen.draw(fewerMark, row: 1 + track, column: end, style: style, attributes: .bold)
        }
      }
    }
  }

  /// Whether a slot of the overview shows `…` for the characters cut off on its side.
  static func isCut(_ position: Int, start: Int, end: Int, count: Int) -> Bool {
    (position == start && start > 0) || (position == end - 1 && end < count)
  }

  /// A character of the text as the overview shows it: a space as `␣`, a line break as `⏎`.
  static func shownCharacter(_ character: Character) -> String {
    switch character {
    case " ": "␣"
    case "\n": "⏎"
    default: displayed(String(character))
    }
  }

  /// Draws a caption over ``captionRows`` rows, broken at spaces, cut with `…` when longer.
  static func drawCaption(
    _ text: String, into screen: inout Screen, row: Int, column: Int, width: Int,
    measure: TextMeasure, attributes: CellAttributes
  ) {
    let lines = wrap(displayed(text), width: width, measure: measure)
    for (index, line) in lines.prefix(captionRows).enumerated() {
      var shown = line
      if index == captionRows - 1, lines.count > captionRows { shown += " …" }
      screen.draw(
        shown, row: row + index, column: column, style: .normal, attributes: attributes,
        limit: column + width)
    }
  }

  /// Breaks `text` into lines at most `width` cells wide, at spaces where it can.
  package static func wrap(_ text: String, width: Int, measure: TextMeasure) -> [String] {
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

  /// Draws the end of the text so far and the cursor.
  ///
  /// A text too long for the column keeps its end in view behind a `…`, so every new letter
  /// shows. Reads only the characters
  /// that fit, from the end.
  static func drawText(
    _ typed: DemoTrack.TypedText, into screen: inout Screen, row: Int, column: Int, width: Int,
    measure: TextMeasure
  ) {
    let cursorWidth = 1
    let lead = "…"
    var shown: [String] = []
    var used = 0
    var start = typed.count
    while start > 0 {
      let character = displayed(String(typed[start - 1]))
      let cells = measure(character)
      // Room for the lead as soon as anything is left out before.
      let room = width - cursorWidth - (start > 1 ? measure(lead) : 0)
      guard used + cells <= room else { break }
      used += cells
      shown.append(character)
      start -= 1
    }
    shown.reverse()
    let limit = column + width
    var end = column
    if start > 0 { end = screen.draw(lead, row: row, column: end, style: .text, limit: limit) }
    for (offset, character) in shown.enumerated() {
      let isPreedit = start + offset >= typed.committedCount
      end = screen.draw(
        character, row: row, column: end, style: isPreedit ? .composing : .text,
        attributes: isPreedit ? .underline : [], limit: limit)
    }
    screen.draw(" ", row: row, column: end, style: .cursor, limit: limit)
  }
}
