import HangulEngine
import LayoutLoading
import Suggestions
import TerminalInput
import TerminalUI

/// What one press did, as the front ends and practice observe it.
package struct KeyStroke {
  /// The layout the key belongs to (the one current when it went down).
  package var layout: Int
  /// The key pressed; nil for a press that only ends the composition (Tab on Galaxy).
  package var key: Int?
  package var isHold: Bool
  /// Earlier taps of the same physical press that this one replaced (a tap turned hold).
  package var replacing: Int
  package var output: KeyOutput
  /// What the press changed at the end of the document.
  package var change: DocumentChange
  /// The word this press finished by typing the first separator after it, if any.
  package var finishedWord: String?
}

/// The pad itself, shared by the keypad screen and practice: the engine, the document it
/// types into, the keymaps, the arrow-key focus, the key flashes, and the optimistic taps
/// of the press that is down (a tap may turn out to be the start of a hold).
///
/// Pure. A front end resolves a ``PadAction`` through ``PadBindings`` and calls ``tap(_:)``,
/// ``hold(_:)`` and the rest; what each press did comes back as a ``KeyStroke``, so practice
/// observes presses without reaching inside.
package struct Keypad {
  /// The engine, the document it types into and the taps of the key that is down.
  package var typing: TypingCore<PadDocument>
  package let keymaps: [Keymap]
  package private(set) var keymapIndex: Int
  /// The key the arrow keys have focused, if any.
  package var focus: Int? = nil
  private var flashes: [Int: Instant] = [:]
  private let flashMs: UInt64
  /// When the last press reached the engine (the layout's auto-commit timeout counts from it).
  package private(set) var lastPressAt: Instant? = nil

  package var engine: InputMethod { typing.engine }
  package var document: TextBuffer { typing.sink.buffer }

  /// How many edits the document has had (see ``changedOffset(since:)``).
  package var documentEdits: Int { typing.sink.edits }

  /// The lowest byte offset of the document changed after edit number `seen`; nil when
  /// nothing did.
  package func changedOffset(since seen: Int) -> Int? {
    typing.sink.changedOffset(since: seen)
  }

  /// Changes whenever the text (document or preedit) may have changed.
  package var version: Int { typing.version }
  /// The corner hints of every keymap on every layout (`hintTable[keymap][layout]`), worked
  /// out once: the pad draws them on every frame.
  private let hintTable: [[[Int: String]]]
  /// The layouts as loaded: each keymap gives their letter keys its keycap digits.
  private let baseLayouts: [Layout]

  package init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, flashMs: UInt64,
    strings: UIStrings = UIStrings(.korean)
  ) {
    let layouts = strings.withInterfaceLabels(layouts)
    self.keymaps =
      keymaps.isEmpty ? [Keymap(id: "none", name: "-", englishName: "-", bindings: [:])] : keymaps
    keymapIndex = self.keymaps.firstIndex { $0.id == keymap } ?? 0
    baseLayouts = layouts
    typing = TypingCore(
      engine: InputMethod(layouts: self.keymaps[keymapIndex].withKeycapDigits(layouts)),
      sink: PadDocument())
    self.flashMs = flashMs
    hintTable = self.keymaps.map { keymap in
      layouts.map { layout in
        var hints = keymap.hints(for: layout).filter { key, hint in hint != layout.keys[key].label }
        // On a pad of digits each keypad digit types itself (see PadBindings.resolve): no
        // digit hints there, they would name another key.
        if PadBindings.digitKey(7, in: layout) != nil, keymap.id == "numpad" {
          hints = hints.filter { _, hint in !(hint.count == 1 && hint.first?.isNumber == true) }
        }
        // Esc also closes: say so on the dismiss key when no pad key is bound to it.
        if let dismiss = layout.keys.firstIndex(where: { $0.action == .dismiss }),
          hints[dismiss] == nil
        {
          hints[dismiss] = "Esc"
        }
        return hints
      }
    }
  }

  /// The physical key names drawn in the corners of the current layout's keys.
  package var hints: [Int: String] {
    let table = hintTable[keymapIndex]
    return table.indices.contains(engine.layoutIndex) ? table[engine.layoutIndex] : [:]
  }

  /// Which hints ``hints`` are: equal numbers, equal hints (for the painter's stamps).
  package var hintsID: Int { keymapIndex * 1_000 + engine.layoutIndex }

  package var keymap: Keymap { keymaps[keymapIndex] }
  package var layout: Layout { engine.layout }

  /// The document followed by the open composition: what the user sees.
  package var text: String { document.text + engine.preedit.string }

  /// The last character of ``text``, without making the text.
  var lastCharacter: Character? { typing.lastCharacter }

  /// The pad's bindings now.
  package func bindings(suggestionKeys: Set<PhysicalKey> = []) -> PadBindings {
    PadBindings(
      keymaps: keymaps, keymap: keymap, layout: engine.layout, focus: focus,
      suggestionKeys: suggestionKeys)
  }

  /// The keymap used before the last switch, which the next switch goes back to.
  package private(set) var previousKeymapIndex: Int? = nil

  /// Switches the keymap (F2).
  ///
  /// Back to the one used before, or the first time to the next one: an accidental F2 is
  /// undone by another, whatever keymaps there are.
  package mutating func switchKeymap() {
    guard keymaps.count > 1 else { return }
    let target = previousKeymapIndex ?? (keymapIndex + 1) % keymaps.count
    previousKeymapIndex = keymapIndex
    keymapIndex = target
    typing.replaceHolds(with: keymaps[target].withKeycapDigits(baseLayouts))
  }

  // MARK: - Presses

  /// Applies a tap optimistically: a hold can roll it back until the run ends.
  package mutating func tap(_ source: PressSource, replacing: Int = 0, at time: Instant)
    -> KeyStroke?
  {
    press(source, .tap, replacing: replacing, at: time)
  }

  /// Rolls back the run's last `undoTaps` taps, then applies the key's hold action.
  package mutating func hold(_ source: PressSource, undoTaps: Int, at time: Instant) -> KeyStroke? {
    typing.rollBack(undoTaps)
    return press(source, .hold, replacing: undoTaps, at: time)
  }

  /// One more tick of a repeating key (⌫ held).
  ///
  /// Never rolled back.
  package mutating func repeatTick(_ source: PressSource, at time: Instant) -> KeyStroke? {
    press(source, .repeatTick, replacing: 0, at: time)
  }

  /// The run is over: its taps stand.
  package mutating func release() {
    typing.release()
  }

  /// Restores the state from before the run's last `count` taps.
  ///
  /// - Returns: The document change that undoes them, for mirrors; nil when the run has
  ///   fewer taps.
  @discardableResult
  package mutating func rollBack(_ count: Int) -> DocumentChange? {
    typing.rollBack(count) ? typing.takeChange() : nil
  }

  private enum PressKind { case tap, hold, repeatTick }

  private mutating func press(
    _ source: PressSource, _ kind: PressKind, replacing: Int, at time: Instant
  ) -> KeyStroke? {
    guard let target = bindings().resolve(source) else { return nil }
    lastPressAt = time
    let layoutIndex = engine.layoutIndex
    var key: Int? = nil
    if case .key(let pressed) = target {
      key = pressed
      flashes[pressed] = time + .milliseconds(flashMs)
    }
    let press: TypedPress
    switch kind {
    case .tap: press = typing.tap(target)
    case .hold:
      // A hold types the digit on the key under the finger: with kitty the top-row digits are
      // bound by the phone keymap while the keypad's holds are the current keymap's.
      if case .physical(let physical, let fromKitty) = source,
        case let bound = bindings().keymap(for: physical, fromKitty: fromKitty),
        bound.id != keymap.id
      {
        typing.replaceHolds(with: bound.withKeycapDigits(baseLayouts))
        press = typing.hold(target)
        typing.replaceHolds(with: keymap.withKeycapDigits(baseLayouts))
      } else {
        press = typing.hold(target)
      }
    case .repeatTick: press = typing.repeatTick(target)
    }
    return KeyStroke(
      layout: layoutIndex, key: key, isHold: kind == .hold && key != nil, replacing: replacing,
      output: press.output, change: typing.takeChange(), finishedWord: press.finishedWord)
  }

  // MARK: - The document

  /// Ends the composition: what it held becomes document text (Esc, the idle timeout).
  package mutating func flush() -> DocumentChange {
    typing.flush()
    return typing.takeChange()
  }

  /// Ends the composition and adds `text` as it is (a paste, the system's input method).
  package mutating func insert(_ text: String) -> DocumentChange {
    typing.insert(text)
    return typing.takeChange()
  }

  /// Replaces the whole document (a restored draft).
  package mutating func setText(_ text: String) {
    var engine = typing.engine
    engine.reset()
    typing.reset(to: engine, sink: typing.sink.replaced(with: text))
  }

  /// The engine and the document, for what checks typed text (practice).
  package var typist: Typist<PadDocument> { typing.typist }

  /// Starts over on the engine's first layout (a new practice item).
  package mutating func reset(to engine: InputMethod) {
    typing.reset(to: engine, sink: typing.sink.replaced(with: ""))
    focus = nil
  }

  // MARK: - Flashes

  /// Keys lit now.
  func flashedKeys(at time: Instant) -> [Int] {
    flashes.compactMap { $0.value > time ? $0.key : nil }
  }

  /// Drops flashes that are over; returns whether any was.
  package mutating func endFlashes(at time: Instant) -> Bool {
    let before = flashes.count
    flashes = flashes.filter { $0.value > time }
    return flashes.count != before
  }

  package var nextFlashEnd: Instant? { flashes.values.min() }
}
