import ScreenTestSupport
import Testing
import Typing

@testable import PadScreen
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
    #expect(driver.effects.contains { if case .own(.setDraftAside) = $0 { true } else { false } })
    #expect(driver.render().textDump.contains("kept with your drafts"))
    #expect(driver.text == "")
  }
}

@Suite("Text whose destination cannot be confirmed")
struct UnconfirmedDeliveryTests {
  private func driver(_ why: UnconfirmedDelivery?) throws -> Driver {
    var settings = KeypadSettings()
    settings.unconfirmedDelivery = why
    return try Driver(settings: settings)
  }

  @Test("--clipboard alone: Esc keeps the text, the pad says where, and the next key closes")
  func clipboard() throws {
    var driver = try driver(.clipboard)
    driver.type([keypad("4"), keypad("7"), keypad("8")])  // 가
    driver.send("\u{1b}")
    driver.wait(100)
    #expect(driver.effects.contains(.own(.keepFinished("가"))))
    #expect(!driver.effects.contains { if case .finish = $0 { true } else { false } })
    // The run loop answers with where it went.
    driver.effects += driver.session.receive(.notice("kept in /somewhere"), at: driver.now)
    let screen = driver.render().textDump
    #expect(screen.contains("Sent to the clipboard, if the terminal allows it"))
    #expect(screen.contains("xterm"))
    #expect(screen.contains("kept in /somewhere"))
    #expect(screen.contains("Press any key to close"))
    driver.send("x")
    #expect(driver.effects.last == .finish("가"))
    #expect(driver.controller.isKept)
  }

  @Test("a window that closes with the pad: Esc keeps the text and says so too")
  func closingWindow() throws {
    var driver = try driver(.closingWindow)
    driver.type([keypad("4"), keypad("7"), keypad("8")])
    driver.send("\u{1b}")
    driver.wait(100)
    #expect(driver.effects.contains(.own(.keepFinished("가"))))
    #expect(driver.render().textDump.contains("This window closes with the keypad"))
  }

  @Test("a destination that confirms (a pipe, a file), or nothing typed: Esc finishes at once")
  func confirmed() throws {
    var plain = try driver(nil)
    plain.type([keypad("4"), keypad("7"), keypad("8")])
    plain.send("\u{1b}")
    plain.wait(100)
    #expect(plain.effects.last == .finish("가"))
    var empty = try driver(.clipboard)
    empty.send("\u{1b}")
    empty.wait(100)
    #expect(empty.effects.last == .finish(""))
  }
}

@Suite("F2, the keymap switch")
struct KeymapSwitchTests {
  @Test("F2 says the new keymap on the pad until the next key; F2 again puts it back")
  func banner() throws {
    var driver = try Driver()
    driver.send("\u{1b}OQ")  // F2
    driver.wait(50)
    let switched = driver.render().textDump
    #expect(switched.contains("Keymap switched to ‘phone’ · F2 again goes back to ‘numpad’"))
    // Still there while nothing is pressed: it ends with a key, not with time.
    driver.wait(10_000)
    #expect(driver.render().textDump.contains("Keymap switched to ‘phone’"))
    driver.send(keypad("7"))  // on the phone keymap the keypad's 7 is phone 7: ㅂ
    driver.wait(100)
    #expect(!driver.render().textDump.contains("Keymap switched"))
    #expect(driver.text == "ㅂ")
    driver.send("\u{1b}OQ")
    driver.wait(50)
    #expect(driver.render().textDump.contains("Keymap switched to ‘numpad’"))
    driver.send(keypad("7"))  // back on numpad: ㅣ, which makes ㅂ 비
    driver.wait(100)
    #expect(driver.text == "비")
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

@Suite("Every pad from the numeric keypad alone")
struct KeypadOnlyPadsTests {
  /// Presses and releases keypad keys by their kitty codes (KP0 57399 … KP9 57408, KP/ 57410,
  /// KP+ 57413).
  private func press(_ codes: [Int], _ driver: inout Driver) {
    for code in codes {
      driver.send("\u{1b}[\(code);129u\u{1b}[\(code);129:3u")
      driver.wait(150)
    }
  }

  @Test("/ goes round the pads: 한글 → !#1 → 기호 → ABC → 한글; the marks are on the phone keys")
  func aroundThePads() throws {
    var driver = try kittyDriver()
    let slash = 57410
    #expect(driver.controller.keypad.layout.id == "cheonjiin-galaxy")
    press([slash], &driver)
    #expect(driver.controller.keypad.layout.id == "symbols")
    press([slash], &driver)
    #expect(driver.controller.keypad.layout.id == "marks")
    // ^^ and ♡ for this age group: KP8 is the phone's 2 (^ ♡ ~), KP+ ends a mark.
    press([57407, 57413, 57407, 57413, 57407, 57407], &driver)
    #expect(driver.text == "^^♡")
    press([slash], &driver)
    #expect(driver.controller.keypad.layout.id == "abc")
    press([slash], &driver)
    #expect(driver.controller.keypad.layout.id == "cheonjiin-galaxy")
  }

  @Test("every mark of the !#1 pad is on the 기호 pad's phone keys")
  func everyMarkReachable() throws {
    let driver = try kittyDriver()
    let layouts = driver.controller.keypad.engine.layouts
    func marks(_ id: String, phoneOnly: Bool) -> Set<String> {
      var found: Set<String> = []
      for key in layouts.first(where: { $0.id == id })?.keys ?? []
      where !phoneOnly || key.phone != nil {
        if case .text(let cycle) = key.action { found.formUnion(cycle) }
      }
      return found
    }
    let digits = Set((0...9).map(String.init))
    let missing = marks("symbols", phoneOnly: false).subtracting(digits)
      .subtracting(marks("marks", phoneOnly: true))
    #expect(missing.isEmpty, "\(missing.sorted())")
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
