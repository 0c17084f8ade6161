import CTerminal
import CellGrid
import SystemIO
import SystemPackage
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

/// What woke the run loop besides tty input: one byte each on the self-pipe.
package enum WakeNote: Hashable, Sendable {
  /// A signal arrived (the C handler writes its number).
  case signal(Int32)
  /// The long-press timer reached its deadline.
  case timer
  /// The front end's services have news (suggestions loaded); ``ScreenServices/woken()``
  /// says what.
  case services
  /// The X server's key auto-repeat came (``XServerKeyRepeat/Query``).
  case keyRepeat

  static let timerByte: UInt8 = 0
  static let keyRepeatByte: UInt8 = 254
  package static let servicesByte: UInt8 = 255

  package init(byte: UInt8) {
    switch byte {
    case WakeNote.timerByte: self = .timer
    case WakeNote.servicesByte: self = .services
    case WakeNote.keyRepeatByte: self = .keyRepeat
    default: self = .signal(Int32(byte))
    }
  }
}

/// The terminal the screens run on: `/dev/tty` in raw mode on the alternate screen, the
/// wake pipe, the signal handlers, and putting everything back on every exit path.
///
/// Standard output stays free for the result (`msg=$(cheonjiin)`). The crash and signal
/// path lives in C (`CTerminal`); this class fills it and does the normal path.
package final class Terminal {
  package let tty: FileDescriptor
  package let terminfo: Terminfo
  package let depth: ColorDepth
  /// The depth for a program's own colours (`cheonjiin run`).
  package let programDepth: ColorDepth
  /// Read end of the self-pipe that signal handlers and the timer thread write to.
  let wakeReader: FileDescriptor
  /// Write end of the self-pipe.
  let wakeWriter: FileDescriptor
  private var isActive = true
  /// Bytes written on exit before the usual restore (the kitty pop, OSC 52).
  private var exitExtra: [UInt8] = []

  /// Signals that only wake the run loop.
  ///
  /// Every catchable signal whose default would end the process (the real-time ones too) ends
  /// the loop instead, so the draft is saved and the terminal restored; SIGWINCH, SIGTSTP and
  /// SIGCONT wake it to resize, suspend and resume.
  static let wakeSignals: [Int32] = {
    var terminating = [Int32](repeating: 0, count: 96)
    let count = terminating.withUnsafeMutableBufferPointer {
      cj_terminating_signals($0.baseAddress, $0.count)
    }
    return [SIGWINCH, SIGTSTP, SIGCONT] + terminating.prefix(count)
  }()
  /// Signals of a crash: the C handler restores the terminal and dies of the same signal.
  static let crashSignals: [Int32] = [SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE]

  /// The bytes that turn on what the screens need: keypad application mode (SS3 keypad keys
  /// where the terminal offers them), SGR mouse with press, release and drags, bracketed
  /// paste, focus reports (a release lost while unfocused must not leave ⌫ repeating), and
  /// a hidden cursor (the screens draw their own).
  static let enableSequence: [UInt8] = Array(
    "\u{1B}=\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h\u{1B}[?25l".utf8)

  /// The bytes that undo ``enableSequence`` and pop the kitty flags (harmless when none were
  /// pushed), reset attributes and show the cursor.
  static let disableSequence: [UInt8] = Array(
    ("\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}>"
      + "\u{1B}[<u"
      + "\u{1B}[0m\u{1B}[?25h").utf8)

  /// Lets the signals held since the program started arrive, with their usual actions.
  ///
  /// For a screen that cannot start; a screen's handlers let them through as they are
  /// installed.
  package static func releaseHeldSignals() {
    cj_signals_release_held()
  }

  /// Checks that the screens can run here, before anything is drawn.
  static func preflight(environment: [String: String]) throws(TerminalStartError) {
    if setlocale(LC_ALL, "") == nil {
      // The named locale is not installed (common: LANG=ko_KR.UTF-8 without locale-gen). If
      // the name asks for UTF-8, the terminal speaks it; C.UTF-8 gives the same characters.
      let requested = ["LC_ALL", "LC_CTYPE", "LANG"].compactMap { environment[$0] }.first {
        !$0.isEmpty
      }
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

  /// Opens the terminal and takes it over: raw mode, alternate screen, mouse and paste.
  package init(term: String, colorAllowed: Bool, environment: [String: String] = [:])
    throws(TerminalStartError)
  {
    let options = FileDescriptor.OpenOptions(rawValue: O_NOCTTY).union(.closeOnExec)
    guard let tty = try? FileDescriptor.open("/dev/tty", .readWrite, options: options) else {
      throw .noTerminal
    }
    let terminfo: Terminfo
    do throws(TerminalStartError) {
      terminfo = try Terminfo(term: term, fileDescriptor: tty.rawValue)
    } catch {
      try? tty.close()  // nothing was changed on it yet
      throw error
    }
    guard let pipe = try? FileDescriptor.pipe(options: .closeOnExec) else {
      try? tty.close()
      throw .noTerminal
    }
    for end in [pipe.readEnd, pipe.writeEnd] {
      // Neither end may block: a signal handler writing to a full pipe would hang.
      try? end.setNonBlocking()  // a pipe always accepts the flag
    }
    self.tty = tty
    self.terminfo = terminfo
    depth = terminfo.depth(colorAllowed: colorAllowed)
    programDepth = terminfo.programDepth(colorAllowed: colorAllowed, environment: environment)
    wakeReader = pipe.readEnd
    wakeWriter = pipe.writeEnd
    cj_ignore_broken_pipes()
    _ = cj_disable_core_dumps()  // best effort: a hard limit already at 0 is as good
    _ = cj_signals_install(
      pipe.writeEnd.rawValue, Terminal.wakeSignals, Terminal.wakeSignals.count,
      Terminal.crashSignals, Terminal.crashSignals.count)
    let restore = restoreSequence()
    _ = restore.withUnsafeBufferPointer { cj_terminal_arm(tty.rawValue, $0.baseAddress, $0.count) }
    enter()
  }

  /// What puts the terminal back: modes off, attributes reset, main screen (or a cleared one
  /// where there is no alternate screen).
  private func restoreSequence() -> [UInt8] {
    let leave =
      terminfo.exitAlternateScreen.isEmpty
      ? Array("\u{1B}[H\u{1B}[2J".utf8) : terminfo.exitAlternateScreen
    return exitExtra + Terminal.disableSequence + leave
  }

  /// Takes the terminal (at start, and again after Ctrl-Z or SIGCONT): raw mode, alternate screen,
  /// the modes of ``enableSequence``.
  ///
  /// The screen must be redrawn in full afterwards.
  package func enter() {
    _ = cj_terminal_enter_raw(tty.rawValue)
    write(terminfo.enterAlternateScreen + Terminal.enableSequence)
  }

  /// Adds bytes to write before the restore on every exit path (the kitty pop once the
  /// negotiation started), so a crash leaves no kitty flags behind either.
  func setExitExtra(_ bytes: [UInt8]) {
    exitExtra = bytes
    let restore = restoreSequence()
    restore.withUnsafeBufferPointer { cj_terminal_set_restore_bytes($0.baseAddress, $0.count) }
  }

  /// Leaves the terminal as it was: modes off, main screen, saved tty modes.
  ///
  /// Safe to call more than once.
  ///
  /// - Parameter extra: Bytes for the terminal before leaving (OSC 52 for the clipboard).
  package func restore(extra: [UInt8] = []) {
    guard isActive else { return }
    isActive = false
    write(extra)
    cj_terminal_restore()
    cj_terminal_disarm()
    cj_signals_uninstall()
    try? tty.close()  // the process is leaving the terminal; a failed close loses nothing
    try? wakeReader.close()
    try? wakeWriter.close()
  }

  /// Ctrl-Z: put the terminal back, stop, and on `fg` take it again.
  package func suspend(notice: String) {
    cj_terminal_restore()
    _ = try? FileDescriptor.standardError.writeAll(Array("cheonjiin: \(notice)\n".utf8))
    signal(SIGTSTP, SIG_DFL)
    raise(SIGTSTP)
    // Execution continues here after SIGCONT.
    _ = cj_signals_rewake(SIGTSTP)
    enter()
  }

  /// The window size, clamped to what a screen can hold (a terminal may report 65535×1).
  package func size() -> (rows: Int, columns: Int) {
    var rows: Int32 = 0
    var columns: Int32 = 0
    guard cj_window_size(tty.rawValue, &rows, &columns) == 0, rows > 0, columns > 0 else {
      return (24, 80)
    }
    return (min(Screen.maximumSide, Int(rows)), min(Screen.maximumSide, Int(columns)))
  }

  /// Writes bytes to the terminal, all of them (retrying after signals and short writes).
  package func write(_ bytes: [UInt8]) {
    guard !bytes.isEmpty else { return }
    // The buffer form: every frame comes through here, and the Sequence form of
    // `writeAll` goes through generic code on each call.
    bytes.withUnsafeBytes { buffer in
      var rest = buffer[...]
      while !rest.isEmpty {
        // A terminal that went away is noticed by the next read.
        guard let written = try? tty.write(UnsafeRawBufferPointer(rebasing: rest)), written > 0
        else { return }
        rest = rest.dropFirst(written)
      }
    }
  }

  /// Reads what the tty has.
  ///
  /// Returns the count, 0 at end of file, nil when the read failed for good (the terminal went
  /// away).
  package func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
    do {
      return try tty.read(into: buffer, retryOnInterrupt: true)
    } catch let error as Errno
      where error == .wouldBlock || error == .resourceTemporarilyUnavailable
    {
      return -1
    } catch {
      return nil
    }
  }

  /// Waits for tty input or a wake byte.
  ///
  /// A signal ends the wait early (its handler has written a wake byte, which the next wait sees).
  package func wait() -> (tty: Bool, wake: Bool) {
    let ready =
      (try? FileDescriptor.waitForInput(tty, wakeReader, timeout: nil, retryOnInterrupt: false))
      ?? (first: false, second: false)
    return (ready.first, ready.second)
  }

  /// Whether a key or a wake byte is waiting, without waiting.
  func hasInput() -> Bool {
    let ready = try? FileDescriptor.waitForInput(tty, wakeReader, timeout: .zero)
    return ready.map { $0.first || $0.second } ?? false
  }

  /// Drains the wake pipe.
  func drainWakeNotes() -> [WakeNote] {
    var notes: [WakeNote] = []
    var chunk = [UInt8](repeating: 0, count: 64)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        (try? wakeReader.read(into: buffer, retryOnInterrupt: true)) ?? 0
      }
      if count <= 0 { break }
      notes += chunk[0..<count].map(WakeNote.init(byte:))
    }
    return notes
  }

  /// Now, on the monotonic clock.
  package static func now() -> Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(nanoseconds: UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec))
  }
}
