import CellGrid
import HangulEngine
import TerminalUI

/// Everything the typing screen shows, as plain values.
package struct KeypadViewModel {
  package var layout: Layout
  package var text: TextAreaContent
  package var decorations: [Int: KeyDecoration] = [:]
  /// Up to three words for the suggestion row, with the keys that choose them.
  package var suggestions: [(key: String, word: String)] = []
  /// The status line's items, most important last (the help key): in a narrow window the
  /// middle ones go first.
  package var status: [String] = []
  /// A short message shown above the pad (errors, "saved").
  package var message: String? = nil
  package var overlay: Overlay? = nil
  package var keySize: KeySize = .normal
  package var bold = false
  package var strings: UIStrings
  /// Lines drawn instead of the text area (practice).
  package var panel: [[PanelSegment]]? = nil
  /// Changes whenever the text area's content changes (nil: unknown, paint it every time).
  package var textVersion: Int? = nil
  /// Where the parts go, when the screen already knows it for this window size.
  package var placement: PadPlacement? = nil
  /// The physical keys named in the keys' corners, and a number that identifies them.
  package var hints: (keys: [Int: String], id: Int) = ([:], 0)

  /// A pad with its text; everything else is set on the model after.
  package init(layout: Layout, text: TextAreaContent, strings: UIStrings) {
    self.layout = layout
    self.text = text
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

/// Where the parts of the typing screen go for a window size: drawing and mouse
/// hit-testing both come from it, so a click always lands where the key was drawn.
package struct PadPlacement: Equatable {
  /// Rows used by everything but the pad and the text: suggestions, status, message, gaps.
  package static let chromeRows = 4
  package static let minimumTextRows = 2

  package let geometry: PadGeometry
  package let padTop: Int
  let padLeft: Int
  let suggestionRow: Int
  let barLeft: Int
  package let barWidth: Int
  let suggestionCount: Int
  package let textRows: Int
  let statusRow: Int

  /// The biggest key size not larger than asked for that fits; nil when none does.
  ///
  /// `textRows` is what the screen above the pad needs: practice asks for its whole panel,
  /// so the pad gets smaller before the lesson's cue is cut.
  package init?(
    layout: Layout, keySize: KeySize, suggestions: Int, rows: Int, columns: Int,
    stamps: PadStamps? = nil, textRows wanted: Int = PadPlacement.minimumTextRows
  ) {
    let sizes: [KeySize]
    switch keySize {
    case .large: sizes = [.large, .normal, .compact]
    case .normal: sizes = [.normal, .compact]
    case .compact: sizes = [.compact]
    }
    let fitting = sizes.lazy.map {
      stamps?.geometry(layout, size: $0) ?? PadGeometry(layout: layout, size: $0)
    }
    let roomy = fitting.first { geometry in
      geometry.width <= columns && geometry.height + PadPlacement.chromeRows + wanted <= rows
    }
    let fits = fitting.first { geometry in
      geometry.width <= columns
        && geometry.height + PadPlacement.chromeRows + PadPlacement.minimumTextRows <= rows
    }
    guard let geometry = roomy ?? fits else { return nil }
    self.geometry = geometry
    statusRow = rows - 1
    padTop = statusRow - 1 - geometry.height
    padLeft = max(0, (columns - geometry.width) / 2)
    suggestionRow = padTop - (geometry.size == .compact ? 1 : 2)
    textRows = max(1, suggestionRow)
    barWidth = min(columns, max(geometry.width, 66))
    barLeft = (columns - barWidth) / 2
    suggestionCount = suggestions
  }

  /// Columns of one word's slot on the suggestion bar.
  var slotWidth: Int { max(1, barWidth / max(1, suggestionCount)) }

  /// What is under a 0-based cell: a key, or a word of the bar (its whole slot).
  package func hitTest(row: Int, column: Int) -> HitTarget? {
    if row == suggestionRow, suggestionCount > 0, column >= barLeft {
      let index = (column - barLeft) / slotWidth
      return index < suggestionCount ? .suggestion(index) : nil
    }
    return geometry.key(atRow: row - padTop, column: column - padLeft).map(HitTarget.key)
  }

  /// The smallest window that shows a layout, for the "too small" message.
  static func minimumSize(for layout: Layout) -> (columns: Int, rows: Int) {
    let geometry = PadGeometry(layout: layout, size: .compact)
    return (geometry.width, geometry.height + chromeRows + minimumTextRows)
  }
}

/// Renders the typing screen: text area, suggestion row, pad, status line.
enum KeypadView {
  /// - Parameter stamps: The pad's faces at rest and its geometries, kept by whoever keeps
  ///   the frame (a ``KeypadPainter``); without them every key is drawn.
  package static func render(
    _ model: KeypadViewModel, rows: Int, columns: Int,
    width: @escaping @Sendable (Character) -> Int, stamps: PadStamps? = nil
  ) -> Screen {
    var screen = Screen(
      rows: rows, columns: columns, width: width, scalarWidth: DisplayWidth.of(scalar:))
    if let overlay = model.overlay {
      OverlayView.draw(overlay, into: &screen)
      return screen
    }
    guard
      let place = model.placement
        ?? PadPlacement(
          layout: model.layout, keySize: model.keySize, suggestions: model.suggestions.count,
          rows: screen.rows, columns: screen.columns, stamps: stamps)
    else {
      drawTooSmall(model, into: &screen)
      return screen
    }
    var drawn: [TextLayout.Line]? = nil
    drawTextArea(model, into: &screen, place: place, drawn: &drawn)
    drawSuggestionRow(model, into: &screen, place: place)
    if let stamps {
      PadRenderer.draw(
        model.layout, geometry: place.geometry, decorations: model.decorations,
        hints: model.hints, stamps: stamps, into: &screen, origin: (place.padTop, place.padLeft),
        bold: model.bold)
    } else {
      redrawKeys(
        Set(place.geometry.rects.map(\.key)), model: model, into: &screen, place: place)
    }
    drawStatus(model, into: &screen, place: place)
    return screen
  }

  /// The text area, or the practice panel in its place; `drawn` as for
  /// ``TextArea/draw(_:into:rows:drawn:)``.
  static func drawTextArea(
    _ model: KeypadViewModel, into screen: inout Screen, place: PadPlacement,
    drawn: inout [TextLayout.Line]?
  ) {
    if let panel = model.panel {
      screen.fill(row: 0, column: 0, height: place.textRows, width: screen.columns, style: .normal)
      drawPanel(panel, into: &screen, rows: place.textRows)
      drawn = nil
    } else {
      TextArea.draw(model.text, into: &screen, rows: place.textRows, drawn: &drawn)
    }
  }

  /// The suggestion words, or a message over them.
  static func drawSuggestionRow(
    _ model: KeypadViewModel, into screen: inout Screen, place: PadPlacement
  ) {
    drawSuggestions(model, into: &screen, place: place)
    if let message = model.message {
      screen.fill(
        row: place.suggestionRow, column: 0, height: 1, width: screen.columns, style: .normal)
      screen.drawCentered(
        message, row: place.suggestionRow, column: 0, span: screen.columns, style: .warning,
        attributes: .bold)
    }
  }

  package static func drawStatus(
    _ model: KeypadViewModel, into screen: inout Screen, place: PadPlacement
  ) {
    screen.fill(row: place.statusRow, column: 0, height: 1, width: screen.columns, style: .status)
    let status = fittedStatus(model.status, columns: screen.columns - 1) { screen.width(of: $0) }
    screen.draw(
      " " + status, row: place.statusRow, column: 0, style: .status,
      attributes: model.bold ? .bold : [])
  }

  /// Draws some keys afresh, each with its corner hint and its decoration.
  static func redrawKeys(
    _ keys: Set<Int>, model: KeypadViewModel, into screen: inout Screen, place: PadPlacement
  ) {
    for rect in place.geometry.rects where keys.contains(rect.key) {
      var decoration = model.decorations[rect.key] ?? KeyDecoration()
      decoration.hint = model.hints.keys[rect.key]
      PadRenderer.drawKey(
        model.layout.keys[rect.key], rect: rect, decoration: decoration, into: &screen,
        origin: (place.padTop, place.padLeft), bold: model.bold)
    }
  }

  // MARK: - Parts

  static func drawPanel(_ lines: [[PanelSegment]], into screen: inout Screen, rows: Int) {
    for (row, line) in lines.prefix(rows).enumerated() {
      var column = 0
      for segment in line {
        column = screen.draw(
          segment.text, row: row, column: column, style: segment.style,
          attributes: segment.attributes)
      }
    }
  }

  static func drawSuggestions(
    _ model: KeypadViewModel, into screen: inout Screen, place: PadPlacement
  ) {
    for (index, suggestion) in model.suggestions.enumerated() {
      let column = place.barLeft + index * place.slotWidth
      let keyEnd = screen.draw(
        suggestion.key, row: place.suggestionRow, column: column, style: .suggestionNumber,
        attributes: .bold)
      screen.draw(
        " " + suggestion.word, row: place.suggestionRow, column: keyEnd, style: .suggestion,
        attributes: model.bold ? .bold : [], limit: column + place.slotWidth - 1)
    }
  }

  /// The status items joined with " · ", dropping items (the second first, the last never)
  /// until they fit in `columns`.
  static func fittedStatus(_ items: [String], columns: Int, width: (String) -> Int)
    -> String
  {
    var kept = items
    while kept.count > 1, width(kept.joined(separator: " · ")) > columns {
      kept.remove(at: kept.count > 2 ? 1 : 0)
    }
    return kept.joined(separator: " · ")
  }

  static func drawTooSmall(_ model: KeypadViewModel, into screen: inout Screen) {
    let needed = PadPlacement.minimumSize(for: model.layout)
    let lines = [
      model.strings.tooSmallTitle,
      model.strings.tooSmallNeeded(columns: needed.columns, rows: needed.rows),
      model.strings.tooSmallNow(columns: screen.columns, rows: screen.rows),
      model.strings.tooSmallKept,
    ]
    let top = max(0, (screen.rows - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      screen.drawCentered(
        line, row: top + offset, column: 0, span: screen.columns,
        style: offset == 0 ? .warning : .normal, attributes: offset == 0 ? .bold : [])
    }
  }
}
