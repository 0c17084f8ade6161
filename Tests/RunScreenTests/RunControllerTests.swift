import CellGrid
import ChildTerminal
import HangulEngine
import ScreenTestSupport
import Suggestions
import TerminalInput
import Testing
import Typing

@testable import RunScreen

@Suite("cheonjiin run: keys, suggestions, help and the mouse")
struct RunControllerTests {
  @Test("the keypad types on the pad; plain digits go to the program until F9, then type on it")
  func digitsToggle() throws {
    var driver = try RunDriver()
    driver.type(numpadKeys(forPhoneDigits: "0125"))  // 안, still open
    #expect(driver.takeSent() == "")
    driver.type(["7"])  // a plain digit: the program's, after the open syllables
    #expect(driver.takeSent() == "안7")
    #expect(driver.statusLine.contains("F9 숫자키→숫자"))
    driver.type(["\u{1b}[20~"])  // F9
    #expect(driver.statusLine.contains("F9 숫자키→한글"))
    driver.type(["0", "7", "8", "5", " "])  // plain digits as the keypad: 안, then Space
    #expect(driver.takeSent() == "안 ")
    driver.type(["\u{1b}[20~", "5"])
    #expect(driver.takeSent() == "5")
  }

  @Test(
    "kitty protocol: the keypad is told apart exactly, top-row digits stay the program's, releases send nothing"
  )
  func kitty() throws {
    var driver = try RunDriver(kitty: true)
    // KP0 KP7 KP8 KP5 (phone 0 1 2 5): 안, pressed and released, Num Lock on.
    for code in [57399, 57406, 57407, 57404] {
      driver.send("\u{1b}[\(code);129u\u{1b}[\(code);129:3u")
    }
    #expect(driver.takeSent() == "")
    #expect(driver.controller.typing.engine.preedit == "안")
    driver.send("7\u{1b}[55;1:3u")  // the top row's 7, then its release
    #expect(driver.takeSent() == "안7")
    #expect(driver.statusLine.contains("F9 숫자키→숫자"))
  }

  @Test("held ⌫ repeats into the program: its erase character, once per character sent")
  func heldBackspace() throws {
    var driver = try RunDriver()
    driver.type(numpadKeys(forPhoneDigits: "412#412#412#"))  // 가가가, each sent by ␣
    #expect(driver.takeSent() == "가가가")
    // Held: the terminal's auto-repeat after its delay, a key every 40 ms.
    driver.send(keypad("-"))
    driver.wait(660)
    for _ in 0..<12 {
      driver.send(keypad("-"))
      driver.wait(40)
    }
    let sent = driver.takeSent()
    #expect(sent.count >= 3 && sent.allSatisfy { $0 == "\u{7F}" }, "\(Array(sent.utf8))")
  }

  @Test("text taken back asks for erase characters by count: the program's, read when sent")
  func eraseCharacterChanges() throws {
    var driver = try RunDriver()
    driver.type(numpadKeys(forPhoneDigits: "412#412#"))  // 가가, sent
    #expect(driver.takeSent() == "가가")
    driver.type([keypad("-")])
    // A count, not a character: the program may change its own (`stty erase ^H`) at any time.
    #expect(driver.effects.contains(.own(.sendToChild(erase: 1, bytes: []))))
    #expect(driver.takeSent(erase: 0x08) == "\u{08}")
  }

