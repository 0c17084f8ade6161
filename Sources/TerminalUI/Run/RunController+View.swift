import ChildTerminal
import HangulEngine
import LayoutLoading
import TerminalInput

extension RunController {
  /// A child's colour as a colour of the 256-colour palette; nil for the terminal's default.
  private static func paletteColor(_ color: Emulator.Color) -> UInt8? {
    switch color {
    case .default: nil
    case .indexed(let index): index
    case .rgb(let red, let green, let blue): Palette.nearest256(red: red, green: green, blue: blue)
    }
  }

  func render(rows: Int, columns: Int, at time: Instant, input: InputState) -> Screen {
    var screen = Screen(
      rows: rows, columns: columns, width: DisplayWidth.of, scalarWidth: DisplayWidth.of(scalar:))
    if let helpScroll {
      // Over the whole window: the program's screen is back when it closes.
      OverlayView.draw(
        .help(
          title: strings.runHelpTitle, sections: helpSections, scroll: helpScroll,
          more: strings.helpMore),
        into: &screen)
      return screen
    }
    let size = childSize(rows: rows, columns: columns)
    drawChild(into: &screen, size: size)
    let dockRows = Self.dockRows(dock, layouts: typing.engine.layouts, keySize: keySize, rows: rows)
    if dockRows > 1 { drawPad(into: &screen, top: size.rows, height: dockRows - 1, input: input) }
    if dockRows > 0 { drawStatus(into: &screen, row: rows - 1) }
    return screen
  }

  /// The child's screen, its colours in the 256-colour palette (true colour to the nearest),
  /// and the open syllables at its cursor.
  private func drawChild(into screen: inout Screen, size: (rows: Int, columns: Int)) {
    for row in 0..<min(size.rows, emulator.rows) {
      var column = 0
      while column < min(size.columns, emulator.columns) {
        let cell = emulator.cell(row: row, column: column)
        var attributes: CellAttributes = []
        if cell.isBold { attributes.insert(.bold) }
        if cell.isUnderlined { attributes.insert(.underline) }
        if cell.isReversed { attributes.insert(.reverse) }
        if cell.isItalic { attributes.insert(.italic) }
        let foreground = Self.paletteColor(cell.foreground)
        let background = Self.paletteColor(cell.background)
        if foreground != nil { attributes.insert(.ownForeground) }
        if background != nil { attributes.insert(.ownBackground) }
        if cell.width > 0 {
          screen.draw(
            cell.text, row: row, column: column, style: .normal, attributes: attributes,
            limit: size.columns)
          for offset in 0..<max(1, cell.width) where column + offset < size.columns {
            screen[row, column + offset].foreground = foreground ?? 0
            screen[row, column + offset].background = background ?? 0
          }
        }
        column += max(1, cell.width)
      }
    }
    // The open syllables at the child's cursor, underlined, as desktop input methods draw them;
    // else the cursor as the child asked for it, or nothing where it hid it.
    let cursor = emulator.cursor
    guard cursor.row < size.rows else { return }
    if !typing.preedit.isEmpty {
      screen.draw(
        typing.preedit, row: cursor.row, column: cursor.column, style: .preedit,
        attributes: [.underline, .bold], limit: size.columns)
    } else if emulator.isCursorVisible {
      let under = emulator.cell(row: cursor.row, column: cursor.column).text
      let shown = under.isEmpty ? " " : under
      switch emulator.cursorShape {
      case .block, .bar:
        screen.draw(
          shown, row: cursor.row, column: cursor.column, style: .cursor, limit: size.columns)
      case .underline:
        screen.draw(
          shown, row: cursor.row, column: cursor.column, style: .normal, attributes: .underline,
          limit: size.columns)
      }
    }
  }

  /// The pad, centred, with the key held down lit and its hold progress.
  private func drawPad(into screen: inout Screen, top: Int, height: Int, input: InputState) {
    let layout = typing.engine.layout
    let geometry = PadGeometry(layout: layout, size: Self.dockKeys(keySize))
    var decorations: [Int: KeyDecoration] = [:]
    if let pressing = input.pressing,
      case .key(let key)? = routing(rows: screen.rows, columns: screen.columns).pad?.resolve(
        pressing.source)
    {
      decorations[key] = KeyDecoration()
      decorations[key]?.isPressed = true
      decorations[key]?.holdFraction = input.holdFraction
    }
    screen.fill(row: top, column: 0, height: height, width: screen.columns, style: .normal)
    PadRenderer.draw(
      layout, geometry: geometry, decorations: decorations, into: &screen,
      origin: (top, max(0, (screen.columns - geometry.width) / 2)), bold: bold)
  }

  /// The status line: the layout, what is open, the suggestions with their keys (or a notice),
  /// and on the right what F9 does now and where help is.
  private func drawStatus(into screen: inout Screen, row: Int) {
    screen.fill(row: row, column: 0, height: 1, width: screen.columns, style: .status)
    let right =
      strings.runDigitsStatus(typeOnPad: digitsTypeOnPad, key: label(.digits)) + " · "
      + strings.runHelpKey(label(.help))
    let rightWidth = screen.width(of: right) + 1
    var left = " " + strings.name(of: typing.engine.layout)
    if !typing.preedit.isEmpty { left += " · " + typing.preedit }
    let leftLimit = max(1, screen.columns - rightWidth - 1)
    var end = screen.draw(left, row: row, column: 0, style: .status, limit: leftLimit)
    if passesNextKey {
      screen.draw(
        " · " + strings.runPassNextStatus(label(.passNext)), row: row, column: end, style: .status,
        attributes: .bold, limit: leftLimit)
    } else if let message {
      screen.draw(" · " + message.text, row: row, column: end, style: .status, limit: leftLimit)
    } else {
      for (index, word) in bar.words.enumerated() {
        let key = keymap.suggestionKeyLabel(index + 1) ?? String(index + 1)
        end = screen.draw(
          "  " + strings.suggestionKey(key) + " ", row: row, column: end, style: .status,
          attributes: .bold, limit: leftLimit)
        end = screen.draw(word, row: row, column: end, style: .status, limit: leftLimit)
      }
    }
    if screen.columns - rightWidth > end {
      screen.draw(right, row: row, column: screen.columns - rightWidth, style: .status)
    }
  }

  /// The key of a key of `run`, as the status line and help name it: `F1`, `Ctrl-]`.
  func label(_ key: RunKey) -> String {
    runKeys[key].map(String.init(describing:)) ?? "-"
  }

  /// The help screen: the pad keys of the keymap, then the keys of `run` itself.
  var helpSections: [HelpSection] {
    let layout = typing.engine.layout
    let runLines = RunKey.allCases.map { key in
      HelpSection.Line(keys: label(key), action: strings.runHelp(key))
    }
    // The keys of run first: they are what a user of the pad does not know yet.
    return [
      HelpSection(
        title: strings.runKeysTitle,
        lines: runLines + [
          HelpSection.Line(keys: strings.runOtherKeysName, action: strings.runOtherKeysHelp)
        ]),
      HelpSection(
        title: "\(strings.helpPadKeys): \(strings.name(of: keymap))",
        lines: keymap.helpLines(layout: layout, strings: strings)),
    ]
  }
}
