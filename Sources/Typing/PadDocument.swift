import HangulEngine
import TerminalUI

/// The pad's and practice's document as the typing core writes it: a ``TextBuffer``, and where
/// it changed since the text area last laid it out.
package struct PadDocument: TypingSink {
  package private(set) var buffer: TextBuffer
  /// The lowest byte offset changed since ``takeChangedOffset()``; everything before it is as
  /// it was (the text area lays out again from there).
  private var changedFrom: Int?

  /// A document holding `text`, all of it new to the text area.
  package init(_ text: String = "") {
    buffer = TextBuffer(text)
    changedFrom = 0
  }

  /// Where the document changed since the last call, and forgets it.
  package mutating func takeChangedOffset() -> Int? {
    defer { changedFrom = nil }
    return changedFrom
  }

  package mutating func replaceTrailing(_ count: Int, with text: String) -> (
    edit: TextEdit, change: DocumentChange
  ) {
    let edit = buffer.replaceTrailingCharacters(count, with: text)
    noteChange(appended: edit.appendedByteCount)
    let inserted = buffer.utf8.suffix(edit.appendedByteCount)
    return (
      edit,
      DocumentChange(
        erase: edit.removedCharacters, insert: String(decoding: inserted, as: UTF8.self))
    )
  }

  package mutating func revert(_ edit: TextEdit) -> DocumentChange {
    let inserted = String(decoding: buffer.utf8.suffix(edit.appendedByteCount), as: UTF8.self)
    buffer.revert(edit)
    noteChange(appended: edit.removed.utf8.count)
    return DocumentChange(erase: inserted.count, insert: edit.removed)
  }

  /// The last `appended` bytes are new; what is before them stands.
  private mutating func noteChange(appended: Int) {
    let offset = buffer.utf8.count - appended
    changedFrom = min(changedFrom ?? offset, offset)
  }

  package var tail: String { buffer.tail(maximumBytes: 256) }

  package var lastCharacter: Character? { buffer.tail(maximumBytes: 16).last }
}
