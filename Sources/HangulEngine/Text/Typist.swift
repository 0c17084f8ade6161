/// What a ``Typist`` writes finished text into: a ``TextBuffer``, or a front end's own
/// document (the pad's, the line of a program the pad types into).
///
/// Every write happens at the cursor: delete some characters before it, then add text.
public protocol TypedDocument {
  /// What undoes one write, for a front end that rolls writes back.
  associatedtype Edit

  /// Deletes up to `count` characters before the cursor, then writes `text`.
  ///
  /// - Returns: The edit, and how many characters the delete took (fewer than `count` when
  ///   the document ran out).
  mutating func replaceTrailing(_ count: Int, with text: String) -> (edit: Edit, erased: Int)
}

/// A document whose whole text is at hand, as a ``TextBuffer``.
public protocol BufferedDocument: TypedDocument {
  /// The finished text.
  var buffer: TextBuffer { get }
}

/// An input method and the document it types into: `cheonjiin keys`, the speller, practice,
/// the suggestion simulation, the pad and `cheonjiin run`.
///
/// Named for what it does: it presses keys and writes their text down. Each press goes to
/// the ``InputMethod``, and its ``KeyOutput`` is applied to the document at once, so the
/// document and the preedit are always what the user sees.
///
/// A value type. Copying one on a ``TextBuffer`` copies the document lazily (copy-on-write),
/// so the first edit of a copy costs O(document); a front end that snapshots before every
/// optimistic tap should keep an ``InputMethod`` snapshot and the tap's edit instead.
public struct Typist<Document: TypedDocument> {
  /// The engine: the open composition and the layouts.
  public package(set) var inputMethod: InputMethod
  /// Where the finished text goes; the preedit is not in it.
  public package(set) var document: Document

  /// Pairs an engine with a document.
  ///
  /// - Parameters:
  ///   - inputMethod: The engine to type with; its composition, if any, stays open.
  ///   - document: The document to start from (a restored draft).
  public init(_ inputMethod: InputMethod, document: Document) {
    self.inputMethod = inputMethod
    self.document = document
  }

  // MARK: - Reading

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
    apply(inputMethod.tap(key)).output
  }

  /// Holds a key (see ``InputMethod/hold(_:)``) and applies its output to the document.
  @discardableResult
  public mutating func hold(_ key: Int) -> KeyOutput {
    apply(inputMethod.hold(key)).output
  }

  /// Ends the composition, appending it to the document.
  @discardableResult
  public mutating func flush() -> KeyOutput {
    apply(inputMethod.flush()).output
  }

  /// Switches layout (see ``InputMethod/switchLayout(to:)``), appending the composition.
  @discardableResult
  public mutating func switchLayout(to id: String) -> KeyOutput {
    apply(inputMethod.switchLayout(to: id)).output
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
    return apply(output).output
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
    return apply(output).output
  }

  /// Applies `output` to the document and reports what really happened.
  ///
  /// - Returns: The output as applied, and the document's edit (nil when nothing was
  ///   written), for a front end that rolls optimistic taps back.
  package mutating func apply(
    _ output: consuming KeyOutput
  ) -> (output: KeyOutput, edit: Document.Edit?) {
    // Most presses only change the preedit: the document is not touched.
    if output.erase == 0, output.commit.isEmpty { return (output, nil) }
    let (edit, erased) = document.replaceTrailing(output.erase, with: output.commit)
    guard erased != output.erase else { return (output, edit) }
    var applied = output
    applied.erase = erased
    if erased == 0, applied.commit.isEmpty { applied.consumed = false }
    return (applied, edit)
  }
}

extension Typist: Sendable where Document: Sendable {}
extension Typist: Equatable where Document: Equatable {}
extension Typist: Hashable where Document: Hashable {}

extension Typist where Document: BufferedDocument {
  /// The finished text.
  public var buffer: TextBuffer { document.buffer }

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
}

extension Typist where Document == TextBuffer {
  /// Pairs an engine with a document holding `text` (a restored draft).
  public init(_ inputMethod: InputMethod, text: String = "") {
    self.init(inputMethod, document: TextBuffer(text))
  }

  /// An empty document and a fresh engine on `layouts`.
  public init(layouts: [Layout], initial: Int = 0) {
    self.init(InputMethod(layouts: layouts, initial: initial))
  }

  /// Throws away the composition and the text, keeping the current layout.
  public mutating func reset() {
    inputMethod.reset()
    document.removeAll()
  }
}
