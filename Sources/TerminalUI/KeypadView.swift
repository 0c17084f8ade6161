import HangulEngine

/// A full-screen panel drawn over the keypad.
public enum Overlay: Sendable, Hashable {
  /// The help screen: a title and lines of (keys, what they do), scrolled down `scroll` lines.
  case help(title: String, sections: [HelpSection], scroll: Int, more: String)
  /// A question, e.g. whether to continue a saved draft.
  case prompt(title: String, lines: [String])
}

/// A titled group of help lines.
public struct HelpSection: Sendable, Hashable {
  public var title: String
  public var lines: [(keys: String, action: String)]

  public init(title: String, lines: [(keys: String, action: String)]) {
    self.title = title
    self.lines = lines
  }

  public static func == (a: HelpSection, b: HelpSection) -> Bool {
    a.title == b.title && a.lines.map(\.keys) == b.lines.map(\.keys)
      && a.lines.map(\.action) == b.lines.map(\.action)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    for line in lines {
      hasher.combine(line.keys)
      hasher.combine(line.action)
    }
  }
}

/// Everything the typing screen shows, as plain values.
public struct KeypadViewModel: Sendable {
  public var layout: Layout
  public var committed: String
  /// The open composition; its tail `composingTail` is the syllable being composed.
  public var preedit: String
  public var composingTail: String
  public var decorations: [Int: KeyDecoration] = [:]
  /// Up to three words for the suggestion row, with the keys that choose them.
  public var suggestions: [(key: String, word: String)] = []
  /// The status line's items, most important last (the help key): in a narrow window the
  /// middle ones go first.
  public var status: [String] = []
  /// A short message shown above the status line (errors, "saved").
  public var message: String? = nil
  public var overlay: Overlay? = nil
  public var keySize: KeySize = .normal
  public var bold = false
  public var strings: UIStrings
  /// Lines drawn instead of the text area (practice mode).
  public var panel: [[PanelSegment]]? = nil

  public init(layout: Layout, committed: String, preedit: String, composingTail: String, strings: UIStrings) {
    self.layout = layout
    self.committed = committed
    self.preedit = preedit
    self.composingTail = composingTail
    self.strings = strings
  }
}

/// A run of text in one style, for panels.
public struct PanelSegment: Sendable, Hashable {
  public var text: String
  public var style: CellStyle
  public var attributes: CellAttributes

  public init(_ text: String, _ style: CellStyle, _ attributes: CellAttributes) {
    self.text = text
    self.style = style
    self.attributes = attributes
  }
}

/// A drawn screen plus where things ended up, for mouse hit-testing.
public struct RenderedFrame: Sendable {
  public var screen: Screen
  public var padOrigin: (row: Int, column: Int)
  /// `nil` when the window is too small to show the pad.
  public var geometry: PadGeometry?
  /// Suggestion cells: index into the suggestions, row, first column, width.
  public var suggestionSpans: [(index: Int, row: Int, column: Int, width: Int)]

  /// The key under a screen cell.
  public func key(atRow row: Int, column: Int) -> Int? {
    geometry?.key(atRow: row - padOrigin.row, column: column - padOrigin.column)
  }

  /// The suggestion under a screen cell.
  public func suggestion(atRow row: Int, column: Int) -> Int? {
    suggestionSpans.first { $0.row == row && column >= $0.column && column < $0.column + $0.width }?.index
  }
}

/// Renders the typing screen: text area, suggestion row, pad, status line.
public enum KeypadView {
  /// Rows used by everything but the pad and the text: suggestions, status, message, gaps.
  static let chromeRows = 4
  static let minimumTextRows = 2

