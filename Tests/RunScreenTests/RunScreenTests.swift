import CellGrid
import ChildTerminal
import Foundation
import HangulEngine
import ScreenTestSupport
import Suggestions
import TerminalInput
import TerminalUI
import TestSupport
import Testing
import Typing

@testable import RunScreen

extension ScreenDriver where FrontEnd == RunController {
  /// A run of 24 × 80 for the program in a window of 30 × 80, with these screen options.
  init(screen: RunScreenOptions, dock: RunDockMode = .full) throws {
    self.init(
      RunController(
        layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
        keymaps: try shippedKeymaps(), keymap: "numpad", strings: UIStrings(.korean),
        emulator: Emulator(rows: 24, columns: 80), dock: dock,
        screen: screen))
  }

  /// The rows of the program's part of the window, as text.
  func programRows(_ rows: Range<Int>) -> [String] {
    let screen = render()
    return rows.map { screen.rowText($0) }
  }
}

@Suite("cheonjiin run: scrollback, the real cursor, the mouse and the clipboard")
struct RunScreenTests {
  @Test("Shift-PgUp shows what scrolled off; new output keeps the view; any key goes back down")
  func scrollback() throws {
    var driver = try RunDriver(screen: RunScreenOptions())
    driver.childWrites((1...100).map { "line \($0)" }.joined(separator: "\r\n"))
    #expect(driver.programRows(23..<24) == ["line 100"])
    driver.send("\u{1b}[5;2~")  // Shift-PgUp: a page less one line
    #expect(driver.programRows(0..<1) == ["line 54"])
    #expect(driver.statusLine.contains("23줄 위"))
    #expect(driver.render().cursor == .hidden)
    driver.childWrites("\r\nline 101\r\nline 102")
    #expect(driver.programRows(0..<1) == ["line 54"])  // the same lines stay in view
    #expect(driver.takeSent() == "")
    driver.send("\u{1b}[6;2~")  // Shift-PgDn
    #expect(driver.programRows(0..<1) == ["line 77"])
    driver.send("x")  // any key: back to the bottom, and the key goes to the program
    #expect(driver.programRows(23..<24) == ["line 102"])
    #expect(driver.takeSent() == "x")
  }

  @Test("the wheel scrolls back; on the alternate screen it is the arrow keys (less, man)")
  func wheel() throws {
    var driver = try RunDriver(screen: RunScreenOptions())
    driver.childWrites((1...50).map { "line \($0)" }.joined(separator: "\r\n"))
    driver.send("\u{1b}[<64;10;5M")  // wheel up over the program
    #expect(driver.programRows(23..<24) == ["line 47"])
    driver.send("\u{1b}[<65;10;5M")
    #expect(driver.programRows(23..<24) == ["line 50"])
    driver.childWrites("\u{1b}[?1049h")
    driver.send("\u{1b}[<65;10;5M")
    #expect(driver.takeSent() == "\u{1b}[B\u{1b}[B\u{1b}[B")
  }

  @Test("the terminal reports the mouse while the dock shows or the program asks, as --mouse says")
  func mouseReporting() throws {
    var auto = try RunDriver(screen: RunScreenOptions())
    #expect(auto.render().mouseReporting == .buttons)  // the dock's keys take clicks
    auto.childWrites("\u{1b}[?1003h")
    #expect(auto.render().mouseReporting == .motion)
    var hidden = try RunDriver(screen: RunScreenOptions(), dock: .hidden)
    #expect(hidden.render().mouseReporting == .off)  // nothing of ours to click
    hidden.childWrites("\u{1b}[?1000h")
    #expect(hidden.render().mouseReporting == .buttons)
    var program = try RunDriver(screen: RunScreenOptions(mouse: .program))
    #expect(program.render().mouseReporting == .off)  // plain drags select
    program.childWrites((1...50).map(String.init).joined(separator: "\r\n"))
    program.send("\u{1b}[5;2~")
    #expect(program.render().mouseReporting == .buttons)  // the wheel scrolls on
    var off = try RunDriver(screen: RunScreenOptions(mouse: .off))
    off.childWrites("\u{1b}[?1000h")
    #expect(off.render().mouseReporting == .off)
  }

  @Test("a drag over a program that does not take the mouse says to hold Shift")
  func selectHint() throws {
    var driver = try RunDriver(screen: RunScreenOptions())
    driver.send("\u{1b}[<0;5;3M\u{1b}[<32;9;3M\u{1b}[<0;9;3m")
    #expect(driver.statusLine.contains("Shift"))
    #expect(driver.takeSent() == "")
  }

