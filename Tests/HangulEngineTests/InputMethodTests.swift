import HangulEngine
import Testing

@Suite("Input method behaviour beyond the vectors")
struct InputMethodTests {
  @Test("each press reports what it committed and the preedit after it")
  func commitReport() throws {
    var runner = SequenceRunner(layouts: try inputMethod().layouts)
    var outputs: [KeyOutput] = []
    try runner.run("ㄱㅣᆞㄴㅣ_ㅇ.._") { step, _ in outputs.append(step.output) }
    // Only boundary keys commit: _ commits 가니, the first . commits ㅇ, the last _ commits ",".
    #expect(outputs.map(\.commit) == ["", "", "", "", "", "가니", "", "ㅇ", "", ","])
    #expect(outputs.map(\.preedit) == ["ㄱ", "기", "가", "간", "가니", "", "ㅇ", ".", ",", ""])
    #expect(runner.typist.buffer.text == "가니ㅇ,")
  }

  @Test("⌫ with no composition asks the front end to erase one character")
  func eraseReport() throws {
    var engine = try inputMethod()
    let output = engine.tap(try key("<", in: engine))
    // The engine does not know the document, so it asks; the typist knows it was empty.
    #expect(output == KeyOutput(consumed: true, erase: 1, transition: .deleted))
    var typist = try typist()
    let outputs = try press("ㄱㅣᆞ_<<", on: &typist)
    #expect(outputs[4].erase == 1)
    #expect(outputs[4].consumed)
    #expect(outputs[5].erase == 0)
    #expect(!outputs[5].consumed)  // nothing left to delete
    #expect(typist.text.isEmpty)
  }

  @Test("the engine holds no document: after a boundary it equals a fresh engine")
  func noDocument() throws {
    var engine = try inputMethod()
    let fresh = engine
    var document = TextBuffer()
    for _ in 0..<50 {
      for index in try keys("ㅇㅣᆞㄴ_ㄴᆞᆞㅣㅇ_", in: engine) { document.apply(engine.tap(index)) }
    }
    #expect(engine == fresh)
    #expect(document.text == String(repeating: "안녕", count: 50))
  }

  @Test("a value copy and the edits since restore both the composition and the text")
  func snapshot() throws {
    var engine = try inputMethod()
    var document = TextBuffer("오 ")
    for index in try keys("ㅇㅣᆞㄴㅅ", in: engine) { document.apply(engine.tap(index)) }
    let snapshot = engine
    var edits: [TextEdit] = []
    for index in try keys("ㅅㅡ_ㄱㄱ<<<<<", in: engine) {
      edits.append(document.apply(engine.tap(index)))
    }
    // _ committed 안흐; ⌫ undid ㅋ and ㄱ, then erased 흐, 안 and the space.
    #expect(document.text == "오")
    engine = snapshot
    for edit in edits.reversed() { document.revert(edit) }
    #expect(document.text == "오 ")
    #expect(engine.preedit == "안ㅅ")
    document.apply(engine.tap(try key("ㅅ", in: engine)))  // still cycling: 안ㅅ + ㅅㅎ → 않
    #expect(document.text + engine.preedit.string == "오 않")
  }

  @Test("a hold after an optimistic tap: restore, revert, then the digit closes the composition")
  func holdRollback() throws {
    var engine = try inputMethod()
    var document = TextBuffer("나 ")
    for index in try keys("ㄱㅣᆞ", in: engine) { document.apply(engine.tap(index)) }
    let beforeTap = engine
    let edit = document.apply(engine.tap(try key("ㄱ", in: engine)))  // the tap, applied at once
    #expect(document.text + engine.preedit.string == "나 각")
    engine = beforeTap  // the press turned out to be a hold
    document.revert(edit)
    #expect(document.text + engine.preedit.string == "나 가")
    let hold = engine.hold(try key("ㄱ", in: engine))
    document.apply(hold)
    #expect(hold == KeyOutput(consumed: true, commit: "가4", transition: .held))
    #expect(document.text == "나 가4")
    #expect(!engine.isComposing)
  }

  @Test("a key after a cycling mark keeps the mark in the composition: ⌫ brings it back")
  func markStaysCyclable() throws {
    var typist = try typist()
    let outputs = try press("ㅈㆍㅇ.ㄷ<ㅡ<.ㅡㅈ", on: &typist)
    #expect(typist.text == "ㅈㆍㅇ,ㅡㅈ")
    #expect(typist.buffer.text == "ㅈㆍㅇ")  // the mark is still part of the composition
    #expect(outputs[4].commit.isEmpty)  // ㄷ did not commit the mark
    #expect(outputs[5].preedit == ".")  // ⌫ brought it back …
    #expect(outputs[8].preedit == ",")  // … still cycling
  }

  @Test("⌫ back to a cycling mark, then the shared key only ends it: no space")
  func markThenShared() throws {
    #expect(try typed("ㅂㆍㅡ.ㅈ<_") == "보.")
    #expect(try typed("ㅂㆍㅡ.ㅈ<__") == "보. ")
    #expect(try typed("ㅂㆍㅡ.ㅈ<<<") == "")  // ⌫ deletes the mark, then 보
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
    #expect(
      try typed("<hold:1><hold:2><hold:3><hold:4><hold:5><hold:6><hold:7><hold:8><hold:9><hold:0>")
        == "1234567890")
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
    #expect(runner.typist.text == "오 안녕")
    try runner.run("ㄱㅣᆞ._ㄴ")
    #expect(runner.typist.text == "가. ㄴ")
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
    #expect(
      tokens.map(\.token) == [
        .consonant(.kiyeok), .backspace, .hold(.phone("4")), .dismiss, .backspace, .backspace,
      ])
    #expect(tokens.map(\.column) == [2, 4, 9, 18, 28, 29])
    #expect(KeySequence.format(tokens.map(\.token)) == "ㄱ<<hold:4><dismiss><<")
  }
}

/// The key index a single token means on the engine's current layout.
private func key(_ token: String, in engine: InputMethod) throws -> Int {
  let tokens = try KeySequence.parse(token)
  try #require(tokens.count == 1)
  return try KeyResolver(layout: engine.layout).resolve(tokens[0].token).key
}

/// The key indices of a sequence of taps on the engine's current layout (no layout switch).
private func keys(_ sequence: String, in engine: InputMethod) throws -> [Int] {
  let resolver = KeyResolver(layout: engine.layout)
  return try KeySequence.parse(sequence).map { try resolver.resolve($0.token).key }
}
