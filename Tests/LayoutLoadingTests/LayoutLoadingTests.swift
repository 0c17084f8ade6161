import Foundation
import HangulEngine
import TestSupport
import Testing

@testable import LayoutLoading

let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let layoutsDirectory = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Layouts")
let invalidDirectory = testsDirectory.appendingPathComponent("Invalid")

let library = LayoutLibrary(
  shippedDirectory: layoutsDirectory.path, userDirectory: "/nonexistent/cheonjiin-user-layouts")

@Suite("Shipped layouts")
struct ShippedLayoutTests {
  static let ids = [
    "cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja", "symbols", "marks", "abc",
  ]

  @Test("the catalog lists exactly the shipped layouts")
  func catalog() {
    #expect(Set(library.catalog().map(\.id)) == Set(Self.ids))
  }

  @Test("every shipped layout loads and validates with its switch targets", arguments: ids)
  func loads(_ id: String) throws {
    let set = try library.loadSet(id)
    #expect(set.first?.layout.id == id)
    let layout = try #require(set.first?.layout)
    // The dismiss key sits bottom-right, where Galaxy users reach for Back.
    let corner = try #require(layout.rows.last?.last ?? nil)
    #expect(layout.keys[corner].action == .dismiss)
  }

  @Test("Galaxy and iPhone differ only in data: the space keys and the grid")
  func galaxyAndIPhone() throws {
    let galaxy = try library.load(file: try library.locate("cheonjiin-galaxy")).layout
    let iphone = try library.load(file: try library.locate("cheonjiin-iphone")).layout
    #expect(galaxy.composer == iphone.composer)
    #expect(galaxy.keys.contains { $0.action == .spaceNext })
    #expect(!iphone.keys.contains { $0.action == .spaceNext })
    #expect(iphone.keys.contains { $0.action == .next })
    #expect(iphone.keys.contains { $0.action == .space })
  }

  @Test("Hwalja has no wraps: ㆍㆍ+ㆍ, ㅑ+ㆍ, ㅠ+ㆍ and ㄲ+ㄱ start something new")
  func hwalja() throws {
    var engine = try library.inputMethod("cheonjiin-hwalja")
    var runner = SequenceRunner(layouts: engine.layouts)
    for (keys, text) in [
      ("ᆞᆞᆞ", "‥ㆍ"), ("ㄱㅣᆞᆞᆞ", "갸ㆍ"), ("ㄱㅡᆞᆞᆞ", "규ㆍ"), ("ㄱㄱㄱㄱ", "ㄲㄱ"),
      ("ㄴㄴㄴ", "ㄹㄴ"), ("ㄱㅣᆞㄱㄱㄱㄱ", "갂ㄱ"),
    ] {
      try runner.run(keys)
      #expect(runner.typist.text == text, "\(keys)")
    }
    _ = engine.tap(0)
  }

  @Test("x- fields are kept for user data, and the layout still loads")
  func extensionsKept() throws {
    var json = try String(
      contentsOf: layoutsDirectory.appendingPathComponent("cheonjiin-galaxy.json"), encoding: .utf8)
    json = json.replacingOccurrences(
      of: "\"id\": \"cheonjiin-galaxy\",",
      with: "\"id\": \"cheonjiin-galaxy\", \"x-author\": {\"name\": \"me\"},")
    let loaded = try LayoutLibrary.load(data: Data(json.utf8), file: "mine.json")
    #expect(loaded.extensions["x-author"] == .object([("name", .string("me"))]))
  }
}

/// One broken file per problem kind, with the messages a user must see: layouts in
/// `Invalid/`, keymaps in `InvalidKeymaps/`, each folder with its `expected.json`.
struct InvalidFixture: Sendable, CustomTestStringConvertible {
  let file: String
  let expected: [String]
  var testDescription: String { file }

  static func loadAll(in directory: URL = invalidDirectory) throws -> [InvalidFixture] {
    let data = try Data(contentsOf: directory.appendingPathComponent("expected.json"))
    let table = try JSONDecoder().decode([String: [String]].self, from: data)
    return table.keys.sorted().map { InvalidFixture(file: $0, expected: table[$0] ?? []) }
  }

  /// The messages of `error` as the fixtures write them: `path: message`, or the message.
  static func messages(_ error: LayoutError) -> [String] {
    error.problems.map { problem in
      problem.path.isEmpty ? problem.message : "\(problem.path): \(problem.message)"
    }
  }
}

