import CNcursesw
import TerminalInput

#if canImport(Glibc)
  import Glibc
#endif

/// Why the keypad cannot start; said before the screen is touched.
public enum TerminalStartError: Error, CustomStringConvertible {
  case notUTF8(codeset: String)
  case dumbTerminal(String?)
  case noTerminal
  case unknownTerminal(String)

  public var description: String { UIStrings(.english).startError(self) }
}

/// Process-wide terminal state that signal handlers may touch: only plain integers and a
/// fixed byte buffer, because a handler may only call async-signal-safe functions.
nonisolated(unsafe) private var wakeWriteFD: Int32 = -1
nonisolated(unsafe) private var ttyFD: Int32 = -1
nonisolated(unsafe) private var restoreBytes = [UInt8](repeating: 0, count: 128)
nonisolated(unsafe) private var restoreCount = 0
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var hasSavedTermios = false

/// The bytes that put the terminal back: bracketed paste off, mouse off, normal keypad,
/// kitty flags popped, cursor shown, attributes reset, main screen.
let terminalRestoreSequence: [UInt8] = Array(
  ("\u{1b}[?1004l\u{1b}[?2004l\u{1b}[?1006l\u{1b}[?1002l\u{1b}[?1000l\u{1b}>\u{1b}[<u\u{1b}[?25h\u{1b}[0m\u{1b}[?1049l").utf8)

/// The bytes that enable what the keypad needs, after curses has started: keypad application
/// mode (SS3 keypad keys where the terminal offers them), SGR mouse with press/release and
/// drags, bracketed paste, focus reports (a release lost while the window was unfocused must
/// not leave ⌫ repeating).
let terminalEnableSequence: [UInt8] = Array(
  "\u{1b}=\u{1b}[?1000h\u{1b}[?1002h\u{1b}[?1006h\u{1b}[?2004h\u{1b}[?1004h".utf8)

/// Writes the restore sequence and the saved tty modes. Async-signal-safe: `write` and
/// `tcsetattr` only.
private func restoreFromSignal() {
  guard ttyFD >= 0 else { return }
  _ = restoreBytes.withUnsafeBufferPointer { write(ttyFD, $0.baseAddress, restoreCount) }
  if hasSavedTermios { _ = tcsetattr(ttyFD, TCSAFLUSH, &savedTermios) }
}

/// Signals that only wake the run loop; the byte says which.
private func wakeHandler(_ signal: Int32) {
  var byte: UInt8
  switch signal {
  case SIGWINCH: byte = UInt8(ascii: "W")
  case SIGINT: byte = UInt8(ascii: "I")
  case SIGTERM: byte = UInt8(ascii: "T")
  case SIGHUP: byte = UInt8(ascii: "H")
  case SIGQUIT: byte = UInt8(ascii: "Q")
  case SIGUSR1: byte = UInt8(ascii: "1")
  case SIGUSR2: byte = UInt8(ascii: "2")
  case SIGALRM: byte = UInt8(ascii: "A")
  case SIGTSTP: byte = UInt8(ascii: "Z")
  case SIGCONT: byte = UInt8(ascii: "C")
  default: byte = UInt8(ascii: "?")
  }
  let saved = errno
  _ = write(wakeWriteFD, &byte, 1)
  errno = saved
}

/// Signals the run loop hears about through the wake pipe.
private let wakeSignals = [
  SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTSTP, SIGCONT,
]
/// Signals of a crash: the handler restores the terminal and dies of the same signal.
private let crashSignals = [SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE]

/// A crash: put the terminal back, then die of the same signal.
private func crashHandler(_ signal: Int32) {
  restoreFromSignal()
  Glibc.signal(signal, SIG_DFL)
  raise(signal)
}

/// The terminal for the keypad: preflight checks, curses, the wake pipe and signal
/// handlers, and restoring everything on every exit path.
final class Terminal {
  let curses: Curses
  /// Read end of the self-pipe that signal handlers and the timer thread write to.
  let wakeReadFD: Int32
  private let wakeWrite: Int32
  private var isActive = true

