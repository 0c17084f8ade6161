/// How many colours the terminal shows, from terminfo's `colors` (and `NO_COLOR`).
public enum ColorDepth: Sendable, Hashable {
  case none
  case eight
  case twoHundredFiftySix
}

/// The graphic rendition of a cell: what one SGR sequence sets.
package struct Rendition: Hashable, Sendable {
  /// Colour numbers; -1 is the terminal's default.
  package var foreground: Int16 = -1
  package var background: Int16 = -1
  package var bold = false
  package var dim = false
  package var underline = false
  package var reverse = false
  package var italic = false
  package var strike = false
  package var blink = false

  package static let plain = Rendition()
}

/// Turns cell styles into renditions for one theme and colour depth.
package struct Palette: Sendable {
  private let renditions: [Rendition]

  /// - Parameter programDepth: The depth for a program's own colours (`cheonjiin run`),
  ///   `depth` when nil.
  package init(theme: Theme, depth: ColorDepth, programDepth: ColorDepth? = nil) {
    renditions = CellStyle.allCases.map { style in
      let look = theme.look(style)
      var rendition = Rendition()
      rendition.reverse = look.reverse
      switch depth {
      case .twoHundredFiftySix:
        rendition.foreground = look.foreground256
        rendition.background = look.background256
      case .eight:
        rendition.foreground = look.foreground8
        rendition.background = look.background8
      case .none:
        switch look.monochrome {
        case .plain: break
        case .bold: rendition.bold = true
        case .reverse: rendition.reverse = true
        case .reverseBold:
          rendition.reverse = true
          rendition.bold = true
        case .underlineBold:
          rendition.underline = true
          rendition.bold = true
        }
      }
      return rendition
    }
    usesDim = depth != .none
    self.depth = depth
    self.programDepth = programDepth ?? depth
  }

  private let depth: ColorDepth
  private let programDepth: ColorDepth

  /// Dim text is unreadable on many terminals without colour, so it is left out there.
  private let usesDim: Bool

  package func rendition(for cell: Cell) -> Rendition {
    var rendition = renditions[cell.styleIndex]
    let attributes = cell.attributes
    if attributes.contains(.bold) { rendition.bold = true }
    if attributes.contains(.dim) && usesDim { rendition.dim = true }
    if attributes.contains(.underline) { rendition.underline = true }
    if attributes.contains(.reverse) { rendition.reverse.toggle() }
    if attributes.contains(.italic) { rendition.italic = true }
    if attributes.contains(.strike) { rendition.strike = true }
    if attributes.contains(.blink) { rendition.blink = true }
    if attributes.contains(.ownBackground) {
      rendition.background = Self.shown(cell.background, depth: programDepth)
    }
    if attributes.contains(.ownForeground) {
      // A program's colour: shown as it asked, and a bright one on 8 colours as bold over the
      // basic colour, as tmux draws it there (xterm, VTE and the Linux console then show the
      // bright colour).
      rendition.foreground = Self.shown(cell.foreground, depth: programDepth)
      if programDepth == .eight, (8..<16).contains(cell.foreground) { rendition.bold = true }
      return rendition
    }
    if depth == .eight, rendition.bold, (0..<8).contains(rendition.foreground) {
      // With 8 colours, xterm (and VTE, and the Linux console) draw bold text in the bright
      // colour instead: bold black becomes grey, 3.2:1 on a white key. The colour
      // is what the theme chose for contrast, so it wins over the weight; a program's own
      // colour and weight are the program's.
      rendition.bold = false
    }
    return rendition
  }

  /// A colour of the 256-colour palette as this terminal can show it: itself, the nearest of
  /// the 8 basic colours, or the default without colour.
  package static func shown(_ color: UInt8, depth: ColorDepth) -> Int16 {
    switch depth {
    case .twoHundredFiftySix: return Int16(color)
    case .none: return -1
    case .eight:
      if color < 16 { return Int16(color % 8) }
      let (red, green, blue) = xtermRGB(color)
      // The basic colour whose channels are on where this colour's are brighter than half.
      let bits = (red > 127 ? 1 : 0) | (green > 127 ? 2 : 0) | (blue > 127 ? 4 : 0)
      return Int16(bits)
    }
  }

  /// The red, green and blue of a colour of xterm's 256-colour palette above 15.
  package static func xtermRGB(_ color: UInt8) -> (Int, Int, Int) {
    if color >= 232 {
      let level = 8 + 10 * Int(color - 232)
      return (level, level, level)
    }
    let index = Int(color) - 16
    func level(_ step: Int) -> Int { step == 0 ? 0 : 55 + 40 * step }
    return (level(index / 36), level(index / 6 % 6), level(index % 6))
  }

  /// The nearest colour of xterm's 256-colour palette (from 16 on) to a true colour.
  package static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    var best: (color: UInt8, distance: Int) = (16, Int.max)
    for color in UInt8(16)...UInt8(255) {
      let (r, g, b) = xtermRGB(color)
      let distance =
        (r - Int(red)) * (r - Int(red)) + (g - Int(green)) * (g - Int(green))
        + (b - Int(blue)) * (b - Int(blue))
      if distance < best.distance { best = (color, distance) }
    }
    return best.color
  }
}

