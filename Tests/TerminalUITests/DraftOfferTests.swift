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
