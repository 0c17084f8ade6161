import HangulEngine
import LayoutLoading
import ScreenTestSupport
import Testing

@testable import Typing

/// The program's side of the line: bytes applied as a terminal in cooked mode would (the erase
/// character takes back one character).
private struct ChildLine {
  var text = ""
  var eraseCharacter: UInt8 = 0x7F

  mutating func receive(_ bytes: [UInt8]) {
    var pending: [UInt8] = []
    func flush() {
      text += String(decoding: pending, as: UTF8.self)
      pending = []
    }
    for byte in bytes {
      if byte == eraseCharacter {
        flush()
        if !text.isEmpty { text.removeLast() }
      } else {
        pending.append(byte)
      }
    }
    flush()
  }
}

/// One step of a script, played on a core of either sink.
private enum Step: CustomStringConvertible {
  /// A key tapped and let go.
  case tap(String)
  /// A key tapped and not let go yet: its tap may turn out to be the start of a hold.
  case down(String)
  /// The key that is down is held: its tap is rolled back, then its hold applies.
  case hold(String)
  /// A word taken from the suggestion bar.
  case suggest(String)
  /// The composition ended (Esc, the idle timeout).
  case flush

  var description: String {
    switch self {
    case .tap(let id): id
    case .down(let id): "\(id) down"
    case .hold(let id): "hold \(id)"
    case .suggest(let word): "take \(word)"
    case .flush: "flush"
    }
  }
}

private let layouts: [Layout] = (try? library.loadSet("cheonjiin-galaxy").map(\.layout)) ?? []

private func key(_ id: String) throws -> Int {
  try #require(layouts.first?.keyIndex(id: id), "no key \(id)")
}

extension TypingCore {
  /// Plays one step; returns the word it finished, if any.
  fileprivate mutating func play(_ step: Step) throws -> String? {
    switch step {
    case .tap(let id):
      defer { release() }
      return tap(.key(try key(id))).finishedWord
    case .down(let id):
      return tap(.key(try key(id))).finishedWord
    case .hold(let id):
      defer { release() }
      rollBack(1)
      return hold(.key(try key(id))).finishedWord
    case .suggest(let word):
      takeSuggestion(word)
    case .flush:
      flush()
    }
    return nil
  }
}

private func steps(_ ids: String) -> [Step] {
  ids.split(separator: " ").map { .tap(String($0)) }
}

@Suite("One typing core for the pad's document and the program's line")
struct TypingCoreTests {
  /// Scripts that take text back in each way the core knows.
  private static let scripts: [(name: String, steps: [Step], text: String)] = [
    ("commits as syllables close", steps("o i araea n space n araea araea i o"), "안녕"),
    ("a hold rolls its tap back", steps("g i araea") + [.down("o"), .hold("o")], "가0"),
    ("a hold after an open 강ㄱ", steps("g i araea o") + [.down("g"), .hold("g")], "강4"),
    // The tap of .,?! commits 느 and opens "."; the hold takes the commit back (the program
    // gets its erase character), then the key's hold (a tap again) commits it anew.
    (
      "a hold rolls back what its tap committed",
      steps("n eu") + [.down("punct"), .hold("punct")], "느."
    ),
    ("⌫ in an open syllable edits only the syllable", steps("g i araea bs bs i"), "기"),
    (
      "⌫ with nothing open takes back finished text",
      steps("g i araea space space n eu bs bs bs"), "가"
    ),
    (
      "a taken suggestion replaces the word, sent part and open part, and a mark closes up",
      steps("g i araea o o s i araea") + [.suggest("감사합니다"), .tap("punct")],
      "감사합니다."
    ),
    (
      "a held key after a taken suggestion brings the space back with the tap",
      steps("g i araea o o") + [.suggest("감사"), .down("punct"), .hold("punct")], "감사 ."
    ),
    ("a flush commits the open syllable", steps("s eu") + [.flush], "스"),
  ]

  @Test(
    "the same keys give the same text, change by change, in the pad's document and the program's line",
    arguments: scripts.map(\.name))
  func sameTextBothSinks(name: String) throws {
    let script = try #require(Self.scripts.first { $0.name == name })
    var pad = TypingCore(engine: InputMethod(layouts: layouts), sink: PadDocument())
    var child = TypingCore<SentText>(layouts: layouts)
    var line = ChildLine()
    for step in script.steps {
      let padWord = try pad.play(step)
      let childWord = try child.play(step)
      let padChange = pad.takeChange()
      let childChange = child.takeChange()
      #expect(padChange == childChange, "after \(step)")
      line.receive(
        [UInt8](repeating: 0x7F, count: childChange.erase) + Array(childChange.insert.utf8))
      #expect(pad.sink.buffer.text == line.text, "after \(step)")
      #expect(pad.engine.preedit == child.engine.preedit, "after \(step)")
      #expect(pad.tail == child.tail, "after \(step)")
      #expect(padWord == childWord, "after \(step)")
    }
    #expect(pad.sink.buffer.text + pad.engine.preedit.string == script.text)
  }

  @Test("a press that puts the first separator after a word reports the word, once")
  func finishedWord() throws {
    var child = TypingCore<SentText>(layouts: layouts)
    var words: [String] = []
    for step in steps("g i araea space punct punct") {
      if let word = try child.play(step) { words.append(word) }
    }
    #expect(words == ["가"])
  }

