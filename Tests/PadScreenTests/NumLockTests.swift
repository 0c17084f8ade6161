import ScreenTestSupport
import TerminalInput
import TerminalUI
import Testing

@testable import PadScreen
@testable import PadViews

/// A keypad with Num Lock off, as a real xterm sends it: 5 as Begin (`CSI E`), which no other
/// key sends, the others as Home, End, PgUp, PgDn, Insert, Delete and the arrows.
@Suite("The pad says when Num Lock is off")
struct NumLockTests {
  @Test("keypad 5 with Num Lock off types nothing and says to turn Num Lock on")
  func beginSaysNumLock() throws {
    var driver = try Driver()
    driver.send("\u{1b}[E")
    driver.wait(300)
    #expect(driver.text == "")
    let screen = driver.render().textDump
    #expect(screen.contains("Num Lock"), "\(screen)")
    // It stays long enough to read, then goes.
    driver.wait(4_000)
    #expect(driver.render().textDump.contains("Num Lock"))
    driver.wait(3_000)
    #expect(!driver.render().textDump.contains("Num Lock"))
  }

  @Test("Home, End, PgUp, PgDn, Insert and Delete name Num Lock; other unused keys do not")
  func editingKeysNameNumLock() throws {
    for sequence in ["\u{1b}[H", "\u{1b}[F", "\u{1b}[5~", "\u{1b}[6~", "\u{1b}[2~", "\u{1b}[3~"] {
      var driver = try Driver()
      driver.send(sequence)
      driver.wait(300)
      #expect(driver.text == "")
      #expect(driver.render().textDump.contains("Num Lock"), "\(Array(sequence.utf8))")
    }
    var driver = try Driver()
    driver.send("\u{1b}[24~")  // F12
    driver.wait(300)
    #expect(!driver.render().textDump.contains("Num Lock"))
  }

  @Test("kitty names each keypad key: with Num Lock off its 5 still types ㄴ")
  func kittyTypesByPosition() throws {
    var driver = try Driver(kitty: true)
    driver.send("\u{1b}[57427u")  // KP_BEGIN, pressed
    driver.wait(100)
    driver.send("\u{1b}[57427;1:3u")  // and released
    driver.wait(1_200)
    #expect(driver.text == "ㄴ")
  }

  @Test("practice says so too")
  func practiceSaysNumLock() throws {
    var driver = try PracticeDriver(
      lessons: [PracticeLessons.vowels], recorder: MemoryRecorder(), start: "vowels")
    driver.driver.send("\u{1b}[E")
    driver.wait(300)
    #expect(driver.screen().contains("Num Lock"), "\(driver.screen())")
  }
}

@Suite("F1's help scrolls with the keypad alone")
struct KeypadHelpScrollTests {
  @Test("keypad 2 and 8 scroll a line, 3 and 9 a page, in each encoding; 5 goes back")
  func keypadScrolls() {
    func after(_ key: TerminalKey, from scroll: Int = 20) -> Int? {
      HelpSection.scroll(scroll, after: TerminalKeyEvent(key))
    }
    for down in [TerminalKey.character("2"), .numpad(.digit(2)), .numpad(.down), .down] {
      #expect(after(down) == 21, "\(down)")
    }
    for up in [TerminalKey.character("8"), .numpad(.digit(8)), .numpad(.up), .up] {
      #expect(after(up) == 19, "\(up)")
    }
    #expect(after(.character("3")) == 30)
    #expect(after(.numpad(.digit(9))) == 10)
    #expect(after(.character("5")) == nil)
  }
}

@Suite("F1's help names the keys that press each key of the layout shown")
struct HelpKeysTests {
  @Test("on the !#1 pad each keypad digit presses the digit printed on it, as it types")
  func symbolPadDigits() throws {
    var driver = try Driver()
    driver.type(["/"])  // keypad /: the !#1 pad
    let help = driver.controller.keypad.helpSections(strings: UIStrings(.english))[0]
    func pressed(by keys: String) -> String? {
      help.lines.first { $0.keys == keys }?.action
    }
    #expect(pressed(by: "keypad 7 · 7") == "7", "\(help.lines)")
    #expect(pressed(by: "keypad 1 · 1") == "1")
    #expect(pressed(by: "keypad 0 · 0") == "0")
    // And so it types.
    driver.type(["7", "1"])
    #expect(driver.text == "71")
  }
}
