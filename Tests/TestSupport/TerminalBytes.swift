/// The offset of the first byte in `bytes` a terminal could take as a command, or `nil`: C0
/// other than `\n` and `\t`, DEL, C1 (as UTF-8 or as a lone byte) or any other byte that is
/// not UTF-8.
///
/// Written apart from the program's escaping, so that the tests do not check it against itself.
public func terminalCommandByte(in bytes: [UInt8]) -> Int? {
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    if byte < 0x80 {
      if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F { return index }
      index += 1
      continue
    }
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0
    guard length > 0, index + length <= bytes.count,
      let text = String(validating: bytes[index..<index + length], as: UTF8.self),
      let scalar = text.unicodeScalars.first, !(0x80...0x9F).contains(scalar.value)
    else { return index }
    index += length
  }
  return nil
}
