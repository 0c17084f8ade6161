import SystemIO
import TestSupport
import Testing

@Suite("Text from data, printed on a terminal")
struct TerminalSafeTests {
  @Test(
    "control characters are written as \\u{…}",
    arguments: [
      ("x\u{1B}]0;PWNED\u{7}", "x\\u{1B}]0;PWNED\\u{7}"),
      ("사랑\t", "사랑\\u{9}"),
      ("a\nb\r", "a\\u{A}b\\u{D}"),
      ("\u{7F}\u{80}\u{9B}\u{9F}", "\\u{7F}\\u{80}\\u{9B}\\u{9F}"),
      ("plain 한글 \u{A0}é", "plain 한글 \u{A0}é"),
    ])
  func escapesControls(text: String, expected: String) {
    #expect(terminalSafe(text) == expected)
  }

  @Test("a whole text keeps its line breaks and tabs, and nothing else")
  func keepsLinesAndTabs() {
    #expect(terminalSafe("가\t나\n\u{1B}[2J\r", keepsLinesAndTabs: true) == "가\t나\n\\u{1B}[2J\\u{D}")
  }

  @Test(
    "bytes that are not UTF-8 are written as \\x9B, each",
    arguments: [
      ([0x61, 0x9B, 0x32, 0x4A], "a\\x9B2J"),
      // Cut short, overlong, a surrogate, past U+10FFFF.
      ([0xEA, 0xB0], "\\xEA\\xB0"),
      ([0xC0, 0x9B], "\\xC0\\x9B"),
      ([0xED, 0xA0, 0x80], "\\xED\\xA0\\x80"),
      ([0xF4, 0x90, 0x80, 0x80], "\\xF4\\x90\\x80\\x80"),
      // C1 written in UTF-8 is a character, escaped as one.
      ([0xC2, 0x9B, 0xEA, 0xB0, 0x80], "\\u{9B}가"),
      ([0xF0, 0x9F, 0x98, 0x80, 0x0A], "😀\n"),
    ] as [([UInt8], String)])
  func escapesBytes(bytes: [UInt8], expected: String) {
    var output: [UInt8] = []
    appendTerminalSafe(bytes, to: &output, keepsLinesAndTabs: true)
    #expect(output == Array(expected.utf8))
  }
}

// Named so that `make fuzz` runs it too, with a tenth of its iterations as rounds.
@Suite("Text from data, printed on a terminal: random bytes")
struct TerminalSafePropertyTests {
  @Test("no byte a terminal takes as a command survives, whatever the input")
  func randomBytes() {
    var random = SplitMix64(state: 0x1B5D)
    for _ in 0..<fuzzRounds(2000, divisor: 10) {
      // Controls, lone high bytes, C1 and Hangul as UTF-8: where mistakes would be.
      let pieces: [[UInt8]] = (0..<Int.random(in: 0..<30, using: &random)).map { _ in
        switch Int.random(in: 0..<4, using: &random) {
        case 0: [UInt8.random(in: 0..<0x20, using: &random)]
        case 1: [UInt8.random(in: 0x7F...0xFF, using: &random)]
        case 2: [0xC2, UInt8.random(in: 0x80...0x9F, using: &random)]
        default: Array("가".utf8)
        }
      }
      let bytes = Array(pieces.joined())
      var output: [UInt8] = []
      appendTerminalSafe(bytes, to: &output, keepsLinesAndTabs: false)
      #expect(terminalCommandByte(in: output) == nil, "\(bytes)")
      // What is valid UTF-8 is escaped as the String function escapes it.
      if let text = String(validating: bytes, as: UTF8.self) {
        #expect(output == Array(terminalSafe(text).utf8))
      }
    }
  }
}
