/// What one key press did to the composition, captioned from the ``Transition`` the engine
/// reported: the demo's captions (`ㆍ + ㆍ = ‥`, `ㄴㄹ` twice → `ㄹ`, the final `ㄴ` moving on).
///
/// Letters are compatibility jamo as the engine displays them; `syllable` texts are the
/// syllable being composed after the press, as displayed (`녀`, `안ㅅ`).
public enum PressEffect: Sendable, Hashable {
  /// A consonant key started a syllable: `ㅇ`.
  case newSyllable(letter: Character)
  /// A stroke joined the initial: `ㅇ + ㅣ = 이`; `syllable` is nil while the vowel is only
  /// a dot (`ㄴ + ㆍ`), which waits for the next stroke.
  case vowelJoined(initial: Character, vowel: Character, syllable: String?)
  /// A stroke combined with the vowel before it: `ㆍ + ㆍ = ‥`, `‥ + ㅣ = ㅕ` (`syllable`
  /// `녀` once the syllable is whole).
  case vowelCombined(from: Character, stroke: Character, to: Character, syllable: String?)
  /// A vowel with no initial: at the start, or a stroke that cannot join the vowel before it
  /// (`가 + ㅡ = 가ㅡ`).
  case vowelAlone(vowel: Character)
  /// A stroke took the final away to start the next syllable: `안 + ㅣ = 아니`.
  ///
  /// Only a letter shown as part of the syllable is a final here; a letter shown after it
  /// (`괜ㅊ`) starts the next syllable as ``vowelJoined(initial:vowel:syllable:)`` does.
  case finalCarriedOver(final: Character, syllable: String)
  /// A consonant became a final, shown in the syllable: `아 + ㄴ = 안`, `안 + ㅈ = 앉`.
  case finalAdded(syllable: String, letter: Character, result: String)
  /// A consonant shown after the syllable, not part of it: `할 + ㅇ = 할ㅇ`, `안 + ㅅ = 안ㅅ`.
  ///
  /// The engine keeps it beside the syllable's final because the key may still cycle to a
  /// letter that makes a double final (`ㅇㅁ` to `ㅁ`: `핢`); a vowel takes it to the next
  /// syllable (`할머`). It is not a final yet, so the caption must not call it one.
  case letterAfter(syllable: String, letter: Character, result: String)
  /// The same key again moved along its cycle: `ㄴㄹ` pressed twice is `ㄹ`; `.,?!` three
  /// times is `?`. `syllable` is the syllable it changed, when it is more than the letter.
  case cycled(keyLabel: String, presses: Int, result: String, syllable: String?)
  /// A multi-tap text key's first press: `.` (or `a` on the ABC pad).
  case mark(String)
  /// A key that types its text at once (a digit on the symbols pad).
  case typedText(String)
  /// A held key typed its text: `1`.
  case heldText(String)
  /// The shared key or → ended the syllable; the next letter starts a new one.
  case syllableEnded
  /// The shared key ended the syllable and typed a space (the smart policy).
  case syllableEndedWithSpace
  /// A space was typed.
  case space
  /// A line break was typed.
  case newline
  /// A switch key changed the layout to the one at this index of the engine's layouts.
  case switchedLayout(to: Int)
  /// ⌫ undid the last press of the composition.
  case undone
  /// ⌫ deleted a character of the finished text.
  case deleted
  /// The dismiss key ended typing.
  case dismissed
  /// The press changed nothing.
  case nothing

