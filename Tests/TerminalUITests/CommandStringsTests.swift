import DemoScreen
import HangulEngine
import KoreanNumbers
import ScreenTestSupport
import Testing

@testable import TerminalUI

/// A number error and what its message must name in both languages besides its input.
struct NumberErrorCase: Sendable, CustomTestStringConvertible {
  let error: NumberInputError
  var mentions: [String] = []

  var testDescription: String { "\(error)" }

  /// What the error carries that the message must show.
  var names: [String] {
    switch error {
    case .empty: []
    case .notANumber(let text), .misplacedComma(let text), .tooLarge(let text),
      .needsDigitsOption(let text), .notDigits(let text), .nativeOutOfRange(let text),
      .unknownCounter(let text), .nativeWithSinoCounter(let text), .invalidTime(let text),
      .notAMonth(let text):
      [text]
    case .notWholeCount(let text, let counter): [text, counter]
    case .noSuchDay(let text, let lastDay): [text, "\(lastDay)"]
    case .noSuchTime(let text, let counter, let largest): [text, counter, "\(largest)"]
    case .conflictingOptions(let first, let second): [first, second].map(\.shown)
    }
  }
}

extension NumberInputPart {
  /// The option or input text the part names.
  var shown: String {
    switch self {
    case .option(let text), .time(let text), .countersIn(let text), .nativeCounter(let text): text
    }
  }
}

private let korean = UIStrings(.korean)
private let english = UIStrings(.english)

@Suite("Command messages")
struct CommandStringsTests {
  static let numberErrors: [NumberErrorCase] = [
    NumberErrorCase(error: .empty, mentions: ["15000"]),
    NumberErrorCase(error: .notANumber("abc"), mentions: ["3:45"]),
    NumberErrorCase(error: .misplacedComma("1,5000"), mentions: ["15,000"]),
    NumberErrorCase(
      error: .tooLarge("18446744073709551616"), mentions: ["18,446,744,073,709,551,615"]),
    NumberErrorCase(error: .needsDigitsOption("010-1234-5678"), mentions: ["--digits"]),
    NumberErrorCase(error: .notDigits("010--1234"), mentions: ["010-1234-5678"]),
    NumberErrorCase(error: .nativeOutOfRange("100"), mentions: ["99", "--counter", "--native"]),
    NumberErrorCase(error: .notWholeCount("1.5", counter: "개"), mentions: ["3"]),
    NumberErrorCase(error: .unknownCounter("kg"), mentions: ["킬로그램", "분(사람)", "번(번호)"]),
    NumberErrorCase(error: .nativeWithSinoCounter("원"), mentions: ["--native"]),
    NumberErrorCase(error: .conflictingOptions(.option("--native"), .option("--financial"))),
    NumberErrorCase(error: .conflictingOptions(.time("3:45"), .option("--native"))),
    NumberErrorCase(error: .conflictingOptions(.countersIn("3개"), .option("--counter 개"))),
    NumberErrorCase(error: .conflictingOptions(.option("--financial"), .nativeCounter("개"))),
    NumberErrorCase(error: .notAMonth("13"), mentions: ["12월", "달"]),
    NumberErrorCase(error: .invalidTime("25:00"), mentions: ["3:45"]),
    NumberErrorCase(error: .noSuchDay("2월 30일", lastDay: 29)),
    NumberErrorCase(error: .noSuchTime("3시 60분", counter: "분", largest: 59), mentions: ["9:05"]),
  ]

  @Test(
    "number errors name the input and say what to write, in each language",
    arguments: numberErrors)
  func numberError(_ test: NumberErrorCase) {
    let messages = [korean.numberError(test.error), english.numberError(test.error)]
    for text in test.names + test.mentions {
      #expect(messages.allSatisfy { $0.contains(text) }, "\(text): \(messages)")
    }
    // Korean asks politely (써 주세요, 빼 주세요); English gives the instruction.
    #expect(messages[0].contains("주세요"), "\(messages[0])")
    let instructions = ["write", "add", "drop", "use"]
    #expect(instructions.contains { messages[1].contains($0) }, "\(messages[1])")
  }

  @Test("a line of standard input is named in each language")
  func onLine() {
    #expect(korean.onLine(2, "x") == "2번째 줄: x")
    #expect(english.onLine(2, "x") == "line 2: x")
  }

  @Test("a character that cannot be typed: its position, code point and layout")
  func spellError() throws {
    let speller = Speller(layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout))
    let error = try #require(throws: SpellError.self) { try speller.spell("가😀") }
    for message in [korean, english].map({ $0.spellError(error, layout: "cheonjiin-galaxy") }) {
      #expect(message.contains("\"😀\" (U+1F600)"))
      #expect(message.contains("cheonjiin-galaxy"))
    }
    #expect(english.spellError(error, layout: "g").hasPrefix("position 2: "))
    #expect(korean.spellError(error, layout: "g").hasPrefix("2번째 글자"))
    let accent = try #require(throws: SpellError.self) { try speller.spell("e\u{301}") }
    #expect(english.spellError(accent, layout: "g").contains("(U+0065 U+0301)"))
  }

  @Test("demo --speed shows the number as given, without a needless .0")
  func demoSpeed() {
    #expect(english.demoSpeedOutOfRange(30).hasPrefix("--speed 30 is out of range"))
    #expect(english.demoSpeedOutOfRange(0.1).hasPrefix("--speed 0.1 is out of range"))
    #expect(korean.demoSpeedOutOfRange(0.1).hasPrefix("--speed 0.1: "))
  }

  @Test("import counts are plural in English only when they need to be")
  func imported() {
    #expect(english.importSkipped(lines: 1).hasPrefix("1 line skipped"))
    #expect(english.importSkipped(lines: 2).hasPrefix("2 lines skipped"))
    #expect(korean.importSkipped(lines: 2).hasPrefix("2줄을 건너뛰었어요"))
  }
}
