import HangulEngine

/// The jamo of a text in typing order, as the learner types them: the letters the adaptive
/// round unlocks one by one and times one by one.
///
/// A syllable gives its choseong, its jungseong and its final consonants, a double final split
/// into the two letters typed for it (`값` → `ㄱ ㅏ ㅂ ㅅ`); a lone compatibility letter (`ㄱ`,
/// `ㅏ`) is itself. Tense consonants stay one jamo (`ㄲ`): on the pad they are a stroke group
/// of their own (`ㄱ` three times). Anything else (spaces, marks, digits) is not a jamo.
public enum JamoUnits {
  /// The jamo of `text` in typing order, as compatibility letters: `안녕` → `ㅇ ㅏ ㄴ ㄴ ㅕ ㅇ`.
  public static func letters(of text: some StringProtocol) -> [String] {
    var letters: [String] = []
    forEachLetter(in: text) { letters.append(String($0)) }
    return letters
  }

  /// Calls `body` with each jamo of `text` in typing order, a compatibility letter (U+3131 …
  /// U+3163): what ``letters(of:)`` lists, without making a string of each (the adaptive
  /// vocabulary counts the letters of tens of thousands of words at every start).
  public static func forEachLetter(
    in text: some StringProtocol, _ body: (Unicode.Scalar) -> Void
  ) {
    for scalar in text.unicodeScalars {
      if let syllable = Syllable(scalar) {
        body(syllable.choseong.compatibility)
        body(syllable.jungseong.compatibility)
        if let jong = syllable.jongseong {
          if let (first, second) = jong.parts {
            body(first.compatibility)
            body(second.compatibility)
          } else {
            body(jong.compatibility)
          }
        }
      } else if isLetter(scalar) {
        body(scalar)
      }
    }
  }

  /// The positions in ``letters(of:)`` of the jamo that begin a word: the first letter of the
  /// text and the first after each space (`안녕 하세요` → 0 and 6).
  public static func wordStarts(in text: some StringProtocol) -> Set<Int> {
    var starts: Set<Int> = []
    var count = 0
    var isAtStart = true
    for character in text {
      if character.isWhitespace {
        isAtStart = true
        continue
      }
      let before = count
      forEachLetter(in: String(character)) { _ in count += 1 }
      if isAtStart, count > before { starts.insert(before) }
      isAtStart = false
    }
    return starts
  }

  /// Whether a scalar is a compatibility consonant or vowel letter (U+3131 … U+3163).
  static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    (0x3131...0x3163).contains(scalar.value)
  }
}

/// Which jamo each press of a planned key sequence types: the stroke group it belongs to.
///
/// The groups come from the engine, not from a table: each letter is spelled on its own by
/// ``Speller`` (`ㄹ` → the `ㄴㄹ` key twice, `ㅕ` → `ㆍ ㆍ ㅣ`), and the text's presses are
/// matched against those groups in typing order. A press on a key that types no letter (the ␣
/// or → that separates 안 from 녕, a space, a mark) is skipped; if a letter key's press stops
/// matching (a layout whose syllables are typed otherwise), the rest stays unattributed rather
/// than guessed.
public struct JamoStrokes: Sendable {
  public let layouts: [Layout]
  private let speller: Speller
  private var groups: [String: [StrokeKey]] = [:]

  /// A press as the groups compare it.
  struct StrokeKey: Hashable, Sendable {
    var layout: Int
    var key: Int
    var isHold: Bool
  }

  public init(layouts: [Layout], initialLayout: Int = 0) {
    self.layouts = layouts
    speller = Speller(layouts: layouts, initial: initialLayout)
  }

  /// One press's place in its jamo.
  public struct Slot: Sendable, Hashable {
    public var jamo: String
    /// Which occurrence of a jamo in the text (0 for the first letter typed).
    public var group: Int
    /// The press's position within the group, from 0.
    public var index: Int
    /// Presses in the group.
    public var count: Int

    public var isLast: Bool { index == count - 1 }
  }

  /// The presses that type `letter` on its own; empty when the layouts cannot type it.
  mutating func strokes(of letter: String) -> [StrokeKey] {
    if let known = groups[letter] { return known }
    // A letter the layouts cannot type has no group: its presses stay unattributed.
    let spelled =
      (try? speller.spell(letter))?.map {
        StrokeKey(layout: $0.layout, key: $0.key, isHold: $0.isHold)
      }
      ?? []
    groups[letter] = spelled
    return spelled
  }

  /// How many presses type `letter` on its own (`ㄹ` 2, `ㅕ` 3); 0 when it cannot be typed.
  public mutating func pressCount(of letter: String) -> Int {
    strokes(of: letter).count
  }

  /// The slot of each press of `presses`, which type `text`: `nil` for a press outside every
  /// jamo (a separator, a space, a mark).
  mutating func slots(
    text: String, presses: [(layout: Int, key: Int, isHold: Bool)]
  ) -> [Slot?] {
    var slots = [Slot?](repeating: nil, count: presses.count)
    var position = 0
    for (group, letter) in JamoUnits.letters(of: text).enumerated() {
      let expected = strokes(of: letter)
      guard !expected.isEmpty else { return slots }
      // Skip the presses of keys that type no letter, up to where this group starts.
      var start = position
      while start + expected.count <= presses.count,
        !matches(expected, presses[start..<(start + expected.count)])
      {
        guard !isLetterKey(presses[start]) else { return slots }
        start += 1
      }
      guard start + expected.count <= presses.count else { return slots }
      for index in expected.indices {
        slots[start + index] = Slot(jamo: letter, group: group, index: index, count: expected.count)
      }
      position = start + expected.count
    }
    return slots
  }

  /// Whether a press is on a key drawn as a letter key (the ten jamo keys of the Galaxy pad).
  private func isLetterKey(_ press: (layout: Int, key: Int, isHold: Bool)) -> Bool {
    guard layouts.indices.contains(press.layout),
      layouts[press.layout].keys.indices.contains(press.key)
    else { return false }
    switch layouts[press.layout].keys[press.key].style {
    case .letter: return true
    case .function, .accent: return false
    }
  }

  private func matches(
    _ expected: [StrokeKey], _ presses: ArraySlice<(layout: Int, key: Int, isHold: Bool)>
  ) -> Bool {
    zip(expected, presses).allSatisfy { want, got in
      want.layout == got.layout && want.key == got.key && want.isHold == got.isHold
    }
  }
}
