import CVterm

/// A child program's screen, emulated by libvterm: bytes from the child go in, cells and the
/// cursor come out, and keys become the bytes the child expects in its current modes.
///
/// The only file that calls libvterm. Not thread-safe: one loop owns it.
public final class Emulator {
  private let terminal: OpaquePointer
  private let screen: OpaquePointer
  private let state: OpaquePointer
  /// Where libvterm tells what the child set (cursor, mouse); freed with the emulator.
  private let callbacks: UnsafeMutablePointer<VTermScreenCallbacks>
  public private(set) var rows: Int
  public private(set) var columns: Int
  /// The child hid its cursor (`CSI ? 25 l`), as full-screen programs do while they draw.
  public private(set) var isCursorVisible = true
  /// The cursor shape the child asked for (`CSI n SP q`); vim's insert mode asks for a bar.
  public private(set) var cursorShape = CursorShape.block
  /// Which mouse reports the child asked for; ``MouseMode/none`` until it asks.
  public private(set) var mouseMode = MouseMode.none
  /// Bells (BEL) rung since the last ``takeBells()``.
  private var bells = 0

  /// A cursor shape a child can ask for.
  public enum CursorShape: Sendable {
    case block, underline, bar
  }

  /// The mouse reports a child asked for (modes 1000, 1002, 1003).
  public enum MouseMode: Sendable {
    case none, click, drag, move
  }

  /// A screen of `rows` × `columns` (at least 1 × 1), UTF-8, with the alternate screen.
  public init(rows: Int, columns: Int) {
    self.rows = max(1, rows)
    self.columns = max(1, columns)
    terminal = vterm_new(Int32(self.rows), Int32(self.columns))
    vterm_set_utf8(terminal, 1)
    screen = vterm_obtain_screen(terminal)
    state = vterm_obtain_state(terminal)
    vterm_screen_enable_altscreen(screen, 1)
    callbacks = .allocate(capacity: 1)
    callbacks.initialize(to: VTermScreenCallbacks())
    // Titles and icon names are not kept: a child cannot make cheonjiin write them anywhere.
    callbacks.pointee.settermprop = { property, value, user in
      guard let user, let value else { return 0 }
      Unmanaged<Emulator>.fromOpaque(user).takeUnretainedValue().set(property, value.pointee)
      return 1
    }
    callbacks.pointee.bell = { user in
      guard let user else { return 0 }
      Unmanaged<Emulator>.fromOpaque(user).takeUnretainedValue().bells += 1
      return 1
    }
    vterm_screen_set_callbacks(screen, callbacks, Unmanaged.passUnretained(self).toOpaque())
    vterm_screen_reset(screen, 1)
  }

  deinit {
    vterm_free(terminal)
    callbacks.deallocate()
  }

  private func set(_ property: VTermProp, _ value: VTermValue) {
    switch property {
    case VTERM_PROP_CURSORVISIBLE:
      isCursorVisible = value.boolean != 0
    case VTERM_PROP_CURSORSHAPE:
      switch Int(value.number) {
      case VTERM_PROP_CURSORSHAPE_UNDERLINE: cursorShape = .underline
      case VTERM_PROP_CURSORSHAPE_BAR_LEFT: cursorShape = .bar
      default: cursorShape = .block  // C enum values; anything unknown is the usual block
      }
    case VTERM_PROP_MOUSE:
      switch Int(value.number) {
      case VTERM_PROP_MOUSE_CLICK: mouseMode = .click
      case VTERM_PROP_MOUSE_DRAG: mouseMode = .drag
      case VTERM_PROP_MOUSE_MOVE: mouseMode = .move
      default: mouseMode = .none
      }
    default:
      break  // titles, blinking, the alternate screen: libvterm's screen keeps what matters
    }
  }

  /// How many times the child rang the bell since the last call.
  public func takeBells() -> Int {
    defer { bells = 0 }
    return bells
  }

