import ChildTerminal
import Foundation
import Synchronization
import SystemIO
import SystemPackage
import TerminalInput

#if canImport(Glibc)
  import Glibc
#endif

/// How a run ended.
enum Outcome: Equatable {
  case finished(String)
  case cancelled
  case signalled(Int32)
}

/// What the run loop does for the front end besides the terminal: the draft file, the tmux
/// mirror, learning words, loading suggestions, the key log.
struct RunServices {
  var draft: DraftStore? = nil
  var tmux: TmuxSender? = nil
  var learn: (@Sendable (String) -> Void)? = nil
  var loadSuggestions: (@Sendable () -> SuggestionData?)? = nil
  /// `CHEONJIIN_KEYLOG=FILE` records every byte read and every hold, for reports of
  /// terminals that send unexpected sequences (and for `make bench`).
  var keyLog: FileDescriptor? = nil
  /// `cheonjiin run`: the child program, polled by the loop.
  var childLink: ChildLink? = nil
}

/// The pure half of the run loop: the one ``InputPipeline`` feeding one front end, with the window
/// size.
///
/// Bytes and time in, effects and screens out; tests drive it exactly as the run loop does, without
/// a terminal.
struct ScreenSession<FrontEnd: ScreenFrontEnd> {
  private(set) var frontEnd: FrontEnd
  private(set) var pipeline: InputPipeline
  var size: (rows: Int, columns: Int)

  init(frontEnd: FrontEnd, pipeline: InputPipeline, size: (rows: Int, columns: Int)) {
    self.frontEnd = frontEnd
    self.pipeline = pipeline
    self.size = size
  }

  /// The bytes that start the kitty negotiation (again after a resume).
  mutating func negotiationBytes(at time: Instant) -> [UInt8] {
    pipeline.start(at: time)
  }

  var exitBytes: [UInt8] { pipeline.exitBytes }

  /// Until when the terminal's answers to the start-up queries are still expected; nil when
  /// none is.
  var repliesAwaitedUntil: Instant? { pipeline.negotiation.awaitedUntil }

  /// Decodes tty bytes read while leaving, for the answers they hold; keys are dropped.
  mutating func consumeReplies(_ bytes: some Sequence<UInt8>, at time: Instant) {
    _ = pipeline.decode(bytes, at: time)
  }

  mutating func start(at time: Instant) -> [ScreenEffect] {
    frontEnd.start(at: time)
  }

  /// Feeds tty bytes.
  ///
  /// Stops at the first effect that ends the run: keys after Esc in the same read must not change
  /// the text that goes out.
  mutating func feed(_ bytes: some Collection<UInt8>, at time: Instant) -> [ScreenEffect] {
    if frontEnd.takesUnmarkedPastes, !pipeline.hasPendingBytes,
      let text = UnmarkedPaste.text(in: bytes)
    {
      // The open run of a pad key ends first, as before any key that is not the pad's.
      let released = pipeline.release(at: time).flatMap { deliver($0, at: time) }
      return released
        + frontEnd.takeUnmarkedPaste(text, rows: size.rows, columns: size.columns, at: time)
    }
    return route(pipeline.decode(bytes, at: time), at: time)
  }

  private mutating func route(_ decoded: [TerminalEvent], at time: Instant) -> [ScreenEffect] {
    var effects: [ScreenEffect] = []
    for event in decoded {
      let routing = frontEnd.routing(rows: size.rows, columns: size.columns)
      for input in pipeline.route(event, routing: routing, at: time) {
        effects += deliver(input, at: time)
        if effects.contains(where: \.endsRun) { return effects }
      }
    }
    return effects
  }

  /// Hands one event to the front end.
  mutating func deliver(_ event: InputEvent, at time: Instant) -> [ScreenEffect] {
    frontEnd.handle(event, rows: size.rows, columns: size.columns, at: time)
  }

