/// The syllable being composed, held as jamo, never as Swift `Character`s (spec §9).
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

/// The state before one key press of the open composition; ⌫ pops it (spec §6).
///
/// Fixed size: the finished part of the composition only grows between boundaries, so its
/// length is enough to restore it.
struct UndoStep: Hashable, Sendable {
  /// Length of `Composer.finished` in UTF-8 bytes.
  var finishedCount: Int
  var current: SyllableState
  var last: LastPress
}

/// A multi-tap text key waiting to be committed: `.` that may still become `,`.
struct PendingText: Hashable, Sendable {
  var key: Int
  var cycle: [String]
  var index: Int
  var text: String { cycle[index] }
}

/// The Cheon-Ji-In automaton (spec §2 – §7): committed text plus the open composition.
///
/// A value type: copying it is an O(1) snapshot (the buffers are copy-on-write), which the
/// front end uses to roll back an optimistic tap when a press turns out to be a hold.
public struct Composer: Sendable, Hashable {
  /// Text that no key press of the composition can change any more, as UTF-8. Kept as bytes
  /// so a press never allocates once the buffers have grown (checked by `make bench`).
  public private(set) var committedUTF8: [UInt8] = []
  /// Closed syllables of the open composition (`가` of `가니`), as UTF-8: ⌫ can still reopen
  /// them.
  var finished: [UInt8] = []
  var current = SyllableState.empty
  var pending: PendingText? = nil
  var last = LastPress.none
  var history: [UndoStep] = []
  public var settings: ComposerSettings

  public init(settings: ComposerSettings = ComposerSettings()) {
    self.settings = settings
  }

  // MARK: - Reading

  /// True while a composition is open: any Hangul or text-cycle key since the last boundary.
  ///
  /// The shared space key only ends an open composition; ⌫ undoes inside it.
  public var isComposing: Bool { pending != nil || !history.isEmpty }

  /// Text that no key press of the composition can change any more.
  public var committed: String { String(decoding: committedUTF8, as: UTF8.self) }

  /// The open composition as displayed: closed syllables, the syllable being composed and any
  /// pending text-cycle mark. Never contains conjoining jamo.
  public var preedit: String { makeString(committed: false) }

  /// The syllable being composed (or the pending mark) as displayed, for highlighting: at most
  /// a few letters, the tail of `preedit`.
  public var composingTail: String {
    var tail: [UInt8] = []
    appendTail(to: &tail)
    return String(decoding: tail, as: UTF8.self)
  }

  /// Committed text followed by the preedit: what the user sees.
  public var text: String { makeString(committed: true) }

  /// Builds a display string in one copy: the preedit, after the committed text if asked.
  private func makeString(committed includeCommitted: Bool) -> String {
    let pendingCount = pending?.text.utf8.count ?? 0
    let capacity = (includeCommitted ? committedUTF8.count : 0) + finished.count + 12 + pendingCount
    return String(unsafeUninitializedCapacity: capacity) { buffer in
      var count = 0
      func copy(_ bytes: some Collection<UInt8>) {
        for byte in bytes {
          buffer[count] = byte
          count += 1
        }
      }
      if includeCommitted { copy(committedUTF8) }
      copy(finished)
      current.render { scalar in encodeUTF8(scalar) { buffer[count] = $0; count += 1 } }
      if let pending { copy(pending.text.utf8) }
      return count
    }
  }

  /// Appends the text (committed and preedit) as UTF-8 to `bytes`, without making a String.
  public func appendText(to bytes: inout [UInt8]) {
    bytes.append(contentsOf: committedUTF8)
    bytes.append(contentsOf: finished)
    appendTail(to: &bytes)
  }

  private func appendTail(to bytes: inout [UInt8]) {
    current.render { scalar in encodeUTF8(scalar) { bytes.append($0) } }
    if let pending { bytes.append(contentsOf: pending.text.utf8) }
  }

  // MARK: - Key presses

