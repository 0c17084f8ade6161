/// An input method and the document it types into, for front ends without a text widget of
/// their own: `cheonjiin keys`, the speller, practice, the suggestion simulation and tests.
///
/// Named for what it does: it presses keys and writes their text down. Each press goes to
/// the ``InputMethod``, and its ``KeyOutput`` is applied to the ``TextBuffer`` at once, so
/// ``text`` is always what the user sees.
///
/// A value type. Copying it copies the document lazily (copy-on-write), so the first edit of a
/// copy costs O(document); a front end that snapshots before every optimistic tap should keep
/// an ``InputMethod`` snapshot and the tap's ``TextEdit`` instead.
public struct Typist: Sendable, Hashable {
  /// The engine: the open composition and the layouts.
  public private(set) var inputMethod: InputMethod
  /// The finished text.
  public private(set) var buffer: TextBuffer

  /// Pairs an engine with a document.
  ///
  /// - Parameters:
  ///   - inputMethod: The engine to type with; its composition, if any, stays open.
  ///   - text: The document to start from (a restored draft).
  public init(_ inputMethod: InputMethod, text: String = "") {
    self.inputMethod = inputMethod
    self.buffer = TextBuffer(text)
  }

  /// Pairs an engine with a document a front end already keeps (copy-on-write: no copy).
  public init(_ inputMethod: InputMethod, buffer: TextBuffer) {
    self.inputMethod = inputMethod
    self.buffer = buffer
  }

  /// An empty document and a fresh engine on `layouts`.
  public init(layouts: [Layout], initial: Int = 0) {
    self.init(InputMethod(layouts: layouts, initial: initial))
  }

  // MARK: - Reading

  /// The finished text followed by the preedit: what the user sees.
  ///
  /// O(document).
  public var text: String {
    var bytes = buffer.utf8
    inputMethod.preedit.withUTF8 { bytes.append(contentsOf: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``text`` as UTF-8 to `bytes`, without making a String (fast output).
  public func appendText(to bytes: inout [UInt8]) {
    bytes.append(contentsOf: buffer.utf8)
    inputMethod.preedit.withUTF8 { bytes.append(contentsOf: $0) }
  }

  public var isComposing: Bool { inputMethod.isComposing }
  public var layouts: [Layout] { inputMethod.layouts }
  public var layoutIndex: Int { inputMethod.layoutIndex }
  public var layout: Layout { inputMethod.layout }
  /// See ``InputMethod/cyclingConsonants``.
  public var cyclingConsonants: [Choseong]? { inputMethod.cyclingConsonants }

  // MARK: - Typing

  /// Taps a key and applies its output to the document.
  ///
  /// - Returns: The engine's output, with ``KeyOutput/erase`` cut to the characters the
  ///   document had (⌫ on empty text erases nothing and is not consumed).
  ///
  /// Compare ``InputMethod/tap(_:)``.
  @discardableResult
  public mutating func tap(_ key: Int) -> KeyOutput {
    apply(inputMethod.tap(key))
  }

  /// Holds a key (see ``InputMethod/hold(_:)``) and applies its output to the document.
  @discardableResult
  public mutating func hold(_ key: Int) -> KeyOutput {
    apply(inputMethod.hold(key))
  }

  /// Ends the composition, appending it to the document.
  @discardableResult
  public mutating func flush() -> KeyOutput {
    apply(inputMethod.flush())
  }

  /// Switches layout (see ``InputMethod/switchLayout(to:)``), appending the composition.
  @discardableResult
  public mutating func switchLayout(to id: String) -> KeyOutput {
    apply(inputMethod.switchLayout(to: id))
  }

  /// Ends the composition and appends `text` as it is (a paste, or text from the system's own
  /// input method).
  ///
  /// - Returns: One output for both: the composition and `text` as its commit.
  @discardableResult
  public mutating func insertText(_ text: String) -> KeyOutput {
    var output = inputMethod.flush()
    output.commit += text
    output.consumed = !output.commit.isEmpty
    return apply(output)
  }

  /// Ends the composition, deletes the last `count` characters of the text (composition
  /// included) and appends `replacement`: a suggestion replacing the word being typed.
  ///
  /// - Returns: One output that takes the document from before the call to after it: a
  ///   mirror of the finished text (tmux) erases only what it had of the word.
  @discardableResult
  public mutating func replaceTrailingCharacters(
    _ count: Int, with replacement: String
  ) -> KeyOutput {
    var output = inputMethod.flush()
    // The composition was never in the document: drop its characters from the commit
    // instead of erasing them.
    let open = output.commit
    let fromComposition = min(max(0, count), open.count)
    output.commit = String(open.dropLast(fromComposition)) + replacement
    output.erase = max(0, count) - fromComposition
    output.consumed = true
    return apply(output)
  }

  /// Throws away the composition and the text, keeping the current layout.
  public mutating func reset() {
    inputMethod.reset()
    buffer.removeAll()
  }

  /// Applies `output` to the document and reports what really happened.
  private mutating func apply(_ output: consuming KeyOutput) -> KeyOutput {
    // Most presses only change the preedit: the document is not touched.
    if output.erase == 0, output.commit.isEmpty { return output }
    let edit = buffer.apply(output)
    guard edit.removedCharacters != output.erase else { return output }
    var applied = output
    applied.erase = edit.removedCharacters
    if edit.removedCharacters == 0, applied.commit.isEmpty { applied.consumed = false }
    return applied
  }
}