  /// Captions a press from the transition the engine reported, with the letters read from the
  /// engine before and after it.
  ///
  /// - Parameters:
  ///   - key: The key's index in `before`'s current layout.
  ///   - isHold: Whether the key was held.
  ///   - before: The engine before the press.
  ///   - after: The engine after it.
  ///   - output: What the press returned; its ``KeyOutput/transition`` picks the case.
  public init(
    key: Int, isHold: Bool, before: borrowing InputMethod, after: borrowing InputMethod,
    output: borrowing KeyOutput
  ) {
    // Borrowed, and the key read in place: `layout export` makes one of these for each of
    // half a million entries, and copying two engines and a layout for each was a fifth of its
    // time (retains and releases, in `perf`).
    let keys = before.layouts[before.layoutIndex].keys
    guard keys.indices.contains(key), output.consumed else {
      self = .nothing
      return
    }
    let pressed = keys[key]
    let was = before.composer.current
    let now = after.composer.current
    switch output.transition {
    case .held:
      guard isHold, case .text(let text) = pressed.hold else {
        self = .nothing
        return
      }
      self = .heldText(text)
    case .newSyllable:
      self = now.choseong.map { .newSyllable(letter: Character($0.compatibility)) } ?? .nothing
    case .finalConsonant, .doubleFinal:
      guard let added = now.final2 ?? now.final1 else {
        self = .nothing
        return
      }
      let letter = Character(added.compatibility)
      // 할 + ㅇ = 할ㅇ: held beside the final (ㅇㅁ may become ㄻ), but shown as a letter of
      // its own, so not called a final.
      self =
        now.showsNewestFinalInSyllable
        ? .finalAdded(syllable: was.text, letter: letter, result: now.text)
        : .letterAfter(syllable: was.text, letter: letter, result: now.text)
    case .cycle:
      let letter = now.final2 ?? now.final1 ?? now.choseong
      guard case .consonant(let cycle, _) = pressed.action, let letter,
        let position = cycle.firstIndex(of: letter)
      else {
        self = .nothing
        return
      }
      let text = now.text
      self = .cycled(
        keyLabel: pressed.label, presses: position + 1,
        result: String(Character(letter.compatibility)),
        syllable: text.count > 1 || now.vowel != nil ? text : nil)
    case .finalMoved:
      let vowel = Self.vowel(after: now, pressed: pressed)
      guard let carried = now.choseong else {
        self = .vowelAlone(vowel: vowel)
        return
      }
      // 안 + ㅣ = 아니: the newest final starts the next syllable. A letter that was only shown
      // after the syllable (괜ㅊ + ㅣ = 괜치) was never its final: it just gets its vowel.
      self =
        was.showsNewestFinalInSyllable
        ? .finalCarriedOver(final: Character(carried.compatibility), syllable: now.text)
        : .vowelJoined(
          initial: Character(carried.compatibility), vowel: vowel, syllable: now.wholeSyllable)
    case .vowelJoined:
      let vowel = Self.vowel(after: now, pressed: pressed)
      self =
        was.choseong.map {
          .vowelJoined(
            initial: Character($0.compatibility), vowel: vowel, syllable: now.wholeSyllable)
        } ?? .vowelAlone(vowel: vowel)
    case .vowelMerge:
      let vowel = Self.vowel(after: now, pressed: pressed)
      guard let old = was.vowel, case .vowel(let stroke) = pressed.action else {
        self = .vowelAlone(vowel: vowel)
        return
      }
      self = .vowelCombined(
        from: Character(old.displayLetter), stroke: Character(stroke.letter), to: vowel,
        syllable: now.wholeSyllable)
    case .vowelAlone:
      self = .vowelAlone(vowel: Self.vowel(after: now, pressed: pressed))
    case .mark:
      self = .mark(after.composer.pending?.text ?? "")
    case .markCycle:
      let pending = after.composer.pending
      self = .cycled(
        keyLabel: pressed.label, presses: (pending?.index ?? 0) + 1, result: pending?.text ?? "",
        syllable: nil)
    case .typed:
      guard case .text(let cycle) = pressed.action else {
        self = .nothing
        return
      }
      self = .typedText(cycle.first ?? "")
    case .syllableEnded: self = .syllableEnded
    case .syllableEndedWithSpace: self = .syllableEndedWithSpace
    case .space: self = .space
    case .newline: self = .newline
    case .undo, .markDeleted: self = .undone
    // The demo cuts ⌫'s erase to the text it shows; nothing shown, nothing deleted.
    case .deleted: self = output.erase > 0 ? .deleted : .undone
    case .switchedLayout: self = .switchedLayout(to: after.layoutIndex)
    case .dismissed: self = .dismissed
    case .nothing: self = .nothing
    }
  }

