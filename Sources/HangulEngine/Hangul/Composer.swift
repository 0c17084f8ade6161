/// The syllable being composed, held as jamo, never as Swift `Character`s (engine.md §9).
///
/// The two final slots hold consonant *letters*, not jongseong: a slot may hold a letter that
/// cannot end a syllable yet (`ㄸ` on its way round the `ㄷㅌ` cycle) or a pair that is not a
/// double final (`ㄴ`+`ㅅ`, held until `ㅅ` becomes `ㅎ`). Rendering decides how they show.
struct SyllableState: Hashable, Sendable {
  var choseong: Choseong?
  var vowel: Vowel?
  var final1: Choseong?
  var final2: Choseong?

  static let empty = SyllableState()

  var isEmpty: Bool { choseong == nil && vowel == nil }

  /// Whether a consonant may become this syllable's final: it needs an initial and a real
  /// vowel, not a dot (`ㄱㆍ`) and not a vowel-only syllable (`ㅏ`).
  var takesFinal: Bool {
    guard choseong != nil, case .jungseong = vowel else { return false }
    return true
  }

  /// Calls `emit` with the one to three letters that show this state, in order.
  ///
  /// `가`+`ㄸ` shows `가ㄸ`; `안`+`ㅅ` shows `안ㅅ`; `ㄱ`+`ᆞ` shows `ㄱㆍ`.
  @inline(__always)
  func render(_ emit: (Unicode.Scalar) -> Void) {
    switch (choseong, vowel) {
    case (nil, nil):
      return
    case (let cho?, nil):
      emit(cho.compatibility)
    case (nil, let vowel?):
      emit(vowel.displayLetter)
    case (let cho?, let vowel?):
      guard case .jungseong(let jung) = vowel else {
        emit(cho.compatibility)
        emit(vowel.displayLetter)
        return
      }
      guard let final1 else {
        emit(Syllable(cho, jung).scalar)
        return
      }
      let jong1 = final1.jongseong
      if let final2, let double = jong1?.adding(final2) {
        emit(Syllable(cho, jung, double).scalar)
        return
      }
      emit(Syllable(cho, jung, jong1).scalar)
      if jong1 == nil { emit(final1.compatibility) }
      if let final2 { emit(final2.compatibility) }
    }
  }
}

/// What the last key press of a composition was; the smart space policy and consonant
/// cycling depend on it.
enum LastPress: Hashable, Sendable {
  case none
  case vowel
  /// A consonant key, by its index in the layout.
  case consonant(key: Int)
  /// A text-cycle key (`.,?!`), by its index in the layout.
  case text(key: Int)
}

/// The state before one key press of the open composition; ⌫ pops it (engine.md §6).
///
/// Fixed size: the finished part of the composition only grows between boundaries, so its
/// length is enough to restore it.
struct UndoStep: Hashable, Sendable {
  /// Length of `Composer.finished` in UTF-8 bytes.
  var finishedCount: Int
  var current: SyllableState
  var last: LastPress
  /// The mark that was still cycling before this press.
  ///
  /// The press moved it into the finished part; undoing the press brings it back, still cyclable.
  var pending: PendingText?
}

/// A multi-tap text key whose mark is still cycling: `.` that may still become `,`.
struct PendingText: Hashable, Sendable {
  var key: Int
  var cycle: [String]
  var index: Int
  var text: String { cycle[index] }
}

/// The Cheon-Ji-In automaton (engine.md §2 – §7): the open composition only.
///
/// The composer never holds the document. A press that ends the composition returns the text
/// it finished (the *commit*); the front end appends it to its own text, as with libhangul's
/// `hangul_ic_process` and commit string. A value type, small and cheap to copy: the front end
/// copies it as a snapshot before an optimistic tap.
///
/// Internal to the engine: front ends press keys through ``InputMethod``.
struct Composer: Sendable, Hashable {
  /// Closed syllables and settled marks of the open composition (`가` of `가니`, `,` of
  /// `,ㅡ`), as UTF-8: ⌫ can still reopen them.
  var finished = InlineUTF8()
  var current = SyllableState.empty
  var pending: PendingText? = nil
  var last = LastPress.none
  var history: [UndoStep] = []
  var settings: ComposerSettings

  init(settings: ComposerSettings = ComposerSettings()) {
    self.settings = settings
  }

  // MARK: - Reading

  /// True while a composition is open: any Hangul or text-cycle key since the last boundary.
  ///
  /// The shared space key only ends an open composition; ⌫ undoes inside it.
  var isComposing: Bool { pending != nil || !history.isEmpty }

