/// Everything ``ByteDecoder`` can produce from terminal input.
public enum TerminalEvent: Hashable, Sendable {
  /// A key press, repeat or release.
  case key(TerminalKeyEvent)
  /// A mouse button, wheel or motion report (SGR 1006, or X10 `CSI M` as a fallback).
  case mouse(MouseEvent)
  /// Bracketed paste (`ESC[200~ … ESC[201~`): the text between, undecoded by key rules.
  ///
  /// Invalid UTF-8 becomes U+FFFD. Line breaks are whatever the terminal sent (usually CR).
  /// A very long paste arrives as several consecutive `.paste` events.
  case paste(String)
  /// The terminal window gained focus (`CSI I`, mode 1004).
  case focusIn
  /// The terminal window lost focus (`CSI O`, mode 1004).
  case focusOut
  /// Reply to the kitty flags query: `CSI ? flags u`.
  case kittyKeyboardFlags(KittyKeyboardFlags)
  /// Reply to primary device attributes (DA1): `CSI ? p1 ; p2 … c`, with its parameters.
  case deviceAttributes([Int])
  /// A sequence the decoder does not understand, or a fragment of one that was too long or
  /// cut short. The bytes are exactly those consumed, so nothing is dropped silently.
  case unknown([UInt8])
}

/// A decoded mouse report.
public struct MouseEvent: Hashable, Sendable {
  /// The button, or `.none` for motion with no button held (and X10 releases).
  public var button: MouseButton
  /// What happened.
  public var action: MouseAction
  /// 1-based column.
  public var column: Int
  /// 1-based row.
  public var row: Int
  /// Shift, alt (the protocol's "meta") and control.
  public var modifiers: KeyModifiers

  /// Creates a mouse event.
  public init(
    button: MouseButton, action: MouseAction, column: Int, row: Int,
    modifiers: KeyModifiers = []
  ) {
    self.button = button
    self.action = action
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}

/// A mouse button or wheel direction.
public enum MouseButton: Hashable, Sendable {
  /// Button 1.
  case left
  /// Button 2.
  case middle
  /// Button 3.
  case right
  /// No button: plain motion (mode 1003), or an X10 release, which does not say which.
  case none
  /// Wheel away from the user (SGR 64).
  case wheelUp
  /// Wheel towards the user (SGR 65).
  case wheelDown
  /// Horizontal wheel left (SGR 66).
  case wheelLeft
  /// Horizontal wheel right (SGR 67).
  case wheelRight
  /// Extra buttons 8 … 11 (SGR 128 … 131).
  case extra(Int)
}

/// What a mouse report says happened.
public enum MouseAction: Hashable, Sendable {
  /// A button went down, or a wheel step.
  case press
  /// A button came up. Always reported, which makes mouse long-press exact.
  case release
  /// Motion with a button held (mode 1002).
  case drag
  /// Motion with no button held (mode 1003).
  case move
}

/// Kitty keyboard protocol progressive-enhancement flags.
public struct KittyKeyboardFlags: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// 1: disambiguate escape codes.
  public static let disambiguateEscapeCodes = KittyKeyboardFlags(rawValue: 1)
  /// 2: report event types (repeat and release).
  public static let reportEventTypes = KittyKeyboardFlags(rawValue: 2)
  /// 4: report alternate keys.
  public static let reportAlternateKeys = KittyKeyboardFlags(rawValue: 4)
  /// 8: report all keys as escape codes (needed for keypad digits, Enter/⌫ releases).
  public static let reportAllKeysAsEscapeCodes = KittyKeyboardFlags(rawValue: 8)
  /// 16: report associated text.
  public static let reportAssociatedText = KittyKeyboardFlags(rawValue: 16)
}
