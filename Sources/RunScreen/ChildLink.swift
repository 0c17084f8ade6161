import ChildTerminal
import SystemIO
import SystemPackage
import TerminalInput
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The child of `cheonjiin run` as the run loop sees it: its pty polled beside the terminal,
/// input queued and written as the child reads, output read in pieces the loop can pace.
///
/// Owned by the run loop's one thread; nothing here ever waits on the child.
package final class ChildLink {
  package let child: PseudoTerminal
  package private(set) var input: ChildInputQueue
  /// The child and everything it started closed the terminal: nothing more will come.
  private(set) var outputEnded = false
  /// Set once the child process has ended (and been reaped).
  package private(set) var exitStatus: Int32?
  private var buffer = [UInt8](repeating: 0, count: ChildLink.readSize)

  /// One read's most bytes: small enough that the loop looks at the keyboard between pieces
  /// of a flood (libvterm takes a few milliseconds for this much), large enough to keep up.
  static let readSize = 16_384

  package init(child: PseudoTerminal, inputCapacity: Int = ChildInputQueue.defaultCapacity) {
    self.child = child
    input = ChildInputQueue(capacity: inputCapacity)
  }

  // MARK: - Waiting

  /// What the run loop waits for on the child: its output (until it ended), room for queued
  /// input, and its end.
  var waitRequests: [FileDescriptor.WaitRequest] {
    var requests: [FileDescriptor.WaitRequest] = []
    if !outputEnded || !input.isEmpty {
      requests.append(.init(child.master, input: !outputEnded, output: !input.isEmpty))
    }
    if exitStatus == nil, let notice = child.exitNotice { requests.append(.init(notice)) }
    return requests
  }

  /// Without a pidfd, the loop looks for the child's end this often.
  var exitPollInterval: Duration? {
    child.exitNotice == nil && exitStatus == nil ? .milliseconds(100) : nil
  }

  // MARK: - Input

  /// What became of bytes sent to the child.
  package enum Delivery: Equatable {
    /// Written, or queued behind bytes the child has not read yet.
    case sent
    /// The queue is full: nothing of them was sent (`count` bytes).
    case refused(count: Int)
    /// The key was the child's interrupt (quit, suspend) key while input waited: the signal
    /// was sent at once, and the unread input discarded, as the terminal itself does.
    case signalled(Int32, discarded: Int)
  }

  /// Sends bytes typed for the child: at once if its terminal takes them, else queued.
  ///
  /// The child's interrupt key never waits behind unread input: when it cannot be written at
  /// once, its signal is sent straight to the program in the foreground (TIOCSIG).
  package func send(_ bytes: [UInt8]) -> Delivery {
    guard let last = bytes.last, exitStatus == nil else { return .sent }
    guard bytes.count <= input.capacity else { return .refused(count: bytes.count) }
    let written = input.isEmpty ? write(bytes) : 0
    if written == bytes.count { return .sent }
    if last < 0x20 || last == 0x7F, let (signal, keepsInput) = child.signal(typing: last) {
      // The key cannot reach the terminal now: its signal goes straight to the program, and
      // what waits is discarded as the terminal discards its unread input (unless NOFLSH).
      if written < bytes.count - 1, !input.append(Array(bytes[written..<(bytes.count - 1)])) {
        return .refused(count: bytes.count)
      }
      var discarded = 0
      if !keepsInput {
        discarded = input.removeAll()
        child.discardUnreadInput()
      }
      child.send(signal: signal)
      return .signalled(signal, discarded: discarded)
    }
    return input.append(Array(bytes[written...])) ? .sent : .refused(count: bytes.count - written)
  }

  /// Writes what the terminal takes of `bytes` now; all of them when the child is gone (it
  /// can never read them).
  private func write(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBytes { (try? child.write($0)) ?? $0.count }
  }

  /// Writes what the child's terminal takes of the queued input.
  func writePending() {
    input.write { bytes in
      // A child that is gone takes nothing more: drop what waits, it can never arrive.
      (try? child.write(bytes)) ?? bytes.count
    }
  }

  /// Since when input has waited for the child, and when the dock last said so.
  private var backlogSince: Instant?
  private var lastNotice: Instant?

  /// When the dock should next say how much input waits: half a second after input started
  /// waiting (a child that reads soon is not worth a word), then every second.
  var nextNotice: Instant? {
    guard let backlogSince else { return nil }
    let first = backlogSince + .milliseconds(500)
    guard let lastNotice else { return first }
    return max(first, lastNotice + .milliseconds(1000))
  }

  /// How many bytes wait for the child, when the dock should say so at `now`; else nil.
  func takeBacklogNotice(at now: Instant) -> Int? {
    guard !input.isEmpty else {
      backlogSince = nil
      lastNotice = nil
      return nil
    }
    if backlogSince == nil { backlogSince = now }
    guard let next = nextNotice, next <= now else { return nil }
    lastNotice = now
    return input.count
  }

  // MARK: - Output

  /// One read of the child's output, without waiting: the bytes, or nothing now, or the end.
  package func read() -> ArraySlice<UInt8>? {
    guard !outputEnded else { return nil }
    let result = buffer.withUnsafeMutableBytes { child.read(into: $0) }
    switch result {
    case .bytes(let count): return buffer[..<count]
    case .empty: return nil
    case .ended:
      outputEnded = true
      return nil
    }
  }

  // MARK: - The end

  /// Looks whether the child has ended; its status once it has.
  func checkExit() -> Int32? {
    if exitStatus == nil { exitStatus = child.exitStatusIfEnded() }
    return exitStatus
  }

  /// After the child ended: waits up to `quiet` for more output, at most until `deadline`.
  ///
  /// Output written just before the end may reach the pty a moment after the end is seen; a
  /// job left in the background may keep the terminal open, so silence ends the wait too.
  func waitForLastOutput(quiet: Duration, until deadline: Instant, now: Instant) -> Bool {
    guard !outputEnded, now < deadline else {
      outputEnded = true
      return false
    }
    let timeout = min(quiet, deadline - now)
    let ready = try? FileDescriptor.waitForEvents([.init(child.master)], timeout: timeout)
    if ready?.first?.input == true { return true }
    outputEnded = true  // quiet: whatever still holds the terminal is not the program
    return false
  }
}
