import SystemIO
import SystemPackage
import TerminalInput

/// The I/O one front end needs besides the terminal (the child's pty, suggestion loading, the
/// progress file, …).
///
/// Each front end's target owns its services; the run loop knows only this protocol. It performs
/// the front end's own effects here and hands what the services report back to the front end,
/// so the front end stays pure (tig: a view hands back what it did not handle, and the loop
/// passes it on). A class: the loop lends it to callbacks while it delivers events.
package protocol ScreenServices<Event, Effect>: AnyObject {
  /// What the services report to the front end (the child's output, loaded suggestions).
  associatedtype Event
  /// What the front end asks of them (bytes for the child, a word to learn).
  associatedtype Effect

  /// After the first frame: background work starts (suggestions load); a thread that has
  /// news writes ``WakeNote/servicesByte`` to `wake`, and the loop calls ``woken()``.
  func start(wake: FileDescriptor)
  /// The services' wake note arrived: what it brought.
  func woken() -> [Event]
  /// Performs one of the front end's effects; what came of it goes to the front end.
  func perform(_ effect: Effect) -> [Event]
  /// Descriptors to wait on besides the terminal and the wake pipe, and the longest wait;
  /// nil when there are none.
  var waits: (requests: [FileDescriptor.WaitRequest], timeout: Duration?)? { get }
  /// When the services want the loop awake.
  func nextDeadline(now: Instant) -> Instant?
  /// Their turn, after the keyboard's: each event ready is handed to `deliver`, which says
  /// whether to go on (false: the run ended); `keyWaiting` says whether a key waits, for
  /// services that read for a while.
  func serve(keyWaiting: () -> Bool, deliver: (Event) -> Bool)
  /// Whether something they delivered waits to be drawn (the child's output is drawn at a
  /// pace of its own).
  func isFrameDue(at time: Instant) -> Bool
  /// Whether the frame owed for a key waits at `time` for what the key brings back (the
  /// program's echo); the wait ends by the timeout of ``waits`` at the latest.
  func holdsFrame(at time: Instant) -> Bool
  /// A frame was drawn.
  func drew(at time: Instant)
}

extension ScreenServices {
  package func start(wake: FileDescriptor) {}
  package func woken() -> [Event] { [] }
  package var waits: (requests: [FileDescriptor.WaitRequest], timeout: Duration?)? { nil }
  package func nextDeadline(now: Instant) -> Instant? { nil }
  package func serve(keyWaiting: () -> Bool, deliver: (Event) -> Bool) {}
  package func isFrameDue(at time: Instant) -> Bool { false }
  package func holdsFrame(at time: Instant) -> Bool { false }
  package func drew(at time: Instant) {}
}

/// The services of a screen that needs none (practice, the demo).
package final class NoServices: ScreenServices {
  package init() {}

  package func perform(_ effect: Never) -> [Never] {}
}
