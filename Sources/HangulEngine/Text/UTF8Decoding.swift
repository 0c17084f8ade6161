/// Decodes the scalar starting at `index` (before `end`): its value and byte length.
///
/// Malformed UTF-8 (a stray continuation byte, a cut or overlong sequence, a surrogate) decodes
/// as U+FFFD, one byte long, so scanning always advances and every value is a valid scalar.
///
/// The one UTF-8 decoder of the pure targets: the key-sequence reader and grep's word scanner.
@inlinable
package func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> (
  UInt32, Int
) {
  let b0 = UInt32(bytes[index])
  if b0 < 0x80 { return (b0, 1) }
  let invalid: (UInt32, Int) = (0xFFFD, 1)
  if b0 < 0xC2 { return invalid }
  if b0 < 0xE0 {
    guard index + 1 < end else { return invalid }
    let b1 = UInt32(bytes[index + 1])
    guard b1 & 0xC0 == 0x80 else { return invalid }
    return ((b0 & 0x1F) << 6 | (b1 & 0x3F), 2)
  }
  if b0 < 0xF0 {
    guard index + 2 < end else { return invalid }
    let b1 = UInt32(bytes[index + 1])
    let b2 = UInt32(bytes[index + 2])
    guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80 else { return invalid }
    let value = (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | (b2 & 0x3F)
    guard value >= 0x800, !(0xD800...0xDFFF).contains(value) else { return invalid }
    return (value, 3)
  }
  if b0 < 0xF5 {
    guard index + 3 < end else { return invalid }
    let b1 = UInt32(bytes[index + 1])
    let b2 = UInt32(bytes[index + 2])
    let b3 = UInt32(bytes[index + 3])
    guard b1 & 0xC0 == 0x80, b2 & 0xC0 == 0x80, b3 & 0xC0 == 0x80 else { return invalid }
    let value = (b0 & 0x07) << 18 | (b1 & 0x3F) << 12 | (b2 & 0x3F) << 6 | (b3 & 0x3F)
    guard value >= 0x10000, value <= 0x10FFFF else { return invalid }
    return (value, 4)
  }
  return invalid
}
