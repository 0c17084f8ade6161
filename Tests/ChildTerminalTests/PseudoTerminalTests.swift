import ChildTerminal
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("A child program on a pseudo-terminal")
struct PseudoTerminalTests {
  /// Reads the child's output until it closes the terminal, feeding it to an emulator.
  private func runToEnd(_ child: PseudoTerminal, into emulator: Emulator) -> [UInt8] {
    readUntil(child, into: emulator) { false }
  }

  /// Reads the child's output, feeding it to an emulator, until `done` holds or the child
  /// closes the terminal (at most 10 s).
  private func readUntil(
    _ child: PseudoTerminal, into emulator: Emulator, _ done: () -> Bool
  ) -> [UInt8] {
    var all: [UInt8] = []
    let deadline = Date().addingTimeInterval(10)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < deadline && !done() {
      var entry = pollfd(fd: child.master.rawValue, events: Int16(POLLIN), revents: 0)
      _ = poll(&entry, 1, 100)
      switch buffer.withUnsafeMutableBytes({ child.read(into: $0) }) {
      case .bytes(let count):
        all += buffer[..<count]
        emulator.feed(buffer[..<count])
      case .empty: continue
      case .ended: return all
      }
    }
    return all
  }

  /// Writes all of `text`, waiting for room as a run loop would.
  private func type(_ bytes: [UInt8], into child: PseudoTerminal) throws {
    var rest = bytes[...]
    while !rest.isEmpty {
      let written = try rest.withUnsafeBytes { try child.write($0) }
      rest = rest.dropFirst(written)
      if written == 0 { usleep(10_000) }
    }
  }

  @Test("a program's output reaches the emulator; its exit status comes back")
  func output() throws {
    let child = try PseudoTerminal(
      command: "/bin/sh",
      arguments: ["-c", "printf '안녕 %s' \"$(tput cols 2>/dev/null || echo 80)\"; exit 3"],
      rows: 5, columns: 33)
    let emulator = Emulator(rows: 5, columns: 33)
    _ = runToEnd(child, into: emulator)
    #expect(emulator.text(row: 0).hasPrefix("안녕 "))
    #expect(child.waitForExit() == 3)
  }

  @Test("the child runs in a terminal of the given size, and learns a new one")
  func size() throws {
    let child = try PseudoTerminal(
      command: "/bin/sh", arguments: ["-c", "stty size; read line; stty size"], rows: 7,
      columns: 31)
    let emulator = Emulator(rows: 10, columns: 40)
    // The first `stty size` has answered before the size changes: no sleep to race with.
    var output = readUntil(child, into: emulator) { emulator.text(row: 0) == "7 31" }
    child.resize(rows: 9, columns: 44)
    try type(Array("\r".utf8), into: child)
    output += runToEnd(child, into: emulator)
    #expect(emulator.text(row: 0) == "7 31", "\(String(decoding: output, as: UTF8.self))")
    #expect((0..<5).contains { emulator.text(row: $0) == "9 44" })
    #expect(child.waitForExit() == 0)
    #expect(child.eraseCharacter == 0x7F || child.eraseCharacter == 0x08)
  }

  @Test("typed text reaches the program: cat echoes a line and ends on Ctrl-D")
  func typing() throws {
    let child = try PseudoTerminal(command: "cat", arguments: [], rows: 5, columns: 20)
    try type(Array("안녕하세요\r".utf8) + [0x04], into: child)
    let emulator = Emulator(rows: 5, columns: 20)
    _ = runToEnd(child, into: emulator)
    #expect(emulator.text(row: 0) == "안녕하세요")  // the terminal's echo
    #expect(emulator.text(row: 1) == "안녕하세요")  // cat's copy
    #expect(child.waitForExit() == 0)
  }

