import Foundation
import TestSupport
import Testing

@testable import Drafts
@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

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

  @Test("declining never destroys an earlier draft: two declines keep both")
  func setAsideTwice() throws {
    try Self.withDraft { store, _ in
      let day = Date(timeIntervalSince1970: 1_790_000_000)
      #expect(store.save("안") == nil)
      #expect(throws: Never.self) { try store.setAside(now: day).get() }
      #expect(store.load() == nil)
      #expect(store.save("할머니 생신") == nil)
      #expect(throws: Never.self) { try store.setAside(now: day.addingTimeInterval(60)).get() }
      let kept = store.history.entries()
      #expect(kept.map(\.kind) == [.declined, .declined])
      #expect(kept.compactMap { try? store.history.text(of: $0).get() } == ["할머니 생신", "안"])
    }
  }

  @Test("draft.txt.old of an earlier version joins the history, dated by its last change")
  func legacySlot() throws {
    try Self.withDraft { store, file in
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("옛 글".utf8).write(to: URL(fileURLWithPath: file.path + ".old"))
      #expect(store.loadChecked().text == nil)
      #expect(!FileManager.default.fileExists(atPath: file.path + ".old"))
      let kept = try #require(store.history.entries().first)
      #expect(kept.kind == .declined)
      #expect(try store.history.text(of: kept).get() == "옛 글")
    }
  }

  @Test("kept texts are private files in a private folder")
  func historyIsPrivate() throws {
    try Self.withDraft { store, _ in
      let entry = try store.history.add("비밀", kind: .sent).get()
      let files = FileManager.default
      let file = try files.attributesOfItem(atPath: store.history.path(of: entry))
      let folder = try files.attributesOfItem(atPath: store.history.folder)
      #expect((file[.posixPermissions] as? Int) == 0o600)
      #expect((folder[.posixPermissions] as? Int) == 0o700)
    }
  }

  @Test("the history keeps the newest 100 texts, never the one just kept")
  func historyCountBound() throws {
    try Self.withDraft { store, _ in
      let start = Date(timeIntervalSince1970: 1_790_000_000)
      for index in 0..<(DraftHistory.maximumEntries + 5) {
        _ = try store.history.add("글 \(index)", kind: .sent, now: start + Double(index)).get()
      }
      let kept = store.history.entries()
      #expect(DraftHistory.maximumEntries == 100)
      #expect(kept.count == DraftHistory.maximumEntries)
      #expect(try store.history.text(of: kept[0]).get() == "글 \(DraftHistory.maximumEntries + 4)")
      #expect(try store.history.text(of: kept[kept.count - 1]).get() == "글 5")
    }
  }

  @Test("the history keeps at most 16 MiB: the oldest go; a text over 8 MiB is not kept")
  func historySizeBound() throws {
    try Self.withDraft { store, _ in
      let start = Date(timeIntervalSince1970: 1_790_000_000)
      let big = String(repeating: "a", count: 6 << 20)
      for index in 0..<3 {
        _ = try store.history.add(big, kind: .sent, now: start + Double(index)).get()
      }
      let kept = store.history.entries()
      #expect(kept.count == 2)  // 18 MiB would be over the bound
      #expect(kept.map(\.bytes).reduce(0, +) <= DraftHistory.maximumTotalBytes)
      let huge = String(repeating: "a", count: DraftHistory.maximumEntryBytes + 1)
      guard case .failure(.tooLargeToKeep) = store.history.add(huge, kind: .sent) else {
        Issue.record("kept a text over the limit")
        return
      }
      #expect(store.history.entries().count == 2)
    }
  }

  @Test("restore makes a kept text the draft; a draft already there is kept, not replaced")
  func restore() throws {
    try Self.withDraft { store, _ in
      let entry = try store.history.add("돌아올 글", kind: .sent).get()
      #expect(store.save("지금 글") == nil)
      let earlier = try store.restore(entry).get()
      #expect(store.load() == "돌아올 글")
      let aside = try #require(earlier)
      #expect(try String(contentsOfFile: aside, encoding: .utf8) == "지금 글")
      #expect(store.history.entries().map(\.kind) == [.declined])
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

  @Test("a FIFO at the draft's path is not opened (no hang), not replaced, and said")
  func fifo() throws {
    try Self.withDraft { store, file in
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      #expect(mkfifo(file.path, 0o600) == 0)
      let (text, problem) = store.loadChecked()
      #expect(text == nil)
      #expect(problem == .draftNotAFile(path: file.path, kind: .special))
      #expect(store.save("가") == .draftNotAFile(path: file.path, kind: .special))
      #expect(store.save("") == .draftNotAFile(path: file.path, kind: .special))
      var status = stat()
      #expect(lstat(file.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }
  }

  @Test("a folder named draft.txt is neither renamed to draft.txt.large nor removed")
  func folderAtDraftPath() throws {
    try Self.withDraft { store, file in
      let inside = file.appendingPathComponent("mine.txt")
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
      try Data("keep".utf8).write(to: inside)
      let (text, problem) = store.loadChecked()
      #expect(text == nil)
      #expect(problem == .draftNotAFile(path: file.path, kind: .folder))
      #expect(!FileManager.default.fileExists(atPath: file.path + ".large"))
      #expect(store.save("가") == .draftNotAFile(path: file.path, kind: .folder))
      _ = store.save("")  // finishing must not remove a folder and what it holds
      #expect(try String(contentsOf: inside, encoding: .utf8) == "keep")
      #expect(UIStrings(.english).message(try #require(problem)).contains("a folder"))
    }
  }

  @Test("a draft folder made read-only (0500) stays so, and nothing is written in it")
  func readOnlyFolder() throws {
    try Self.withDraft { store, file in
      let folder = file.deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder.path)
      defer {
        try? FileManager.default.setAttributes(
          [.posixPermissions: 0o700], ofItemAtPath: folder.path)
      }
      #expect(store.loadChecked().problem == .draftFolderReadOnly(folder: folder.path))
      #expect(store.save("가") == .draftFolderReadOnly(folder: folder.path))
      let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions]
      #expect((mode as? Int) == 0o500)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
      let message = UIStrings(.english).message(.draftFolderReadOnly(folder: folder.path))
      #expect(message.contains("chmod u+w"))
    }
  }

  // MARK: - Two pads, and what pads that ended left

  /// A process id that runs nothing: the largest one.
  private static let endedProcess = Int32.max

  @Test("a second pad on the same state writes a draft of its own; neither touches the other's")
  func twoPads() throws {
    try Self.withDraft { store, _ in
      let first = store.claim()
      let second = store.claim()
      defer {
        first.release()
        second.release()
      }
      #expect(first.reason == nil)
      #expect(first.store.path == store.path)
      #expect(second.reason == .anotherPad)
      #expect(second.store.path != store.path)
      // The first cancels with 가; the second finishes (removing its draft) or cancels with 니.
      #expect(first.store.save("가") == nil)
      #expect(second.store.save("니") == nil)
      #expect(store.load() == "가")
      #expect(store.draftsApart().map(\.store.path) == [second.store.path])
      #expect(second.store.save("") == nil)
      #expect(store.load() == "가")
    }
  }

  @Test("the next pad offers the draft of a pad that ended, or keeps it with the drafts")
  func leftDrafts() throws {
    try Self.withDraft { store, file in
      let folder = file.deletingLastPathComponent()
      let left = store.ownDraft(of: Self.endedProcess)
      #expect(left.save("니") == nil)
      let claim = store.claim()
      #expect(claim.text == "니")
      #expect(claim.keptAside == 0)
      #expect(!FileManager.default.fileExists(atPath: left.path))
      claim.release()
      // With a draft there already, the other goes to the history, never over it.
      #expect(left.save("다") == nil)
      let again = store.claim()
      #expect(again.text == "니")
      #expect(again.keptAside == 1)
      again.release()
      let kept = store.history.entries()
      #expect(try kept.map { try store.history.text(of: $0).get() } == ["다"])
      // The draft apart of a pad that still runs is never taken.
      let running = Process()
      running.executableURL = URL(fileURLWithPath: "/bin/sleep")
      running.arguments = ["30"]
      try running.run()
      defer { running.terminate() }
      let open = store.ownDraft(of: running.processIdentifier)
      #expect(open.save("라") == nil)
      let third = store.claim()
      defer { third.release() }
      #expect(third.keptAside == 0)
      #expect(open.load() == "라")
      #expect(store.history.entries().count == 1)
      #expect(FileManager.default.fileExists(atPath: folder.path))
    }
  }

  @Test("unfinished saves of ended pads: empty ones go, ones with text are kept; others stay")
  func unfinishedSaves() throws {
    try Self.withDraft { store, file in
      let folder = file.deletingLastPathComponent()
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      func make(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      }
      let me = ProcessInfo.processInfo.processIdentifier
      try make(".draft-\(Self.endedProcess)-1.tmp", "")
      try make(".draft-\(Self.endedProcess)-2.tmp", "가나")
      try make(".draft-\(me)-1.tmp", "")  // a save of a process that runs
      try make(".draft-x-1.tmp", "")  // not a name the pad writes
      try make("notes.tmp", "")
      let claim = store.claim()
      defer { claim.release() }
      #expect(claim.keptAside == 1)
      let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
      #expect(!names.contains(".draft-\(Self.endedProcess)-1.tmp"))
      #expect(!names.contains(".draft-\(Self.endedProcess)-2.tmp"))
      #expect(names.isSuperset(of: [".draft-\(me)-1.tmp", ".draft-x-1.tmp", "notes.tmp"]))
      let kept = store.history.entries()
      #expect(try kept.map { try store.history.text(of: $0).get() } == ["가나"])
    }
  }
}
