import HangulEngine
import TerminalUI

/// The pad's and practice's document as the typing core writes it: a ``TextBuffer``, and where
/// its last edits changed it.
///
/// Readers (the text area's wrapping, practice's scoring) keep the count of edits they saw and
/// ask ``changedOffset(since:)``: the document tells them without being changed by the asking,
/// so a reader that draws (and changes no state) can ask too.
package struct PadDocument: TypingSink, BufferedDocument {
  package private(set) var buffer: TextBuffer
  /// How many edits the document has had, counted on across ``replaced(with:)``.
  package private(set) var edits = 1
  /// The last few edits, each with the lowest byte offset it changed.
  ///
  /// Everything before that offset is as it was. Older edits are forgotten: a reader that far
  /// behind lays out or scores from the start.
  private var recent: [(edit: Int, from: Int)] = [(1, 0)]
  private static let remembered = 16

  /// A document holding `text`, all of it new to a reader.
  package init(_ text: String = "") {
    buffer = TextBuffer(text)
  }

  /// A document holding `text` in place of this one: all of it new to this one's readers.
  package func replaced(with text: String) -> PadDocument {
    var next = PadDocument(text)
    next.edits = edits &+ 1
    next.recent = [(next.edits, 0)]
    return next
  }

  /// The lowest byte offset changed by the edits after edit number `seen`, everything before
  /// it being as it was then; nil when there were none.
  package func changedOffset(since seen: Int) -> Int? {
    guard seen != edits else { return nil }
    guard let oldest = recent.first, oldest.edit <= seen &+ 1, seen < edits else { return 0 }
    var lowest = Int.max
    for (edit, from) in recent where edit > seen { lowest = min(lowest, from) }
    return lowest
  }

  package mutating func replaceTrailing(_ count: Int, with text: String) -> (
    edit: TextEdit, erased: Int
  ) {
    let edit = buffer.replaceTrailingCharacters(count, with: text)
    noteChange(appended: edit.appendedByteCount)
    return (edit, edit.removedCharacters)
  }

  package mutating func revert(_ edit: TextEdit) -> DocumentChange {
    let inserted = String(decoding: buffer.utf8.suffix(edit.appendedByteCount), as: UTF8.self)
    buffer.revert(edit)
    noteChange(appended: edit.removed.utf8.count)
    return DocumentChange(erase: inserted.count, insert: edit.removed)
  }

  /// The last `appended` bytes are new; what is before them stands.
  private mutating func noteChange(appended: Int) {
    edits &+= 1
    if recent.count == Self.remembered { recent.removeFirst() }
    recent.append((edits, buffer.utf8.count - appended))
  }

  package var tail: String { buffer.tail(maximumBytes: 256) }

  package var lastCharacter: Character? { buffer.tail(maximumBytes: 16).last }
}
