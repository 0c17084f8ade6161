import ChildTerminal
import Foundation
import TerminalInput
import Testing

@testable import DemoScreen
@testable import PadScreen
@testable import PracticeScreen
@testable import ReportViews
@testable import RunScreen
@testable import TerminalUI
@testable import Typing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("cheonjiin run: the child's input queue, output pacing, pastes and the last screen")
struct RunChildIOTests {
  @Test(
    "input waits in order, is written as the child takes it, and a piece too big is refused whole")
  func queue() {
    var queue = ChildInputQueue(capacity: 10)
    let accepted = [queue.append(Array("abcd".utf8)), queue.append(Array("efgh".utf8))]
    let tooMuch = queue.append(Array("ijk".utf8))  // 11 > 10: nothing of it
    #expect(accepted == [true, true])
    #expect(!tooMuch)
    #expect(queue.count == 8)
    #expect(queue.takeRefused() == 3)
    #expect(queue.takeRefused() == 0)
    var written: [UInt8] = []
    queue.write { bytes in
      written += bytes.prefix(3)
      return 3
    }
    queue.write { bytes in
      written += bytes
      return bytes.count
    }
    #expect(String(decoding: written, as: UTF8.self) == "abcdefgh")
    #expect(queue.isEmpty)
    _ = queue.append(Array("ij".utf8))
    #expect(queue.removeAll() == 2)
    #expect(queue.isEmpty)
  }

  @Test("a slow reader of a large backlog gets every byte, in order")
  func queueLarge() {
    var queue = ChildInputQueue()
    var expected: [UInt8] = []
    var out: [UInt8] = []
    for round in 0..<400 {
      let chunk = (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &+ round) }
      if queue.append(chunk) { expected += chunk }
      queue.write { bytes in
        let taken = min(bytes.count, 3_000)
        out += bytes.prefix(taken)
        return taken
      }
    }
    queue.write { bytes in
      out += bytes
      return bytes.count
    }
    #expect(out == expected)
  }

  @Test(
    "output frames: at once after a quiet spell, then at most one per 16 ms; reading stops at its budget"
  )
  func pacer() {
    var pacer = ChildOutputPacer()
    let start = Instant.milliseconds(1_000)
    #expect(pacer.nextFrame == nil)
    pacer.fed()
    #expect(pacer.isFrameDue(at: start))
    pacer.drew(at: start)
    pacer.fed()
    #expect(!pacer.isFrameDue(at: start + .milliseconds(10)))
    #expect(pacer.nextFrame == start + .milliseconds(16))
    #expect(pacer.isFrameDue(at: start + .milliseconds(16)))
    // A frame for a key (no output owed) does not hold back the echo that follows it.
    pacer.drew(at: start + .milliseconds(16))
    pacer.drew(at: start + .milliseconds(40))
    pacer.fed()
    #expect(pacer.isFrameDue(at: start + .milliseconds(41)))
    #expect(pacer.keepsReading(since: start, at: start + .milliseconds(11)))
    #expect(!pacer.keepsReading(since: start, at: start + .milliseconds(12)))
  }

  @Test(
    "one read is a paste when it holds two characters or more of plain text",
    arguments: [
      ("echo 2024\r", true), ("ab", true), ("안녕", true), ("a\tb\n", true), ("2", false),
      ("안", false), ("\r", false), ("a\u{1b}", false), ("\u{1b}OP", false), ("a\u{7f}", false),
      ("\u{3}c", false),
    ])
  func unmarkedPaste(text: String, isPaste: Bool) {
    #expect((UnmarkedPaste.text(in: Array(text.utf8)) != nil) == isPaste)
  }

  @Test("invalid UTF-8 in one read is not taken for a paste")
  func unmarkedPasteInvalid() {
    #expect(UnmarkedPaste.text(in: [0x61, 0xFF, 0x62]) == nil)
  }

  @Test(
    "the last screen: rows down to the last that shows anything, colours kept, CR LF after each")
  func finalScreen() {
    let emulator = Emulator(rows: 6, columns: 20)
    emulator.feed(Array("hello\r\n\r\n\u{1b}[1;31m빨강\u{1b}[0m ok\r\n".utf8))
    let text = String(decoding: FinalScreen.bytes(of: emulator), as: UTF8.self)
    #expect(text == "hello\u{1b}[0m\r\n\u{1b}[0m\r\n\u{1b}[0;1;31m빨강\u{1b}[0m ok\u{1b}[0m\r\n")
    #expect(FinalScreen.bytes(of: Emulator(rows: 3, columns: 10)) == [])
  }

  @Test("concealed text stays hidden on the last screen")
  func finalScreenConcealed() {
    let emulator = Emulator(rows: 2, columns: 20)
    emulator.feed(Array("pw: \u{1b}[8m비밀x\u{1b}[0m!\r\n\u{1b}[8mhidden".utf8))
    let text = String(decoding: FinalScreen.bytes(of: emulator), as: UTF8.self)
    #expect(text == "pw:      !\u{1b}[0m\r\n")
  }
}

