import ArgumentParser
import HangulEngine
import LayoutLoading
import TerminalUI

struct SpellCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "spell",
    abstract: "Print a shortest key sequence that types TEXT.",
    discussion: """
      The sequence is checked by replaying it through the engine before it is printed. \
      Example: cheonjiin spell 안녕   →   ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ
      """)

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case jamo, digits
  }

  @OptionGroup var layoutOption: LayoutOption

  @Option(help: "jamo: key letters (ㄱ ㅣ ㆍ _); digits: phone digits (4 1 2 #).")
  var format: Format = .jamo

  @Flag(help: "Also print the number of key presses on a second line.")
  var count = false

  @Argument(help: "The text to type; several arguments are joined with spaces.")
  var text: [String]

  /// The longest text spelled, counting the spaces between arguments: 65,536 random
  /// syllables take 124 MB (262,144 took 999 MB).
  static let maximumCharacters = 65_536

  func validate() throws {
    let count = text.reduce(max(0, text.count - 1)) { $0 + $1.count }
    guard count <= Self.maximumCharacters else {
      throw ValidationError(commandStrings.spellTooLong(count, maximum: Self.maximumCharacters))
    }
  }

  func run() throws {
    let layouts = try layoutOption.load()
    let target = text.joined(separator: " ")
    let speller = Speller(layouts: layouts)
    let tokens: [KeyToken]
    do {
      tokens = try speller.spellTokens(target, digits: format == .digits)
    } catch {
      printError(commandStrings.spellError(error, layout: layouts.first?.id ?? layoutOption.layout))
      throw ExitCode.dataError
    }
    // Replay the printed notation itself, so what is printed is what was checked.
    let notation = KeySequence.format(tokens)
    var runner = SequenceRunner(layouts: layouts)
    do {
      try runner.run(notation)
    } catch {
      printError(commandStrings.spellDoesNotReplay(notation, reason: "\(error)"))
      throw ExitCode.failure
    }
    guard runner.typist.text == composingConjoiningJamo(target) else {
      printError(commandStrings.spellTypesOtherText(notation, typed: runner.typist.text))
      throw ExitCode.failure
    }
    var output = OutputBuffer()
    output.append(notation + "\n")
    if count { output.append("\(tokens.count)\n") }
    try output.finish()
  }
}
