import HangulEngine

/// Spells text as Cheon-Ji-In primitives: consonant letters and vowel strokes.
///
/// Vowels are spelled with the fewest strokes the layout's ``VowelTable`` needs
/// (``VowelTable/strokes(for:)``); for the shipped layouts that is the usual
/// 천지인 table (`ㅏ` = `ㅣㆍ`, `ㅘ` = `ㆍㅡㅣㆍ` …). Understood input:
///
/// - precomposed syllables (`값` → `ㄱㅣㆍㅂㅅ`: double finals split);
/// - compatibility letters as the keypad shows them: a lone consonant (`ㄱ`), a compound one
///   (`ㄳ` → `ㄱㅅ`), a vowel-only letter (`ㅏ` → `ㅣㆍ`), the dot `ㆍ` and the double dot `‥`;
/// - conjoining jamo (NFD text), `ᆞ`/`ᆢ` and `·`, spelled like their compatibility letters.
///
/// Anything else (Latin, digits, spaces, punctuation) cannot be spelled.
public struct PrimitiveSpeller: Sendable {
  /// Strokes of each jungseong, `vowelStride` codes per vowel, unused slots 0xFF.
  private let vowelCodes: [UInt8]
  private let vowelLengths: [UInt8]
  private let vowelStride: Int
  /// Codes of every precomposed syllable, `syllableStride` per syllable, so the hot paths
  /// (index build, grep) spell a syllable with one table lookup.
  package let syllableCodes: [UInt8]
  package let syllableLengths: [UInt8]
  package let syllableStride: Int

  /// Creates a speller for a layout's vowel rules.
  ///
  /// - Parameter vowels: The layout's ``ComposerSettings/vowels``.
  /// - Returns: `nil` when some jungseong cannot be typed with `vowels`; see
  ///   ``unreachableVowels(in:)`` for which.
  public init?(vowels: VowelTable) {
    let shortest = vowels.shortestStrokes
    var strokeLists: [[UInt8]] = []
    for jung in Jungseong.allCases {
      guard let strokes = shortest[Vowel.jungseong(jung).index] else { return nil }
      strokeLists.append(strokes.map { Primitive.stroke($0).code })
    }
    let stride = strokeLists.map(\.count).max() ?? 0
    var codes = [UInt8](repeating: 0xFF, count: stride * strokeLists.count)
    for (index, list) in strokeLists.enumerated() {
      for (offset, code) in list.enumerated() { codes[index * stride + offset] = code }
    }
    vowelCodes = codes
    vowelLengths = strokeLists.map { UInt8($0.count) }
    vowelStride = stride

    // Choseong + vowel strokes + up to two final consonants.
    let syllableStride = 1 + stride + 2
    var table = [UInt8](repeating: 0xFF, count: Syllable.count * syllableStride)
    var lengths = [UInt8](repeating: 0, count: Syllable.count)
    for index in 0..<Syllable.count {
      guard let scalar = Unicode.Scalar(0xAC00 + UInt32(index)), let syllable = Syllable(scalar)
      else { continue }
      var spelled: [UInt8] = [syllable.choseong.rawValue]
      spelled += strokeLists[Int(syllable.jungseong.rawValue)]
      if let jong = syllable.jongseong { Self.appendFinal(jong, to: &spelled) }
      for (offset, code) in spelled.enumerated() { table[index * syllableStride + offset] = code }
      lengths[index] = UInt8(spelled.count)
    }
    syllableCodes = table
    syllableLengths = lengths
    self.syllableStride = syllableStride
  }

  /// A digest of the vowel rules, kept in a compact index: another speller spells its words
  /// differently, so its index cannot be reused.
  package var fingerprint: UInt64 {
    compactChecksum((vowelCodes + vowelLengths + [UInt8(vowelStride)])[...])
  }

  /// The jungseong that `vowels` cannot type, in Unicode order; empty for a usable table.
  public static func unreachableVowels(in vowels: VowelTable) -> [Jungseong] {
    let shortest = vowels.shortestStrokes
    return Jungseong.allCases.filter { shortest[Vowel.jungseong($0).index] == nil }
  }

  /// The strokes that type `jungseong`: `ㅘ` → `[.araea, .eu, .i, .araea]`.
  public func strokes(for jungseong: Jungseong) -> [VowelStroke] {
    let start = Int(jungseong.rawValue) * vowelStride
    return (0..<Int(vowelLengths[Int(jungseong.rawValue)])).compactMap {
      VowelStroke(rawValue: vowelCodes[start + $0] - Primitive.firstStrokeCode)
    }
  }

  /// The primitives of `text`, or `nil` if some character cannot be spelled.
  ///
  /// `행복` → `ㅎㅣㆍㅣㅇㅂㆍㅡㄱ`; `ㄱ‥` → `ㄱㆍㆍ`; `ab` → `nil`.
  public func primitives(of text: some StringProtocol) -> [Primitive]? {
    var codes: [UInt8] = []
    guard appendCodes(of: text, to: &codes) else { return nil }
    return codes.compactMap { Primitive(code: $0) }
  }

  /// Appends the primitive codes of `text`; `false` (with `codes` partly extended) when some
  /// character cannot be spelled.
  package func appendCodes(of text: some StringProtocol, to codes: inout [UInt8]) -> Bool {
    for scalar in text.unicodeScalars {
      guard appendCodes(of: scalar, to: &codes) else { return false }
    }
    return true
  }

  /// Appends the codes of one scalar; `false` if it cannot be spelled.
  func appendCodes(of scalar: Unicode.Scalar, to codes: inout [UInt8]) -> Bool {
    let value = scalar.value
    if value >= 0xAC00 && value <= 0xD7A3 {
      let index = Int(value - 0xAC00)
      let start = index * syllableStride
      codes.append(contentsOf: syllableCodes[start..<start + Int(syllableLengths[index])])
      return true
    }
    return forEachCode(ofNonSyllable: value) { code in
      codes.append(code)
      return true
    }
  }

  /// Calls `body` with each code of a scalar that is not a precomposed syllable (those go
  /// through `syllableCodes`), stopping when `body` returns `false`.
  ///
  /// - Returns: `false` if the scalar cannot be spelled (then `body` was not called).
  @inline(__always)
  package func forEachCode(ofNonSyllable value: UInt32, _ body: (UInt8) -> Bool) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return false }
    if let (first, second) = consonantLetterCodes(scalar) {
      if body(first), let second { _ = body(second) }
      return true
    }
    if (0x314F...0x3163).contains(value) || (0x1161...0x1175).contains(value),
      let jung = Jungseong(scalar)
    {
      let start = Int(jung.rawValue) * vowelStride
      for offset in 0..<Int(vowelLengths[Int(jung.rawValue)]) {
        guard body(vowelCodes[start + offset]) else { break }
      }
      return true
    }
    let dot = Primitive.stroke(.araea).code
    switch value {
    case 0x318D, 0x119E, 0x00B7:
      _ = body(dot)
      return true
    case 0x2025, 0x11A2:
      if body(dot) { _ = body(dot) }
      return true
    default:
      return false
    }
  }

  /// Appends a final consonant, split into its two letters if it is a double final.
  private static func appendFinal(_ jong: Jongseong, to codes: inout [UInt8]) {
    if let (first, second) = jong.parts {
      if let firstCho = first.choseong { codes.append(firstCho.rawValue) }
      codes.append(second.rawValue)
    } else if let cho = jong.choseong {
      codes.append(cho.rawValue)
    }
  }
}
