/// A set of compatibility letters (U+3131 … U+3163, the jamo ``JamoUnits`` lists), one bit
/// each.
///
/// The adaptive vocabulary keeps one for each of its tens of thousands of entries and asks
/// "are all of this entry's letters unlocked?" of every entry while it plans a round: a bit
/// test, where sets of one-letter strings hashed and normalized each letter.
public struct JamoSet: Hashable, Sendable {
  private var bits: UInt64 = 0

  /// The first letter, ㄱ; ㅣ (U+3163) is the 51st.
  private static let first: UInt32 = 0x3131
  private static let count: UInt32 = 0x3163 - 0x3131 + 1

  /// The empty set.
  public init() {}

  /// The set of `letters`; anything that is not one compatibility letter is left out.
  public init(_ letters: some Sequence<String>) {
    for letter in letters {
      if let scalar = Self.scalar(of: letter) { insert(scalar) }
    }
  }

  /// Whether the set has no letter.
  public var isEmpty: Bool { bits == 0 }

  /// Adds a letter; a scalar outside the letters is ignored.
  public mutating func insert(_ letter: Unicode.Scalar) {
    guard let bit = Self.bit(of: letter) else { return }
    bits |= bit
  }

  /// Whether `letter` (one compatibility letter) is in the set.
  public func contains(_ letter: String) -> Bool {
    guard let scalar = Self.scalar(of: letter), let bit = Self.bit(of: scalar) else {
      return false
    }
    return bits & bit != 0
  }

  /// Adds the letters of `other`.
  public mutating func formUnion(_ other: JamoSet) { bits |= other.bits }

  /// Whether every letter of the set is in `other`.
  public func isSubset(of other: JamoSet) -> Bool { bits & ~other.bits == 0 }

  /// The letters, in Unicode order.
  public var letters: [String] {
    (0..<Self.count).compactMap { offset in
      guard bits & (1 << UInt64(offset)) != 0 else { return nil }
      return Unicode.Scalar(Self.first + offset).map { String($0) }
    }
  }

  private static func scalar(of letter: String) -> Unicode.Scalar? {
    var scalars = letter.unicodeScalars.makeIterator()
    guard let scalar = scalars.next(), scalars.next() == nil else { return nil }
    return scalar
  }

  private static func bit(of letter: Unicode.Scalar) -> UInt64? {
    guard letter.value >= first, letter.value - first < count else { return nil }
    return 1 << UInt64(letter.value - first)
  }
}
