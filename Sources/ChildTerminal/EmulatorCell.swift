/// One cell of a child program's screen as the emulator keeps it: sixteen bytes, no `String`,
/// so rows are filled, scrolled and read without allocating.
public struct EmulatorCell: Hashable, Sendable {
  /// The scalar shown; 0 for a cell nothing was written to (shown as a space); with
  /// ``EmulatorAttributes/cluster``, an index into the line's ``EmulatorLine/clusters``.
  public var scalar: UInt32
  public var foreground: EmulatorColor
  public var background: EmulatorColor
  public var attributes: EmulatorAttributes

  public init(
    scalar: UInt32 = 0, foreground: EmulatorColor = .default,
    background: EmulatorColor = .default, attributes: EmulatorAttributes = []
  ) {
    self.scalar = scalar
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// A cell nothing was written to, in the default colours.
  public static let blank = EmulatorCell()

  /// The right half of a wide character.
  public var isContinuation: Bool {
    attributes.rawValue & EmulatorAttributes.continuation.rawValue != 0
  }

  /// A blank of this cell's background: what erasing it leaves (xterm's background colour
  /// erase).
  var erased: EmulatorCell { EmulatorCell(background: background) }

  /// Whether the cell shows nothing: a space or nothing, no background, no underline or
  /// reverse (trailing cells like this are not kept in the scrollback).
  var isEmpty: Bool {
    (scalar == 0 || scalar == 0x20) && background == .default
      && attributes.rawValue & EmulatorAttributes.visible.rawValue == 0
  }
}

/// How a cell's text looks, as SGR set it; and the cell's part in a wide character.
public struct EmulatorAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt16
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  public static let bold = EmulatorAttributes(rawValue: 1 << 0)
  /// SGR 2 (libvterm 0.1.4 does not keep it; ``ChildOutputFilter`` reports it).
  public static let dim = EmulatorAttributes(rawValue: 1 << 1)
  public static let italic = EmulatorAttributes(rawValue: 1 << 2)
  /// Any underline (single, double, curly).
  public static let underline = EmulatorAttributes(rawValue: 1 << 3)
  public static let blink = EmulatorAttributes(rawValue: 1 << 4)
  public static let reverse = EmulatorAttributes(rawValue: 1 << 5)
  public static let strike = EmulatorAttributes(rawValue: 1 << 6)
  /// Protected from selective erase (DECSCA).
  public static let protected = EmulatorAttributes(rawValue: 1 << 7)
  /// The left half of a wide character; the next cell is its ``continuation``.
  public static let wide = EmulatorAttributes(rawValue: 1 << 8)
  /// The right half of a wide character: shows nothing of its own.
  public static let continuation = EmulatorAttributes(rawValue: 1 << 9)
  /// ``EmulatorCell/scalar`` is an index into the line's clusters (a base character and its
  /// combining marks).
  public static let cluster = EmulatorAttributes(rawValue: 1 << 10)
  /// SGR 8: the text is not to be seen (libvterm 0.1.4 does not keep it; ``ChildOutputFilter``
  /// reports it).
  public static let conceal = EmulatorAttributes(rawValue: 1 << 11)

  /// A cell's place in a wide character or a cluster (not what SGR sets).
  static let placement: EmulatorAttributes = [.wide, .continuation, .cluster]
  /// What shows on a blank cell.
  static let visible: EmulatorAttributes = [.underline, .reverse, .strike, .cluster, .continuation]
}

/// A cell's colour in four bytes: the terminal's default, one of 256, or true colour.
public struct EmulatorColor: Hashable, Sendable {
  /// The kind in the top byte (0 default, 1 indexed, 2 RGB), the value below.
  public let rawValue: UInt32

  public static let `default` = EmulatorColor(rawValue: 0)

  public static func indexed(_ index: UInt8) -> EmulatorColor {
    EmulatorColor(rawValue: 1 << 24 | UInt32(index))
  }

  public static func rgb(red: UInt8, green: UInt8, blue: UInt8) -> EmulatorColor {
    EmulatorColor(rawValue: 2 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
  }

  private init(rawValue: UInt32) {
    self.rawValue = rawValue
  }

  /// The colour as its kind.
  public var value: Emulator.Color {
    let low = rawValue & 0xFF_FFFF
    switch rawValue >> 24 {
    case 1: return .indexed(UInt8(truncatingIfNeeded: low))
    case 2:
      return .rgb(
        red: UInt8(truncatingIfNeeded: low >> 16), green: UInt8(truncatingIfNeeded: low >> 8),
        blue: UInt8(truncatingIfNeeded: low))
    default: return .default
    }
  }
}

/// One row of cells, on the screen or scrolled off it.
public struct EmulatorLine: Sendable {
  public internal(set) var cells: [EmulatorCell]
  /// Characters of several scalars (a base and its combining marks), referred to by cells with
  /// ``EmulatorAttributes/cluster``.
  public internal(set) var clusters: [String] = []

  init(columns: Int, cell: EmulatorCell = .blank) {
    cells = Array(repeating: cell, count: columns)
  }

  init(cells: [EmulatorCell], clusters: [String]) {
    self.cells = cells
    self.clusters = clusters
  }

  /// The text a cell shows: its character, a space for nothing, "" for the right half of a
  /// wide character.
  public func text(of cell: EmulatorCell) -> String {
    if cell.isContinuation { return "" }
    if cell.attributes.contains(.cluster) {
      return clusters.indices.contains(Int(cell.scalar)) ? clusters[Int(cell.scalar)] : "\u{FFFD}"
    }
    guard cell.scalar != 0, let scalar = Unicode.Scalar(cell.scalar) else { return " " }
    return String(Character(scalar))
  }

  /// The line's text, wide characters once, trailing blanks removed.
  public var text: String {
    var line = ""
    for cell in cells { line += text(of: cell) }
    while line.last == " " { line.removeLast() }
    return line
  }
}
