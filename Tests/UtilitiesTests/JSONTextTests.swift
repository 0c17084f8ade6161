import Testing
import Utilities

@Suite("jsonQuoted, appendJSONQuoted and appendDecimal")
struct JSONTextTests {
  @Test(
    "escapes what JSON needs and what a terminal would obey; keeps the rest",
    arguments: [
      ("안녕", #""안녕""#), ("say \"hi\"", #""say \"hi\"""#), (#"a\b"#, #""a\\b""#),
      ("1\n2\r3\t4", #""1\n2\r3\t4""#), ("\u{1}\u{1B}[31m", #""\u0001\u001B[31m""#),
      ("\u{7F}\u{9B}\u{A0}", "\"\\u007F\\u009B\u{A0}\""), ("👍🏽ㆍ", "\"👍🏽ㆍ\""), ("", #""""#),
    ])
  func quoted(_ text: String, _ expected: String) {
    #expect(jsonQuoted(text) == expected)
    var bytes = Array("[".utf8)
    appendJSONQuoted(text, to: &bytes)
    #expect(bytes == Array(("[" + expected).utf8))
  }

  @Test("appendDecimal spells what String(_:) spells")
  func decimal() {
    let values = [0, 1, 9, 10, 99, 100, 479_414, -1, -10, Int.max, Int.min]
    for value in values {
      var bytes = Array("x".utf8)
      appendDecimal(value, to: &bytes)
      #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(value), "\(value)")
    }
  }
}