  @Test("clicks on the dock: a key types, a word is taken, 닫기 puts the pad away")
  func dockClicks() throws {
    var driver = try RunDriver(screen: RunScreenOptions())
    let screen = driver.render()
    // Find two keys by their labels on the drawn pad: ㅇㅁ (phone 0) and 닫기.
    func cell(_ label: String) -> (row: Int, column: Int)? {
      for row in 24..<29 {
        if let range = screen.rowText(row).range(of: label) {
          let column = screen.rowText(row)[..<range.lowerBound].reduce(0) {
            $0 + DisplayWidth.of($1)
          }
          return (row, column)
        }
      }
      return nil
    }
    let zero = try #require(cell("ㅇㅁ"))
    driver.send(
      "\u{1b}[<0;\(zero.column + 1);\(zero.row + 1)M\u{1b}[<0;\(zero.column + 1);\(zero.row + 1)m")
    #expect(driver.controller.typing.engine.preedit == "ㅇ")
    let close = try #require(cell("닫기"))
    driver.send(
      "\u{1b}[<0;\(close.column + 1);\(close.row + 1)M\u{1b}[<0;\(close.column + 1);\(close.row + 1)m"
    )
    #expect(driver.takeSent() == "ㅇ")  // the open syllable goes first
    #expect(driver.controller.dock == .compact)
  }

  @Test("the open syllable at the right edge shows on the next row, the cursor after it")
  func rightMargin() throws {
    var driver = try RunDriver(screen: RunScreenOptions())
    driver.childWrites(String(repeating: "x", count: 79))  // the cursor on the last column
    driver.type(numpadKeys(forPhoneDigits: "0"))
    let screen = driver.render()
    #expect(screen.rowText(1).hasPrefix("ㅇ"))
    #expect(screen.cursor == .shown(row: 1, column: 2, style: 0))
    driver.childWrites("\u{1b}[24;80H")  // the last row: against the edge
    #expect(driver.render().rowText(23).hasSuffix("ㅇ"))
    #expect(driver.render().cursor == .shown(row: 23, column: 79, style: 0))
  }

  @Test("dim, strike and blink reach the terminal's SGR")
  func attributes() throws {
    var driver = try RunDriver(screen: RunScreenOptions())
    driver.childWrites("\u{1b}[2ma\u{1b}[0;9mb\u{1b}[0;5mc")
    let screen = driver.render()
    #expect(screen[0, 0].attributes.contains(.dim))
    #expect(screen[0, 1].attributes.contains(.strike))
    #expect(screen[0, 2].attributes.contains(.blink))
    var writer = FrameWriter()
    let bytes = String(
      decoding: writer.update(
        to: screen, palette: Palette(theme: Theme.named(.light), depth: .twoHundredFiftySix)),
      as: UTF8.self)
    #expect(bytes.contains("\u{1b}[0;2ma") || bytes.contains("\u{1b}[2ma"))
    #expect(bytes.contains("9mb") && bytes.contains("5mc"))
  }

  @Test("a program's bold and bright colours reach an 8-colour terminal; concealed text is blank")
  func eightColours() throws {
    var driver = try RunDriver(screen: RunScreenOptions())
    driver.childWrites("\u{1b}[1;31mBR\u{1b}[0m.\u{1b}[91mX\u{1b}[0m.\u{1b}[8;4msecret\u{1b}[0m.")
    let screen = driver.render()
    #expect(screen.rowText(0) == "BR.X.      .")
    #expect(!screen[0, 5].attributes.contains(.underline))
    for theme in [Theme.named(.light), Theme.named(.dark), Theme.named(.contrast)] {
      var writer = FrameWriter()
      let bytes = String(
        decoding: writer.update(to: screen, palette: Palette(theme: theme, depth: .eight)),
        as: UTF8.self)
      // Bold red, and bright red as bold over red, as tmux draws it with 8 colours.
      for text in ["BR", "X"] {
        let sgr = Self.parameters(before: text, in: bytes)
        #expect(sgr.contains("1") && sgr.contains("31"), "\(text): \(bytes.debugDescription)")
      }
    }
  }

  /// The parameters of the last SGR written before `text`.
  static func parameters(before text: String, in bytes: String) -> Set<Substring> {
    guard let end = bytes.range(of: "m" + text)?.lowerBound,
      let start = bytes[..<end].range(of: "\u{1b}[", options: .backwards)?.upperBound
    else { return [] }
    return Set(bytes[start..<end].split(separator: ";"))
  }

