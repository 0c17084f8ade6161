import ArgumentParser
import KoreanNumbers
import LayoutLoading
import TerminalUI

struct NumberCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "number",
    abstract: "Read a number the Korean way (15000 → 만 오천).",
    discussion: """
      N may be a number (15000, 15,000, -5, 3.14), a time (3:45), or numbers with counters \
      (15,000원, 20살, 2025년 6월 10일), a time of day (오후 9:05) or an ordinal (12째 → 열두째); \
      several arguments are read as one text. A date or time that cannot exist (2월 30일, \
      3시 60분) is refused with the reason. Without N, \
      each line of standard input is read and one line is printed per line. Sino-Korean \
      readings go up to 18,446,744,073,709,551,615 and are spaced by 만 units (한글 맞춤법 제44항); \
      --all also lists them written as one word (팔만구백삼십일), which drills accept with a note.
      Examples: cheonjiin number 43 --native → 마흔셋;  cheonjiin number 3 --counter 개 → 세 개; \
      cheonjiin number 010-1234-5678 --digits → 공일공 일이삼사 오육칠팔
      """)

  @Flag(help: "Native Korean numbers (1–99): 마흔셋.")
  var native = false

  @Option(
    help: ArgumentHelp(
      "A counter word; it chooses the number system (개 명 살 시 native; 원 분 년 월 일 Sino; "
        + "날 counts days: 3 → 사흘).",
      valueName: "WORD"))
  var counter: String?

  @Flag(help: "Financial style: 일 before every unit, no spaces (일만오천).")
  var financial = false

  @Flag(help: "Digit by digit with 공, as for phone numbers.")
  var digits = false

  @Flag(
    name: .customLong("all"),
    help: "Print every accepted spelling, one per line, the preferred first.")
  var printsAllSpellings = false

  // `.allUnrecognized`, so that `-5` is a number and not an unknown option.
  @Argument(parsing: .allUnrecognized, help: "The number; read from standard input when absent.")
  var number: [String] = []

  func run() throws {
    let options = NumberOptions(
      isNative: native, counter: counter, isFinancial: financial, readsDigits: digits)
    var output = OutputBuffer()
    var failures = 0
    func read(_ text: String, line: Int?) {
      do {
        let reading = try KoreanNumber.reading(of: text, options: options)
        for spelling in printsAllSpellings ? reading.variants : [reading.text] {
          output.append(spelling + "\n")
        }
      } catch {
        // Reading standard input, an empty line keeps the answers in step with the lines; a
        // number given as an argument has no other answers to keep in step with.
        if line != nil { output.append("\n") }
        output.flush()
        // The message quotes the input: a long line of garbage must not come back whole.
        let full = commandStrings.numberError(error)
        let message = full.count > 400 ? full.prefix(400) + "…" : full
        printError(line.map { commandStrings.onLine($0, message) } ?? message)
        failures += 1
      }
    }
    if !number.isEmpty {
      read(number.joined(separator: " "), line: nil)
    } else {
      var lineNumber = 0
      var lines = LineReader()
      // A failed write ends the run: the input may be endless.
      while !output.isBroken, let line = lines.next(beforeWaiting: { output.flush() }) {
        lineNumber += 1
        switch line {
        case .text(let text):
          read(text, line: lineNumber)
        case .tooLong(let bytes):
          output.skipLongLine(lineNumber, bytes: bytes)
          failures += 1
        }
      }
    }
    try output.finish()
    if failures > 0 { throw ExitCode.dataError }
  }
}
