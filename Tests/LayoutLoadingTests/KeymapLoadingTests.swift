import Foundation
import HangulEngine
import TerminalInput
import TestSupport
import Testing

@testable import LayoutLoading

let keymapsDirectory = layoutsDirectory.deletingLastPathComponent().appendingPathComponent(
  "Keymaps")
let invalidKeymapsDirectory = testsDirectory.appendingPathComponent("InvalidKeymaps")

let keymapLibrary = KeymapLibrary(
  shippedDirectory: keymapsDirectory.path, userDirectory: "/nonexistent/cheonjiin-user-keymaps")

/// A user keymap folder made for one test and removed after it.
private final class UserKeymaps {
  let directory: URL

  init(_ files: [String: String]) throws {
    directory =
      scratchDirectory
      .appendingPathComponent("cheonjiin-keymaps-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for (name, text) in files {
      try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
  }

  var library: KeymapLibrary {
    KeymapLibrary(shippedDirectory: keymapsDirectory.path, userDirectory: directory.path)
  }

  deinit { try? FileManager.default.removeItem(at: directory) }
}

@Suite("Shipped keymaps")
struct ShippedKeymapTests {
  @Test("every shipped keymap loads, with the id of its file; numpad is the default")
  func shipped() throws {
    let (keymaps, chosen, _) = try keymapLibrary.loadAll(choosing: KeymapLibrary.defaultID)
    #expect(keymaps.map(\.id) == ["numpad", "phone"])
    #expect(chosen == "numpad")
  }

  @Test("numpad: the keypad's 7 8 9 is the top row, and + held takes the first suggestion")
  func numpad() throws {
    let numpad = try Keymap.load(file: keymapsDirectory.appendingPathComponent("numpad.json").path)
    #expect(numpad.bindings[.keypad(.digit(7))] == .phone("1"))
    #expect(numpad.bindings[.keypad(.enter)] == .enter)
    #expect(numpad.bindings[.character("7")] == .phone("1"))
    #expect(numpad.suggestionHolds[.keypad(.add)] == 1)
    #expect(!numpad.hintsShowCharacters)
    #expect(numpad.englishName == "numpad")
  }

  @Test("phone: 1 2 3 on top, * and # are phone keys, and hints name the characters")
  func phone() throws {
    let phone = try Keymap.load(file: keymapsDirectory.appendingPathComponent("phone.json").path)
    #expect(phone.bindings[.character("1")] == .phone("1"))
    #expect(phone.bindings[.character("#")] == .phone("#"))
    #expect(phone.hintsShowCharacters)
  }

  @Test("the schema names the top-level fields the reader accepts")
  func schemaMatchesReader() throws {
    let data = try Data(contentsOf: keymapsDirectory.appendingPathComponent("keymap.schema.json"))
    let schema = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let properties = try #require(schema?["properties"] as? [String: Any])
    #expect(Set(properties.keys) == Set(KeymapReader.topFields.keys))
    let required = try #require(schema?["required"] as? [String])
    #expect(Set(required) == Set(KeymapReader.topFields.filter(\.value).keys))
  }
}

@Suite("Broken keymaps")
struct InvalidKeymapTests {
  @Test("every problem a keymap file can have has a fixture")
  func coverage() throws {
    let files = Set(try InvalidFixture.loadAll(in: invalidKeymapsDirectory).map(\.file))
    let kinds: [LayoutProblem.Kind] =
      KeymapReader.kinds + [.invalidJSON, .wrongType, .missingField, .unknownField, .invalidValue]
    for kind in kinds {
      #expect(files.contains("\(kind.rawValue).json"), "no fixture for \(kind)")
    }
  }

  @Test(arguments: try InvalidFixture.loadAll(in: invalidKeymapsDirectory))
  func reportsEveryProblem(_ fixture: InvalidFixture) throws {
    let path = invalidKeymapsDirectory.appendingPathComponent(fixture.file).path
    do {
      _ = try keymapLibrary.loadAll(choosing: path)
      Issue.record("\(fixture.file) loaded without problems")
    } catch {
      #expect(InvalidFixture.messages(error) == fixture.expected)
      #expect(error.problems.allSatisfy { $0.file == path })
      if let kind = LayoutProblem.Kind(rawValue: String(fixture.file.dropLast(5))) {
        #expect(error.problems.contains { $0.kind == kind })
      }
    }
  }

  @Test("a missing file says so and names the path")
  func missingFile() {
    do {
      _ = try keymapLibrary.loadAll(choosing: "/nonexistent/mine.json")
      Issue.record("loaded a missing file")
    } catch {
      #expect(error.problems.map(\.kind) == [.unreadableFile])
      #expect(
        error.description == "/nonexistent/mine.json: the file does not exist; check the path")
    }
  }