  @Test("a clipboard write goes to the terminal only with --allow-clipboard, and only base64")
  func clipboard() throws {
    func passed(_ options: RunScreenOptions, _ text: String) throws -> [[UInt8]] {
      var driver = try RunDriver(screen: options)
      driver.childWrites(text)
      return driver.effects.compactMap {
        if case .own(.passToTerminal(let bytes)) = $0 { bytes } else { nil }
      }
    }
    #expect(try passed(RunScreenOptions(), "\u{1b}]52;c;aGk=\u{07}").isEmpty)
    let allowed = RunScreenOptions(passesClipboard: true)
    #expect(try passed(allowed, "\u{1b}]52;c;aGk=\u{07}") == [Array("\u{1b}]52;c;aGk=\u{07}".utf8)])
    #expect(try passed(allowed, "\u{1b}]52;c;a\u{1b}[31m\u{07}").isEmpty)
  }

  @Test("the frame writer shows the cursor where asked, its style only where the terminal takes it")
  func writerCursor() {
    var screen = Screen(rows: 3, columns: 10, width: DisplayWidth.of)
    screen.cursor = .shown(row: 1, column: 4, style: 5)
    screen.mouseReporting = .off
    let palette = Palette(theme: Theme.named(.light), depth: .twoHundredFiftySix)
    var plain = FrameWriter(setsCursorStyle: false)
    let first = String(decoding: plain.update(to: screen, palette: palette), as: UTF8.self)
    #expect(first.hasSuffix("\u{1b}[2;5H\u{1b}[?25h"))
    #expect(first.contains("\u{1b}[?1000l") && !first.contains(" q"))
    var styled = FrameWriter(setsCursorStyle: true)
    _ = styled.update(to: screen, palette: palette)
    #expect(styled.exitBytes == Array("\u{1b}[0 q".utf8))
    screen.cursor = .hidden
    screen.draw("x", row: 0, column: 0, style: .normal)
    let hidden = String(decoding: styled.update(to: screen, palette: palette), as: UTF8.self)
    #expect(hidden.hasPrefix("\u{1b}[?25l"))  // hidden before the cells are drawn
    #expect(hidden.components(separatedBy: "\u{1b}[?25l").count == 2)  // once
  }

  @Test("random output, clicks, wheel and scroll keys with suggestions shown, at any size: no trap")
  func randomSessions() throws {
    var generator = SplitMix64(state: 0x5EED_0021)
    let keys = [
      "\u{1b}[5;2~", "\u{1b}[6;2~", "\u{1b}[<64;5;3M", "\u{1b}[<65;5;3M", keypad("0"), keypad("7"),
      keypad("8"), keypad("+"), "x", "\u{1b}[24~", "\u{1b}OP", "\u{1b}[B",
      // 아, whose suggestions fill the status line (a narrow one cuts them).
      numpadKeys(forPhoneDigits: "012").joined(), numpadKeys(forPhoneDigits: "012").joined(),
    ]
    for _ in 0..<fuzzRounds(12, divisor: 500) {
      var driver = try RunDriver(screen: RunScreenOptions(passesClipboard: true))
      let speller = try #require(
        PrimitiveSpeller(vowels: driver.controller.typing.engine.layout.composer.vowels))
      let corpus = Lexicon.parseCorpus("아이\t100\n아니요\t90\n아버지\t80\n아주머니\t70\n").entries
      driver.load(
        SuggestionData(
          index: SuggestionIndex(corpus: corpus, everyday: [], speller: speller),
          user: UserWords(speller: speller), today: 20_000))
      for _ in 0..<40 {
        let size = driver.session.size
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
          let line = String(repeating: "가a", count: Int.random(in: 0...120, using: &generator))
          driver.childWrites(line + (Bool.random(using: &generator) ? "\r\n" : ""))
        case 1:
          let row = Int.random(in: 1...max(1, size.rows), using: &generator)
          let column = Int.random(in: 1...max(1, size.columns), using: &generator)
          driver.send("\u{1b}[<0;\(column);\(row)M\u{1b}[<0;\(column);\(row)m")
        case 2:
          driver.session.size = (
            Int.random(in: 1...40, using: &generator), Int.random(in: 1...120, using: &generator)
          )
          driver.effects += driver.session.deliver(.resized, at: driver.now)
        case 3:
          driver.send(keys.randomElement(using: &generator) ?? "x")
        default:
          driver.wait(UInt64.random(in: 0...700, using: &generator))
        }
        let now = driver.session.size
        let screen = driver.render(rows: now.rows, columns: now.columns)
        #expect(screen.rows == now.rows && screen.columns == now.columns)
        if case .shown(let row, let column, _) = screen.cursor {
          #expect((0..<now.rows).contains(row) && (0..<now.columns).contains(column))
        }
      }
    }
  }
}