  /// Adds a vowel stroke (spec §2, §2.1).
  ///
  /// This method changes the composer state. Compare ``consonant(key:cycle:wraps:)``.
  public mutating func stroke(_ stroke: VowelStroke) {
    commitPending()
    pushUndo()
    if let carried = current.final2 ?? current.final1 {
      // 앉 + ㅡ = 안즈; 각 + ㅣ = 가기: the last final starts the next syllable.
      if current.final2 != nil { current.final2 = nil } else { current.final1 = nil }
      finish()
      current = SyllableState(choseong: carried, vowel: stroke.vowel)
    } else if let vowel = current.vowel {
      if let extended = settings.vowels.extending(vowel, with: stroke) {
        current.vowel = extended  // ㅗ + ㅣ = ㅚ
      } else {
        finish()  // 가 + ㅡ = 가ㅡ
        current = SyllableState(vowel: stroke.vowel)
      }
    } else {
      current.vowel = stroke.vowel
    }
    last = .vowel
  }

  /// Presses a consonant key whose letters are `cycle` (spec §3, §4).
  ///
  /// - Parameters:
  ///   - key: The key's index in the layout; pressing the same key again cycles.
  ///   - cycle: The key's letters, first letter first. Must not be empty.
  ///   - wraps: Whether a press after the last letter goes back to the first.
  public mutating func consonant(key: Int, cycle: [Choseong], wraps: Bool) {
    guard let first = cycle.first else { return }
    commitPending()
    pushUndo()
    defer { last = .consonant(key: key) }
    if last == .consonant(key: key), let letter = cycled(cycle, wraps: wraps) {
      replaceNewestConsonant(with: letter)
      return
    }
    if current.isEmpty {
      current.choseong = first
    } else if !current.takesFinal {
      // ㄱ + ㄴ = ㄱㄴ; ㄱㆍ + ㄴ = ㄱㆍㄴ; ㅏ + ㄱ = ㅏㄱ
      startSyllable(with: first)
    } else if let final1 = current.final1 {
      if current.final2 == nil, let jong1 = final1.jongseong,
        cycle.contains(where: { jong1.adding($0) != nil })
      {
        current.final2 = first  // 안 + ㅅ shows 안ㅅ, waiting to become 않
      } else {
        startSyllable(with: first)  // 본 + ㅂ = 본ㅂ; 가ㄸ + ㄱ = 가ㄸㄱ
      }
    } else {
      current.final1 = first  // 가 + ㄱ = 각
    }
  }

  /// Presses a multi-tap text key (`.,?!`): the first press ends the composition and types
  /// the first text; presses of the same key replace it with the next (spec §7). A key with
  /// one text types it and commits.
  public mutating func text(key: Int, cycle: [String]) {
    guard cycle.count > 1 else {
      // A plain text key (a digit on the symbols pad) commits at once: nothing to cycle.
      if let only = cycle.first { insert(only) }
      return
    }
    if var pending, pending.key == key, last == .text(key: key) {
      pending.index = (pending.index + 1) % cycle.count
      self.pending = pending
    } else {
      commitComposition()
      pending = PendingText(key: key, cycle: cycle, index: 0)
    }
    last = .text(key: key)
  }

  /// The Galaxy shared key: ends an open composition; otherwise (or, with the smart policy,
  /// right after a vowel or a mark) also types a space (spec §5).
  public mutating func spaceOrNext() {
    guard isComposing else {
      insert(" ")
      return
    }
    let typesSpace: Bool
    switch settings.space {
    case .simple: typesSpace = false
    case .smart:
      switch last {
      case .vowel, .text: typesSpace = true
      case .none, .consonant: typesSpace = false
      }
    }
    commitComposition()
    if typesSpace { insert(" ") }
  }

  /// Ends the composition and types a space (iPhone ␣).
  public mutating func space() {
    insert(" ")
  }

  /// Ends the composition and types `text` (⏎, a held key's digit).
  public mutating func insert(_ text: String) {
    commitComposition()
    committedUTF8.append(contentsOf: text.utf8)
  }