  @Test("an unknown id names the known ones and the closest")
  func unknownID() {
    do {
      _ = try keymapLibrary.loadAll(choosing: "numapd")
      Issue.record("chose an unknown keymap")
    } catch {
      #expect(error.problems.map(\.kind) == [.unknownKeymap])
      #expect(
        error.description
          == "numapd: no keymap with this id; did you mean \"numpad\"? known: numpad, phone"
          + " (or give a path to a .json file)")
    }
  }

  @Test("without shipped keymaps an id says where to point CHEONJIIN_KEYMAPS")
  func noKeymaps() {
    let empty = KeymapLibrary(shippedDirectory: nil, userDirectory: "/nonexistent/cheonjiin")
    do {
      _ = try empty.loadAll(choosing: "numpad")
      Issue.record("chose a keymap from nothing")
    } catch {
      #expect(error.problems.map(\.kind) == [.unknownKeymap])
      #expect(error.description.contains("set CHEONJIIN_KEYMAPS"))
    }
  }
}

@Suite("User keymaps")
struct UserKeymapTests {
  private static let mine = """
    {"id": "numpad", "name": "내 숫자패드", "bindings": {"KP7": "phone 3", "KP9": "phone 1"}}
    """

  @Test("a user keymap overrides the shipped one with the same id")
  func overrides() throws {
    let user = try UserKeymaps(["numpad.json": Self.mine])
    let (keymaps, chosen, _) = try user.library.loadAll(choosing: "numpad")
    #expect(chosen == "numpad")
    #expect(keymaps.map(\.id).sorted() == ["numpad", "phone"])
    let numpad = try #require(keymaps.first { $0.id == "numpad" })
    #expect(numpad.name == "내 숫자패드")
    #expect(numpad.bindings[.keypad(.digit(7))] == .phone("3"))
    #expect(user.library.catalog().first { $0.id == "numpad" }?.isUser == true)
  }

  @Test("a user keymap with a new id is offered and can be chosen by id")
  func newID() throws {
    let text = Self.mine.replacingOccurrences(of: "\"numpad\"", with: "\"left\"")
    let user = try UserKeymaps(["left.json": text])
    let (keymaps, chosen, _) = try user.library.loadAll(choosing: "left")
    #expect(chosen == "left")
    #expect(Set(keymaps.map(\.id)) == ["left", "numpad", "phone"])
  }

  @Test("a keymap found by id must have that id inside")
  func idMismatch() throws {
    let user = try UserKeymaps(["left.json": Self.mine])
    do {
      _ = try user.library.loadAll(choosing: "left")
      Issue.record("loaded a keymap whose id is not its file name")
    } catch {
      #expect(error.problems.map(\.kind) == [.idMismatch])
      #expect(error.problems.first?.path == "id")
      #expect(error.problems.first?.file.hasSuffix("/left.json") == true)
    }
    // Not chosen, it is skipped and reported instead.
    let (keymaps, _, skipped) = try user.library.loadAll(choosing: "numpad")
    #expect(Set(keymaps.map(\.id)) == ["numpad", "phone"])
    #expect(skipped.map(\.kind) == [.idMismatch])
  }

  @Test("a broken keymap nobody chose is skipped and reported; the pad's keymaps still load")
  func brokenUserKeymap() throws {
    let user = try UserKeymaps([
      "mine.json": #"{"id": "mine", "name": "x", "bindings": {"KP7": 1}}"#
    ])
    let (keymaps, chosen, skipped) = try user.library.loadAll(choosing: "phone")
    #expect(chosen == "phone")
    #expect(Set(keymaps.map(\.id)) == ["numpad", "phone"])
    #expect(skipped.map(\.path) == ["bindings.KP7"])
    #expect(skipped.first?.file.hasSuffix("/mine.json") == true)
    // Chosen, the same file stops loading with its problems.
    do {
      _ = try user.library.loadAll(choosing: "mine")
      Issue.record("loaded a broken keymap that was chosen")
    } catch {
      #expect(error.problems.map(\.path) == ["bindings.KP7"])
    }
  }

  @Test("a file given by path replaces the keymap with its id, and is chosen")
  func givenByPath() throws {
    let user = try UserKeymaps(["elsewhere.json": Self.mine])
    let path = user.directory.appendingPathComponent("elsewhere.json").path
    let (keymaps, chosen, _) = try keymapLibrary.loadAll(choosing: path)
    #expect(chosen == "numpad")
    #expect(keymaps.map(\.id) == ["phone", "numpad"])
    #expect(keymaps.last?.name == "내 숫자패드")
  }
}
