import CellGrid
import ChildTerminal
import HangulEngine
import LayoutLoading
import PadViews
import TerminalInput
import TerminalUI
import Typing

/// A child's colours as colours of the 256-colour palette, true colour to the nearest, with the
/// last conversion kept (runs of one colour are the rule, and the nearest colour is a search).
struct PaletteCache {
  private var last: (color: EmulatorColor, index: UInt8)?

  /// nil for the terminal's default.
  package mutating func index(_ color: EmulatorColor) -> UInt8? {
    switch color.value {
    case .default: return nil
    case .indexed(let index): return index
    case .rgb(let red, let green, let blue):
      if let last, last.color == color { return last.index }
      let index = Palette.nearest256(red: red, green: green, blue: blue)
      last = (color, index)
      return index
    }
  }
}

extension RunController {
  package func render(
    rows: Int, columns: Int, at time: Instant, input: InputState, cache: NoFrameCache
  ) -> Screen {
    var screen = Screen(
      rows: rows, columns: columns, width: DisplayWidth.of, scalarWidth: DisplayWidth.of(scalar:))
    let dockRows = Self.dockRows(dock, layouts: typing.engine.layouts, keySize: keySize, rows: rows)
    screen.mouseReporting = mouseReporting(dockRows: dockRows)
    screen.cursor = .hidden
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
    if dockRows > 1 { drawPad(into: &screen, top: size.rows, height: dockRows - 1, input: input) }
    if dockRows > 0 { drawStatus(into: &screen, row: rows - 1) }
    return screen
  }

  /// The child's screen (or the scrollback above it), its colours in the 256-colour palette
  /// (true colour to the nearest), the open syllables at its cursor, and the terminal's cursor
  /// after them.
  private func drawChild(into screen: inout Screen, size: (rows: Int, columns: Int)) {
    let offset = emulator.isAlternateScreen ? 0 : min(scrollView.offset, emulator.scrollbackCount)
    var colors = PaletteCache()
    for row in 0..<min(size.rows, emulator.rows) {
      let line = emulator.line(row, scrolledBack: offset)
      let columns = min(size.columns, line.cells.count)
      var column = 0
      while column < columns {
        let cell = line.cells[column]
        let isWide = cell.attributes.contains(.wide)
        defer { column += isWide ? 2 : 1 }
        if cell.isContinuation { continue }  // a half whose wide character was cut
        var attributes = Self.attributes(cell.attributes)
        let foreground = colors.index(cell.foreground)
        let background = colors.index(cell.background)
        if foreground != nil { attributes.insert(.ownForeground) }
        if background != nil { attributes.insert(.ownBackground) }
        var drawn = Cell(
          glyph: Self.glyph(of: cell, in: line, on: &screen), style: .normal, attributes: attributes
        )
        drawn.foreground = foreground ?? 0
        drawn.background = background ?? 0
        // The frame writer moves by the widths it knows: a character libvterm measures
        // otherwise (newer emoji) is shown as U+FFFD, or padded, so every column stays put.
        let shownWidth =
          drawn.glyph < 0x7F
          ? 1
          : drawn.glyph & Cell.clusterFlag == 0
            ? DisplayWidth.of(scalar: Unicode.Scalar(drawn.glyph) ?? "\u{FFFD}")
            : DisplayWidth.of(screen.character(drawn) ?? " ")
        if cell.attributes.contains(.conceal) {
          drawn.glyph = 0x20  // as xterm conceals: the cell's colours, no text
          drawn.attributes.subtract([.underline, .strike])
        } else if isWide && column + 1 >= size.columns {
          drawn.glyph = 0x20  // the window is narrower than the child: half a character is none
        } else if shownWidth != (isWide ? 2 : 1) && !(isWide && shownWidth == 1) {
          drawn.glyph = 0xFFFD
        }
        screen[row, column] = drawn
        if isWide && column + 1 < size.columns {
          drawn.glyph = shownWidth == 2 && drawn.glyph != 0x20 ? Cell.continuation : 0x20
          screen[row, column + 1] = drawn
        }
      }
    }
    placeCursor(on: &screen, size: size, scrolledBack: offset > 0)
  }

  /// The open syllables at the child's cursor, underlined, as desktop input methods draw them,
  /// and the terminal's cursor after them in the child's cursor style; where they do not fit
  /// before the right edge, at the start of the next row (where the program's echo will go),
  /// or against the edge on the last row.
  private func placeCursor(
    on screen: inout Screen, size: (rows: Int, columns: Int), scrolledBack: Bool
  ) {
    let cursor = emulator.cursor
    guard !scrolledBack, cursor.row < size.rows else { return }  // hidden
    let preedit = typing.engine.preedit.string
    guard !preedit.isEmpty else {
      if emulator.isCursorVisible {
        screen.cursor = .shown(row: cursor.row, column: cursor.column, style: emulator.cursorStyle)
      }
      return
    }
    let width = min(size.columns, screen.width(of: preedit))
    var (row, column) = cursor
    if column + width > size.columns {
      if row + 1 < size.rows {
        row += 1
        column = 0
      } else {
        column = max(0, size.columns - width)
      }
    }
    let end = screen.draw(
      preedit, row: row, column: column, style: .preedit, attributes: [.underline, .bold],
      limit: size.columns)
    screen.cursor = .shown(
      row: row, column: min(end, size.columns - 1), style: emulator.cursorStyle)
  }

