import ChildTerminal
import Foundation
import TerminalInput
import Testing

@testable import RunScreen
@testable import TerminalUI

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
    "a frame for a key sent to the program waits for its echo, at most 4 ms; the echo or a frame ends the wait"
  )
  func echoWait() {
    var pacer = ChildOutputPacer()
    let start = Instant.milliseconds(1_000)
    #expect(!pacer.holdsFrame(at: start))
    pacer.sent(at: start)
    #expect(pacer.holdsFrame(at: start))
    #expect(pacer.holdsFrame(at: start + .microseconds(3_999)))
    #expect(!pacer.holdsFrame(at: start + .milliseconds(4)))
    #expect(pacer.echoAwaitedUntil == start + .milliseconds(4))
    // The echo arrives: the frame that shows it is due at once, with the key's.
    pacer.sent(at: start + .milliseconds(10))
    pacer.fed()
    #expect(!pacer.holdsFrame(at: start + .milliseconds(11)))
    #expect(pacer.isFrameDue(at: start + .milliseconds(11)))
    pacer.drew(at: start + .milliseconds(11))
    // A frame drawn for anything else shows the key too: nothing more waits.
    pacer.sent(at: start + .milliseconds(20))
    pacer.drew(at: start + .milliseconds(21))
    #expect(!pacer.holdsFrame(at: start + .milliseconds(22)))
    #expect(pacer.echoAwaitedUntil == nil)
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

  @Test(
    "the last screen leaves out a program's alternate screen (ended there by SIGTERM or SIGHUP) and its concealed text",
    arguments: [
      ("$ htop\r\n\u{1b}[?1049h\u{1b}[Hhtop's screen", "$ htop\u{1b}[0m\r\n"),
      ("pw: \u{1b}[8m비밀x\u{1b}[0m!\r\n\u{1b}[8mhidden", "pw:      !\u{1b}[0m\r\n"),
    ])
  func finalScreenHides(output: String, printed: String) {
    let emulator = Emulator(rows: 3, columns: 20)
    emulator.feed(Array(output.utf8))
    #expect(String(decoding: FinalScreen.bytes(of: emulator), as: UTF8.self) == printed)
  }
}