@Suite("cheonjiin run: the child link on a real pty", .serialized)
struct ChildLinkTests {
  private func waitForExit(_ link: ChildLink) -> Int32? {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if let status = link.checkExit() { return status }
      usleep(10_000)
    }
    return nil
  }

  @Test("a child that does not read: input waits (never a blocked write), a full queue refuses")
  func backlog() throws {
    let child = try PseudoTerminal(
      command: "sh", arguments: ["-c", "stty raw -echo; sleep 30"], rows: 5, columns: 20)
    let link = ChildLink(child: child, inputCapacity: 200_000)
    Thread.sleep(forTimeInterval: 0.3)
    let chunk = [UInt8](repeating: 0x61, count: 50_000)
    let start = Date()
    var results: [ChildLink.Delivery] = []
    for _ in 0..<6 {
      results.append(link.send(chunk))
      link.writePending()
    }
    #expect(Date().timeIntervalSince(start) < 2, "a write waited")
    #expect(results.first == .sent)
    #expect(results.last == .refused(count: 50_000))
    #expect(link.input.count > 100_000)
    // Raw mode: Ctrl-C is a byte like any other, and waits its turn.
    #expect(link.send([0x03]) != .signalled(SIGINT, discarded: link.input.count))
    _ = child.end(after: SIGTERM)
  }

  @Test("Ctrl-C while input waits: the signal goes at once and the waiting input is discarded")
  func interruptWhileBacklogged() throws {
    let child = try PseudoTerminal(command: "sleep", arguments: ["30"], rows: 5, columns: 20)
    let link = ChildLink(child: child)
    Thread.sleep(forTimeInterval: 0.2)
    let line = Array("echo 0123456789 abcdefghijklmnopqrstuvwxyz\r".utf8)
    for _ in 0..<3_000 { _ = link.send(line) }
    let waiting = link.input.count
    #expect(waiting > 0)
    let delivery = link.send([0x03])
    #expect(delivery == .signalled(SIGINT, discarded: waiting))
    #expect(link.input.isEmpty)
    #expect(waitForExit(link) == 128 + SIGINT)
  }

  @Test("the child's end is seen while a job it left holds the terminal; its last output is read")
  func endWithBackgroundJob() throws {
    let child = try PseudoTerminal(
      command: "sh", arguments: ["-c", "(setsid sleep 3 &); echo bye; exit 5"], rows: 5,
      columns: 20)
    let link = ChildLink(child: child)
    #expect(waitForExit(link) == 5)
    var output: [UInt8] = []
    let deadline = Terminal.now() + .milliseconds(1_000)
    repeat {
      while let bytes = link.read() { output += bytes }
    } while link.waitForLastOutput(quiet: .milliseconds(50), until: deadline, now: Terminal.now())
    #expect(String(decoding: output, as: UTF8.self).contains("bye"))
    #expect(link.outputEnded)
  }
}
