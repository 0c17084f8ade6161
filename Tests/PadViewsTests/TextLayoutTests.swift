import HangulEngine
import TestSupport
import Testing

@testable import PadViews
@testable import TerminalUI

/// Line starts and widths of a layout, and the cells of its last lines (the ones that can
/// show), for comparing two of them.
private func shape(_ layout: TextLayout) -> [[Int]] {
  layout.lines.map { [$0.start, $0.width] }
    + layout.lines.suffix(8).map { ($0.cells ?? []).map { Int($0.glyph) } }
}

@Suite("The text area's wrapped lines")
struct TextLayoutTests {
  @Test("lines break after a line break and before a character that does not fit")
  func wraps() {
    let layout = TextLayout(Array("가나다라\nab".utf8), lineWidth: 5, rows: 5)
    #expect(layout.lines.map(\.start) == [0, 6, 13])
    #expect(layout.lines.map(\.width) == [4, 4, 2])
  }

  /// A key edits the end of the document; the layout follows from the line before the
  /// change and must come out as if laid out afresh (a key must not cost the
  /// whole document).
  @Test("updating after edits at the end gives what laying out afresh from the same anchor gives")
  func updateMatchesFresh() {
    // A new sequence every run, replayable from the seed a failure names.
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix64(state: seed)
    let pieces = ["가", "a", " ", "\n", "ㄱㆍ", "👍🏽", "e\u{301}", "한글 ", "x"]
    var buffer = TextBuffer()
    var layout = TextLayout(buffer.utf8, lineWidth: 7, rows: 4)
    for _ in 0..<2000 {
      let before = buffer.utf8.count
      let edit: TextEdit
      if Int.random(in: 0..<3, using: &generator) == 0 {
        edit = buffer.deleteBackward(characters: Int.random(in: 1...3, using: &generator))
      } else {
        edit = buffer.append(pieces.randomElement(using: &generator) ?? "가")
      }
      let changedFrom = min(before, buffer.utf8.count - edit.appendedByteCount)
      layout.update(buffer.utf8, changedFrom: changedFrom)
      let fresh = TextLayout(buffer.utf8, lineWidth: 7, rows: 4, anchor: layout.anchor)
      #expect(shape(layout) == shape(fresh), "seed \(seed)")
    }
  }

  @Test("a long paragraph is laid out from an anchor, not from its start")
  func anchored() {
    let document = Array(String(repeating: "가", count: 20_000).utf8)
    let layout = TextLayout(document, lineWidth: 78, rows: 20)
    let first = layout.lines.first?.start ?? 0
    #expect(first > 0)
    #expect(first % 3 == 0)  // on a character boundary
    #expect(document.count - first <= 20 * 78 * 4 + TextArea.anchorStep)
  }
}
