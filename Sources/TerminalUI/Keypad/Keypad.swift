import HangulEngine
import LayoutLoading
import Suggestions
import TerminalInput

/// What one press did, as the front ends and practice observe it.
struct KeyStroke {
  /// The layout the key belongs to (the one current when it went down).
  var layout: Int
  /// The key pressed; nil for a press that only ends the composition (Tab on Galaxy).
  var key: Int?
  var isHold: Bool
  /// Earlier taps of the same physical press that this one replaced (a tap turned hold).
  var replacing: Int
  var output: KeyOutput
  /// What the press changed at the end of the document.
  var change: DocumentChange
  /// The word this press finished by typing the first separator after it, if any.
  var finishedWord: String?
}

/// A change at the end of the document, for mirrors of it (`--tmux-target`): delete
/// `erase` characters, then type `insert`.
struct DocumentChange: Hashable {
  var erase: Int
  var insert: String
}

/// The pad itself, shared by the keypad screen and practice: the engine, the document it
/// types into, the keymaps, the arrow-key focus, the key flashes, and the optimistic taps
/// of the press that is down (a tap may turn out to be the start of a hold).
///
/// Pure. A front end resolves a ``PadAction`` through ``PadBindings`` and calls ``tap(_:)``,
/// ``hold(_:)`` and the rest; what each press did comes back as a ``KeyStroke``, so practice
/// observes presses without reaching inside.
struct Keypad {
  private(set) var engine: InputMethod
  private(set) var document = TextBuffer()
  let keymaps: [Keymap]
  private(set) var keymapIndex: Int
  /// The key the arrow keys have focused, if any.
  var focus: Int? = nil
  private var flashes: [Int: Instant] = [:]
  private let flashMs: UInt64
  /// For each optimistic tap of the open run: the engine before it and its document edit.
  private var taps: [(engine: InputMethod, edit: TextEdit)] = []
  /// When the last press reached the engine (the layout's auto-commit timeout counts from it).
  private(set) var lastPressAt: Instant? = nil
  /// The lowest byte offset of the document changed since ``takeChange()``; everything
  /// before it is as it was (the text area lays out again from there).
  private var changedFrom: Int? = nil

  /// Where the document changed since the last call, and forgets it.
  mutating func takeChange() -> Int? {
    defer { changedFrom = nil }
    return changedFrom
  }

  private mutating func noteChange(from offset: Int) {
    changedFrom = min(changedFrom ?? offset, offset)
    version &+= 1
  }

  /// Applies an edit's effect to the change tracking: it removed and added at the end.
  private mutating func noteEdit(_ edit: TextEdit) {
    noteChange(from: document.utf8.count - edit.appendedByteCount)
  }

  /// The pad's faces at rest, drawn once (a reference shared by copies of the pad).
  let stamps = PadStamps()
  /// The screen kept from frame to frame (a reference, like ``stamps``).
  let painter = KeypadPainter()
  /// Changes whenever the text (document or preedit) may have changed.
  private(set) var version = 0
  /// The corner hints of every keymap on every layout (`hintTable[keymap][layout]`), worked
  /// out once: the pad draws them on every frame.
  private let hintTable: [[[Int: String]]]

