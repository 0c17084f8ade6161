/// `text` as a JSON string literal, quotes included.
///
/// One implementation for layout messages, `keys --json`, `stats --json` and the exported
/// automaton.
public func jsonQuoted(_ text: some StringProtocol) -> String {
  var bytes: [UInt8] = []
  bytes.reserveCapacity(text.utf8.count + 2)
  appendJSONQuoted(text, to: &bytes)
  return String(decoding: bytes, as: UTF8.self)
}

/// Appends `text` as a JSON string literal, quotes included, in UTF-8: ``jsonQuoted(_:)``
/// without making a String, for output of many megabytes.
public func appendJSONQuoted(_ text: some StringProtocol, to bytes: inout [UInt8]) {
  bytes.append(UInt8(ascii: "\""))
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
    case "\\": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
    case "\n": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
    case "\r": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
    case "\t": bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
    default:
      // DEL and C1 need no escape in JSON, but a terminal showing the JSON would take them
      // as commands (U+009B is CSI).
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        appendHexDigits(scalar.value, to: &bytes)
      } else {
        UTF8.encode(scalar) { bytes.append($0) }
      }
    }
  }
  bytes.append(UInt8(ascii: "\""))
}

/// Appends `value` in decimal: what `String(value)` spells, without making a String.
public func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
  if value < 0 { bytes.append(UInt8(ascii: "-")) }
  let magnitude = value.magnitude
  var divisor: UInt = 1
  while magnitude / divisor >= 10 { divisor *= 10 }
  repeat {
    bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
    divisor /= 10
  } while divisor > 0
}

/// Upper-case hex, four digits (the escaped scalars are all below U+00A0): `0x1F` → `001F`.
private func appendHexDigits(_ value: UInt32, to bytes: inout [UInt8]) {
  for shift in stride(from: 12, through: 0, by: -4) {
    let digit = UInt8((value >> UInt32(shift)) & 0xF)
    bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "A") + digit - 10)
  }
}
