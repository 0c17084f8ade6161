import HangulEngine
import PadViews
import TerminalUI
import Typing

/// What the pad's session keeps from frame to frame so that a key costs what it changed, not
/// the screen: the painter's canvas, the document wrapped for the text area, and the placement
/// and status line of the window size, layout and keymap last drawn.
///
/// Only ``KeypadController/render(rows:columns:at:input:cache:)`` uses it; the controller holds
/// none of it, and a new cache draws the same screen.
package final class KeypadFrameCache: FrameCache {
  package let painter = KeypadPainter()
  /// The document wrapped for the text area, and the document's edit count it was laid out at.
  private var textLayout: TextLayout?
  private var laidOutEdits = 0
  private var frame:
    (key: KeypadController.PlacementKey, placement: PadPlacement?, status: [String])?

  package init() {}

  /// The placement and the status line for `key`, worked out with `make` when it changed.
  func frame(
    for key: KeypadController.PlacementKey,
    make: () -> (placement: PadPlacement?, status: [String])
  ) -> (placement: PadPlacement?, status: [String]) {
    if let frame, frame.key == key { return (frame.placement, frame.status) }
    let made = make()
    frame = (key, made.placement, made.status)
    return made
  }

  /// The pad's document wrapped for a text area of `rows` lines of `lineWidth` columns: laid
  /// out again only from where it changed since the last frame, and not at all when nothing
  /// did.
  func layOut(_ keypad: Keypad, lineWidth: Int, rows: Int) -> TextLayout {
    let change = keypad.changedOffset(since: laidOutEdits)
    laidOutEdits = keypad.documentEdits
    let document = keypad.document.utf8
    guard var layout = textLayout, layout.lineWidth == max(1, lineWidth),
      layout.rows == max(1, rows)
    else {
      let layout = TextLayout(document, lineWidth: lineWidth, rows: rows)
      textLayout = layout
      return layout
    }
    if let change {
      textLayout = nil  // the only reference: the update below changes the lines in place
      layout.update(document, changedFrom: change)
      textLayout = layout
    }
    return layout
  }
}
