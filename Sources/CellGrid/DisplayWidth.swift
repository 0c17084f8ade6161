/// Terminal column widths, as glibc's `wcwidth` gives them, without calling the C library.
///
/// The widths come from a table generated from glibc 2.36 in `C.UTF-8`
/// (``runs``, made by `Tools/width-table/dump-wcwidth.c`), so they need no `setlocale` and
/// are the same in `cheonjiin stats > file` as on the screen. Scalars `wcwidth` calls not
/// printable (controls, unassigned code points) take 0 columns, as the renderer draws them.
///
/// A ``Character`` takes the width of its first (base) scalar, with two exceptions from
/// emoji: a character with U+FE0F (emoji presentation, `❤️`) and a pair of regional
/// indicators (a flag, `🇰🇷`) take 2. So `e` + U+0301 is 1, `👍🏽` is 2, and a syllable
/// written as conjoining jamo (`ᄀ` + `ᅡ`) is 2 like `가`.
public enum DisplayWidth {
  /// The columns `scalar` takes on its own: 0, 1 or 2.
  ///
  /// ASCII, Hangul syllables and compatibility jamo (`ㄱ`, `ㆍ`) are answered without a
  /// search, because the renderer asks for them on every frame.
  public static func of(scalar: Unicode.Scalar) -> Int {
    switch scalar.value {
    case 0x20..<0x7F: 1
    case 0..<0x20, 0x7F..<0xA0: 0
    case 0xAC00...0xD7A3: 2  // 가 … 힣
    case 0x3131...0x318E: 2  // ㄱ … ㆎ, ㆍ included
    default: searched(scalar.value)
    }
  }

  /// The columns `character` takes: its base scalar's width, or 2 for an emoji-presentation
  /// sequence or a flag.
  public static func of(_ character: Character) -> Int {
    var scalars = character.unicodeScalars.makeIterator()
    guard let base = scalars.next() else { return 0 }
    guard let second = scalars.next() else { return of(scalar: base) }
    if isRegionalIndicator(base) && isRegionalIndicator(second) { return 2 }
    if second == emojiPresentation { return 2 }
    // U+FE0F may come later than the second scalar: `🧑‍⚕️` ends with it.
    while let scalar = scalars.next() {
      if scalar == emojiPresentation { return 2 }
    }
    return of(scalar: base)
  }

  /// The columns `text` takes: the sum of its characters' widths.
  public static func of(_ text: some StringProtocol) -> Int {
    // Printable ASCII needs no grapheme breaking: one column per byte.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  // MARK: - Layout helpers

  /// `text` with spaces added on the right up to `width` columns; unchanged if it is wider.
  public static func padded(_ text: some StringProtocol, to width: Int) -> String {
    String(text) + spaces(width - of(text))
  }

  /// `text` with spaces added on the left up to `width` columns; unchanged if it is wider.
  public static func leftPadded(_ text: some StringProtocol, to width: Int) -> String {
    spaces(width - of(text)) + String(text)
  }

  /// The longest prefix of `text`, in whole characters, that fits in `width` columns.
  public static func truncated(_ text: some StringProtocol, to width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let needed = of(character)
      if used + needed > width { break }
      result.append(character)
      used += needed
    }
    return result
  }

  // MARK: - Lookup

  /// VARIATION SELECTOR-16: show the character before it as an emoji, two columns wide.
  static let emojiPresentation: Unicode.Scalar = "\u{FE0F}"

  /// Whether `scalar` is one of the letters that make flags in pairs (`🇰` + `🇷`).
  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar.value)
  }

  /// `count` spaces; none for a count below 1.
  package static func spaces(_ count: Int) -> String {
    count > 0 ? String(repeating: " ", count: count) : ""
  }

  /// The width of `value` from ``runs``: binary search for the last run starting at or
  /// before it.
  package static func searched(_ value: UInt32) -> Int {
    // A run is `start << 4 | width`; every run starting at or before `value` is at most this.
    let key = value << 4 | 0xF
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle] <= key { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? 1 : Int(runs[low - 1] & 0xF)
  }
}