  @Test("commits reach the program as they happen; the open syllable stays on screen only")
  func commitsAsTheyHappen() throws {
    var typing = TypingCore<SentText>(layouts: layouts)
    var line = ChildLine()
    for step in steps("o i araea n") { _ = try typing.play(step) }  // 안, still open
    line.receive(typing.takeBytes(erase: 0x7F))
    #expect(line.text == "")
    #expect(typing.engine.preedit == "안")
    for step in steps("space n araea araea i o") { _ = try typing.play(step) }
    line.receive(typing.takeBytes(erase: 0x7F))
    #expect(line.text == "안")
    #expect(typing.engine.preedit == "녕")
    // Enter goes to the program after the open syllable.
    typing.passThrough()
    line.receive(typing.takeBytes(erase: 0x7F) + [0x0D])
    #expect(line.text == "안녕\r")
    #expect(typing.engine.preedit == "")
    #expect(typing.tail == "", "the program may have moved its cursor")
  }

  @Test("⌫ with nothing open sends the program's erase character, read only then")
  func backspaceSent() throws {
    var typing = TypingCore<SentText>(layouts: layouts)
    var line = ChildLine(eraseCharacter: 0x08)
    var reads = 0
    func erase() -> UInt8 {
      reads += 1
      return 0x08
    }
    for step in steps("g i araea space space") { _ = try typing.play(step) }
    line.receive(typing.takeBytes(erase: erase()))
    #expect(line.text == "가 ")
    #expect(reads == 0)
    for step in steps("bs bs") { _ = try typing.play(step) }
    let bytes = typing.takeBytes(erase: erase())
    #expect(bytes == [0x08, 0x08])
    #expect(reads == 1)
    line.receive(bytes)
    #expect(line.text == "")
  }

  @Test("a hold undoes its taps: both sinks end with the text the engine alone would type")
  func holdTakesBack() throws {
    let layout = try #require(layouts.first)
    // Keys whose hold types something (⌫ repeats instead: its taps are never undone).
    let holdable = layout.keys.indices.filter {
      if case .text = layout.keys[$0].hold { true } else { false }
    }
    for prefix in ["g i araea o", "g i araea space", "n eu punct"] {
      for held in holdable {
        var pad = TypingCore(engine: InputMethod(layouts: layouts), sink: PadDocument())
        var child = TypingCore<SentText>(layouts: layouts)
        var line = ChildLine()
        for step in steps(prefix) {
          _ = try pad.play(step)
          _ = try child.play(step)
        }
        _ = pad.tap(.key(held))
        _ = child.tap(.key(held))
        line.receive(child.takeBytes(erase: 0x7F))
        pad.rollBack(1)
        child.rollBack(1)
        _ = pad.hold(.key(held))
        _ = child.hold(.key(held))
        line.receive(child.takeBytes(erase: 0x7F))
        // The same presses on the engine alone, the tap never made: both must agree.
        var reference = InputMethod(layouts: layouts)
        var expected = ""
        for id in prefix.split(separator: " ") {
          let output = reference.tap(try key(String(id)))
          expected.removeLast(min(output.erase, expected.count))
          expected += output.commit
        }
        expected += reference.hold(held).commit + reference.preedit.string
        #expect(line.text + child.engine.preedit.string == expected, "\(prefix) + hold \(held)")
        #expect(
          pad.sink.buffer.text + pad.engine.preedit.string == expected, "\(prefix) + hold \(held)")
      }
    }
  }

  @Test("the pad reports each press as a typist on a plain buffer applies it, ⌫ on nothing too")
  func sameOutputsAsTypist() throws {
    var pad = TypingCore(engine: InputMethod(layouts: layouts), sink: PadDocument())
    var typist = Typist(InputMethod(layouts: layouts))
    for id in "bs g i araea space bs bs bs bs n eu punct bs".split(separator: " ") {
      let key = try key(String(id))
      let fromPad = pad.tap(.key(key)).output
      pad.release()
      #expect(fromPad == typist.tap(key), "\(id)")
    }
    #expect(pad.sink.buffer == typist.buffer)
    #expect(pad.typist.inputMethod == typist.inputMethod)
  }

  @Test("what is still open when the program ends is handed back, not lost")
  func finish() throws {
    var typing = TypingCore<SentText>(layouts: layouts)
    for step in steps("s eu") { _ = try typing.play(step) }
    #expect(typing.finish() == "스")
    #expect(typing.engine.preedit == "")
  }
}

@Suite("The pad's document says where it changed, to readers that change nothing")
struct PadDocumentChangeTests {
  @Test("a reader gets the lowest offset changed since the edit it saw, as often as it asks")
  func changedSinceSeen() {
    var document = PadDocument("가나")
    #expect(document.changedOffset(since: 0) == 0)  // all of it new to a new reader
    let seen = document.edits
    #expect(document.changedOffset(since: seen) == nil)
    _ = document.replaceTrailing(0, with: "다")  // appended after 6 bytes
    _ = document.replaceTrailing(1, with: "라마")  // 다 replaced: from byte 6 again
    #expect(document.changedOffset(since: seen) == 6)
    #expect(document.changedOffset(since: seen) == 6)  // asking forgets nothing
    #expect(document.changedOffset(since: document.edits - 1) == 6)
    #expect(document.changedOffset(since: document.edits) == nil)
  }

  @Test("a replaced document is all new to its readers, and one far behind starts over")
  func replacedAndFarBehind() {
    var document = PadDocument("가")
    let seen = document.edits
    document = document.replaced(with: "가")
    #expect(document.changedOffset(since: seen) == 0)
    let before = document.edits
    for _ in 0..<40 { _ = document.replaceTrailing(0, with: "a") }
    #expect(document.changedOffset(since: before) == 0)
    #expect(document.changedOffset(since: document.edits - 2) == document.buffer.utf8.count - 2)
  }
}
