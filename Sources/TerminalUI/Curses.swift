import CNcursesw
import CellGrid

/// What terminfo says about the terminal: the only code that calls ncurses.
///
/// ncurses is used for its terminal database (`setupterm`, `tigetnum`, `tigetstr`), not for
/// drawing: ``FrameWriter`` sends the few bytes a key needs, and the run loop reads the tty
/// itself (ncurses' key parser cannot read the kitty protocol, spec/terminal-input.md §0).
package struct Terminfo: Sendable {
  /// Colours the terminal shows (`colors`), 0 when none.
  package let colors: Int
  /// Enters and leaves the alternate screen (`smcup`, `rmcup`); empty when there is none.
  let enterAlternateScreen: [UInt8]
  let exitAlternateScreen: [UInt8]
  /// The terminal wraps only when a character follows one written in the last column
  /// (`xenl`); without it the bottom-right cell cannot be written safely.
  let hasDelayedWrap: Bool
  /// The terminal takes DECSCUSR, `CSI Ps SP q`, for the cursor's shape (`Ss`; kitty's entry
  /// leaves it out, kitty takes it).
  let setsCursorStyle: Bool

  /// Reads the entry for `term`.
  ///
  /// The corresponding C function is `setupterm`.
  ///
  /// - Throws: ``TerminalStartError/unknownTerminal(_:)`` when there is no entry, and
  ///   ``TerminalStartError/dumbTerminal(_:)`` when it cannot move the cursor (`cup`).
  package init(term: String, fileDescriptor: Int32) throws(TerminalStartError) {
    var error: Int32 = 0
    guard cj_setupterm(term, fileDescriptor, &error) == OK else {
      throw .unknownTerminal(term)
    }
    guard cj_tigetstr("cup") != nil else { throw .dumbTerminal(term) }
    colors = max(0, Int(cj_tigetnum("colors")))
    enterAlternateScreen = Terminfo.string("smcup")
    exitAlternateScreen = Terminfo.string("rmcup")
    hasDelayedWrap = cj_tigetflag("xenl") > 0
    setsCursorStyle = cj_tigetstr("Ss") != nil || term.hasPrefix("xterm-kitty")
  }

  private static func string(_ name: String) -> [UInt8] {
    guard let value = cj_tigetstr(name) else { return [] }
    return Array(String(cString: value).utf8)
  }

  /// The colour depth to draw with.
  package func depth(colorAllowed: Bool) -> ColorDepth {
    guard colorAllowed else { return .none }
    if colors >= 256 { return .twoHundredFiftySix }
    return colors >= 8 ? .eight : .none
  }
}
