import Testing

@testable import TerminalInput

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }
}

@Suite("Properties over random input")
struct PropertyTests {
  /// Bytes that make sequences likely: ESC, introducers, parameters, finals, UTF-8 pieces.
  static let alphabet: [UInt8] =
    Array("\u{1b}\u{1b}\u{1b}[[[O<?;;:0123456789uu~~AMmc200201a\r\u{7f}".utf8)
    + [0x80, 0xbf, 0xc3, 0xe0, 0xed, 0xf0, 0xf4, 0xff, 0x03, 0x00]

  @Test("random bytes: never a crash, and the same events however the reads are split")
  func splitInvariance() {
    var random = SplitMix64(state: 20_261_122)
    for round in 0..<400 {
      let count = Int.random(in: 1...120, using: &random)
      let input = (0..<count).map { _ in
        Self.alphabet.randomElement(using: &random) ?? 0x1b
      }
      let options = ByteDecoder.Options(maxSequenceBytes: 16, maxPasteBytes: 8)
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

  @Test("random key streams: one release per run, at most one hold, undo within the run")
  func holdInvariants() {
    var random = SplitMix64(state: 7)
    let keys = ["4", "5", "⌫", "→"]
    for round in 0..<300 {
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
