import HangulEngine
import Testing

@Suite("The document outside the engine (TextBuffer)")
struct TextBufferTests {
  @Test("apply erases before it appends")
  func applyOrder() {
    var buffer = TextBuffer("가나")
    let edit = buffer.apply(KeyOutput(consumed: true, commit: "다", erase: 1))
    #expect(buffer.text == "가다")
    #expect(edit == TextEdit(removed: "나", removedCharacters: 1, appendedByteCount: 3))
  }

  @Test(
    "⌫ deletes whole characters (grapheme clusters)",
    arguments: [
      ("가👍🏽", "가"), ("a\r\n", "a"), ("ㄱㆍ", "ㄱ"), ("e\u{301}", ""), ("🇰🇷🇰🇷", "🇰🇷"),
      ("", ""),
    ])
  func graphemes(_ text: String, _ expected: String) {
    var buffer = TextBuffer(text)
    buffer.deleteBackward(characters: 1)
    #expect(buffer.text == expected)
  }

  @Test("deleting more than there is empties the document and says how much went")
  func deleteTooMuch() {
    var buffer = TextBuffer("안녕")
    let edit = buffer.deleteBackward(characters: 5)
    #expect(buffer.isEmpty)
    #expect(edit.removed == "안녕")
    #expect(edit.removedCharacters == 2)
  }

  @Test("a grapheme cluster longer than the look-back window leaves valid UTF-8")
  func longCluster() {
    // 30 combining marks: 61 bytes after the 'e', longer than the 64-byte window with 가.
    let cluster = "e" + String(repeating: "\u{301}", count: 30)
    var buffer = TextBuffer("가" + cluster)
    let edit = buffer.deleteBackward(characters: 1)
    #expect(String(validating: buffer.utf8, as: UTF8.self) != nil)
    buffer.revert(edit)
    #expect(buffer.text == "가" + cluster)
  }

  @Test("replacing the trailing word: a suggestion taken")
  func replaceTrailing() {
    var buffer = TextBuffer("오늘 날ㅆ")
    let edit = buffer.replaceTrailingCharacters(2, with: "날씨 ")
    #expect(buffer.text == "오늘 날씨 ")
    buffer.revert(edit)
    #expect(buffer.text == "오늘 날ㅆ")
  }

  @Test("edits revert exactly, newest first, back to the start")
  func revertChain() {
    var buffer = TextBuffer("시작 ")
    var generator = SeededGenerator(state: 7)
    let pieces = ["가", "👍🏽", "\n", " ", "ㄱㆍ", "e\u{301}", "안녕하세요 반갑습니다", ""]
    var edits: [TextEdit] = []
    var states = [buffer]
    for _ in 0..<200 {
      let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
      let erase = Int.random(in: 0...3, using: &generator)
      edits.append(buffer.apply(KeyOutput(consumed: true, commit: piece, erase: erase)))
      states.append(buffer)
    }
    for edit in edits.reversed() {
      states.removeLast()
      buffer.revert(edit)
      #expect(buffer == states.last)
    }
    #expect(buffer.text == "시작 ")
  }

  @Test("removeAll empties; append reports its size")
  func removeAllAndAppend() {
    var buffer = TextBuffer("가")
    #expect(!buffer.isEmpty)
    buffer.removeAll()
    #expect(buffer.isEmpty)
    let edit = buffer.append("ab가")
    #expect(edit == TextEdit(removed: "", removedCharacters: 0, appendedByteCount: 5))
    #expect(Array(buffer.utf8) == Array("ab가".utf8))
  }
}

@Suite("An engine and its document together (Typist)")
struct TypistTests {
  @Test("text is the document followed by the preedit")
  func text() throws {
    var typist = try typist()
    try press("ㅇㅣᆞㄴ_ㄴᆞᆞㅣ", on: &typist)
    #expect(typist.buffer.text == "안")
    #expect(typist.inputMethod.preedit == "녀")
    #expect(typist.text == "안녀")
    var bytes: [UInt8] = Array("> ".utf8)
    typist.appendText(to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "> 안녀")
  }

  @Test("insertText ends the composition, then appends, in one output")
  func insertText() throws {
    var typist = try typist()
    try press("ㄱㅣᆞ", on: &typist)
    let output = typist.insertText("!\n")
    #expect(output == KeyOutput(consumed: true, commit: "가!\n", transition: .syllableEnded))
    #expect(typist.text == "가!\n")
    #expect(!typist.isComposing)
    #expect(!typist.insertText("").consumed)
  }

  @Test("reset throws away the composition and the text, not the layout")
  func reset() throws {
    var typist = try typist()
    try press("ㄱㅣᆞ_<symbols>1<at>", on: &typist)
    #expect(typist.text == "가1@")  // _ only ended 가; the digit committed at once
    #expect(typist.layout.id == "symbols")
    typist.reset()
    #expect(typist.text.isEmpty)
    #expect(!typist.isComposing)
    #expect(typist.layout.id == "symbols")
  }

  struct Replacement: Sendable, CustomTestStringConvertible {
    let keys: String
    let count: Int
    let replacement: String
    let erase: Int
    let commit: String
    let text: String
    var testDescription: String { "\(keys): \(count) → \(replacement)" }
  }

  @Test(
    "a suggestion replacing the typed word reports only what a mirror of the document lacks",
    arguments: [
      // 안 committed, 녀 composing: the mirror erases 안, the composition is dropped.
      Replacement(
        keys: "ㅇㅣᆞㄴ_ㄴᆞᆞㅣ", count: 2, replacement: "안녕 ", erase: 1, commit: "안녕 ", text: "안녕 "),
      Replacement(
        keys: "ㅇㅣᆞㄴ_ㄴᆞᆞㅣ", count: 1, replacement: "녕 ", erase: 0, commit: "녕 ", text: "안녕 "),
      Replacement(
        keys: "ㅇㅣᆞㄴ_ㄴᆞᆞㅣ_", count: 1, replacement: "녕 ", erase: 1, commit: "녕 ", text: "안녕 "),
      // Part of the composition stays: its start is committed before the word.
      Replacement(keys: "ㄱㅣᆞㄴㅣ", count: 1, replacement: "나 ", erase: 0, commit: "가나 ", text: "가나 "),
    ])
  func replaceTrailing(_ testCase: Replacement) throws {
    var typist = try typist()
    try press(testCase.keys, on: &typist)
    let mirror = typist.buffer
    let output = typist.replaceTrailingCharacters(testCase.count, with: testCase.replacement)
    #expect(output.erase == testCase.erase)
    #expect(output.commit == testCase.commit)
    #expect(typist.text == testCase.text)
    var copy = mirror
    copy.apply(output)
    #expect(copy == typist.buffer)  // the output takes the old document to the new one
  }
}
