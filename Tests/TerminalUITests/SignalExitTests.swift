import CTerminal
import Testing

@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The signal path on the way out")
struct SignalExitTests {
  /// Ctrl-\ typed as the pad exits, thousands of times over.
  ///
  /// A child process puts the pad's handlers in and takes them out again, as every run does on
  /// its way out, 3,000 times, while this process sends it SIGQUIT (Ctrl-\ typed as the terminal
  /// goes back to line mode) as fast as it can. Taking the handlers out must never pass through
  /// SIGQUIT's default action, which ends the process: unguarded, it did in 2 of 370 exits.
  @Test("Ctrl-\\ as the pad exits never meets SIGQUIT's default action")
  func quitDuringUninstall() throws {
    let wake = Terminal.wakeSignals
    let crash = Terminal.crashSignals
    let sink = open("/dev/null", O_WRONLY | O_CLOEXEC)
    try #require(sink >= 0)
    defer { close(sink) }
    // Blocked across fork, so the child cannot die of a SIGQUIT before it ignores it.
    var quit = sigset_t()
    var previous = sigset_t()
    sigemptyset(&quit)
    sigaddset(&quit, SIGQUIT)
    pthread_sigmask(SIG_BLOCK, &quit, &previous)
    let child = wake.withUnsafeBufferPointer { wakeBuffer in
      crash.withUnsafeBufferPointer { crashBuffer in
        let pid = fork()
        if pid == 0 {
          // Only C calls from here on: the parent has other threads.
          _ = cj_disable_core_dumps()
          signal(SIGQUIT, SIG_IGN)
          for _ in 0..<3_000 {
            _ = cj_signals_install(
              sink, wakeBuffer.baseAddress, wakeBuffer.count, crashBuffer.baseAddress,
              crashBuffer.count)
            cj_signals_uninstall()
          }
          _exit(0)
        }
        return pid
      }
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    try #require(child > 0)
    var status: Int32 = 0
    var sent = 0
    while waitpid(child, &status, WNOHANG) == 0 {
      kill(child, SIGQUIT)
      sent += 1
    }
    let signalled = status & 0x7f
    #expect(signalled == 0, "the child died of signal \(signalled) after \(sent) SIGQUITs")
    #expect(status == 0)
    #expect(sent > 100)
  }
}
