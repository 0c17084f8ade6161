import HangulEngine
import LayoutLoading
import Suggestions
import TerminalUI

/// Where the typing core writes finished text: the pad's document (``PadDocument``), or the
/// line of the program `cheonjiin run` types into (``SentText``): a document a ``Typist``
/// types into whose writes can be rolled back.
package protocol TypingSink: TypedDocument {
  /// Undoes `edit`, the newest write not yet undone.
  ///
  /// - Returns: What that changed at the end of the text.
  mutating func revert(_ edit: Edit) -> DocumentChange

  /// The end of the written text, long enough for any word; without the open composition.
  var tail: String { get }

  /// The last character written, if known.
  var lastCharacter: Character? { get }
}

/// A change at the end of the text: delete `erase` characters, then type `insert`.
///
/// Mirrors of the pad's document (`--tmux-target`) and the child program of `cheonjiin run`
/// apply it.
package struct DocumentChange: Hashable {
  package var erase: Int
  package var insert: String

  package static let none = DocumentChange(erase: 0, insert: "")

  package var isEmpty: Bool { erase == 0 && insert.isEmpty }

  /// Follows this change with another: an erase right after an insert takes back what it
  /// can of the insert first.
  package mutating func then(_ next: DocumentChange) {
    var erase = next.erase
    while erase > 0, !insert.isEmpty {
      insert.removeLast()
      erase -= 1
    }
    self.erase += erase
    insert += next.insert
  }
}

/// What one press did, as the core reports it.
package struct TypedPress {
  /// The engine's output, as applied (a mark after a taken suggestion closes up to the word).
  package var output: KeyOutput
  /// The word this press finished by typing the first separator after it, if any.
  package var finishedWord: String?
}