@Suite("Broken layouts")
struct InvalidLayoutTests {
  @Test("every problem kind has a fixture")
  func coverage() throws {
    let files = Set(try InvalidFixture.loadAll().map(\.file))
    // Keymap-only kinds have their fixtures in InvalidKeymaps/; the others are tested apart.
    let elsewhere = KeymapReader.kinds + [.unreadableFile, .idMismatch, .unknownKeymap]
    for kind in LayoutProblem.Kind.allCases where !elsewhere.contains(kind) {
      #expect(files.contains("\(kind.rawValue).json"), "no fixture for \(kind)")
    }
  }

  @Test(arguments: try InvalidFixture.loadAll())
  func reportsEveryProblem(_ fixture: InvalidFixture) throws {
    let path = invalidDirectory.appendingPathComponent(fixture.file).path
    do {
      _ = try library.loadSet(path)
      Issue.record("\(fixture.file) loaded without problems")
    } catch {
      #expect(InvalidFixture.messages(error) == fixture.expected)
      #expect(error.problems.allSatisfy { $0.file == path })
      let kind = String(fixture.file.dropLast(5))
      if let expectedKind = LayoutProblem.Kind(rawValue: kind) {
        #expect(error.problems.contains { $0.kind == expectedKind })
      }
    }
  }

  @Test("a missing file says so and names the path")
  func missingFile() {
    #expect(throws: LayoutError.self) { try library.load(file: "/nonexistent/x.json") }
    do {
      _ = try library.load(file: "/nonexistent/x.json")
    } catch {
      #expect(error.problems.map(\.kind) == [.unreadableFile])
      #expect(error.description.contains("/nonexistent/x.json"))
    }
  }

  @Test("an unknown id suggests the closest known one")
  func unknownID() {
    do {
      _ = try library.loadSet("cheonjiin-galaxi")
      Issue.record("loaded an unknown id")
    } catch {
      #expect(error.problems.first?.kind == .unknownLayout)
      #expect(error.description.contains("did you mean \"cheonjiin-galaxy\""))
    }
  }

  @Test("a misspelt hold type is one problem, not two")
  func misspeltHoldType() throws {
    var json = try String(
      contentsOf: layoutsDirectory.appendingPathComponent("cheonjiin-galaxy.json"), encoding: .utf8)
    json = json.replacingOccurrences(
      of: "\"hold\": {\"type\": \"text\", \"text\": \"4\"}",
      with: "\"hold\": {\"type\": \"txt\", \"text\": \"4\"}")
    #expect(json.contains("\"txt\""))
    do {
      _ = try LayoutLibrary.load(data: Data(json.utf8), file: "misspelt.json")
      Issue.record("loaded a bad hold type")
    } catch {
      #expect(error.problems.map(\.path) == ["keys[4].hold.type"])
      #expect(error.problems.first?.message.contains("did you mean \"text\"") == true)
    }
  }

