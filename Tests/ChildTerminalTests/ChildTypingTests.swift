import ChildTerminal
import Foundation
import HangulEngine
import LayoutLoading
import Testing

/// The child's side of the line: bytes applied as a terminal in cooked mode would (DEL takes
/// back one character).
private struct ChildLine {
  var text = ""
  mutating func receive(_ bytes: [UInt8]) {
    var pending: [UInt8] = []
    func flush() {
      text += String(decoding: pending, as: UTF8.self)
      pending = []
    }
    for byte in bytes {
      if byte == 0x7F {
        flush()
        if !text.isEmpty { text.removeLast() }
      } else {
        pending.append(byte)
      }
    }
    flush()
  }
}

@Suite("Typing into a child program on the (commit, preedit) contract")
struct ChildTypingTests {
  private static let layouts: [Layout] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Layouts")
    let library = LayoutLibrary(shippedDirectory: folder.path, userDirectory: "/nonexistent")
    return (try? library.loadSet("cheonjiin-galaxy").map(\.layout)) ?? []
  }()

  private func key(_ id: String) throws -> Int {
    try #require(Self.layouts.first?.keyIndex(id: id), "no key \(id)")
  }

  /// Taps keys by id, each its own run.
  private func tap(_ ids: [String], _ typing: inout ChildTyping, _ line: inout ChildLine) throws {
    for id in ids {
      line.receive(typing.tap(try key(id), erase: 0x7F))
      typing.release()
    }
  }

  @Test("commits reach the child as they happen; the open syllable stays on screen only")
  func commitsAsTheyHappen() throws {
    var typing = ChildTyping(layouts: Self.layouts)
    var line = ChildLine()
    try tap(["o", "i", "araea", "n"], &typing, &line)  // 안, still open
    #expect(line.text == "")
    #expect(typing.preedit == "안")
    try tap(["space"], &typing, &line)  // ends the syllable: 안 is sent
    try tap(["n", "araea", "araea", "i", "o"], &typing, &line)
    #expect(line.text == "안")
    #expect(typing.preedit == "녕")
    // Enter goes to the child after the open syllable.
    line.receive(typing.passThrough([0x0D]))
    #expect(line.text == "안녕\r")
    #expect(typing.preedit == "")
  }

  @Test("⌫ with nothing open sends the child's erase character")
  func backspaceSent() throws {
    var typing = ChildTyping(layouts: Self.layouts)
    var line = ChildLine()
    try tap(["g", "i", "araea", "space"], &typing, &line)
    #expect(line.text == "가")
    try tap(["bs"], &typing, &line)
    #expect(line.text == "")
  }

  @Test("a hold undoes its taps: the child ends with the text the engine alone would type")
  func holdTakesBack() throws {
    let layout = try #require(Self.layouts.first)
    // Keys whose hold types something (⌫ repeats instead: its taps are never undone).
    let holdable = layout.keys.indices.filter {
      if case .text = layout.keys[$0].hold { true } else { false }
    }
    for prefix in [["g", "i", "araea", "o"], ["g", "i", "araea", "space"], ["n", "eu", "punct"]] {
      for held in holdable {
        var typing = ChildTyping(layouts: Self.layouts)
        var line = ChildLine()
        try tap(prefix, &typing, &line)
        line.receive(typing.tap(held, erase: 0x7F))
        line.receive(typing.hold(held, undoTaps: 1, erase: 0x7F))
        typing.release()
        // The same presses on the engine alone, the tap never made: the child must agree.
        var reference = InputMethod(layouts: Self.layouts)
        var expected = ""
        for id in prefix {
          let output = reference.tap(try key(id))
          expected.removeLast(min(output.erase, expected.count))
          expected += output.commit
        }
        expected += reference.hold(held).commit
        #expect(
          line.text + typing.preedit == expected + reference.preedit, "\(prefix) + hold \(held)")
      }
    }
  }

  @Test("what is still open when the child ends is handed back, not lost")
  func finish() throws {
    var typing = ChildTyping(layouts: Self.layouts)
    var line = ChildLine()
    try tap(["s", "eu"], &typing, &line)
    #expect(typing.finish() == "스")
    #expect(typing.preedit == "")
  }
}
