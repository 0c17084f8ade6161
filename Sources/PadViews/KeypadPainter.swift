import CellGrid
import HangulEngine
import TerminalUI

/// Keeps the typing screen from frame to frame and paints only the parts whose inputs
/// changed: after a key, the text area's last line and the pressed key, not the screen.
///
/// A key arrives after the process has waited, when every cache is cold; a frame drawn in
/// full then cost more than vim's whole key path (`make bench`). The frame writer looks
/// only at the rows a part marked dirty, so a key touches a few rows of memory, not the
/// screen. What is painted is exactly what ``KeypadView/render(_:rows:columns:width:stamps:)``
/// would draw; the tests compare the two.
///
/// A reference type: the front end's `render` changes no state, yet the canvas must
/// survive it. Each screen's session keeps its own painter (a ``FrameCache``).
package final class KeypadPainter: FrameCache {
  package init() {}

  /// The pad's faces at rest and where its keys go, per layout and size.
  ///
  /// The painter's, not the pad model's: the model holds no view cache. A screen that works
  /// out its ``PadPlacement`` for a frame passes these; hit-testing needs none.
  package let stamps = PadStamps()

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
    var suggestions: [(key: String, word: String)]
    var message: String?
    var status: [String]
    var decorations: [Int: KeyDecoration]
  }

  private var canvas: Screen?
  private var painted: Painted?
  /// The text area's lines as painted, so unchanged rows are skipped.
  private var drawnLines: [TextLayout.Line]?
  /// Characters of several scalars pile up in a kept canvas; past this many it starts over.
  private static let maximumClusters = 512

  /// The screen for `model`, painted over the last one where the inputs differ.
  package func paint(
    _ model: KeypadViewModel, rows: Int, columns: Int,
    width: @escaping @Sendable (Character) -> Int
  ) -> Screen {
    guard model.overlay == nil,
      let place = model.placement
        ?? PadPlacement(
          layout: model.layout, keySize: model.keySize, suggestions: model.suggestions.count,
          rows: rows, columns: columns, stamps: stamps)
    else {
      canvas = nil
      painted = nil
      drawnLines = nil
      return KeypadView.render(model, rows: rows, columns: columns, width: width, stamps: stamps)
    }
    let frame = Frame(
      rows: rows, columns: columns, placement: place, layout: model.layout.id,
      hints: model.hints.id, bold: model.bold, showsPanel: model.panel != nil)
    // Compared field by field against what was painted, with no copy of either: a copy
    // retains every array in them, and this runs for every key.
    guard var screen = canvas, painted?.frame == frame,
      screen.clusters.count < Self.maximumClusters
    else {
      var full = model
      full.placement = place
      let screen = KeypadView.render(
        full, rows: rows, columns: columns, width: width, stamps: stamps)
      canvas = screen
      drawnLines = nil
      painted = Painted(
        frame: frame, text: model.textVersion, panel: model.panel,
        suggestions: model.suggestions, message: model.message,
        status: model.status, decorations: model.decorations)
      return screen
    }
    canvas = nil  // the only reference while painting, so the cells change in place
    screen.markClean()
    if model.textVersion == nil || model.textVersion != painted?.text
      || model.panel != painted?.panel
    {
      KeypadView.drawTextArea(model, into: &screen, place: place, drawn: &drawnLines)
      painted?.text = model.textVersion
      painted?.panel = model.panel
    }
    if model.message != painted?.message
      || !model.suggestions.elementsEqual(
        painted?.suggestions ?? [], by: { $0.key == $1.key && $0.word == $1.word })
    {
      screen.fill(row: place.suggestionRow, column: 0, height: 1, width: columns, style: .normal)
      KeypadView.drawSuggestionRow(model, into: &screen, place: place)
      painted?.suggestions = model.suggestions
      painted?.message = model.message
    }
    if model.status != painted?.status {
      KeypadView.drawStatus(model, into: &screen, place: place)
      painted?.status = model.status
    }
    if let last = painted?.decorations, model.decorations != last {
      var changed = Set<Int>()
      for (key, decoration) in model.decorations where last[key] != decoration {
        changed.insert(key)
      }
      for key in last.keys where model.decorations[key] == nil { changed.insert(key) }
      KeypadView.redrawKeys(changed, model: model, into: &screen, place: place)
      painted?.decorations = model.decorations
    }
    canvas = screen
    return screen
  }
}
