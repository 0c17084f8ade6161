import ChildTerminal
import Foundation
import SystemIO

/// Runs `cheonjiin run CMD`: the child on a pty of its own, 천지인 as its input method.
public enum RunApp {
  /// Runs `command` with `arguments` until it ends.
  ///
  /// - Returns: The child's exit status (128 + N when a signal ended it); 1 when the terminal
  ///   could not be used or the program could not start (the message is printed); 128 + N when
  ///   a signal ended cheonjiin first (the child gets the same signal).
  public static func run(
    _ options: KeypadRunOptions, command: String, arguments: [String],
    dock: RunDockMode = .full, screen: RunScreenOptions = RunScreenOptions()
  ) -> Int32 {
    let strings = UIStrings(options.settings.language)
    var startError: String?
    var leftOpen = ""
    var started: PseudoTerminal?
    let services = RunServices(learn: options.learn, loadSuggestions: options.loadSuggestions)
    let status = Screens.run(
      options: options, services: services,
      make: { terminal, services -> RunController? in
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
          startError = strings.runCannotStart(command, reason: "\(error.errno)")
          return nil
        }
        started = pty
        services.child = pty
        services.childLink = ChildLink(child: pty, wake: terminal.wakeWriter)
        return RunController(
          layouts: options.layouts, keymaps: options.keymaps, keymap: options.keymap,
          strings: strings,
          emulator: Emulator(
            rows: child.rows, columns: child.columns,
            scrollback: EmulatorScrollback(lineLimit: screen.scrollbackLines)),
          eraseCharacter: { pty.eraseCharacter }, dock: dock, keySize: options.settings.keySize,
          bold: options.settings.bold, screen: screen)
      },
      finish: { outcome, controller, terminal in
        var controller = controller
        leftOpen = controller.leftOpen()
        terminal.restore()
        guard let child = started else { return 1 }
        switch outcome {
        case .finished:
          return child.waitForExit()
        case .cancelled:
          // Ctrl-C is the child's key here; only a SIGINT from outside ends the run.
          _ = child.end(after: SIGINT)
          return 128 + SIGINT
        case .signalled(let signal):
          // SIGTERM, SIGHUP …: the child gets it first, then both end.
          _ = child.end(after: signal)
          return 128 + signal
        }
      })
    guard let status else {
      if let startError { printError(startError) }
      return 1
    }
    // Nothing typed is lost: syllables still open when the child ended go to standard error.
    if !leftOpen.isEmpty { printError(strings.runLeftOpen(leftOpen)) }
    return status
  }
}
