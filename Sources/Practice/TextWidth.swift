/// Terminal column widths without the C library, for laying out charts as plain text.
///
/// Follows glibc's `wcwidth` for what the charts print: Hangul syllables, compatibility jamo
/// (`ㄱ`, `ㆍ`) and leading conjoining jamo take 2 columns, vowel and final conjoining jamo 0;
/// CJK, fullwidth forms and most emoji 2; combining marks, joiners and variation selectors 0;
/// everything else 1.
public enum TextWidth {
  /// The columns `scalar` takes.
  public static func columns(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    switch value {
    case 0..<0x20, 0x7F..<0xA0: return 0
    case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
    case 0x1160...0x11FF, 0xD7B0...0xD7FF: return 0  // conjoining vowels and finals
    case 0x1100...0x115F, 0xA960...0xA97F: return 2  // leading conjoining jamo
    case 0x3131...0x318E: return 2  // compatibility jamo, ㆍ included
    case 0xAC00...0xD7A3: return 2  // syllables
    case 0x2E80...0x303E, 0x3041...0x3130, 0x318F...0xA4CF: return 2
    case 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6: return 2
    case 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD: return 2
    default: return 1
    }
  }

  /// The columns `text` takes.
  public static func columns(of text: some StringProtocol) -> Int {
    text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
  }

  /// `text` padded with spaces on the right to `width` columns (unchanged if wider).
  public static func padded(_ text: String, to width: Int) -> String {
    let missing = width - columns(of: text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  /// `text` padded with spaces on the left to `width` columns (unchanged if wider).
  public static func leftPadded(_ text: String, to width: Int) -> String {
    let missing = width - columns(of: text)
    return missing > 0 ? String(repeating: " ", count: missing) + text : text
  }

  /// The longest prefix of `text` that fits in `width` columns.
  public static func truncated(_ text: String, to width: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let needed = columns(of: String(character))
      if used + needed > width { break }
      result.append(character)
      used += needed
    }
    return result
  }
}
