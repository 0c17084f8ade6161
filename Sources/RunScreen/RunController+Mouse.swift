import CellGrid
import ChildTerminal
import PadViews
import TerminalInput
import TerminalUI

/// The mouse, the scrollback and the clipboard of `cheonjiin run`: what the terminal reports
/// and where each report goes.
extension RunController {
  /// The mouse reports the terminal should send now (see ``RunMouse``).
  package func mouseReporting(dockRows: Int) -> MouseReporting {
    let program: MouseReporting?
    switch emulator.mouseMode {
    case .none: program = nil
    case .click, .drag: program = .buttons
    case .move: program = .motion
    }
    let scrolledBack = scrollView.offset > 0
    switch screenOptions.mouse {
    case .off: return .off
    case .program: return program ?? (scrolledBack ? .buttons : .off)
    case .auto: return program ?? (dockRows > 0 || scrolledBack ? .buttons : .off)
    }
  }

  /// A mouse report that is not on a key of the dock: the program's if it asked for the mouse
  /// (and the view is not scrolled back); else the wheel scrolls back (on the alternate screen
  /// it is the arrow keys, as xterm's alternate scroll mode sends them, for less and man), and
  /// a drag says how to select.
  mutating func handleMouse(_ mouse: MouseEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    let size = childSize(rows: rows, columns: columns)
    guard mouse.row - 1 < size.rows else { return [] }  // the dock, off its keys
    if emulator.mouseMode != .none, screenOptions.mouse != .off, scrollView.offset == 0 {
      return send(forwardMouse(mouse, size: size))
    }
    let wheelLines = 3
    switch (mouse.button, mouse.action) {
    case (.wheelUp, .press), (.wheelDown, .press):
      let up = mouse.button == .wheelUp
      guard emulator.isAlternateScreen else {
        scrollView.scroll(by: up ? wheelLines : -wheelLines, available: emulator.scrollbackCount)
        return []
      }
      var bytes: [UInt8] = []
      for _ in 0..<wheelLines {
        bytes += encode(TerminalKeyEvent(up ? .up : .down))
      }
      return passThrough(bytes)
    case (.left, .press), (.left, .drag):
      // The terminal reports the mouse for the dock; its selection needs Shift meanwhile.
      if selectHintShown.map({ time >= $0 + .milliseconds(10_000) }) ?? true {
        selectHintShown = time
        notify(strings.runSelectWithShift, until: time + .milliseconds(4000))
      }
      return []
    default:
      return []
    }
  }

  /// A mouse report for the child, encoded in its protocol by the emulator.
  private func forwardMouse(_ mouse: MouseEvent, size: (rows: Int, columns: Int)) -> [UInt8] {
    let control = mouse.modifiers.contains(.control)
    let alt = mouse.modifiers.contains(.alt)
    emulator.mouseMove(row: mouse.row - 1, column: mouse.column - 1, control: control, alt: alt)
    let button: Emulator.MouseButton?
    switch mouse.button {
    case .left: button = .left
    case .middle: button = .middle
    case .right: button = .right
    case .wheelUp: button = .wheelUp
    case .wheelDown: button = .wheelDown
    case .wheelLeft: button = .wheelLeft
    case .wheelRight: button = .wheelRight
    case .none, .extra: button = nil
    }
    switch mouse.action {
    case .press, .release:
      if let button {
        emulator.mouseButton(
          button, pressed: mouse.action == .press, control: control, alt: alt)
      }
    case .drag, .move:
      break  // the move above is the report
    }
    return emulator.takeOutput()
  }

  /// Lines to scroll the view for Shift-PgUp and Shift-PgDn (a page less one line), when
  /// there is a scrollback to see; nil for every other key.
  package func scrollLines(for key: TerminalKeyEvent, rows: Int, columns: Int) -> Int? {
    guard key.modifiers == .shift, !emulator.isAlternateScreen else { return nil }
    let page = max(1, childSize(rows: rows, columns: columns).rows - 1)
    switch key.key {
    case .pageUp: return page
    case .pageDown: return -page
    default: return nil
    }
  }

  /// What a click at a 0-based cell hits on the dock: a key of the pad, a word on the status
  /// line.
  func dockTarget(row: Int, column: Int, rows: Int, columns: Int) -> HitTarget? {
    let dockRows = Self.dockRows(dock, layouts: typing.engine.layouts, keySize: keySize, rows: rows)
    guard dockRows > 0, row >= rows - dockRows else { return nil }
    if row == rows - 1 {
      var line = Screen(
        rows: 1, columns: columns, width: DisplayWidth.of, scalarWidth: DisplayWidth.of(scalar:))
      let words = drawStatus(into: &line, row: 0)
      return words.firstIndex { $0.contains(column) }.map(HitTarget.suggestion)
    }
    let geometry = PadGeometry(layout: typing.engine.layout, size: Self.dockKeys(keySize))
    let left = max(0, (columns - geometry.width) / 2)
    return geometry.key(atRow: row - (rows - dockRows), column: column - left).map(HitTarget.key)
  }

  /// The program's clipboard write passed on to the terminal (`--allow-clipboard`), only in a
  /// form that cannot carry anything else: selection letters and base64.
  func clipboardEffects() -> [Effect] {
    guard let write = emulator.takeClipboardWrite(), screenOptions.passesClipboard else {
      return []
    }
    let selection = write.selection.filter { Array("cpqs01234567".utf8).contains($0) }
    let isBase64 = write.base64.allSatisfy {
      (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
        || [UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "=")].contains($0)
    }
    guard isBase64 else { return [] }
    let bytes =
      Array("\u{1B}]52;".utf8) + (selection.isEmpty ? Array("c".utf8) : selection)
      + [UInt8(ascii: ";")] + write.base64 + [0x07]
    return [.own(.passToTerminal(bytes))]
  }
}

extension PadAction {
  /// A press that types (a tap, a hold, a repeat), as opposed to a release or a rollback.
  package var isTyping: Bool {
    switch self {
    case .tap, .hold, .repeatTick: true
    case .undoTaps, .release: false
    }
  }
}
