/// `text` as a JSON string literal, quotes included.
///
/// One implementation for layout messages, `keys --json` and `stats --json`.
public func jsonQuoted(_ text: some StringProtocol) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\n": result += "\\n"
    case "\r": result += "\\r"
    case "\t": result += "\\t"
    default:
      // DEL and C1 need no escape in JSON, but a terminal showing the JSON would take them
      // as commands (U+009B is CSI).
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        result += "\\u" + hexDigits(scalar.value)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
  }
  return result + "\""
}

/// Upper-case hex, at least four digits: `0x1F` → `001F`.
private func hexDigits(_ value: UInt32) -> String {
  let digits = String(value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
