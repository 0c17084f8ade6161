import Foundation
import SystemIO
import SystemPackage

/// The draft a pad writes while it runs, and the lock that makes it that pad's alone.
///
/// Two pads on the same state never write one file: the first holds `draft.txt` (by a lock on
/// `draft.txt.lock`), any other writes `draft-PID.txt` beside it. The next pad to hold
/// `draft.txt` takes those of pads that have ended: one becomes the draft if there is none,
/// the rest go to the history, where `cheonjiin drafts` lists them.
public struct DraftClaim: Sendable {
  /// Why a pad writes a draft of its own instead of `draft.txt`.
  public enum Reason: Sendable, Equatable {
    /// Another pad that is open now holds `draft.txt`.
    case anotherPad
    /// `draft.txt` is there but cannot be read; it is left as it is.
    case unreadable
  }

  /// The draft this pad reads and writes.
  public let store: DraftStore
  /// Why it is not `draft.txt`; nil when it is.
  public let reason: Reason?
  /// The draft to offer, if any.
  public let text: String?
  /// Why the draft was not opened, or cannot be saved, if so.
  public let problem: OutputProblem?
  /// How many texts of pads that ended went to the history (beside the one that became the
  /// draft, which is offered).
  public let keptAside: Int
  /// Open for as long as the process runs: the kernel lets go of the lock when it ends, even
  /// by `kill -9`.
  private let lock: FileDescriptor?

  fileprivate init(
    store: DraftStore, reason: Reason?, text: String?, problem: OutputProblem?, keptAside: Int,
    lock: FileDescriptor?
  ) {
    self.store = store
    self.reason = reason
    self.text = text
    self.problem = problem
    self.keptAside = keptAside
    self.lock = lock
  }

  /// Lets go of the lock before the process ends (which lets go of it too).
  public func release() {
    try? lock?.close()
  }
}

extension DraftStore {
  /// The file whose lock the pad writing this draft holds: `draft.txt.lock`.
  var lockPath: String { path + ".lock" }

  /// The draft a pad of process `id` writes when it cannot write this one: `draft-ID.txt`.
  package func ownDraft(of id: Int32) -> DraftStore {
    DraftStore(path: "\(folder)/\(ownDraftPrefix)\(id).\(pathExtension)")
  }

  private var pathExtension: String { (path as NSString).pathExtension }
  private var ownDraftPrefix: String {
    ((path as NSString).lastPathComponent as NSString).deletingPathExtension + "-"
  }

  /// Claims a draft for a pad starting now: this one when no other pad holds it and it can be
  /// read, else one of the pad's own (``DraftClaim/reason`` says why).
  ///
  /// The pad holding this draft also takes what pads that ended left behind: their own
  /// drafts and their unfinished saves (a `kill -9` while saving). Nothing of another running
  /// process is touched, and only files of the draft's own names.
  public func claim(now: Date = Date()) -> DraftClaim {
    let me = ProcessInfo.processInfo.processIdentifier
    _ = Self.preparePrivateFolder(folder)  // a folder that cannot be made is said by the load
    let lock = try? FileDescriptor.open(
      FilePath(lockPath), .readWrite, options: [.create, .noFollow, .closeOnExec],
      permissions: [.ownerReadWrite])
    // No lock file (a read-only folder): nothing can be saved here anyway; the load says so.
    let holds = lock.map { (try? lockExclusively($0)) ?? true } ?? true
    guard holds else {
      try? lock?.close()
      let own = ownDraft(of: me)
      // A draft of an earlier process of the same id: not this pad's to save over.
      _ = history.adopt(own.path, kind: .declined, now: now)
      return DraftClaim(
        store: own, reason: .anotherPad, text: nil, problem: own.folderProblem(), keptAside: 0,
        lock: nil)
    }
    var keptAside = keepUnfinishedSaves(now: now)
    var (text, problem) = loadChecked(now: now)
    let unreadable: Bool
    if case .draftUnreadable = problem { unreadable = true } else { unreadable = false }
    for (index, left) in leftDrafts().enumerated() {
      if index == 0, text == nil, problem == nil,
        (try? Stat(FilePath(path), followTargetSymlink: false)) == nil,
        (try? renameFile(FilePath(left), to: FilePath(path))) != nil
      {
        (text, problem) = loadChecked(now: now)
      } else if case .success = history.adopt(left, kind: .declined, now: now) {
        keptAside += 1
      }
    }
    guard unreadable else {
      return DraftClaim(
        store: self, reason: nil, text: text, problem: problem, keptAside: keptAside, lock: lock)
    }
    let own = ownDraft(of: me)
    _ = history.adopt(own.path, kind: .declined, now: now)
    return DraftClaim(
      store: own, reason: .unreadable, text: nil, problem: problem, keptAside: keptAside,
      lock: lock)
  }

  /// The drafts pads write apart (`draft-ID.txt`, plain files), oldest first, with the id of
  /// the process that writes them.
  public func draftsApart() -> [(store: DraftStore, process: Int32)] {
    let suffix = "." + pathExtension
    return names(in: folder).compactMap { name -> (DraftStore, Int32, Date)? in
      guard name.hasPrefix(ownDraftPrefix), name.hasSuffix(suffix),
        let id = Int32(name.dropFirst(ownDraftPrefix.count).dropLast(suffix.count)),
        let changed = plainFileChanged(folder + "/" + name)
      else { return nil }
      return (DraftStore(path: folder + "/" + name), id, changed)
    }.sorted { $0.2 < $1.2 }.map { ($0.0, $0.1) }
  }

  /// The drafts apart of processes that have ended, oldest first.
  private func leftDrafts() -> [String] {
    draftsApart().filter { !processExists($0.process) }.map(\.store.path)
  }

  /// Removes the empty temporaries that processes which ended left while saving (here and in
  /// the history), and keeps those with text in the history: a `kill -9` between writing a
  /// temporary and renaming it leaves the newest text there.
  ///
  /// - Returns: How many went to the history.
  private func keepUnfinishedSaves(now: Date) -> Int {
    var kept = 0
    for directory in [folder, history.folder] {
      for name in names(in: directory) {
        guard let id = Self.temporaryOwner(name), !processExists(id) else { continue }
        let file = directory + "/" + name
        guard let status = try? Stat(FilePath(file), followTargetSymlink: false),
          status.type == .regular
        else { continue }
        if status.size == 0 {
          try? removeFile(FilePath(file))  // empty: no text is lost
        } else if case .success = history.adopt(file, kind: .declined, now: now) {
          kept += 1
        }
      }
    }
    return kept
  }

  /// The process id in a temporary's name (`.draft-ID-N.tmp`, from
  /// ``writePrivately(_:to:)``), or nil for a name of another form.
  static func temporaryOwner(_ name: String) -> Int32? {
    guard name.hasPrefix(".draft-"), name.hasSuffix(".tmp") else { return nil }
    let parts = name.dropFirst(".draft-".count).dropLast(".tmp".count).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, Int(parts[1]) != nil else { return nil }
    return Int32(parts[0])
  }

  /// The names in a folder that are UTF-8 (the draft's own names are).
  private func names(in directory: String) -> [String] {
    ((try? directoryEntryNames(FilePath(directory))) ?? []).compactMap {
      String(validating: $0, as: UTF8.self)
    }
  }

  /// When a plain file last changed; nil for anything else.
  private func plainFileChanged(_ file: String) -> Date? {
    guard let status = try? Stat(FilePath(file), followTargetSymlink: false),
      status.type == .regular
    else { return nil }
    return DraftHistory.changed(status)
  }
}