  init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, flashMs: UInt64,
    strings: UIStrings = UIStrings(.korean)
  ) {
    let layouts = strings.withInterfaceLabels(layouts)
    engine = InputMethod(layouts: layouts)
    self.keymaps =
      keymaps.isEmpty ? [Keymap(id: "none", name: "-", englishName: "-", bindings: [:])] : keymaps
    keymapIndex = self.keymaps.firstIndex { $0.id == keymap } ?? 0
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
  var hints: [Int: String] {
    let table = hintTable[keymapIndex]
    return table.indices.contains(engine.layoutIndex) ? table[engine.layoutIndex] : [:]
  }

  /// Which hints ``hints`` are: equal numbers, equal hints (for the pad's stamps).
  var hintsID: Int { keymapIndex * 1_000 + engine.layoutIndex }

  var keymap: Keymap { keymaps[keymapIndex] }
  var layout: Layout { engine.layout }

  /// The document followed by the open composition: what the user sees.
  var text: String { document.text + engine.preedit }

  /// The last character of ``text``, without making the text.
  var lastCharacter: Character? {
    engine.preedit.last ?? document.tail(maximumBytes: 16).last
  }

  /// The end of ``text``, long enough for any word: what the suggestion bar looks at,
  /// without copying the whole document on every key.
  var textTail: String {
    document.tail(maximumBytes: 256) + engine.preedit
  }

  /// The pad's bindings now.
  func bindings(suggestionKeys: Set<PhysicalKey> = []) -> PadBindings {
    PadBindings(
      keymaps: keymaps, keymap: keymap, layout: engine.layout, focus: focus,
      suggestionKeys: suggestionKeys)
  }

  /// The keymap used before the last switch, which the next switch goes back to.
  private(set) var previousKeymapIndex: Int? = nil

  /// Switches the keymap (F2).
  ///
  /// Back to the one used before, or the first time to the next one: an accidental F2 is
  /// undone by another, whatever keymaps there are.
  mutating func switchKeymap() {
    guard keymaps.count > 1 else { return }
    let target = previousKeymapIndex ?? (keymapIndex + 1) % keymaps.count
    previousKeymapIndex = keymapIndex
    keymapIndex = target
  }

  // MARK: - Presses

  /// Applies a tap optimistically: the engine and the edit are kept until the run ends, so
  /// a hold can roll it back.
  mutating func tap(_ source: PressSource, replacing: Int = 0, at time: Instant) -> KeyStroke? {
    let before = engine
    guard let stroke = press(source, isHold: false, replacing: replacing, at: time) else {
      return nil
    }
    taps.append((before, lastEdit))
    return stroke
  }

  /// Rolls back the run's last `undoTaps` taps, then applies the key's hold action.
  mutating func hold(_ source: PressSource, undoTaps: Int, at time: Instant) -> KeyStroke? {
    rollBack(undoTaps)
    return press(source, isHold: true, replacing: undoTaps, at: time)
  }

  /// One more tick of a repeating key (⌫ held).
  ///
  /// Never rolled back.
  mutating func repeatTick(_ source: PressSource, at time: Instant) -> KeyStroke? {
    press(source, isHold: false, replacing: 0, at: time)
  }

  /// The run is over: its taps stand.
  mutating func release() {
    taps.removeAll()
  }

  /// Restores the state from before the run's last `count` taps.
  ///
  /// - Returns: The document change that undoes them, for mirrors.
  @discardableResult
  mutating func rollBack(_ count: Int) -> DocumentChange? {
    guard count > 0, taps.count >= count else { return nil }
    var change = DocumentChange(erase: 0, insert: "")
    for tap in taps.suffix(count).reversed() {
      noteChange(from: document.utf8.count - tap.edit.appendedByteCount)
      change.then(document.revertReporting(tap.edit))
    }
    engine = taps[taps.count - count].engine
    taps.removeLast(count)
    version &+= 1
    return change
  }

  /// The edit of the last press, for ``tap(_:replacing:at:)``.
  private var lastEdit = TextEdit(removed: "", removedCharacters: 0, appendedByteCount: 0)

  private mutating func press(
    _ source: PressSource, isHold: Bool, replacing: Int, at time: Instant
  ) -> KeyStroke? {
    guard let resolution = bindings().resolve(source) else { return nil }
    lastPressAt = time
    version &+= 1
    let layoutIndex = engine.layoutIndex
    // Only a press that ends the text with a separator can finish a word: the tails (a
    // string each) are made for those presses alone.
    let lastBefore = lastCharacter
    let key: Int?
    var output: KeyOutput
    switch resolution {
    case .flush:
      key = nil
      output = engine.flush()
    case .key(let pressed):
      key = pressed
      flashes[pressed] = time + .milliseconds(flashMs)
      output = isHold ? engine.hold(pressed) : engine.tap(pressed)
    }
    output = closingUp(output)
    lastEdit = document.apply(output)
    noteEdit(lastEdit)
    return KeyStroke(
      layout: layoutIndex, key: key, isHold: isHold && key != nil, replacing: replacing,
      output: output, change: DocumentChange(lastEdit, in: document),
      finishedWord: lastCharacter.map(isSeparator) == true && lastBefore.map(isSeparator) == false
        ? SuggestionBar.finishedWord(before: String(lastBefore ?? " "), after: textTail) : nil)
  }

  /// Whether the document ends with the space a taken suggestion added, with nothing
  /// pressed since.
  private(set) var endsWithSuggestionSpace = false

  /// A taken suggestion added a space after the word (the controller says so).
  mutating func noteSuggestionSpace() {
    endsWithSuggestionSpace = document.utf8.last == UInt8(ascii: " ")
  }

  /// Punctuation right after a taken suggestion closes up to the word.
  ///
  /// As Samsung's keyboard does: "감사합니다." and not "감사합니다 .". The space goes in the same edit as the mark,
  /// so rolling the tap back (a hold) brings it back.
  private mutating func closingUp(_ output: KeyOutput) -> KeyOutput {
    defer { endsWithSuggestionSpace = false }
    guard endsWithSuggestionSpace, output.erase == 0, output.commit.isEmpty,
      let mark = output.preedit.string.first, ".,?!".contains(mark)
    else { return output }
    var closed = output
    closed.erase = 1
    return closed
  }

  // MARK: - The document

  /// Ends the composition: what it held becomes document text (Esc, the idle timeout).
  mutating func flush() -> DocumentChange {
    version &+= 1
    lastEdit = document.apply(engine.flush())
    noteEdit(lastEdit)
    return DocumentChange(lastEdit, in: document)
  }

  /// Ends the composition and adds `text` as it is (a paste, the system's input method).
  mutating func insert(_ text: String) -> DocumentChange {
    var change = flush()
    let edit = document.append(text)
    noteEdit(edit)
    change.then(DocumentChange(edit, in: document))
    return change
  }

  /// Replaces the last `count` characters (the typed word) with `replacement`, ending the
  /// composition first (a suggestion taken from the bar).
  ///
  /// A mirror never saw the preedit; the flush sends it and the replacement takes it back,
  /// which ``DocumentChange/then(_:)`` cancels out.
  mutating func replaceTrailingCharacters(_ count: Int, with replacement: String)
    -> DocumentChange
  {
    var change = flush()
    let edit = document.replaceTrailingCharacters(count, with: replacement)
    noteEdit(edit)
    change.then(DocumentChange(edit, in: document))
    return change
  }

  /// Replaces the whole document (a restored draft).
  mutating func setText(_ text: String) {
    engine.reset()
    document = TextBuffer(text)
    taps.removeAll()
    noteChange(from: 0)
  }

  /// The engine and the document, for what checks typed text (practice).
  var typist: Typist { Typist(engine, buffer: document) }

  /// Starts over on the engine's first layout (a new practice item).
  mutating func reset(to engine: InputMethod) {
    self.engine = engine
    document.removeAll()
    taps.removeAll()
    focus = nil
    noteChange(from: 0)
  }

  // MARK: - Flashes

  /// Keys lit now.
  func flashedKeys(at time: Instant) -> [Int] {
    flashes.compactMap { $0.value > time ? $0.key : nil }
  }

  /// Drops flashes that are over; returns whether any was.
  mutating func endFlashes(at time: Instant) -> Bool {
    let before = flashes.count
    flashes = flashes.filter { $0.value > time }
    return flashes.count != before
  }

  var nextFlashEnd: Instant? { flashes.values.min() }
}

extension DocumentChange {
  /// The change an edit just made: valid right after the edit, while its appended bytes are
  /// still the document's last.
  init(_ edit: TextEdit, in document: TextBuffer) {
    let inserted = document.utf8.suffix(edit.appendedByteCount)
    self.init(erase: edit.removedCharacters, insert: String(decoding: inserted, as: UTF8.self))
  }

  var isEmpty: Bool { erase == 0 && insert.isEmpty }

  /// Follows this change with another: an erase right after an insert takes back what it
  /// can of the insert first.
  mutating func then(_ next: DocumentChange) {
    var erase = next.erase
    while erase > 0, !insert.isEmpty {
      insert.removeLast()
      erase -= 1
    }
    self.erase += erase
    insert += next.insert
  }
}

extension TextBuffer {
  /// Undoes an edit (``revert(_:)``) and says what that changed, for mirrors.
  mutating func revertReporting(_ edit: TextEdit) -> DocumentChange {
    let inserted = String(decoding: utf8.suffix(edit.appendedByteCount), as: UTF8.self)
    revert(edit)
    return DocumentChange(erase: inserted.count, insert: edit.removed)
  }
}