  @Test("a folder and a link to a missing file are named for what they are")
  func folderAndDanglingLink() throws {
    let directory =
      scratchDirectory
      .appendingPathComponent("cheonjiin-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("gone.json").path,
      withDestinationPath: "/nonexistent/gone.json")
    let userLibrary = LayoutLibrary(
      shippedDirectory: layoutsDirectory.path, userDirectory: directory.path)
    #expect(!userLibrary.catalog().contains { $0.id == "gone" })
    do {
      _ = try userLibrary.loadSet("gone")
      Issue.record("loaded a dangling link")
    } catch {
      #expect(
        error.description.contains("is a link to /nonexistent/gone.json, which does not exist"))
    }
    do {
      _ = try library.load(file: directory.path)
      Issue.record("loaded a folder")
    } catch {
      #expect(error.description.contains("is a folder"))
    }
  }

  @Test("a user layout whose id does not match its file name is reported")
  func idMismatch() throws {
    let directory =
      scratchDirectory
      .appendingPathComponent("cheonjiin-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let galaxy = try String(
      contentsOf: layoutsDirectory.appendingPathComponent("cheonjiin-galaxy.json"), encoding: .utf8)
    try galaxy.write(
      to: directory.appendingPathComponent("mine.json"), atomically: true, encoding: .utf8)
    let userLibrary = LayoutLibrary(
      shippedDirectory: layoutsDirectory.path, userDirectory: directory.path)
    do {
      _ = try userLibrary.loadSet("mine")
      Issue.record("loaded a layout whose id is not its file name")
    } catch {
      #expect(error.problems.map(\.kind) == [.idMismatch])
    }
  }

  @Test("a user layout overrides the shipped one with the same id")
  func userOverrides() throws {
    let directory =
      scratchDirectory
      .appendingPathComponent("cheonjiin-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var galaxy = try String(
      contentsOf: layoutsDirectory.appendingPathComponent("cheonjiin-galaxy.json"), encoding: .utf8)
    galaxy = galaxy.replacingOccurrences(of: "\"space\": \"simple\"", with: "\"space\": \"smart\"")
    try galaxy.write(
      to: directory.appendingPathComponent("cheonjiin-galaxy.json"), atomically: true,
      encoding: .utf8)
    let userLibrary = LayoutLibrary(
      shippedDirectory: layoutsDirectory.path, userDirectory: directory.path)
    var runner = SequenceRunner(layouts: try userLibrary.loadSet("cheonjiin-galaxy").map(\.layout))
    // The smart policy: one press after a vowel ends the syllable and types the space.
    try runner.run("ㅇᆞㅡ_ㅇㅣᆞㄴ_ㄴᆞᆞㅣㅇ")
    #expect(runner.typist.text == "오 안녕")
  }

  @Test("a user layout overrides a shipped one that a shipped switch key names")
  func userOverridesSwitchTarget() throws {
    let directory =
      scratchDirectory
      .appendingPathComponent("cheonjiin-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var symbols = try String(
      contentsOf: layoutsDirectory.appendingPathComponent("symbols.json"), encoding: .utf8)
    symbols = symbols.replacingOccurrences(of: "\"cycle\": [\"@\"", with: "\"cycle\": [\"Z\"")
    #expect(symbols.contains("\"cycle\": [\"Z\""))
    try symbols.write(
      to: directory.appendingPathComponent("symbols.json"), atomically: true, encoding: .utf8)
    let userLibrary = LayoutLibrary(
      shippedDirectory: layoutsDirectory.path, userDirectory: directory.path)
    let set = try userLibrary.loadSet("cheonjiin-galaxy")
    #expect(set.first { $0.layout.id == "symbols" }?.file.hasPrefix(directory.path) == true)
  }

  @Test(
    "the 한글 key of !#1 and ABC goes back to the layout you chose",
    arguments: [
      ("cheonjiin-iphone", "cheonjiin-iphone"), ("cheonjiin-hwalja", "cheonjiin-hwalja"),
      ("cheonjiin-galaxy", "cheonjiin-galaxy"), ("symbols", "cheonjiin-galaxy"),
      ("abc", "cheonjiin-galaxy"),
    ])
  func backToHome(_ chosen: String, _ home: String) throws {
    var runner = SequenceRunner(layouts: try library.loadSet(chosen).map(\.layout))
    // Started on a side pad, its 한글 key goes to the default layout. (Each run starts over.)
    let start = chosen == home ? "" : "<hangul>"
    for keys in [start, start + "<symbols><hangul>", start + "<symbols><abc><hangul>"] {
      try runner.run(keys)
      #expect(runner.typist.layout.id == home, "\(keys)")
    }
  }
}

@Suite("The layout JSON Schema")
struct LayoutSchemaTests {
  @Test("the schema names the same key types and fields the reader accepts")
  func schemaMatchesReader() throws {
    let data = try Data(contentsOf: layoutsDirectory.appendingPathComponent("layout.schema.json"))
    let schema = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let defs = try #require(schema?["$defs"] as? [String: Any])
    let key = try #require(defs["key"] as? [String: Any])
    let properties = try #require(key["properties"] as? [String: Any])
    let types = try #require((properties["type"] as? [String: Any])?["enum"] as? [String])
    #expect(types == LayoutReader.keyTypes)
    let readerFields = Set(LayoutReader.commonKeyFields.keys).union(
      LayoutReader.typeFields.values.flatMap(\.keys))
    #expect(Set(properties.keys) == readerFields)
    let top = try #require(schema?["properties"] as? [String: Any])
    #expect(Set(top.keys) == Set(LayoutReader.topFields.keys))
  }
}
