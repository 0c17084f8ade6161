// libvterm's one file, as each C library is behind one: its calls, the callbacks it makes and
// the state they fill stay together, so no other file holds a libvterm pointer. That is why it
// is over 600 lines; what needs no libvterm (the filter, the grid, its cells, the scrollback)
// has files of its own.

import CVterm

/// The state behind libvterm's `user` pointer (a free function: C callbacks capture nothing).
private func callbackState(_ user: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CallbackState>?
{
  user?.assumingMemoryBound(to: CallbackState.self)
}

/// What libvterm's state callbacks change: both screens, the pen, the modes it reports.
///
/// It lives behind a pointer that the callbacks get as their `user`, so the callbacks run for
/// every glyph and every scrolled line reach it directly: as properties of the emulator class
/// it cost a dynamic exclusivity check and a retain and release of the emulator each time
/// (about a tenth of the CPU of a `seq` flood, in `perf`).
private struct CallbackState {
  let state: OpaquePointer
  var main: EmulatorGrid
  var alternate: EmulatorGrid
  /// How the next glyphs look: SGR as libvterm reports it, dim from the filter.
  var pen = EmulatorCell()
  var rows: Int
  var columns: Int
  var isCursorVisible = true
  var mouseMode = Emulator.MouseMode.none
  var isAlternateScreen = false
  /// Bells (BEL) rung since the emulator's last ``Emulator/takeBells()``.
  var bells = 0

  /// The screen the child writes to now.
  var screen: EmulatorGrid {
    get { isAlternateScreen ? alternate : main }
    _modify {
      if isAlternateScreen { yield &alternate } else { yield &main }
    }
  }

  /// Fills libvterm's state callbacks: each hands its arguments to the state, checked.
  static func connect(_ callbacks: UnsafeMutablePointer<VTermStateCallbacks>) {
    callbacks.pointee.putglyph = { info, position, user in
      guard let info, let chars = info.pointee.chars, let state = callbackState(user) else {
        return 1
      }
      var count = 1
      while count < 16, chars[count] != 0 { count += 1 }
      let scalars = UnsafeBufferPointer(start: chars, count: chars[0] == 0 ? 0 : count)
      let pen = state.pointee.pen
      let (width, row, column) = (Int(info.pointee.width), Int(position.row), Int(position.col))
      // Each screen by name, not through ``screen``: its accessor showed in `perf`.
      if state.pointee.isAlternateScreen {
        state.pointee.alternate.put(scalars, width: width, row: row, column: column, pen: pen)
      } else {
        state.pointee.main.put(scalars, width: width, row: row, column: column, pen: pen)
      }
      return 1
    }
    callbacks.pointee.scrollrect = { rect, downward, rightward, user in
      guard let state = callbackState(user) else { return 1 }
      let blank = state.pointee.pen.erased
      let (top, bottom) = (Int(rect.start_row), Int(rect.end_row))
      let (left, right) = (Int(rect.start_col), Int(rect.end_col))
      let (down, across) = (Int(downward), Int(rightward))
      if state.pointee.isAlternateScreen {
        state.pointee.alternate.scroll(
          top: top, bottom: bottom, left: left, right: right, downward: down, rightward: across,
          blank: blank)
      } else {
        state.pointee.main.scroll(
          top: top, bottom: bottom, left: left, right: right, downward: down, rightward: across,
          blank: blank)
      }
      return 1
    }
    callbacks.pointee.erase = { rect, selective, user in
      guard let state = callbackState(user) else { return 1 }
      let blank = state.pointee.pen.erased
      state.pointee.screen.erase(
        top: Int(rect.start_row), bottom: Int(rect.end_row), left: Int(rect.start_col),
        right: Int(rect.end_col), selective: selective != 0, blank: blank)
      return 1
    }
    callbacks.pointee.initpen = { user in
      callbackState(user)?.pointee.pen = EmulatorCell()
      return 1
    }
    callbacks.pointee.setpenattr = { attribute, value, user in
      guard let value, let state = callbackState(user) else { return 1 }
      state.pointee.setPen(attribute, value.pointee)
      return 1
    }
    callbacks.pointee.settermprop = { property, value, user in
      guard let value, let state = callbackState(user) else { return 1 }
      state.pointee.set(property, value.pointee)
      return 1  // libvterm keeps a property only when told so (the mouse modes among them)
    }
    callbacks.pointee.bell = { user in
      callbackState(user)?.pointee.bells += 1
      return 1
    }
    callbacks.pointee.resize = { rows, columns, delta, user in
      guard let state = callbackState(user) else { return 1 }
      let moved = state.pointee.resizeScreens(rows: Int(rows), columns: Int(columns))
      delta?.pointee.row = Int32(moved)
      return 1
    }
    callbacks.pointee.setlineinfo = { _, _, _, _ in 1 }
  }

  private mutating func setPen(_ attribute: VTermAttr, _ value: VTermValue) {
    func set(_ flag: EmulatorAttributes, _ on: Bool) {
      if on { pen.attributes.insert(flag) } else { pen.attributes.remove(flag) }
    }
    switch attribute {
    case VTERM_ATTR_BOLD: set(.bold, value.boolean != 0)
    case VTERM_ATTR_UNDERLINE: set(.underline, value.number != 0)
    case VTERM_ATTR_ITALIC: set(.italic, value.boolean != 0)
    case VTERM_ATTR_BLINK: set(.blink, value.boolean != 0)
    case VTERM_ATTR_REVERSE: set(.reverse, value.boolean != 0)
    case VTERM_ATTR_STRIKE: set(.strike, value.boolean != 0)
    case VTERM_ATTR_FOREGROUND: pen.foreground = Self.color(value.color)
    case VTERM_ATTR_BACKGROUND: pen.background = Self.color(value.color)
    default: break  // fonts: one font here
    }
  }

  private mutating func set(_ property: VTermProp, _ value: VTermValue) {
    switch property {
    case VTERM_PROP_CURSORVISIBLE:
      isCursorVisible = value.boolean != 0
    case VTERM_PROP_ALTSCREEN:
      // libvterm then erases the alternate screen itself, through ``screen``.
      isAlternateScreen = value.boolean != 0
    case VTERM_PROP_MOUSE:
      switch Int(value.number) {
      case VTERM_PROP_MOUSE_CLICK: mouseMode = .click
      case VTERM_PROP_MOUSE_DRAG: mouseMode = .drag
      case VTERM_PROP_MOUSE_MOVE: mouseMode = .move
      default: mouseMode = .none
      }
    default:
      break  // titles, icon names, reverse video; the shape comes from the filter, as asked
    }
  }

  /// Both screens to the new size (libvterm's resize callback); how far the active one's rows
  /// moved down.
  private mutating func resizeScreens(rows: Int, columns: Int) -> Int {
    var position = VTermPos()
    vterm_state_get_cursorpos(state, &position)  // still where it was before the resize
    let cursorRow = Int(position.row)
    self.rows = max(1, rows)
    self.columns = max(1, columns)
    let mainMoved = main.resize(
      rows: self.rows, columns: self.columns, cursorRow: isAlternateScreen ? self.rows : cursorRow)
    let alternateMoved = alternate.resize(
      rows: self.rows, columns: self.columns, cursorRow: cursorRow)
    return isAlternateScreen ? alternateMoved : mainMoved
  }

  private static func color(_ color: VTermColor) -> EmulatorColor {
    let type = UInt32(color.type)
    if type & VTERM_COLOR_DEFAULT_MASK.rawValue != 0 { return .default }
    if type & VTERM_COLOR_TYPE_MASK.rawValue == VTERM_COLOR_INDEXED.rawValue {
      return .indexed(color.indexed.idx)
    }
    return .rgb(red: color.rgb.red, green: color.rgb.green, blue: color.rgb.blue)
  }
}

/// A child program's screen: bytes from the child go in, cells, the cursor and the scrollback
/// come out, and keys become the bytes the child expects in its current modes.
///
/// libvterm (Debian's `libvterm-dev` 0.1.4) parses the bytes and keeps the terminal's state
/// (cursor, modes, scroll region, pen); its state layer tells ``CallbackState`` what changed,
/// and the cells live there, in an ``EmulatorGrid`` for each screen (libvterm's own screen
/// layer copied the whole screen for every line scrolled). Bytes reach libvterm only through
/// a ``ChildOutputFilter``, which keeps it away from what crashes or hangs 0.1.4.
///
/// The only file that calls libvterm. Not thread-safe: one loop owns it.
public final class Emulator {
  private let terminal: OpaquePointer
  private let state: OpaquePointer
  /// Where libvterm tells what changed; freed with the emulator.
  private let callbacks: UnsafeMutablePointer<VTermStateCallbacks>
  /// What the callbacks change; freed with the emulator.
  private let screens: UnsafeMutablePointer<CallbackState>
  private var filter: ChildOutputFilter
  /// The filter's output and events for one ``feed(_:)``, kept between calls.
  private var filtered: [UInt8] = []
  private var events: [(offset: Int, event: ChildOutputFilter.Event)] = []
  /// The filter's plain text in ``filtered`` (see ``write(_:)``), and the first not yet passed.
  private var plainText: [Range<Int>] = []
  private var nextPlainText = 0
  /// Whether runs of plain text are written into the cells here (see ``writePlainText(_:)``);
  /// off, libvterm puts every glyph (the tests compare the two).
  var writesTextDirectly = true
  /// `CSI n C`, the cursor moved over cells written here.
  private var cursorForward: [UInt8] = []
  /// What libvterm has for the child (keys, replies to queries), until taken.
  private var output: [UInt8] = []
  public var rows: Int { screens.pointee.rows }
  public var columns: Int { screens.pointee.columns }
  /// The child hid its cursor (`CSI ? 25 l`), as full-screen programs do while they draw.
  public var isCursorVisible: Bool { screens.pointee.isCursorVisible }
  /// The cursor style the child asked for (`CSI Ps SP q`, DECSCUSR), exactly.
  ///
  /// 0 the terminal's default (also before it asks), 1/2 blinking/steady block, 3/4
  /// underline, 5/6 bar. vim's insert mode asks for a bar.
  public private(set) var cursorStyle = 0
  /// Which mouse reports the child asked for; ``MouseMode/none`` until it asks.
  public var mouseMode: MouseMode { screens.pointee.mouseMode }
  /// The child is on the alternate screen (vim, less, htop): no scrollback there.
  public var isAlternateScreen: Bool { screens.pointee.isAlternateScreen }
  /// The last clipboard write (OSC 52) not yet taken.
  private var clipboardWrite: ClipboardWrite?

  /// A cursor shape a child can ask for.
  public enum CursorShape: Sendable {
    case block, underline, bar
  }

  /// The mouse reports a child asked for (modes 1000, 1002, 1003).
  public enum MouseMode: Sendable {
    case none, click, drag, move
  }

  /// A clipboard write (OSC 52): which selection (`c`, `p`, `s` …, may be empty) and the
  /// base64 text, as the program sent them.
  public struct ClipboardWrite: Hashable, Sendable {
    public var selection: [UInt8]
    public var base64: [UInt8]
  }

  /// The `TERM` a child of this emulator gets: what it implements (checked against the
  /// terminfo entry by the tests), as tmux gives its own.
  public static let terminalName = "xterm-256color"

  /// A screen of `rows` × `columns` (at least 1 × 1), UTF-8, with the alternate screen and
  /// a scrollback of `scrollback` lines kept above the main one.
  public init(rows: Int, columns: Int, scrollback: EmulatorScrollback = EmulatorScrollback()) {
    let rows = max(1, rows)
    let columns = max(1, columns)
    filter = ChildOutputFilter(columns: columns)
    terminal = vterm_new(Int32(rows), Int32(columns))
    vterm_set_utf8(terminal, 1)
    state = vterm_obtain_state(terminal)
    screens = .allocate(capacity: 1)
    screens.initialize(
      to: CallbackState(
        state: state,
        main: EmulatorGrid(rows: rows, columns: columns, scrollback: scrollback),
        alternate: EmulatorGrid(rows: rows, columns: columns, scrollback: nil),
        rows: rows, columns: columns))
    callbacks = .allocate(capacity: 1)
    callbacks.initialize(to: VTermStateCallbacks())
    CallbackState.connect(callbacks)
    vterm_state_set_callbacks(state, callbacks, screens)
    vterm_output_set_callback(
      terminal,
      { bytes, count, user in
        guard let bytes, let user else { return }
        let emulator = Unmanaged<Emulator>.fromOpaque(user).takeUnretainedValue()
        bytes.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
          emulator.output.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        }
      }, Unmanaged.passUnretained(self).toOpaque())
    vterm_state_reset(state, 1)
  }

  deinit {
    vterm_free(terminal)
    callbacks.deallocate()
    screens.deinitialize(count: 1)
    screens.deallocate()
  }

  /// How many times the child rang the bell since the last call.
  public func takeBells() -> Int {
    defer { screens.pointee.bells = 0 }
    return screens.pointee.bells
  }

  /// The clipboard write (OSC 52) the child made since the last call, the last one if several.
  public func takeClipboardWrite() -> ClipboardWrite? {
    defer { clipboardWrite = nil }
    return clipboardWrite
  }

  /// Runs the child's output through the filter and libvterm.
  public func feed(_ bytes: some Collection<UInt8>) {
    filtered.removeAll(keepingCapacity: filtered.capacity <= 1 << 20)
    events.removeAll(keepingCapacity: true)
    plainText.removeAll(keepingCapacity: true)
    nextPlainText = 0
    let done: Void? = bytes.withContiguousStorageIfAvailable { buffer in
      filter.filter(buffer, into: &filtered, events: &events, text: &plainText)
    }
    if done == nil {
      Array(bytes).withUnsafeBufferPointer {
        filter.filter($0, into: &filtered, events: &events, text: &plainText)
      }
    }
    var start = 0
    for (offset, event) in events {
      write(start..<offset)
      apply(event)
      start = offset
    }
    write(start..<filtered.count)
  }

  private func apply(_ event: ChildOutputFilter.Event) {
    switch event {
    case .dim(let on):
      setPen(.dim, on)
    case .conceal(let on):
      setPen(.conceal, on)
    case .cursorStyle(let style):
      cursorStyle = style
    case .clearScrollback:
      screens.pointee.main.clearScrollback()
    case .alternateScreenQuery:
      output += Array("\u{1B}[?1049;\(isAlternateScreen ? 1 : 2)$y".utf8)
    case .clipboard(let selection, let base64):
      clipboardWrite = ClipboardWrite(selection: selection, base64: base64)
    }
  }

  private func setPen(_ attribute: EmulatorAttributes, _ on: Bool) {
    if on {
      screens.pointee.pen.attributes.insert(attribute)
    } else {
      screens.pointee.pen.attributes.remove(attribute)
    }
  }

  /// Hands filtered bytes to libvterm, the plain text among them through
  /// ``writePlainText(_:passed:)``.
  private func write(_ range: Range<Int>) {
    var passed = range.lowerBound
    var start = range.lowerBound
    while writesTextDirectly, start < range.upperBound {
      while nextPlainText < plainText.count, plainText[nextPlainText].upperBound <= start {
        nextPlainText += 1
      }
      guard nextPlainText < plainText.count,
        plainText[nextPlainText].lowerBound < range.upperBound
      else { break }
      let text = plainText[nextPlainText].clamped(to: start..<range.upperBound)
      writePlainText(text, passed: &passed)
      start = text.upperBound
    }
    pass(passed..<range.upperBound)
  }

  /// The shortest run of printable bytes worth writing here rather than through libvterm.
  static let directRunMinimum = 8

  /// Writes runs of printable ASCII of plain text into the cells itself, the rest through
  /// libvterm.
  ///
  /// The callback libvterm makes for every glyph was a fifth of the CPU of an ASCII flood.
  /// `passed`: where the bytes not yet given to libvterm start.
  ///
  /// libvterm has no call to set its cursor or its pending wrap, so it keeps them itself: it
  /// gets each run's first character (which wraps a pending line, and takes a single shift),
  /// then `CSI n C` over the cells written here, which stop short of the line's last column
  /// (where a glyph leaves a wrap pending), and the run's last character with what follows
  /// it, in one piece (libvterm joins a combining character to the character before it only
  /// in the same piece when that one left a wrap pending).
  private func writePlainText(_ range: Range<Int>, passed: inout Int) {
    var index = range.lowerBound
    filtered.withUnsafeBufferPointer { bytes in
      while index < range.upperBound {
        guard bytes[index] >= 0x20 else {
          index += 1
          continue
        }
        var end = index + 1
        while end < range.upperBound, bytes[end] >= 0x20 { end += 1 }
        while end - index >= Self.directRunMinimum {
          index += 1
          let (row, column) = stateCursorAfterPassing(passed..<index)
          passed = index
          let count = min(columns - 1 - column, end - index - 1)
          guard count > 0, row >= 0, row < rows, column >= 0 else { continue }
          let pen = screens.pointee.pen
          screens.pointee.screen.put(
            ascii: UnsafeBufferPointer(rebasing: bytes[index..<(index + count)]), row: row,
            column: column, pen: pen)
          cursorForward.removeAll(keepingCapacity: true)
          cursorForward += [0x1B, UInt8(ascii: "[")]
          cursorForward.appendDecimal(count)
          cursorForward.append(UInt8(ascii: "C"))
          cursorForward.withUnsafeBufferPointer { pass($0) }
          index += count
          passed = index
        }
        index = end
      }
    }
  }

  /// Passes `range` to libvterm; where its cursor is then.
  private func stateCursorAfterPassing(_ range: Range<Int>) -> (row: Int, column: Int) {
    pass(range)
    return stateCursor
  }

  /// Hands filtered bytes to libvterm as they are.
  private func pass(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    filtered.withUnsafeBufferPointer { pass(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Hands bytes to libvterm in pieces of at most ``feedLimit``.
  private func pass(_ buffer: UnsafeBufferPointer<UInt8>) {
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

  /// libvterm decodes text into an array on the stack as long as the piece it is given: a
  /// megabyte at once overflows the stack (a flood of output read in one go did).
  static let feedLimit = 4096

  /// Changes the screen size: rows come from or go to the scrollback (see
  /// ``EmulatorGrid/resize(rows:columns:cursorRow:)``); no reflow.
  public func resize(rows: Int, columns: Int) {
    vterm_set_size(terminal, Int32(max(1, rows)), Int32(max(1, columns)))
    filter.columns = self.columns
    // The margins go back to the whole screen, as xterm and tmux do on a resize: libvterm 0.1.4
    // keeps a top margin below a smaller screen's bottom and then scrolls a negative height.
    // Setting them homes the cursor, so it is put back where it was.
    let cursor = cursor
    var reset = Array("\u{1B}[r\u{1B}[s".utf8)
    reset += Array("\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H".utf8)
    reset.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        if let base = chars.baseAddress { _ = vterm_input_write(terminal, base, chars.count) }
      }
    }
  }

  // MARK: - The screen

  /// One cell as a value for tests and logs: its text (empty for the right half of a wide
  /// character), its width, and how it looks.
  public struct Cell: Hashable, Sendable {
    public var text: String
    public var width: Int
    public var isBold: Bool
    public var isUnderlined: Bool
    public var isItalic: Bool
    public var isReversed: Bool
    public var isDim: Bool
    public var isBlinking: Bool
    public var isStruck: Bool
    public var isConcealed: Bool
    public var foreground: Color
    public var background: Color
  }

  /// A cell's colour: the terminal's default, one of 256, or true colour.
  public enum Color: Hashable, Sendable {
    case `default`
    case indexed(UInt8)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
  }

  /// The cell at a position of the screen; a blank default cell outside it.
  ///
  /// With `main`, of the main screen even while the child shows the alternate one: what is
  /// left once a program leaves it, or is ended on it.
  public func cell(row: Int, column: Int, main: Bool = false) -> Cell {
    guard (0..<rows).contains(row), (0..<columns).contains(column) else {
      return Self.describe(.blank, in: EmulatorLine(columns: 1))
    }
    let line = main ? screens.pointee.main[row] : screens.pointee.screen[row]
    return Self.describe(line.cells[column], in: line)
  }

  private static func describe(_ cell: EmulatorCell, in line: EmulatorLine) -> Cell {
    let flags = cell.attributes
    return Cell(
      text: line.text(of: cell),
      width: cell.isContinuation ? 0 : flags.contains(.wide) ? 2 : 1,
      isBold: flags.contains(.bold), isUnderlined: flags.contains(.underline),
      isItalic: flags.contains(.italic), isReversed: flags.contains(.reverse),
      isDim: flags.contains(.dim), isBlinking: flags.contains(.blink),
      isStruck: flags.contains(.strike), isConcealed: flags.contains(.conceal),
      foreground: cell.foreground.value,
      background: cell.background.value)
  }

  /// A row's text, wide characters once, trailing blanks removed (for tests and logs).
  public func text(row: Int) -> String {
    guard (0..<rows).contains(row) else { return "" }
    return screens.pointee.screen[row].text
  }

  /// Row `row` of the view scrolled back `offset` lines into the scrollback.
  ///
  /// An offset of 0 is the screen as it is; the alternate screen has no scrollback.
  public func line(_ row: Int, scrolledBack offset: Int = 0) -> EmulatorLine {
    let offset = isAlternateScreen ? 0 : min(max(0, offset), scrollbackCount)
    let index = row - offset
    if index >= 0 { return screens.pointee.screen[index] }
    guard let scrollback = screens.pointee.main.scrollback else {
      return EmulatorLine(columns: columns)
    }
    return scrollback[scrollback.count + index]
  }

  /// Lines kept above the main screen.
  public var scrollbackCount: Int { screens.pointee.main.scrollback?.count ?? 0 }

  /// Cells kept above the main screen (sixteen bytes each).
  public var scrollbackCells: Int { screens.pointee.main.scrollback?.cellCount ?? 0 }

  /// Lines that went into the scrollback since the start: a view scrolled back moves with
  /// them to keep showing the same lines.
  public var linesScrolledOff: Int { screens.pointee.main.linesScrolledOff }

  /// Where the cursor is (inside the screen).
  public var cursor: (row: Int, column: Int) {
    let position = stateCursor
    return (min(max(0, position.row), rows - 1), min(max(0, position.column), columns - 1))
  }

  /// The cursor as libvterm keeps it: outside the screen only when something is wrong (the
  /// property tests check it never is, as 0.1.4 then reads and writes outside its arrays).
  var stateCursor: (row: Int, column: Int) {
    var position = VTermPos()
    vterm_state_get_cursorpos(state, &position)
    return (Int(position.row), Int(position.col))
  }

  /// The shape of ``cursorStyle``.
  public var cursorShape: CursorShape {
    switch cursorStyle {
    case 3, 4: .underline
    case 5, 6: .bar
    default: .block
    }
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
    defer { output.removeAll(keepingCapacity: output.capacity <= 4096) }
    return output
  }

  private static func modifiers(control: Bool, alt: Bool) -> VTermModifier {
    var value = VTERM_MOD_NONE.rawValue
    if control { value |= VTERM_MOD_CTRL.rawValue }
    if alt { value |= VTERM_MOD_ALT.rawValue }
    return VTermModifier(value)
  }
}
