import Foundation
import Synchronization
import SystemPackage

/// Work off the loop's thread, the one way the program has: jobs run one at a time, in order, on
/// a thread of our own, which ends when no job is left; the next job starts another.
///
/// Used for the learned-word writes, loading the suggestions, `--tmux-target` sends, reading a
/// child's output and the hold timer. Not libdispatch: once its worker pool has run a job, on
/// Linux its monitor wakes the process every second for good, and an idle pad or `cheonjiin run`
/// must not wake at all (`make bench` counts wake-ups). An ended thread wakes nothing.
public final class SerialThread: Sendable {
  private struct State {
    var jobs: [@Sendable () -> Void] = []
    var isRunning = false
  }

  private let state = Mutex(State())

  public init() {}

  /// Queues `job`; it runs after every job queued before it, on this object's thread.
  ///
  /// A job that never returns (a reader's loop) keeps the thread for itself.
  public func run(_ job: @escaping @Sendable () -> Void) {
    let starts = state.withLock { state in
      state.jobs.append(job)
      defer { state.isRunning = true }
      return !state.isRunning
    }
    if starts { Thread.detachNewThread { [self] in runJobs() } }
  }

  /// Waits until every job queued so far has run.
  public func wait() {
    guard let pipe = try? FileDescriptor.pipe() else {
      // No descriptor left: look every millisecond instead (only on the way out).
      while state.withLock({ $0.isRunning }) { usleep(1000) }
      return
    }
    run { try? pipe.writeEnd.close() }  // the read below then ends
    var byte: UInt8 = 0
    _ = try? withUnsafeMutableBytes(of: &byte) { try pipe.readEnd.read(into: $0) }
    try? pipe.readEnd.close()
  }

  private func runJobs() {
    while let job = nextJob() { job() }
  }

  private func nextJob() -> (@Sendable () -> Void)? {
    state.withLock { state in
      guard !state.jobs.isEmpty else {
        state.isRunning = false
        return nil
      }
      return state.jobs.removeFirst()
    }
  }
}