extension Rendition {
  /// Appends the shortest SGR sequence that changes the terminal from `current` (nil:
  /// unknown) to this rendition; nothing when they are equal.
  func appendSGR(from current: Rendition?, to bytes: inout [UInt8]) {
    guard current != self else { return }
    // Both forms are written into `bytes`; the longer one is taken back.
    let start = bytes.count
    bytes += [0x1B, UInt8(ascii: "["), UInt8(ascii: "0")]
    appendParameters(from: .plain, to: &bytes)
    bytes.append(UInt8(ascii: "m"))
    guard let current else { return }
    let fullLength = bytes.count - start
    let stepStart = bytes.count
    bytes += [0x1B, UInt8(ascii: "[")]
    var base = current
    if (current.bold && !bold) || (current.dim && !dim) {
      bytes.appendParameter(22)  // ends bold and dim together
      base.bold = false
      base.dim = false
    }
    if current.underline && !underline {
      bytes.appendParameter(24)
      base.underline = false
    }
    if current.reverse && !reverse {
      bytes.appendParameter(27)
      base.reverse = false
    }
    if current.italic && !italic {
      bytes.appendParameter(23)
      base.italic = false
    }
    if current.strike && !strike {
      bytes.appendParameter(29)
      base.strike = false
    }
    if current.blink && !blink {
      bytes.appendParameter(25)
      base.blink = false
    }
    appendParameters(from: base, to: &bytes)
    bytes.append(UInt8(ascii: "m"))
    if bytes.count - stepStart < fullLength {
      bytes.removeSubrange(start..<stepStart)
    } else {
      bytes.removeSubrange(stepStart...)
    }
  }

  /// The parameters that turn `base` into this rendition, given that nothing has to be
  /// switched off.
  private func appendParameters(from base: Rendition, to parameters: inout [UInt8]) {
    if bold && !base.bold { parameters.appendParameter(1) }
    if dim && !base.dim { parameters.appendParameter(2) }
    if underline && !base.underline { parameters.appendParameter(4) }
    if reverse && !base.reverse { parameters.appendParameter(7) }
    if italic && !base.italic { parameters.appendParameter(3) }
    if strike && !base.strike { parameters.appendParameter(9) }
    if blink && !base.blink { parameters.appendParameter(5) }
    if foreground != base.foreground { parameters.appendColor(foreground, foreground: true) }
    if background != base.background { parameters.appendColor(background, foreground: false) }
  }
}

extension [UInt8] {
  /// Appends `;n`, or `n` at the start of a parameter list.
  fileprivate mutating func appendParameter(_ value: Int) {
    if let last, last != UInt8(ascii: "[") { append(UInt8(ascii: ";")) }
    appendDecimal(value)
  }

  /// A colour as the fewest bytes: 30–37/90–97 for the 16 basic colours, 38;5;n above.
  fileprivate mutating func appendColor(_ color: Int16, foreground: Bool) {
    let base = foreground ? 30 : 40
    switch color {
    case ..<0: appendParameter(base + 9)
    case 0..<8: appendParameter(base + Int(color))
    case 8..<16: appendParameter(base + 60 + Int(color) - 8)
    default:
      appendParameter(base + 8)
      appendParameter(5)
      appendParameter(Int(color))
    }
  }

  /// Appends the glyph a cell shows: its scalar as UTF-8, except for the two Cheon-Ji-In
  /// dots, which common terminal fonts draw too small to see (measured in xterm
  /// with DejaVu Sans Mono and Nanum: ㆍ a 2 × 2 pixel dot, ‥ one dot).
  ///
  /// ㆍ (two columns) is drawn as `●` and a space, ‥ (one column) as `∶`: the same columns,
  /// so the screen's model (and its text in tests and `--frames`) keeps the letters.
  mutating func appendGlyph(_ scalar: Unicode.Scalar) {
    switch scalar {
    case "\u{318D}":  // ㆍ HANGUL LETTER ARAEA
      self += [0xE2, 0x97, 0x8F, 0x20]  // ● U+25CF and a space
    case "\u{2025}":  // ‥ TWO DOT LEADER, how the engine shows ᆢ
      self += [0xE2, 0x88, 0xB6]  // ∶ U+2236
    default:
      appendUTF8(scalar)
    }
  }

  /// Appends `text` with its glyphs as ``appendGlyph(_:)`` draws them.
  package mutating func appendGlyphs(of text: String) {
    for scalar in text.unicodeScalars { appendGlyph(scalar) }
  }

  /// Appends a scalar as UTF-8; control characters become a space, so text can never
  /// smuggle an escape sequence onto the terminal.
  mutating func appendUTF8(_ scalar: Unicode.Scalar) {
    switch scalar.value {
    case 0..<0x20, 0x7F..<0xA0: append(UInt8(ascii: " "))
    default: UTF8.encode(scalar) { append($0) }
    }
  }

  /// Appends a non-negative number in decimal.
  package mutating func appendDecimal(_ value: Int) {
    if value >= 10 { appendDecimal(value / 10) }
    append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}
