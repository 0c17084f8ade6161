import HangulEngine
import Utilities

/// Reads JSON text into a ``JSONValue``, keeping what Foundation's decoder drops: the order of
/// members, members written twice, and where the text stops being JSON (a line and column and
/// what to write instead).
///
/// Layout and keymap files are small and written by hand, so the reader favours clear
/// messages; it limits nesting so that no file can exhaust the stack.
struct JSONParser {
  /// Deeper nesting is refused; a layout needs five levels, user `x-` data a few more.
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses a whole file.
  ///
  /// - Throws: ``JSONSyntaxError`` such as `not valid JSON: line 4, column 28: expected a
  ///   quoted member name, found "}" (JSON allows no comma before "}" or "]"; remove it)`.
  static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes)
    do throws(Failure) {
      if let bad = firstInvalidUTF8(bytes) {
        parser.index = bad
        throw parser.failure(
          "UTF-8 text", found: "a byte that is not UTF-8", hint: "save the file as UTF-8")
      }
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }  // a byte-order mark
      let value = try parser.value()
      parser.skipSpace()
      if parser.index < bytes.count { throw parser.failure("the end of the file") }
      return value
    } catch {
      throw JSONSyntaxError(message: "not valid JSON: " + error.message)
    }
  }

  struct Failure: Error {
    var message: String
  }

  // MARK: - Values

  private mutating func value() throws(Failure) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw failure("a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return try literal()
    default: return .number(try number())
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth {
      throw failure(
        "at most \(Self.maximumDepth) levels of [ and {", found: "a deeper one",
        hint: "a layout needs about five; flatten your data")
    }
  }

  private mutating func object() throws(Failure) -> JSONValue {
    try enter()
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    // Where each name was first written, as a byte offset: its line is worked out only for
    // the message, since counting lines for every member made a large object quadratic.
    var firstOffsets: [String: Int] = [:]
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("a quoted member name")
      }
      let nameStart = index
      let name = try string()
      if let first = firstOffsets[name] {
        index = nameStart
        let line = position(of: first).line
        throw failure(
          "each member once", found: "\(jsonQuoted(name)) a second time (first on line \(line))",
          hint: "remove one")
      }
      firstOffsets[name] = nameStart
      try expect(UInt8(ascii: ":"), "\":\" after the member name")
      members.append((name, try value()))
      guard try separator(closing: UInt8(ascii: "}")) else { break }
    }
    depth -= 1
    return .object(members)
  }

  private mutating func array() throws(Failure) -> JSONValue {
    try enter()
    index += 1
    var values: [JSONValue] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(values)
    }
    while true {
      values.append(try value())
      guard try separator(closing: UInt8(ascii: "]")) else { break }
    }
    depth -= 1
    return .array(values)
  }

  /// After a member or element: `true` for `,` (another follows), `false` for the closing
  /// bracket.
  private mutating func separator(closing: UInt8) throws(Failure) -> Bool {
    skipSpace()
    let expected = "\",\" or \"\(Character(Unicode.Scalar(closing)))\""
    guard index < bytes.count else { throw failure(expected) }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      return true
    }
    try expect(closing, expected)
    return false
  }

  private mutating func string() throws(Failure) -> String {
    index += 1
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &text)
      case 0x0A, 0x0D:
        throw failure("a closing quote", hint: "a line break inside a string must be written \\n")
      case 0..<0x20:
        let code = "\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        throw failure("a closing quote", found: "a control character", hint: "write it as \(code)")
      default:
        text.append(byte)
        index += 1
      }
    }
    throw failure("a closing quote")
  }

  private mutating func escape(into text: inout [UInt8]) throws(Failure) {
    index += 1
    guard index < bytes.count else { throw failure("an escaped character") }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let byte = simple[bytes[index]] {
      text.append(byte)
      index += 1
      return
    }
    guard bytes[index] == UInt8(ascii: "u") else {
      throw failure(
        "an escape such as \\n, \\\" or \\u3131", hint: "write a backslash itself as \\\\")
    }
    let escapeStart = index - 1
    var code = try hexQuad()
    if (0xD800...0xDBFF).contains(code), bytes[index...].starts(with: [0x5C, UInt8(ascii: "u")]) {
      index += 1
      let low = try hexQuad()
      guard (0xDC00...0xDFFF).contains(low) else {
        index = escapeStart
        throw failure("a surrogate pair", hint: "write the character itself")
      }
      code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let scalar = Unicode.Scalar(code) else {
      index = escapeStart
      throw failure("a character", found: "a lone surrogate", hint: "write the character itself")
    }
    text.append(contentsOf: String(Character(scalar)).utf8)
  }

  /// `uXXXX` at `index` (on the `u`) → its value.
  private mutating func hexQuad() throws(Failure) -> UInt32 {
    index += 1
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        throw failure("four hex digits after \\u")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func number() throws(Failure) -> Double {
    let start = index
    func digits() {
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    digits()
    if index == integerStart {
      index = start
      throw failure("a value (a string in \"quotes\", a number, true, false, null, [ or {)")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      digits()
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      digits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let number = Double(text), number.isFinite else {
      index = start
      throw failure("a number", found: text, hint: "numbers here are small, such as 1 or 1.5")
    }
    return number
  }

  private mutating func literal() throws(Failure) -> JSONValue {
    for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
    where bytes[index...].starts(with: word.utf8) {
      index += word.utf8.count
      return value
    }
    throw failure("a value (a string in \"quotes\", a number, true, false, null, [ or {)")
  }

  // MARK: - Helpers

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { throw failure(what) }
    index += 1
  }

  /// The 1-based line and column (in characters) of a byte offset.
  private func position(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  /// `line 4, column 28: expected X, found "}" (hint)` at the current index.
  private func failure(_ expected: String, found: String? = nil, hint: String? = nil) -> Failure {
    let (line, column) = position(of: index)
    let foundText: String
    if let found {
      foundText = found
    } else if index >= bytes.count {
      foundText = "the end of the file"
    } else {
      var end = index + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      foundText = "\"" + String(decoding: bytes[index..<end], as: UTF8.self) + "\""
    }
    var hintText = hint
    if hintText == nil, index < bytes.count,
      bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]"),
      previousSignificant == UInt8(ascii: ",")
    {
      hintText = "JSON allows no comma before \"}\" or \"]\"; remove it"
    } else if hintText == nil, index >= bytes.count {
      hintText = "a bracket or quote is not closed"
    }
    return Failure(
      message: "line \(line), column \(column): expected \(expected), found \(foundText)"
        + (hintText.map { " (\($0))" } ?? ""))
  }

  private var previousSignificant: UInt8? {
    var position = index - 1
    while position >= 0 {
      let byte = bytes[position]
      if byte != 0x20, byte != 0x0A, byte != 0x0D, byte != 0x09 { return byte }
      position -= 1
    }
    return nil
  }
}

private func hexValue(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}

/// The offset of the first byte that does not belong to well-formed UTF-8, or `nil`.
func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
  var index = 0
  while index < bytes.count {
    let lead = bytes[index]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F:
      index += 1
      continue
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      low = 0xA0  // no overlong forms
    case 0xED:
      length = 3
      high = 0x9F  // no surrogates
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xF0:
      length = 4
      low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      high = 0x8F  // nothing above U+10FFFF
    default: return index
    }
    guard index + length <= bytes.count else { return index }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      let (minimum, maximum) = offset == 1 ? (low, high) : (0x80, 0xBF)
      guard byte >= minimum && byte <= maximum else { return index }
    }
    index += length
  }
  return nil
}
