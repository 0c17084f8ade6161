/// What one key press did to the composition, read from the engine's state before and after
/// it: the demo's captions (`ㆍ + ㆍ = ‥`, `ㄴㄹ` twice → `ㄹ`, the final `ㄴ` moving on).
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

  /// Reads what a press did from the engine before and after it.
  ///
  /// - Parameters:
  ///   - key: The key's index in `before`'s current layout.
  ///   - isHold: Whether the key was held.
  ///   - before: The engine before the press.
  ///   - after: The engine after it.
  ///   - output: What the press returned.
  public init(
    key: Int, isHold: Bool, before: InputMethod, after: InputMethod, output: KeyOutput
  ) {
    guard before.layout.keys.indices.contains(key), output.consumed else {
      self = .nothing
      return
    }
    let pressed = before.layout.keys[key]
    if isHold, case .text(let text) = pressed.hold {
      self = .heldText(text)
      return
    }
    let was = before.composer
    let now = after.composer
    switch pressed.action {
    case .vowel(let stroke):
      self = Self.stroke(stroke, was: was, now: now)
    case .consonant(let cycle, _):
      self = Self.consonant(key: key, label: pressed.label, cycle: cycle, was: was, now: now)
    case .text(let cycle):
      if cycle.count < 2 {
        self = .typedText(cycle.first ?? "")
      } else if let pending = now.pending, was.pending?.key == key, was.last == .text(key: key) {
        self = .cycled(
          keyLabel: pressed.label, presses: pending.index + 1, result: pending.text, syllable: nil)
      } else {
        self = .mark(now.pending?.text ?? "")
      }
    case .spaceNext:
      if !was.isComposing {
        self = .space
      } else {
        self = output.commit.hasSuffix(" ") ? .syllableEndedWithSpace : .syllableEnded
      }
    case .space:
      self = .space
    case .next:
      self = .syllableEnded
    case .backspace:
      self = output.erase > 0 ? .deleted : .undone
    case .enter:
      self = .newline
    case .switchLayout:
      self = .switchedLayout(to: after.layoutIndex)
    case .dismiss:
      self = .dismissed
    }
  }

  // MARK: - Helpers

  private static func stroke(_ stroke: VowelStroke, was: Composer, now: Composer) -> PressEffect {
    let vowel = Character(now.current.vowel?.displayLetter ?? stroke.letter)
    if let carried = was.current.final2 ?? was.current.final1 {
      // 안 + ㅣ = 아니: the newest final starts the next syllable. A letter that was only shown
      // after the syllable (괜ㅊ + ㅣ = 괜치) was never its final: it just gets its vowel.
      guard was.current.showsNewestFinalInSyllable else {
        return .vowelJoined(
          initial: Character(carried.compatibility), vowel: vowel,
          syllable: now.current.wholeSyllable)
      }
      return .finalCarriedOver(final: Character(carried.compatibility), syllable: now.current.text)
    }
    let sameSyllable =
      now.finished == was.finished && now.current.choseong == was.current.choseong
    if let old = was.current.vowel, sameSyllable {
      return .vowelCombined(
        from: Character(old.displayLetter), stroke: Character(stroke.letter), to: vowel,
        syllable: now.current.wholeSyllable)
    }
    if let initial = was.current.choseong, was.current.vowel == nil, sameSyllable {
      return .vowelJoined(
        initial: Character(initial.compatibility), vowel: vowel,
        syllable: now.current.wholeSyllable)
    }
    return .vowelAlone(vowel: vowel)
  }

  private static func consonant(
    key: Int, label: String, cycle: [Choseong], was: Composer, now: Composer
  ) -> PressEffect {
    let before = was.current
    let after = now.current
    let sameShape =
      now.finished == was.finished && after.vowel == before.vowel
      && (after.choseong == nil) == (before.choseong == nil)
      && (after.final1 == nil) == (before.final1 == nil)
      && (after.final2 == nil) == (before.final2 == nil)
    if was.last == .consonant(key: key), sameShape,
      let letter = after.final2 ?? after.final1 ?? after.choseong,
      let position = cycle.firstIndex(of: letter)
    {
      let text = after.text
      return .cycled(
        keyLabel: label, presses: position + 1, result: String(Character(letter.compatibility)),
        syllable: text.count > 1 || after.vowel != nil ? text : nil)
    }
    let added =
      after.final2.flatMap { before.final2 == nil ? $0 : nil }
      ?? after.final1.flatMap { before.final1 == nil ? $0 : nil }
    if let added, now.finished == was.finished {
      let letter = Character(added.compatibility)
      // 할 + ㅇ = 할ㅇ: held beside the final (ㅇㅁ may become ㄻ), but shown as a letter of
      // its own, so not called a final.
      return after.showsNewestFinalInSyllable
        ? .finalAdded(syllable: before.text, letter: letter, result: after.text)
        : .letterAfter(syllable: before.text, letter: letter, result: after.text)
    }
    guard let letter = after.choseong else { return .nothing }
    return .newSyllable(letter: Character(letter.compatibility))
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