  /// The open composition as displayed, as every key press reports it.
  ///
  /// Closed syllables and marks, then the syllable being composed and any cycling mark (its
  /// ``Preedit/composingTail``).
  ///
  /// Never contains conjoining jamo. Allocates nothing while the composition fits
  /// ``Preedit/inlineCapacity`` bytes.
  var preedit: Preedit {
    var text = InlineUTF8(copying: finished)
    appendTail(to: &text)
    return Preedit(utf8Text: text, composingFrom: finished.count)
  }

  private func appendTail(to text: inout InlineUTF8) {
    current.render { text.append($0) }
    if let pending { text.append(contentsOf: pending.text.utf8) }
  }

  // MARK: - Key presses

  /// Adds a vowel stroke (engine.md §2, §2.1).
  ///
  /// Commits nothing.
  ///
  /// - Returns: The branch the stroke took.
  ///
  /// This method changes the composer state. Compare ``consonant(key:cycle:wraps:)``.
  mutating func stroke(_ stroke: VowelStroke) -> Transition {
    pushUndo()
    settlePending()
    defer { last = .vowel }
    if let carried = current.final2 ?? current.final1 {
      // 앉 + ㅡ = 안즈; 각 + ㅣ = 가기: the last final starts the next syllable.
      if current.final2 != nil { current.final2 = nil } else { current.final1 = nil }
      finish()
      current = SyllableState(choseong: carried, vowel: stroke.vowel)
      return .finalMoved
    }
    guard let vowel = current.vowel else {
      current.vowel = stroke.vowel
      return current.choseong == nil ? .vowelAlone : .vowelJoined
    }
    if let extended = settings.vowels.extending(vowel, with: stroke) {
      current.vowel = extended  // ㅗ + ㅣ = ㅚ
      return .vowelMerge
    }
    finish()  // 가 + ㅡ = 가ㅡ
    current = SyllableState(vowel: stroke.vowel)
    return .vowelAlone
  }

  /// Presses a consonant key whose letters are `cycle` (engine.md §3, §4).
  ///
  /// Commits nothing.
  ///
  /// - Parameters:
  ///   - key: The key's index in the layout; pressing the same key again cycles.
  ///   - cycle: The key's letters, first letter first. Must not be empty.
  ///   - wraps: Whether a press after the last letter goes back to the first.
  ///
  /// - Returns: The branch the press took.
  ///
  /// This method changes the composer state. Compare ``stroke(_:)``.
  mutating func consonant(key: Int, cycle: [Choseong], wraps: Bool) -> Transition {
    guard let first = cycle.first else { return .nothing }
    pushUndo()
    settlePending()
    defer { last = .consonant(key: key) }
    if last == .consonant(key: key), let letter = cycled(cycle, wraps: wraps) {
      replaceNewestConsonant(with: letter)
      return .cycle
    }
    if current.isEmpty {
      current.choseong = first
      return .newSyllable
    }
    guard current.takesFinal else {
      // ㄱ + ㄴ = ㄱㄴ; ㄱㆍ + ㄴ = ㄱㆍㄴ; ㅏ + ㄱ = ㅏㄱ
      startSyllable(with: first)
      return .newSyllable
    }
    guard let final1 = current.final1 else {
      current.final1 = first  // 가 + ㄱ = 각
      return .finalConsonant
    }
    if current.final2 == nil, let jong1 = final1.jongseong,
      cycle.contains(where: { jong1.adding($0) != nil })
    {
      current.final2 = first  // 안 + ㅅ shows 안ㅅ, waiting to become 않
      return .doubleFinal
    }
    startSyllable(with: first)  // 본 + ㅂ = 본ㅂ; 가ㄸ + ㄱ = 가ㄸㄱ
    return .newSyllable
  }

  /// Presses a multi-tap text key (`.,?!`): the first press ends the composition and starts a new
  /// one holding the first text; presses of the same key replace it with the next (engine.md §7).
  ///
  /// A key with one text commits the composition and the text at once.
  ///
  /// - Returns: The text this press committed (the composition the first press ended) and the
  ///   branch it took.
  mutating func text(key: Int, cycle: [String]) -> (commit: String, transition: Transition) {
    guard cycle.count > 1 else {
      // A plain text key (a digit on the symbols pad) commits at once: nothing to cycle.
      guard let only = cycle.first else { return ("", .nothing) }
      return (insert(only), .typed)
    }
    if var pending, pending.key == key, last == .text(key: key) {
      pending.index = (pending.index + 1) % cycle.count
      self.pending = pending
      return ("", .markCycle)
    }
    let commit = commitComposition()
    pending = PendingText(key: key, cycle: cycle, index: 0)
    last = .text(key: key)
    return (commit, .mark)
  }

