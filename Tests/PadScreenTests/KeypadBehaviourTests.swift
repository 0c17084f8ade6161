import HangulEngine
import LayoutLoading
import ScreenTestSupport
import TerminalInput
import Testing

@testable import PadScreen
@testable import PadViews
@testable import TerminalUI

@Suite("Long press, repeat delete, focus, mouse, exits")
struct KeypadBehaviourTests {
  @Test("kitty release events: a 600 ms hold types the digit, a short press the letter")
  func kittyHold() throws {
    var driver = try kittyDriver()
    #expect(driver.session.pipeline.negotiation.reportsReleases)
    driver.send(kitty(kp4))  // KP4 down (phone 4, ㄱㅋ)
    #expect(driver.text == "ㄱ")  // the tap shows at once
    driver.wait(600)
    #expect(driver.text == "4")  // rolled back, then the digit
    driver.send(kitty(kp4, 3))
    driver.wait(100)
    driver.send(kitty(kp4))
    driver.wait(100)
    driver.send(kitty(kp4, 3))
    #expect(driver.text == "4ㄱ")
  }

  @Test("a held key shows its progress, and one hold is one digit")
  func holdProgress() throws {
    var driver = try kittyDriver()
    driver.send(kitty(kp0))
    driver.wait(250)
    let model = driver.controller.viewModel(at: driver.now, input: driver.inputState)
    let fraction = try #require(model.decorations.values.compactMap(\.holdFraction).first)
    #expect(fraction > 0.4 && fraction < 0.6)
    driver.wait(2000)
    driver.send(kitty(kp0, 3))
    #expect(driver.text == "0")
  }

  @Test("without release events the progress shows once auto-repeat proves the key is held")
  func inferredHoldProgress() throws {
    var driver = try Driver()
    func fraction() -> Double? {
      driver.controller.viewModel(at: driver.now, input: driver.inputState).decorations.values
        .compactMap(\.holdFraction).first
    }
    driver.send(keypad("4"))
    driver.wait(100)
    #expect(fraction() == nil, "a press alone may be a tap")
    driver.wait(150)  // the OS repeats after 250 ms, then every 33 ms
    driver.send(keypad("4"))
    driver.wait(33)
    driver.send(keypad("4"))
    driver.wait(33)
    driver.send(keypad("4"))
    // Counted from the real press, 316 ms ago, with the hold at 500 ms.
    let shown = try #require(fraction())
    #expect(shown > 0.55 && shown < 0.7, "\(shown)")
    for _ in 0..<8 {
      driver.wait(33)
      driver.send(keypad("4"))
    }
    #expect(fraction() == nil, "the hold fired")
    #expect(driver.text == "4")
  }

  @Test("auto-repeat without releases (X11 660/40): the hold is inferred")
  func inferredHold() throws {
    var driver = try Driver()
    driver.send(keypad("4"))
    driver.wait(660)
    for _ in 0..<5 {
      driver.send(keypad("4"))
      driver.wait(40)
    }
    driver.wait(300)
    #expect(driver.text == "4")
  }

  @Test("a genuine double tap is not a hold")
  func doubleTap() throws {
    var driver = try Driver()
    driver.type([keypad("4"), keypad("4")], gap: 180)
    driver.wait(1500)
    #expect(driver.text == "ㅋ")
  }

  @Test("held ⌫ (kitty) deletes every 100 ms until the release")
  func repeatDelete() throws {
    var driver = try kittyDriver()
    driver.type(numpadKeys(forPhoneDigits: "412##412##412##412##"), gap: 150)
    // Expected: "가 가 가 가 " (16 characters... the engine decides); count what is there.
    let before = driver.text.count
    driver.send("\u{1b}[57412;129u")  // KP- down: ⌫
    driver.wait(500 + 350)  // hold delay, then three 100 ms ticks (and one at the start)
    driver.send("\u{1b}[57412;129:3u")
    let deleted = before - driver.text.count
    #expect(deleted >= 4 && deleted <= 5)
    driver.wait(1000)
    #expect(before - driver.text.count == deleted)  // nothing after the release
  }

  @Test("arrows move the focus; Enter presses it, and holding Enter is a long press")
  func focusAndEnter() throws {
    var driver = try kittyDriver()
    driver.send("\u{1b}[C")  // → shows the focus on ㄴㄹ (phone 5)
    driver.send("\u{1b}[D")  // ← moves it to ㄱㅋ
    driver.send("\u{1b}[13u")  // Enter (kitty): press
    driver.send("\u{1b}[13;1:3u")  // release
    #expect(driver.text == "ㄱ")
    driver.wait(200)
    driver.send("\u{1b}[13u")
    driver.wait(700)
    driver.send("\u{1b}[13;1:3u")
    #expect(driver.text == "ㄱ4")
  }

  @Test("mouse: a click presses the key under it; holding it types the digit")
  func mouse() throws {
    var driver = try Driver()
    let (row, column) = try mouseCell(ofPhoneKey: "4", in: driver)
    driver.send("\u{1b}[<0;\(column);\(row)M")
    driver.wait(100)
    driver.send("\u{1b}[<0;\(column);\(row)m")
    #expect(driver.text == "ㄱ")
    driver.wait(300)
    driver.send("\u{1b}[<0;\(column);\(row)M")
    driver.wait(600)
    driver.send("\u{1b}[<0;\(column);\(row)m")
    #expect(driver.text == "ㄱ4")
  }

