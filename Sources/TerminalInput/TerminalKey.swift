/// A key the terminal reported, independent of how it was encoded.
///
/// Control characters are not keys of their own: Ctrl-C is `.character("c")` with
/// ``KeyModifiers/control``, whether it arrived as the byte 0x03 or as kitty's `CSI 99;5u`.
public enum TerminalKey: Hashable, Sendable {
  /// A key that types a character: letters, digits (top row), punctuation, space, Hangul.
  ///
  /// One event per Unicode scalar. Invalid UTF-8 arrives as U+FFFD.
  case character(Unicode.Scalar)
  /// Enter or Return: CR, and also LF (see ``ByteDecoder`` for why LF is not keypad Enter).
  case enter
  /// Tab; Shift-Tab is `.tab` with ``KeyModifiers/shift``.
  case tab
  /// Backspace: DEL (0x7f), BS (0x08, ^H) or kitty code 127.
  case backspace
  /// The Escape key (a lone ESC byte after the timeout, or kitty code 27).
  case escape
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Insert.
  case insert
  /// Delete (forward delete).
  case delete
  /// Function key F1 … F35 (F13 and above only come from the kitty protocol).
  case function(Int)
  /// A key of the numeric keypad, known to come from the keypad.
  case numpad(NumpadKey)
  /// A kitty functional key with no case of its own (Caps Lock, media keys, a lone Shift…).
  ///
  /// The payload is the kitty key code, in the Unicode private-use range 57344…63743.
  case otherFunctional(Int)
}

/// A key of the numeric keypad.
///
/// With NumLock off, kitty reports the navigation names (KP_HOME is keypad 7);
/// ``gridEquivalent`` maps them to the digit at the same position.
public enum NumpadKey: Hashable, Sendable {
  /// A digit key, 0 … 9.
  case digit(Int)
  /// The `.`/`Del` key.
  case decimal
  /// `/`.
  case divide
  /// `*`.
  case multiply
  /// `-`.
  case subtract
  /// `+`.
  case add
  /// The keypad Enter key.
  case enter
  /// `=` (some keyboards).
  case equal
  /// The separator (`,` on some layouts).
  case separator
  /// Keypad 4 with NumLock off (kitty KP_LEFT).
  case left
  /// Keypad 6 with NumLock off (kitty KP_RIGHT).
  case right
  /// Keypad 8 with NumLock off (kitty KP_UP).
  case up
  /// Keypad 2 with NumLock off (kitty KP_DOWN).
  case down
  /// Keypad 9 with NumLock off (kitty KP_PAGE_UP).
  case pageUp
  /// Keypad 3 with NumLock off (kitty KP_PAGE_DOWN).
  case pageDown
  /// Keypad 7 with NumLock off (kitty KP_HOME).
  case home
  /// Keypad 1 with NumLock off (kitty KP_END).
  case end
  /// Keypad 0 with NumLock off (kitty KP_INSERT).
  case insert
  /// Keypad `.` with NumLock off (kitty KP_DELETE).
  case delete
  /// Keypad 5 with NumLock off (KP_BEGIN: `CSI E`, `SS3 E`, Linux `CSI G`, kitty 57427).
  case begin

  /// The key at the same place with NumLock on: `.home` is `.digit(7)`, `.delete` is
  /// `.decimal`, `.begin` is `.digit(5)`; every other key is itself.
  public var gridEquivalent: NumpadKey {
    switch self {
    case .insert: .digit(0)
    case .end: .digit(1)
    case .down: .digit(2)
    case .pageDown: .digit(3)
    case .left: .digit(4)
    case .begin: .digit(5)
    case .right: .digit(6)
    case .home: .digit(7)
    case .up: .digit(8)
    case .pageUp: .digit(9)
    case .delete: .decimal
    case .digit, .decimal, .divide, .multiply, .subtract, .add, .enter, .equal, .separator:
      self
    }
  }
}

/// Modifier keys held with a key or mouse event.
///
/// Lock states are not modifiers.
/// The raw values are kitty's bits (shift 1, alt 2, ctrl 4, super 8, hyper 16, meta 32).
/// Caps Lock (64) and Num Lock (128) are masked off into ``LockState``.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue & 0x3f
  }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt (also what an ESC prefix and SGR mouse "meta" mean).
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)
  /// Super (Windows/Command key).
  public static let `super` = KeyModifiers(rawValue: 8)
  /// Hyper.
  public static let hyper = KeyModifiers(rawValue: 16)
  /// Meta (distinct from Alt only in the kitty protocol).
  public static let meta = KeyModifiers(rawValue: 32)
}

/// Lock keys that were on, as the kitty protocol reports them; empty for other sources.
public struct LockState: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue & 0x03
  }

  /// Caps Lock was on (kitty bit 64).
  public static let capsLock = LockState(rawValue: 1)
  /// Num Lock was on (kitty bit 128).
  public static let numLock = LockState(rawValue: 2)
}

/// Whether a key went down, auto-repeated, or came up.
public enum KeyEventKind: Hashable, Sendable {
  /// The key went down. Every legacy event is a press: auto-repeat looks the same.
  case press
  /// Auto-repeat while held (kitty `:2`).
  case `repeat`
  /// The key came up (kitty `:3`).
  case release
}

/// Which encoding delivered a key, so the front end knows how much to trust it.
public enum KeySource: Hashable, Sendable {
  /// Kitty keyboard protocol syntax (`CSI … u`, an event-type subfield, or a kitty key code).
  /// A ``NumpadKey`` from here is certainly the keypad.
  case kitty
  /// An SS3 sequence (`ESC O x`): application keypad or cursor mode. Keypad keys from here
  /// are certainly the keypad.
  case ss3
  /// Plain bytes and legacy `CSI` forms. A digit from here may be either row.
  case legacy
}

/// One decoded key event.
public struct TerminalKeyEvent: Hashable, Sendable {
  /// The key.
  public var key: TerminalKey
  /// Modifiers held, without the lock bits.
  public var modifiers: KeyModifiers
  /// Press, repeat or release.
  ///
  /// Only the kitty protocol reports anything but `.press`.
  public var kind: KeyEventKind
  /// The encoding it came in.
  public var source: KeySource
  /// Lock states reported with the key (kitty only).
  public var locks: LockState

  /// Creates a key event; the defaults describe a plain legacy key press.
  public init(
    _ key: TerminalKey, modifiers: KeyModifiers = [], kind: KeyEventKind = .press,
    source: KeySource = .legacy, locks: LockState = []
  ) {
    self.key = key
    self.modifiers = modifiers
    self.kind = kind
    self.source = source
    self.locks = locks
  }
}
