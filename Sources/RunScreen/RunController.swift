import ChildTerminal
import HangulEngine
import LayoutLoading
import PadViews
import Suggestions
import TerminalInput
import TerminalUI
import Typing

/// `cheonjiin run`: a child program in the window, the 천지인 pad on the numeric keypad as its
/// input method, and a dock at the bottom.
///
/// Keypad keys type on the pad; their commits go to the child the moment the engine makes them
/// (``TypingCore`` writing into ``SentText``), and the open syllables are drawn at the child's cursor, underlined, and in
/// the dock. Every other key goes to the child, encoded by the emulator for the child's modes,
/// after the open syllables. Suggestions for the word typed on the pad show in the dock and are
/// taken by holding their key, as on the pad.
struct RunController: ScreenFrontEnd {
  package typealias OwnEvent = RunEvent
  package typealias OwnEffect = RunEffect

  package let strings: UIStrings
  package let keymaps: [Keymap]
  package let keymap: Keymap
  package internal(set) var typing: TypingCore<SentText>
  package let emulator: Emulator
  /// The child's window size last told to it.
  private var childSize: (rows: Int, columns: Int)
  /// Set when the child closed its terminal.
  private(set) var hasEnded = false
  /// How much of the window the dock takes; F12 goes round the three.
  package internal(set) var dock: DockMode
  /// Whether plain digits (a keypad the terminal does not tell apart) type on the pad (F9);
  /// off at the start, so the digits of shells, vim counts and less work as they always do.
  private(set) var digitsTypeOnPad = false
  /// The help screen is up, scrolled down this many lines; arrows scroll, other keys close it.
  package private(set) var helpScroll: Int?
  /// The pass-through key was pressed: the next key goes to the program as it is.
  private(set) var passesNextKey = false
  /// The keys of `run` itself, from the keymap.
  package let runKeys: [RunKey: CommandChord]
  /// The words offered for the word typed on the pad.
  package internal(set) var bar = SuggestionBar()
  /// A notice on the status line, until it expires.
  package private(set) var message: (text: String, until: Instant)?
  /// `--large` and `--bold`, for the dock's pad.
  package let keySize: KeySize
  package let bold: Bool
  /// The mouse, the program's clipboard writes, the scrollback.
  let screenOptions: RunScreenOptions
  /// How far the view is scrolled back into the scrollback.
  var scrollView = RunScrollView()
  /// When the notice about selecting with Shift last showed (it shows at most every 10 s).
  var selectHintShown: Instant?

  package typealias DockMode = RunDockMode

