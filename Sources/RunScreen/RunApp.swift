import ChildTerminal
import Foundation
import SystemIO
import SystemPackage
import TerminalUI
import Typing

/// Runs `cheonjiin run CMD`: the child on a pty of its own, 천지인 as its input method.
public enum RunApp {
  /// Runs `command` with `arguments` until it ends.
  ///
  /// - Returns: The child's exit status (128 + N when a signal ended it); 127 when the program
  ///   is not found and 126 when it cannot be run (said before the screen is touched); 1 when
  ///   the terminal could not be used (the message is printed); 128 + N when a signal ended
  ///   cheonjiin first (the child gets the same signal).
  public static func run(
    _ options: KeypadRunOptions, command: String, arguments: [String],
    dock: RunDockMode = .full, screen: RunScreenOptions = RunScreenOptions()
  ) -> Int32 {
    let strings = UIStrings(options.settings.language)
    if let problem = PseudoTerminal.problem(
      running: command, path: ProcessInfo.processInfo.environment["PATH"])
    {
      return cannotRun(PseudoTerminal.StartError(command: command, errno: problem), strings)
    }
    var startError: PseudoTerminal.StartError?
    var leftOpen = ""
    var link: ChildLink?
    let status = Screens.run(
      options: options,
      make: { terminal -> (RunController, RunServices)? in
        let size = terminal.size()
        let child = RunController.childSize(
          dock, layouts: options.layouts, keySize: options.settings.keySize, rows: size.rows,
          columns: size.columns)
        let pty: PseudoTerminal
        // The program's TERM names what the emulator implements, as tmux names its own; the
        // terminal's entry was read already (the process reads TERM nowhere else).
        setenv("TERM", Emulator.terminalName, 1)
        do throws(PseudoTerminal.StartError) {
          pty = try PseudoTerminal(
            command: command, arguments: arguments, rows: child.rows, columns: child.columns)
        } catch {
          startError = error
          return nil
        }
        let childLink = ChildLink(child: pty)
        link = childLink
        let controller = RunController(
          layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
          strings: strings,
          emulator: Emulator(
            rows: child.rows, columns: child.columns,
            scrollback: EmulatorScrollback(lineLimit: screen.scrollbackLines)),
          dock: dock, keySize: options.settings.keySize, bold: options.settings.bold,
          screen: screen)
        let services = RunServices(
          link: childLink, terminal: terminal, strings: strings,
          suggestions: SuggestionSupply(load: options.loadSuggestions, learn: options.learn))
        return (controller, services)
      },
      finish: { outcome, controller, terminal in
        var controller = controller
        leftOpen = controller.leftOpen()
        let lastScreen = FinalScreen.bytes(of: controller.emulator)
        terminal.restore()
        guard let child = link?.child else { return 1 }
        let status: Int32
        switch outcome {
        case .finished:
          status = child.waitForExit()
        case .cancelled:
          // Ctrl-C is the child's key here; only a SIGINT from outside ends the run.
          _ = child.end(after: SIGINT)
          status = 128 + SIGINT
        case .signalled(let signal):
          // SIGTERM, SIGHUP …: the child gets it first, then both end.
          _ = child.end(after: signal)
          status = 128 + signal
        }
        // The program's last screen stays, as after any command; the prompt comes below it.
        printOnTerminal(lastScreen)
        return status
      })
    guard let status else {
      if let startError { return cannotRun(startError, strings) }
      return 1
    }
    // Nothing typed is lost: syllables still open when the child ended go to standard error,
    // and so does the size of input it never read.
    if !leftOpen.isEmpty { printError(strings.runLeftOpen(leftOpen)) }
    if let unread = link?.input.count, unread > 0 { printError(strings.runInputUnread(unread)) }
    return status
  }

  private static func cannotRun(_ error: PseudoTerminal.StartError, _ strings: UIStrings) -> Int32 {
    printError(
      strings.runCannotRun(
        error.command, notFound: error.exitStatus == 127, reason: "\(error.errno)"))
    return error.exitStatus
  }

  /// Writes to the terminal (not standard output, which may be a file or a pipe).
  private static func printOnTerminal(_ bytes: [UInt8]) {
    guard !bytes.isEmpty,
      let tty = try? FileDescriptor.open(
        "/dev/tty", .writeOnly, options: FileDescriptor.OpenOptions(rawValue: O_NOCTTY))
    else { return }
    _ = try? tty.writeAll(bytes)
    try? tty.close()
  }
}
