import ChildTerminal
import HangulEngine
import LayoutLoading
import TerminalInput

/// What the dock of `cheonjiin run` shows at the bottom of the window.
public enum RunDockMode: String, Sendable, CaseIterable {
  /// The pad (compact keys) and the status line.
  case full
  /// The status line only: the layout, what is open, the keys.
  case compact
  /// Nothing: the child has the whole window.
  case hidden
}

/// `cheonjiin run`: a child program in the window, the 천지인 pad on the numeric keypad as its
/// input method, and a one-line dock at the bottom.
///
/// Keypad keys type on the pad; their commits go to the child the moment the engine makes them
/// (``ChildTyping``), and the open syllables are drawn at the child's cursor, underlined, and in
/// the dock. Every other key goes to the child, encoded by the emulator for the child's modes,
/// after the open syllables.
struct RunController: ScreenFrontEnd {
  let strings: UIStrings
  private let keymaps: [Keymap]
  private let keymap: Keymap
  private var typing: ChildTyping
  private let emulator: Emulator
  /// The child's erase character, read once at the start (its VERASE; DEL by default).
  private let eraseCharacter: UInt8
  /// The child's window size last told to it.
  private var childSize: (rows: Int, columns: Int)
  /// Set when the child closed its terminal.
  private(set) var hasEnded = false
  /// How much of the window the dock takes; F12 goes round the three.
  private(set) var dock: DockMode
  /// `--large` and `--bold`, for the dock's pad.
  private let keySize: KeySize
  private let bold: Bool

  typealias DockMode = RunDockMode

