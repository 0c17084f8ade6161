import Foundation
import HangulEngine
import TestSupport
import Testing

/// The shared deterministic generator (SplitMix64), so a failing case can be replayed by seed.
typealias SeededGenerator = SplitMix64

/// `make test` runs a few thousand sequences; `make fuzz` sets CHEONJIIN_FUZZ_ITERATIONS.
let fuzzIterations = fuzzRounds(3000)

/// One random key press on `layout`: any key, tapped or (one time in eight) held.
///
/// - Returns: The key, whether it is held, and the press in key notation.
func randomKey(
  on layout: Layout, using generator: inout SeededGenerator
) -> (index: Int, isHold: Bool, notation: String)? {
  let keys = layout.keys
  guard !keys.isEmpty else { return nil }
  let index = Int.random(in: 0..<keys.count, using: &generator)
  if Int.random(in: 0..<8, using: &generator) == 0 {
    return (index, true, "<hold:\(keys[index].id)>")
  }
  return (index, false, "<\(keys[index].id)>")
}

/// One random key press on the typist's current layout.
///
/// - Returns: The press in key notation, and what it did.
@discardableResult
func randomPress(
  _ typist: inout Typist<TextBuffer>, using generator: inout SeededGenerator
) -> (notation: String, output: KeyOutput?) {
  guard let press = randomKey(on: typist.layout, using: &generator) else { return ("", nil) }
  let output = press.isHold ? typist.hold(press.index) : typist.tap(press.index)
  return (press.notation, output)
}

/// Every Korean layout, each with the side pads its switch keys reach.
let propertyLayouts = ["cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja"]

@Suite("Properties over random key sequences")
struct PropertyTests {
  @Test(
    "no crash, no conjoining jamo, preedit as reported, and enough ⌫ reaches empty text",
    arguments: propertyLayouts)
  func backspaceEmpties(_ layout: String) throws {
    let layouts = try inputMethod(layout).layouts
    var generator = SeededGenerator(state: 1)
    for iteration in 0..<fuzzIterations {
      var typist = Typist(layouts: layouts)
      var keys = ""
      for _ in 0..<Int.random(in: 1...40, using: &generator) {
        let (notation, output) = randomPress(&typist, using: &generator)
        keys += notation
        if typist.text.unicodeScalars.contains(where: { $0.isConjoiningJamo }) {
          Issue.record("conjoining jamo after \(keys) (iteration \(iteration))")
          return
        }
        if let output, output.preedit.string != typist.inputMethod.preedit.string {
          Issue.record("reported preedit \(output.preedit) after \(keys) (iteration \(iteration))")
          return
        }
      }
      let limit = keys.count + typist.text.count + 10
      var presses = 0
      while !typist.text.isEmpty, presses < limit {
        guard let backspace = typist.layout.keys.firstIndex(where: { $0.action == .backspace })
        else {
          Issue.record("layout \(typist.layout.id) has no ⌫")
          return
        }
        typist.tap(backspace)
        presses += 1
      }
      if !typist.text.isEmpty {
        Issue.record("⌫ ×\(limit) left \"\(typist.text)\" after \(keys) (iteration \(iteration))")
        return
      }
    }
  }

  /// What a front end does to roll back an optimistic tap: restore the engine value, revert
  /// the document edits newest first.
  @Test(
    "engine snapshot → more keys → restore and revert the edits gives the same state",
    arguments: propertyLayouts)
  func snapshotRestore(_ layout: String) throws {
    let layouts = try inputMethod(layout).layouts
    var generator = SeededGenerator(state: 2)
    for iteration in 0..<fuzzIterations {
      var engine = InputMethod(layouts: layouts)
      var document = TextBuffer()
      for _ in 0..<Int.random(in: 0...20, using: &generator) {
        guard let press = randomKey(on: engine.layout, using: &generator) else { break }
        document.apply(press.isHold ? engine.hold(press.index) : engine.tap(press.index))
      }
      let snapshot = engine
      let original = document
      var edits: [TextEdit] = []
      var presses: [(index: Int, isHold: Bool)] = []
      for _ in 0..<Int.random(in: 1...20, using: &generator) {
        guard let press = randomKey(on: engine.layout, using: &generator) else { break }
        presses.append((press.index, press.isHold))
        edits.append(
          document.apply(press.isHold ? engine.hold(press.index) : engine.tap(press.index)))
      }
      let typed = document
      engine = snapshot
      for edit in edits.reversed() { document.revert(edit) }
      if document != original {
        let expected = original.text
        Issue.record("restore gave \"\(document.text)\", expected \"\(expected)\" (\(iteration))")
        return
      }
      // The restored value is the whole engine: the same keys again type the same text (state
      // kept outside the value, such as a shared reference, would make them differ).
      for press in presses {
        document.apply(press.isHold ? engine.hold(press.index) : engine.tap(press.index))
      }
      if document != typed {
        let again = document.text
        Issue.record("after restoring, the same keys typed \"\(again)\", not \"\(typed.text)\"")
        return
      }
    }
  }

  @Test(
    "spell of any text the engine produced replays to the same text", arguments: propertyLayouts)
  func spellRoundTrip(_ layout: String) throws {
    let layouts = try inputMethod(layout).layouts
    var generator = SeededGenerator(state: 3)
    let speller = Speller(layouts: layouts)
    var runner = SequenceRunner(layouts: layouts)
    for iteration in 0..<max(1, fuzzIterations / 3) {
      var typist = Typist(layouts: layouts)
      var keys = ""
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        keys += randomPress(&typist, using: &generator).notation
      }
      let text = typist.text
      let tokens: [KeyToken]
      do {
        tokens = try speller.spellTokens(text)
      } catch {
        Issue.record("cannot spell \"\(text)\" made by \(keys): \(error) (iteration \(iteration))")
        return
      }
      try runner.run(KeySequence.format(tokens))
      if runner.typist.text != text {
        let spelled = KeySequence.format(tokens)
        Issue.record(
          "spell \"\(text)\" → \(spelled) types \"\(runner.typist.text)\" (iteration \(iteration))")
        return
      }
    }
  }
}
