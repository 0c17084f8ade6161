/// A colour scheme: for each cell style, colours on 256-colour and on 8-colour terminals, and
/// the attributes that carry the meaning when there is no colour at all (`NO_COLOR`).
public struct Theme: Sendable, Hashable {
  public enum Name: String, Sendable, Hashable, CaseIterable {
    case light
    case dark
    case contrast
  }

  /// One style's look.
  ///
  /// Colours are terminal colour numbers; -1 is the terminal's default.
  public struct Look: Sendable, Hashable {
    public var foreground256: Int16
    public var background256: Int16
    public var foreground8: Int16
    public var background8: Int16
    /// Used without colour: reverse video and bold mark keys, highlights and the cursor.
    public var monochrome: MonochromeLook
    /// Reverse video with colours too: the terminal's own colours swapped make the strongest
    /// highlight its user can read, and cost two bytes instead of twenty.
    public var reverse = false
  }

  public enum MonochromeLook: Sendable, Hashable {
    case plain
    case bold
    case reverse
    case reverseBold
    case underlineBold
  }

  public let name: Name
  private let looks: [Look]

  public func look(_ style: CellStyle) -> Look {
    looks[Int(style.rawValue)]
  }

  /// The theme by name.
  public static func named(_ name: Name) -> Theme {
    switch name {
    case .light: light
    case .dark: dark
    case .contrast: contrast
    }
  }

  // Standard colour numbers for 8-colour terminals.
  package static let black: Int16 = 0, red: Int16 = 1, green: Int16 = 2, yellow: Int16 = 3
  package static let blue: Int16 = 4, magenta: Int16 = 5, cyan: Int16 = 6, white: Int16 = 7

  private static func make(_ name: Name, _ table: (CellStyle) -> Look) -> Theme {
    Theme(name: name, looks: CellStyle.allCases.map(table))
  }

  private static func look(
    _ fg256: Int16, _ bg256: Int16, _ fg8: Int16, _ bg8: Int16, _ mono: MonochromeLook
  ) -> Look {
    Look(
      foreground256: fg256, background256: bg256, foreground8: fg8, background8: bg8,
      monochrome: mono)
  }

  /// The terminal's own colours in reverse video, in every colour depth.
  private static let reversed = Look(
    foreground256: -1, background256: -1, foreground8: -1, background8: -1, monochrome: .reverse,
    reverse: true)

  /// Galaxy light: white letter keys, grey function keys, a blue accent.
  ///
  /// Coloured text brings its own background (white in the light theme, charcoal in the
  /// dark one), so every theme reads on a light and on a dark terminal alike; text in the
  /// terminal's own colours needs none. Every pair is at least 4.5:1 (WCAG AA) in xterm's
  /// palettes, measured from pixels by `ContrastTests`; with 8 colours the palette drops bold
  /// from coloured text (see ``Palette``). A key's face stands out from a black terminal at
  /// least 3:1 (`KeyFaceContrastTests`): with 8 colours the accent keys are black on cyan, since
  /// xterm's blue is 2.2:1 on black (and 8 colours are mostly the Linux console, black).
  public static let light = make(.light) { style in
    switch style {
    case .normal, .text, .preedit: look(-1, -1, -1, -1, .plain)
    case .composing, .cursor, .keyPressed: reversed
    // Labels are the most important text: pure black on white, also in 8 colours (black
    // on cyan read grey in xterm).
    case .keyLetter: look(16, 231, black, white, .reverse)
    case .keyFunction: look(16, 252, black, white, .reverse)
    case .keyAccent: look(231, 25, black, cyan, .reverseBold)
    case .keyFocused: look(16, 220, black, yellow, .underlineBold)
    case .keyCue: look(16, 114, black, green, .underlineBold)
    case .holdProgress: look(16, 208, black, yellow, .reverseBold)
    case .suggestion: look(-1, -1, -1, -1, .plain)
    case .suggestionNumber: look(25, 231, blue, white, .bold)
    case .status: look(231, 238, white, blue, .reverse)
    case .title: look(25, 231, blue, white, .bold)
    case .warning: look(160, 231, red, white, .bold)
    case .correct: look(22, 231, black, green, .plain)
    case .wrong: look(160, 231, red, white, .underlineBold)
    case .dim: look(-1, -1, -1, -1, .plain)  // no dim text: it is the text older eyes miss
    }
  }

  /// Galaxy dark: grey keys with white letters.
  ///
  /// The greys are the darkest whose face stands out from a black terminal at 3:1 and still
  /// carries white letters at 4.5:1 (241: 3.4:1 and 6.1:1; the function keys' 242: 4.0:1 and
  /// 5.3:1, since 243's thin ⏎ measured 4.4:1); 238 was 2.2:1, keys that melted into the terminal. With 8 colours there is no
  /// grey: keys are black on white (a black key was invisible) and the accent black on cyan.
  public static let dark = make(.dark) { style in
    switch style {
    case .normal, .text, .preedit: look(-1, -1, -1, -1, .plain)
    case .composing, .cursor, .keyPressed: reversed
    case .keyLetter: look(231, 241, black, white, .reverse)
    case .keyFunction: look(231, 242, black, white, .reverse)
    case .keyAccent: look(255, 25, black, cyan, .reverseBold)
    case .keyFocused: look(16, 220, black, yellow, .underlineBold)
    case .keyCue: look(16, 77, black, green, .underlineBold)
    case .holdProgress: look(16, 208, black, yellow, .reverseBold)
    case .suggestion: look(-1, -1, -1, -1, .plain)
    case .suggestionNumber: look(117, 235, cyan, black, .bold)
    case .status: look(255, 236, white, black, .reverse)
    case .title: look(117, 235, cyan, black, .bold)
    case .warning: look(203, 235, yellow, black, .bold)
    case .correct: look(77, 235, green, black, .plain)
    case .wrong: look(203, 235, yellow, black, .underlineBold)
    case .dim: look(-1, -1, -1, -1, .plain)
    }
  }

  /// High contrast: pure black and white with yellow highlights, for low vision.
  public static let contrast = make(.contrast) { style in
    switch style {
    case .normal, .text: look(231, 16, white, black, .plain)
    case .preedit: look(226, 16, yellow, black, .plain)
    case .composing: look(16, 226, black, yellow, .reverse)
    case .cursor: look(16, 231, black, white, .reverse)
    case .keyLetter: look(16, 231, black, white, .reverse)
    case .keyFunction: look(16, 231, black, white, .reverse)
    // Yellow, not black: a black key vanishes on a black terminal (␣ and 닫기 did).
    case .keyAccent: look(16, 226, black, yellow, .reverseBold)
    case .keyPressed: look(231, 21, white, blue, .bold)
    case .keyFocused: look(16, 226, black, yellow, .underlineBold)
    case .keyCue: look(16, 51, black, cyan, .underlineBold)
    case .holdProgress: look(16, 226, black, yellow, .reverseBold)
    case .suggestion: look(231, 16, white, black, .plain)
    case .suggestionNumber: look(226, 16, yellow, black, .bold)
    case .status: look(16, 231, black, white, .reverse)
    case .title: look(226, 16, yellow, black, .bold)
    case .warning: look(226, 16, yellow, black, .bold)
    case .correct: look(231, 16, white, black, .plain)
    case .wrong: look(226, 16, yellow, black, .underlineBold)
    case .dim: look(231, 16, white, black, .plain)
    }
  }
}