  @Test("mouse: a drag off the key types its digit on release (a flick), never a long press")
  func mouseFlick() throws {
    var driver = try Driver()
    let (row, column) = try mouseCell(ofPhoneKey: "4", in: driver)
    let outside = try #require(driver.placement).padTop  // the row above the pad: no key
    driver.send("\u{1b}[<0;\(column);\(row)M")
    driver.wait(100)
    driver.send("\u{1b}[<32;\(column);\(outside)M")  // dragged off the key
    driver.wait(900)  // past the hold delay: no long press while dragging
    #expect(driver.text == "ㄱ")
    driver.send("\u{1b}[<0;\(column);\(outside)m")
    #expect(driver.text == "4")
    // Dragged off and back: released on the key, it stays a tap.
    driver.send("\u{1b}[<0;\(column);\(row)M")
    driver.wait(50)
    driver.send("\u{1b}[<32;\(column);\(outside)M")
    driver.wait(50)
    driver.send("\u{1b}[<32;\(column);\(row)M")
    driver.wait(50)
    driver.send("\u{1b}[<0;\(column);\(row)m")
    #expect(driver.text == "4ㄱ")
  }

  @Test("kitty tells the keypad from the top row: keypad is numpad, digits are phone")
  func kittyBothKeymaps() throws {
    var driver = try kittyDriver()
    driver.type([kitty(57406), kitty(57406, 3)], gap: 100)  // KP7 → ㅣ (numpad: top row)
    driver.type(["\u{1b}[55;129u", "\u{1b}[55;129:3u"], gap: 100)  // top-row 7 → ㅂㅍ (phone)
    #expect(driver.text == "ㅣㅂ")
  }

  @Test("Esc dismisses with the text; Ctrl-C cancels and asks to keep the draft")
  func exits() throws {
    var driver = try Driver()
    driver.type(numpadKeys(forPhoneDigits: "412"))
    driver.send("\u{1b}")
    driver.wait(50)  // still within the lone-Esc timeout: could be an arrow's first byte
    #expect(!driver.effects.contains(.finish("가")))
    driver.wait(100)
    #expect(driver.effects.contains(.finish("가")))
    var cancelled = try Driver()
    cancelled.type(numpadKeys(forPhoneDigits: "412"))
    cancelled.send("\u{03}")
    #expect(cancelled.effects.contains(.cancel))
    #expect(cancelled.effects.contains(.own(.saveDraft("가"))))
  }

  @Test("the draft is saved a moment after typing stops, not on every key")
  func draftDebounce() throws {
    var driver = try Driver()
    driver.send(keypad("4"))
    driver.wait(100)
    #expect(!driver.effects.contains { if case .own(.saveDraft) = $0 { true } else { false } })
    driver.wait(600)
    #expect(driver.effects.contains(.own(.saveDraft("ㄱ"))))
  }

  @Test("typing that never pauses for 500 ms still has its draft saved at most 2 s behind")
  func draftSavedWhileTyping() throws {
    var driver = try Driver()
    var lastSave = driver.now
    var saves = 0
    // A key every 400 ms for 6 s: never the pause that saves the draft.
    for step in 0..<15 {
      driver.send(keypad(step.isMultiple(of: 2) ? "4" : "7"))
      let before = driver.effects.count
      driver.wait(400)
      let saved = driver.effects[before...].compactMap { effect -> String? in
        if case .own(.saveDraft(let text)) = effect { text } else { nil }
      }
      if let text = saved.last {
        #expect(text == driver.text)
        lastSave = driver.now
        saves += saved.count
      }
      #expect(driver.now - lastSave <= .milliseconds(2_400), "step \(step)")
    }
    #expect(saves >= 2)
  }

  @Test("pasted text and text from the system's input method are inserted as typed")
  func paste() throws {
    var driver = try Driver()
    driver.send("\u{1b}[200~안녕 \u{1b}[201~")
    driver.send("하")
    #expect(driver.text == "안녕 하")
    #expect(driver.effects.contains(.own(.mirror(erase: 0, insert: "안녕 "))))
  }

  @Test("F2 switches the keymap, and the pad hints follow")
  func switchKeymap() throws {
    var driver = try Driver()
    #expect(driver.controller.keypad.keymap.id == "numpad")
    driver.send("\u{1b}OQ")  // F2
    #expect(driver.controller.keypad.keymap.id == "phone")
    driver.type(["1"])
    #expect(driver.text == "ㅣ")
  }

  @Test("an unused key says so and changes nothing")
  func unusedKey() throws {
    var driver = try Driver()
    driver.send("q")
    #expect(driver.text.isEmpty)
    #expect(driver.controller.viewModel(at: driver.now).message != nil)
  }

  @Test("a stray or endless escape sequence loses no text")
  func badBytes() throws {
    var driver = try Driver()
    driver.type(numpadKeys(forPhoneDigits: "412"))
    driver.send("\u{1b}[" + String(repeating: "9", count: 500))
    driver.send("\u{ff}\u{fe}")
    driver.wait(300)
    #expect(driver.text.hasPrefix("가"))
  }
}

/// A cell of the key at a phone position, 1-based as SGR mouse reports give it.
private func mouseCell(ofPhoneKey phone: Character, in driver: Driver) throws -> (Int, Int) {
  let place = try #require(driver.placement)
  let rect = try #require(
    place.geometry.rects.first { driver.controller.keypad.layout.keys[$0.key].phone == phone })
  return (place.padTop + rect.row + 2, place.padLeft + rect.column + 2)
}
