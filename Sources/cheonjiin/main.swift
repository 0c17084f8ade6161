import ArgumentParser
import SystemPackage

// The executable only parses arguments and dispatches; the work lives in the library targets.
// This is Cheonjiin.main() with one difference: grep's usage errors exit 2, the status its help
// promises and scripts written for grep test for, where ArgumentParser exits 64 (EX_USAGE).
// Every other command keeps 64. A usage error with no subcommand named (`cheonjiin --bogus`)
// ends with the top-level usage, not only the pad's, which took the arguments by default.
var command: ParsableCommand
do {
  command = try Cheonjiin.parseAsRoot()
} catch {
  if CommandLine.arguments.dropFirst().first == GrepCommand.configuration.commandName,
    Cheonjiin.exitCode(for: error) == .validationFailure
  {
    // Like printError, nothing is left to do if standard error cannot be written.
    _ = try? FileDescriptor.standardError.writeAll((Cheonjiin.fullMessage(for: error) + "\n").utf8)
    // An ExitCode prints nothing more; it only sets the status.
    Cheonjiin.exit(withError: GrepCommand.usageErrorStatus)
  }
  if !Cheonjiin.namesSubcommand(CommandLine.arguments.dropFirst()),
    Cheonjiin.exitCode(for: error) == .validationFailure
  {
    let message = "Error: \(Cheonjiin.message(for: error))\n\(commandStrings.topLevelUsage)\n"
    _ = try? FileDescriptor.standardError.writeAll(message.utf8)
    Cheonjiin.exit(withError: ExitCode.validationFailure)
  }
  Cheonjiin.exit(withError: error)
}
do {
  try command.run()
} catch {
  Cheonjiin.exit(withError: error)
}
