/// What one key press did, beside changing the text.
///
/// Follows libhangul's contract: whether the key was consumed, and what it committed. The
/// preedit is read from the input method afterwards.
public struct KeyOutput: Sendable, Hashable {
  /// False when the key had nothing to act on (⌫ on empty text, → with nothing open).
  public var consumed: Bool
  /// Where text committed by this press starts in `committed`, as a UTF-8 offset.
  /// Equal to `committed.utf8.count` when the press committed nothing.
  public var commitStart: Int
  /// Committed characters deleted by this press (⌫ outside a composition).
  public var deleted: Int
  /// Set when the press asks the front end to do something.
  public var event: KeyEvent?

  public init(consumed: Bool, commitStart: Int, deleted: Int = 0, event: KeyEvent? = nil) {
    self.consumed = consumed
    self.commitStart = commitStart
    self.deleted = deleted
    self.event = event
  }
}

/// A request from a key press to the front end.
public enum KeyEvent: Sendable, Hashable {
  /// The dismiss key: typing is over.
  case dismiss
  /// A switch key changed the current layout.
  case switchedLayout
}

/// The input engine's facade: a set of layouts, the current one, and the composer.
///
/// Feed it key indices of the current layout with ``tap(_:)`` and ``hold(_:)``; read
/// ``committed`` and ``preedit``. It is a value: assigning it to a variable is an O(1)
/// snapshot, and assigning the snapshot back restores it (the front end does this when a tap
/// turns out to be the start of a hold).
public struct InputMethod: Sendable, Hashable {
  public private(set) var layouts: [Layout]
  public private(set) var layoutIndex: Int
  public private(set) var composer: Composer
  /// For each layout and key, the index of the layout a switch key goes to.
  private let switchTargets: [[Int?]]

  /// - Parameters:
  ///   - layouts: Every layout the keys can switch between; the loader checks that each
  ///     switch target is among them.
  ///   - initial: The index of the layout to start on.
  public init(layouts: [Layout], initial: Int = 0) {
    self.layouts = layouts
    self.layoutIndex = layouts.indices.contains(initial) ? initial : 0
    self.switchTargets = layouts.map { layout in
      layout.keys.map { key in
        guard case .switchLayout(let target) = key.action else { return nil }
        return layouts.index(ofSwitchTarget: target)
      }
    }
    self.composer = Composer(settings: layouts.first?.composer ?? ComposerSettings())
    if layouts.indices.contains(layoutIndex) {
      composer.settings = layouts[layoutIndex].composer
    }
  }

  /// The current layout. An input method made with no layouts has an empty one.
  public var layout: Layout {
    layouts.indices.contains(layoutIndex)
      ? layouts[layoutIndex]
      : Layout(id: "", name: "", keys: [], rows: [], composer: ComposerSettings())
  }

  // MARK: - Reading

  public var committed: String { composer.committed }
  public var preedit: String { composer.preedit }
  /// Committed text followed by the preedit, as the user sees it.
  public var text: String { composer.text }
  public var isComposing: Bool { composer.isComposing }

  /// The whole cycle of the consonant key pressed last, while it can still cycle (the key
  /// was the last press of an open composition): `[ㄴ, ㄹ]` after `ㄴ`. Suggestions treat the
  /// last consonant as any letter of it, so they do not flicker while the key cycles.
  public var cyclingConsonants: [Choseong]? {
    guard case .consonant(let key) = composer.last, layout.keys.indices.contains(key),
      case .consonant(let cycle, _) = layout.keys[key].action
    else { return nil }
    return cycle
  }

  /// Ends the composition, deletes the last `count` characters and types `replacement`: a
  /// suggestion replacing the word being typed.
  ///
  /// - Returns: What was deleted (for mirrors of the text) and committed.
  public mutating func replaceTrailingCharacters(_ count: Int, with replacement: String) -> KeyOutput {
    // The preedit was never reported as committed, so a mirror of the committed text (tmux)
    // only has to lose the part of the word that was committed before.
    let uncommitted = composer.preedit.count
    composer.commitComposition()
    var deleted = 0
    while deleted < count, composer.backspace() != nil { deleted += 1 }
    let start = startOfCommit()
    composer.insert(replacement)
    return KeyOutput(consumed: true, commitStart: start, deleted: max(0, deleted - uncommitted))
  }

  /// Appends `text` as UTF-8 to `bytes` without making a String (fast output).
  public func appendText(to bytes: inout [UInt8]) {
    composer.appendText(to: &bytes)
  }

