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
    TimingCase("lone ESC waits 25 ms", [(0, "␛"), (24, nil)], []),
    TimingCase("lone ESC after 25 ms", [(0, "␛"), (25, nil)], [key(.escape)]),
    TimingCase(
      "ESC then x within the timeout is Alt+x", [(0, "␛"), (10, "x")],
      [char("x", .alt)]),
    TimingCase(
      "ESC then x after the timeout is Escape, x", [(0, "␛"), (30, "x")],
      [key(.escape), char("x")]),
    TimingCase(
      "late read flushes even without a poll timeout", [(0, "␛"), (500, "[A")],
      [key(.escape), char("[")] + [char("A")]),
    TimingCase("ESC [ alone is Alt+[ after 25 ms", [(0, "␛["), (25, nil)], [char("[", .alt)]),
    TimingCase("ESC O alone is Alt+O after 25 ms", [(0, "␛O"), (25, nil)], [char("O", .alt)]),
    TimingCase("ESC [ then A within 25 ms is Up", [(0, "␛["), (20, "A")], [key(.up)]),
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
  ]

  @Test("timed reads", arguments: cases)
  func timed(fixture: TimingCase) {
    var decoder = ByteDecoder()
    var events: [TerminalEvent] = []
    for read in fixture.reads {
      let time = start.adding(milliseconds: read.ms)
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
    #expect(decoder.nextDeadline == .milliseconds(35))
    #expect(decoder.hasPendingBytes)
    _ = decoder.feed(bytes("["), at: .milliseconds(12))
    #expect(decoder.nextDeadline == .milliseconds(37))
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

  @Test("the ESC timeout is configurable")
  func customTimeout() {
    var decoder = ByteDecoder(options: ByteDecoder.Options(escapeTimeoutMs: 50))
    #expect(decoder.feed(bytes("␛"), at: .milliseconds(0)) == [])
    #expect(decoder.flush(at: .milliseconds(49)) == [])
    #expect(decoder.feed(bytes("x"), at: .milliseconds(49)) == [char("x", .alt)])
    _ = decoder.feed(bytes("␛"), at: .milliseconds(100))
    #expect(decoder.flush(at: .milliseconds(150)) == [key(.escape)])
  }
}

@Suite("Instant")
struct InstantTests {
  @Test("milliseconds, saturation and poll timeouts")
  func arithmetic() {
    let t = Instant.milliseconds(660)
    #expect(t.nanoseconds == 660_000_000)
    #expect(t.adding(milliseconds: 40) == .milliseconds(700))
    #expect(Instant.milliseconds(700).milliseconds(since: t) == 40)
    #expect(t.milliseconds(since: .milliseconds(700)) == 0)
    #expect(Instant(nanoseconds: .max - 1).adding(milliseconds: 1) == Instant(nanoseconds: .max))
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