  /// The glyph of a child's cell on the screen: its scalar, a cluster, or a space for a cell
  /// nothing was written to.
  private static func glyph(of cell: EmulatorCell, in line: EmulatorLine, on screen: inout Screen)
    -> UInt32
  {
    if cell.attributes.contains(.cluster) {
      // A base and marks Swift does not join (a mark after a control) show their base.
      let text = line.text(of: cell)
      return text.count == 1
        ? screen.clusterGlyph(Character(text)) : text.unicodeScalars.first?.value ?? 0x20
    }
    return cell.scalar == 0 ? 0x20 : cell.scalar
  }

  /// The look of a child's cell, as the frame writer draws it.
  private static func attributes(_ emulated: EmulatorAttributes) -> CellAttributes {
    var attributes: CellAttributes = []
    if emulated.contains(.bold) { attributes.insert(.bold) }
    if emulated.contains(.dim) { attributes.insert(.dim) }
    if emulated.contains(.italic) { attributes.insert(.italic) }
    if emulated.contains(.underline) { attributes.insert(.underline) }
    if emulated.contains(.blink) { attributes.insert(.blink) }
    if emulated.contains(.reverse) { attributes.insert(.reverse) }
    if emulated.contains(.strike) { attributes.insert(.strike) }
    return attributes
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

  /// The status line: the layout, what is open, the suggestions with their keys (or a notice,
  /// or how far the view is scrolled back), and on the right what F9 does now and where help is.
  ///
  /// - Returns: The columns of each suggestion (its key and word), for clicks.
  @discardableResult
  package func drawStatus(into screen: inout Screen, row: Int) -> [Range<Int>] {
    screen.fill(row: row, column: 0, height: 1, width: screen.columns, style: .status)
    let right =
      strings.runDigitsStatus(typeOnPad: digitsTypeOnPad, key: shownLabel(.digits)) + " · "
      + strings.runHelpKey(shownLabel(.help))
    let rightWidth = screen.width(of: right) + 1
    var left = " " + strings.name(of: typing.engine.layout)
    if !typing.engine.preedit.isEmpty { left += " · " + typing.engine.preedit.string }
    let leftLimit = max(1, screen.columns - rightWidth - 1)
    var end = screen.draw(left, row: row, column: 0, style: .status, limit: leftLimit)
    var spans: [Range<Int>] = []
    let scrolledBack =
      emulator.isAlternateScreen ? 0 : min(scrollView.offset, emulator.scrollbackCount)
    if passesNextKey {
      end = screen.draw(
        " · "
          + strings.runPassNextStatus(
            label(.passNext), functionKeysToRun: emulator.isAlternateScreen),
        row: row, column: end, style: .status, attributes: .bold, limit: leftLimit)
    } else if scrolledBack > 0 {
      end = screen.draw(
        " · " + strings.runScrolledBack(lines: scrolledBack), row: row, column: end,
        style: .status, attributes: .bold, limit: leftLimit)
    } else if let message {
      screen.draw(" · " + message.text, row: row, column: end, style: .status, limit: leftLimit)
    } else {
      for (index, word) in bar.words.enumerated() {
        let key = keymap.suggestionKeyLabel(index + 1) ?? String(index + 1)
        let start = end
        end = screen.draw(
          "  " + strings.suggestionKey(key) + " ", row: row, column: end, style: .status,
          attributes: .bold, limit: leftLimit)
        end = screen.draw(word, row: row, column: end, style: .status, limit: leftLimit)
        spans.append(start..<max(start, end))  // empty when the line had no room left
      }
    }
    if screen.columns - rightWidth > end {
      screen.draw(right, row: row, column: screen.columns - rightWidth, style: .status)
    }
    return spans
  }

  /// The key of a key of `run`, as the status line and help name it: `F1`, `Ctrl-]`.
  package func label(_ key: RunKey) -> String {
    runKeys[key].map(String.init(describing:)) ?? "-"
  }

  /// A key of `run` as the status line names it now: with the pass-through key before it
  /// while the program has its function keys (`Ctrl-] F1`).
  package func shownLabel(_ key: RunKey) -> String {
    yieldsToProgram(key) ? label(.passNext) + " " + label(key) : label(key)
  }

  /// The help screen: the pad keys of the keymap, then the keys of `run` itself.
  package var helpSections: [HelpSection] {
    let layout = typing.engine.layout
    let runLines = RunKey.allCases.map { key in
      HelpSection.Line(keys: label(key), action: strings.runHelp(key))
    }
    // The keys of run first: they are what a user of the pad does not know yet.
    return [
      HelpSection(
        title: strings.runKeysTitle,
        lines: runLines + strings.runScrollHelp + [
          HelpSection.Line(keys: strings.runOtherKeysName, action: strings.runOtherKeysHelp)
        ]),
      HelpSection(
        title: "\(strings.helpPadKeys): \(strings.name(of: keymap))",
        lines: keymap.helpLines(layout: layout, strings: strings)),
    ]
  }
}
