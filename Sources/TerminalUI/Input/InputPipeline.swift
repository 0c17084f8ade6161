import TerminalInput

/// A step of a pad key's press, as the hold detector decides it.
package typealias PadAction = HoldDetector<PressSource>.Action

/// What the input path hands a front end.
package enum InputEvent {
  /// A pad key was tapped, held, repeated, rolled back or let go.
  case pad(PadAction)
  /// A key bound to an app command (F1, arrows, Esc, Ctrl-C …), with the key itself.
  case command(AppCommand, TerminalKeyEvent)
  /// Any other key press: menus, the demo's keys, text from the system's input method.
  case key(TerminalKeyEvent)
  /// A mouse report that hit no key of the pad: the front end reads it (a word of its
  /// suggestion bar, its help, the program under `run`).
  case mouse(MouseEvent)
  /// Bracketed paste.
  case paste(String)
  /// The window changed size (the front end gets the new size with every call).
  case resized
}

/// The key that is down, for drawing its hold progress.
package struct Pressing: Hashable, Sendable {
  package var source: PressSource
  package var since: Instant
  /// Releases are reported (kitty, mouse): the progress bar can be exact.
  package var isExact: Bool
  package var behavior: HoldBehavior
}

/// The one input path: bytes → ``ByteDecoder`` → kitty negotiation → routing through the front
/// end's bindings → ``HoldDetector`` → ``InputEvent``s.
///
/// Owned by the run loop; every front end (pad, practice, demo) receives what it produces and never
/// decodes bytes itself.
///
/// Pure and clock-injected. Decoding and routing are separate steps so that the run loop can
/// let the front end handle each event before the next one is routed: a key can change what
/// the next key means.
package struct InputPipeline {
  private var decoder: ByteDecoder
  package private(set) var negotiation = KittyNegotiation()
  private var detector: HoldDetector<PressSource>
  /// The behaviour the open run started with (a run keeps it, as the detector does).
  private var runBehavior: HoldBehavior = .none
  /// The key that is down, if known.
  package private(set) var pressing: Pressing?
  /// A mouse press dragged off its key: its hold, suspended until the button comes up.
  private var suspendedHold: (source: PressSource, undoTaps: Int)?

  /// - Parameters:
  ///   - escapeMs: How long a lone ESC waits for the rest of a sequence before it is the
  ///     Escape key (`cheonjiin run --escape-ms`).
  ///   - reportedAutoRepeat: The keyboard's auto-repeat, where the system says it
  ///     (``XServerKeyRepeat``): holds are read right from the first press.
  package init(
    holdMs: UInt64, isLinuxConsole: Bool, escapeMs: UInt64 = 100,
    reportedAutoRepeat: AutoRepeat? = nil
  ) {
    decoder = ByteDecoder(
      options: ByteDecoder.Options(
        escapeTimeoutMs: escapeMs, ss3Dialect: isLinuxConsole ? .linuxConsole : .xterm))
    detector = HoldDetector(
      timing: HoldTiming(holdMs: holdMs), reportedAutoRepeat: reportedAutoRepeat)
  }

  package var holdMs: UInt64 { detector.timing.holdMs }

  /// Takes the keyboard's auto-repeat when the system's answer comes after the start
  /// (``XServerKeyRepeat/Query``).
  package mutating func takeReportedAutoRepeat(_ autoRepeat: AutoRepeat) {
    detector.takeReported(autoRepeat)
  }

  /// Whether decoded bytes wait for the rest of a sequence (a lone ESC, half a character).
  package var hasPendingBytes: Bool { decoder.hasPendingBytes }

  /// The bytes to write once the screen is up (and again after a resume): the kitty keyboard
  /// negotiation.
  package mutating func start(at time: Instant) -> [UInt8] {
    negotiation.start(at: time)
  }

  /// The bytes that undo ``start(at:)``.
  package var exitBytes: [UInt8] { negotiation.exitBytes }

  /// Decodes tty bytes; replies to the kitty negotiation are consumed here.
  package mutating func decode(_ bytes: some Sequence<UInt8>, at time: Instant) -> [TerminalEvent] {
    decoder.feed(bytes, at: time).filter { !negotiation.handle($0) }
  }

  /// Turns one decoded event into input events, reading keys through `routing`.
  package mutating func route(_ event: TerminalEvent, routing: InputRouting, at time: Instant)
    -> [InputEvent]
  {
    var events: [InputEvent] = []
    if routing.pad == nil, detector.activeKey != nil { events += release(at: time) }
    switch event {
    case .key(let key):
      if let pad = routing.pad, let source = pad.source(for: key) {
        let exact = key.source == .kitty && negotiation.reportsReleases
        return events + press(source, kind: key.kind, pad: pad, exact: exact, at: time)
      }
      guard key.kind != .release else { return events }
      if routing.usesCommands, let command = AppCommand.matching(key) {
        return events + release(at: time) + [.command(command, key)]
      }
      return events + [.key(key)]
    case .mouse(let mouse):
      return events + routeMouse(mouse, routing: routing, at: time)
    case .paste(let text):
      return events + [.paste(text)]
    case .focusOut:
      // A key released while the window was unfocused sends no release: end the run.
      return events + release(at: time)
    case .focusIn, .kittyKeyboardFlags, .deviceAttributes, .unknown:
      return events
    }
  }

  private mutating func routeMouse(_ mouse: MouseEvent, routing: InputRouting, at time: Instant)
    -> [InputEvent]
  {
    switch (mouse.button, mouse.action) {
    case (.left, .press):
      suspendedHold = nil
      // A key starts a press the hold detector times; anything else is the screen's to read.
      guard case .key(let key)? = routing.hitTest(mouse.row - 1, mouse.column - 1),
        let pad = routing.pad
      else { return [.mouse(mouse)] }
      return press(.mouse(key), kind: .press, pad: pad, exact: true, at: time)
    case (.left, .drag):
      // Off the key it started on, a press no longer becomes a long press; see the release.
      guard case .mouse(let key)? = detector.activeKey else { return [.mouse(mouse)] }
      guard suspendedHold == nil, !isOnKey(key, mouse, routing),
        let undo = detector.suspendHold()
      else { return [] }
      suspendedHold = (.mouse(key), undo)
      return []
    case (_, .release):
      guard case .mouse(let key)? = detector.activeKey else { return [.mouse(mouse)] }
      var events: [InputEvent] = []
      // Released off the key: a flick, as on the seed iPhone keyboard, types the key's digit.
      if let flick = suspendedHold, !isOnKey(key, mouse, routing) {
        events.append(.pad(.hold(flick.source, undoTaps: flick.undoTaps)))
      }
      suspendedHold = nil
      return events + release(at: time)
    case (.left, .move), (.middle, _), (.right, _), (.none, _), (.wheelUp, _),
      (.wheelDown, _), (.wheelLeft, _), (.wheelRight, _), (.extra, _):
      return [.mouse(mouse)]  // `cheonjiin run` passes them on to a program that asks
    }
  }

  private func isOnKey(_ key: Int, _ mouse: MouseEvent, _ routing: InputRouting) -> Bool {
    if case .key(key)? = routing.hitTest(mouse.row - 1, mouse.column - 1) { return true }
    return false
  }

  private mutating func press(
    _ pressed: PressSource, kind: KeyEventKind, pad: PadBindings, exact: Bool, at time: Instant
  ) -> [InputEvent] {
    let source = Self.continuing(pressed, run: detector.activeKey, pad: pad)
    let isRunning = detector.activeKey == source
    let behavior = isRunning ? runBehavior : pad.behavior(of: source)
    if !isRunning { runBehavior = behavior }
    let actions = detector.handle(
      source, kind: kind, behavior: behavior, releases: exact ? .exact : .inferred, at: time)
    trackPressing(actions, behavior: behavior, exact: exact, at: time)
    return actions.map(InputEvent.pad)
  }

  /// The open run's key when `pressed` is another encoding of the same pad key, else `pressed`.
  ///
  /// A run is one pad key held, whatever bytes the terminal sent for it. xterm sends keypad 5
  /// as the digit "5" while NumLock is on and as a keypad sequence otherwise. In the real-xterm
  /// rig, once in five runs of its 380 ms press at 250/30, the last auto-repeat came as the
  /// keypad sequence (NumLock's state as xdotool's key-up saw it, most likely); read as a press
  /// of another key, it ended the hold's run and pressed ㄴㄹ again: ㄹ where one press meant
  /// ㄴ. Only where releases are inferred: kitty reports each key's own release.
  private static func continuing(_ pressed: PressSource, run: PressSource?, pad: PadBindings)
    -> PressSource
  {
    guard let run, run != pressed, case .physical(_, fromKitty: false) = run,
      case .physical(_, fromKitty: false) = pressed, let key = pad.resolve(pressed),
      pad.resolve(run) == key
    else { return pressed }
    return run
  }

  private mutating func trackPressing(
    _ actions: [PadAction], behavior: HoldBehavior, exact: Bool, at time: Instant
  ) {
    for action in actions {
      switch action {
      case .tap(let source):
        if pressing?.source != source {
          pressing = Pressing(source: source, since: time, isExact: exact, behavior: behavior)
        }
      case .release:
        pressing = nil
      case .hold, .repeatTick, .undoTaps:
        break
      }
    }
  }

  /// Ends the open run now (a command, a mode change, focus lost).
  package mutating func release(at time: Instant) -> [InputEvent] {
    let actions = detector.releaseAll(at: time)
    trackPressing(actions, behavior: runBehavior, exact: true, at: time)
    return actions.map(InputEvent.pad)
  }

  /// Decoded events that became due by `time` (a lone Esc after its timeout).
  package mutating func flush(at time: Instant) -> [TerminalEvent] {
    decoder.flush(at: time).filter { !negotiation.handle($0) }
  }

  /// Fires the negotiation timeout and the hold detector's timers due by `time`.
  mutating func advanceTimers(to time: Instant) -> [InputEvent] {
    negotiation.advance(to: time)
    let actions = detector.advance(to: time)
    trackPressing(actions, behavior: runBehavior, exact: true, at: time)
    return actions.map(InputEvent.pad)
  }

  /// When ``flush(at:)`` or ``advanceTimers(to:)`` next has something to do.
  package var nextDeadline: Instant? {
    earliest(decoder.nextDeadline, earliest(negotiation.nextDeadline, detector.nextDeadline))
  }

  /// How far a held key is towards its hold, 0 ..< 1, and whether it is known to be down.
  ///
  /// With releases reported, from the press on. Without them (tmux, xterm, GNOME Terminal),
  /// from the real press too: once auto-repeat shows the key is held, and, when the repeat
  /// delay is known, from every press until its first auto-repeat is overdue (a press that may
  /// still be a tap: not known to be down).
  package func holdFraction(at time: Instant) -> (
    source: PressSource, fraction: Double, isKnownDown: Bool
  )? {
    guard let progress = detector.holdProgress(at: time) else { return nil }
    let fraction = progress.fraction(at: time)
    return fraction < 1 ? (progress.key, fraction, progress.isKnownDown) : nil
  }

  /// How long a key must be held for its hold here, when auto-repeat makes it longer than
  /// ``holdMs`` (the terminal reports no releases and repeats later than the hold time).
  package var effectiveHoldMs: UInt64? {
    detector.effectiveHoldDelay.map { (Instant(nanoseconds: 0) + $0).milliseconds }
  }

  /// What the front end draws from: the key down, its hold progress, the hold time here.
  package func state(at time: Instant) -> InputState {
    let hold = holdFraction(at: time)
    return InputState(
      pressing: pressing, holdFraction: hold?.fraction, holdIsKnownDown: hold?.isKnownDown ?? false,
      effectiveHoldMs: effectiveHoldMs)
  }
}
