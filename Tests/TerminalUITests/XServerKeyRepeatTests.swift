import Foundation
import SystemPackage
import TestSupport
import Testing

@testable import TerminalUI

@Suite("The X server's key repeat, read from xset q")
struct XServerKeyRepeatTests {
  static let output = """
    Keyboard Control:
      auto repeat:  on    key click percent:  0    LED mask:  00000002
      XKB indicators:
        00: Caps Lock:   off    01: Num Lock:    on     02: Scroll Lock: off
      auto repeat delay:  400    repeat rate:  25
      auto repeating keys:  00ffffffdffffbbf
    Pointer Control:
      acceleration:  2/1    threshold:  4
    """

  @Test("delay and rate become the delay and interval")
  func reads() {
    let read = XServerKeyRepeat.parse(Self.output)
    #expect(read?.delay == .milliseconds(400))
    #expect(read?.interval == .milliseconds(40))
  }

  @Test("auto-repeat off, or no repeat lines: nothing reported")
  func nothing() {
    let off = Self.output.replacingOccurrences(of: "auto repeat:  on", with: "auto repeat:  off")
    #expect(XServerKeyRepeat.parse(off) == nil)
    #expect(XServerKeyRepeat.parse("xset:  unable to open display \":9\"") == nil)
    #expect(XServerKeyRepeat.query(environment: [:]) == nil)
  }

  @Test("the question is asked off the loop's thread and its answer wakes the loop")
  func askedOnAThread() throws {
    // A stand-in for xset that answers after a while, found first on PATH.
    let bin = try scratchFolder("xset")
    let xset = bin.appendingPathComponent("xset")
    try "#!/bin/sh\nsleep 0.2\ncat <<'EOF'\n\(Self.output)\nEOF\n".write(
      to: xset, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: xset.path)
    let pipe = try FileDescriptor.pipe()
    defer {
      try? pipe.readEnd.close()
      try? pipe.writeEnd.close()
    }
    let started = ContinuousClock.now
    let query = XServerKeyRepeat.Query(
      environment: ["DISPLAY": ":99", "PATH": bin.path + ":/usr/bin:/bin"],
      wake: pipe.writeEnd)
    // Starting does not wait for the answer.
    #expect(ContinuousClock.now - started < .milliseconds(150))
    #expect(query.take() == nil)
    var byte: UInt8 = 0
    let count = try withUnsafeMutableBytes(of: &byte) { try pipe.readEnd.read(into: $0) }
    #expect(count == 1)
    #expect(WakeNote(byte: byte) == .keyRepeat)
    #expect(query.take()?.delay == .milliseconds(400))
    #expect(query.take() == nil, "the answer is taken once")
  }
}
