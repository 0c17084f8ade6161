import Foundation
import TestSupport
import Testing

@testable import TerminalUI

@Suite("The draft file")
struct DraftStoreTests {
  /// A draft path in a new folder that does not exist yet, removed after the test.
  private static func withDraft(_ body: (DraftStore, URL) throws -> Void) throws {
    let folder =
      scratchDirectory
      .appendingPathComponent("cheonjiin-draft-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("state/cheonjiin/draft.txt")
    try body(DraftStore(path: file.path), file)
  }

  @Test("a saved draft loads back, in a folder made for it, readable by its owner only")
  func saveAndLoad() throws {
    try Self.withDraft { store, file in
      #expect(store.load() == nil)
      #expect(store.save("안녕하세요\n두 줄") == nil)
      #expect(store.load() == "안녕하세요\n두 줄")
      let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
      #expect((attributes[.posixPermissions] as? Int) == 0o600)
      // Saving again replaces the text and leaves no temporary file behind.
      #expect(store.save("가") == nil)
      #expect(store.load() == "가")
      let names = try FileManager.default.contentsOfDirectory(
        atPath: file.deletingLastPathComponent().path)
      #expect(names == ["draft.txt"])
    }
  }

  @Test("saving empty text removes the draft")
  func emptyRemoves() throws {
    try Self.withDraft { store, file in
      #expect(store.save("가") == nil)
      #expect(store.save("") == nil)
      #expect(!FileManager.default.fileExists(atPath: file.path))
      #expect(store.load() == nil)
    }
  }

  @Test("a declined draft is kept as draft.txt.old")
  func setAside() throws {
    try Self.withDraft { store, file in
      #expect(store.save("나") == nil)
      store.setAside()
      #expect(store.load() == nil)
      let old = try String(contentsOfFile: file.path + ".old", encoding: .utf8)
      #expect(old == "나")
    }
  }

  @Test("a draft that cannot be written says why instead of failing")
  func unwritable() throws {
    try Self.withDraft { _, file in
      // A file where the folder should be: the folder cannot be made.
      let blocker = file.deletingLastPathComponent().deletingLastPathComponent()
      try FileManager.default.createDirectory(
        at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: blocker)
      let problem = try #require(DraftStore(path: file.path).save("다"))
      guard case .cannotSaveDraft(let path, _) = problem else {
        Issue.record("expected a draft that cannot be saved, got \(problem)")
        return
      }
      #expect(path == file.path)
      let message = UIStrings(.english).message(problem)
      #expect(message.hasPrefix("cannot save the draft \(file.path)"))
      #expect(UIStrings(.korean).message(problem).contains("저장할 수 없어요"))
    }
  }

  @Test("a symlink planted at the temporary's name is left alone, and its target untouched")
  func plantedSymlink() throws {
    try Self.withDraft { store, file in
      let folder = file.deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let victim = folder.deletingLastPathComponent().appendingPathComponent("victim.txt")
      try Data("keep me".utf8).write(to: victim)
      let pid = ProcessInfo.processInfo.processIdentifier
      for attempt in 1...3 {
        try FileManager.default.createSymbolicLink(
          atPath: folder.appendingPathComponent(".draft-\(pid)-\(attempt).tmp").path,
          withDestinationPath: victim.path)
      }
      #expect(store.save("비밀") == nil)
      #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
      #expect(store.load() == "비밀")
    }
  }

  @Test("the draft's folder is the owner's only, also when an older version made it 0755")
  func privateFolder() throws {
    try Self.withDraft { store, file in
      let folder = file.deletingLastPathComponent()
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
      #expect(store.save("가") == nil)
      let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions]
      #expect((mode as? Int) == 0o700)
    }
  }

  @Test("a draft over the limit is not opened, not cut, and kept aside whole")
  func tooLarge() throws {
    try Self.withDraft { store, file in
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      let big = Data(repeating: UInt8(ascii: "a"), count: DraftStore.maximumBytes + 1)
      try big.write(to: file)
      let (text, problem) = store.loadChecked()
      #expect(text == nil)
      guard case .draftTooLarge(let aside, let bytes, _) = problem else {
        Issue.record("expected draftTooLarge, got \(String(describing: problem))")
        return
      }
      #expect(bytes == big.count)
      #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == big)
      #expect(!FileManager.default.fileExists(atPath: file.path))  // typing cannot save over it
    }
  }
}
