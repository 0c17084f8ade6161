import CNcursesw
import CellGrid

/// What terminfo says about the terminal: the only code that calls ncurses.
///
/// ncurses is used for its terminal database (`setupterm`, `tigetnum`, `tigetstr`), not for
/// drawing: ``FrameWriter`` sends the few bytes a key needs, and the run loop reads the tty
/// itself (ncurses' key parser cannot read the kitty protocol's key reports).
package struct Terminfo: Sendable {
  /// Colours the terminal shows (`colors`), 0 when none.
  package let colors: Int
  /// The terminal's name (TERM).
  let term: String
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
    self.term = term
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

  /// The colour depth for a program's own colours (`cheonjiin run`): 256 where the entry says
  /// 8 but the terminal says it is one that shows 256, as tmux finds out.
  ///
  /// TERM=xterm is the usual setting in Debian's xterm and in many others, and its entry says
  /// 8; xterm (`XTERM_VERSION`), VTE (`VTE_VERSION`), Konsole (`KONSOLE_VERSION`) and every
  /// terminal that sets `COLORTERM` show 256. The pad's own colours keep the entry's depth, for
  /// which its themes were checked for contrast.
  package func programDepth(colorAllowed: Bool, environment: [String: String]) -> ColorDepth {
    let depth = depth(colorAllowed: colorAllowed)
    guard depth == .eight, term.hasPrefix("xterm") else { return depth }
    let says256 = ["COLORTERM", "XTERM_VERSION", "VTE_VERSION", "KONSOLE_VERSION"].contains {
      !(environment[$0] ?? "").isEmpty
    }
    return says256 ? .twoHundredFiftySix : depth
  }
}
