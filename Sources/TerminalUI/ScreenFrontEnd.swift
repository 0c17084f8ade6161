import CellGrid
import HangulEngine
import TerminalInput

/// What a front end asks the run loop to do: what every screen shares, or one of the front end's
/// own effects, which its ``ScreenServices`` perform (the child's bytes, a draft saved).
package enum ScreenEffect<Own: Hashable & Sendable>: Hashable, Sendable {
  /// The run is over; the text goes where the options say (practice and the demo give "").
  case finish(String)
  /// Ctrl-C: end with status 130, keeping the draft.
  case cancel
  /// Ctrl-Z.
  case suspend
  /// Forget what the terminal shows and paint everything again (Ctrl-L).
  case repaint
  case setTheme(Theme.Name)
  /// A hold took effect, for the key log (`CHEONJIIN_KEYLOG`, which `make bench` times holds
  /// from). Every screen that types says it (the pad, practice, run): only the screen knows
  /// whether a hold the input path reported did something, so the loop cannot log it alone.
  case held
  /// The front end's own: the loop hands it to the front end's services.
  case own(Own)

  /// Whether the run ends here.
  var endsRun: Bool {
    switch self {
    case .finish, .cancel: true
    case .suspend, .repaint, .setTheme, .held, .own: false
    }
  }
}

/// Where the input path is, for drawing: the key that is down and its hold progress.
package struct InputState {
  package var pressing: Pressing?
  /// 0 ..< 1 while a hold is in progress, counted from the real press.
  package var holdFraction: Double?
  /// Whether the key whose hold progresses is known to be down (without release events, a
  /// press is not until auto-repeat shows it).
  package var holdIsKnownDown = false
  /// How long a hold takes here when the terminal's auto-repeat makes it longer than the
  /// hold time (no release events, a repeat delay longer than the hold time).
  package var effectiveHoldMs: UInt64?

  package static let idle = InputState()
}

/// A full-screen program the run loop drives: the pad, practice, the demo and `cheonjiin run`.
///
/// The run loop owns the terminal, the one input pipeline and the timer; a front end gets
/// ``InputEvent``s, returns ``ScreenEffect``s and draws itself from its state. What only one
/// screen has (the child's output, loaded suggestions, a saved draft) is its own
/// ``OwnEvent`` and ``OwnEffect``, which its ``ScreenServices`` deliver and perform: the loop
/// passes them through without knowing them, and a screen's switch lists only its own. Pure:
/// tests drive a front end with events and an injected clock.
package protocol ScreenFrontEnd {
  /// What the front end's services report (`Never` for a screen without services).
  associatedtype OwnEvent = Never
  /// What the front end's services do for it (`Never` for a screen without services).
  associatedtype OwnEffect: Hashable & Sendable = Never
  typealias Effect = ScreenEffect<OwnEffect>
  /// What the front end keeps from frame to frame to draw faster (``NoFrameCache`` for none).
  associatedtype Cache: FrameCache = NoFrameCache

  /// The interface language's strings.
  var strings: UIStrings { get }
  /// Effects at the start of the run.
  mutating func start(at time: Instant) -> [Effect]
  /// How keys are read now, for a window of this size.
  func routing(rows: Int, columns: Int) -> InputRouting
  mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  /// Takes one of the front end's own events, from its services.
  mutating func receive(_ event: OwnEvent, rows: Int, columns: Int, at time: Instant) -> [Effect]
  /// Runs what is due by `time`: flashes ending, saves, the next demo step.
  mutating func advance(to time: Instant, rows: Int, columns: Int) -> [Effect]
  /// When ``advance(to:)`` next has something to do.
  func nextDeadline(now: Instant) -> Instant?
  /// The screen now, drawn with what `cache` kept from the frames before.
  func render(rows: Int, columns: Int, at time: Instant, input: InputState, cache: Cache)
    -> Screen
  /// Work that may wait until the screen shows the last key (suggestion lookups).
  ///
  /// - Returns: Whether to draw again.
  mutating func catchUp() -> Bool
  /// Effects the loop applies before the process stops for Ctrl-Z, which it may never come
  /// back from (the pad saves its draft); none by default.
  func beforeSuspend() -> [Effect]
  /// Whether text that comes in one read, more than a hand types at once (a paste from a
  /// terminal that does not mark pastes), goes to ``takeUnmarkedPaste(_:rows:columns:at:)``
  /// whole instead of being read as keys (false by default).
  var takesUnmarkedPastes: Bool { get }
  mutating func takeUnmarkedPaste(_ text: String, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
}

extension ScreenFrontEnd where OwnEvent == Never {
  package mutating func receive(_ event: Never, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {}
}

extension ScreenFrontEnd {
  /// The screen now, drawn from nothing kept (a one-off picture, tests).
  package func render(rows: Int, columns: Int, at time: Instant, input: InputState) -> Screen {
    render(rows: rows, columns: columns, at: time, input: input, cache: Cache())
  }

  package mutating func catchUp() -> Bool { false }
  package func beforeSuspend() -> [Effect] { [] }
  package var takesUnmarkedPastes: Bool { false }
  package mutating func takeUnmarkedPaste(_ text: String, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  { [] }
}

/// What a front end keeps from frame to frame only to draw faster (a painter's canvas, the
/// wrapped text): the front end's session owns it and lends it to
/// ``ScreenFrontEnd/render(rows:columns:at:input:cache:)``, so the front end's state holds no
/// view cache and handling an event never touches one.
///
/// A reference: drawing changes no state, yet what is kept must outlive the frame. A new one
/// draws the same screen as a kept one (`ScreenPropertyTests` compares the two).
package protocol FrameCache: AnyObject {
  init()
}

/// The cache of a screen that keeps nothing between frames.
package final class NoFrameCache: FrameCache {
  package init() {}
}

/// The earlier of two optional instants (nil when both are), without building an array: the
/// run loop asks for the next deadline after every event.
package func earliest(_ a: Instant?, _ b: Instant?) -> Instant? {
  guard let a else { return b }
  guard let b else { return a }
  return min(a, b)
}
