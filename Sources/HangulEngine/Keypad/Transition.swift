/// The step one key press took in the automaton, reported by the branch of the engine that took
/// it (as libhangul's `on_transition`): the demo's captions and the exported table's `kind` are
/// read from it, never worked out again from the state.
///
/// The raw values are the names `cheonjiin layouts export` writes; docs/layouts.md lists them.
public enum Transition: String, Sendable, Hashable, CaseIterable {
  /// A consonant started a syllable: `ㅇ`, or `ㄴ` after `가ㄸ`, `본` + `ㅂ` = `본ㅂ`.
  case newSyllable
  /// A consonant became the syllable's first final: `아` + `ㄴ` = `안` (and `가` + `ㄸ`, which
  /// shows after the syllable until the key cycles on).
  case finalConsonant
  /// A consonant was held beside the first final, as a double final or on its way to one:
  /// `안` + `ㅈ` = `앉`, `안` + `ㅅ` = `안ㅅ` (waiting to become `않`).
  case doubleFinal
  /// The same consonant key again moved along its cycle: `ㄱ` → `ㅋ` → `ㄲ`.
  case cycle
  /// A stroke took the newest final to start the next syllable: `안` + `ㅣ` = `아니`.
  case finalMoved
  /// A stroke gave an initial its vowel: `ㅇ` + `ㅣ` = `이`.
  case vowelJoined
  /// A stroke merged with the vowel before it: `ㆍ` + `ㆍ` = `‥`, `ㅣ` + `ㆍ` = `ㅏ`.
  case vowelMerge
  /// A stroke began a vowel of its own: at the start, or after a vowel it cannot merge with
  /// (`가` + `ㅡ` = `가ㅡ`).
  case vowelAlone
  /// A multi-tap text key's first press: `.`.
  case mark
  /// The same text key again: `.` → `,`.
  case markCycle
  /// A key that types its text at once (a digit on the symbols pad).
  case typed
  /// A held key typed its text (its digit), ending the composition first.
  case held
  /// The shared key or → ended the composition.
  case syllableEnded
  /// The shared key ended the composition and typed a space (the smart policy).
  case syllableEndedWithSpace
  /// A space was typed.
  case space
  /// A line break was typed.
  case newline
  /// ⌫ undid the last press of the composition.
  case undo
  /// ⌫ deleted a mark that was still cycling.
  case markDeleted
  /// ⌫ deleted a character of the finished text.
  case deleted
  /// A switch key changed the layout.
  case switchedLayout
  /// The dismiss key ended typing.
  case dismissed
  /// The press changed nothing (→ with nothing open).
  case nothing
}
