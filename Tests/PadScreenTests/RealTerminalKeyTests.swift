import HangulEngine
import ScreenTestSupport
import TerminalInput
import TerminalUI
import Testing
import Typing

@testable import PadScreen

/// What a real xterm sends, pinned down on the screen's driver with time as data.
///
/// xterm sends no release events, and with NumLock on its keypad digits arrive as plain
/// digits. The timings are those the rig measured in xterm (`RealTerminalHoldTests`).
@Suite("Keys as a real xterm sends them")
struct RealTerminalKeyTests {
  /// Holds `bytes` (one key) down for `milliseconds` under OS auto-repeat, then waits `after`.
  static func hold(
    _ bytes: String, for milliseconds: UInt64, delay: UInt64, interval: UInt64,
    after: UInt64 = 600, driver: inout Driver
  ) {
    driver.send(bytes)
    var elapsed = delay
    driver.wait(delay)
    while elapsed < milliseconds {
      driver.send(bytes)
      driver.wait(interval)
      elapsed += interval
    }
    driver.wait(after)
  }

  @Test("an auto-repeat that comes as the keypad's own sequence continues the press: one ㄴ")
  func repeatInAnotherEncoding() throws {
    // Keypad 5 held 382 ms at 250/33 (the rig's "one press released before the hold time"),
    // its last auto-repeat sent as the keypad sequence instead of the digit: it typed ㄹ.
    var driver = try Driver()
    driver.send("5")
    driver.wait(250)
    for _ in 0..<4 {
      driver.send("5")
      driver.wait(33)
    }
    driver.send(keypad("5"))
    driver.wait(800)
    #expect(driver.text == "ㄴ")
    // Two presses of that key, one sent each way, are still two presses.
    var twice = try Driver()
    twice.type(["5"])
    twice.wait(300)
    twice.send(keypad("5"))
    twice.wait(800)
    #expect(twice.text == "ㄹ")
  }

  @Test("on the !#1 pad the keypad's plain digits type the digits printed on them")
  func digitsOnTheSymbolPad() throws {
    var driver = try Driver()
    driver.type(["/"])  // keypad / (NumLock on: a plain slash): the !#1 pad
    driver.type(["1", "7", "3", "9", "5"])
    #expect(driver.text == "17395")
  }

  @Test("holding * with no suggestion showing types *, the same every time")
  func heldStar() throws {
    var driver = try Driver()
    #expect(driver.controller.bar.words.isEmpty)
    for length: UInt64 in [600, 900, 1_600] {
      Self.hold("*", for: length, delay: 500, interval: 33, driver: &driver)
    }
    #expect(driver.text == "***")
  }

  @Test("a repeat delay longer than the hold time is said on the status line (660/25: 0.66 s)")
  func longDelaySaid() throws {
    var driver = try Driver()
    let before = driver.controller.viewModel(at: driver.now, input: driver.inputState).status
    #expect(before.contains("hold 0.5 s"))
    Self.hold("5", for: 900, delay: 661, interval: 44, driver: &driver)
    #expect(driver.text == "5")
    let status = driver.controller.viewModel(at: driver.now, input: driver.inputState).status
    #expect(status.contains("hold: 0.66 s or longer"), "\(status)")
    #expect(!status.contains("hold 0.5 s"))
    #expect(UIStrings(.korean).longHoldStatus(705) == "길게 누르기: 0.7초 이상")
    #expect(UIStrings(.korean).longHoldStatus(530) == "길게 누르기: 0.53초 이상")
    #expect(UIStrings(.korean).longHoldStatus(1_004) == "길게 누르기: 1초 이상")
  }

  @Test("the status line's figure is the truth: at 600/20 every press from 0.6 s types the digit")
  func longDelayIsTrue() throws {
    var driver = try Driver()
    Self.hold("5", for: 900, delay: 600, interval: 50, driver: &driver)
    let status = driver.controller.viewModel(at: driver.now, input: driver.inputState).status
    #expect(status.contains("hold: 0.6 s or longer"), "\(status)")
    for length: UInt64 in [601, 620, 645, 700] {
      Self.hold("5", for: length, delay: 600, interval: 50, driver: &driver)
    }
    // A press shorter than the delay is the letter.
    Self.hold("5", for: 590, delay: 600, interval: 50, driver: &driver)
    #expect(driver.text == "55555ㄴ")
  }

  @Test("a repeat delay shorter than the hold time changes nothing on the status line")
  func shortDelayQuiet() throws {
    var driver = try Driver()
    Self.hold("5", for: 900, delay: 251, interval: 33, driver: &driver)
    #expect(driver.text == "5")
    let status = driver.controller.viewModel(at: driver.now, input: driver.inputState).status
    #expect(status.contains("hold 0.5 s"))
  }

  @Test("once the delay is known, a press shows its hold progress at once, not as held")
  func progressFromThePress() throws {
    var driver = try Driver()
    Self.hold("5", for: 900, delay: 251, interval: 33, driver: &driver)
    driver.send("4")
    driver.wait(100)
    let model = driver.controller.viewModel(at: driver.now, input: driver.inputState)
    let decoration = try #require(model.decorations.values.first { $0.holdFraction != nil })
    let fraction = try #require(decoration.holdFraction)
    #expect(fraction > 0.15 && fraction < 0.25, "\(fraction)")
    // A press that may still be a tap is not known to be down.
    #expect(!driver.inputState.holdIsKnownDown)
    driver.wait(400)  // no repeat came: it was a tap
    let later = driver.controller.viewModel(at: driver.now, input: driver.inputState)
    #expect(!later.decorations.values.contains { $0.holdFraction != nil })
    #expect(driver.text == "5ㄱ")
  }
}
