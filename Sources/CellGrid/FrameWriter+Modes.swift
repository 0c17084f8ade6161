/// The terminal's own cursor once a frame is written.
public enum TerminalCursor: Hashable, Sendable {
  /// Left as the terminal was taken: hidden (the pad, practice and the demo draw their own).
  case unused
  /// Hidden (`cheonjiin run`: the program hid its cursor, or the view is scrolled back).
  case hidden
  /// Shown at a cell with a DECSCUSR style: 0 the terminal's default, 1–6 block, underline
  /// and bar, blinking (odd) or steady (even).
  case shown(row: Int, column: Int, style: Int)
}

/// Which mouse reports the terminal sends (SGR encoding, mode 1006, in every case).
public enum MouseReporting: Hashable, Sendable {
  /// None: the terminal's own selection and wheel work.
  case off
  /// Presses, releases and drags (modes 1000 and 1002).
  case buttons
  /// Every movement as well (mode 1003).
  case motion
}

extension FrameWriter {
  /// A frame that writes cells while the cursor shows hides it first: the cursor never jumps
  /// about while the cells are drawn.
  mutating func hideCursorWhileDrawing(bytes: inout [UInt8], from start: Int) {
    guard bytes.count > start, isCursorShown == true else { return }
    bytes.insert(contentsOf: Self.hide, at: start)
    isCursorShown = false
  }

  /// The cursor and the mouse reports the screen asks for, where they differ from the
  /// terminal's.
  mutating func appendModes(of screen: Screen, into bytes: inout [UInt8]) {
    if let wanted = screen.mouseReporting, wanted != mouseReporting {
      switch wanted {
      case .off: bytes += Array("\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)
      case .buttons: bytes += Array("\u{1B}[?1003l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
      case .motion: bytes += Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1003h\u{1B}[?1006h".utf8)
      }
      mouseReporting = wanted
    }
    switch screen.cursor {
    case .unused:
      break
    case .hidden:
      if isCursorShown != false { bytes += Self.hide }
      isCursorShown = false
    case .shown(let row, let column, let style):
      // A style is sent once the program asks for one; until then the terminal keeps its own.
      if setsCursorStyle, style != (cursorStyleSent ?? 0) {
        bytes += Array("\u{1B}[\(style) q".utf8)
        cursorStyleSent = style
      }
      moveCursor(row: row, column: column, into: &bytes)
      if isCursorShown != true { bytes += Array("\u{1B}[?25h".utf8) }
      isCursorShown = true
    }
  }

  /// Bytes for the way out: the terminal's default cursor style, if another was sent.
  package var exitBytes: [UInt8] {
    cursorStyleSent == nil ? [] : Array("\u{1B}[0 q".utf8)
  }

  private static let hide = Array("\u{1B}[?25l".utf8)
}
