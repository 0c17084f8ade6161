import HangulEngine
import LayoutLoading
import ScreenTestSupport
import TerminalInput
import Testing
import Typing

@testable import PadScreen

@Suite("Pasted text and the pad's key hints")
struct PasteAndHintTests {
  @Test(
    "pasted text keeps its line breaks whatever the terminal sends, and drops what cannot be text",
    arguments: [
      ("abc\rdef", "abc\ndef"), ("abc\r\ndef", "abc\ndef"), ("abc\ndef", "abc\ndef"),
      ("a\tb", "a b"), ("a\u{1B}b\u{7F}c\u{85}", "abc"), ("가\u{FFFD}나", "가나"),
      ("\u{1100}\u{1161}", "가"),
    ])
  func typeable(_ pasted: String, _ kept: String) {
    #expect(Typing.typeable(pasted) == kept)
  }

  @Test("a bracketed paste with CR line breaks arrives with its lines")
  func bracketedPaste() throws {
    var driver = try Driver()
    driver.send("\u{1B}[200~첫 줄\r둘째 줄\u{1B}[201~")
    #expect(driver.text == "첫 줄\n둘째 줄")
  }

  @Test("bytes that are not UTF-8 type nothing and say so")
  func notUTF8() throws {
    var driver = try Driver()
    driver.send("\u{1B}Ow")  // ㅣ
    driver.wait(200)
    driver.send(String(decoding: [0xFF, 0xFE], as: UTF8.self))
    driver.wait(50)
    #expect(driver.text == "ㅣ")
  }

  @Test("corner hints name only keys the pad's position does not say: the side column, / and .")
  func hints() throws {
    let layout = try #require(try library.loadSet("cheonjiin-galaxy").first?.layout)
    let keymaps = try shippedKeymaps()
    let numpad = try #require(keymaps.first { $0.id == "numpad" }).hints(for: layout)
    let phone = try #require(keymaps.first { $0.id == "phone" }).hints(for: layout)
    func index(_ id: String) throws -> Int { try #require(layout.keyIndex(id: id)) }
    // The grid keys sit where the keypad's and the phone's digits are: no hint.
    for id in ["i", "araea", "eu", "g", "n", "d", "b", "s", "j", "o"] {
      #expect(numpad[try index(id)] == nil, "\(id)")
      #expect(phone[try index(id)] == nil, "\(id)")
    }
    #expect(numpad[try index("space")] == ".")
    #expect(numpad[try index("symbols")] == "/")
    #expect(numpad[try index("bs")] == "-")
    #expect(numpad[try index("enter")] == "Enter")
    #expect(phone[try index("space")] == "#")
    #expect(phone[try index("punct")] == ".")
    #expect(phone[try index("symbols")] == "*")
  }
}
