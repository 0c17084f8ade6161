import HangulEngine
import TerminalUI

/// The program's line as `cheonjiin run` types into it: the typing core's sink there.
///
/// The program owns the document, so only the end of what the pad sent since the program last
/// got a key of its own is known to lie before its cursor; a write's change becomes bytes
/// (``TypingCore/takeBytes(erase:)``): the program's erase character per character taken back,
/// then the text. Readline, vim's insert mode and `cat` then end with the text the pad shows.
package struct SentText: TypingSink {
  /// The end of what was sent since the program last got a key of its own.
  package private(set) var tail = ""

  /// How much of the sent text is kept: more than any word.
  package static let limit = 64

  /// One write, as much as undoing it needs.
  package struct Edit {
    /// The known text it erased (less than it erased when that was sent before ``tail`` began:
    /// that cannot be typed again).
    package var removed: String
    /// How many characters it wrote.
    package var written: Int
  }

  package mutating func replaceTrailing(_ count: Int, with text: String) -> (
    edit: Edit, erased: Int
  ) {
    let removed = String(tail.suffix(count))
    tail.removeLast(removed.count)
    append(text)
    // The program erases what it has, whether or not the pad sent it.
    return (Edit(removed: removed, written: text.count), count)
  }

  package mutating func revert(_ edit: Edit) -> DocumentChange {
    tail.removeLast(min(edit.written, tail.count))
    append(edit.removed)
    return DocumentChange(erase: edit.written, insert: edit.removed)
  }

  package var lastCharacter: Character? { tail.last }

  /// The program got a key of its own: its cursor may be anywhere now.
  package mutating func forget() {
    tail = ""
  }

  private mutating func append(_ text: String) {
    tail += text
    if tail.count > Self.limit { tail.removeFirst(tail.count - Self.limit) }
  }
}

extension TypingCore where Sink == SentText {
  /// A typing core for a program's line.
  package init(layouts: [Layout]) {
    self.init(engine: InputMethod(layouts: layouts), sink: SentText())
  }

  /// The bytes for the program of what changed since the last call: its erase character per
  /// character taken back, then the new text.
  ///
  /// - Parameter erase: The program's erase character (its VERASE); evaluated only when text is
  ///   taken back, since reading it is a system call and the program may change it at any time
  ///   (`stty erase ^H`).
  mutating func takeBytes(erase: @autoclosure () -> UInt8) -> [UInt8] {
    let change = takeChange()
    guard change.erase > 0 else { return Array(change.insert.utf8) }
    return [UInt8](repeating: erase(), count: change.erase) + Array(change.insert.utf8)
  }

  /// A key for the program itself (Enter, Esc, an arrow, Ctrl-…): the open syllables are
  /// written first; the program may then move its cursor, so what was sent is forgotten.
  ///
  /// Take the bytes with ``takeBytes(erase:)`` before the key's own.
  package mutating func passThrough() {
    flush()
    updateSink { $0.forget() }
  }

  /// The program is gone: what was still open, for standard error, so nothing typed is lost.
  package mutating func finish() -> String {
    _ = takeChange()
    flush()
    return takeChange().insert
  }
}