  /// Checks that the keypad can run here, before anything is drawn.
  static func preflight(environment: [String: String]) throws(TerminalStartError) {
    if setlocale(LC_ALL, "") == nil {
      // The named locale is not installed (common: LANG=ko_KR.UTF-8 without locale-gen). If
      // the name asks for UTF-8, the terminal speaks it; C.UTF-8 gives the same characters.
      let requested = ["LC_ALL", "LC_CTYPE", "LANG"].compactMap { environment[$0] }.first { !$0.isEmpty }
      if let requested, requested.uppercased().filter({ $0 != "-" }).contains("UTF8") {
        setlocale(LC_CTYPE, "C.UTF-8")
      }
    }
    let codeset = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? "unknown"
    guard codeset.uppercased().filter({ $0 != "-" }) == "UTF8" else {
      throw .notUTF8(codeset: codeset)
    }
    let term = environment["TERM"]
    guard let term, !term.isEmpty, term != "dumb" else { throw .dumbTerminal(term) }
    let fd = open("/dev/tty", O_RDWR | O_NOCTTY)
    guard fd >= 0 else { throw .noTerminal }
    close(fd)
  }

  init(theme: Theme, color: Bool, term: String) throws {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw CursesError.call("pipe") }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    wakeReadFD = fds[0]
    wakeWrite = fds[1]
    wakeWriteFD = fds[1]
    // Our handlers go in before newterm, so ncurses leaves these signals alone (lib_tstp.c).
    // Every signal whose default would end the process ends the loop instead, so the draft
    // is saved and the terminal restored (SIGQUIT would otherwise go to Swift's backtracer).
    for signal in wakeSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = wakeHandler
      sigemptyset(&action.sa_mask)
      action.sa_flags = SA_RESTART
      sigaction(signal, &action, nil)
    }
    for signal in crashSignals {
      Glibc.signal(signal, crashHandler)
    }
    let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
    if tty >= 0, tcgetattr(tty, &savedTermios) == 0 { hasSavedTermios = true }
    if tty >= 0 { close(tty) }
    do {
      curses = try Curses(theme: theme, color: color)
    } catch {
      close(fds[0])
      close(fds[1])
      throw TerminalStartError.unknownTerminal(term)
    }
    ttyFD = curses.fileDescriptor
    restoreBytes.replaceSubrange(0..<terminalRestoreSequence.count, with: terminalRestoreSequence)
    restoreCount = terminalRestoreSequence.count
    atexit { restoreFromSignal() }
    curses.writeRaw(terminalEnableSequence)
  }

  /// Leaves the terminal as it was: modes off, kitty flags popped, curses ended.
  /// Safe to call more than once.
  func restore(extra: [UInt8] = []) {
    guard isActive else { return }
    isActive = false
    curses.writeRaw(extra + terminalRestoreSequence)
    curses.close()
    if hasSavedTermios, ttyFD >= 0 { _ = tcsetattr(ttyFD, TCSAFLUSH, &savedTermios) }
    ttyFD = -1
    for signal in wakeSignals + crashSignals {
      Glibc.signal(signal, SIG_DFL)
    }
    wakeWriteFD = -1
    close(wakeReadFD)
    close(wakeWrite)
  }

  /// Ctrl-Z: put the terminal back, stop, and on `fg` take it again.
  func suspend(notice: String, reenable: [UInt8]) {
    curses.writeRaw(terminalRestoreSequence)
    curses.leave()
    let line = Array("cheonjiin: \(notice)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    Glibc.signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    // Execution continues here after SIGCONT.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = wakeHandler
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGTSTP, &action, nil)
    curses.resume()
    curses.writeRaw(terminalEnableSequence + reenable)
  }

  /// Reads what the tty has, without blocking.
  func readAvailable(into buffer: inout [UInt8]) -> Int {
    buffer.withUnsafeMutableBytes { raw in
      read(curses.inputDescriptor, raw.baseAddress, raw.count)
    }
  }

  /// Drains the wake pipe and returns the bytes (signal and timer notes).
  func drainWakePipe() -> [UInt8] {
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(wakeReadFD, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      result += chunk[0..<count]
    }
    return result
  }

  /// Waits for tty input or a wake byte, up to `timeout` milliseconds (-1: forever).
  /// Returns whether the tty is readable.
  func wait(timeout: Int32) -> (tty: Bool, wake: Bool) {
    var fds = [
      pollfd(fd: curses.inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0),
    ]
    let result = poll(&fds, 2, timeout)
    guard result > 0 else { return (false, false) }
    return (fds[0].revents != 0, fds[1].revents != 0)
  }

  /// The write end of the wake pipe, for the timer thread.
  var wakeWriteDescriptor: Int32 { wakeWrite }

  /// Now, on the monotonic clock.
  static func now() -> Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
  }
}
