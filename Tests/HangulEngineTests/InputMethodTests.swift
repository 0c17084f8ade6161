import HangulEngine
import Testing

@Suite("Input method behaviour beyond the vectors")
struct InputMethodTests {
  @Test("each press reports what it committed, read right after the press")
  func commitReport() throws {
    var runner = SequenceRunner(layouts: try inputMethod().layouts)
    var commits: [String] = []
    try runner.run("ㄱㅣᆞㄴㅣ_ㅇ.._") { step, engine in
      commits.append(String(engine.commit(of: step.output)))
    }
    // Only boundary keys commit: _ commits 가니, the first . commits ㅇ, the last _ commits ",".
    #expect(commits == ["", "", "", "", "", "가니", "", "ㅇ", "", ","])
    #expect(runner.engine.committed == "가니ㅇ,")
  }

  @Test("⌫ outside a composition reports the deleted character")
  func deleteReport() throws {
    var engine = try inputMethod()
    let outputs = try press("ㄱㅣᆞ_<<", on: &engine)
    #expect(outputs[4].deleted == 1)
    #expect(outputs[4].consumed)
    #expect(outputs[5].deleted == 0)
    #expect(!outputs[5].consumed)  // nothing left to delete
    #expect(engine.text.isEmpty)
  }

  @Test("a value copy is a snapshot: restoring it restores the text and the composition")
  func snapshot() throws {
    var engine = try inputMethod()
    try press("ㅇㅣᆞㄴㅅ", on: &engine)
    let snapshot = engine
    try press("ㅅㅡ_ㄱㄱ<<<<<", on: &engine)
    engine = snapshot
    #expect(engine.text == "안ㅅ")
    try press("ㅅ", on: &engine)  // still cycling: 안ㅅ + ㅅㅎ → 않
    #expect(engine.text == "않")
  }

  @Test("a hold after an optimistic tap: restore, then the digit closes the composition")
  func holdRollback() throws {
    var engine = try inputMethod()
    try press("ㄱㅣᆞ", on: &engine)
    let beforeTap = engine
    try press("ㄱ", on: &engine)  // the tap, applied at once
    #expect(engine.text == "각")
    engine = beforeTap  // the press turned out to be a hold
    try press("<hold:4>", on: &engine)
    #expect(engine.text == "가4")
    #expect(!engine.isComposing)
  }

  @Test("iPhone style: → only ends a syllable, ␣ always types a space")
  func iphone() throws {
    #expect(try typed("ㅇᆞㅡ<space>ㅇㅣᆞㄴ<next>ㄴᆞᆞㅣㅇ", layout: "cheonjiin-iphone") == "오 안녕")
    #expect(try typed("ㄱㄱ<next>ㄱㄱ", layout: "cheonjiin-iphone") == "ㅋㅋ")
    #expect(try typed("<next><next>", layout: "cheonjiin-iphone") == "")
    #expect(try typed("<space><space>", layout: "cheonjiin-iphone") == "  ")
    #expect(throws: KeySequenceError.self) { try typed("ㄱ_ㄱ", layout: "cheonjiin-iphone") }
  }

  @Test("the symbols pad types digits and marks and switches back")
  func symbols() throws {
    #expect(try typed("ㄱㅣᆞ<symbols>123<hangul>ㄴㅣᆞ") == "가123나")
    #expect(try typed("<symbols><at><at><at>_<at>") == "&@")
    #expect(try typed("<symbols>1_2") == "1 2")  // a digit commits at once, so _ types a space
  }

  @Test("the ABC pad types Latin letters by multi-tap")
  func abc() throws {
    #expect(try typed("<symbols><abc>44 33 555<next>555 666") == "hello")
    #expect(try typed("<symbols><abc>2222") == "A")
    #expect(try typed("<symbols><abc>2<hold:2>") == "a2")
  }

  @Test("holding a letter key types its digit; one hold is one digit")
  func holdDigits() throws {
    #expect(try typed("<hold:1><hold:2><hold:3><hold:4><hold:5><hold:6><hold:7><hold:8><hold:9><hold:0>") == "1234567890")
    #expect(try typed("ㅇㅣᆞㄴ<hold:5>ㄴ") == "안5ㄴ")
    #expect(try typed("<hold:bs>") == "")
  }

  @Test("⏎ ends the composition and types a newline")
  func enter() throws {
    #expect(try typed("ㄱㅣᆞ<enter>ㄴ") == "가\nㄴ")
    #expect(try typed("ㄱㅣᆞ<enter><") == "가")
  }

  @Test("the smart space policy types a space after a vowel or a mark, not after a consonant")
  func smartSpace() throws {
    var layout = try inputMethod().layouts
    layout[0].composer.space = .smart
    var runner = SequenceRunner(layouts: layout)
    try runner.run("ㅇᆞㅡ_ㅇㅣᆞㄴ_ㄴᆞᆞㅣㅇ")
    #expect(runner.engine.text == "오 안녕")
    try runner.run("ㄱㅣᆞ._ㄴ")
    #expect(runner.engine.text == "가. ㄴ")
  }

  @Test("unknown tokens name the token and the column")
  func unknownToken() {
    do {
      _ = try KeySequence.parse("ㄱㅣ x")
      Issue.record("parsed an unknown token")
    } catch {
      #expect(error.column == 4)
      #expect(error.token == "x")
    }
    do {
      _ = try typed("ㄱㅋ")
      Issue.record("pressed ㅋ, which is not a key")
    } catch {
      #expect(error.localizedDescription.isEmpty == false)
    }
  }

  @Test("an unclosed name is named as such; a lone < before a key is still ⌫")
  func unclosedName() throws {
    for text in ["ㄱ<hold:4", "<bs ㄱ", "<hold:<bs>>"] {
      do {
        _ = try KeySequence.parse(text)
        Issue.record("parsed \(text)")
      } catch {
        #expect(error.reason.contains("is not closed"), "\(text): \(error.reason)")
      }
    }
    #expect(try KeySequence.parse("<ㄱ").map(\.token) == [.backspace, .consonant(.kiyeok)])
  }

  @Test("a control character is named by its code, never echoed to the terminal")
  func controlCharacter() {
    do {
      _ = try KeySequence.parse("ㄱ\u{1B}[31m")
      Issue.record("parsed ESC")
    } catch {
      #expect(error.column == 2)
      #expect(error.reason.contains("U+001B"))
      #expect(!error.reason.unicodeScalars.contains("\u{1B}"))
    }
  }

  @Test("bracketed names and white space")
  func notation() throws {
    let tokens = try KeySequence.parse(" ㄱ <bs>\t<hold:4> <dismiss> <<")
    #expect(tokens.map(\.token) == [.consonant(.kiyeok), .backspace, .hold(.phone("4")), .dismiss, .backspace, .backspace])
    #expect(tokens.map(\.column) == [2, 4, 9, 18, 28, 29])
    #expect(KeySequence.format(tokens.map(\.token)) == "ㄱ<<hold:4><dismiss><<")
  }
}