  @Test("a program that does not exist is an error naming it (127), one that cannot run 126")
  func missing() throws {
    #expect(PseudoTerminal.problem(running: "no-such-program-cheonjiin", path: "/bin") != nil)
    #expect(PseudoTerminal.problem(running: "sh", path: "/nonexistent:/bin") == nil)
    #expect(PseudoTerminal.problem(running: "/etc", path: nil) == .permissionDenied)
    do {
      _ = try PseudoTerminal(
        command: "no-such-program-cheonjiin", arguments: [], rows: 5, columns: 20)
      Issue.record("started a program that does not exist")
    } catch {
      #expect(error.command == "no-such-program-cheonjiin")
      #expect(error.exitStatus == 127)
    }
    do {
      _ = try PseudoTerminal(command: "/etc/passwd", arguments: [], rows: 5, columns: 20)
      Issue.record("started a file that is not a program")
    } catch {
      #expect(error.exitStatus == 126)
    }
  }

  @Test("a child that does not read: writes never wait, they take what fits and then nothing")
  func fullTerminal() throws {
    let child = try PseudoTerminal(
      command: "sh", arguments: ["-c", "stty raw -echo; printf ready; sleep 5"], rows: 5,
      columns: 20)
    // Not a sleep: the child says when stty has run (a fixed pause can lose that race).
    let emulator = Emulator(rows: 5, columns: 20)
    _ = readUntil(child, into: emulator) { emulator.text(row: 0).hasPrefix("ready") }
    try #require(emulator.text(row: 0).hasPrefix("ready"), "the child never said it was ready")
    let chunk = [UInt8](repeating: 0x61, count: 65_536)
    var total = 0
    let start = Date()
    for _ in 0..<64 {
      let written = try chunk.withUnsafeBytes { try child.write($0) }
      total += written
      if written == 0 { break }
    }
    #expect(Date().timeIntervalSince(start) < 2, "a write waited")
    #expect(total > 0 && total < 64 * 65_536, "\(total) bytes taken")
    _ = child.end(after: SIGTERM)
  }

  @Test("the interrupt key of the child's modes is known; the signal reaches its foreground")
  func interrupt() throws {
    let child = try PseudoTerminal(
      command: "sh", arguments: ["-c", "printf ready; exec sleep 30"], rows: 5, columns: 20)
    let emulator = Emulator(rows: 5, columns: 20)
    let interrupt = child.signal(typing: 0x03)
    #expect(interrupt?.signal == SIGINT)
    #expect(interrupt?.keepsInput == false)
    #expect(child.signal(typing: 0x1C)?.signal == SIGQUIT)
    #expect(child.signal(typing: 0x61) == nil)
    // The shell has started (and set up its foreground group) once it says so.
    _ = readUntil(child, into: emulator) { emulator.text(row: 0).hasPrefix("ready") }
    try #require(emulator.text(row: 0).hasPrefix("ready"), "the child never said it was ready")
    child.send(signal: SIGINT)
    let deadline = Date().addingTimeInterval(5)
    var status: Int32?
    while status == nil && Date() < deadline {
      status = child.exitStatusIfEnded()
      usleep(10_000)
    }
    #expect(status == 128 + SIGINT)
  }

  @Test("the end of the child is seen even while a job it started holds the terminal")
  func backgroundJob() throws {
    let child = try PseudoTerminal(
      command: "sh", arguments: ["-c", "(setsid sleep 3 &); exit 4"], rows: 5, columns: 20)
    let deadline = Date().addingTimeInterval(5)
    var status: Int32?
    while status == nil && Date() < deadline {
      status = child.exitStatusIfEnded()
      usleep(10_000)
    }
    #expect(status == 4)
  }

  @Test("the child's modes are the outer terminal's with IUTF8 on: ⌫ erases a whole 녕")
  func utf8Erase() throws {
    let child = try PseudoTerminal(
      command: "sh", arguments: ["-c", "printf ready; read x; printf '[%s]' \"$x\""], rows: 5,
      columns: 20)
    let emulator = Emulator(rows: 5, columns: 20)
    _ = readUntil(child, into: emulator) { emulator.text(row: 0).hasPrefix("ready") }
    try #require(emulator.text(row: 0).hasPrefix("ready"), "the child never said it was ready")
    try type(Array("안녕".utf8) + [0x7F] + Array("\r".utf8), into: child)
    let output = String(
      decoding: runToEnd(child, into: emulator), as: UTF8.self)
    #expect(output.hasSuffix("[안]"), "\(output)")
  }
}
