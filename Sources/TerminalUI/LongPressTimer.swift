import Foundation
import Synchronization
import SystemIO
import SystemPackage
import TerminalInput

#if canImport(Glibc)
  import Glibc
#endif

/// The long-press timer: a thread that waits for the next deadline and then writes one byte to the
/// run loop's wake pipe.
///
/// It owns nothing else: the run loop decides what a wake-up means (hold fired, Esc timeout, flash
/// over), so a stale wake-up is harmless.
///
/// The thread sleeps in `poll` on a pipe of its own with the deadline as the timeout;
/// ``schedule(_:)`` stores the new deadline under a `Mutex` and writes to that pipe. Idle
/// means no deadline and no wake-ups at all.
final class LongPressTimer: Sendable {
  private struct State {
    var deadline: Instant? = nil
    var isStopped = false
  }

  private let state = Mutex(State())
  private let wake: FileDescriptor
  private let controlReader: FileDescriptor
  private let controlWriter: FileDescriptor
  /// Runs the timer's loop; ``stop()`` waits for it to end, so that it never returns while the
  /// loop may still write to a wake descriptor the caller is about to close.
  private let thread = SerialThread()

  /// Starts the thread.
  ///
  /// - Parameter wake: Where to write ``WakeNote/timerByte`` at each deadline.
  /// - Throws: `Errno` when no pipe could be made.
  package init(wake: FileDescriptor) throws {
    self.wake = wake
    let pipe = try FileDescriptor.pipe(options: .closeOnExec)
    try pipe.readEnd.setNonBlocking()
    try pipe.writeEnd.setNonBlocking()
    controlReader = pipe.readEnd
    controlWriter = pipe.writeEnd
    thread.run { [self] in run() }
  }

  /// Sets the next deadline (or none); called by the run loop after every event.
  ///
  /// Only an earlier deadline wakes the thread: for a later one (or none) it wakes at the
  /// deadline it was waiting for, finds nothing due and waits again, without waking the run
  /// loop. Typing moves the flash deadline later on every key, so most keys cost nothing here.
  package func schedule(_ next: Instant?) {
    let isEarlier = state.withLock { state in
      guard state.deadline != next else { return false }
      defer { state.deadline = next }
      guard let next else { return false }
      return state.deadline.map { next < $0 } ?? true
    }
    if isEarlier { poke() }
  }

  /// Ends the thread, waits for it, and closes the timer's own pipe.
  package func stop() {
    state.withLock { $0.isStopped = true }
    poke()
    thread.wait()
    try? controlReader.close()  // the thread is gone; nothing else uses these
    try? controlWriter.close()
  }

  private func poke() {
    _ = try? controlWriter.writeAll([UInt8(1)])  // a full pipe already holds a wake-up
  }

  private func run() {
    while true {
      let (deadline, isStopped) = state.withLock { ($0.deadline, $0.isStopped) }
      if isStopped { return }
      let now = Terminal.now()
      if let deadline, deadline <= now {
        state.withLock { state in
          if state.deadline == deadline { state.deadline = nil }
        }
        _ = try? wake.writeAll([WakeNote.timerByte])  // a full pipe already holds a wake-up
        continue
      }
      let wait = deadline.map { $0 - now }
      _ = try? FileDescriptor.waitForInput(on: [controlReader], timeout: wait)
      drainControl()
    }
  }

  private func drainControl() {
    var bytes = [UInt8](repeating: 0, count: 16)
    while true {
      let count = bytes.withUnsafeMutableBytes { buffer in
        (try? controlReader.read(into: buffer)) ?? 0
      }
      if count <= 0 { return }
    }
  }
}
