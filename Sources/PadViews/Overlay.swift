import CellGrid

/// A full-screen panel drawn instead of the pad.
public enum Overlay: Sendable, Hashable {
  /// The help screen: a title and lines of (keys, what they do), scrolled down `scroll` lines.
  case help(title: String, sections: [HelpSection], scroll: Int, more: String)
  /// A question, e.g. whether to continue a saved draft.
  case prompt(title: String, lines: [String])
}

/// A titled group of help lines.
public struct HelpSection: Sendable, Hashable {
  public struct Line: Sendable, Hashable {
    public var keys: String
    public var action: String

    public init(keys: String, action: String) {
      self.keys = keys
      self.action = action
    }
  }

  public var title: String
  public var lines: [Line]

  public init(title: String, lines: [Line]) {
    self.title = title
    self.lines = lines
  }
}

/// Draws overlays: the help screen and questions.
package enum OverlayView {
  /// One line of the help screen: items at columns.
  private struct HelpRow {
    var cells: [(Int, HelpItem)]
  }

  private enum HelpItem {
    case title(String)
    case binding(keys: String, action: String)
  }

  private static func helpRows(_ section: HelpSection) -> [HelpItem] {
    [.title(section.title)] + section.lines.map { .binding(keys: $0.keys, action: $0.action) }
  }

  private static func keysWidth(_ sections: [HelpSection], screen: Screen) -> Int {
    min(14, sections.flatMap(\.lines).map { screen.width(of: $0.keys) }.max() ?? 0)
  }

  private static func drawHelpItem(
    _ item: HelpItem, keysWidth: Int, into screen: inout Screen, row: Int, column: Int
  ) {
    switch item {
    case .title(let title):
      screen.draw(title, row: row, column: column, style: .title, attributes: .bold)
    case .binding(let keys, let action):
      let end = screen.draw(
        keys, row: row, column: column + 1, style: .suggestionNumber, attributes: .bold)
      screen.draw(action, row: row, column: max(end + 1, column + keysWidth + 3), style: .normal)
    }
  }

  package static func draw(_ overlay: Overlay, into screen: inout Screen) {
    switch overlay {
    case .help(let title, let sections, let scroll, let more):
      drawHelp(title: title, sections: sections, scroll: scroll, more: more, into: &screen)
    case .prompt(let title, let lines):
      let top = max(0, (screen.rows - lines.count - 2) / 2)
      screen.drawCentered(
        title, row: top, column: 0, span: screen.columns, style: .title, attributes: .bold)
      for (offset, line) in lines.enumerated() {
        screen.drawCentered(
          line, row: top + 2 + offset, column: 0, span: screen.columns, style: .normal)
      }
    }
  }

  private static func drawHelp(
    title: String, sections: [HelpSection], scroll: Int, more: String, into screen: inout Screen
  ) {
    screen.draw(" " + title, row: 0, column: 0, style: .title, attributes: .bold)
    // Sections side by side when they fit; otherwise one under the other, scrolled.
    let keyColumn = keysWidth(sections, screen: screen)
    let widths = sections.map { section in
      max(
        screen.width(of: section.title),
        section.lines.map { 1 + keyColumn + 2 + screen.width(of: $0.action) }.max() ?? 0)
    }
    var lines: [HelpRow] = []
    if widths.reduce(0, { $0 + $1 + 3 }) <= screen.columns {
      let columns = sections.map(helpRows)
      let starts = widths.indices.map { index in 1 + widths[..<index].reduce(0) { $0 + $1 + 3 } }
      for row in 0..<(columns.map(\.count).max() ?? 0) {
        lines.append(
          HelpRow(
            cells: columns.indices.compactMap { index in
              row < columns[index].count ? (starts[index], columns[index][row]) : nil
            }))
      }
    } else {
      for section in sections {
        lines += helpRows(section).map { HelpRow(cells: [(1, $0)]) }
        lines.append(HelpRow(cells: []))
      }
    }
    let visibleRows = max(1, screen.rows - 3)
    let top = max(0, min(scroll, lines.count - visibleRows))
    for (offset, line) in lines.dropFirst(top).prefix(visibleRows).enumerated() {
      for (column, item) in line.cells {
        drawHelpItem(item, keysWidth: keyColumn, into: &screen, row: 2 + offset, column: column)
      }
    }
    if top + visibleRows < lines.count {
      screen.draw(more, row: screen.rows - 1, column: 1, style: .dim, attributes: .bold)
    }
  }
}
