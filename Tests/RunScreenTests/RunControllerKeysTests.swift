import ChildTerminal
import LayoutLoading
import ScreenTestSupport
import TerminalInput
import TerminalUI
import Testing

@testable import RunScreen

@Suite("cheonjiin run: its own keys, the pass-through key, ⌫ on open syllables, pastes")
struct RunControllerKeysTests {
  static let f1 = "\u{1b}OP"
  static let f9 = "\u{1b}[20~"
  static let passNext = "\u{1d}"  // Ctrl-]

  @Test("F1 opens help; after Ctrl-] it goes to the program (htop's help) and help stays shut")
  func passNextFunctionKey() throws {
    var driver = try RunDriver()
    driver.send(Self.passNext)
    #expect(driver.controller.passesNextKey)
    #expect(driver.statusLine.contains("Ctrl-]: 다음 키→프로그램"))
    driver.send(Self.f1)
    #expect(driver.takeSent() == "\u{1b}OP")
    #expect(driver.controller.helpScroll == nil)
    #expect(!driver.controller.passesNextKey)
    driver.send(Self.f1)  // alone again: cheonjiin's help
    #expect(driver.controller.helpScroll == 0)
    #expect(driver.takeSent() == "")
  }

  @Test("after Ctrl-], a keypad key goes to the program as its character, not to the pad")
  func passNextKeypad() throws {
    var driver = try RunDriver()
    driver.type([Self.passNext, keypad("5")])
    #expect(driver.takeSent() == "5")
    #expect(driver.controller.typing.engine.preedit == "")
    driver.type([keypad("5")])  // the pad again
    #expect(driver.takeSent() == "")
    #expect(driver.controller.typing.engine.preedit != "")
  }

  @Test("kitty protocol: Ctrl-] as CSI u; a lone Shift after it is not the key, the F1 after it is")
  func passNextKitty() throws {
    var driver = try RunDriver(kitty: true)
    driver.send("\u{1b}[93;5u\u{1b}[93;5:3u")  // Ctrl-] pressed and released
    driver.send("\u{1b}[57441;2u")  // Left Shift pressed
    #expect(driver.controller.passesNextKey)
    driver.send("\u{1b}[57441;2:3u\u{1b}[P")  // Shift let go, then F1 (kitty's CSI P)
    #expect(driver.takeSent() == "\u{1b}OP")
    #expect(!driver.controller.passesNextKey)
    #expect(driver.controller.helpScroll == nil)
  }

  @Test("Ctrl-] twice sends Ctrl-] itself; the open syllables go first")
  func passNextItself() throws {
    var driver = try RunDriver()
    driver.type(numpadKeys(forPhoneDigits: "0125"))  // 안, open
    driver.type([Self.passNext, Self.passNext])
    #expect(driver.takeSent() == "안\u{1d}")
  }

  @Test("a keymap's run section moves the keys: help on F2, F1 the program's")
  func keymapMovesKeys() throws {
    var keymap = try #require(try shippedKeymaps().first { $0.id == "numpad" })
    keymap.runKeys["help"] = .function(2)
    var driver = RunDriver(
      RunController(
        layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout), keymaps: [keymap],
        keymap: "numpad", strings: UIStrings(.english),
        emulator: Emulator(rows: 24, columns: 80)))
    driver.send(Self.f1)
    #expect(driver.takeSent() == "\u{1b}OP")
    #expect(driver.controller.helpScroll == nil)
    #expect(driver.statusLine.contains("F2 help"))
    driver.send("\u{1b}OQ")  // F2
    #expect(driver.controller.helpScroll == 0)
    let help = driver.controller.helpSections.flatMap(\.lines).map(\.keys)
    #expect(help.contains("F2") && help.contains("Ctrl-]") && !help.contains("F1"))
  }

  @Test(
    "⌫ takes back strokes of the open syllable, as on the pad; with none open it is the program's")
  func backspaceEditsOpenSyllable() throws {
    var driver = try RunDriver()
    driver.type(numpadKeys(forPhoneDigits: "0125"))  // 안, open
    driver.type(["\u{7f}"])
    #expect(driver.takeSent() == "")
    #expect(driver.controller.typing.engine.preedit == "아")
    for _ in 0..<3 { driver.type(["\u{7f}"]) }
    #expect(driver.controller.typing.engine.preedit == "")
    #expect(driver.takeSent() == "")
    driver.type(["\u{7f}"])
    #expect(driver.takeSent() == "\u{7f}")
  }

  @Test("a paste the terminal did not mark reaches the program as typed, also with F9 on")
  func unmarkedPaste() throws {
    var driver = try RunDriver()
    driver.type([Self.f9])  // digits type on the pad now
    driver.send("echo 2024\r")
    #expect(driver.takeSent() == "echo 2024\r")
    #expect(driver.controller.typing.engine.preedit == "")
    driver.type(["2"])  // one key at a time is typing: the pad's
    #expect(driver.takeSent() == "")
    #expect(driver.controller.typing.engine.preedit != "")
    driver.send("ab")  // the open syllable first, then the paste
    #expect(driver.takeSent().hasSuffix("ab"))
    #expect(driver.controller.typing.engine.preedit == "")
  }

  @Test("keypad keys the keymap does not bind reach the program: KP= as =, keypad arrows")
  func unboundKeypadKeys() throws {
    var driver = try RunDriver()
    driver.send("\u{1b}OX")  // KP= in application keypad mode
    #expect(driver.takeSent() == "=")
  }
}
