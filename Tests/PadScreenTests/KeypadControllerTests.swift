import HangulEngine
import LayoutLoading
import ScreenTestSupport
import TerminalInput
import Testing

@testable import PadScreen

@Suite("The keypad controller, driven by tty bytes and an injected clock")
struct KeypadControllerTests {
  @Test("안녕하세요 typed with the numeric keypad (SS3), at a human pace")
  func typesWithKeypad() throws {
    var driver = try Driver()
    driver.type(numpadKeys(forPhoneDigits: "0125#52210881282110223"))
    #expect(driver.text == "안녕하세요")
  }

  @Test("plain digits from the keypad (NumLock on, no kitty) type the same")
  func typesWithPlainDigits() throws {
    var driver = try Driver()
    let spatial: [Character: String] = [
      "1": "7", "2": "8", "3": "9", "4": "4", "5": "5", "6": "6", "7": "1", "8": "2", "9": "3",
      "0": "0", "#": ".",
    ]
    driver.type("0125#52210881282110223".compactMap { spatial[$0] })
    #expect(driver.text == "안녕하세요")
  }

  @Test("the phone keymap puts 1 2 3 on top")
  func phoneKeymap() throws {
    var driver = try Driver(keymap: "phone")
    driver.type("0125#52210881282110223".map { String($0) })
    #expect(driver.text == "안녕하세요")
  }
}
