import Foundation
import HangulEngine
import Practice
import ScreenTestSupport
import TestSupport
import Testing

@testable import TerminalUI

/// The screens grow no faster than n log n with what is on them.
///
/// A key typed into a long text, with the frame drawn after it as the run loop draws it, costs
/// about the same as one typed into a short one.
@Suite("Screens grow with their text, not faster")
struct ScreenScalingTests {
  /// Phone keys 0 1 2 5, 5 2 2 1 0 and the space key: 안 and 녕 (the second ㄴ cycles the
  /// first to ㄹ, as on a phone without a pause: 알영), then a space.
  static let word = numpadKeys(forPhoneDigits: "012552210#")

  /// The first `count` keys of ``word`` over and over.
  static func keys(_ count: Int) -> [String] { (0..<count).map { word[$0 % word.count] } }

  /// Types `count` keys into the screen `open` makes for them, drawing a frame after each key
  /// as the run loop does, and checks the cost grows no faster than n log n.
  func expectTypingScales<FrontEnd: ScreenFrontEnd>(
    _ name: String, upTo maximumSize: Int,
    open: ([String]) throws -> ScreenDriver<FrontEnd>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var check = ScalingCheck(name, unit: "keys")
    check.maximumSize = maximumSize
    let curve = try check.measure { count in
      let keys = Self.keys(count)
      var driver = try open(keys)
      return WorkCost.ofThread {
        for key in keys {
          driver.send(key)
          _ = driver.render()
        }
      }
    }
    #expect(curve.isAtMostNLogN, "\(curve)", sourceLocation: sourceLocation)
    print(curve)  // the table, for the issue's closing note and reruns on a quiet machine
  }

  @Test("the pad: typing a long text, a frame drawn after each key")
  func padTyping() throws {
    try expectTypingScales("the pad, typing with a frame per key", upTo: 65_536) { _ in
      try Driver()
    }
  }

  @Test("the pad: a long text pasted at once, then drawn")
  func padPaste() throws {
    var check = ScalingCheck("the pad, one paste and a frame", unit: "syllables")
    check.maximumSize = 262_144
    let curve = try check.measure { count in
      var driver = try Driver()
      let text = String(repeating: "안녕하세요 ", count: max(1, count / 6))
      return WorkCost.ofThread {
        driver.send("\u{1b}[200~" + text + "\u{1b}[201~")
        _ = driver.render()
      }
    }
    #expect(curve.isAtMostNLogN, "\(curve)")
    print(curve)  // the table, for the issue's closing note and reruns on a quiet machine
  }

  /// Found by this test: each key cost in proportion to the item (64 → 256 keys took 9.6 times
  /// as long): the cue replayed the rest of the item's keys from the learner's state, and the
  /// panel built a mark for every character, visible or not.
  @Test("practice: typing a long item, a frame drawn after each key")
  func practiceLongItem() throws {
    try expectTypingScales("practice, one long item typed with a frame per key", upTo: 16_384) {
      keys in
      // The item is what the keys type, so every key is right and the cue moves on.
      var typist = try Driver()
      for key in keys { typist.send(key) }
      let target = typist.text.trimmingCharacters(in: .whitespaces)
      let lesson = Lesson(
        id: "long", stage: .messages, title: "긴 글", summary: "", texts: [target])
      return try PracticeDriver(lessons: [lesson], recorder: MemoryRecorder(), start: "long")
        .driver
    }
  }

  @Test("run: a child's output of many lines, a frame drawn after each 4 KiB")
  func runChildOutput() throws {
    var check = ScalingCheck("run, child output with a frame per 4 KiB", unit: "lines")
    check.maximumSize = 262_144
    let curve = try check.measure { count in
      var driver = try RunDriver()
      let line = "안녕하세요, 오늘 날씨가 좋네요 0123456789\r\n"
      let chunk = String(repeating: line, count: 4_096 / line.utf8.count)
      let lines = 4_096 / line.utf8.count
      return WorkCost.ofThread {
        for _ in 0..<max(1, count / lines) {
          driver.childWrites(chunk)
          _ = driver.render()
        }
      }
    }
    #expect(curve.isAtMostNLogN, "\(curve)")
    print(curve)  // the table, for the issue's closing note and reruns on a quiet machine
  }

  @Test("run: typing on the pad for a long time, a frame drawn after each key")
  func runTyping() throws {
    try expectTypingScales("run, typing with a frame per key", upTo: 65_536) { _ in
      try RunDriver()
    }
  }
}
