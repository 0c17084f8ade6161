import Testing

@testable import TerminalInput

@Suite("ByteDecoder: timeouts and reads split in time")
struct DecoderTimingTests {
  /// One read: the bytes and when they arrived (milliseconds), or a poll timeout (nil bytes).
  struct Read: Sendable {
    let ms: UInt64
    let input: [UInt8]?
  }

  struct TimingCase: Sendable, CustomTestStringConvertible {
    let id: String
    let reads: [Read]
    let expected: [TerminalEvent]
    var testDescription: String { id }

    init(_ id: String, _ reads: [(UInt64, String?)], _ expected: [TerminalEvent]) {
      self.id = id
      self.reads = reads.map { Read(ms: $0.0, input: $0.1.map(bytes)) }
      self.expected = expected
    }
  }

  static let cases: [TimingCase] = [
    TimingCase("lone ESC waits 100 ms", [(0, "␛"), (99, nil)], []),
    TimingCase("lone ESC after 100 ms", [(0, "␛"), (100, nil)], [key(.escape)]),
    TimingCase(
      "ESC then x within the timeout is Alt+x", [(0, "␛"), (10, "x")],
      [char("x", .alt)]),
    TimingCase(
      "ESC then x after the timeout is Escape, x", [(0, "␛"), (100, "x")],
      [key(.escape), char("x")]),
    TimingCase(
      "late read flushes even without a poll timeout", [(0, "␛"), (500, "[A")],
      [key(.escape), char("[")] + [char("A")]),
    TimingCase("ESC [ alone is Alt+[ after 100 ms", [(0, "␛["), (100, nil)], [char("[", .alt)]),
    TimingCase("ESC O alone is Alt+O after 100 ms", [(0, "␛O"), (100, nil)], [char("O", .alt)]),
    TimingCase("ESC [ then A within 100 ms is Up", [(0, "␛["), (99, "A")], [key(.up)]),
    // Over SSH the bytes of one key can arrive in reads tens of milliseconds apart; with the
    // old 25 ms timeout this was Escape (which dismisses the keypad), then "[A" as text.
    TimingCase("arrow split by 60 ms after ESC is still Up", [(0, "␛"), (60, "[A")], [key(.up)]),
    TimingCase("arrow split by 60 ms after ESC [ is still Up", [(0, "␛["), (60, "A")], [key(.up)]),
    TimingCase(
      "SS3 keypad 7 split by 60 ms is still keypad 7", [(0, "␛"), (60, "Ow")],
      [ss3(.numpad(.digit(7)))]),
    TimingCase(
      "Ctrl+Up split by 60 ms twice is still Ctrl+Up", [(0, "␛"), (60, "[1;"), (120, "5A")],
      [key(.up, .control)]),
    TimingCase(
      "kitty KP7 split over 60 ms", [(0, "␛[574"), (60, "06;129u")],
      [kitty(.numpad(.digit(7)), locks: .numLock)]),
    TimingCase(
      "partial CSI times out after 100 ms", [(0, "␛[574"), (100, nil), (101, "0")],
      [unknown("␛[574"), char("0")]),
    TimingCase(
      "partial CSI deadline restarts with each byte",
      [
        (0, "␛[5"), (90, "7"),
        (150, "u"),
      ], [kitty(.character("9"))]),
    TimingCase(
      "paste survives gaps under a second",
      [
        (0, "␛[200~ab"), (900, "c"),
        (1800, "␛[201~"),
      ], [.paste("abc")]),
    TimingCase(
      "paste without an end marker closes after 1 s",
      [
        (0, "␛[200~ab"), (1000, nil),
        (1001, "x"),
      ], [.paste("ab"), char("x")]),
    TimingCase(
      "OSC 52 split across reads is one reply",
      [
        (0, "␛]52;c;QU"), (40, "JD"), (80, "␛"),
        (120, "\\"), (130, "a"),
      ], [unknown("␛]52;c;QUJD␛\\"), char("a")]),
    TimingCase(
      "unterminated OSC is dropped after 100 ms; the keys after it come through",
      [
        (0, "␛]52;c;AAAA"), (99, nil), (100, nil),
        (150, "ab"),
      ], [unknown("␛]52;c;AAAA"), char("a"), char("b")]),
    TimingCase(
      "unterminated OSC: a late read flushes it first",
      [(0, "␛]52;c;AAAA"), (400, "ab")], [unknown("␛]52;c;AAAA"), char("a"), char("b")]),
    TimingCase(
      "unterminated DCS deadline restarts with each byte",
      [
        (0, "␛P1$r"), (90, "0"), (180, "m"),
        (279, nil), (280, "x"),
      ], [unknown("␛P1$r0m"), char("x")]),
    TimingCase(
      "a string whose ST lost its backslash: the ESC goes with it, no Escape key",
      [(0, "␛]0;title␛"), (100, nil)], [unknown("␛]0;title␛")]),
    TimingCase("ESC ] alone is Alt+] after 100 ms", [(0, "␛]"), (100, nil)], [char("]", .alt)]),
    TimingCase(
      "ESC P alone then a key after the timeout: Alt+P, then the key",
      [(0, "␛P"), (100, "a")], [char("P", .alt), char("a")]),
  ]

