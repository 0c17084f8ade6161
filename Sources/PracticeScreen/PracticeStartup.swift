import CellGrid
import PadViews
import TerminalInput
import TerminalUI

/// Practice while its progress file opens: the file is opened on a thread of its own (another
/// program's lock can hold it for the busy timeout, 10 s), and the screen says what it waits
/// for and that Esc leaves; then practice itself (``PracticeController``) takes over.
///
/// The loop wakes every ``pollInterval`` while waiting; nothing else changes in it.
struct PracticeStartup<Opened: Sendable>: ScreenFrontEnd {
  package typealias OwnEvent = PracticeEvent
  package typealias OwnEffect = PracticeEffect
  /// The pad's canvas, kept by the session from frame to frame.
  package typealias Cache = KeypadPainter

  package enum State {
    /// Since when the file is being opened, for the message's delay, and when the mailbox
    /// was last looked at.
    case waiting(since: Instant?, lookedAt: Instant?)
    case ready(PracticeController)
  }

  package let strings: UIStrings
  /// Where the opened file arrives from the opening thread.
  private let opened: Mailbox<Opened>
  /// Makes practice from the opened file, on the loop's thread.
  private let make: (Opened) -> PracticeController
  /// The file, named on the waiting screen.
  private let path: String
  package private(set) var state: State = .waiting(since: nil, lookedAt: nil)

  /// How often the loop looks whether the file is open.
  static var pollInterval: Duration { .milliseconds(50) }
  /// A file that opens within this shows no waiting screen (no flash before the menu).
  static var quietWait: Duration { .milliseconds(400) }

  package init(
    strings: UIStrings, path: String, opened: Mailbox<Opened>,
    make: @escaping (Opened) -> PracticeController
  ) {
    self.strings = strings
    self.path = path
    self.opened = opened
    self.make = make
  }

  /// Practice, once the file is open.
  package var controller: PracticeController? {
    if case .ready(let controller) = state { return controller }
    return nil
  }

  package mutating func start(at time: Instant) -> [Effect] {
    state = .waiting(since: time, lookedAt: time)
    return takeOpened(at: time)
  }

  /// Becomes practice if the file has arrived.
  private mutating func takeOpened(at time: Instant) -> [Effect] {
    guard case .waiting(let since, _) = state else { return [] }
    // The deadline is the last look plus the interval: a fixed instant, which the loop
    // reaches (a deadline of "now + interval" would always lie ahead).
    state = .waiting(since: since, lookedAt: time)
    guard let file = opened.take() else { return [] }
    var controller = make(file)
    let effects = controller.start(at: time)
    state = .ready(controller)
    return effects
  }

  package func routing(rows: Int, columns: Int) -> InputRouting {
    controller?.routing(rows: rows, columns: columns) ?? .plainKeys
  }

  package mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    guard case .ready(var controller) = state else {
      // Waiting: Esc (or q) leaves, Ctrl-C cancels; nothing else does anything yet.
      guard case .key(let key) = event else { return [] }
      if key.modifiers.contains(.control), key.key == .character("c") { return [.cancel] }
      switch key.key {
      case .escape, .character("q"): return [.finish("")]
      case .character, .enter, .tab, .backspace, .up, .down, .left, .right, .home, .end,
        .pageUp, .pageDown, .insert, .delete, .function, .numpad, .otherFunctional:
        return []
      }
    }
    let effects = controller.handle(event, rows: rows, columns: columns, at: time)
    state = .ready(controller)
    return effects
  }

  package mutating func receive(_ event: PracticeEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    guard case .ready(var controller) = state else { return [] }
    let effects = controller.receive(event, rows: rows, columns: columns, at: time)
    state = .ready(controller)
    return effects
  }

  package mutating func advance(to time: Instant, rows: Int, columns: Int) -> [Effect] {
    guard case .ready(var controller) = state else { return takeOpened(at: time) }
    let effects = controller.advance(to: time, rows: rows, columns: columns)
    state = .ready(controller)
    return effects
  }

  package func nextDeadline(now: Instant) -> Instant? {
    switch state {
    case .ready(let controller): return controller.nextDeadline(now: now)
    case .waiting(_, let lookedAt): return (lookedAt ?? now) + Self.pollInterval
    }
  }

  package func render(
    rows: Int, columns: Int, at time: Instant, input: InputState, cache: KeypadPainter
  ) -> Screen {
    switch state {
    case .ready(let controller):
      return controller.render(
        rows: rows, columns: columns, at: time, input: input, cache: cache)
    case .waiting(let since, _):
      let waited = since.map { time >= $0 + Self.quietWait } ?? false
      return PracticeView.summary(
        waited ? strings.practiceWaitingForFile(path) : [], keys: waited ? strings.waitingKeys : "",
        rows: rows, columns: columns, width: DisplayWidth.of)
    }
  }
}
