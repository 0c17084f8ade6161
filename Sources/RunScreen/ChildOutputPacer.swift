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

  /// Output was fed to the emulator.
  package mutating func fed() {
    owesFrame = true
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
    guard owesFrame else { return }
    lastFrame = now
    owesFrame = false
  }
}
