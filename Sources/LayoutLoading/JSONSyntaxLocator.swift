/// Finds where JSON text stops being valid, with a line and column, for the error message:
/// Foundation's decoder only says that the data is not valid JSON.
///
/// Only runs after the decoder has failed, so it favours clear messages over speed.
struct JSONSyntaxLocator {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A message such as `line 4, column 32: expected a value, found "}" (JSON allows no comma
  /// before "}" or "]")`, or `nil` if the text parses.
  static func locate(_ bytes: [UInt8]) -> String? {
    var locator = JSONSyntaxLocator(bytes)
    do throws(Failure) {
      locator.skipSpace()
      try locator.value()
      locator.skipSpace()
      if locator.index < bytes.count { throw locator.failure("expected the end of the file") }
      return nil
    } catch {
      return error.message
    }
  }

  struct Failure: Error {
    var message: String
  }

  private func failure(_ expected: String) -> Failure {
    var line = 1
    var column = 1
    var position = 0
    while position < min(index, bytes.count) {
      if bytes[position] == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if bytes[position] & 0xC0 != 0x80 {
        column += 1
      }
      position += 1
    }
    let found: String
    if index >= bytes.count {
      found = "the end of the file"
    } else {
      var end = index + 1
      while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
      found = "\"" + String(decoding: bytes[index..<end], as: UTF8.self) + "\""
    }
    var hint = ""
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") || bytes[index] == UInt8(ascii: "]"),
      previousSignificant == UInt8(ascii: ",")
    {
      hint = " (JSON allows no comma before \"}\" or \"]\"; remove it)"
    } else if index >= bytes.count {
      hint = " (a bracket or quote is not closed)"
    }
    return Failure(message: "line \(line), column \(column): \(expected), found \(found)\(hint)")
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

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
    skipSpace()
    guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(what)") }
    index += 1
  }

  private mutating func value() throws(Failure) {
    skipSpace()
    guard index < bytes.count else { throw failure("expected a value") }
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw failure("expected a quoted member name")
        }
        try string()
        try expect(UInt8(ascii: ":"), "\":\" after the member name")
        try value()
        skipSpace()
        guard index < bytes.count else { throw failure("expected \",\" or \"}\"") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        try expect(UInt8(ascii: "}"), "\",\" or \"}\"")
        return
      }
    case UInt8(ascii: "["):
      index += 1
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return
      }
      while true {
        try value()
        skipSpace()
        guard index < bytes.count else { throw failure("expected \",\" or \"]\"") }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        try expect(UInt8(ascii: "]"), "\",\" or \"]\"")
        return
      }
    case UInt8(ascii: "\""):
      try string()
    default:
      try literal()
    }
  }

  private mutating func string() throws(Failure) {
    index += 1
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        index += 2
      case 0..<0x20:
        throw failure("expected a closing quote (a line break inside a string must be written \\n)")
      default:
        index += 1
      }
    }
    throw failure("expected a closing quote")
  }

  private mutating func literal() throws(Failure) {
    let start = index
    while index < bytes.count,
      let character = Optional(bytes[index]),
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(character)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character)
        || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "E")].contains(character)
    {
      index += 1
    }
    let word = String(decoding: bytes[start..<index], as: UTF8.self)
    if ["true", "false", "null"].contains(word) || Double(word) != nil { return }
    index = start
    throw failure("expected a value (a string in \"quotes\", a number, true, false, null, [ or {)")
  }
}
