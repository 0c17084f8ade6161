import TerminalUI
import Typing

/// Runs the interactive demo on the terminal.
public enum DemoApp {
  /// Plays until Esc, `q` or Ctrl-D (0), or Ctrl-C (130).
  ///
  /// - Returns: The exit status: also 128 + a signal, or 1 if the terminal could not be used
  ///   (the message is printed).
  public static func run(_ controller: DemoController, options: KeypadRunOptions) -> Int32 {
    Screens.runStandalone(controller, services: NoServices(), options: options)
  }
}
