// Glossary: choseong = initial consonant (onset), jungseong = vowel (nucleus),
// jongseong = final consonant (coda). Only the Unicode words appear in identifiers.

/// A leading consonant, in Unicode order (U+1100 HANGUL CHOSEONG KIYEOK …).
///
/// The raw value is the offset from U+1100, so syllable composition is arithmetic.
/// The 19 cases are also every single consonant letter the keypad can type.
public enum Choseong: UInt8, CaseIterable, Sendable, Hashable {
  case kiyeok, ssangkiyeok, nieun, tikeut, ssangtikeut, rieul, mieum, pieup, ssangpieup, sios
  case ssangsios, ieung, cieuc, ssangcieuc, chieuch, khieukh, thieuth, phieuph, hieuh

  /// The conjoining scalar, U+1100 + raw value.
  ///
  /// Never shown on screen.
  public var conjoining: Unicode.Scalar { scalar(0x1100 + UInt32(rawValue)) }

  /// The compatibility letter (`ㄱ` U+3131 …) used for display and in data files.
  public var compatibility: Unicode.Scalar {
    scalar(0x3131 + UInt32(Self.compatibilityOffsets[Int(rawValue)]))
  }

  /// The same consonant as a final, or `nil` for `ㄸ ㅃ ㅉ`, which cannot end a syllable.
  public var jongseong: Jongseong? {
    switch self {
    case .kiyeok: .kiyeok
    case .ssangkiyeok: .ssangkiyeok
    case .nieun: .nieun
    case .tikeut: .tikeut
    case .ssangtikeut: nil
    case .rieul: .rieul
    case .mieum: .mieum
    case .pieup: .pieup
    case .ssangpieup: nil
    case .sios: .sios
    case .ssangsios: .ssangsios
    case .ieung: .ieung
    case .cieuc: .cieuc
    case .ssangcieuc: nil
    case .chieuch: .chieuch
    case .khieukh: .khieukh
    case .thieuth: .thieuth
    case .phieuph: .phieuph
    case .hieuh: .hieuh
    }
  }

  /// The plain consonant for a tense one (`ㄲ`→`ㄱ`, `ㄸ`→`ㄷ`, `ㅃ`→`ㅂ`, `ㅆ`→`ㅅ`, `ㅉ`→`ㅈ`); every other
  /// consonant is its own folding.
  ///
  /// Used by initial-consonant search.
  public var folded: Choseong {
    switch self {
    case .ssangkiyeok: .kiyeok
    case .ssangtikeut: .tikeut
    case .ssangpieup: .pieup
    case .ssangsios: .sios
    case .ssangcieuc: .cieuc
    case .kiyeok, .nieun, .tikeut, .rieul, .mieum, .pieup, .sios, .ieung, .cieuc, .chieuch,
      .khieukh, .thieuth, .phieuph, .hieuh:
      self
    }
  }

  /// Creates a consonant from its compatibility letter (`ㄱ`) or its conjoining choseong (U+1100…).
  ///
  /// Compound letters such as `ㄳ` are not single consonants and give `nil`.
  public init?(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    if (0x1100...0x1112).contains(value) {
      self.init(rawValue: UInt8(value - 0x1100))
      return
    }
    guard (0x3131...0x314E).contains(value),
      let consonant = Self.byCompatibility[Int(value - 0x3131)]
    else { return nil }
    self = consonant
  }

  /// `byCompatibility[letter - U+3131]`: a table because key-sequence parsing calls this per key.
  private static let byCompatibility: [Choseong?] = {
    var table = [Choseong?](repeating: nil, count: 30)
    for consonant in allCases {
      table[Int(compatibilityOffsets[Int(consonant.rawValue)])] = consonant
    }
    return table
  }()

  /// Offsets of each case's letter from U+3131 in the compatibility block, which interleaves
  /// compound finals (`ㄳ ㄵ ㄶ …`) between the single consonants.
  static let compatibilityOffsets: [UInt8] = [
    0, 1, 3, 6, 7, 8, 16, 17, 18, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
  ]
}

/// A vowel, in Unicode order (U+1161 HANGUL JUNGSEONG A …).
public enum Jungseong: UInt8, CaseIterable, Sendable, Hashable {
  case a, ae, ya, yae, eo, e, yeo, ye, o, wa, wae, oe, yo, u, weo, we, wi, yu, eu, yi, i

  /// The conjoining scalar, U+1161 + raw value.
  ///
  /// Never shown on screen.
  public var conjoining: Unicode.Scalar { scalar(0x1161 + UInt32(rawValue)) }

  /// The compatibility letter (`ㅏ` U+314F …); the block keeps Unicode order for vowels.
  public var compatibility: Unicode.Scalar { scalar(0x314F + UInt32(rawValue)) }

  /// Creates a vowel from its compatibility letter (`ㅏ`) or its conjoining jungseong.
  public init?(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    if (0x1161...0x1175).contains(value) {
      self.init(rawValue: UInt8(value - 0x1161))
    } else if (0x314F...0x3163).contains(value) {
      self.init(rawValue: UInt8(value - 0x314F))
    } else {
      return nil
    }
  }
}

