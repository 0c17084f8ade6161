import Foundation
import LayoutLoading
import TestSupport
import Testing

@Suite("Finding the shipped layouts, keymaps and lexicon")
struct ShareDirectoryTests {
  /// A folder tree made for one test: `make(["a/b.json"])` creates empty files.
  private final class Tree {
    let root: String

    init() throws {
      root =
        scratchDirectory
        .appendingPathComponent("cheonjiin-share-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func make(_ files: [String]) throws {
      for file in files {
        let path = root + "/" + file
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: path))
      }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
  }

  private static let markers = [
    "Layouts/cheonjiin-galaxy.json", "Keymaps/numpad.json", "Lexicon/ko-words.tsv",
  ]

  @Test("an installed program finds every kind under PREFIX/share/cheonjiin")
  func installed() throws {
    let tree = try Tree()
    try tree.make([
      "usr/share/cheonjiin/layouts/cheonjiin-galaxy.json",
      "usr/share/cheonjiin/keymaps/numpad.json", "usr/share/cheonjiin/lexicon/ko-words.tsv",
    ])
    let share = ShareDirectory(environment: [:], executable: tree.root + "/usr/bin/cheonjiin")
    for data in SharedData.allCases {
      #expect(share.shipped(data) == tree.root + "/usr/share/cheonjiin/" + data.installedFolder)
    }
  }

  @Test("a build inside the source tree finds the folders above it")
  func sourceTree() throws {
    let tree = try Tree()
    try tree.make(Self.markers.map { "src/" + $0 })
    let share = ShareDirectory(
      environment: [:],
      executable: tree.root + "/src/.build/x86_64-unknown-linux-gnu/release/cheonjiin")
    #expect(share.shipped(.layouts) == tree.root + "/src/Layouts")
    #expect(share.shipped(.keymaps) == tree.root + "/src/Keymaps")
    #expect(share.shipped(.lexicon) == tree.root + "/src/Lexicon")
  }

  @Test("a folder without the marker file is passed over, and then nothing is found")
  func markerRequired() throws {
    let tree = try Tree()
    try tree.make(["src/Layouts/other.json", "src/Keymaps/mine.json"])
    let share = ShareDirectory(environment: [:], executable: tree.root + "/src/bin/cheonjiin")
    #expect(share.shipped(.layouts) == nil)
    #expect(share.shipped(.keymaps) == nil)
    #expect(share.shipped(.lexicon) == nil)
  }

  @Test("a kind's variable wins, as given; an empty one is ignored")
  func variable() throws {
    let tree = try Tree()
    try tree.make(Self.markers.map { "src/" + $0 })
    let executable = tree.root + "/src/.build/debug/cheonjiin"
    let given = ShareDirectory(
      environment: ["CHEONJIIN_LEXICON": "/somewhere/words"], executable: executable)
    #expect(given.shipped(.lexicon) == "/somewhere/words")
    let empty = ShareDirectory(environment: ["CHEONJIIN_LEXICON": ""], executable: executable)
    #expect(empty.shipped(.lexicon) == tree.root + "/src/Lexicon")
  }

  @Test("the other kinds are found beside the folder CHEONJIIN_LAYOUTS names")
  func besideGivenFolder() throws {
    let tree = try Tree()
    try tree.make(Self.markers.map { "checkout/" + $0 })
    let share = ShareDirectory(
      environment: ["CHEONJIIN_LAYOUTS": tree.root + "/checkout/Layouts"],
      executable: "/nonexistent/bin/cheonjiin")
    #expect(share.shipped(.layouts) == tree.root + "/checkout/Layouts")
    #expect(share.shipped(.keymaps) == tree.root + "/checkout/Keymaps")
    #expect(share.shipped(.lexicon) == tree.root + "/checkout/Lexicon")
  }

  @Test("the user's folders are under XDG_CONFIG_HOME, else ~/.config")
  func userFolders() {
    let xdg = ShareDirectory(
      environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"], executable: "/x")
    #expect(xdg.user(.keymaps) == "/cfg/cheonjiin/keymaps")
    #expect(xdg.user(.layouts) == "/cfg/cheonjiin/layouts")
    let home = ShareDirectory(environment: ["HOME": "/home/a"], executable: "/x")
    #expect(home.user(.keymaps) == "/home/a/.config/cheonjiin/keymaps")
    // XDG: a relative path is invalid and is ignored.
    let relative = ShareDirectory(
      environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/a"], executable: "/x")
    #expect(relative.user(.layouts) == "/home/a/.config/cheonjiin/layouts")
  }

  @Test("the variable names and folder names follow the kind")
  func names() {
    #expect(SharedData.layouts.environmentVariable == "CHEONJIIN_LAYOUTS")
    #expect(SharedData.keymaps.environmentVariable == "CHEONJIIN_KEYMAPS")
    #expect(SharedData.lexicon.sourceFolder == "Lexicon")
    #expect(SharedData.keymaps.installedFolder == "keymaps")
  }
}