  /// Ends the composition: everything typed so far becomes committed text.
  ///
  /// Compare ``reset()``, which throws it away.
  public mutating func commitComposition() {
    commitPending()
    last = .none
    guard !history.isEmpty || !current.isEmpty else { return }
    finish()
    committedUTF8.append(contentsOf: finished)
    finished.removeAll(keepingCapacity: true)
    history.removeAll(keepingCapacity: true)
  }

  /// ⌫: deletes a pending mark, else undoes the last key press of the composition, else
  /// deletes the last committed character (spec §6).
  ///
  /// - Returns: How many committed characters were deleted (0 or 1), or `nil` if there was
  ///   nothing to delete at all.
  @discardableResult
  public mutating func backspace() -> Int? {
    if pending != nil {
      pending = nil
      last = .none
      return 0
    }
    if let step = history.popLast() {
      finished.removeSubrange(step.finishedCount...)
      current = step.current
      last = step.last
      return 0
    }
    guard !committedUTF8.isEmpty else { return nil }
    committedUTF8.removeLast(lastCharacterLength(committedUTF8))
    last = .none
    return 1
  }

  /// Throws away all text and state, keeping buffer capacity.
  ///
  /// Compare ``commitComposition()``, which keeps the composition as text.
  public mutating func reset() {
    committedUTF8.removeAll(keepingCapacity: true)
    finished.removeAll(keepingCapacity: true)
    history.removeAll(keepingCapacity: true)
    current = .empty
    pending = nil
    last = .none
  }

  /// Replaces the committed text, e.g. with a restored draft. Ends any composition.
  public mutating func setCommitted(_ text: String) {
    reset()
    committedUTF8.append(contentsOf: text.utf8)
  }

  // MARK: - Helpers

  private mutating func pushUndo() {
    history.append(UndoStep(finishedCount: finished.count, current: current, last: last))
  }

  private mutating func commitPending() {
    guard let pending else { return }
    committedUTF8.append(contentsOf: pending.text.utf8)
    self.pending = nil
  }

  /// Moves the current syllable, as displayed, into the finished part.
  private mutating func finish() {
    current.render { scalar in encodeUTF8(scalar) { finished.append($0) } }
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

/// Calls `emit` with the UTF-8 bytes of `scalar`.
@inline(__always)
func encodeUTF8(_ scalar: Unicode.Scalar, _ emit: (UInt8) -> Void) {
  let value = scalar.value
  switch value {
  case 0..<0x80:
    emit(UInt8(value))
  case 0x80..<0x800:
    emit(UInt8(0xC0 | value >> 6))
    emit(UInt8(0x80 | value & 0x3F))
  case 0x800..<0x10000:
    emit(UInt8(0xE0 | value >> 12))
    emit(UInt8(0x80 | value >> 6 & 0x3F))
    emit(UInt8(0x80 | value & 0x3F))
  default:
    emit(UInt8(0xF0 | value >> 18))
    emit(UInt8(0x80 | value >> 12 & 0x3F))
    emit(UInt8(0x80 | value >> 6 & 0x3F))
    emit(UInt8(0x80 | value & 0x3F))
  }
}

/// The length in bytes of the last character (grapheme cluster) of UTF-8 text, so ⌫ deletes
/// `👍🏽` or `\r\n` whole. Only the last few characters are decoded.
func lastCharacterLength(_ utf8: [UInt8]) -> Int {
  // A grapheme cluster this long does not occur in typed text; 64 bytes is plenty of context.
  let start = max(0, utf8.count - 64)
  var tail = String(decoding: utf8[start...], as: UTF8.self)
  // If the window cut a character in half, its first scalar decoded as U+FFFD; only the last
  // character matters, and it lies wholly inside the window.
  guard let last = tail.popLast() else { return utf8.count - start }
  return min(String(last).utf8.count, utf8.count)
}