/// A final consonant, in Unicode order (U+11A8 HANGUL JONGSEONG KIYEOK …), including the
/// 11 double finals.
public enum Jongseong: UInt8, CaseIterable, Sendable, Hashable {
  case kiyeok, ssangkiyeok, kiyeokSios, nieun, nieunCieuc, nieunHieuh, tikeut, rieul
  case rieulKiyeok, rieulMieum, rieulPieup, rieulSios, rieulThieuth, rieulPhieuph, rieulHieuh
  case mieum, pieup, pieupSios, sios, ssangsios, ieung, cieuc, chieuch, khieukh, thieuth
  case phieuph, hieuh

  /// The conjoining scalar, U+11A8 + raw value.
  ///
  /// Never shown on screen.
  public var conjoining: Unicode.Scalar { scalar(0x11A8 + UInt32(rawValue)) }

  /// The compatibility letter (`ㄱ`, `ㄳ` …).
  public var compatibility: Unicode.Scalar {
    scalar(0x3131 + UInt32(Self.compatibilityOffsets[Int(rawValue)]))
  }

  /// The two consonants of a double final (`ㄺ` → `ㄹ`, `ㄱ`), or `nil` for a single final.
  ///
  /// `ㄲ` and `ㅆ` are single letters here: the keypad types them with one key.
  public var parts: (first: Jongseong, second: Choseong)? {
    switch self {
    case .kiyeokSios: (.kiyeok, .sios)
    case .nieunCieuc: (.nieun, .cieuc)
    case .nieunHieuh: (.nieun, .hieuh)
    case .rieulKiyeok: (.rieul, .kiyeok)
    case .rieulMieum: (.rieul, .mieum)
    case .rieulPieup: (.rieul, .pieup)
    case .rieulSios: (.rieul, .sios)
    case .rieulThieuth: (.rieul, .thieuth)
    case .rieulPhieuph: (.rieul, .phieuph)
    case .rieulHieuh: (.rieul, .hieuh)
    case .pieupSios: (.pieup, .sios)
    case .kiyeok, .ssangkiyeok, .nieun, .tikeut, .rieul, .mieum, .pieup, .sios, .ssangsios,
      .ieung, .cieuc, .chieuch, .khieukh, .thieuth, .phieuph, .hieuh:
      nil
    }
  }

  /// The same consonant as an initial, or `nil` for a double final.
  public var choseong: Choseong? {
    switch self {
    case .kiyeok: .kiyeok
    case .ssangkiyeok: .ssangkiyeok
    case .nieun: .nieun
    case .tikeut: .tikeut
    case .rieul: .rieul
    case .mieum: .mieum
    case .pieup: .pieup
    case .sios: .sios
    case .ssangsios: .ssangsios
    case .ieung: .ieung
    case .cieuc: .cieuc
    case .chieuch: .chieuch
    case .khieukh: .khieukh
    case .thieuth: .thieuth
    case .phieuph: .phieuph
    case .hieuh: .hieuh
    case .kiyeokSios, .nieunCieuc, .nieunHieuh, .rieulKiyeok, .rieulMieum, .rieulPieup,
      .rieulSios, .rieulThieuth, .rieulPhieuph, .rieulHieuh, .pieupSios:
      nil
    }
  }

  /// The double final made of this final and `second` (`ㄹ` + `ㄱ` = `ㄺ`), if there is one.
  public func adding(_ second: Choseong) -> Jongseong? {
    Self.doubles[Int(rawValue) * Choseong.allCases.count + Int(second.rawValue)]
  }

  /// Creates a final from its compatibility letter (`ㄳ`) or its conjoining jongseong.
  public init?(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    if (0x11A8...0x11C2).contains(value) {
      self.init(rawValue: UInt8(value - 0x11A8))
      return
    }
    guard (0x3131...0x314E).contains(value),
      let index = Self.compatibilityOffsets.firstIndex(of: UInt8(value - 0x3131))
    else { return nil }
    self.init(rawValue: UInt8(index))
  }

  static let compatibilityOffsets: [UInt8] = [
    0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28,
    29,
  ]

  /// `doubles[first * 19 + second]`, derived from `parts` so the two can never disagree.
  private static let doubles: [Jongseong?] = {
    var table = [Jongseong?](repeating: nil, count: allCases.count * Choseong.allCases.count)
    for double in allCases {
      if let (first, second) = double.parts {
        table[Int(first.rawValue) * Choseong.allCases.count + Int(second.rawValue)] = double
      }
    }
    return table
  }()
}

/// The compatibility letter `ㆍ` (U+318D HANGUL LETTER ARAEA), how a lone dot is shown.
public let araeaLetter: Unicode.Scalar = "\u{318D}"
/// `‥` (U+2025 TWO DOT LEADER), how a double dot is shown: U+11A2 has no compatibility
/// letter, and terminals draw the conjoining one at zero width.
public let ssangaraeaLetter: Unicode.Scalar = "\u{2025}"

/// Makes a scalar from a value known to be valid; every caller passes a Hangul code point.
@inline(__always)
func scalar(_ value: UInt32) -> Unicode.Scalar {
  Unicode.Scalar(value) ?? "\u{FFFD}"
}
