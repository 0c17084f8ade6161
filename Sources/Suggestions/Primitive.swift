import HangulEngine

/// One Cheon-Ji-In key primitive: a single consonant letter or one vowel stroke.
///
/// Words are compared as sequences of primitives (the key presses that type them), so a
/// plain prefix test covers a half-built vowel (`아` is a prefix of `애`), a final that will move
/// to the next syllable (`행보` is a prefix of `행복`) and a lone letter (`감ㅅ` of `감사`).
public enum Primitive: Hashable, Sendable {
  /// A single consonant letter. Double finals are split (`ㄳ` → `ㄱ`, `ㅅ`); `ㄲ` and `ㅆ`
  /// stay one letter because one key types them.
  case consonant(Choseong)
  /// A vowel stroke: `ㅣ`, `ㆍ` or `ㅡ`.
  case stroke(VowelStroke)

  /// A dense code for compact keys: consonants 0 … 18 (``Choseong`` raw value), strokes
  /// 19 … 21 (19 + ``VowelStroke`` raw value).
  public var code: UInt8 {
    switch self {
    case .consonant(let cho): cho.rawValue
    case .stroke(let stroke): Primitive.firstStrokeCode + stroke.rawValue
    }
  }

  /// The inverse of ``code``; `nil` above 21.
  public init?(code: UInt8) {
    if code < Primitive.firstStrokeCode {
      guard let cho = Choseong(rawValue: code) else { return nil }
      self = .consonant(cho)
    } else {
      guard let stroke = VowelStroke(rawValue: code - Primitive.firstStrokeCode) else { return nil }
      self = .stroke(stroke)
    }
  }

  /// The letter that shows this primitive: `ㄱ`, `ㅣ`, `ㆍ`, `ㅡ`.
  public var letter: Unicode.Scalar {
    switch self {
    case .consonant(let cho): cho.compatibility
    case .stroke(let stroke): stroke.letter
    }
  }

  /// The code of the first stroke; every smaller code is a consonant.
  static let firstStrokeCode: UInt8 = UInt8(Choseong.allCases.count)
}

extension Sequence<Primitive> {
  /// The primitives as letters, for messages and tests: `값` → `"ㄱㅣㆍㅂㅅ"`.
  public var letters: String {
    var view = String.UnicodeScalarView()
    for primitive in self { view.append(primitive.letter) }
    return String(view)
  }
}

// MARK: - Consonant codes shared by the index and grep (the Grep target: `package`)

/// `foldedConsonantCode[code]`: the code of the plain consonant for a tense one (`ㄲ` → `ㄱ`).
package let foldedConsonantCode: [UInt8] = Choseong.allCases.map { $0.folded.rawValue }

/// The consonant codes of a word written in consonant letters only (`ㄱㅅ`, `ㄳ` → `ㄱ`, `ㅅ`),
/// for an initial-consonant query; `nil` if any letter is not a consonant.
package func consonantLetterCodes(of word: some StringProtocol) -> [UInt8]? {
  var codes: [UInt8] = []
  for scalar in word.unicodeScalars {
    guard let (first, second) = consonantLetterCodes(scalar) else { return nil }
    codes.append(first)
    if let second { codes.append(second) }
  }
  return codes
}

/// The consonant codes a letter stands for in an initial-consonant query: one for a single
/// consonant (`ㄱ`), two for a compound one (`ㄳ` → `ㄱ`, `ㅅ`), `nil` for anything else.
package func consonantLetterCodes(_ scalar: Unicode.Scalar) -> (first: UInt8, second: UInt8?)? {
  let value = scalar.value
  guard
    (0x3131...0x314E).contains(value) || (0x1100...0x1112).contains(value)
      || (0x11A8...0x11C2).contains(value)
  else { return nil }
  if !(0x11A8...0x11C2).contains(value), let cho = Choseong(scalar) { return (cho.rawValue, nil) }
  guard let jong = Jongseong(scalar) else { return nil }
  if let (first, second) = jong.parts {
    guard let firstCho = first.choseong else { return nil }
    return (firstCho.rawValue, second.rawValue)
  }
  guard let cho = jong.choseong else { return nil }
  return (cho.rawValue, nil)
}