  /// The vowel a stroke left, as displayed.
  private static func vowel(after now: SyllableState, pressed: LayoutKey) -> Character {
    if let vowel = now.vowel { return Character(vowel.displayLetter) }
    guard case .vowel(let stroke) = pressed.action else { return " " }
    return Character(stroke.letter)
  }
}

extension SyllableState {
  /// The state as displayed: `안`, `안ㅅ`, `ㄴ‥`.
  var text: String {
    var result = ""
    render { result.unicodeScalars.append($0) }
    return result
  }

  /// The syllable as displayed once it has an initial and a real vowel (`녀`), else nil.
  var wholeSyllable: String? {
    takesFinal ? text : nil
  }

  /// Whether the newest final shows as part of the syllable (`안`, `앉`), not as a letter
  /// after it (`안ㅅ`, `가ㄸ`, `할ㅇ`), as ``render(_:)`` draws it.
  var showsNewestFinalInSyllable: Bool {
    guard takesFinal, let final1, let jong1 = final1.jongseong else { return false }
    guard let final2 else { return true }
    return jong1.adding(final2) != nil
  }
}

extension PressEffect {
  /// The caption's template name and the values it is filled with, the same in every language
  /// and every program: the terminal demo words it from these, and the exported table carries
  /// them, so a page words each press as the demo does.
  ///
  /// A case whose optional syllable is missing has a name of its own (`vowelWaits`), so each
  /// template has a fixed list of values. A cycle's count is a value (`2`); a switch names the
  /// layout by its index among the engine's layouts.
  public var captionFields: (name: CaptionName, values: [String]) {
    switch self {
    case .newSyllable(let letter): (.newSyllable, [String(letter)])
    case .vowelJoined(let initial, let vowel, let syllable?):
      (.vowelJoined, [String(initial), String(vowel), syllable])
    case .vowelJoined(let initial, let vowel, nil): (.vowelWaits, [String(initial), String(vowel)])
    case .vowelCombined(let from, let stroke, let to, let syllable?):
      (.vowelCombinedInto, [String(from), String(stroke), String(to), syllable])
    case .vowelCombined(let from, let stroke, let to, nil):
      (.vowelCombined, [String(from), String(stroke), String(to)])
    case .vowelAlone(let vowel): (.vowelAlone, [String(vowel)])
    case .finalCarriedOver(let final, let syllable): (.finalCarriedOver, [String(final), syllable])
    case .finalAdded(let syllable, let letter, let result):
      (.finalAdded, [syllable, String(letter), result])
    case .letterAfter(let syllable, let letter, let result):
      (.letterAfter, [syllable, String(letter), result])
    case .cycled(let label, let presses, let result, let syllable?):
      (.cycledIn, [label, String(presses), result, syllable])
    case .cycled(let label, let presses, let result, nil):
      (.cycled, [label, String(presses), result])
    case .mark(let text) where text.allSatisfy({ $0.isPunctuation || $0.isSymbol }):
      (.mark, [text])
    case .mark(let text): (.markLetter, [text])  // the ABC pad's keys cycle letters
    case .typedText(let text): (.typedText, [text])
    case .heldText(let text): (.heldText, [text])
    case .syllableEnded: (.syllableEnded, [])
    case .syllableEndedWithSpace: (.syllableEndedWithSpace, [])
    case .space: (.space, [])
    case .newline: (.newline, [])
    case .switchedLayout(let index): (.switchedLayout, [String(index)])
    case .undone: (.undone, [])
    case .deleted: (.deleted, [])
    case .dismissed: (.dismissed, [])
    case .nothing: (.nothing, [])
    }
  }

  /// The template a caption is worded with.
  public enum CaptionName: String, Sendable, Hashable, CaseIterable {
    case newSyllable, vowelJoined, vowelWaits, vowelCombinedInto, vowelCombined, vowelAlone
    case finalCarriedOver, finalAdded, letterAfter, cycledIn, cycled, mark, markLetter
    case typedText, heldText, syllableEnded, syllableEndedWithSpace, space, newline
    case switchedLayout, undone, deleted, dismissed, nothing
  }
}
