import HangulEngine
import TerminalInput

/// What a front end asks the run loop to do.
enum ScreenEffect: Hashable {
  /// The run is over; the text goes where the options say (practice and the demo give "").
  case finish(String)
  /// Ctrl-C: end with status 130, keeping the draft.
  case cancel
  /// Ctrl-Z.
  case suspend
  /// Forget what the terminal shows and paint everything again (Ctrl-L).
  case repaint
  case setTheme(Theme.Name)
  /// Save the draft now (debounced by the front end).
  case saveDraft(String)
  /// The user declined the saved draft: move it to the drafts' history, out of the way.
  case setDraftAside
  /// The finished text has no destination that can confirm it: keep it with the drafts now,
  /// and tell the front end where (a ``InputEvent/notice(_:)``).
  case keepFinished(String)
  /// A word was committed or taken from the bar: remember it for suggestions.
  case learn(String)
  /// The document changed at its end: mirror it (`--tmux-target`) by deleting `erase`
  /// characters, then typing `insert`.
  case mirror(erase: Int, insert: String)
  /// A hold fired (for the key log that `make bench` reads).
  case held
  /// `cheonjiin run`: bytes for the child program, as typed.
  case sendToChild([UInt8])
  /// `cheonjiin run`: the child's window is now this size.
  case resizeChild(rows: Int, columns: Int)
  /// `cheonjiin run`: the child rang the bell; ring the terminal's.
  case bell
  /// `cheonjiin run`: bytes for the terminal itself (the program's clipboard write, OSC 52,
  /// when `--allow-clipboard` lets it through).
  case passToTerminal([UInt8])
}

/// Where the input path is, for drawing: the key that is down and its hold progress.
struct InputState {
  var pressing: Pressing?
  /// 0 ..< 1 while a hold is in progress, counted from the real press.
  var holdFraction: Double?
  /// Whether the key whose hold progresses is known to be down (without release events, a
  /// press is not until auto-repeat shows it).
  var holdIsKnownDown = false
  /// How long a hold takes here when the terminal's auto-repeat makes it longer than the
  /// hold time (no release events, a repeat delay longer than the hold time).
  var effectiveHoldMs: UInt64?

  static let idle = InputState()
}

/// A full-screen program the run loop drives: the pad, practice and the demo.
///
/// The run loop owns the terminal, the one input pipeline and the timer; a front end gets
/// ``InputEvent``s, returns ``ScreenEffect``s and draws itself from its state. Pure: tests
/// drive a front end with events and an injected clock.
protocol ScreenFrontEnd {
  /// The interface language's strings.
  var strings: UIStrings { get }
  /// Effects at the start of the run.
  mutating func start(at time: Instant) -> [ScreenEffect]
  /// How keys are read now, for a window of this size.
  func routing(rows: Int, columns: Int) -> InputRouting
  mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [ScreenEffect]
  /// Runs what is due by `time`: flashes ending, saves, the next demo step.
  mutating func advance(to time: Instant, rows: Int, columns: Int) -> [ScreenEffect]
  /// When ``advance(to:)`` next has something to do.
  func nextDeadline(now: Instant) -> Instant?
  func render(rows: Int, columns: Int, at time: Instant, input: InputState) -> Screen
  /// Work that may wait until the screen shows the last key (suggestion lookups).
  ///
  /// - Returns: Whether to draw again.
  mutating func catchUp() -> Bool
  /// The text to keep as a draft if the run ends abruptly; nil for screens without one.
  var keptDraft: String? { get }
  /// Whether text that comes in one read, more than a hand types at once (a paste from a
  /// terminal that does not mark pastes), goes to ``takeUnmarkedPaste(_:rows:columns:at:)``
  /// whole instead of being read as keys (false by default).
  var takesUnmarkedPastes: Bool { get }
  mutating func takeUnmarkedPaste(_ text: String, rows: Int, columns: Int, at time: Instant)
    -> [ScreenEffect]
}

extension ScreenFrontEnd {
  mutating func catchUp() -> Bool { false }
  var keptDraft: String? { nil }
  var takesUnmarkedPastes: Bool { false }
  mutating func takeUnmarkedPaste(_ text: String, rows: Int, columns: Int, at time: Instant)
    -> [ScreenEffect]
  { [] }
}

/// The earlier of two optional instants (nil when both are), without building an array: the
/// run loop asks for the next deadline after every event.
func earliest(_ a: Instant?, _ b: Instant?) -> Instant? {
  guard let a else { return b }
  guard let b else { return a }
  return min(a, b)
}
