/// A set of compatibility letters (U+3131 … U+3163, the jamo ``JamoUnits`` lists), one bit
/// each.
///
/// The adaptive vocabulary keeps one for each of its tens of thousands of entries and asks
/// "are all of this entry's letters unlocked?" of every entry while it plans a round: a bit
/// test, where sets of one-letter strings hashed and normalized each letter.
public struct JamoSet: Hashable, Sendable {
  private var bits: UInt64 = 0

  /// The letters a set can hold, as scalar values: ㄱ (U+3131) … ㅣ (U+3163), 51 of them.
  public static let range: ClosedRange<UInt32> = 0x3131...0x3163

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
  public var scalars: [Unicode.Scalar] {
    Self.range.compactMap { value in
      guard let scalar = Unicode.Scalar(value), let bit = Self.bit(of: scalar), bits & bit != 0
      else { return nil }
      return scalar
    }
  }

  private static func scalar(of letter: String) -> Unicode.Scalar? {
    var scalars = letter.unicodeScalars.makeIterator()
    guard let scalar = scalars.next(), scalars.next() == nil else { return nil }
    return scalar
  }

  private static func bit(of letter: Unicode.Scalar) -> UInt64? {
    guard range.contains(letter.value) else { return nil }
    return 1 << UInt64(letter.value - range.lowerBound)
  }
}
