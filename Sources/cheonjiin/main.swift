import ArgumentParser
import SystemPackage

// The executable only parses arguments and dispatches; the work lives in the library targets.
// This is Cheonjiin.main() with one difference: grep's usage errors exit 2, the status its help
// promises and scripts written for grep test for, where ArgumentParser exits 64 (EX_USAGE).
// Every other command keeps 64.
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
  Cheonjiin.exit(withError: error)
}
do {
  try command.run()
} catch {
  Cheonjiin.exit(withError: error)
}
