import SystemPackage

/// Writes a message to standard error, every line prefixed with the program name.
///
/// A message of several lines (every problem of a layout file) gets `cheonjiin: ` on each
/// line, so each line still says where it came from in a log or a pipeline. Control
/// characters are written as `\u{1B}` (``terminalSafe(_:keepsLinesAndTabs:)``): messages quote
/// what was typed and what files hold, and standard error is usually the terminal.
///
/// - Parameter message: The message, without a trailing line break.
public func printError(_ message: String) {
  printError(message, to: .standardError)
}

/// Writes a message as ``printError(_:)`` does, to `descriptor`.
///
/// A failed write is dropped: standard error is where failures are reported, so there is
/// nowhere left to report this one.
public func printError(_ message: String, to descriptor: FileDescriptor) {
  var text = ""
  for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
    text += "cheonjiin: \(terminalSafe(line))\n"
  }
  _ = try? descriptor.writeAll(text.utf8)
}
