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
}
