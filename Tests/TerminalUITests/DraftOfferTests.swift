import Testing

@testable import TerminalUI

@Suite("The draft offer")
struct DraftOfferTests {
  @Test("the preview keeps the draft's line breaks")
  func keepsLineBreaks() {
    #expect(KeypadController.draftPreview("첫 줄\n둘째 줄") == ["“첫 줄", " 둘째 줄”"])
  }

  @Test("a long line is cut with …, and lines past the third are said to follow")
  func cutsLongDrafts() {
    let long = String(repeating: "가", count: 60)
    #expect(KeypadController.draftPreview(long) == ["“" + String(repeating: "가", count: 40) + "…”"])
    let preview = KeypadController.draftPreview("1\n2\n3\n4\n5")
    #expect(preview == ["“1", " 2", " 3 …”"])
  }

  @Test("a draft of megabytes previews its start without reading it all")
  func hugeDraft() {
    let huge = String(repeating: "가나다라\n", count: 400_000)
    #expect(KeypadController.draftPreview(huge).count == 3)
  }

  @Test("Esc at the offer sets the draft aside and says where it went")
  func escapeSaysWhere() throws {
    var driver = try Driver(draft: "지난번 글")
    driver.send("\u{1b}")
    driver.wait(100)
    #expect(driver.effects.contains { if case .setDraftAside = $0 { true } else { false } })
    #expect(driver.render().textDump.contains("draft.txt.old"))
    #expect(driver.text == "")
  }
}

@Suite("The text area's scroll mark")
struct ScrollMarkTests {
  @Test("lines scrolled out of sight put ↑ at the top right; a short text has none")
  func moreAbove() throws {
    var driver = try Driver()
    driver.send("\u{1b}[200~한 줄\n두 줄\u{1b}[201~")
    let short = driver.render().textDump.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!short[0].hasSuffix("↑"))
    let many = (1...40).map { "줄 \($0)" }.joined(separator: "\n")
    driver.send("\u{1b}[200~\n" + many + "\u{1b}[201~")
    let long = driver.render().textDump.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(long[0].hasSuffix("↑"), "\(long[0])")
    #expect(!long[1].hasSuffix("↑"))
  }
}

@Suite("The !#1 pad and the numeric keypad")
struct DigitPadTests {
  @Test("on the !#1 pad each keypad digit types itself", arguments: 0...9)
  func keypadDigits(digit: Int) throws {
    var driver = try kittyDriver()
    for code in [57410, 57399 + digit] {  // KP/ (!#1), then KPn
      driver.send("\u{1b}[\(code);129u\u{1b}[\(code);129:3u")
      driver.wait(150)
    }
    driver.send("\u{1b}")  // ends the composition
    driver.wait(100)
    #expect(driver.text.hasSuffix(String(digit)), "KP\(digit) typed \(driver.text)")
  }
}

@Suite("Large keys that do not fit")
struct LargeKeysTests {
  @Test("--large in a window too small for it says what size it needs")
  func saysSo() throws {
    var settings = KeypadSettings()
    settings.keySize = .large
    settings.language = .korean
    var driver = try Driver(settings: settings)
    driver.session.size = (24, 80)
    driver.wait(10)
    let small = driver.render(rows: 24, columns: 80).textDump
    #expect(small.contains("큰 키는 창이"), "\(small)")
  }
}