  @Test("timed reads", arguments: cases)
  func timed(fixture: TimingCase) {
    var decoder = ByteDecoder()
    var events: [TerminalEvent] = []
    for read in fixture.reads {
      let time = start + .milliseconds(read.ms)
      if let input = read.input {
        events += decoder.feed(input, at: time)
      } else {
        events += decoder.flush(at: time)
      }
    }
    #expect(events == fixture.expected)
  }

  @Test("Hangul bytes split across reads at every position and time")
  func hangulSplit() {
    let input = bytes("한글")
    for cut in 1..<input.count {
      var decoder = ByteDecoder()
      var events = decoder.feed(input[..<cut], at: .milliseconds(0))
      let isBetweenCharacters = cut == 3
      #expect(decoder.nextDeadline == (isBetweenCharacters ? nil : .milliseconds(100)))
      events += decoder.feed(input[cut...], at: .milliseconds(99))
      #expect(events == text("한글"), "cut at \(cut)")
      #expect(decoder.nextDeadline == nil)
    }
  }

  @Test("nextDeadline follows the pending state")
  func deadlines() {
    var decoder = ByteDecoder()
    #expect(decoder.nextDeadline == nil)
    #expect(!decoder.hasPendingBytes)
    _ = decoder.feed(bytes("␛"), at: .milliseconds(10))
    #expect(decoder.nextDeadline == .milliseconds(110))
    #expect(decoder.hasPendingBytes)
    _ = decoder.feed(bytes("["), at: .milliseconds(12))
    #expect(decoder.nextDeadline == .milliseconds(112))
    _ = decoder.feed(bytes("1"), at: .milliseconds(14))
    #expect(decoder.nextDeadline == .milliseconds(114))
    _ = decoder.feed([], at: .milliseconds(50))
    #expect(decoder.nextDeadline == .milliseconds(114), "an empty read extends nothing")
    #expect(decoder.flush(at: .milliseconds(113)) == [])
    #expect(decoder.flush(at: .milliseconds(114)) == [unknown("␛[1")])
    #expect(decoder.nextDeadline == nil)
    _ = decoder.feed(bytes("␛[200~"), at: .milliseconds(200))
    #expect(decoder.nextDeadline == .milliseconds(1200))
  }

