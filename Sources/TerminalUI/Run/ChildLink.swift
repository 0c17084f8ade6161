import ChildTerminal
import Foundation
import Synchronization
import SystemPackage

/// The child's output, read on a thread of its own and handed to the run loop in batches: the
/// child never waits for the screen, and a flood of output becomes one frame per wake-up.
final class ChildLink: Sendable {
  private struct Pending {
    var bytes: [UInt8] = []
    var ended = false
  }

  private let pending = Mutex(Pending())
  private let reader = SerialThread()

  /// Starts reading `child`'s output; each batch wakes the loop through `wake`.
  init(child: PseudoTerminal, wake: FileDescriptor) {
    nonisolated(unsafe) let child = child  // read only from the reader thread after this
    reader.run { [self] in
      while true {
        let bytes = (try? child.read()) ?? []
        let wasIdle = self.pending.withLock { state in
          let idle = state.bytes.isEmpty && !state.ended
          if bytes.isEmpty { state.ended = true } else { state.bytes += bytes }
          return idle
        }
        // One wake byte per batch: a full pipe already wakes the loop.
        if wasIdle { _ = try? wake.writeAll([WakeNote.childByte]) }
        if bytes.isEmpty { return }
      }
    }
  }

  /// Everything read since the last call, and whether the child closed its terminal.
  func take() -> (bytes: [UInt8], ended: Bool) {
    pending.withLock { state in
      defer { state.bytes = [] }
      return (state.bytes, state.ended)
    }
  }
}