  /// The text a press committed.
  public func commit(of output: KeyOutput) -> Substring {
    let bytes = composer.committedUTF8
    let start = min(output.commitStart, bytes.count)
    return Substring(String(decoding: bytes[start...], as: UTF8.self))
  }

  // MARK: - Key presses

  /// Taps a key of the current layout.
  ///
  /// - Parameter key: An index into `layout.keys`; any other value is not consumed.
  /// - Returns: What the press consumed and committed.
  ///
  /// This method changes the engine state. Compare ``hold(_:)``.
  public mutating func tap(_ key: Int) -> KeyOutput {
    guard layouts.indices.contains(layoutIndex), layouts[layoutIndex].keys.indices.contains(key)
    else { return KeyOutput(consumed: false, commitStart: composer.committedUTF8.count) }
    let action = layouts[layoutIndex].keys[key].action
    return perform(action, key: key)
  }

  /// Holds a key of the current layout for the hold delay: its hold action instead of a tap
  /// (a letter key's digit). A key without a hold action, or whose hold repeats, acts as one
  /// tap; the front end repeats it while the key stays down.
  ///
  /// If the tap of this press was already applied, restore the snapshot from before it first.
  public mutating func hold(_ key: Int) -> KeyOutput {
    guard layouts.indices.contains(layoutIndex), layouts[layoutIndex].keys.indices.contains(key)
    else { return KeyOutput(consumed: false, commitStart: composer.committedUTF8.count) }
    switch layouts[layoutIndex].keys[key].hold {
    case .text(let text):
      let start = startOfCommit()
      composer.insert(text)  // the digit closes any composition
      return KeyOutput(consumed: true, commitStart: start)
    case .repeatTap, nil:
      return tap(key)
    }
  }

  /// Ends the composition and types `text` as it is (a paste, or text from the system's own
  /// input method).
  public mutating func insertText(_ text: String) -> KeyOutput {
    let start = startOfCommit()
    composer.insert(text)
    return KeyOutput(consumed: !text.isEmpty, commitStart: start)
  }

  /// Ends the composition, committing it (the iPhone → key, or an idle timeout).
  public mutating func flush() -> KeyOutput {
    perform(.next, key: -1)
  }

  /// Throws away all text, keeping the current layout.
  public mutating func reset() {
    composer.reset()
  }

  /// Replaces all text with `text` (a restored draft).
  public mutating func setText(_ text: String) {
    composer.setCommitted(text)
  }

  /// Switches to the layout with this id (or ``Layout/homeID``), ending the composition.
  /// Returns false if there is no such layout.
  @discardableResult
  public mutating func switchLayout(to id: String) -> Bool {
    guard let index = layouts.index(ofSwitchTarget: id) else { return false }
    switchLayout(toIndex: index)
    return true
  }

  // MARK: - Helpers

  private func startOfCommit() -> Int {
    composer.committedUTF8.count
  }

  private mutating func perform(_ action: KeyAction, key: Int) -> KeyOutput {
    var output = KeyOutput(consumed: true, commitStart: 0)
    switch action {
    case .vowel(let stroke):
      output.commitStart = startOfCommit()
      composer.stroke(stroke)
    case .consonant(let cycle, let wraps):
      output.commitStart = startOfCommit()
      composer.consonant(key: key, cycle: cycle, wraps: wraps)
    case .text(let cycle):
      output.commitStart = startOfCommit()
      composer.text(key: key, cycle: cycle)
    case .spaceNext:
      output.commitStart = startOfCommit()
      composer.spaceOrNext()
    case .space:
      output.commitStart = startOfCommit()
      composer.space()
    case .next:
      output.commitStart = startOfCommit()
      output.consumed = composer.isComposing
      composer.commitComposition()
    case .backspace:
      let deleted = composer.backspace()
      output.commitStart = startOfCommit()
      output.consumed = deleted != nil
      output.deleted = deleted ?? 0
    case .enter:
      output.commitStart = startOfCommit()
      composer.insert("\n")
    case .switchLayout:
      output.commitStart = startOfCommit()
      composer.commitComposition()
      if let target = switchTargets[layoutIndex][key] {
        switchLayout(toIndex: target)
        output.event = .switchedLayout
      } else {
        output.consumed = false
      }
    case .dismiss:
      output.commitStart = startOfCommit()
      composer.commitComposition()
      output.event = .dismiss
    }
    return output
  }

  private mutating func switchLayout(toIndex index: Int) {
    composer.commitComposition()
    layoutIndex = index
    composer.settings = layouts[index].composer
  }
}
