/// The open composition after a key press, as displayed: what ``KeyOutput/preedit`` carries.
///
/// A value, not a String: up to ``inlineCapacity`` UTF-8 bytes (ten syllables) are held inline,
/// so a key press builds its preedit without touching the heap, and no String is made until
/// the preedit is shown. Read ``string`` (or ``description``, or interpolate it) where it is
/// shown; ``withUTF8(_:)`` reads the bytes without making a String. A longer composition, which
/// only typing many syllables without a space makes, is held on the heap.
///
/// Two preedits are equal when they show the same text. A string literal makes one:
/// `KeyOutput(consumed: true, preedit: "안")`.
public struct Preedit: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
  /// The most UTF-8 bytes held without a heap allocation.
  public static let inlineCapacity = InlineUTF8.inlineCapacity

  var utf8Text: InlineUTF8
  /// Where the syllable being composed (or the cycling mark) starts, in UTF-8 bytes.
  private var composingStart: Int

  /// An empty preedit: nothing is being composed.
  public init() {
    utf8Text = InlineUTF8()
    composingStart = 0
  }

  /// A preedit showing `text`, all of it the syllable being composed.
  public init(_ text: some StringProtocol) {
    utf8Text = InlineUTF8()
    utf8Text.append(contentsOf: text.utf8)
    composingStart = 0
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  init(utf8Text: InlineUTF8, composingFrom start: Int) {
    self.utf8Text = utf8Text
    self.composingStart = start
  }

  /// Two preedits are equal when they show the same text, wherever the syllable being composed
  /// starts.
  public static func == (lhs: Preedit, rhs: Preedit) -> Bool {
    lhs.utf8Text == rhs.utf8Text
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(utf8Text)
  }

  /// The preedit as a String, made on each read.
  public var string: String { utf8Text.string }

  /// The syllable being composed (or the cycling mark) as displayed, for highlighting: the last
  /// few letters of ``string`` (`니` of `가니`), made on each read.
  public var composingTail: String {
    utf8Text.withUTF8 { String(decoding: $0[composingStart...], as: UTF8.self) }
  }

  /// The same as ``string``.
  public var description: String { string }

  /// Whether nothing is being composed.
  public var isEmpty: Bool { utf8Text.isEmpty }

  /// The length of the preedit in UTF-8 bytes.
  public var utf8Count: Int { utf8Text.count }

  /// Calls `body` with the preedit's UTF-8 bytes, without making a String.
  public func withUTF8<Result>(
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try utf8Text.withUTF8(body)
  }
}

/// UTF-8 text held inline up to ``inlineCapacity`` bytes, on the heap beyond: the finished part of
/// an open composition and the ``Preedit`` built from it on every key press.
///
/// Copying one copies 40 bytes and, for a long text only, retains its heap buffer. Equality and
/// hashing follow the bytes, wherever they are kept.
struct InlineUTF8: Sendable, Hashable {
  /// 32 bytes: ten syllables and a mark.
  static let inlineCapacity = 32

  /// The bytes while there are at most ``inlineCapacity``; unused once ``spilled`` is set.
  private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  private var inlineCount: UInt8 = 0
  /// Every byte, once there were more than ``inlineCapacity``; `nil` until then.
  ///
  /// A class, so that copying the text retains one reference, `nil` almost always.
  private var spilled: SpilledUTF8? = nil

  init() {}

  /// A copy of `text` that retains nothing when `text` is inline: what a key press copies.
  init(copying text: InlineUTF8) {
    if text.spilled == nil {
      inline = text.inline
      inlineCount = text.inlineCount
    } else {
      self = text
    }
  }

  var count: Int { spilled?.bytes.count ?? Int(inlineCount) }

  var isEmpty: Bool { count == 0 }

  var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

  func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
    if let spilled { return try spilled.bytes.withUnsafeBufferPointer(body) }
    let count = Int(inlineCount)
    return try withUnsafeBytes(of: inline) { raw in
      try body(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[..<count]))
    }
  }

  mutating func append(_ scalar: Unicode.Scalar) {
    let count = Int(inlineCount)
    guard spilled == nil, count + 4 <= Self.inlineCapacity else {
      UTF8.encode(scalar) { appendSlowly($0) }
      return
    }
    var written = count
    withUnsafeMutableBytes(of: &inline) { bytes in
      UTF8.encode(scalar) { byte in
        bytes[written] = byte
        written += 1
      }
    }
    inlineCount = UInt8(written)
  }

  mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    for byte in bytes { appendSlowly(byte) }
  }

  /// Keeps the first `count` bytes.
  mutating func removeSubrange(from count: Int) {
    if spilled != nil {
      uniqueSpilled().bytes.removeSubrange(count...)
    } else if count < inlineCount {
      inlineCount = UInt8(count)  // the bytes past the count are never read
    }
  }

  /// Empties the text; a heap buffer is let go, so the text is inline again.
  mutating func removeAll() {
    inlineCount = 0
    spilled = nil
  }

  private mutating func appendSlowly(_ byte: UInt8) {
    let count = Int(inlineCount)
    if spilled == nil, count < Self.inlineCapacity {
      withUnsafeMutableBytes(of: &inline) { $0[count] = byte }
      inlineCount += 1
      return
    }
    uniqueSpilled().bytes.append(byte)
  }

  /// The heap buffer, made (from the inline bytes) or copied first if it is not ours alone.
  private mutating func uniqueSpilled() -> SpilledUTF8 {
    if isKnownUniquelyReferenced(&spilled), let spilled { return spilled }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(2 * Self.inlineCapacity)
    withUTF8 { bytes.append(contentsOf: $0) }
    let copy = SpilledUTF8(bytes)
    spilled = copy
    return copy
  }

  static func == (left: InlineUTF8, right: InlineUTF8) -> Bool {
    left.withUTF8 { left in right.withUTF8 { right in left.elementsEqual(right) } }
  }

  func hash(into hasher: inout Hasher) {
    withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(count)
  }
}

/// The heap buffer of a long ``InlineUTF8``, shared by copies until one of them changes it.
private final class SpilledUTF8: @unchecked Sendable {
  // Only ``InlineUTF8`` changes `bytes`, and only while it holds the one reference.
  var bytes: [UInt8]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }
}
