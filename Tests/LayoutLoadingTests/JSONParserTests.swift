import Foundation
import LayoutLoading
import Testing

/// Text that must be refused, with the message it must give.
struct BadJSONCase: Sendable, CustomTestStringConvertible {
  let id: String
  let text: [UInt8]
  let message: String
  var testDescription: String { id }

  init(_ id: String, _ text: String, _ message: String) {
    self.init(id, Array(text.utf8), message)
  }

  init(_ id: String, _ bytes: [UInt8], _ message: String) {
    self.id = id
    self.text = bytes
    self.message = message
  }
}

@Suite("Reading JSON: order, duplicates, limits and where it goes wrong")
struct JSONParserTests {
  @Test("members keep file order; escapes and surrogate pairs decode")
  func wellFormed() throws {
    let text =
      #"{"b": 1, "a": [true, false, null, -1.5e2], "c": "\u3131\ud83d\ude00\n\"", "d": {}}"#
    let value = try JSONValue.parse(Data(text.utf8))
    guard case .object(let members) = value else {
      Issue.record("not an object: \(value)")
      return
    }
    #expect(members.map(\.key) == ["b", "a", "c", "d"])
    #expect(members[1].value == .array([.bool(true), .bool(false), .null, .number(-150)]))
    #expect(members[2].value == .string("ㄱ😀\n\""))
  }

  static let bad: [BadJSONCase] = [
    BadJSONCase(
      "a member twice", "{\n \"id\": \"a\",\n \"id\": \"b\"\n}",
      "line 3, column 2: expected each member once, found \"id\" a second time (first on line 2) (remove one)"
    ),
    BadJSONCase(
      "a trailing comma", "[1, 2,]",
      "line 1, column 7: expected a value (a string in \"quotes\", a number, true, false, null, [ or {), found \"]\" (JSON allows no comma before \"}\" or \"]\"; remove it)"
    ),
    BadJSONCase(
      "nesting deeper than the limit", String(repeating: "[", count: 10_000),
      "line 1, column 65: expected at most 64 levels of [ and {, found a deeper one"),
    BadJSONCase(
      "a number out of range", "{\"width\": 1e99999}",
      "line 1, column 11: expected a number, found 1e99999"),
    BadJSONCase(
      "invalid UTF-8", [0x7B, 0x22, 0x61, 0xFF, 0x22, 0x3A, 0x31, 0x7D],
      "line 1, column 4: expected UTF-8 text, found a byte that is not UTF-8 (save the file as UTF-8)"
    ),
    BadJSONCase(
      "a lone surrogate", #"["\ud800"]"#,
      "line 1, column 3: expected a character, found a lone surrogate (write the character itself)"),
    BadJSONCase(
      "a control character in a string", "[\"a\u{01}b\"]",
      "line 1, column 4: expected a closing quote, found a control character (write it as \\u0001)"),
    BadJSONCase(
      "a line break in a string", "[\"a\nb\"]",
      "line 1, column 4: expected a closing quote, found \"\n\" (a line break inside a string must be written \\n)"
    ),
    BadJSONCase(
      "an unclosed object", "{\"a\": 1",
      "line 1, column 8: expected \",\" or \"}\", found the end of the file (a bracket or quote is not closed)"
    ),
    BadJSONCase(
      "text after the value", "{} x", "line 1, column 4: expected the end of the file, found \"x\""),
    BadJSONCase("a bad escape", #"["\q"]"#, "expected an escape such as \\n"),
    BadJSONCase("an empty file", "", "line 1, column 1: expected a value"),
  ]

  @Test(arguments: bad)
  func refused(_ testCase: BadJSONCase) {
    do {
      let value = try JSONValue.parse(Data(testCase.text))
      Issue.record("parsed as \(value)")
    } catch {
      #expect(error.message.hasPrefix("not valid JSON: "))
      #expect(error.message.contains(testCase.message), "\(error.message)")
    }
  }
}
