import CellGrid
import Foundation
import Synchronization
import SystemIO
import SystemPackage
import TerminalInput

#if canImport(Glibc)
  import Glibc
#endif

/// How a run ended.
package enum Outcome: Equatable {
  case finished(String)
  case cancelled
  case signalled(Int32)
}

/// The one loop that owns input (tig's `get_input`): it waits on the tty, the wake pipe and what
/// the front end's services wait on, feeds the ``ScreenSession``, applies its effects (the front
/// end's own through its services), and draws.
///
/// The only code that touches the terminal while a screen runs. It knows no screen: what only
/// one screen has comes and goes through ``ScreenServices``.
struct RunLoop<FrontEnd: ScreenFrontEnd, Services: ScreenServices>
where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
  package let terminal: Terminal
  package private(set) var session: ScreenSession<FrontEnd>
  private var writer: FrameWriter
  private var palette: Palette
  private let timer: LongPressTimer
  private let services: Services
  /// `CHEONJIIN_KEYLOG=FILE` records every byte read and every hold, for reports of
  /// terminals that send unexpected sequences (and for `make bench`).
  private let keyLog: FileDescriptor?
  /// The X server's key repeat, on its way (nil where nothing is asked).
  private let keyRepeat: XServerKeyRepeat.Query?

  package init(
    terminal: Terminal, frontEnd: FrontEnd, pipeline: InputPipeline, theme: Theme,
    timer: LongPressTimer, services: Services, keyLog: FileDescriptor?,
    keyRepeat: XServerKeyRepeat.Query?
  ) {
    self.terminal = terminal
    self.timer = timer
    self.keyRepeat = keyRepeat
    self.services = services
    self.keyLog = keyLog
    writer = FrameWriter(
      hasDelayedWrap: terminal.terminfo.hasDelayedWrap,
      setsCursorStyle: terminal.terminfo.setsCursorStyle)
    palette = Palette(theme: theme, depth: terminal.depth, programDepth: terminal.programDepth)
    session = ScreenSession(frontEnd: frontEnd, pipeline: pipeline, size: terminal.size())
  }

  package var frontEnd: FrontEnd { session.frontEnd }

  /// Runs until the front end finishes, the user cancels, or a signal ends the run.
  package mutating func run() -> Outcome {
    takeTerminal(at: Terminal.now())
    if let outcome = apply(session.start(at: Terminal.now())) { return outcome }
    draw()
    services.start(wake: terminal.wakeWriter)
    var buffer = [UInt8](repeating: 0, count: 4096)
    // A frame is owed for what happened; it may wait for a key's echo (``ScreenServices``).
    var owesFrame = false
    while true {
      let before = Terminal.now()
      timer.schedule(
        earliest(session.nextDeadline(now: before), services.nextDeadline(now: before)))
      let ready = wait()
      // Anything but what the services pace (the child's output) is drawn at once.
      var changed = false
      if ready.wake {
        changed = true
        for note in terminal.drainWakeNotes() {
          if let outcome = handle(note) { return outcome }
        }
      }
      // Timers only when one is due: most wake-ups are a key, and its path stays short.
      let now = Terminal.now()
      if let due = session.nextDeadline(now: now), due <= now {
        changed = true
        if let outcome = apply(session.advance(to: now)) { return outcome }
      }
      if ready.tty {
        changed = true
        let count = buffer.withUnsafeMutableBytes { terminal.read(into: $0) }
        // End of file or a read error other than a retry: the terminal went away.
        guard let count, count != 0 else { return .signalled(SIGHUP) }
        if count > 0 {
          log(buffer[0..<count].map { String($0, radix: 16) }.joined(separator: " "), "read")
          if let outcome = apply(session.feed(buffer[0..<count], at: Terminal.now())) {
            return outcome
          }
        }
      }
      // The services after the keyboard: a key typed during a flood goes out first.
      if let outcome = serveServices() { return outcome }
      let drawnAt = Terminal.now()
      owesFrame = owesFrame || changed
      if owesFrame && !services.holdsFrame(at: drawnAt) || services.isFrameDue(at: drawnAt) {
        owesFrame = false
        draw()
      }
    }
  }

  /// Waits for the terminal, the wake pipe and what the services wait on.
  private func wait() -> (tty: Bool, wake: Bool) {
    guard let waits = services.waits else { return terminal.wait() }
    let requests = [.init(terminal.tty), .init(terminal.wakeReader)] + waits.requests
    let ready = try? FileDescriptor.waitForEvents(
      requests, timeout: waits.timeout, retryOnInterrupt: false)
    return (ready?[0].input ?? false, ready?[1].input ?? false)
  }

  /// Reads the terminal's answers to the start-up queries still on their way, so that none is
  /// typed at the shell's prompt after the exit (`cheonjiin run -- true` ends before they come).
  ///
  /// Waits at most until the negotiation stops expecting them. Keys read meanwhile were typed
  /// for a screen that is gone, or, when it only stops (`keepingKeys`), for the screen as it
  /// comes back.
  mutating func awaitReplies(keepingKeys: Bool = false) {
    var buffer = [UInt8](repeating: 0, count: 256)
    while let deadline = session.repliesAwaitedUntil {
      let now = Terminal.now()
      guard now < deadline,
        let ready = try? FileDescriptor.waitForInput(on: [terminal.tty], timeout: deadline - now),
        !ready.isEmpty
      else { return }
      let count = buffer.withUnsafeMutableBytes { terminal.read(into: $0) }
      guard let count, count > 0 else { return }
      session.consumeReplies(buffer[0..<count], at: Terminal.now(), keepingKeys: keepingKeys)
    }
  }

  /// The services' turn: each event they have is delivered until one ends the run.
  private mutating func serveServices() -> Outcome? {
    var outcome: Outcome?
    let terminal = terminal
    services.serve(keyWaiting: { terminal.hasInput() }) { event in
      outcome = apply(session.receive(event, at: Terminal.now()))
      return outcome == nil
    }
    return outcome
  }

  /// Sends the kitty negotiation (again after a resume) and repaints everything.
  private mutating func takeTerminal(at time: Instant) {
    terminal.write(session.negotiationBytes(at: time))
    terminal.setExitExtra(session.exitBytes + writer.exitBytes)
    writer.invalidate()
  }

  private mutating func handle(_ note: WakeNote) -> Outcome? {
    switch note {
    case .timer:
      return nil  // the timers run after the pipe is drained
    case .services:
      return receive(services.woken())
    case .keyRepeat:
      if let autoRepeat = keyRepeat?.take() { session.takeReportedAutoRepeat(autoRepeat) }
      return nil
    case .signal(let signal):
      switch signal {
      case SIGWINCH:
        session.size = terminal.size()
        writer.invalidate()
        return apply(session.deliver(.resized, at: Terminal.now()))
      case SIGINT:
        return .cancelled
      case SIGTSTP:
        return suspend()
      case SIGCONT:
        // Stopped from outside (SIGSTOP) and continued: the shell took the terminal back
        // to its own modes meanwhile.
        terminal.enter()
        takeTerminal(at: Terminal.now())
        session.size = terminal.size()
      default:
        return .signalled(signal)
      }
      return nil
    }
  }

  // MARK: - Effects

  /// Applies effects; returns an outcome when the run must end.
  private mutating func apply(_ effects: [FrontEnd.Effect]) -> Outcome? {
    for effect in effects {
      switch effect {
      case .finish(let text): return .finished(text)
      case .cancel: return .cancelled
      case .suspend:
        if let outcome = suspend() { return outcome }
      case .repaint: writer.invalidate()
      case .setTheme(let name):
        palette = Palette(
          theme: Theme.named(name), depth: terminal.depth, programDepth: terminal.programDepth)
        writer.invalidate()
      case .held: log("", "hold")
      case .own(let effect):
        if let outcome = receive(services.perform(effect)) { return outcome }
      }
    }
    return nil
  }

  /// Hands what the services report to the front end, and applies what it answers.
  private mutating func receive(_ events: [FrontEnd.OwnEvent]) -> Outcome? {
    for event in events {
      if let outcome = apply(session.receive(event, at: Terminal.now())) { return outcome }
    }
    return nil
  }

  /// Stops for Ctrl-Z and takes the terminal again after `fg`; keys typed while the screen
  /// waited for the terminal's answers before stopping go on typing then.
  private mutating func suspend() -> Outcome? {
    awaitReplies(keepingKeys: true)
    if let outcome = apply(session.frontEnd.beforeSuspend()) { return outcome }
    terminal.suspend(notice: session.frontEnd.strings.suspendedHint)
    takeTerminal(at: Terminal.now())
    session.size = terminal.size()
    return apply(session.deliverKeysReadBeforeStop(at: Terminal.now()))
  }

  // MARK: - Drawing

  private mutating func draw() {
    drawFrame()
    // Lookups after the key's echo is on the screen, never before it.
    if session.catchUp() { drawFrame() }
  }

  private mutating func drawFrame() {
    let now = Terminal.now()
    let screen = session.render(at: now)
    let exitBytes = writer.exitBytes
    terminal.write(writer.update(to: screen, palette: palette))
    services.drew(at: now)
    // A cursor style sent to the terminal is put back on every way out, crashes too.
    if writer.exitBytes != exitBytes { terminal.setExitExtra(session.exitBytes + writer.exitBytes) }
  }

  private func log(_ text: @autoclosure () -> String, _ kind: String) {
    guard let keyLog else { return }  // no log: the text is never made
    _ = try? keyLog.writeAll(Array("\(Terminal.now().milliseconds) \(kind) \(text())\n".utf8))
  }
}

/// Hands one value from a background thread to the run loop.
package final class Mailbox<Value: Sendable>: Sendable {
  private let slot = Mutex<Value?>(nil)

  package init() {}

  package func put(_ value: Value?) {
    slot.withLock { $0 = value }
  }

  package func take() -> Value? {
    slot.withLock { slot in
      defer { slot = nil }
      return slot
    }
  }
}
