import TerminalUI

/// Bytes typed for the child of `cheonjiin run` that its terminal has not taken yet, in order.
///
/// A child that stops reading (`sleep`, a raw-mode program busy elsewhere) fills its terminal's
/// few kilobytes; what comes after waits here and is written as the child reads, so the run
/// loop never blocks. Bounded: a key or paste that does not fit whole is refused whole (the
/// dock says so), never cut and never dropped silently.
///
/// Pure: the run loop does the writing.
package struct ChildInputQueue {
  /// The most bytes kept: two megabytes, twice the largest piece of a paste the decoder hands
  /// over at once, so a paste into a child that reads slowly is never refused for its size.
  static let defaultCapacity = 2 << 20

  package let capacity: Int
  private var storage: [UInt8] = []
  /// Where the unwritten bytes start in `storage`.
  private var head = 0
  /// Bytes refused since the last ``takeRefused()``.
  private var refused = 0

  package init(capacity: Int = ChildInputQueue.defaultCapacity) {
    self.capacity = max(1, capacity)
  }

  /// Bytes waiting.
  package var count: Int { storage.count - head }

  package var isEmpty: Bool { count == 0 }

  /// Queues `bytes` after those waiting, whole, if they fit.
  ///
  /// - Returns: false when they do not fit: nothing of them is queued.
  package mutating func append(_ bytes: [UInt8]) -> Bool {
    guard bytes.count <= capacity - count else {
      refused += bytes.count
      return false
    }
    storage += bytes
    return true
  }

  /// The waiting bytes, oldest first, for a write; `written` says how many it took.
  package mutating func write(_ body: (UnsafeRawBufferPointer) -> Int) {
    guard !isEmpty else { return }
    let written = storage.withUnsafeBytes { all in
      body(UnsafeRawBufferPointer(rebasing: all[head...]))
    }
    drop(max(0, min(written, count)))
  }

  /// Forgets every waiting byte (the child's interrupt key discards unread input).
  ///
  /// - Returns: How many were waiting.
  @discardableResult
  package mutating func removeAll() -> Int {
    let dropped = count
    storage = []
    head = 0
    return dropped
  }

  /// How many bytes were refused since the last call.
  mutating func takeRefused() -> Int {
    defer { refused = 0 }
    return refused
  }

  private mutating func drop(_ written: Int) {
    head += written
    if head == storage.count {
      storage.removeAll(keepingCapacity: storage.count <= 65_536)
      head = 0
    } else if head >= 65_536 && head * 2 >= storage.count {
      // Written bytes are let go in large steps: a slow reader costs no quadratic copying.
      storage.removeSubrange(..<head)
      head = 0
    }
  }
}