  /// Runs the child's output through the emulator, in pieces of at most ``feedLimit`` bytes.
  public func feed(_ bytes: some Collection<UInt8>) {
    var array = Array(bytes)
    array.withUnsafeMutableBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress else { return }
        var start = 0
        while start < chars.count {
          let count = min(Self.feedLimit, chars.count - start)
          _ = vterm_input_write(terminal, base + start, count)
          start += count
        }
      }
    }
  }

  /// libvterm decodes text into an array on the stack as long as the piece it is given: a
  /// megabyte at once overflows the stack (a flood of output read in one go did).
  static let feedLimit = 4096

  /// Changes the screen size; the text reflows as libvterm does it.
  public func resize(rows: Int, columns: Int) {
    self.rows = max(1, rows)
    self.columns = max(1, columns)
    vterm_set_size(terminal, Int32(self.rows), Int32(self.columns))
  }

  // MARK: - The screen

  /// One cell: its text (empty for the right half of a wide character), its width, and how
  /// it looks.
  public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: Int
    public var isBold: Bool
    public var isUnderlined: Bool
    public var isItalic: Bool
    public var isReversed: Bool
    public var foreground: Color
    public var background: Color
  }

  /// A cell's colour: the terminal's default, one of 256, or true colour.
  public enum Color: Hashable, Sendable {
    case `default`
    case indexed(UInt8)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
  }

  /// The cell at a position; a blank default cell outside the screen.
  public func cell(row: Int, column: Int) -> Cell {
    var cell = VTermScreenCell()
    guard (0..<rows).contains(row), (0..<columns).contains(column),
      vterm_screen_get_cell(screen, VTermPos(row: Int32(row), col: Int32(column)), &cell) != 0
    else {
      return Cell(
        text: " ", width: 1, isBold: false, isUnderlined: false, isItalic: false,
        isReversed: false, foreground: .default, background: .default)
    }
    var text = ""
    var isContinuation = false
    withUnsafeBytes(of: cell.chars) { raw in
      let values = raw.bindMemory(to: UInt32.self)
      // libvterm marks the right half of a wide character with (uint32_t)-1.
      isContinuation = values.first == UInt32.max
      for value in values {
        guard value != 0, let scalar = Unicode.Scalar(value) else { break }
        text.unicodeScalars.append(scalar)
      }
    }
    if text.isEmpty && !isContinuation { text = " " }
    return Cell(
      text: text, width: isContinuation ? 0 : Int(cell.width), isBold: cell.attrs.bold != 0,
      isUnderlined: cell.attrs.underline != 0, isItalic: cell.attrs.italic != 0,
      isReversed: cell.attrs.reverse != 0, foreground: Self.color(cell.fg),
      background: Self.color(cell.bg))
  }

  /// A row's text, wide characters once, trailing blanks removed (for tests and logs).
  public func text(row: Int) -> String {
    var line = ""
    for column in 0..<columns { line += cell(row: row, column: column).text }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Where the cursor is.
  public var cursor: (row: Int, column: Int) {
    var position = VTermPos()
    vterm_state_get_cursorpos(state, &position)
    return (Int(position.row), Int(position.col))
  }

  private static func color(_ color: VTermColor) -> Color {
    let type = UInt32(color.type)
    if type & VTERM_COLOR_DEFAULT_MASK.rawValue != 0 { return .default }
    if type & VTERM_COLOR_TYPE_MASK.rawValue == VTERM_COLOR_INDEXED.rawValue {
      return .indexed(color.indexed.idx)
    }
    return .rgb(red: color.rgb.red, green: color.rgb.green, blue: color.rgb.blue)
  }

  // MARK: - Keys for the child

  /// A key that is not a character, as libvterm names it.
  public enum Key: Sendable {
    case enter, tab, backspace, escape, up, down, left, right, home, end, pageUp, pageDown,
      insert, delete
    case function(Int)
  }

  /// Types a character for the child, encoded for its current modes.
  public func type(_ scalar: Unicode.Scalar, control: Bool = false, alt: Bool = false) {
    vterm_keyboard_unichar(terminal, scalar.value, Self.modifiers(control: control, alt: alt))
  }

  /// Presses a key for the child, encoded for its current modes (application cursor keys…).
  public func press(_ key: Key, control: Bool = false, alt: Bool = false) {
    let code: VTermKey
    switch key {
    case .enter: code = VTERM_KEY_ENTER
    case .tab: code = VTERM_KEY_TAB
    case .backspace: code = VTERM_KEY_BACKSPACE
    case .escape: code = VTERM_KEY_ESCAPE
    case .up: code = VTERM_KEY_UP
    case .down: code = VTERM_KEY_DOWN
    case .left: code = VTERM_KEY_LEFT
    case .right: code = VTERM_KEY_RIGHT
    case .home: code = VTERM_KEY_HOME
    case .end: code = VTERM_KEY_END
    case .pageUp: code = VTERM_KEY_PAGEUP
    case .pageDown: code = VTERM_KEY_PAGEDOWN
    case .insert: code = VTERM_KEY_INS
    case .delete: code = VTERM_KEY_DEL
    case .function(let number):
      code = VTermKey(VTERM_KEY_FUNCTION_0.rawValue + UInt32(max(0, min(number, 255))))
    }
    vterm_keyboard_key(terminal, code, Self.modifiers(control: control, alt: alt))
  }

  /// A mouse button of the child's mouse reports.
  public enum MouseButton: Sendable {
    case left, middle, right, wheelUp, wheelDown, wheelLeft, wheelRight
  }

  /// The pointer moved to a cell of the child's screen (0-based), reported if its mode asks.
  public func mouseMove(row: Int, column: Int, control: Bool = false, alt: Bool = false) {
    let row = min(max(0, row), rows - 1)
    let column = min(max(0, column), columns - 1)
    vterm_mouse_move(
      terminal, Int32(row), Int32(column), Self.modifiers(control: control, alt: alt))
  }

  /// A mouse button went down or up (wheel steps only go down), encoded in the child's mouse
  /// protocol (X10, UTF-8, SGR) by libvterm; nothing when the child did not ask for the mouse.
  public func mouseButton(
    _ button: MouseButton, pressed: Bool, control: Bool = false, alt: Bool = false
  ) {
    let number: Int32
    switch button {
    case .left: number = 1
    case .middle: number = 2
    case .right: number = 3
    case .wheelUp: number = 4
    case .wheelDown: number = 5
    case .wheelLeft: number = 6
    case .wheelRight: number = 7
    }
    vterm_mouse_button(terminal, number, pressed, Self.modifiers(control: control, alt: alt))
  }

  /// Pasted text for the child, bracketed (`ESC [200~ … ESC [201~`) if it asked for that.
  public func paste(_ text: String) -> [UInt8] {
    vterm_keyboard_start_paste(terminal)
    var bytes = takeOutput()
    bytes += text.utf8
    vterm_keyboard_end_paste(terminal)
    return bytes + takeOutput()
  }

  /// The bytes the emulator has for the child (keys, replies to its queries), taken once.
  public func takeOutput() -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [CChar](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBufferPointer { chunk in
        vterm_output_read(terminal, chunk.baseAddress, chunk.count)
      }
      guard count > 0 else { return result }
      result += buffer[..<count].map { UInt8(bitPattern: $0) }
    }
  }

  private static func modifiers(control: Bool, alt: Bool) -> VTermModifier {
    var value = VTERM_MOD_NONE.rawValue
    if control { value |= VTERM_MOD_CTRL.rawValue }
    if alt { value |= VTERM_MOD_ALT.rawValue }
    return VTermModifier(value)
  }
}
