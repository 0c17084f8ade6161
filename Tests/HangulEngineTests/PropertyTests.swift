import Foundation
import HangulEngine
import Testing

/// A small deterministic generator (SplitMix64), so a failing case can be replayed by seed.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// `make test` runs a few thousand sequences; `make fuzz` sets CHEONJIIN_FUZZ_ITERATIONS.
let fuzzIterations = ProcessInfo.processInfo.environment["CHEONJIIN_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 3000

/// One random key press on the current layout: any key, tapped or (one time in eight) held.
func randomPress(_ engine: inout InputMethod, using generator: inout SeededGenerator) -> String {
  let keys = engine.layout.keys
  guard !keys.isEmpty else { return "" }
  let index = Int.random(in: 0..<keys.count, using: &generator)
  // Letter and stroke keys dominate real typing; weight them up.
  let key = keys[index]
  if Int.random(in: 0..<8, using: &generator) == 0 {
    _ = engine.hold(index)
    return "<hold:\(key.id)>"
  }
  _ = engine.tap(index)
  return "<\(key.id)>"
}

/// Every Korean layout, each with the side pads its switch keys reach.
let propertyLayouts = ["cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja"]

@Suite("Properties over random key sequences")
struct PropertyTests {
  @Test(
    "no crash, no conjoining jamo, and enough ⌫ always reaches empty text",
    arguments: propertyLayouts)
  func backspaceEmpties(_ layout: String) throws {
    let layouts = try inputMethod(layout).layouts
    var generator = SeededGenerator(state: 1)
    for iteration in 0..<fuzzIterations {
      var engine = InputMethod(layouts: layouts)
      var keys = ""
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        keys += randomPress(&engine, using: &generator)
        if engine.text.unicodeScalars.contains(where: { $0.isConjoiningJamo }) {
          Issue.record("conjoining jamo after \(keys) (iteration \(iteration))")
          return
        }
      }
      let limit = keys.count + engine.text.count + 10
      var presses = 0
      while !engine.text.isEmpty, presses < limit {
        guard let backspace = engine.layout.keys.firstIndex(where: { $0.action == .backspace }) else {
          Issue.record("layout \(engine.layout.id) has no ⌫")
          return
        }
        _ = engine.tap(backspace)
        presses += 1
      }
      if !engine.text.isEmpty {
        Issue.record("⌫ ×\(limit) left \"\(engine.text)\" after \(keys) (iteration \(iteration))")
        return
      }
    }
  }

  @Test("snapshot → more keys → restore gives the snapshot's text and state", arguments: propertyLayouts)
  func snapshotRestore(_ layout: String) throws {
    let layouts = try inputMethod(layout).layouts
    var generator = SeededGenerator(state: 2)
    for iteration in 0..<fuzzIterations {
      var engine = InputMethod(layouts: layouts)
      for _ in 0..<Int.random(in: 0...20, using: &generator) {
        _ = randomPress(&engine, using: &generator)
      }
      let snapshot = engine
      let text = engine.text
      for _ in 0..<Int.random(in: 1...20, using: &generator) {
        _ = randomPress(&engine, using: &generator)
      }
      engine = snapshot
      if engine.text != text || engine != snapshot {
        Issue.record("restore gave \"\(engine.text)\", expected \"\(text)\" (iteration \(iteration))")
        return
      }
    }
  }

  @Test("spell of any text the engine produced replays to the same text", arguments: propertyLayouts)
  func spellRoundTrip(_ layout: String) throws {
    let layouts = try inputMethod(layout).layouts
    var generator = SeededGenerator(state: 3)
    let speller = Speller(layouts: layouts)
    var runner = SequenceRunner(layouts: layouts)
    for iteration in 0..<max(1, fuzzIterations / 3) {
      var engine = InputMethod(layouts: layouts)
      var keys = ""
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        keys += randomPress(&engine, using: &generator)
      }
      let text = engine.text
      let tokens: [KeyToken]
      do {
        tokens = try speller.spellTokens(text)
      } catch {
        Issue.record("cannot spell \"\(text)\" made by \(keys): \(error) (iteration \(iteration))")
        return
      }
      try runner.run(KeySequence.format(tokens))
      if runner.engine.text != text {
        Issue.record(
          "spell \"\(text)\" → \(KeySequence.format(tokens)) types \"\(runner.engine.text)\" (iteration \(iteration))")
        return
      }
    }
  }
}
