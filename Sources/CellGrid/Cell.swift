/// What a cell means; the theme decides how it looks (colours, or bold/reverse without them).
public enum CellStyle: UInt8, Sendable, Hashable, CaseIterable {
  case normal
  /// Committed text.
  case text
  /// The open composition.
  case preedit
  /// The syllable being composed right now.
  case composing
  case cursor
  case keyLetter
  case keyFunction
  case keyAccent
  /// A key being pressed (flash) or held.
  case keyPressed
  /// The arrow-key focus.
  case keyFocused
  /// The part of a held key's hold that has elapsed.
  case holdProgress
  /// The next key to press in practice mode.
  case keyCue
  case suggestion
  case suggestionNumber
  case status
  case title
  case warning
  case correct
  case wrong
  case dim
}

/// Emphasis on top of a cell's style.
public struct CellAttributes: OptionSet, Sendable, Hashable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let bold = CellAttributes(rawValue: 1)
  public static let dim = CellAttributes(rawValue: 2)
  public static let underline = CellAttributes(rawValue: 4)
  /// Foreground and background swapped (a child program's reverse video).
  public static let reverse = CellAttributes(rawValue: 8)
  /// The cell's own ``Cell/foreground`` replaces the style's (a child program's colours).
  public static let ownForeground = CellAttributes(rawValue: 16)
  /// The cell's own ``Cell/background`` replaces the style's.
  public static let ownBackground = CellAttributes(rawValue: 32)
  /// Italic (a child program's SGR 3).
  public static let italic = CellAttributes(rawValue: 64)
  /// Crossed out (a child program's SGR 9).
  public static let strike = CellAttributes(rawValue: 128)
  /// Blinking (a child program's SGR 5).
  public static let blink = CellAttributes(rawValue: 256)

  /// The highest bit a cell can hold: three attributes share a byte with the style.
  fileprivate static let highBits = 3
}

/// One terminal cell: a glyph and a style, eight bytes, so a whole frame is compared and
/// copied without touching a `String` (the key path draws every frame in full).
public struct Cell: Sendable, Hashable {
  /// A scalar value; ``continuation`` for the right half of a wide character; with
  /// ``clusterFlag`` set, an index into ``Screen/clusters`` (a character of several scalars).
  package var glyph: UInt32
  /// The style's raw value in the low five bits (it has fewer than 32 cases), the attributes
  /// above the eighth in the high three: the cell stays eight bytes.
  private var styleBits: UInt8
  /// The attributes' low eight bits.
  private var attributeBits: UInt8
  /// A colour of the 256-colour palette, used with ``CellAttributes/ownForeground``; 0
  /// otherwise, so all eight bytes are defined and rows of cells compare with `memcmp`.
  public var foreground: UInt8 = 0
  /// The same for the background (``CellAttributes/ownBackground``).
  public var background: UInt8 = 0

  package static let continuation: UInt32 = 0
  package static let clusterFlag: UInt32 = 0x8000_0000

  package init(glyph: UInt32, style: CellStyle, attributes: CellAttributes = []) {
    self.glyph = glyph
    styleBits = style.rawValue
    attributeBits = 0
    self.attributes = attributes
  }

  public var style: CellStyle {
    get { CellStyle(rawValue: styleBits & 0x1F) ?? .normal }
    set { styleBits = styleBits & 0xE0 | newValue.rawValue & 0x1F }
  }

  /// The style's raw value, for tables indexed by it.
  var styleIndex: Int { Int(styleBits & 0x1F) }

  public var attributes: CellAttributes {
    get { CellAttributes(rawValue: UInt16(attributeBits) | UInt16(styleBits >> 5) << 8) }
    set {
      attributeBits = UInt8(truncatingIfNeeded: newValue.rawValue)
      let high =
        UInt8(truncatingIfNeeded: newValue.rawValue >> 8) & (1 << CellAttributes.highBits - 1)
      styleBits = styleBits & 0x1F | high << 5
    }
  }

  /// A cell holding one scalar.
  public init(_ scalar: Unicode.Scalar, style: CellStyle, attributes: CellAttributes = []) {
    self.init(glyph: scalar.value, style: style, attributes: attributes)
  }

  public static let blank = Cell(" ", style: .normal)

  /// True for the right half of a wide character.
  public var isContinuation: Bool { glyph == Cell.continuation }
}
