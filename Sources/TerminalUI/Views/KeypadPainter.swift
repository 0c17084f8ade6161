import HangulEngine

/// Keeps the typing screen from frame to frame and paints only the parts whose inputs
/// changed: after a key, the text area's last line and the pressed key, not the screen.
///
/// A key arrives after the process has waited, when every cache is cold; a frame drawn in
/// full then cost more than vim's whole key path (`make bench`). The frame writer looks
/// only at the rows a part marked dirty, so a key touches a few rows of memory, not the
/// screen. What is painted is exactly what ``KeypadView/render(_:rows:columns:width:)``
/// would draw; the tests compare the two.
///
/// A reference type: the front end's `render` changes no state, yet the canvas must
/// survive it. Each screen keeps its own painter.
final class KeypadPainter {
  /// What decides where every part is: when it changes, everything is drawn again.
  private struct Frame: Equatable {
    var rows: Int
    var columns: Int
    var placement: PadPlacement
    var layout: String
    var hints: Int
    var bold: Bool
    var showsPanel: Bool
  }

  /// The inputs of the parts painted last.
  private struct Painted {
    var frame: Frame
    var text: Int?
    var panel: [[PanelSegment]]?
    var suggestions: [String]
    var message: String?
    var status: [String]
    var decorations: [Int: KeyDecoration]
  }

  private var canvas: Screen?
  private var painted: Painted?
  /// Characters of several scalars pile up in a kept canvas; past this many it starts over.
  private static let maximumClusters = 512

  /// The screen for `model`, painted over the last one where the inputs differ.
  func paint(
    _ model: KeypadViewModel, rows: Int, columns: Int,
    width: @escaping @Sendable (Character) -> Int
  ) -> Screen {
    guard model.overlay == nil,
      let place = model.placement
        ?? PadPlacement(
          layout: model.layout, keySize: model.keySize, suggestions: model.suggestions.count,
          rows: rows, columns: columns, stamps: model.padStamps)
    else {
      canvas = nil
      painted = nil
      return KeypadView.render(model, rows: rows, columns: columns, width: width)
    }
    let frame = Frame(
      rows: rows, columns: columns, placement: place, layout: model.layout.id,
      hints: model.hints.id, bold: model.bold, showsPanel: model.panel != nil)
    let now = Painted(
      frame: frame, text: model.textVersion, panel: model.panel,
      suggestions: model.suggestions.map { $0.key + " " + $0.word }, message: model.message,
      status: model.status, decorations: model.decorations)
    guard var screen = canvas, let last = painted, last.frame == frame,
      screen.clusters.count < Self.maximumClusters
    else {
      var full = model
      full.placement = place
      let screen = KeypadView.render(full, rows: rows, columns: columns, width: width)
      canvas = screen
      painted = now
      return screen
    }
    canvas = nil  // the only reference while painting, so the cells change in place
    screen.markClean()
    if now.text == nil || now.text != last.text || now.panel != last.panel {
      KeypadView.drawTextArea(model, into: &screen, place: place)
    }
    if now.suggestions != last.suggestions || now.message != last.message {
      screen.fill(row: place.suggestionRow, column: 0, height: 1, width: columns, style: .normal)
      KeypadView.drawSuggestionRow(model, into: &screen, place: place)
    }
    if now.status != last.status {
      KeypadView.drawStatus(model, into: &screen, place: place)
    }
    if now.decorations != last.decorations {
      let changed = Set(now.decorations.keys).union(last.decorations.keys).filter {
        now.decorations[$0] != last.decorations[$0]
      }
      KeypadView.redrawKeys(changed, model: model, into: &screen, place: place)
    }
    canvas = screen
    painted = now
    return screen
  }
}