/// The one typing core under the pad, practice and `cheonjiin run`.
///
/// It owns the engine, the optimistic taps of the key that is down (a tap may turn out to be
/// the start of a hold, which rolls it back), word replacement for the suggestions, and
/// finished-word detection, around the ``Typist`` that types into a ``TypingSink``.
///
/// Pure. The front end resolves a press through its bindings and calls ``tap(_:)``,
/// ``hold(_:)`` and the rest; after an event it takes what the sink's text gained and
/// lost with ``takeChange()`` (a mirror's keys, the child's bytes).
package struct TypingCore<Sink: TypingSink> {
  /// The engine and where the text goes.
  ///
  /// Written only through the core, which keeps the taps' edits to roll them back; read it
  /// freely.
  package private(set) var typist: Typist<Sink>
  /// For each optimistic tap of the open run: the engine before it and its write, if any.
  private var taps: [(engine: InputMethod, edit: Sink.Edit?)] = []
  /// What the writes changed since ``takeChange()``.
  private var change = DocumentChange.none
  /// Changes whenever the text (sink or composition) may have changed.
  package private(set) var version = 0
  /// Whether the text ends with the space a taken suggestion added, with nothing written
  /// since.
  private(set) var endsWithSuggestionSpace = false

  package init(engine: InputMethod, sink: Sink) {
    typist = Typist(engine, document: sink)
  }

  package var engine: InputMethod { typist.inputMethod }
  var sink: Sink { typist.document }

  /// Gives the engine `layouts`, the same layouts with other holds (a keymap's keycap
  /// digits), keeping what is typed and composing; other layouts are refused (false).
  @discardableResult
  package mutating func replaceHolds(with layouts: [Layout]) -> Bool {
    guard let replaced = engine.withHolds(of: layouts) else { return false }
    typist.inputMethod = replaced
    return true
  }

  /// The end of the text with the open composition: what the suggestion bar looks at.
  package var tail: String { sink.tail + engine.preedit.string }

  /// The last character of the text with the open composition, without making the text.
  var lastCharacter: Character? { engine.preedit.string.last ?? sink.lastCharacter }

  /// What the sink's text gained and lost since the last call, and forgets it.
  package mutating func takeChange() -> DocumentChange {
    defer { change = .none }
    return change
  }

  // MARK: - Presses

  /// Applies a tap optimistically: the engine before it and its write are kept until the run
  /// ends (``release()``), so a hold can roll it back.
  ///
  /// - Parameter target: What the pressed key does now (``PadBindings/resolve(_:)``).
  package mutating func tap(_ target: BindingTarget.Resolution) -> TypedPress {
    let before = engine
    let (press, edit) = press(target, isHold: false)
    taps.append((before, edit))
    return press
  }

  /// Applies the key's hold action.
  ///
  /// Roll back the taps of its press first (``rollBack(_:)``), then resolve the key again: a
  /// tap may have changed the layout.
  package mutating func hold(_ target: BindingTarget.Resolution) -> TypedPress {
    press(target, isHold: true).press
  }

  /// One more tick of a repeating key (⌫ held); never rolled back.
  package mutating func repeatTick(_ target: BindingTarget.Resolution) -> TypedPress {
    press(target, isHold: false).press
  }

  /// The run is over: its taps stand.
  package mutating func release() {
    taps.removeAll()
  }

  /// Restores the engine and the text from before the run's last `count` taps.
  ///
  /// - Returns: Whether it did: the run has that many taps.
  @discardableResult
  package mutating func rollBack(_ count: Int) -> Bool {
    guard count > 0, taps.count >= count else { return false }
    for tap in taps.suffix(count).reversed() {
      if let edit = tap.edit { change.then(typist.document.revert(edit)) }
    }
    typist.inputMethod = taps[taps.count - count].engine
    taps.removeLast(count)
    endsWithSuggestionSpace = false
    version &+= 1
    return true
  }

  private mutating func press(_ target: BindingTarget.Resolution, isHold: Bool) -> (
    press: TypedPress, edit: Sink.Edit?
  ) {
    // Only a press that ends the text with a separator can finish a word: the tail (a
    // string) is made for those presses alone.
    let lastBefore = lastCharacter
    let output: KeyOutput
    switch target {
    case .flush: output = typist.inputMethod.flush()
    case .key(let key):
      output = isHold ? typist.inputMethod.hold(key) : typist.inputMethod.tap(key)
    }
    let (applied, edit) = typist.apply(closingUp(output))
    noteWrite(applied)
    let finishesWord =
      lastCharacter.map(isSeparator) == true && lastBefore.map(isSeparator) == false
    return (
      TypedPress(
        output: applied,
        finishedWord: finishesWord
          ? SuggestionBar.finishedWord(before: String(lastBefore ?? " "), after: tail) : nil),
      edit
    )
  }

  /// Punctuation right after a taken suggestion closes up to the word.
  ///
  /// As Samsung's keyboard does: "감사합니다." and not "감사합니다 .". The space goes in the same
  /// write as the mark, so rolling the tap back (a hold) brings it back.
  private func closingUp(_ output: KeyOutput) -> KeyOutput {
    guard endsWithSuggestionSpace, output.erase == 0, output.commit.isEmpty,
      let mark = output.preedit.string.first, ".,?!".contains(mark)
    else { return output }
    var closed = output
    closed.erase = 1
    return closed
  }

  /// Notes what the typist wrote; every write but a taken suggestion's ends its closing-up.
  private mutating func noteWrite(_ applied: KeyOutput) {
    change.then(DocumentChange(erase: applied.erase, insert: applied.commit))
    endsWithSuggestionSpace = false
    version &+= 1
  }

  // MARK: - Edits that are not presses

  /// Ends the composition: what it held is written (Esc, the idle timeout, the pad's →).
  ///
  /// Ends the run: its taps can no longer be rolled back.
  package mutating func flush() {
    release()
    noteWrite(typist.flush())
  }

  /// Ends the composition, then goes back to the first layout (한글 from !#1).
  package mutating func returnToFirstLayout() {
    flush()
    guard let first = engine.layouts.first, engine.layoutIndex != 0 else { return }
    typist.switchLayout(to: first.id)
    version &+= 1
  }

  /// Ends the composition and writes `text` as it is (a paste, the system's input method, a
  /// held suggestion key's own symbol).
  package mutating func insert(_ text: String) {
    release()
    noteWrite(typist.insertText(text))
  }

  /// Replaces the last `count` characters of ``tail`` (the word being typed) with
  /// `replacement`, ending the composition first.
  ///
  /// The open syllables never reached the sink: they are dropped rather than written and
  /// erased.
  package mutating func replaceTrailingCharacters(_ count: Int, with replacement: String) {
    release()
    noteWrite(typist.replaceTrailingCharacters(count, with: replacement))
  }

  /// Replaces the word being typed with a suggestion and a space, as phone keyboards do; a
  /// mark typed next closes up to the word.
  package mutating func takeSuggestion(_ word: String) {
    replaceTrailingCharacters(trailingWord(of: tail).count, with: word + " ")
    endsWithSuggestionSpace = true
  }

  /// Starts over with `engine` and `sink` (a new practice item, a restored draft).
  package mutating func reset(to engine: InputMethod, sink: Sink) {
    typist = Typist(engine, document: sink)
    taps.removeAll()
    change = .none
    endsWithSuggestionSpace = false
    version &+= 1
  }

  /// Changes the sink in a way that is no write (taking what it noted, forgetting what the
  /// child's line holds).
  mutating func updateSink(_ update: (inout Sink) -> Void) {
    update(&typist.document)
  }
}
