/// Whether a terminal may take `scalar` as a command rather than a character: C0 (below
/// U+0020), DEL (U+007F) and C1 (U+0080 … U+009F).
///
/// `ESC ]0;…` sets the window title, `ESC ]52;…` writes the clipboard, `ESC [2J` clears the
/// screen, and U+009B is CSI itself on a terminal that takes C1 controls.
public func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

/// `text` with every control character (``isTerminalControl(_:)``) written as `\u{1B}`, so
/// that printing it on a terminal cannot move the cursor, change the title or clear the
/// screen.
///
/// - Parameter keepsLinesAndTabs: Whether `\n` and `\t` stay as they are: for whole texts
///   (a typed line, an export), whose lines and columns a terminal shows as intended; a
///   field of a listing or a message escapes them too, so that it stays on its line.
///
/// Compare ``appendTerminalSafe(_:to:keepsLinesAndTabs:)``, for bytes that may not be UTF-8.
public func terminalSafe(_ text: some StringProtocol, keepsLinesAndTabs: Bool = false) -> String {
  let isSafe = text.unicodeScalars.allSatisfy {
    !isTerminalControl($0) || (keepsLinesAndTabs && ($0 == "\n" || $0 == "\t"))
  }
  guard !isSafe else { return String(text) }
  var bytes: [UInt8] = []
  appendTerminalSafe(text.utf8, to: &bytes, keepsLinesAndTabs: keepsLinesAndTabs)
  return String(decoding: bytes, as: UTF8.self)
}

/// Appends `bytes` to `output` with control characters written as `\u{1B}` (as
/// ``terminalSafe(_:keepsLinesAndTabs:)`` does) and every byte that is not part of valid
/// UTF-8 written as `\x9B`: a lone byte 0x80 … 0x9F is a C1 control to a terminal that is not
/// in UTF-8 mode.
///
/// - Parameter keepsLinesAndTabs: Whether `\n` and `\t` stay as they are.
public func appendTerminalSafe(
  _ bytes: some Collection<UInt8>, to output: inout [UInt8], keepsLinesAndTabs: Bool
) {
  let bytes = Array(bytes)
  var index = 0
  while index < bytes.count {
    guard let decoded = decodedScalar(in: bytes, at: index) else {
      output.append(contentsOf: escapedByte(bytes[index]).utf8)
      index += 1
      continue
    }
    let (scalar, length) = decoded
    let kept = keepsLinesAndTabs && (scalar == "\n" || scalar == "\t")
    if isTerminalControl(scalar) && !kept {
      output.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".utf8)
    } else {
      output.append(contentsOf: bytes[index..<index + length])
    }
    index += length
  }
}

/// The scalar whose UTF-8 starts at `bytes[index]`, and its length in bytes; `nil` when the
/// bytes there are not valid UTF-8 (a stray continuation byte, an overlong form, a surrogate,
/// a sequence cut short).
private func decodedScalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
  let lead = bytes[index]
  // The length, and the range the second byte must be in (it excludes overlong forms,
  // surrogates and values past U+10FFFF).
  let (length, second): (Int, ClosedRange<UInt8>)
  switch lead {
  case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
  case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
  case 0xE0: (length, second) = (3, 0xA0...0xBF)
  case 0xED: (length, second) = (3, 0x80...0x9F)
  case 0xE1...0xEF: (length, second) = (3, 0x80...0xBF)
  case 0xF0: (length, second) = (4, 0x90...0xBF)
  case 0xF4: (length, second) = (4, 0x80...0x8F)
  case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
  default: return nil
  }
  guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
  var value = UInt32(lead) & (0xFF >> (length + 1))
  for offset in 1..<length {
    let byte = bytes[index + offset]
    guard (0x80...0xBF).contains(byte) else { return nil }
    value = value << 6 | UInt32(byte & 0x3F)
  }
  return Unicode.Scalar(value).map { ($0, length) }
}

/// `\x9B`: a byte that is no character, in two upper-case hex digits.
private func escapedByte(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return "\\x" + (digits.count < 2 ? "0" + digits : digits)
}
