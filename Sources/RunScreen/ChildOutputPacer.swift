import TerminalInput
import TerminalUI

/// How the run loop paces a child's output against the screen and the keyboard.
///
/// Output is read in pieces for at most ``readBudget`` per wake-up, with the keyboard looked
/// at between pieces, so a key (Ctrl-C above all) never waits behind a flood; and frames that
/// only show new output are drawn at most once per ``frameInterval``, so a flood costs a few
/// dozen frames a second, not one per piece. The child's output waits in its pty (a few tens
/// of kilobytes, then the child is made to wait): nothing is buffered here.
///
/// A frame for a key that sent bytes to the child waits up to ``echoWait`` for the child's
/// echo, so that the run loop sleeps right after the write: on a busy machine the kernel's pty
/// worker and the child run on the core the loop would keep drawing on (`perf` and `strace`:
/// the child read the key only once the loop was back in `poll`), and the key and its echo
/// come out in one frame.
///
/// Pure: the loop passes the time.
struct ChildOutputPacer {
  /// The shortest time between frames that only show output: 60 a second.
  var frameInterval: Duration = .milliseconds(16)
  /// The longest a wake-up spends reading output before it draws and reads the keyboard.
  var readBudget: Duration = .milliseconds(12)
  /// When the last frame that showed output was drawn.
  private(set) var lastFrame: Instant?
  /// Output arrived since the last frame.
  private(set) var owesFrame = false
  /// The longest a frame waits for the echo of a key sent to the child: well under a frame
  /// at 60 Hz, and more than a shell or an editor takes to echo on a loaded machine.
  var echoWait: Duration = .milliseconds(4)
  /// Until when a frame waits for the child's echo of the last key sent to it.
  private(set) var echoAwaitedUntil: Instant?

  /// Output was fed to the emulator.
  package mutating func fed() {
    owesFrame = true
    echoAwaitedUntil = nil
  }

  /// Bytes typed were written to the child at `now`: its echo is on its way.
  mutating func sent(at now: Instant) {
    echoAwaitedUntil = now + echoWait
  }

  /// Whether a frame waits for the child's echo at `now`.
  func holdsFrame(at now: Instant) -> Bool {
    echoAwaitedUntil.map { now < $0 } ?? false
  }

  /// Whether reading may go on: started at `start`, now `now`.
  func keepsReading(since start: Instant, at now: Instant) -> Bool {
    now < start + readBudget
  }

  /// When output that arrived must be drawn, if any did.
  var nextFrame: Instant? {
    guard owesFrame else { return nil }
    return lastFrame.map { $0 + frameInterval } ?? Instant(nanoseconds: 0)
  }

  /// Whether a frame for output is due at `now`.
  package func isFrameDue(at now: Instant) -> Bool {
    guard let next = nextFrame else { return false }
    return next <= now
  }

  /// A frame was drawn at `now`.
  ///
  /// Only a frame that showed output counts towards the rate: one drawn for a key must not
  /// delay the program's echo of it, which comes a moment later.
  package mutating func drew(at now: Instant) {
    echoAwaitedUntil = nil
    guard owesFrame else { return }
    lastFrame = now
    owesFrame = false
  }
}
