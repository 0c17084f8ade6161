import CellGrid
import SystemIO
import SystemPackage
import TerminalInput

/// The pure half of the run loop: the one ``InputPipeline`` feeding one front end, with the window
/// size.
///
/// Bytes and time in, effects and screens out; tests drive it exactly as the run loop does, without
/// a terminal.
package struct ScreenSession<FrontEnd: ScreenFrontEnd> {
  package private(set) var frontEnd: FrontEnd
  package private(set) var pipeline: InputPipeline
  package var size: (rows: Int, columns: Int)
  /// What the front end keeps from frame to frame to draw faster; the front end holds none.
  private let cache = FrontEnd.Cache()
  /// Keys read while waiting for the terminal's answers before a stop (Ctrl-Z).
  private var keysReadBeforeStop: [TerminalEvent] = []

  package init(frontEnd: FrontEnd, pipeline: InputPipeline, size: (rows: Int, columns: Int)) {
    self.frontEnd = frontEnd
    self.pipeline = pipeline
    self.size = size
  }

  /// The bytes that start the kitty negotiation (again after a resume).
  mutating func negotiationBytes(at time: Instant) -> [UInt8] {
    pipeline.start(at: time)
  }

  package var exitBytes: [UInt8] { pipeline.exitBytes }

  /// Hands the keyboard's auto-repeat, asked after the start, to the hold detector.
  mutating func takeReportedAutoRepeat(_ autoRepeat: AutoRepeat) {
    pipeline.takeReportedAutoRepeat(autoRepeat)
  }

  /// Until when the terminal's answers to the start-up queries are still expected; nil when
  /// none is.
  var repliesAwaitedUntil: Instant? { pipeline.negotiation.awaitedUntil }

  /// Decodes tty bytes read while leaving or stopping, for the answers they hold.
  ///
  /// - Parameter keepingKeys: Whether the keys among them were typed for this screen (it
  ///   stops for Ctrl-Z and comes back): they are delivered by ``deliverKeysReadBeforeStop(at:)``.
  ///   Otherwise (the screen is leaving) they are dropped.
  mutating func consumeReplies(_ bytes: some Sequence<UInt8>, at time: Instant, keepingKeys: Bool) {
    let keys = pipeline.decode(bytes, at: time)
    if keepingKeys { keysReadBeforeStop += keys }
  }

  /// Delivers the keys read while the screen waited for the terminal's answers before it
  /// stopped.
  mutating func deliverKeysReadBeforeStop(at time: Instant) -> [FrontEnd.Effect] {
    let keys = keysReadBeforeStop
    keysReadBeforeStop = []
    return route(keys, at: time)
  }

  package mutating func start(at time: Instant) -> [FrontEnd.Effect] {
    frontEnd.start(at: time)
  }

  /// Feeds tty bytes.
  ///
  /// Stops at the first effect that ends the run: keys after Esc in the same read must not change
  /// the text that goes out.
  package mutating func feed(_ bytes: some Collection<UInt8>, at time: Instant) -> [FrontEnd.Effect]
  {
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

  private mutating func route(_ decoded: [TerminalEvent], at time: Instant) -> [FrontEnd.Effect] {
    var effects: [FrontEnd.Effect] = []
    for event in decoded {
      let routing = frontEnd.routing(rows: size.rows, columns: size.columns)
      for input in pipeline.route(event, routing: routing, at: time) {
        effects += deliver(input, at: time)
        if Self.endsRun(effects) { return effects }
      }
    }
    return effects
  }

  /// Whether one of `effects` ends the run.
  ///
  /// A closure, not the key path `\.endsRun`: over a generic effect type the key path is
  /// built at run time on every call: over a quarter of a key's work before its bytes went out
  /// (`perf`, `cheonjiin run` in the key latency bench).
  private static func endsRun(_ effects: [FrontEnd.Effect]) -> Bool {
    effects.contains { $0.endsRun }
  }

  /// Hands one event to the front end.
  package mutating func deliver(_ event: InputEvent, at time: Instant) -> [FrontEnd.Effect] {
    frontEnd.handle(event, rows: size.rows, columns: size.columns, at: time)
  }

  /// Hands one of the front end's own events (from its services) to it.
  package mutating func receive(_ event: FrontEnd.OwnEvent, at time: Instant) -> [FrontEnd.Effect] {
    frontEnd.receive(event, rows: size.rows, columns: size.columns, at: time)
  }

  /// Runs everything due by `time`: a lone Esc, holds and repeats, the front end's timers.
  package mutating func advance(to time: Instant) -> [FrontEnd.Effect] {
    var effects = route(pipeline.flush(at: time), at: time)
    for event in pipeline.advanceTimers(to: time) where !Self.endsRun(effects) {
      effects += deliver(event, at: time)
    }
    if Self.endsRun(effects) { return effects }
    return effects + frontEnd.advance(to: time, rows: size.rows, columns: size.columns)
  }

  package func nextDeadline(now: Instant) -> Instant? {
    var deadline = earliest(pipeline.nextDeadline, frontEnd.nextDeadline(now: now))
    // While a held key shows its progress, repaint every 50 ms.
    if pipeline.holdFraction(at: now) != nil {
      deadline = earliest(deadline, now + .milliseconds(50))
    }
    return deadline
  }

  /// Work that may wait until the last key shows (suggestion lookups).
  package mutating func catchUp() -> Bool {
    frontEnd.catchUp()
  }

  package func render(at time: Instant) -> Screen {
    frontEnd.render(
      rows: size.rows, columns: size.columns, at: time, input: pipeline.state(at: time),
      cache: cache)
  }
}
