import ChildTerminal
import SystemIO
import SystemPackage
import TerminalInput
import TerminalUI
import Typing

/// What the services of `cheonjiin run` report to its screen.
package enum RunEvent {
  /// What the child program wrote since the last look.
  case childOutput([UInt8])
  /// The child program closed its terminal.
  case childEnded
  /// The suggestion data finished loading in the background (after the first frame).
  case suggestionsLoaded(SuggestionData)
  /// Something the user should know that did not come from a key (input the child refused).
  case notice(String)
}

/// What the screen of `cheonjiin run` asks of its services.
package enum RunEffect: Hashable {
  /// Bytes for the child program, as typed, after `erase` of the program's erase characters
  /// (its VERASE, read when this is sent: the program may change it at any time).
  case sendToChild(erase: Int, bytes: [UInt8])
  /// The child's window is now this size.
  case resizeChild(rows: Int, columns: Int)
  /// The child rang the bell; ring the terminal's.
  case bell
  /// Bytes for the terminal itself (the program's clipboard write, OSC 52, when
  /// `--allow-clipboard` lets it through).
  case passToTerminal([UInt8])
  /// A word was committed or taken from the bar: remember it for suggestions.
  case learn(String)
}

/// The I/O of `cheonjiin run`: the child on its pty (its output read at the pacer's rate, its
/// input written as it can take it, its end), the bell, and the suggestion data.
final class RunServices: ScreenServices {
  package let link: ChildLink
  private let terminal: Terminal
  private let strings: UIStrings
  private let suggestions: SuggestionSupply
  /// Frames for the child's output.
  private var pacer = ChildOutputPacer()

  package init(
    link: ChildLink, terminal: Terminal, strings: UIStrings, suggestions: SuggestionSupply
  ) {
    self.link = link
    self.terminal = terminal
    self.strings = strings
    self.suggestions = suggestions
  }

  package func start(wake: FileDescriptor) { suggestions.start(wake: wake) }

  package func woken() -> [RunEvent] {
    suggestions.take().map { [.suggestionsLoaded($0)] } ?? []
  }

  package func perform(_ effect: RunEffect) -> [RunEvent] {
    switch effect {
    case .sendToChild(let erase, let bytes):
      // The erase character is a system call: read only when text is taken back.
      let erasing = erase > 0 ? [UInt8](repeating: link.child.eraseCharacter, count: erase) : []
      let events = send(erasing + bytes)
      pacer.sent(at: Terminal.now())
      return events
    case .resizeChild(let rows, let columns):
      link.child.resize(rows: rows, columns: columns)
    case .bell:
      terminal.write([0x07])
    case .passToTerminal(let bytes):
      terminal.write(bytes)
    case .learn(let word):
      suggestions.learn(word)
    }
    return []
  }

  /// Bytes for the child: written, queued, or refused with a notice and the bell.
  private func send(_ bytes: [UInt8]) -> [RunEvent] {
    switch link.send(bytes) {
    case .sent: return []
    case .refused(let count):
      terminal.write([0x07])
      return [.notice(strings.runInputRefused(count, waiting: link.input.count))]
    case .signalled(let signal, let discarded):
      guard discarded > 0 else { return [] }
      return [.notice(strings.runInputDiscarded(discarded, signal: signal))]
    }
  }

  /// The child's output, room for input waiting for it, its end; no longer than the frame
  /// waits for an echo (a poll's timeout, not the timer thread: most keys bring their echo
  /// before it, and then nothing else wakes).
  package var waits: (requests: [FileDescriptor.WaitRequest], timeout: Duration?)? {
    var timeout = link.exitPollInterval
    if let until = pacer.echoAwaitedUntil {
      let left = until - Terminal.now()  // zero once passed
      timeout = timeout.map { min($0, left) } ?? left
    }
    return (link.waitRequests, timeout)
  }

  /// A frame of the child's output, a notice about input it has not read.
  package func nextDeadline(now: Instant) -> Instant? {
    earliest(pacer.nextFrame, link.nextNotice)
  }

  /// The child's turn, after the keyboard's: input waiting for it written, its output read for
  /// at most the pacer's budget (the keyboard looked at between pieces), its end noticed.
  package func serve(keyWaiting: () -> Bool, deliver: (RunEvent) -> Bool) {
    link.writePending()
    let start = Terminal.now()
    while let bytes = link.read() {
      pacer.fed()
      guard deliver(.childOutput(Array(bytes))) else { return }
      if !pacer.keepsReading(since: start, at: Terminal.now()) || keyWaiting() { break }
    }
    let now = Terminal.now()
    if link.checkExit() != nil { return finish(deliver: deliver) }
    if let waiting = link.takeBacklogNotice(at: now) {
      _ = deliver(.notice(strings.runInputWaiting(waiting)))
    }
  }

  /// The child ended: its last output is read (briefly: a job it left in the background may
  /// hold the terminal open, and flood it), then the screen hears of the end.
  private func finish(deliver: (RunEvent) -> Bool) {
    let deadline = Terminal.now() + .milliseconds(500)
    repeat {
      while let bytes = link.read(), Terminal.now() < deadline {
        _ = deliver(.childOutput(Array(bytes)))
      }
    } while link.waitForLastOutput(quiet: .milliseconds(30), until: deadline, now: Terminal.now())
    _ = deliver(.childEnded)
  }

  package func isFrameDue(at time: Instant) -> Bool { pacer.isFrameDue(at: time) }

  package func holdsFrame(at time: Instant) -> Bool { pacer.holdsFrame(at: time) }

  package func drew(at time: Instant) { pacer.drew(at: time) }
}