  /// Runs everything due by `time`: a lone Esc, holds and repeats, the front end's timers.
  mutating func advance(to time: Instant) -> [ScreenEffect] {
    var effects = route(pipeline.flush(at: time), at: time)
    for event in pipeline.advanceTimers(to: time) where !effects.contains(where: \.endsRun) {
      effects += deliver(event, at: time)
    }
    if effects.contains(where: \.endsRun) { return effects }
    return effects + frontEnd.advance(to: time, rows: size.rows, columns: size.columns)
  }

  func nextDeadline(now: Instant) -> Instant? {
    var deadline = earliest(pipeline.nextDeadline, frontEnd.nextDeadline(now: now))
    // While a held key shows its progress, repaint every 50 ms.
    if pipeline.holdFraction(at: now) != nil {
      deadline = earliest(deadline, now + .milliseconds(50))
    }
    return deadline
  }

  /// Work that may wait until the last key shows (suggestion lookups).
  mutating func catchUp() -> Bool {
    frontEnd.catchUp()
  }

  func render(at time: Instant) -> Screen {
    frontEnd.render(
      rows: size.rows, columns: size.columns, at: time, input: pipeline.state(at: time))
  }
}

extension ScreenEffect {
  /// Whether the run ends here.
  var endsRun: Bool {
    switch self {
    case .finish, .cancel: true
    case .suspend, .repaint, .setTheme, .saveDraft, .setDraftAside, .keepFinished, .learn,
      .mirror, .held, .sendToChild, .resizeChild, .bell, .passToTerminal:
      false
    }
  }
}

/// The one loop that owns input (tig's `get_input`): it waits on the tty and the wake pipe, feeds
/// the ``ScreenSession``, applies its effects, and draws.
///
/// The only code that touches the terminal while a screen runs.
struct RunLoop<FrontEnd: ScreenFrontEnd> {
  let terminal: Terminal
  private(set) var session: ScreenSession<FrontEnd>
  private var writer: FrameWriter
  private var palette: Palette
  private let timer: LongPressTimer
  private let services: RunServices
  /// Frames for the child's output (`cheonjiin run`); idle for the other screens.
  private var pacer = ChildOutputPacer()
  /// Suggestion data handed over from the loading thread.
  private let loaded = Mailbox<SuggestionData>()

  init(
    terminal: Terminal, frontEnd: FrontEnd, pipeline: InputPipeline, theme: Theme,
    timer: LongPressTimer, services: RunServices
  ) {
    self.terminal = terminal
    self.timer = timer
    self.services = services
    writer = FrameWriter(
      hasDelayedWrap: terminal.terminfo.hasDelayedWrap,
      setsCursorStyle: terminal.terminfo.setsCursorStyle)
    palette = Palette(theme: theme, depth: terminal.depth)
    session = ScreenSession(frontEnd: frontEnd, pipeline: pipeline, size: terminal.size())
  }

  var frontEnd: FrontEnd { session.frontEnd }

