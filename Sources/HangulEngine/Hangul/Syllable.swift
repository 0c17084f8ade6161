/// A precomposed Hangul syllable (U+AC00 … U+D7A3): choseong, jungseong and an optional
/// jongseong.
///
/// Composition is arithmetic: `0xAC00 + (cho × 21 + jung) × 28 + (jong + 1 or 0)`.
public struct Syllable: Hashable, Sendable {
  public var choseong: Choseong
  public var jungseong: Jungseong
  public var jongseong: Jongseong?

  public init(_ choseong: Choseong, _ jungseong: Jungseong, _ jongseong: Jongseong? = nil) {
    self.choseong = choseong
    self.jungseong = jungseong
    self.jongseong = jongseong
  }

  /// Splits a precomposed syllable; `nil` for any scalar outside U+AC00 … U+D7A3.
  public init?(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    guard (Self.first...Self.last).contains(value) else { return nil }
    let index = value - Self.first
    let jongIndex = index % 28
    // Every part is in range by construction, so the failable inits cannot fail here.
    guard let cho = Choseong(rawValue: UInt8(index / 588)),
      let jung = Jungseong(rawValue: UInt8(index % 588 / 28))
    else { return nil }
    self.init(cho, jung, jongIndex == 0 ? nil : Jongseong(rawValue: UInt8(jongIndex - 1)))
  }

  /// The precomposed scalar.
  public var scalar: Unicode.Scalar {
    let jongIndex = jongseong.map { UInt32($0.rawValue) + 1 } ?? 0
    return HangulEngine.scalar(
      Self.first + (UInt32(choseong.rawValue) * 21 + UInt32(jungseong.rawValue)) * 28 + jongIndex)
  }

  /// The syllable as conjoining jamo (two or three scalars), the NFD form.
  public var conjoining: [Unicode.Scalar] {
    [choseong.conjoining, jungseong.conjoining] + (jongseong.map { [$0.conjoining] } ?? [])
  }

  static let first: UInt32 = 0xAC00
  static let last: UInt32 = 0xD7A3
  /// 19 × 21 × 28.
  public static let count = 11_172
}

// MARK: - Text helpers

extension Unicode.Scalar {
  /// True for a conjoining jamo (U+1100 … U+11FF), which must never reach the screen.
  public var isConjoiningJamo: Bool { (0x1100...0x11FF).contains(value) }
}

/// Converts conjoining jamo in `text` to what the screen can show: a choseong + jungseong
/// (+ jongseong) run becomes the precomposed syllable, and any other conjoining jamo its
/// compatibility letter (`ᆞ` becomes `ㆍ`, `ᆢ` becomes `‥`).
///
/// Text typed on the keypad never holds conjoining jamo; this is for text from elsewhere
/// (a file given to `spell`, pasted words).
public func composingConjoiningJamo(_ text: String) -> String {
  var result = String.UnicodeScalarView()
  var scalars = Array(text.unicodeScalars)[...]
  while let first = scalars.first {
    scalars = scalars.dropFirst()
    guard first.isConjoiningJamo else {
      result.append(first)
      continue
    }
    if let cho = Choseong(first), let next = scalars.first, next.isConjoiningJamo,
      let jung = Jungseong(next)
    {
      scalars = scalars.dropFirst()
      var jong: Jongseong? = nil
      if let last = scalars.first, (0x11A8...0x11C2).contains(last.value) {
        jong = Jongseong(last)
        scalars = scalars.dropFirst()
      }
      result.append(Syllable(cho, jung, jong).scalar)
    } else {
      result.append(compatibilityLetter(forConjoining: first))
    }
  }
  return String(result)
}

/// The letter shown for one conjoining jamo.
func compatibilityLetter(forConjoining scalar: Unicode.Scalar) -> Unicode.Scalar {
  switch scalar.value {
  case 0x119E: return araeaLetter
  case 0x11A2: return ssangaraeaLetter
  default:
    if (0x1100...0x1112).contains(scalar.value), let cho = Choseong(scalar) {
      return cho.compatibility
    }
    if let jung = Jungseong(scalar), (0x1161...0x1175).contains(scalar.value) {
      return jung.compatibility
    }
    if let jong = Jongseong(scalar), (0x11A8...0x11C2).contains(scalar.value) {
      return jong.compatibility
    }
    return "\u{FFFD}"
  }
}
