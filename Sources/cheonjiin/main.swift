import ArgumentParser
import CStartup
import SystemPackage

// The executable only parses arguments and dispatches; the work lives in the library targets.
// This is Cheonjiin.main() with usage errors in the style of every other message
// (`cheonjiin: …`, see Cheonjiin.usageErrorText), and one difference: grep's usage errors exit
// 2, the status its help promises and scripts written for grep test for, where ArgumentParser
// exits 64 (EX_USAGE). Every other command keeps 64.
// Started with `>&-`, the next file opened would take standard output's place (see
// reserveStandardDescriptors); a write there then fails, and the command says so.
reserveStandardDescriptors()
let arguments = Array(CommandLine.arguments.dropFirst())
if let problem = Cheonjiin.helpTopicProblem(arguments) {
  printError(problem)
  Cheonjiin.exit(withError: ExitCode.validationFailure)
}
var command: ParsableCommand
do {
  let lists = LongArgumentLists(arguments, optionNames: LongArgumentLists.optionNames(arguments))
  command = try Cheonjiin.parseAsRoot(lists.parsed)
  if !lists.isEmpty {
    command = try lists.give(to: command) ?? Cheonjiin.parseAsRoot(arguments)
  }
} catch {
  guard Cheonjiin.exitCode(for: error) == .validationFailure else {
    Cheonjiin.exit(withError: error)
  }
  // Like printError, nothing is left to do if standard error cannot be written; and like it,
  // the text is shown safely: it quotes the arguments.
  let usage = Cheonjiin.usageErrorText(for: error, arguments: arguments)
  _ = try? FileDescriptor.standardError.writeAll(terminalSafe(usage, keepsLinesAndTabs: true).utf8)
  let isGrep = arguments.first == GrepCommand.configuration.commandName
  // An ExitCode prints nothing more; it only sets the status.
  Cheonjiin.exit(withError: isGrep ? GrepCommand.usageErrorStatus : ExitCode.validationFailure)
}
// Signals are held from the start until the pad's handlers are in place (CStartup); every
// other command takes them as usual from here.
if !(command is KeypadCommand) { cj_startup_release_signals() }
do {
  try command.run()
} catch {
  // An error a command did not explain itself (an ExitCode says nothing more) is said in the
  // same style, without ArgumentParser's `Error: `.
  let status = Cheonjiin.exitCode(for: error)
  let message = Cheonjiin.message(for: error)
  if !(error is ExitCode), !status.isSuccess, !message.isEmpty {
    printError(sentenceStart(message))
    Cheonjiin.exit(withError: status)
  }
  Cheonjiin.exit(withError: error)
}
