import TerminalUI

/// How `cheonjiin run` shares the terminal with its program: the mouse, the clipboard, the
/// scrollback.
public struct RunScreenOptions: Sendable, Hashable {
  /// When the terminal reports the mouse (`--mouse`).
  public var mouse = RunMouse.auto
  /// The program's clipboard writes (OSC 52) go on to the terminal (`--allow-clipboard`):
  /// off by default, as a program could otherwise fill the clipboard behind the user's back.
  public var passesClipboard = false
  /// Lines kept above the screen for Shift-PgUp and the wheel (`--scrollback`).
  public var scrollbackLines = 5000

  public init(mouse: RunMouse = .auto, passesClipboard: Bool = false, scrollbackLines: Int = 5000) {
    self.mouse = mouse
    self.passesClipboard = passesClipboard
    self.scrollbackLines = scrollbackLines
  }
}

/// When the terminal reports the mouse to `cheonjiin run`.
///
/// While the terminal reports the mouse, its own selection needs Shift held (every common
/// terminal: xterm, VTE, kitty, konsole, alacritty, foot, Windows Terminal; tmux has the same
/// rule with `mouse on`); while it does not, clicks on the dock and the wheel cannot reach
/// `run`. A terminal cannot report the mouse over one part of the window only, so this is the
/// choice.
public enum RunMouse: String, Sendable, Hashable, CaseIterable {
  /// While the program asks for the mouse, while the dock shows (its keys, suggestions and
  /// 닫기 take clicks, the wheel scrolls back), and while the view is scrolled back. A drag
  /// over the program that it does not take says to hold Shift.
  case auto
  /// Only while the program asks for the mouse, or the view is scrolled back (Shift-PgUp):
  /// plain drags select as in any terminal; the dock takes clicks only while the program
  /// asks.
  case program
  /// Never: the terminal's own selection and wheel always; the program gets no mouse.
  case off
}

/// How far `cheonjiin run`'s view is scrolled back into the program's scrollback.
///
/// Pure.
struct RunScrollView: Hashable, Sendable {
  /// Lines above the live screen; 0 shows the screen as it is.
  package private(set) var offset = 0

  /// Scrolls `lines` further back (negative: forward), within the `available` lines.
  package mutating func scroll(by lines: Int, available: Int) {
    offset = min(max(0, offset + lines), max(0, available))
  }

  /// New lines went into the scrollback: a view scrolled back keeps showing the same lines.
  package mutating func follow(newLines: Int, available: Int) {
    guard offset > 0 else { return }
    scroll(by: newLines, available: available)
  }

  /// Back to the live screen (a key was typed).
  package mutating func reset() {
    offset = 0
  }
}
