import Foundation
import TestSupport
import Testing

@testable import TerminalInput

/// Rounds for a property: `default` under `make test`; under `make fuzz`, a tenth of the
/// iterations it sets (a round here is a whole random byte string with many reads, not one key
/// sequence).
private func fuzzRounds(_ default: Int) -> Int {
  TestSupport.fuzzRounds(`default`, divisor: 10)
}

@Suite("Properties over random input")
struct PropertyTests {
  /// Bytes that make sequences likely: ESC, introducers, parameters, finals, UTF-8 pieces,
  /// and the control-string introducers and terminators (`]P_^X`, `\`, BEL, 0x9C).
  static let alphabet: [UInt8] =
    Array("\u{1b}\u{1b}\u{1b}[[[O<?;;:0123456789uu~~AMmc200201a\r\u{7f}]P_^X\\\u{07}".utf8)
    + [0x80, 0x9c, 0xbf, 0xc3, 0xe0, 0xed, 0xf0, 0xf4, 0xff, 0x03, 0x00]

  static let smallLimits = ByteDecoder.Options(
    maxSequenceBytes: 16, maxPasteBytes: 8, maxControlStringBytes: 12)

  @Test("random bytes: never a crash, and the same events however the reads are split")
  func splitInvariance() {
    var random = SplitMix64(state: 20_261_122)
    for round in 0..<fuzzRounds(400) {
      let count = Int.random(in: 1...120, using: &random)
      let input = (0..<count).map { _ in
        Self.alphabet.randomElement(using: &random) ?? 0x1b
      }
      let options = Self.smallLimits
      let whole = decode(input, options: options)
      var cuts = (0..<Int.random(in: 0...6, using: &random)).map { _ in
        Int.random(in: 1...count, using: &random)
      }
      cuts = Array(Set(cuts.filter { $0 < count })).sorted()
      let split = decode(input, cuts: cuts, options: options)
      #expect(whole == split, "round \(round), cuts \(cuts), input \(input)")
      #expect(!whole.isEmpty, "round \(round): bytes vanished without an event")
    }
  }

  @Test("random bytes at random times: pending bytes always resolve by the next deadline")
  func drains() {
    var random = SplitMix64(state: 52)
    let longest = 1_000 as UInt64  // the paste timeout, the longest of the defaults
    for round in 0..<fuzzRounds(400) {
      var decoder = ByteDecoder(options: round % 2 == 0 ? ByteDecoder.Options() : Self.smallLimits)
      var now = Instant.milliseconds(1_000)
      for _ in 0..<Int.random(in: 1...20, using: &random) {
        let gap = [0, 5, 40, 60, 99, 100, 150].randomElement(using: &random) ?? 0
        now = now + .milliseconds(UInt64(gap))
        if let deadline = decoder.nextDeadline, deadline <= now {
          _ = decoder.flush(at: deadline)
          #expect(!decoder.hasPendingBytes && decoder.nextDeadline == nil, "round \(round)")
        }
        let input = (0..<Int.random(in: 0...12, using: &random)).map { _ in
          Self.alphabet.randomElement(using: &random) ?? 0x1b
        }
        _ = decoder.feed(input, at: now)
        if let deadline = decoder.nextDeadline {
          #expect(decoder.hasPendingBytes)
          #expect(deadline > now && deadline <= now + .milliseconds(longest), "round \(round)")
        } else {
          #expect(!decoder.hasPendingBytes, "round \(round)")
        }
      }
      if let deadline = decoder.nextDeadline {
        _ = decoder.flush(at: deadline)
      }
      #expect(!decoder.hasPendingBytes && decoder.nextDeadline == nil, "round \(round)")
    }
  }

  @Test("control strings with random text and random reads never become keys")
  func controlStringsAreNeverKeys() {
    var random = SplitMix64(state: 9_252)
    let characters = Array("AZaz09+/=;:$rm 한글휜".unicodeScalars)
    let terminators: [[UInt8]] = [[0x07], [0x1b, 0x5c], [0x9c]]
    for round in 0..<fuzzRounds(300) {
      let introducer = Array("]P_^X".utf8).randomElement(using: &random) ?? 0x5d
      // Whole characters only, so 0x9C is never left hanging inside one.
      var body: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &random) {
        let scalar = characters.randomElement(using: &random) ?? "A"
        body += Array(String(scalar).utf8)
      }
      let string =
        [0x1b, introducer] + body + (terminators.randomElement(using: &random) ?? [0x07])
      let input = string + Array("a".utf8)
      var cuts: Set<Int> = []
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        cuts.insert(Int.random(in: 1..<input.count, using: &random))
      }
      let events = decode(input, cuts: cuts.sorted(), options: Self.smallLimits)
      #expect(events.last == char("a"), "round \(round): \(input)")
      var reported: [UInt8] = []
      for event in events.dropLast() {
        guard case .unknown(let chunk) = event else {
          Issue.record("round \(round): \(event) from \(input)")
          break
        }
        reported += chunk
      }
      #expect(reported == string, "round \(round)")
    }
  }

  @Test("random key streams: one release per run, at most one hold, undo within the run")
  func holdInvariants() {
    var random = SplitMix64(state: 7)
    let keys = ["4", "5", "⌫", "→"]
    for round in 0..<fuzzRounds(300) {
      let releases: ReleaseReporting = round % 2 == 0 ? .exact : .inferred
      var inputs: [KeyInput] = []
      var time: UInt64 = 0
      for _ in 0..<Int.random(in: 1...60, using: &random) {
        time += [10, 30, 40, 90, 120, 300, 700].randomElement(using: &random) ?? 40
        let key = keys.randomElement(using: &random) ?? "4"
        let kind: KeyEventKind =
          [.press, .press, .repeat, .release].randomElement(
            using: &random) ?? .press
        inputs.append(KeyInput(time, key, kind))
      }
      let timed = simulate(inputs, releases: releases, until: time + 5_000)
      var open: (key: String, taps: Int, holds: Int)?
      for entry in timed {
        switch entry.action {
        case .tap(let key):
          if open == nil { open = (key, 0, 0) }
          #expect(open?.key == key, "round \(round): tap of \(key) inside another run")
          open?.taps += 1
        case .hold(let key, let undo):
          #expect(open?.key == key && (open?.holds ?? 1) == 0, "round \(round): \(timed)")
          #expect(undo >= 1 && undo <= (open?.taps ?? 0), "round \(round): \(timed)")
          open?.holds += 1
        case .undoTaps(let key, let count):
          #expect(open?.key == key && count >= 1 && count < (open?.taps ?? 0))
        case .repeatTick(let key):
          #expect(open?.key == key, "round \(round): tick outside its run")
        case .release(let key):
          #expect(open?.key == key, "round \(round): release of a run not open")
          open = nil
        }
      }
      if releases == .inferred {
        #expect(open == nil, "round \(round): an inferred run never ended")
      }
    }
  }
}
