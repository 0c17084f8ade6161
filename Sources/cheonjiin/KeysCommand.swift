import ArgumentParser
import HangulEngine
import LayoutLoading

struct KeysCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keys",
    abstract: "Press keys and print the text they type.",
    discussion: """
      With SEQUENCE, all arguments form one sequence and one line is printed. Without, each \
      line of standard input is an independent sequence and one line is printed per line, \
      as it is read. A line with an unknown key prints an empty line (or a JSON error) and a \
      message naming the key and its column; the exit status is then 65. Text typed with \
      <enter> holds a line break, so it prints as two lines; --json keeps one line per sequence.
      Example: cheonjiin keys 'ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ'   →   안녕
      """)

  @OptionGroup var layoutOption: LayoutOption

  @Flag(name: .long, help: "Print JSON: one object per sequence.")
  var json = false

  @Flag(name: .long, help: "Show the text after every key press.")
  var trace = false

  @Argument(help: "Keys to press (see `cheonjiin --help` for the notation).")
  var sequence: [String] = []

  func run() throws {
    var runner = SequenceRunner(layouts: try layoutOption.load())
    var output = OutputBuffer()
    var failures = 0
    // The flags read once: a property wrapper's getter costs more than a key press.
    let format = LineFormat(json: json, trace: trace)
    if !sequence.isEmpty {
      let line = sequence.joined(separator: " ")
      if !format.runLine(line, number: nil, runner: &runner, output: &output) { failures += 1 }
    } else {
      var number = 0
      var lines = LineReader()
      // A failed write ends the run: the input may be endless (`yes | cheonjiin keys`).
      while !output.isBroken, let line = lines.next(beforeWaiting: { output.flush() }) {
        number += 1
        switch line {
        case .text(let text):
          if !format.runLine(text, number: number, runner: &runner, output: &output) {
            failures += 1
          }
        case .tooLong(let bytes):
          output.skipLongLine(number, bytes: bytes)
          failures += 1
        }
      }
    }
    try output.finish()
    if failures > 0 { throw ExitCode.dataError }
  }

  /// The last 24 characters of the committed text ("…" before them when there is more), read
  /// from the end of the buffer without copying it.
  static func tail(of buffer: TextBuffer) -> String {
    let end = buffer.tail(maximumBytes: 24 * 4)
    let kept = end.suffix(24)
    return end.utf8.count < buffer.utf8.count || kept.count < end.count ? "…" + kept : String(kept)
  }
}

/// How `keys` prints a line: the flags, read once.
private struct LineFormat {
  let json: Bool
  let trace: Bool

  /// A press and the end of the committed text after it, as `--trace` shows them.
  typealias Step = (SequenceRunner.Step, committed: String)

  /// Runs one sequence and prints its line; returns false if it had an unknown key.
  func runLine(
    _ line: String, number: Int?, runner: inout SequenceRunner, output: inout OutputBuffer
  ) -> Bool {
    var steps: [Step] = []
    var failure: KeySequenceError? = nil
    if trace {
      (steps, failure) = Self.runTraced(line, runner: &runner)
    } else {
      do {
        try runner.run(line)
      } catch {
        failure = error
      }
    }
    if json {
      writeJSON(line: line, runner: runner, steps: steps, failure: failure, output: &output)
    } else {
      if trace {
        for (step, committed) in steps {
          let (commit, preedit) = (step.output.commit, step.output.preedit)
          output.append(
            "\(step.token.column)\t\(step.token.token.notation)\t\(committed)[\(preedit)]")
          if !commit.isEmpty { output.append("\t+\(commit)") }
          if step.output.erase > 0 { output.append("\t-\(step.output.erase)") }
          output.append("\n")
        }
      }
      if failure == nil { output.appendText(of: runner.typist) }
      output.append("\n")
    }
    if let failure {
      output.flush()
      let place = number.map { "line \($0): " } ?? ""
      printError("\(place)column \(failure.column): \(failure.reason)")
      return false
    }
    return true
  }

  /// Runs one sequence, recording every press.
  ///
  /// Apart from `runLine`, so that the list a closure fills is made only when tracing (it cost
  /// a heap allocation per line).
  private static func runTraced(
    _ line: String, runner: inout SequenceRunner
  ) -> (steps: [Step], failure: KeySequenceError?) {
    var steps: [Step] = []
    do {
      // The committed text's end only: the whole text at every step made a trace quadratic
      // (a 120 KB line wrote 480 MB).
      try runner.run(line) { step, typist in
        steps.append((step, KeysCommand.tail(of: typist.buffer)))
      }
    } catch {
      return (steps, error)
    }
    return (steps, nil)
  }

  private func writeJSON(
    line: String, runner: SequenceRunner,
    steps: [Step],
    failure: KeySequenceError?, output: inout OutputBuffer
  ) {
    output.append("{\"keys\":")
    output.appendJSONString(line)
    if let failure {
      output.append(",\"error\":{\"column\":\(failure.column),\"token\":")
      output.appendJSONString(failure.token)
      output.append(",\"message\":")
      output.appendJSONString(failure.reason)
      output.append("}")
    } else {
      output.append(",\"text\":")
      output.appendJSONString(runner.typist.text)
      output.append(",\"committed\":")
      output.appendJSONString(runner.typist.buffer.text)
      output.append(",\"preedit\":")
      output.appendJSONString(runner.typist.inputMethod.preedit.string)
      output.append(",\"layout\":")
      output.appendJSONString(runner.typist.layout.id)
    }
    if trace {
      output.append(",\"steps\":[")
      for (index, (step, committed)) in steps.enumerated() {
        if index > 0 { output.append(",") }
        output.append("{\"column\":\(step.token.column),\"key\":")
        output.appendJSONString(step.token.token.notation)
        output.append(",\"committed\":")
        output.appendJSONString(committed)
        output.append(",\"preedit\":")
        output.appendJSONString(step.output.preedit.string)
        output.append(",\"commit\":")
        output.appendJSONString(step.output.commit)
        output.append(",\"deleted\":\(step.output.erase)}")
      }
      output.append("]")
    }
    output.append("}\n")
  }
}
