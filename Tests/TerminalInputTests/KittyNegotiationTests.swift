import Testing

@testable import TerminalInput

@Suite("KittyNegotiation")
struct KittyNegotiationTests {
  static let eleven = KittyKeyboardFlags(rawValue: 11)

  @Test("start pushes 1|2|8, queries flags, then asks DA1; exit pops")
  func bytesToSend() {
    var negotiation = KittyNegotiation()
    #expect(negotiation.exitBytes == [])
    #expect(negotiation.nextDeadline == nil)
    #expect(negotiation.start(at: .milliseconds(0)) == bytes("␛[>11u␛[?u␛[c"))
    #expect(negotiation.exitBytes == bytes("␛[<u"))
    #expect(negotiation.nextDeadline == .milliseconds(500))
    #expect(KittyNegotiation.pushBytes([.disambiguateEscapeCodes]) == bytes("␛[>1u"))
  }

  @Test("starting again pops the earlier push first and keeps reading keys as before meanwhile")
  func restart() {
    var negotiation = KittyNegotiation()
    _ = negotiation.start(at: .milliseconds(0))
    let consumed = negotiation.handle(.kittyKeyboardFlags(Self.eleven))
    _ = negotiation.handle(.deviceAttributes([62, 22]))
    #expect(consumed && negotiation.reportsReleases)
    // A resume (SIGCONT) asks again: one push on the terminal's stack, not two.
    #expect(negotiation.start(at: .milliseconds(1000)) == bytes("␛[<u␛[>11u␛[?u␛[c"))
    #expect(negotiation.outcome == .pending)
    #expect(negotiation.reportsReleases, "releases still come while the answer is on its way")
    let answered = negotiation.handle(.deviceAttributes([62, 22]))
    #expect(answered && negotiation.outcome == .unsupported)
    #expect(!negotiation.reportsReleases)
  }

  @Test("a DA1 answering an older query does not decide a newer one")
  func overlappingQueries() {
    var negotiation = KittyNegotiation()
    _ = negotiation.start(at: .milliseconds(0))
    _ = negotiation.handle(.kittyKeyboardFlags(Self.eleven))
    // Restarted between the first answer's flags reply and its DA1.
    _ = negotiation.start(at: .milliseconds(10))
    _ = negotiation.handle(.deviceAttributes([62]))
    #expect(negotiation.outcome == .pending)
    _ = negotiation.handle(.kittyKeyboardFlags(Self.eleven))
    _ = negotiation.handle(.deviceAttributes([62]))
    #expect(negotiation.outcome == .supported(granted: Self.eleven))
  }

  /// Replies as the terminal would write them, decoded by a real ByteDecoder.
  struct ReplyCase: Sendable, CustomTestStringConvertible {
    let id: String
    let reply: String
    let outcome: KittyNegotiation.Outcome
    let reportsReleases: Bool
    var testDescription: String { id }
  }

  static let replies: [ReplyCase] = [
    ReplyCase(
      id: "kitty: flags then DA1", reply: "␛[?11u␛[?62;22c",
      outcome: .supported(granted: eleven), reportsReleases: true),
    ReplyCase(
      id: "partial grant 1|8 (tmux PR #5600)", reply: "␛[?9u␛[?1;2c",
      outcome: .supported(granted: KittyKeyboardFlags(rawValue: 9)), reportsReleases: false),
    ReplyCase(
      id: "tmux 3.3a: DA1 only", reply: "␛[?1;2c", outcome: .unsupported,
      reportsReleases: false),
    ReplyCase(
      id: "DA1 before a flags reply", reply: "␛[?62c␛[?11u", outcome: .unsupported,
      reportsReleases: false),
    ReplyCase(
      id: "flags reply alone", reply: "␛[?3u",
      outcome: .supported(granted: KittyKeyboardFlags(rawValue: 3)), reportsReleases: true),
    ReplyCase(id: "no reply yet", reply: "", outcome: .pending, reportsReleases: false),
  ]

  @Test("interpreting replies", arguments: replies)
  func interpret(fixture: ReplyCase) {
    var negotiation = KittyNegotiation()
    _ = negotiation.start(at: .milliseconds(0))
    var decoder = ByteDecoder()
    for event in decoder.feed(bytes(fixture.reply), at: .milliseconds(40)) {
      let consumed = negotiation.handle(event)
      #expect(consumed, "replies are consumed: \(event)")
    }
    negotiation.advance(to: .milliseconds(499))
    #expect(negotiation.outcome == fixture.outcome)
    #expect(negotiation.reportsReleases == fixture.reportsReleases)
  }

  @Test("no reply within the timeout means unsupported; a late flags reply still counts")
  func timeout() {
    var negotiation = KittyNegotiation(timeoutMs: 300)
    _ = negotiation.start(at: .milliseconds(100))
    negotiation.advance(to: .milliseconds(399))
    #expect(negotiation.outcome == .pending)
    negotiation.advance(to: .milliseconds(400))
    #expect(negotiation.outcome == .unsupported)
    #expect(negotiation.nextDeadline == nil)
    #expect(handled(&negotiation, .kittyKeyboardFlags(Self.eleven)))
    #expect(negotiation.outcome == .supported(granted: Self.eleven))
    #expect(handled(&negotiation, .deviceAttributes([62])))
    #expect(negotiation.outcome == .supported(granted: Self.eleven))
  }

  @Test("after DA1 decided unsupported, later flags replies change nothing")
  func lateFlagsAfterDA1() {
    var negotiation = KittyNegotiation()
    _ = negotiation.start(at: .milliseconds(0))
    #expect(handled(&negotiation, .deviceAttributes([1, 2])))
    #expect(handled(&negotiation, .kittyKeyboardFlags(Self.eleven)))
    #expect(negotiation.outcome == .unsupported)
  }

  @Test("other events are not consumed")
  func otherEvents() {
    var negotiation = KittyNegotiation()
    _ = negotiation.start(at: .milliseconds(0))
    #expect(!handled(&negotiation, kitty(.character("a"))))
    #expect(!handled(&negotiation, .unknown([0x1b])))
    #expect(!handled(&negotiation, .paste("x")))
    #expect(negotiation.outcome == .pending)
  }
}

/// Swift Testing cannot call a mutating method inside `#expect`.
private func handled(_ negotiation: inout KittyNegotiation, _ event: TerminalEvent) -> Bool {
  negotiation.handle(event)
}
