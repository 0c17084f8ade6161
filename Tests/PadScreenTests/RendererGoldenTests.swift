import CellGrid
import Foundation
import HangulEngine
import ScreenTestSupport
import TerminalUI
import Testing
import Typing

@testable import PadScreen

/// Golden screens: controller state → `Screen` → text dump, compared with `Golden/*.screen` (tig's
/// :save-display, in-process).
///
/// Run with CHEONJIIN_UPDATE_GOLDEN=1 to rewrite them, then review the diff.
struct GoldenCase: Sendable, CustomTestStringConvertible {
  let name: String
  let rows: Int
  let columns: Int
  let setup: @Sendable (inout Driver) -> Void
  var testDescription: String { name }
}

@Suite("Renderer golden screens")
struct RendererGoldenTests {
  static let cases: [GoldenCase] = [
    GoldenCase(name: "typing-80x30", rows: 30, columns: 80) { driver in
      driver.type(numpadKeys(forPhoneDigits: "0125#52210881282110223"))
      driver.type([keypad("*")])  // a pending mark, so the preedit shows
    },
    GoldenCase(name: "empty-korean-80x30", rows: 30, columns: 80) { _ in },
    GoldenCase(name: "compact-32x14", rows: 14, columns: 32) { driver in
      driver.type(numpadKeys(forPhoneDigits: "412"))
    },
    GoldenCase(name: "too-small-24x8", rows: 8, columns: 24) { driver in
      driver.type(numpadKeys(forPhoneDigits: "412"))
    },
    GoldenCase(name: "help-100x40", rows: 40, columns: 100) { driver in
      driver.send("\u{1b}OP")  // F1
    },
    GoldenCase(name: "help-scrolled-korean-80x24", rows: 24, columns: 80) { driver in
      driver.send("\u{1b}OP")  // F1
      driver.send("\u{1b}[B\u{1b}[B\u{1b}[B")  // ↓↓↓
    },
    GoldenCase(name: "symbols-80x30", rows: 30, columns: 80) { driver in
      driver.type([keypad("/")])
    },
    // The compact size: each face names the keypad key that presses it.
    GoldenCase(name: "symbols-korean-80x24", rows: 24, columns: 80) { driver in
      driver.type([keypad("/")])
    },
    GoldenCase(name: "symbols-100x32", rows: 32, columns: 100) { driver in
      driver.type([keypad("/")])
    },
    GoldenCase(name: "long-text-wraps-40x20", rows: 20, columns: 40) { driver in
      for _ in 0..<14 { driver.type(numpadKeys(forPhoneDigits: "4126##")) }
    },
  ]

  @Test(arguments: cases)
  func golden(_ testCase: GoldenCase) throws {
    var settings = KeypadSettings()
    settings.language = testCase.name.contains("korean") ? .korean : .english
    var driver = try Driver(settings: settings)
    testCase.setup(&driver)
    let frame = driver.render(rows: testCase.rows, columns: testCase.columns)
    try compareGolden(testCase.name, frame.textDump)
  }

  @Test("the draft offer is a prompt; Enter takes the draft")
  func draftPrompt() throws {
    var driver = try Driver(draft: "지난번 글")
    driver.type(["x"])  // not a pad key: ignored, the prompt waits for an answer
    try compareGolden("draft-prompt-60x20", driver.render(rows: 20, columns: 60).textDump)
    driver.send("\r")
    #expect(driver.text == "지난번 글")
  }

  @Test("typing at the draft prompt takes the draft and types the key; nothing is lost")
  func typingTakesDraft() throws {
    var driver = try Driver(draft: "지난번 글")
    driver.type([keypad("4")])
    #expect(driver.text == "지난번 글ㄱ")
  }

  /// A run that ends while the draft is still offered must keep it (it was deleted: the
  /// empty text was saved over it).
  @Test("Ctrl-C at the draft prompt cancels and keeps the draft untouched")
  func cancelAtDraftPrompt() throws {
    var driver = try Driver(draft: "지난번 글")
    driver.send("\u{03}")
    #expect(driver.effects.contains { if case .cancel = $0 { true } else { false } })
    #expect(
      !driver.effects.contains {
        if case .own(.saveDraft(let text)) = $0 { text != "지난번 글" } else { false }
      })
    #expect(driver.controller.keptDraft == "지난번 글")
  }

  @Test("styles: the composing syllable, a pressed key and the focus are marked")
  func styles() throws {
    var driver = try Driver()
    driver.send(keypad("0"))
    driver.send("\u{1b}[C")  // → shows the focus
    driver.wait(30)  // the flash is still on (the arrow came whole: no Esc pending)
    let screen = driver.render(rows: 30, columns: 80)
    let cells = screen.cells
    #expect(cells.contains { $0.style == .composing && screen.character($0) == "ㅇ" })
    #expect(cells.contains { $0.style == .keyPressed })
    #expect(cells.contains { $0.style == .keyFocused })
    #expect(cells.contains { $0.style == .cursor })
  }

  @Test("Hangul takes two cells; a too-wide character is not split and the cut shows …")
  func wideCharacters() {
    var screen = Screen(rows: 1, columns: 5, width: terminalWidth)
    let end = screen.draw("가나다", row: 0, column: 0, style: .text)
    #expect(end == 5)
    #expect(screen.textDump == "가나…")
    #expect(screen.character(row: 0, column: 1) == nil)
    var even = Screen(rows: 1, columns: 4, width: terminalWidth)
    even.draw("가나다", row: 0, column: 0, style: .text)
    #expect(even.textDump == "가…")
    #expect(screen.width(of: "ㄱㆍ‥") == 2 + 2 + 1)
  }
}