  /// The Galaxy shared key: ends an open composition; otherwise (or, with the smart policy,
  /// right after a vowel or a mark) also types a space (engine.md §5).
  ///
  /// - Returns: The composition, followed by the space if one is typed, and the branch taken.
  mutating func spaceOrNext() -> (commit: String, transition: Transition) {
    guard isComposing else { return (insert(" "), .space) }
    let typesSpace: Bool
    switch settings.space {
    case .simple: typesSpace = false
    case .smart:
      switch last {
      case .vowel, .text: typesSpace = true
      case .none, .consonant: typesSpace = false
      }
    }
    return (
      insert(typesSpace ? " " : ""), typesSpace ? .syllableEndedWithSpace : .syllableEnded
    )
  }

  /// Ends the composition and types a space (iPhone ␣).
  ///
  /// - Returns: The composition followed by the space.
  mutating func space() -> String {
    insert(" ")
  }

  /// Ends the composition and types `text` (⏎, a held key's digit).
  ///
  /// - Returns: The composition followed by `text`: what the front end appends.
  mutating func insert(_ text: String) -> String {
    var commit = InlineUTF8(copying: finished)
    appendTail(to: &commit)
    reset()
    guard !commit.isEmpty else { return text }
    // The String of a closed composition is the only one a press makes.
    commit.append(contentsOf: text.utf8)
    return commit.string
  }

  /// Ends the composition: everything typed since the last boundary is finished text.
  ///
  /// - Returns: The composition as displayed, for the front end to append; empty when none
  ///   was open.
  ///
  /// Compare ``reset()``, which throws it away.
  mutating func commitComposition() -> String {
    insert("")
  }

  /// ⌫: deletes a cycling mark, else undoes the last key press of the composition (engine.md §6).
  ///
  /// - Returns: How many characters of the front end's text to delete (1 when no composition
  ///   was open, else 0) and the branch taken.
  mutating func backspace() -> (erase: Int, transition: Transition) {
    if pending != nil {
      pending = nil
      last = .none
      return (0, .markDeleted)
    }
    if let step = history.popLast() {
      finished.removeSubrange(from: step.finishedCount)
      current = step.current
      last = step.last
      pending = step.pending
      return (0, .undo)
    }
    last = .none
    return (1, .deleted)
  }

  /// Throws away the composition and its undo steps, keeping buffer capacity.
  ///
  /// Compare ``commitComposition()``, which returns it as text.
  mutating func reset() {
    finished.removeAll()
    history.removeAll(keepingCapacity: true)
    current = .empty
    pending = nil
    last = .none
  }

  // MARK: - Helpers

  /// Records the state before a press, cycling mark included, for ⌫.
  private mutating func pushUndo() {
    history.append(
      UndoStep(finishedCount: finished.count, current: current, last: last, pending: pending))
  }

  /// Moves a cycling mark into the finished part of the composition: the key after `.` ends
  /// its cycle, but the mark stays in the composition so that undoing that key brings it back
  /// (`ㅂㆍㅡ.ㅈ<_` is `보.`, not `보. `).
  private mutating func settlePending() {
    guard let pending else { return }
    finished.append(contentsOf: pending.text.utf8)
    self.pending = nil
  }

  /// Moves the current syllable, as displayed, into the finished part.
  private mutating func finish() {
    current.render { finished.append($0) }
    current = .empty
  }

  private mutating func startSyllable(with choseong: Choseong) {
    finish()
    current.choseong = choseong
  }

  /// The newest consonant slot: second final, else first final, else a lone initial.
  private var newestConsonant: Choseong? {
    current.final2 ?? current.final1 ?? (current.vowel == nil ? current.choseong : nil)
  }

  /// The letter after the newest consonant in `cycle`, or `nil` when the press should start a
  /// new letter instead (no consonant to cycle, or the end of a cycle that does not wrap).
  private func cycled(_ cycle: [Choseong], wraps: Bool) -> Choseong? {
    guard let letter = newestConsonant, let position = cycle.firstIndex(of: letter) else {
      return nil
    }
    if position + 1 < cycle.count { return cycle[position + 1] }
    return wraps ? cycle[0] : nil
  }

  private mutating func replaceNewestConsonant(with letter: Choseong) {
    if current.final2 != nil {
      current.final2 = letter  // 안ㅅ → 않 → 안ㅆ → 안ㅅ
    } else if current.final1 != nil {
      current.final1 = letter  // 갇 → 같 → 가ㄸ → 갇
    } else {
      current.choseong = letter  // ㄱ → ㅋ → ㄲ → ㄱ
    }
  }
}