  public static func render(
    _ model: KeypadViewModel, rows: Int, columns: Int, width: @escaping @Sendable (Character) -> Int
  ) -> RenderedFrame {
    var screen = Screen(rows: rows, columns: columns, width: width)
    var frame = RenderedFrame(screen: screen, padOrigin: (0, 0), geometry: nil, suggestionSpans: [])
    if let overlay = model.overlay {
      drawOverlay(overlay, into: &screen)
      frame.screen = screen
      return frame
    }
    guard let geometry = fittingGeometry(model, rows: rows, columns: columns) else {
      drawTooSmall(model, into: &screen)
      frame.screen = screen
      return frame
    }
    let statusRow = rows - 1
    let padTop = statusRow - 1 - geometry.height
    let padLeft = max(0, (columns - geometry.width) / 2)
    let suggestionRow = padTop - (geometry.size == .compact ? 1 : 2)
    let textRows = max(1, suggestionRow)

    if let panel = model.panel {
      drawPanel(panel, into: &screen, rows: textRows)
    } else {
      drawText(model, into: &screen, rows: textRows, columns: columns)
    }
    let barWidth = min(columns, max(geometry.width, 66))
    frame.suggestionSpans = drawSuggestions(
      model, into: &screen, row: suggestionRow, left: (columns - barWidth) / 2, width: barWidth)
    PadRenderer.draw(
      model.layout, geometry: geometry, decorations: model.decorations, into: &screen,
      origin: (padTop, padLeft), bold: model.bold)
    if let message = model.message {
      screen.fill(row: suggestionRow, column: 0, height: 1, width: columns, style: .normal)
      screen.drawCentered(message, row: suggestionRow, column: 0, span: columns, style: .warning, attributes: .bold)
    }
    screen.fill(row: statusRow, column: 0, height: 1, width: columns, style: .status)
    let status = fittedStatus(model.status, columns: columns - 1) { text in
      text.reduce(0) { $0 + max(0, width($1)) }
    }
    screen.draw(" " + status, row: statusRow, column: 0, style: .status, attributes: model.bold ? .bold : [])
    frame.screen = screen
    frame.padOrigin = (padTop, padLeft)
    frame.geometry = geometry
    return frame
  }

  /// The biggest key size not larger than asked for that fits, or `nil`.
  static func fittingGeometry(_ model: KeypadViewModel, rows: Int, columns: Int) -> PadGeometry? {
    let sizes: [KeySize]
    switch model.keySize {
    case .large: sizes = [.large, .normal, .compact]
    case .normal: sizes = [.normal, .compact]
    case .compact: sizes = [.compact]
    }
    for size in sizes {
      let geometry = PadGeometry(layout: model.layout, size: size)
      if geometry.width <= columns, geometry.height + chromeRows + minimumTextRows <= rows {
        return geometry
      }
    }
    return nil
  }

  /// The smallest window that shows a layout, for the "too small" message.
  public static func minimumSize(for layout: Layout) -> (columns: Int, rows: Int) {
    let geometry = PadGeometry(layout: layout, size: .compact)
    return (geometry.width, geometry.height + chromeRows + minimumTextRows)
  }

  // MARK: - Parts

  /// Wraps committed text and preedit into the top rows, scrolled so the cursor shows.
  static func drawText(_ model: KeypadViewModel, into screen: inout Screen, rows: Int, columns: Int) {
    let margin = columns > 20 ? 1 : 0
    let lineWidth = max(1, columns - 2 * margin)
    var lines: [[(Character, CellStyle)]] = [[]]
    var lineWidths = [0]
    func add(_ character: Character, _ style: CellStyle) {
      if character == "\n" || character == "\r\n" {
        lines.append([])
        lineWidths.append(0)
        return
      }
      let cellWidth = max(0, screen.width(character))
      if cellWidth == 0 { return }
      if lineWidths[lines.count - 1] + cellWidth > lineWidth {
        lines.append([])
        lineWidths.append(0)
      }
      lines[lines.count - 1].append((character, style))
      lineWidths[lines.count - 1] += cellWidth
    }
    for character in model.committed { add(character, .text) }
    let tailStart = model.preedit.count - model.composingTail.count
    for (index, character) in model.preedit.enumerated() {
      add(character, index >= tailStart ? .composing : .preedit)
    }
    add(" ", .cursor)
    let visible = lines.suffix(rows)
    for (offset, line) in visible.enumerated() {
      var column = margin
      for (character, style) in line {
        let attributes: CellAttributes = style == .preedit || style == .composing ? .underline : []
        column = screen.draw(String(character), row: offset, column: column, style: style, attributes: attributes)
      }
    }
  }

