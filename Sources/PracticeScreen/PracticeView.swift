import CellGrid
import TerminalUI

/// The practice screens that are not the pad: the lesson menu and the summary.
enum PracticeView {
  /// The lesson list, and a message on the last row (progress that cannot be saved).
  ///
  /// A list longer than the window scrolls with the selection; the rows above and below it
  /// say how many entries are hidden there and which keys reach them, so no entry is out of
  /// sight without a word.
  package static func menu(
    _ entries: [String], selection: Int, strings: UIStrings, rows: Int, columns: Int,
    message: String? = nil, width: @escaping @Sendable (Character) -> Int
  ) -> Screen {
    var screen = Screen(
      rows: rows, columns: columns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    screen.draw(strings.practiceTitle, row: 0, column: 0, style: .title, attributes: .bold)
    screen.draw(strings.practiceMenuHint, row: 1, column: 0, style: .dim)
    // Rows 3 … : the entries; the row above them and the one below say what is hidden.
    let messageRows = message != nil && rows > 4 ? 1 : 0
    var visible = max(1, rows - 4 - messageRows + 1)
    if entries.count > visible { visible = max(1, visible - 1) }
    let top = max(0, min(selection - visible / 2, entries.count - visible))
    for (offset, entry) in entries.dropFirst(top).prefix(visible).enumerated() {
      let index = top + offset
      let row = 3 + offset
      let isSelected = index == selection
      let style: CellStyle = isSelected ? .keyFocused : .normal
      if isSelected {
        screen.fill(row: row, column: 1, height: 1, width: max(0, columns - 2), style: style)
      }
      let number = String(index)
      screen.draw(
        String(repeating: " ", count: max(0, 3 - number.count)) + number, row: row, column: 1,
        style: isSelected ? style : .suggestionNumber, attributes: .bold)
      screen.draw(entry, row: row, column: 6, style: style, attributes: isSelected ? .bold : [])
    }
    let below = entries.count - top - visible
    if top > 0 {
      screen.draw(strings.menuMoreAbove(top), row: 2, column: 1, style: .status, attributes: .bold)
    }
    if below > 0, 3 + visible < rows {
      screen.draw(
        strings.menuMoreBelow(below), row: 3 + visible, column: 1, style: .status,
        attributes: .bold)
    }
    if let message, rows > 4 {
      screen.fill(row: rows - 1, column: 0, height: 1, width: columns, style: .normal)
      screen.draw(message, row: rows - 1, column: 1, style: .warning, attributes: .bold)
    }
    return screen
  }

  /// The summary's lines, centred, with the keys that go on under them.
  package static func summary(
    _ lines: [String], keys: String, rows: Int, columns: Int,
    width: @escaping @Sendable (Character) -> Int
  ) -> Screen {
    var screen = Screen(
      rows: rows, columns: columns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    // A line too long for the window goes on under itself, never cut off at the edge.
    let shown = lines.enumerated().flatMap { index, line in
      wrapped(line, width: max(10, columns - 3)).map { (isFirst: index == 0, text: $0) }
    }
    let top = max(1, (rows - shown.count - 3) / 2)
    for (offset, line) in shown.enumerated() where top + offset < rows {
      screen.draw(
        "  " + line.text, row: top + offset, column: 0, style: line.isFirst ? .title : .normal,
        attributes: line.isFirst ? .bold : [])
    }
    screen.draw(keys, row: min(rows - 1, top + shown.count + 1), column: 0, style: .dim)
    return screen
  }

  /// `line` broken at spaces into pieces at most `width` columns wide (a word wider than that
  /// stands alone).
  package static func wrapped(_ line: String, width: Int) -> [String] {
    var pieces: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if DisplayWidth.of(candidate) > width, !current.isEmpty {
        pieces.append(current)
        current = String(word)
      } else {
        current = candidate
      }
    }
    return pieces + [current]
  }
}
