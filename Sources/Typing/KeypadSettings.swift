import CellGrid
import PadViews
import TerminalInput
import TerminalUI

/// Settings of the keypad screen; every one has a default that works.
public struct KeypadSettings: Sendable {
  public var holdMs: UInt64 = 500
  public var keySize: KeySize = .normal
  public var bold = false
  public var theme: Theme.Name = .light
  public var language: UILanguage = .english
  /// How long a pressed key stays highlighted.
  public var flashMs: UInt64 = 150
  /// How long a pause in typing saves the draft.
  public var draftDelayMs: UInt64 = 500
  /// The longest a change waits for its save while typing goes on without a pause: what a
  /// crash or `kill -9` can lose.
  public var draftLagLimitMs: UInt64 = 2000
  /// The Linux console sends its own SS3 codes for the keypad's + − * / keys.
  public var isLinuxConsole = false
  /// Set when nothing can confirm that the finished text arrived: the pad then keeps it with
  /// the drafts and says where before it closes.
  public var unconfirmedDelivery: UnconfirmedDelivery? = nil

  public init() {}
}

/// Why the finished text's only destination cannot be confirmed.
public enum UnconfirmedDelivery: Sendable, Hashable {
  /// `--clipboard` with standard output on the terminal: OSC 52 gets no answer, and xterm
  /// refuses it by default.
  case clipboard
  /// Standard output is the terminal, and the terminal goes away with the pad (`xterm -e
  /// cheonjiin`, a desktop icon): what is printed there is gone with the window.
  case closingWindow
}