  /// Runs until the front end finishes, the user cancels, or a signal ends the run.
  mutating func run() -> Outcome {
    takeTerminal(at: Terminal.now())
    if let outcome = apply(session.start(at: Terminal.now())) { return outcome }
    draw()
    startLoading()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let before = Terminal.now()
      timer.schedule(earliest(session.nextDeadline(now: before), childDeadline(now: before)))
      let ready = wait()
      // Anything but the child's output is drawn at once; its output at the pacer's rate.
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
      // The child after the keyboard: a key typed during a flood goes out first.
      if let outcome = serviceChild() { return outcome }
      if changed || pacer.isFrameDue(at: Terminal.now()) { draw() }
    }
  }

  /// Waits for the terminal, the wake pipe and, in `cheonjiin run`, the child (its output, room
  /// for input waiting for it, its end).
  private func wait() -> (tty: Bool, wake: Bool) {
    guard let link = services.childLink else { return terminal.wait() }
    let requests = [.init(terminal.tty), .init(terminal.wakeReader)] + link.waitRequests
    let ready = try? FileDescriptor.waitForEvents(
      requests, timeout: link.exitPollInterval, retryOnInterrupt: false)
    return (ready?[0].input ?? false, ready?[1].input ?? false)
  }

  /// Whether a key or a wake byte is waiting, without waiting.
  private func hasInput() -> Bool {
    let ready = try? FileDescriptor.waitForInput(
      terminal.tty, terminal.wakeReader, timeout: .zero)
    return ready.map { $0.first || $0.second } ?? false
  }

  /// Reads the terminal's answers to the start-up queries still on their way, so that none is
  /// typed at the shell's prompt after the exit (`cheonjiin run -- true` ends before they come).
  ///
  /// Waits at most until the negotiation stops expecting them; keys read meanwhile were typed
  /// for a screen that is gone.
  mutating func awaitReplies() {
    var buffer = [UInt8](repeating: 0, count: 256)
    while let deadline = session.repliesAwaitedUntil {
      let now = Terminal.now()
      guard now < deadline,
        let ready = try? FileDescriptor.waitForInput(on: [terminal.tty], timeout: deadline - now),
        !ready.isEmpty
      else { return }
      let count = buffer.withUnsafeMutableBytes { terminal.read(into: $0) }
      guard let count, count > 0 else { return }
      session.consumeReplies(buffer[0..<count], at: Terminal.now())
    }
  }

  // MARK: - The child of `cheonjiin run`

  /// When the child's side wants the loop awake: a frame of its output, a notice about input
  /// it has not read.
  private func childDeadline(now: Instant) -> Instant? {
    guard let link = services.childLink else { return nil }
    return earliest(pacer.nextFrame, link.nextNotice)
  }

  /// The child's turn, after the keyboard's: input waiting for it written, its output read for
  /// at most the pacer's budget (the keyboard looked at between pieces), its end noticed.
  private mutating func serviceChild() -> Outcome? {
    guard let link = services.childLink else { return nil }
    link.writePending()
    let start = Terminal.now()
    while let bytes = link.read() {
      pacer.fed()
      if let outcome = apply(session.deliver(.childOutput(Array(bytes)), at: Terminal.now())) {
        return outcome
      }
      if !pacer.keepsReading(since: start, at: Terminal.now()) || hasInput() { break }
    }
    let now = Terminal.now()
    if link.checkExit() != nil { return finishChild(link) }
    if let waiting = link.takeBacklogNotice(at: now) {
      return apply(
        session.deliver(.notice(session.frontEnd.strings.runInputWaiting(waiting)), at: now))
    }
    return nil
  }

  /// The child ended: its last output is read (briefly: a job it left in the background may
  /// hold the terminal open, and flood it), then the front end hears of the end.
  private mutating func finishChild(_ link: ChildLink) -> Outcome? {
    let deadline = Terminal.now() + .milliseconds(500)
    repeat {
      while let bytes = link.read(), Terminal.now() < deadline {
        _ = apply(session.deliver(.childOutput(Array(bytes)), at: Terminal.now()))
      }
    } while link.waitForLastOutput(quiet: .milliseconds(30), until: deadline, now: Terminal.now())
    return apply(session.deliver(.childEnded, at: Terminal.now()))
  }

  /// Bytes for the child: written, queued, or refused with a notice and the bell.
  private mutating func sendToChild(_ bytes: [UInt8]) {
    guard let link = services.childLink else { return }
    let strings = session.frontEnd.strings
    let notice: String
    switch link.send(bytes) {
    case .sent: return
    case .refused(let count):
      terminal.write([0x07])
      notice = strings.runInputRefused(count, waiting: link.input.count)
    case .signalled(let signal, let discarded):
      guard discarded > 0 else { return }
      notice = strings.runInputDiscarded(discarded, signal: signal)
    }
    _ = apply(session.deliver(.notice(notice), at: Terminal.now()))
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
    case .suggestionsLoaded:
      guard let data = loaded.take() else { return nil }
      return apply(session.deliver(.suggestionsLoaded(data), at: Terminal.now()))
    case .signal(let signal):
      switch signal {
      case SIGWINCH:
        session.size = terminal.size()
        writer.invalidate()
        return apply(session.deliver(.resized, at: Terminal.now()))
      case SIGINT:
        return .cancelled
      case SIGTSTP:
        suspend()
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
  private mutating func apply(_ effects: [ScreenEffect]) -> Outcome? {
    for effect in effects {
      switch effect {
      case .finish(let text): return .finished(text)
      case .cancel: return .cancelled
      case .suspend: suspend()
      case .repaint: writer.invalidate()
      case .setTheme(let name):
        palette = Palette(theme: Theme.named(name), depth: terminal.depth)
        writer.invalidate()
      case .saveDraft(let text):
        // Saving must never interrupt typing; a failure shows as a message once.
        if let problem = services.draft?.save(text) {
          let notice = session.frontEnd.strings.message(problem)
          _ = apply(session.deliver(.notice(notice), at: Terminal.now()))
        }
      case .setDraftAside:
        // The front end said it went to the drafts; anywhere else is said here.
        if let draft = services.draft,
          let notice = session.frontEnd.strings.setAside(draft.setAside(), history: draft.history)
        {
          _ = apply(session.deliver(.notice(notice), at: Terminal.now()))
        }
      case .keepFinished(let text):
        let strings = session.frontEnd.strings
        let note = services.draft.map { strings.keptNote($0.history.add(text, kind: .unconfirmed)) }
        _ = apply(session.deliver(.notice(note ?? ""), at: Terminal.now()))
      case .learn(let word): services.learn?(word)
      case .mirror(let erase, let insert):
        services.tmux?.delete(erase)
        if !insert.isEmpty { services.tmux?.send(insert) }
      case .held: log("", "hold")
      case .sendToChild(let bytes):
        sendToChild(bytes)
      case .bell:
        terminal.write([0x07])
      case .passToTerminal(let bytes):
        terminal.write(bytes)
      case .resizeChild(let rows, let columns):
        services.childLink?.child.resize(rows: rows, columns: columns)
      }
    }
    return nil
  }

  private mutating func suspend() {
    awaitReplies()
    if let text = session.frontEnd.keptDraft, let problem = services.draft?.save(text) {
      printError(session.frontEnd.strings.message(problem))
    }
    terminal.suspend(notice: session.frontEnd.strings.suspendedHint)
    takeTerminal(at: Terminal.now())
    session.size = terminal.size()
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
    pacer.drew(at: now)
    // A cursor style sent to the terminal is put back on every way out, crashes too.
    if writer.exitBytes != exitBytes { terminal.setExitExtra(session.exitBytes + writer.exitBytes) }
  }

  /// After the first frame: the pad shows at once, the bar fills in when ready.
  private func startLoading() {
    guard let load = services.loadSuggestions else { return }
    let box = loaded
    let wake = terminal.wakeWriter
    SerialThread().run {
      box.put(load())
      _ = try? wake.writeAll([WakeNote.suggestionsByte])  // a full pipe already wakes the loop
    }
  }

  private func log(_ text: @autoclosure () -> String, _ kind: String) {
    guard let keyLog = services.keyLog else { return }  // no log: the text is never made
    _ = try? keyLog.writeAll(Array("\(Terminal.now().milliseconds) \(kind) \(text())\n".utf8))
  }
}

/// Hands one value from a background thread to the run loop.
final class Mailbox<Value: Sendable>: Sendable {
  private let slot = Mutex<Value?>(nil)

  func put(_ value: Value?) {
    slot.withLock { $0 = value }
  }

  func take() -> Value? {
    slot.withLock { slot in
      defer { slot = nil }
      return slot
    }
  }
}
