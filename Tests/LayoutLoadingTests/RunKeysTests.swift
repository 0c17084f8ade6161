import Foundation
import TerminalInput
import Testing

@testable import LayoutLoading

@Suite("The keys of cheonjiin run in keymaps")
struct RunKeysTests {
  @Test("the shipped keymaps give F1, F9, F12 and Ctrl-]; a file leaving them out gets the same")
  func shipped() throws {
    for name in ["numpad", "phone"] {
      let keymap = try Keymap.load(
        file: keymapsDirectory.appendingPathComponent("\(name).json").path)
      #expect(keymap.runKeys == Keymap.defaultRunKeys)
    }
    #expect(Keymap.defaultRunKeys["help"] == .function(1))
    #expect(Keymap.defaultRunKeys["passNext"] == .control("]"))
    let bare = Keymap(id: "bare", name: "-", englishName: "-", bindings: [:])
    #expect(bare.runKeys == Keymap.defaultRunKeys)
  }

  @Test("a keymap moves one key and keeps the others")
  func oneMoved() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("cheonjiin-runkeys-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: file) }
    try
      #"{"id": "mine", "name": "내 것", "bindings": {"KP7": "phone 1"}, "run": {"help": "F2", "passNext": "Ctrl-g"}}"#
      .write(to: file, atomically: true, encoding: .utf8)
    let keymap = try Keymap.load(file: file.path)
    #expect(keymap.runKeys["help"] == .function(2))
    #expect(keymap.runKeys["passNext"] == .control("g"))
    #expect(keymap.runKeys["digits"] == .function(9))
  }

  @Test(
    "key names: F1…F35 and Ctrl with a letter or \\ ] ^ _; never ones a terminal cannot tell apart",
    arguments: [
      ("F1", CommandChord.function(1)), ("F12", .function(12)), ("F35", .function(35)),
      ("Ctrl-]", .control("]")), ("Ctrl-G", .control("g")), ("Ctrl-g", .control("g")),
      ("Ctrl-\\", .control("\\")), ("F0", nil), ("F36", nil), ("F01", nil), ("f1", nil),
      ("Ctrl-M", nil), ("Ctrl-[", nil), ("Ctrl-1", nil), ("Ctrl-", nil), ("C-]", nil),
    ])
  func names(name: String, chord: CommandChord?) {
    #expect(CommandChord(name: name) == chord)
    if let chord { #expect(CommandChord(name: chord.description) == chord) }
  }

  @Test("a chord matches its key alone: Ctrl-] as the byte 0x1d or kitty's CSI 93;5u, F1 bare")
  func matching() {
    let passNext = CommandChord.control("]")
    #expect(passNext.matches(TerminalKeyEvent(.character("]"), modifiers: .control)))
    #expect(!passNext.matches(TerminalKeyEvent(.character("]"))))
    #expect(!passNext.matches(TerminalKeyEvent(.character("]"), modifiers: [.control, .alt])))
    #expect(CommandChord.function(1).matches(TerminalKeyEvent(.function(1))))
    #expect(!CommandChord.function(1).matches(TerminalKeyEvent(.function(1), modifiers: .shift)))
  }
}
