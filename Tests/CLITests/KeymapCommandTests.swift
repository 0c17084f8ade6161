import Foundation
import Testing

@Suite("Keymaps given to the real binary")
struct KeymapCommandTests {
  @Test("a broken keymap stops pad and practice with every problem and status 65, as a layout")
  func brokenKeymap() throws {
    let folder = try scratchFolder("keymap")
    let file = folder.appendingPathComponent("mine.json").path
    try #"{"id": "mine", "name": "내 것", "bindings": {"KP7": "phone 11", "KP10": "space"}}"#
      .write(toFile: file, atomically: true, encoding: .utf8)
    for command in [["pad"], ["practice", "--lesson", "vowels-1"]] {
      let result = try run(command + ["--keymap", file])
      #expect(result.status == 65)
      #expect(result.stdout.isEmpty)
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 2)
      #expect(
        lines.first?.hasPrefix(
          "cheonjiin: \(file): bindings.KP7: \"phone 11\" is not a binding; write \"phone 7\"")
          == true)
      #expect(
        lines.last?.hasPrefix("cheonjiin: \(file): bindings.KP10: \"KP10\" is not a key name")
          == true)
    }
  }

  @Test("an unknown keymap id names the known ones, the user's included")
  func unknownID() throws {
    let config = try scratchFolder("config")
    let keymaps = config.appendingPathComponent("cheonjiin/keymaps")
    try FileManager.default.createDirectory(at: keymaps, withIntermediateDirectories: true)
    try #"{"id": "left", "name": "왼손", "bindings": {"KP7": "phone 3"}}"#
      .write(to: keymaps.appendingPathComponent("left.json"), atomically: true, encoding: .utf8)
    let result = try run(["--keymap", "lfet"], environment: ["XDG_CONFIG_HOME": config.path])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "cheonjiin: lfet: no keymap with this id; did you mean \"left\"? known: left, numpad, phone"
        + " (or give a path to a .json file)\n")
  }
}
