/// What one key press did: libhangul's `hangul_ic_process` result with its commit and preedit
/// strings, in one value.
///
/// The engine never holds the document. A front end keeps its own text (``TextBuffer``, or
/// ``Typist`` for both together) and, after every press, deletes ``erase`` characters before
/// the cursor, then appends ``commit``; it shows ``preedit`` after the text.
public struct KeyOutput: Sendable, Hashable {
  /// False when the key had nothing to act on (→ with nothing open, a key index the layout does not
  /// have).
  ///
  /// ``Typist`` also reports false for ⌫ on empty text.
  public var consumed: Bool
  /// Text this press finished; the front end appends it to its document.
  public var commit: String
  /// Characters (grapheme clusters) the front end deletes before the cursor, before appending
  /// ``commit``: 1 for ⌫ with no composition open, else 0.
  public var erase: Int
  /// The open composition after the press, as displayed (never conjoining jamo).
  ///
  /// A value that makes no String on the key path: read ``Preedit/string`` where it is shown.
  public var preedit: Preedit
  /// Set when the press asks the front end to do something.
  public var event: KeyEvent?
  /// The step the press took in the automaton, as the engine's branch reports it.
  public var transition: Transition

  public init(
    consumed: Bool, commit: String = "", erase: Int = 0, preedit: Preedit = Preedit(),
    event: KeyEvent? = nil, transition: Transition = .nothing
  ) {
    self.consumed = consumed
    self.commit = commit
    self.erase = erase
    self.preedit = preedit
    self.event = event
    self.transition = transition
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
/// Feed it key indices of the current layout with ``tap(_:)`` and ``hold(_:)``; each press
/// returns a ``KeyOutput`` saying what it committed, what to erase and what the preedit is
/// now. The input method holds only the open composition (with its undo steps) and the
/// layout state, never the document, so it stays small: assigning it to a variable is an O(1)
/// snapshot, and assigning the snapshot back restores it (the front end does this when a tap
/// turns out to be the start of a hold, reverting the tap's ``TextEdit`` as well).
public struct InputMethod: Sendable, Hashable {
  public private(set) var layouts: [Layout]
  public private(set) var layoutIndex: Int
  private(set) var composer: Composer
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

  /// The current layout.
  ///
  /// An input method made with no layouts has an empty one.
  public var layout: Layout {
    layouts.indices.contains(layoutIndex)
      ? layouts[layoutIndex]
      : Layout(id: "", name: "", keys: [], rows: [], composer: ComposerSettings())
  }

  // MARK: - Reading

  /// The open composition as displayed: the one way to read it, the same value as the last
  /// output's ``KeyOutput/preedit``.
  ///
  /// Makes no String: read ``Preedit/string`` or ``Preedit/composingTail`` where it is shown,
  /// ``Preedit/withUTF8(_:)`` to copy its bytes.
  public var preedit: Preedit { composer.preedit }
  public var isComposing: Bool { composer.isComposing }

  /// The whole cycle of the consonant key pressed last, while it can still cycle (the key was the
  /// last press of an open composition): `[ㄴ, ㄹ]` after `ㄴ`.
  ///
  /// Suggestions treat the last consonant as any letter of it, so they do not flicker while the key
  /// cycles.
  public var cyclingConsonants: [Choseong]? {
    guard case .consonant(let key) = composer.last, layout.keys.indices.contains(key),
      case .consonant(let cycle, _) = layout.keys[key].action
    else { return nil }
    return cycle
  }

  // MARK: - Key presses

  /// Taps a key of the current layout.
  ///
  /// - Parameter key: An index into `layout.keys`; any other value is not consumed.
  /// - Returns: What the press consumed, committed and erased, and the preedit after it.
  ///
  /// This method changes the engine state. Compare ``hold(_:)``.
  public mutating func tap(_ key: Int) -> KeyOutput {
    guard layouts.indices.contains(layoutIndex), layouts[layoutIndex].keys.indices.contains(key)
    else { return KeyOutput(consumed: false, preedit: composer.preedit) }
    let action = layouts[layoutIndex].keys[key].action
    return perform(action, key: key)
  }

  /// Holds a key of the current layout for the hold delay: its hold action instead of a tap (a
  /// letter key's digit, which commits the composition and the digit).
  ///
  /// A key without a hold action, or whose hold repeats, acts as one tap; the front end repeats it
  /// while the key stays down.
  ///
  /// If the tap of this press was already applied, restore the snapshot from before it first
  /// (and revert the tap's edit of the document).
  ///
  /// This method changes the engine state. Compare ``tap(_:)``.
  public mutating func hold(_ key: Int) -> KeyOutput {
    guard layouts.indices.contains(layoutIndex), layouts[layoutIndex].keys.indices.contains(key)
    else { return KeyOutput(consumed: false, preedit: composer.preedit) }
    switch layouts[layoutIndex].keys[key].hold {
    case .text(let text):
      // The digit closes any composition.
      return KeyOutput(
        consumed: true, commit: composer.insert(text), preedit: composer.preedit,
        transition: .held)
    case .repeatTap, nil:
      return tap(key)
    }
  }

  /// This engine (its layout, its composition) on `layouts`, the same layouts with other
  /// hold actions (a keymap's keycap digits); nil when they differ in anything else.
  public func withHolds(of layouts: [Layout]) -> InputMethod? {
    func shape(_ layout: Layout) -> [KeyAction] { layout.keys.map(\.action) }
    guard layouts.map(\.id) == self.layouts.map(\.id),
      layouts.map(shape) == self.layouts.map(shape)
    else { return nil }
    var engine = self
    engine.layouts = layouts
    return engine
  }

  /// Ends the composition, committing it (the iPhone → key, or an idle timeout).
  ///
  /// - Returns: The composition as ``KeyOutput/commit``; not consumed when none was open.
  ///
  /// This method changes the engine state. Compare ``reset()``, which throws the composition
  /// away.
  public mutating func flush() -> KeyOutput {
    perform(.next, key: -1)
  }

  /// Throws the composition away, keeping the current layout.
  ///
  /// Commits nothing.
  ///
  /// Compare ``flush()``.
  public mutating func reset() {
    composer.reset()
  }

  /// Switches to the layout with this id (or ``Layout/homeID``), committing the composition.
  ///
  /// - Returns: The committed composition and ``KeyEvent/switchedLayout``; not consumed (and
  ///   nothing changed) when there is no such layout.
  public mutating func switchLayout(to id: String) -> KeyOutput {
    guard let index = layouts.index(ofSwitchTarget: id) else {
      return KeyOutput(consumed: false, preedit: composer.preedit)
    }
    let commit = switchLayout(toIndex: index)
    return KeyOutput(
      consumed: true, commit: commit, preedit: composer.preedit, event: .switchedLayout,
      transition: .switchedLayout)
  }

  // MARK: - Helpers

  private mutating func perform(_ action: KeyAction, key: Int) -> KeyOutput {
    var consumed = true
    var commit = ""
    var erase = 0
    var event: KeyEvent? = nil
    let transition: Transition
    switch action {
    case .vowel(let stroke):
      transition = composer.stroke(stroke)
    case .consonant(let cycle, let wraps):
      transition = composer.consonant(key: key, cycle: cycle, wraps: wraps)
    case .text(let cycle):
      (commit, transition) = composer.text(key: key, cycle: cycle)
    case .spaceNext:
      (commit, transition) = composer.spaceOrNext()
    case .space:
      commit = composer.space()
      transition = .space
    case .next:
      consumed = composer.isComposing
      commit = composer.commitComposition()
      transition = consumed ? .syllableEnded : .nothing
    case .backspace:
      (erase, transition) = composer.backspace()
    case .enter:
      commit = composer.insert("\n")
      transition = .newline
    case .switchLayout:
      if let target = switchTargets[layoutIndex][key] {
        commit = switchLayout(toIndex: target)
        event = .switchedLayout
        transition = .switchedLayout
      } else {
        consumed = false  // the loader rejects such layouts; nothing to act on
        transition = .nothing
      }
    case .dismiss:
      commit = composer.commitComposition()
      event = .dismiss
      transition = .dismissed
    }
    return KeyOutput(
      consumed: consumed, commit: commit, erase: erase, preedit: composer.preedit,
      event: event, transition: transition)
  }

  /// Commits the composition and makes `index` the current layout.
  ///
  /// - Returns: The committed composition.
  private mutating func switchLayout(toIndex index: Int) -> String {
    let commit = composer.commitComposition()
    layoutIndex = index
    composer.settings = layouts[index].composer
    return commit
  }
}