  init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, strings: UIStrings, emulator: Emulator,
    eraseCharacter: UInt8, dock: DockMode = .full, keySize: KeySize = .normal, bold: Bool = false
  ) {
    self.keySize = keySize
    self.bold = bold
    self.strings = strings
    let layouts = strings.withInterfaceLabels(layouts)
    typing = ChildTyping(layouts: layouts)
    self.keymaps = keymaps
    self.keymap =
      keymaps.first { $0.id == keymap } ?? keymaps.first
      ?? Keymap(id: "none", name: "-", englishName: "-", bindings: [:])
    self.emulator = emulator
    self.eraseCharacter = eraseCharacter
    self.dock = dock
    childSize = (emulator.rows, emulator.columns)
  }

  /// Rows the dock takes in a window of `rows`: the tallest pad of the layouts (compact keys,
  /// or the usual ones with `--large`) and the status line in full; a window too short for that
  /// and three rows of the child gets the status line only.
  static func dockRows(_ mode: DockMode, layouts: [Layout], keySize: KeySize, rows: Int) -> Int {
    switch mode {
    case .hidden: return 0
    case .compact: return 1
    case .full:
      let pad = layouts.map { PadGeometry(layout: $0, size: dockKeys(keySize)).height }.max() ?? 0
      return rows - pad - 1 >= 3 ? pad + 1 : 1
    }
  }

  /// The dock's keys: compact, or the usual size for `--large`, so the child keeps most rows.
  static func dockKeys(_ keySize: KeySize) -> KeySize {
    switch keySize {
    case .large: .normal
    case .normal, .compact: .compact
    }
  }

  /// The child's window for a screen of this size: everything above the dock.
  static func childSize(
    _ mode: DockMode, layouts: [Layout], keySize: KeySize, rows: Int, columns: Int
  ) -> (rows: Int, columns: Int) {
    (max(1, rows - dockRows(mode, layouts: layouts, keySize: keySize, rows: rows)), max(1, columns))
  }

  private func childSize(rows: Int, columns: Int) -> (rows: Int, columns: Int) {
    Self.childSize(
      dock, layouts: typing.engine.layouts, keySize: keySize, rows: rows, columns: columns)
  }

  /// What was still open when the child ended, for standard error.
  mutating func leftOpen() -> String { typing.finish() }

  // MARK: - ScreenFrontEnd

  mutating func start(at time: Instant) -> [ScreenEffect] { [] }

  func routing(rows: Int, columns: Int) -> InputRouting {
    var pad = PadBindings(
      keymaps: keymaps, keymap: keymap, layout: typing.engine.layout, focus: nil,
      suggestionKeys: [])
    pad.keypadOnly = true
    return InputRouting(pad: pad, usesCommands: false, hitTest: { _, _ in nil })
  }

  mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [ScreenEffect]
  {
    switch event {
    case .pad(let action):
      return send(pad(action, rows: rows, columns: columns))
    case .key(let key) where key.key == .function(12):
      // F12 goes round the dock's modes: full, compact, hidden.
      guard key.kind != .release else { return [] }
      let modes = DockMode.allCases
      dock = modes[((modes.firstIndex(of: dock) ?? 0) + 1) % modes.count]
      return resizeChild(rows: rows, columns: columns)
    case .key(let key):
      return send(typing.passThrough(encode(key)))
    case .command(_, let key):
      return send(typing.passThrough(encode(key)))
    case .paste(let text):
      // The child gets the paste as its own terminal would send it.
      return send(typing.passThrough(emulator.paste(text)))
    case .childOutput(let bytes):
      emulator.feed(bytes)
      // Replies to the child's queries (cursor position, device attributes).
      return send(emulator.takeOutput())
    case .childEnded:
      hasEnded = true
      return [.finish("")]
    case .resized:
      return resizeChild(rows: rows, columns: columns)
    case .suggestionClicked, .mouse, .suggestionsLoaded, .notice:
      return []
    }
  }

  mutating func advance(to time: Instant, rows: Int, columns: Int) -> [ScreenEffect] { [] }

  func nextDeadline(now: Instant) -> Instant? { nil }

  /// Tells the emulator and the child the size they have now, if it changed.
  private mutating func resizeChild(rows: Int, columns: Int) -> [ScreenEffect] {
    let size = childSize(rows: rows, columns: columns)
    guard size != childSize else { return [] }
    childSize = size
    emulator.resize(rows: size.rows, columns: size.columns)
    return [.resizeChild(rows: size.rows, columns: size.columns)]
  }

  // MARK: - Keys

  private func send(_ bytes: [UInt8]) -> [ScreenEffect] {
    bytes.isEmpty ? [] : [.sendToChild(bytes)]
  }

  /// A pad step, as bytes for the child.
  private mutating func pad(_ action: PadAction, rows: Int, columns: Int) -> [UInt8] {
    let bindings = routing(rows: rows, columns: columns).pad
    func resolved(_ source: PressSource) -> Int? {
      if case .key(let key)? = bindings?.resolve(source) { return key }
      return nil
    }
    switch action {
    case .tap(let source), .repeatTick(let source):
      if case .flush? = bindings?.resolve(source) { return typing.passThrough([]) }
      guard let key = resolved(source) else { return [] }
      switch typing.engine.layout.keys[key].action {
      case .enter:
        // Enter on the pad is the child's Enter (CR), after the open syllables.
        emulator.press(.enter)
        return typing.passThrough(emulator.takeOutput())
      case .dismiss:
        return typing.passThrough([])  // nothing to dismiss: the child keeps the terminal
      case .vowel, .consonant, .text, .spaceNext, .space, .next, .backspace, .switchLayout:
        return typing.tap(key, erase: eraseCharacter)
      }
    case .hold(let source, let undoTaps):
      guard let key = resolved(source) else { return typing.undo(undoTaps, erase: eraseCharacter) }
      return typing.hold(key, undoTaps: undoTaps, erase: eraseCharacter)
    case .undoTaps(_, let count):
      return typing.undo(count, erase: eraseCharacter)
    case .release:
      typing.release()
      return []
    }
  }

  /// A key for the child, encoded for its current modes by the emulator.
  private func encode(_ event: TerminalKeyEvent) -> [UInt8] {
    guard event.kind != .release else { return [] }
    let control = event.modifiers.contains(.control)
    let alt = event.modifiers.contains(.alt)
    switch event.key {
    case .character(let scalar): emulator.type(scalar, control: control, alt: alt)
    case .enter: emulator.press(.enter, control: control, alt: alt)
    case .tab: emulator.press(.tab, control: control, alt: alt)
    case .backspace: emulator.press(.backspace, control: control, alt: alt)
    case .escape: emulator.press(.escape, control: control, alt: alt)
    case .up: emulator.press(.up, control: control, alt: alt)
    case .down: emulator.press(.down, control: control, alt: alt)
    case .left: emulator.press(.left, control: control, alt: alt)
    case .right: emulator.press(.right, control: control, alt: alt)
    case .home: emulator.press(.home, control: control, alt: alt)
    case .end: emulator.press(.end, control: control, alt: alt)
    case .pageUp: emulator.press(.pageUp, control: control, alt: alt)
    case .pageDown: emulator.press(.pageDown, control: control, alt: alt)
    case .insert: emulator.press(.insert, control: control, alt: alt)
    case .delete: emulator.press(.delete, control: control, alt: alt)
    case .function(let number): emulator.press(.function(number), control: control, alt: alt)
    case .numpad, .otherFunctional: break  // keypad keys are the pad's
    }
    return emulator.takeOutput()
  }

  // MARK: - Drawing

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
    let size = childSize(rows: rows, columns: columns)
    for row in 0..<min(size.rows, emulator.rows) {
      var column = 0
      while column < min(size.columns, emulator.columns) {
        let cell = emulator.cell(row: row, column: column)
        var attributes: CellAttributes = []
        if cell.isBold { attributes.insert(.bold) }
        if cell.isUnderlined { attributes.insert(.underline) }
        if cell.isReversed { attributes.insert(.reverse) }
        let foreground = Self.paletteColor(cell.foreground)
        let background = Self.paletteColor(cell.background)
        if foreground != nil { attributes.insert(.ownForeground) }
        if background != nil { attributes.insert(.ownBackground) }
        if cell.width > 0 {
          screen.draw(
            cell.text, row: row, column: column, style: .normal, attributes: attributes,
            limit: size.columns)
          // The child's own colours, in the 256-colour palette (true colour to the nearest).
          for offset in 0..<max(1, cell.width) where column + offset < size.columns {
            screen[row, column + offset].foreground = foreground ?? 0
            screen[row, column + offset].background = background ?? 0
          }
        }
        column += max(1, cell.width)
      }
    }
    // The open syllables at the child's cursor, underlined, as desktop input methods draw them;
    // the cursor itself as a block where nothing is open.
    let cursor = emulator.cursor
    if cursor.row < size.rows {
      if typing.preedit.isEmpty {
        let under = emulator.cell(row: cursor.row, column: cursor.column).text
        screen.draw(
          under.isEmpty ? " " : under, row: cursor.row, column: cursor.column, style: .cursor,
          limit: size.columns)
      } else {
        screen.draw(
          typing.preedit, row: cursor.row, column: cursor.column, style: .preedit,
          attributes: [.underline, .bold], limit: size.columns)
      }
    }
    let dockRows = Self.dockRows(
      dock, layouts: typing.engine.layouts, keySize: keySize, rows: rows)
    guard dockRows > 0 else { return screen }
    let layout = typing.engine.layout
    if dockRows > 1 {
      // The pad, centred, with the key held down lit and its hold progress.
      let geometry = PadGeometry(layout: layout, size: Self.dockKeys(keySize))
      var decorations: [Int: KeyDecoration] = [:]
      if let pressing = input.pressing,
        case .key(let key)? = routing(rows: rows, columns: columns).pad?.resolve(pressing.source)
      {
        decorations[key] = KeyDecoration()
        decorations[key]?.isPressed = true
        decorations[key]?.holdFraction = input.holdFraction
      }
      screen.fill(row: size.rows, column: 0, height: dockRows - 1, width: columns, style: .normal)
      PadRenderer.draw(
        layout, geometry: geometry, decorations: decorations, into: &screen,
        origin: (size.rows, max(0, (columns - geometry.width) / 2)), bold: bold)
    }
    let statusRow = rows - 1
    screen.fill(row: statusRow, column: 0, height: 1, width: columns, style: .status)
    let open = typing.preedit.isEmpty ? "" : " · " + typing.preedit
    screen.draw(
      " " + strings.name(of: layout) + open + " · " + strings.runDockHint, row: statusRow,
      column: 0, style: .status)
    return screen
  }
}