  @Test("a word typed on the pad and ended by its space is learned once, not again on a mark")
  func learnsTypedWords() throws {
    var driver = try RunDriver()
    let speller = try #require(
      PrimitiveSpeller(vowels: driver.controller.typing.engine.layout.composer.vowels))
    driver.load(
      SuggestionData(
        index: SuggestionIndex(corpus: [], everyday: [], speller: speller),
        user: UserWords(speller: speller), today: 20_000))
    driver.type(numpadKeys(forPhoneDigits: "412##"))  // 가, then the space
    driver.type([keypad("*"), keypad("*")])  // . then , : the same key cycling
    let learned = driver.effects.compactMap { effect -> String? in
      if case .own(.learn(let word)) = effect { word } else { nil }
    }
    #expect(learned == ["가"])
    #expect(driver.takeSent().hasPrefix("가 "))
  }

  @Test("holding a suggestion key replaces the word being typed, sent part erased, and learns it")
  func suggestionHold() throws {
    var driver = try RunDriver()
    let speller = try #require(
      PrimitiveSpeller(vowels: driver.controller.typing.engine.layout.composer.vowels))
    let corpus = Lexicon.parseCorpus("감사합니다\t2781\n감사해요\t454\n").entries
    driver.load(
      SuggestionData(
        index: SuggestionIndex(corpus: corpus, everyday: [], speller: speller),
        user: UserWords(speller: speller), today: 20_000))
    driver.type(numpadKeys(forPhoneDigits: "41200#812"))  // 감, → , 사
    #expect(driver.takeSent() == "감")  // 사 is still open
    #expect(driver.statusLine.contains("감사합니다"))
    // Hold + (no release events: the terminal's auto-repeat says it is held).
    driver.send(keypad("+"))
    driver.wait(660)
    for _ in 0..<8 {
      driver.send(keypad("+"))
      driver.wait(40)
    }
    let learned = driver.effects.compactMap { effect -> String? in
      if case .own(.learn(let word)) = effect { word } else { nil }
    }
    #expect(learned == ["감사합니다"])
    let sent = driver.takeSent()
    // The first + was a tap that sent 사; the hold takes it back, then erases 감 (the
    // child's erase character each) and sends the word and a space.
    #expect(sent == "사\u{7F}\u{7F}감사합니다 ")
    #expect(driver.controller.typing.engine.preedit.isEmpty)
  }

  @Test("F1 shows the help over the program; arrows scroll it, another key closes it unsent")
  func help() throws {
    var driver = try RunDriver()
    driver.type(["\u{1b}OP"])  // F1
    #expect(driver.controller.helpScroll == 0)
    #expect(driver.render().rowText(0).contains("도움말"))
    #expect(driver.render(rows: 12, columns: 80).rowText(11).contains("더 있어요"))
    driver.type(["\u{1b}[B"])
    #expect(driver.controller.helpScroll == 1)
    driver.type(["x"])
    #expect(driver.controller.helpScroll == nil)
    #expect(driver.takeSent() == "")
    driver.type(["x"])
    #expect(driver.takeSent() == "x")
  }

  @Test("mouse reports reach a program that asked for them, in its part of the window only")
  func mouse() throws {
    var driver = try RunDriver()
    driver.send("\u{1b}[<0;5;3M\u{1b}[<0;5;3m")  // a click before the program asked
    #expect(driver.takeSent() == "")
    driver.childWrites("\u{1b}[?1000h\u{1b}[?1006h")
    driver.send("\u{1b}[<0;5;3M\u{1b}[<0;5;3m")
    #expect(driver.takeSent() == "\u{1b}[<0;5;3M\u{1b}[<0;5;3m")
    driver.send("\u{1b}[<64;7;3M")  // the wheel
    #expect(driver.takeSent() == "\u{1b}[<64;7;3M")
    driver.send("\u{1b}[<0;5;29M\u{1b}[<0;5;29m")  // on the dock
    #expect(driver.takeSent() == "")
  }

  @Test(
    "the terminal's own cursor at the program's: hidden, its style as asked, after the open syllable; titles are not echoed"
  )
  func cursorAndTitle() throws {
    var driver = try RunDriver()
    driver.childWrites("$ ")
    #expect(driver.render().cursor == .shown(row: 0, column: 2, style: 0))
    #expect(driver.render()[0, 2].style == .normal)  // no drawn cursor of our own
    driver.childWrites("\u{07}")  // the bell: rung on the terminal
    #expect(driver.effects.contains { if case .own(.bell) = $0 { true } else { false } })
    driver.childWrites("\u{1b}[?25l\u{1b}]0;title\u{07}")
    #expect(driver.render().cursor == .hidden)
    #expect(driver.takeSent() == "")
    driver.childWrites("\u{1b}[?25h\u{1b}[3 q")
    #expect(driver.render().cursor == .shown(row: 0, column: 2, style: 3))
    driver.type(numpadKeys(forPhoneDigits: "0"))  // ㅇ, open: the cursor goes after it
    #expect(driver.render()[0, 2].style == .preedit)
    #expect(driver.render().cursor == .shown(row: 0, column: 4, style: 3))
  }
}
