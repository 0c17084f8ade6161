/// A document as UTF-8 bytes with the insertion point at the end: the text a front end keeps
/// beside the engine, which only reports what each key committed (``KeyOutput``).
///
/// Every edit happens at the end and costs O(size of the edit), never O(document). Each
/// returns a ``TextEdit`` that ``revert(_:)`` undoes exactly, so a front end can roll back an
/// optimistic tap without copying the document.
///
/// A value type with copy-on-write storage: copying it is O(1), but the first edit of one of
/// two copies copies the whole document.
public struct TextBuffer: Sendable, Hashable {
  /// The document's bytes, always valid UTF-8 (every edit adds or removes whole characters).
  public private(set) var utf8: [UInt8]

  /// An empty document.
  public init() {
    utf8 = []
  }

  /// A document holding `text` (a restored draft).
  public init(_ text: String) {
    utf8 = Array(text.utf8)
  }

  /// The document as a String.
  ///
  /// O(document): it copies the bytes.
  public var text: String { String(decoding: utf8, as: UTF8.self) }

  /// Whether the document is empty.
  ///
  /// O(1).
  public var isEmpty: Bool { utf8.isEmpty }

  /// The end of the document: its last `maximumBytes` bytes or fewer, from a character
  /// start, so no character is cut.
  ///
  /// O(maximumBytes): the suggestion bar, the last character and `keys --trace` read the end
  /// on every key without copying the document.
  public func tail(maximumBytes: Int) -> String {
    var start = max(0, utf8.count - maximumBytes)
    while start < utf8.count, utf8[start] & 0xC0 == 0x80 { start += 1 }  // continuation bytes
    return String(decoding: utf8[start...], as: UTF8.self)
  }

  // MARK: - Editing

  /// Applies what a key press reported: deletes ``KeyOutput/erase`` characters before the
  /// insertion point, then appends ``KeyOutput/commit``.
  ///
  /// - Returns: The edit, for ``revert(_:)``; its ``TextEdit/removedCharacters`` is less than
  ///   `erase` when the document ran out.
  ///
  /// Cost: O(erased + committed bytes). Compare ``append(_:)`` and
  /// ``deleteBackward(characters:)``.
  @discardableResult
  public mutating func apply(_ output: KeyOutput) -> TextEdit {
    replaceTrailingCharacters(output.erase, with: output.commit)
  }

  /// Appends `text` at the insertion point (a paste, a committed word).
  ///
  /// - Returns: The edit, for ``revert(_:)``.
  ///
  /// Cost: O(bytes of `text`), amortized.
  @discardableResult
  public mutating func append(_ text: String) -> TextEdit {
    replaceTrailingCharacters(0, with: text)
  }

  /// Deletes up to `count` characters (grapheme clusters, so `👍🏽` or `\r\n` goes whole)
  /// before the insertion point; fewer if the document is shorter.
  ///
  /// - Returns: The edit, with the removed text, for ``revert(_:)``.
  ///
  /// Cost: O(bytes removed); each character looks at most 64 bytes back.
  @discardableResult
  public mutating func deleteBackward(characters count: Int) -> TextEdit {
    replaceTrailingCharacters(count, with: "")
  }

  /// Deletes up to `count` characters before the insertion point, then appends `replacement`:
  /// a suggestion replacing the word being typed.
  ///
  /// - Returns: The edit, for ``revert(_:)``.
  ///
  /// Cost: O(bytes removed + bytes of `replacement`).
  @discardableResult
  public mutating func replaceTrailingCharacters(
    _ count: Int, with replacement: String
  ) -> TextEdit {
    // Most key presses commit and erase nothing.
    guard count > 0 || !replacement.isEmpty else {
      return TextEdit(removed: "", removedCharacters: 0, appendedByteCount: 0)
    }
    var end = utf8.count
    var removedCharacters = 0
    while removedCharacters < count, end > 0 {
      end -= lastCharacterLength(utf8[..<end])
      removedCharacters += 1
    }
    // A removed character or two is a small String: no allocation on the ⌫ path.
    let removed = end == utf8.count ? "" : String(decoding: utf8[end...], as: UTF8.self)
    utf8.removeSubrange(end...)
    utf8.append(contentsOf: replacement.utf8)
    return TextEdit(
      removed: removed, removedCharacters: removedCharacters,
      appendedByteCount: replacement.utf8.count)
  }

  /// Undoes `edit`: removes the bytes it appended and puts back the text it removed.
  ///
  /// - Parameter edit: The last edit not yet reverted; edits are undone newest first.
  ///
  /// Cost: O(bytes of the edit).
  public mutating func revert(_ edit: TextEdit) {
    precondition(
      edit.appendedByteCount <= utf8.count, "revert of an edit this buffer did not make")
    utf8.removeLast(edit.appendedByteCount)
    utf8.append(contentsOf: edit.removed.utf8)
  }

  /// Empties the document, keeping its capacity.
  ///
  /// O(1) for bytes, which need no clean-up.
  public mutating func removeAll() {
    utf8.removeAll(keepingCapacity: true)
  }
}

extension TextBuffer: BufferedDocument {
  /// The document itself.
  public var buffer: TextBuffer { self }

  /// ``replaceTrailingCharacters(_:with:)`` as a ``Typist`` writes.
  public mutating func replaceTrailing(
    _ count: Int, with text: String
  ) -> (edit: TextEdit, erased: Int) {
    let edit = replaceTrailingCharacters(count, with: text)
    return (edit, edit.removedCharacters)
  }
}

/// One edit at the end of a ``TextBuffer``, as much as ``TextBuffer/revert(_:)`` needs to undo
/// it: the text it removed and how many bytes it appended.
public struct TextEdit: Sendable, Hashable {
  /// The text the edit removed from the end of the document.
  public var removed: String
  /// How many characters it removed (grapheme clusters of the document at the time).
  public var removedCharacters: Int
  /// How many UTF-8 bytes it appended after removing.
  public var appendedByteCount: Int

  public init(removed: String, removedCharacters: Int, appendedByteCount: Int) {
    self.removed = removed
    self.removedCharacters = removedCharacters
    self.appendedByteCount = appendedByteCount
  }
}

/// The length in bytes of the last character (grapheme cluster) of UTF-8 text, so ⌫ deletes `👍🏽` or
/// `\r\n` whole.
///
/// Only the last few characters are decoded.
///
/// The result always ends the text at a scalar boundary, so the text stays valid UTF-8: a
/// cluster longer than the window (which typed text does not have) loses its tail first.
func lastCharacterLength(_ utf8: ArraySlice<UInt8>) -> Int {
  guard !utf8.isEmpty else { return 0 }
  // A grapheme cluster this long does not occur in typed text; 64 bytes is plenty of context.
  var start = max(utf8.startIndex, utf8.endIndex - 64)
  // Start the window on a scalar, so decoding it loses nothing.
  while start < utf8.endIndex - 1, utf8[start] & 0xC0 == 0x80 { start += 1 }
  var tail = String(decoding: utf8[start...], as: UTF8.self)
  guard let last = tail.popLast() else { return utf8.endIndex - start }
  return min(String(last).utf8.count, utf8.endIndex - start)
}
