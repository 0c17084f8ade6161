import HangulEngine
import LayoutLoading
import ScreenTestSupport
import Testing
import Typing

@testable import PadScreen

/// A hold types the digit printed on the key under the finger: on the keypad, keypad 7 (ㅣ,
/// the phone's 1) types 7, as the face of the key on the pad shows.
@Suite("A held key types the digit on the key under the finger")
struct KeycapDigitTests {
  @Test("holding keypad 0 1 0, 1 2 3 4, 5 6 7 8 types 010 1234 5678, as xterm sends them")
  func phoneNumber() throws {
    var driver = try Driver()
    for digit in "01012345678" {
      RealTerminalKeyTests.hold(
        String(digit), for: 900, delay: 500, interval: 33, after: 300, driver: &driver)
    }
    #expect(driver.text == "01012345678")
  }

  @Test("the pad's faces show the digit each key types when held")
  func facesShowIt() throws {
    let driver = try Driver()
    let layout = driver.controller.keypad.layout
    func hold(of label: String) -> HoldAction? {
      layout.keys.first { $0.label == label }?.hold
    }
    #expect(hold(of: "ㅣ") == .text("7"))
    #expect(hold(of: "ㅂㅍ") == .text("1"))
    #expect(hold(of: "ㄴㄹ") == .text("5"))
    #expect(hold(of: "ㅇㅁ") == .text("0"))
    let screen = driver.render().textDump.split(separator: "\n").map(String.init)
    // The digits under the top row of letters are the keypad's top row.
    let top = try #require(screen.firstIndex { $0.contains("ㅣ") && $0.contains("ㅡ") })
    #expect(screen[top + 1].split(separator: " ") == ["7", "8", "9"], "\(screen[top + 1])")
  }

  @Test("with the phone keymap (F2) the top-row digits are the phone's: holding 1 types 1")
  func phoneKeymap() throws {
    var driver = try Driver()
    driver.send("\u{1b}OQ")  // F2
    driver.wait(300)
    #expect(driver.controller.keypad.keymap.id == "phone")
    RealTerminalKeyTests.hold("1", for: 900, delay: 500, interval: 33, driver: &driver)
    RealTerminalKeyTests.hold("7", for: 900, delay: 500, interval: 33, driver: &driver)
    #expect(driver.text == "17")
    // And back: the keypad's digits again, what was typed kept.
    driver.send("\u{1b}OQ")
    driver.wait(300)
    RealTerminalKeyTests.hold("7", for: 900, delay: 500, interval: 33, driver: &driver)
    #expect(driver.text == "177")
    #expect(driver.controller.keypad.layout.keys.first { $0.label == "ㅣ" }?.hold == .text("7"))
  }

  @Test("a keymap renumbers only digit holds at their phone position")
  func renumbering() throws {
    let keymaps = try shippedKeymaps()
    let layouts = try library.loadSet("cheonjiin-galaxy").map(\.layout)
    let numpad = try #require(keymaps.first { $0.id == "numpad" })
    let phone = try #require(keymaps.first { $0.id == "phone" })
    #expect(phone.withKeycapDigits(layouts) == layouts)
    let renumbered = numpad.withKeycapDigits(layouts)
    for (before, after) in zip(layouts, renumbered) {
      #expect(before.keys.map(\.action) == after.keys.map(\.action))
      #expect(before.keys.map(\.label) == after.keys.map(\.label))
    }
  }
}

/// Kitty with key releases tells the keypad from the top row: both hold exactly at the hold
/// time, and each types the digit on its own key.
@Suite("Holds on the top-row digits in kitty's release mode")
struct KittyTopRowHoldTests {
  /// A key pressed at once and released after `milliseconds`, as kitty reports it (flags
  /// 1, 2 and 8: every key as CSI code u, releases as event type 3).
  static func hold(code: Int, for milliseconds: UInt64, driver: inout Driver) {
    driver.send("\u{1b}[\(code)u")
    driver.wait(milliseconds)
    driver.send("\u{1b}[\(code);1:3u")
    driver.wait(300)
  }

  @Test("top-row 1 0 1 held 0.6 s type 101, keypad 7 types 7; a 0.45 s press types its letter")
  func topRowDigits() throws {
    var driver = try Driver(kitty: true)
    for digit in "101" { Self.hold(code: Int(digit.asciiValue!), for: 600, driver: &driver) }
    // Keypad 7 is kitty's 57406.
    Self.hold(code: 57406, for: 600, driver: &driver)
    #expect(driver.text == "1017")
    // Short of the hold time: the letter the phone's 1 has (ㅣ), once.
    Self.hold(code: Int(Character("1").asciiValue!), for: 450, driver: &driver)
    #expect(driver.text == "1017ㅣ")
  }
}