  package init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, strings: UIStrings, emulator: Emulator,
    dock: DockMode = .full, keySize: KeySize = .normal,
    bold: Bool = false, screen: RunScreenOptions = RunScreenOptions()
  ) {
    screenOptions = screen
    self.keySize = keySize
    self.bold = bold
    self.strings = strings
    let layouts = strings.withInterfaceLabels(layouts)
    typing = TypingCore(layouts: layouts)
    self.keymaps = keymaps
    self.keymap =
      keymaps.first { $0.id == keymap } ?? keymaps.first
      ?? Keymap(id: "none", name: "-", englishName: "-", bindings: [:])
    self.emulator = emulator
    let chosen = self.keymap
    runKeys = Dictionary(
      uniqueKeysWithValues: RunKey.allCases.compactMap { key in
        (chosen.runKeys[key.action] ?? Keymap.defaultRunKeys[key.action]).map { (key, $0) }
      })
    self.dock = dock
    childSize = (emulator.rows, emulator.columns)
  }

  /// Rows the dock takes in a window of `rows`: the tallest pad of the layouts (compact keys,
  /// or the usual ones with `--large`) and the status line in full; a window too short for that
  /// and three rows of the child gets the status line only.
  static func dockRows(_ mode: DockMode, layouts: [Layout], keySize: KeySize, rows: Int)
    -> Int
  {
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

  func childSize(rows: Int, columns: Int) -> (rows: Int, columns: Int) {
    Self.childSize(
      dock, layouts: typing.engine.layouts, keySize: keySize, rows: rows, columns: columns)
  }

  /// What was still open when the child ended, for standard error.
  mutating func leftOpen() -> String { typing.finish() }

  // MARK: - ScreenFrontEnd

  package mutating func start(at time: Instant) -> [Effect] { [] }

  package func routing(rows: Int, columns: Int) -> InputRouting {
    // After the pass-through key, keypad keys too go to the program.
    if helpScroll != nil || passesNextKey { return .plainKeys }
    var pad = PadBindings(
      keymaps: keymaps, keymap: keymap, layout: typing.engine.layout, focus: nil,
      suggestionKeys: suggestionKeys)
    pad.padKeys = digitsTypeOnPad ? .keypadAndBoundCharacters : .keypad
    let controller = self
    return InputRouting(
      pad: pad, usesCommands: false,
      hitTest: { row, column in
        controller.dockTarget(row: row, column: column, rows: rows, columns: columns)
      })
  }

  /// Keys whose hold takes a word shown in the dock.
  private var suggestionKeys: Set<PhysicalKey> { bar.holdKeys(in: keymap) }

  package mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    if let scroll = helpScroll, event.closesHelp {
      helpScroll = Self.helpScroll(scroll, after: event)
      return []
    }
    switch event {
    case .pad(let action):
      if action.isTyping { scrollView.reset() }
      return pad(action, rows: rows, columns: columns)
    case .key(let key), .command(_, let key):
      guard key.kind != .release else { return [] }
      if passesNextKey {
        // A lone Shift or Ctrl (kitty reports them) is not the key meant.
        if case .otherFunctional = key.key { return [] }
        passesNextKey = false
        scrollView.reset()
        if let runKey = runKey(for: key), yieldsToProgram(runKey) {
          return perform(runKey, rows: rows, columns: columns)
        }
        return passThrough(encode(key))
      }
      if let lines = scrollLines(for: key, rows: rows, columns: columns) {
        scrollView.scroll(by: lines, available: emulator.scrollbackCount)
        return []
      }
      scrollView.reset()  // any other key: back to the live screen, then the key
      if let runKey = runKey(for: key), !yieldsToProgram(runKey) {
        return perform(runKey, rows: rows, columns: columns)
      }
      // ⌫ edits the syllables still open, as in every input method; with none, it is the
      // program's.
      if key.key == .backspace, key.modifiers.isEmpty, !typing.engine.preedit.isEmpty,
        let erase = BindingTarget.backspace.resolve(in: typing.engine.layout)
      {
        typing.release()
        defer { typing.release() }
        return typed(typing.tap(erase))
      }
      return passThrough(encode(key))
    case .mouse(let mouse):
      if !passesNextKey, mouse.button == .left, mouse.action == .press,
        case .suggestion(let index)? = dockTarget(
          row: mouse.row - 1, column: mouse.column - 1, rows: rows, columns: columns)
      {
        scrollView.reset()
        return choose(index)
      }
      return handleMouse(mouse, rows: rows, columns: columns, at: time)
    case .paste(let text):
      scrollView.reset()
      // The child gets the paste as its own terminal would send it.
      return passThrough(emulator.paste(text))
    case .resized:
      return resizeChild(rows: rows, columns: columns)
    }
  }

  package mutating func receive(_ event: RunEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    switch event {
    case .childOutput(let bytes):
      let scrolledOff = emulator.linesScrolledOff
      emulator.feed(bytes)
      scrollView.follow(
        newLines: emulator.linesScrolledOff - scrolledOff, available: emulator.scrollbackCount)
      // Replies to the child's queries (cursor position, device attributes).
      return send(emulator.takeOutput()) + (emulator.takeBells() > 0 ? [.own(.bell)] : [])
        + clipboardEffects()
    case .childEnded:
      hasEnded = true
      return [.finish("")]
    case .suggestionsLoaded(let data):
      bar.load(data, message: &message, at: time)
      return []
    case .notice(let text):
      message = (text, time + .milliseconds(4000))
      return []
    }
  }

  /// Shows a notice on the status line until `until`.
  mutating func notify(_ text: String, until: Instant) {
    message = (text, until)
  }

  package mutating func advance(to time: Instant, rows: Int, columns: Int) -> [Effect] {
    if let message, message.until <= time { self.message = nil }
    return []
  }

  package func nextDeadline(now: Instant) -> Instant? { message?.until }

  package mutating func catchUp() -> Bool {
    guard bar.isLoaded else { return false }
    return bar.refresh(for: typing)
  }

  private mutating func perform(_ key: RunKey, rows: Int, columns: Int) -> [Effect] {
    switch key {
    case .help:
      helpScroll = 0
      return []
    case .digits:
      digitsTypeOnPad.toggle()
      // Either way the pad starts again on 한글: a !#1 left from before is a surprise.
      typing.returnToFirstLayout()
      return sendTyped()
    case .dock:
      let modes = DockMode.allCases
      dock = modes[((modes.firstIndex(of: dock) ?? 0) + 1) % modes.count]
      return resizeChild(rows: rows, columns: columns)
    case .passNext:
      passesNextKey = true
      return []
    }
  }

  /// The key of `run` a key event is, if any.
  private func runKey(for key: TerminalKeyEvent) -> RunKey? {
    RunKey.allCases.first { runKeys[$0]?.matches(key) == true }
  }

  /// Whether a key of `run` goes to the program instead: a function key, while the program
  /// holds the alternate screen (htop's F1 and F9, mc's F1 to F10, vim's F1 help); the
  /// pass-through key, then the function key, reaches `run` there.
  package func yieldsToProgram(_ key: RunKey) -> Bool {
    guard key != .passNext, emulator.isAlternateScreen, case .function? = runKeys[key] else {
      return false
    }
    return true
  }

  package var takesUnmarkedPastes: Bool { helpScroll == nil && !passesNextKey }

  /// A paste the terminal did not mark: the program gets its bytes as typed (as it would
  /// without cheonjiin), after the open syllables; the pad types none of it.
  package mutating func takeUnmarkedPaste(_ text: String, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    passThrough(Array(text.utf8))
  }

  /// The help's scroll after an event: arrows and Space scroll, anything else closes it.
  private static func helpScroll(_ scroll: Int, after event: InputEvent) -> Int? {
    guard case .key(let key) = event else { return nil }
    return HelpSection.scroll(scroll, after: key)
  }

  /// Tells the emulator and the child the size they have now, if it changed.
  mutating func resizeChild(rows: Int, columns: Int) -> [Effect] {
    let size = childSize(rows: rows, columns: columns)
    guard size != childSize else { return [] }
    childSize = size
    emulator.resize(rows: size.rows, columns: size.columns)
    return [.own(.resizeChild(rows: size.rows, columns: size.columns))]
  }
}

extension InputEvent {
  /// Whether this event, while help is up, closes it: a key or a click, not the child's output.
  fileprivate var closesHelp: Bool {
    switch self {
    case .key(let key), .command(_, let key): key.kind != .release
    case .mouse(let mouse): mouse.action == .press
    case .pad(.tap), .pad(.hold), .paste: true
    case .pad, .resized:
      false
    }
  }
}