  @Test("a control string waits like a sequence; its introducer alone like ESC")
  func controlStringDeadlines() {
    var decoder = ByteDecoder(options: ByteDecoder.Options(escapeTimeoutMs: 40))
    _ = decoder.feed(bytes("␛]"), at: .milliseconds(0))
    #expect(decoder.nextDeadline == .milliseconds(40))
    _ = decoder.feed(bytes("52;c;AAAA"), at: .milliseconds(10))
    #expect(decoder.nextDeadline == .milliseconds(110))
    #expect(decoder.hasPendingBytes)
    _ = decoder.feed(bytes("␛"), at: .milliseconds(20))
    #expect(decoder.nextDeadline == .milliseconds(120), "ESC inside a string may be ST")
    #expect(decoder.feed(bytes("\\"), at: .milliseconds(30)) == [unknown("␛]52;c;AAAA␛\\")])
    #expect(decoder.nextDeadline == nil)
    #expect(!decoder.hasPendingBytes)
  }

  @Test("the ESC timeout is configurable")
  func customTimeout() {
    var decoder = ByteDecoder(options: ByteDecoder.Options(escapeTimeoutMs: 50))
    #expect(decoder.feed(bytes("␛"), at: .milliseconds(0)) == [])
    #expect(decoder.flush(at: .milliseconds(49)) == [])
    #expect(decoder.feed(bytes("x"), at: .milliseconds(49)) == [char("x", .alt)])
    _ = decoder.feed(bytes("␛"), at: .milliseconds(100))
    #expect(decoder.flush(at: .milliseconds(150)) == [key(.escape)])
  }

  @Test("a longer ESC timeout also lengthens the wait for the rest of a sequence")
  func slowLink() {
    var decoder = ByteDecoder(options: ByteDecoder.Options(escapeTimeoutMs: 300))
    #expect(decoder.feed(bytes("␛[1;"), at: .milliseconds(0)) == [])
    #expect(decoder.nextDeadline == .milliseconds(300))
    #expect(decoder.flush(at: .milliseconds(299)) == [])
    #expect(decoder.feed(bytes("5A"), at: .milliseconds(299)) == [key(.up, .control)])
    _ = decoder.feed(bytes("␛[1;"), at: .milliseconds(1_000))
    #expect(decoder.flush(at: .milliseconds(1_300)) == [unknown("␛[1;")])
  }
}

@Suite("Instant")
struct InstantTests {
  @Test("milliseconds, saturation and poll timeouts")
  func arithmetic() {
    let t = Instant.milliseconds(660)
    #expect(t.nanoseconds == 660_000_000)
    #expect(t + .milliseconds(40) == .milliseconds(700))
    #expect(Instant.milliseconds(700).milliseconds(since: t) == 40)
    #expect(t.milliseconds(since: .milliseconds(700)) == 0)
    #expect(Instant(nanoseconds: .max - 1) + .milliseconds(1) == Instant(nanoseconds: .max))
    #expect(Instant(nanoseconds: 5) + .seconds(-1) == Instant(nanoseconds: 0))
    #expect(Instant.milliseconds(3) + .microseconds(-500) == Instant(nanoseconds: 2_500_000))
    #expect(Instant.milliseconds(9) - Instant.milliseconds(2) == .milliseconds(7))
    #expect(Instant.milliseconds(2) - Instant.milliseconds(9) == .zero)
    #expect(Instant.milliseconds(.max).nanoseconds == .max)
    #expect(t.pollTimeout(until: nil) == -1)
    #expect(t.pollTimeout(until: .milliseconds(600)) == 0)
    #expect(t.pollTimeout(until: .milliseconds(700)) == 40)
    #expect(t.pollTimeout(until: Instant(nanoseconds: 700_000_001)) == 41)
    #expect(t.pollTimeout(until: Instant(nanoseconds: .max)) == Int32.max)
    #expect(Instant.earliest(nil, .milliseconds(5), .milliseconds(3)) == .milliseconds(3))
    #expect(Instant.earliest(nil, nil) == nil)
    #expect("\(Instant(nanoseconds: 660_500_000))" == "660.5ms")
    #expect("\(t)" == "660ms")
  }
}
