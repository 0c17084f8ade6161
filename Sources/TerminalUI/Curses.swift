import CNcursesw

#if canImport(Glibc)
  import Glibc
#endif

/// An ncurses call that failed.
public enum CursesError: Error, CustomStringConvertible {
  /// The C function that returned ERR or NULL.
  case call(String)

  public var description: String {
    switch self {
    case .call(let name): "ncurses call \(name) failed"
    }
  }
}

/// The only code that calls ncurses. ncurses draws; it never reads input (the run loop reads
/// the tty itself, see spec/terminal-input.md §0).
final class Curses {
  private let screen: OpaquePointer
  private let output: UnsafeMutablePointer<FILE>
  private let input: UnsafeMutablePointer<FILE>
  /// The tty's output file descriptor, for escape sequences.
  let fileDescriptor: Int32
  /// The tty's input file descriptor; the run loop reads raw bytes from it.
  let inputDescriptor: Int32
  private(set) var theme: Theme
  private let usesColor: Bool
  private let has256Colors: Bool
  private var previous: [Cell] = []
  private var previousSize = (rows: 0, columns: 0)

  /// Opens the terminal on `/dev/tty` (standard output stays free for the result) and
  /// enters curses mode.
  ///
  /// The corresponding C functions are `newterm`, `set_term`, `raw`, `noecho`, `nonl`,
  /// `curs_set`, `start_color`.
  init(theme: Theme, color: Bool) throws {
    guard let output = fopen("/dev/tty", "w") else { throw CursesError.call("fopen(/dev/tty)") }
    guard let input = fopen("/dev/tty", "r") else {
      fclose(output)
      throw CursesError.call("fopen(/dev/tty)")
    }
    guard let screen = newterm(nil, output, input) else {
      fclose(output)
      fclose(input)
      throw CursesError.call("newterm")
    }
    self.screen = screen
    self.output = output
    self.input = input
    fileDescriptor = fileno(output)
    inputDescriptor = fileno(input)
    self.theme = theme
    set_term(screen)
    guard raw() != ERR, noecho() != ERR, nonl() != ERR else { throw CursesError.call("raw") }
    // ncurses polls the input fd while drawing; the run loop owns input, so turn that off.
    typeahead(-1)
    curs_set(0)
    usesColor = color && has_colors()
    has256Colors = usesColor && cj_colors() >= 256
    if usesColor {
      guard start_color() != ERR else { throw CursesError.call("start_color") }
      use_default_colors()
      applyTheme(theme)
    }
  }

  /// Switches colours; the next `draw` repaints everything.
  func applyTheme(_ theme: Theme) {
    self.theme = theme
    guard usesColor else { return }
    for style in CellStyle.allCases {
      let look = theme.look(style)
      let pair = Int16(style.rawValue) + 1
      if has256Colors {
        init_pair(pair, look.foreground256, look.background256)
      } else {
        init_pair(pair, look.foreground8, look.background8)
      }
    }
    previous = []
  }

  /// The window size, from the tty (TIOCGWINSZ), falling back to what ncurses knows.
  func size() -> (rows: Int, columns: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    if cj_window_size(fileDescriptor, &rows, &columns) == 0, rows > 0, columns > 0 {
      return (Int(rows), Int(columns))
    }
    return (Int(cj_lines()), Int(cj_cols()))
  }

  /// Tells ncurses the window changed size. The corresponding C function is `resizeterm`.
  func resize(rows: Int, columns: Int) {
    resizeterm(Int32(rows), Int32(columns))
    previous = []
  }

  /// Copies a screen to the terminal; only cells that changed since the last call are
  /// handed to ncurses, which then sends the minimal update.
  ///
  /// The corresponding C functions are `setcchar`, `mvwadd_wch`, `wnoutrefresh`, `doupdate`.
  func draw(_ frame: Screen) {
    let window = cj_stdscr()
    if previousSize != (frame.rows, frame.columns) || previous.count != frame.cells.count {
      werase(window)
      previous = []
      previousSize = (frame.rows, frame.columns)
    }
    for row in 0..<frame.rows {
      for column in 0..<frame.columns {
        let index = row * frame.columns + column
        let cell = frame.cells[index]
        if !previous.isEmpty, previous[index] == cell { continue }
        guard let character = cell.character else { continue }  // right half of a wide one
        put(character, attributes: attributes(for: cell), pair: usesColor ? Int16(cell.style.rawValue) + 1 : 0, row: row, column: column, window: window)
      }
    }
    previous = frame.cells
    wnoutrefresh(window)
    doupdate()
  }

  /// Forces a full repaint on the next draw (after a resume, or when asked).
  func invalidate() {
    previous = []
    clearok(cj_stdscr(), true)
  }

  private func put(_ character: Character, attributes: attr_t, pair: Int16, row: Int, column: Int, window: UnsafeMutablePointer<WINDOW>?) {
    var wide: [wchar_t] = character.unicodeScalars.prefix(4).map { wchar_t(bitPattern: $0.value) }
    wide.append(0)
    var cell = cchar_t()
    _ = wide.withUnsafeBufferPointer { setcchar(&cell, $0.baseAddress, attributes, pair, nil) }
    // Writing the bottom-right cell returns ERR because the cursor cannot advance past it;
    // the cell is still drawn, so the result is ignored here.
    _ = mvwadd_wch(window, Int32(row), Int32(column), &cell)
  }

  private func attributes(for cell: Cell) -> attr_t {
    var result = cj_a_normal()
    if cell.attributes.contains(.bold) { result |= cj_a_bold() }
    if cell.attributes.contains(.dim) && usesColor { result |= cj_a_dim() }
    if cell.attributes.contains(.underline) { result |= cj_a_underline() }
    if !usesColor {
      switch theme.look(cell.style).monochrome {
      case .plain: break
      case .bold: result |= cj_a_bold()
      case .reverse: result |= cj_a_reverse()
      case .reverseBold: result |= cj_a_reverse() | cj_a_bold()
      case .underlineBold: result |= cj_a_underline() | cj_a_bold()
      }
    }
    return result
  }

  /// Writes raw bytes to the terminal (kitty flags, mouse modes, OSC 52), after anything
  /// ncurses has buffered.
  func writeRaw(_ bytes: [UInt8]) {
    fflush(output)
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(fileDescriptor, base + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Leaves curses mode temporarily (suspend) or for good. The C function is `endwin`.
  func leave() {
    endwin()
  }

  /// Re-enters curses mode after `leave()`. The C functions are `refresh` and `raw`.
  func resume() {
    raw()
    noecho()
    nonl()
    curs_set(0)
    invalidate()
    refresh()
  }

  /// Ends curses for good and frees the screen. The C functions are `endwin` and `delscreen`.
  func close() {
    endwin()
    delscreen(screen)
    fclose(output)
    fclose(input)
  }

  /// Display width of a character in cells, as the terminal will draw it. The C function is
  /// `wcwidth`; a character of several scalars (an emoji with a variation selector) takes the
  /// width of its widest scalar.
  static func width(of character: Character) -> Int {
    var widest = 0
    for scalar in character.unicodeScalars {
      widest = max(widest, Int(wcwidth(wchar_t(bitPattern: scalar.value))))
    }
    return widest
  }
}

/// Display widths for code outside the terminal screen (`demo --frames`), from `wcwidth`.
public enum TerminalWidth {
  public static func of(_ character: Character) -> Int {
    Curses.width(of: character)
  }
}