  static func drawPanel(_ lines: [[PanelSegment]], into screen: inout Screen, rows: Int) {
    for (row, line) in lines.prefix(rows).enumerated() {
      var column = 0
      for segment in line {
        column = screen.draw(segment.text, row: row, column: column, style: segment.style, attributes: segment.attributes)
      }
    }
  }

  static func drawSuggestions(
    _ model: KeypadViewModel, into screen: inout Screen, row: Int, left: Int, width: Int
  ) -> [(index: Int, row: Int, column: Int, width: Int)] {
    guard !model.suggestions.isEmpty else { return [] }
    var spans: [(index: Int, row: Int, column: Int, width: Int)] = []
    let slot = max(1, width / max(1, model.suggestions.count))
    for (index, suggestion) in model.suggestions.enumerated() {
      let column = left + index * slot
      let keyEnd = screen.draw(suggestion.key, row: row, column: column, style: .suggestionNumber, attributes: .bold)
      let end = screen.draw(" " + suggestion.word, row: row, column: keyEnd, style: .suggestion, attributes: model.bold ? .bold : [], limit: column + slot - 1)
      spans.append((index, row, column, end - column))
    }
    return spans
  }

  /// The status items joined with " · ", dropping items (the second first, the last never)
  /// until they fit in `columns`.
  static func fittedStatus(_ items: [String], columns: Int, width: (String) -> Int) -> String {
    var kept = items
    while kept.count > 1, width(kept.joined(separator: " · ")) > columns {
      kept.remove(at: kept.count > 2 ? 1 : 0)
    }
    return kept.joined(separator: " · ")
  }

  static func drawTooSmall(_ model: KeypadViewModel, into screen: inout Screen) {
    let needed = minimumSize(for: model.layout)
    let lines = [
      model.strings.tooSmallTitle,
      model.strings.tooSmallNeeded(columns: needed.columns, rows: needed.rows),
      model.strings.tooSmallNow(columns: screen.columns, rows: screen.rows),
      model.strings.tooSmallKept,
    ]
    let top = max(0, (screen.rows - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      screen.drawCentered(line, row: top + offset, column: 0, span: screen.columns, style: offset == 0 ? .warning : .normal, attributes: offset == 0 ? .bold : [])
    }
  }

  /// One line of the help screen: items at columns.
  struct HelpRow {
    var cells: [(Int, HelpItem)]
  }

  enum HelpItem {
    case title(String)
    case binding(keys: String, action: String)
  }

  static func helpRows(_ section: HelpSection) -> [HelpItem] {
    [.title(section.title)] + section.lines.map { .binding(keys: $0.keys, action: $0.action) }
  }

  static func keysWidth(_ sections: [HelpSection]) -> Int {
    min(14, sections.flatMap(\.lines).map { $0.keys.count }.max() ?? 0)
  }

  static func drawHelpItem(_ item: HelpItem, keysWidth: Int, into screen: inout Screen, row: Int, column: Int) {
    switch item {
    case .title(let title):
      screen.draw(title, row: row, column: column, style: .title, attributes: .bold)
    case .binding(let keys, let action):
      let end = screen.draw(keys, row: row, column: column + 1, style: .suggestionNumber, attributes: .bold)
      screen.draw(action, row: row, column: max(end + 1, column + keysWidth + 3), style: .normal)
    }
  }

  static func drawOverlay(_ overlay: Overlay, into screen: inout Screen) {
    switch overlay {
    case .help(let title, let sections, let scroll, let more):
      screen.draw(" " + title, row: 0, column: 0, style: .title, attributes: .bold)
      // Sections side by side when they fit; otherwise one under the other, scrolled.
      let keyColumn = keysWidth(sections)
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
          lines.append(HelpRow(cells: columns.indices.compactMap { index in
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
    case .prompt(let title, let lines):
      let top = max(0, (screen.rows - lines.count - 2) / 2)
      screen.drawCentered(title, row: top, column: 0, span: screen.columns, style: .title, attributes: .bold)
      for (offset, line) in lines.enumerated() {
        screen.drawCentered(line, row: top + 2 + offset, column: 0, span: screen.columns, style: .normal)
      }
    }
  }
}
