import HangulEngine

// Word splitting on raw UTF-8, for grep's hot path: no String, no allocation.

/// The start of the last scalar before `end` (at or after `start`), and its value.
@inline(__always)
func decodeLastScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
  -> (index: Int, value: UInt32)
{
  var index = end - 1
  var steps = 0
  while index > start && steps < 3 && bytes[index] & 0xC0 == 0x80 {
    index -= 1
    steps += 1
  }
  let (value, length) = decodeScalar(bytes, index, end)
  // A stray continuation byte: the last byte stands alone.
  if index + length != end { return (end - 1, 0xFFFD) }
  return (index, value)
}

/// A quick test that rules out white space for almost every byte: only ASCII white space and the
/// lead bytes `C2`, `E1`, `E2`, `E3` can start it.
///
/// Hangul (`EA`–`ED`, continuation bytes) never does.
@inline(__always)
func mayStartWhitespace(_ byte: UInt8) -> Bool {
  byte <= 0x20
    ? byte == 0x20 || byte >= 0x09 && byte <= 0x0D : byte == 0xC2 || byte >= 0xE1 && byte <= 0xE3
}

/// The index of the first white space after `index` (which is not white space), or
/// `bytes.count`.
///
/// On little-endian machines it tests eight bytes at a time for a byte that may start white
/// space (below 0x21, `C2`, or `E0`–`E3`) with the usual SWAR tricks: the lowest flagged byte
/// is exact, so it jumps straight to the first candidate and checks it properly.
@inline(__always)
func nextWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Int {
  let end = bytes.count
  var position = index + 1
  #if _endian(little)
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while position + 8 <= end {
        let x = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
        let below21 = (x &- 0x21 &* ones) & ~x & highs
        let c2 = x ^ (0xC2 &* ones)
        let isC2 = (c2 &- ones) & ~c2 & highs
        let e0 = x ^ (0xE0 &* ones)
        let isE0toE3 = (e0 &- 0x04 &* ones) & ~e0 & highs
        let candidates = below21 | isC2 | isE0toE3
        if candidates == 0 {
          position += 8
          continue
        }
        let candidate = position + candidates.trailingZeroBitCount / 8
        if whitespaceLength(bytes, candidate, end) > 0 { return candidate }
        position = candidate + 1
      }
    }
  #endif
  while position < end {
    if mayStartWhitespace(bytes[position]) && whitespaceLength(bytes, position, end) > 0 {
      return position
    }
    position += 1
  }
  return end
}

/// The length of the white space starting at `index`, or 0 if there is none there.
///
/// White space is what separates words: ASCII space, tab, line and page breaks, and the
/// Unicode spaces (U+00A0, U+1680, U+2000…U+200A, U+2028, U+2029, U+202F, U+205F, U+3000).
@inline(__always)
func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> Int {
  let b0 = bytes[index]
  if b0 < 0x80 { return b0 == 0x20 || (b0 >= 0x09 && b0 <= 0x0D) ? 1 : 0 }
  switch b0 {
  case 0xC2:
    return index + 1 < end && (bytes[index + 1] == 0xA0 || bytes[index + 1] == 0x85) ? 2 : 0
  case 0xE1, 0xE2, 0xE3:
    guard index + 2 < end else { return 0 }
    let b1 = bytes[index + 1]
    let b2 = bytes[index + 2]
    switch b0 {
    case 0xE1: return b1 == 0x9A && b2 == 0x80 ? 3 : 0  // U+1680
    case 0xE2:
      if b1 == 0x80 && (b2 <= 0x8A || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF) { return 3 }
      return b1 == 0x81 && b2 == 0x9F ? 3 : 0  // U+205F
    default: return b1 == 0x80 && b2 == 0x80 ? 3 : 0  // U+3000
    }
  default:
    return 0
  }
}

/// Whether a scalar is stripped from the ends of a word: punctuation and symbols (`"감사합니다!"` →
/// `감사합니다`, `“까마귀”` → `까마귀`).
///
/// Letters, digits, Hangul of any kind (jamo and `ㆍ` included) and malformed bytes are kept.
@inline(__always)
func isEdgePunctuation(_ value: UInt32) -> Bool {
  if value < 0x80 {
    let isAlphanumeric =
      (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
      || (value >= 0x61 && value <= 0x7A)
    return !isAlphanumeric
  }
  if (0xAC00...0xD7A3).contains(value) || (0x1100...0x11FF).contains(value)
    || (0x3131...0x318E).contains(value)
  {
    return false
  }
  guard value != 0xFFFD, let scalar = Unicode.Scalar(value) else { return false }
  switch scalar.properties.generalCategory {
  case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
    .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
    .modifierSymbol, .otherSymbol:
    return true
  default:
    return false
  }
}

/// Calls `body` with the byte range of each word of `bytes` (split at white space, with
/// punctuation stripped from both ends; words that are all punctuation are skipped) until
/// `body` returns `false`.
///
/// - Parameter stripsEnd: Strip trailing punctuation too. A prefix match never needs it (it
///   succeeds before reaching the punctuation or fails on it either way), so grep skips the
///   work unless it matches whole words or prints them.
@inline(__always)
func forEachWord(
  _ bytes: UnsafeBufferPointer<UInt8>, stripsEnd: Bool = true,
  _ body: (_ start: Int, _ end: Int) -> Bool
) {
  let end = bytes.count
  var index = 0
  while index < end {
    // Skip white space.
    if mayStartWhitespace(bytes[index]) {
      let space = whitespaceLength(bytes, index, end)
      if space > 0 {
        index += space
        continue
      }
    }
    var wordEnd = nextWhitespace(bytes, after: index)
    var start = index
    index = wordEnd
    // Strip punctuation from the front …
    while start < wordEnd {
      let (value, length) = decodeScalar(bytes, start, wordEnd)
      guard isEdgePunctuation(value) else { break }
      start += length
    }
    // … and from the back.
    while stripsEnd && wordEnd > start {
      let (last, value) = decodeLastScalar(bytes, start, wordEnd)
      guard isEdgePunctuation(value) else { break }
      wordEnd = last
    }
    if start < wordEnd && !body(start, wordEnd) { return }
  }
}
