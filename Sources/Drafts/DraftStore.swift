import Foundation
import Synchronization
import SystemIO
import SystemPackage

/// The draft: text typed so far, saved atomically so Ctrl-C, a closed window or a crash
/// loses nothing; offered back on the next start.
///
/// Only a plain file is ever read, replaced or removed at the draft's path: a folder, FIFO,
/// device or symbolic link there is left alone and reported, and a draft folder without the
/// owner's write permission (a folder made read-only on purpose) is never written to, nor made
/// writable again. Text that leaves the draft (declined, finished) goes to ``history``.
public struct DraftStore: Sendable {
  public let path: String

  /// `$XDG_STATE_HOME/cheonjiin/draft.txt`, default `~/.local/state/cheonjiin/draft.txt`.
  public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> DraftStore
  {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/state"
    return DraftStore(path: "\(state)/cheonjiin/draft.txt")
  }

  public init(path: String) {
    self.path = path
  }

  /// The largest draft the keypad opens: 8 MiB, about 2.8 million Hangul syllables.
  ///
  /// Past it a draft is kept aside whole, never cut.
  public static let maximumBytes = 8 << 20

  /// The folder the draft is kept in.
  public var folder: String { (path as NSString).deletingLastPathComponent }

  /// The earlier drafts and finished messages, in `history/` beside the draft.
  public var history: DraftHistory { DraftHistory(folder: folder + "/history") }

  /// The saved draft, if any.
  ///
  /// An unreadable file is left alone and counts as none here; ``loadChecked(now:)`` says so.
  public func load() -> String? {
    loadChecked().text
  }

  /// The saved draft, or why it was not opened.
  ///
  /// A draft over ``maximumBytes`` is renamed to `draft.txt.large` (or `draft.txt.large-2` …:
  /// an earlier one is never replaced), so typing cannot save over it. Anything but a plain
  /// file at the path is not opened (a FIFO would wait for a writer for ever) and stays as it
  /// is; a draft folder the owner may not write is reported too, before anything is typed
  /// that could not be saved. A `draft.txt.old` of earlier versions moves into ``history``.
  public func loadChecked(now: Date = Date()) -> (text: String?, problem: OutputProblem?) {
    adoptLegacySlot(now: now)
    let problem = folderProblem()
    // Non-blocking and not through a link: a FIFO or a planted link at the path must neither
    // hang the pad before it draws nor lead elsewhere.
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(
        FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking, .noFollow])
    } catch Errno.noSuchFileOrDirectory {
      return (nil, problem)
    } catch Errno.tooManySymbolicLinkLevels {
      return (nil, .draftNotAFile(path: path, kind: .symbolicLink))
    } catch let error as Errno where error == .permissionDenied || error == .notPermitted {
      // Another user's, or mode 000: the file stays for the user to look at, and
      // ``claim(now:)`` gives the pad a draft of its own so that nothing is saved over it.
      return (nil, .draftUnreadable(path: path, reason: "\(error)"))
    } catch {
      // No folder to hold it (a file in the way): saving says why.
      return (nil, problem)
    }
    let status: Stat
    do {
      status = try file.stat()
    } catch {
      try? file.close()
      return (nil, .draftUnreadable(path: path, reason: "\(error)"))
    }
    guard status.type == .regular else {
      try? file.close()
      return (nil, .draftNotAFile(path: path, kind: DraftFileKind(status.type)))
    }
    let size = Int(status.size)
    if size > Self.maximumBytes {
      try? file.close()
      let aside = freeName(path + ".large")
      try? renameFile(FilePath(path), to: FilePath(aside))
      return (nil, .draftTooLarge(path: aside, bytes: size, limit: Self.maximumBytes))
    }
    let bytes: [UInt8]
    do {
      bytes = try file.closeAfter { try file.readToEnd(limit: Self.maximumBytes) }
    } catch {
      return (nil, .draftUnreadable(path: path, reason: "\(error)"))
    }
    let text = String(decoding: bytes, as: UTF8.self)
    return (text.isEmpty ? nil : text, problem)
  }

  /// The start of the draft, if it is a plain file, without the checks of
  /// ``loadChecked(now:)`` that move things (for listing it).
  public func peek(maximumBytes: Int = 4096) -> String? {
    guard
      let file = try? FileDescriptor.open(
        FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking, .noFollow])
    else { return nil }
    defer { try? file.close() }
    guard let status = try? file.stat(), status.type == .regular, status.size > 0 else {
      return nil
    }
    var bytes = [UInt8](repeating: 0, count: maximumBytes)
    let count =
      (try? bytes.withUnsafeMutableBytes { try file.read(into: $0, retryOnInterrupt: true) }) ?? 0
    return String(decoding: bytes.prefix(count), as: UTF8.self)
  }

  /// Moves `draft.txt.old`, the one slot of earlier versions, into ``history``.
  public func adoptLegacySlot(now: Date = Date()) {
    history.adoptLegacy(path + ".old", now: now)
  }

  /// Why drafts cannot be saved in the folder as it is, if it exists: the owner may not
  /// write it (0500), or a draft path that is not a plain file.
  public func folderProblem() -> OutputProblem? {
    if let status = try? Stat(FilePath(folder)), status.type == .directory,
      !status.permissions.contains(.ownerWrite)
        || !isWritable(FilePath(folder), isFolder: true)
    {
      return .draftFolderReadOnly(folder: folder)
    }
    return nil
  }

  /// What is at the draft's path, if it is not a plain file (nil: a plain file or nothing).
  private func foreignKind() -> DraftFileKind? {
    guard let status = try? Stat(FilePath(path), followTargetSymlink: false),
      status.type != .regular
    else { return nil }
    return DraftFileKind(status.type)
  }

  /// Saves `text` by writing a temporary file and renaming it over the draft.
  ///
  /// Empty text removes the draft (a plain file only). Returns the problem instead of
  /// throwing: saving must never stop typing.
  ///
  /// The draft is readable by its owner only: it is whatever the user typed.
  @discardableResult
  public func save(_ text: String) -> OutputProblem? {
    if let kind = foreignKind() { return .draftNotAFile(path: path, kind: kind) }
    if text.isEmpty {
      do {
        try removeFile(FilePath(path))
      } catch Errno.noSuchFileOrDirectory {
        // Nothing to remove.
      } catch {
        return .cannotRemoveDraft(path: path, reason: "\(error)")
      }
      return nil
    }
    if let reason = Self.preparePrivateFolder(folder) {
      return .cannotSaveDraft(path: path, reason: reason)
    }
    if let problem = folderProblem() { return problem }
    do {
      try Self.writePrivately(text, to: path)
      return nil
    } catch {
      return .cannotSaveDraft(path: path, reason: "\(error)")
    }
  }

  /// Moves a declined draft into ``history`` instead of deleting it; if the history cannot
  /// take it, renames it to `draft.txt.declined` (`-2`, `-3` …) beside the draft, so that
  /// saving the new text can never replace it.
  ///
  /// - Returns: Where it went, or why it stayed the draft (then it is offered again next time).
  @discardableResult
  public func setAside(now: Date = Date()) -> Result<String, OutputProblem> {
    if let kind = foreignKind() { return .failure(.draftNotAFile(path: path, kind: kind)) }
    let kept = history.adopt(path, kind: .declined, now: now)
    switch kept {
    case .success(let entry):
      return .success(history.path(of: entry))
    case .failure(let problem):
      let aside = freeName(path + ".declined")
      do {
        try renameFile(FilePath(path), to: FilePath(aside))
        return .success(aside)
      } catch {
        return .failure(problem)
      }
    }
  }

  /// Makes a kept text the draft again (`cheonjiin drafts restore`); a draft already there
  /// goes to the history first, never replaced.
  ///
  /// - Returns: Where the earlier draft went, if there was one; or why nothing changed.
  public func restore(_ entry: DraftHistory.Entry, now: Date = Date())
    -> Result<String?, OutputProblem>
  {
    if let problem = folderProblem() { return .failure(problem) }
    if let kind = foreignKind() { return .failure(.draftNotAFile(path: path, kind: kind)) }
    var earlier: String? = nil
    if (try? Stat(FilePath(path), followTargetSymlink: false)) != nil {
      switch setAside(now: now) {
      case .success(let aside): earlier = aside
      case .failure(let problem): return .failure(problem)
      }
    }
    do {
      try renameFile(FilePath(history.path(of: entry)), to: FilePath(path))
      return .success(earlier)
    } catch {
      return .failure(.cannotSaveDraft(path: path, reason: "\(error)"))
    }
  }

  /// Makes `folder` (and its parents) when missing, owner-only (0700); an existing one loses
  /// its group and other permission bits only (older versions made it 0755), so a folder the
  /// user made read-only stays so.
  ///
  /// - Returns: Why the folder cannot be made, or nil.
  package static func preparePrivateFolder(_ folder: String) -> String? {
    let files = FileManager.default
    var isFolder: ObjCBool = false
    if !files.fileExists(atPath: folder, isDirectory: &isFolder) {
      do {
        try files.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        return error.localizedDescription
      }
      return nil
    }
    guard isFolder.boolValue else { return "\(folder) is not a folder" }
    if let status = try? Stat(FilePath(folder), followTargetSymlink: false),
      status.type == .directory, status.permissions.rawValue & 0o077 != 0
    {
      // Best effort: a folder of another user stays as it is.
      try? setPermissions(
        FilePath(folder), FilePermissions(rawValue: status.permissions.rawValue & 0o700))
    }
    return nil
  }

  /// Writes `text` to a fresh temporary file beside `path` (0600, created exclusively and
  /// never through a link) and renames it to `path`.
  ///
  /// A symbolic link planted at a temporary's name changes nothing: another name is taken.
  static func writePrivately(_ text: String, to path: String) throws {
    let directory = (path as NSString).deletingLastPathComponent
    var attempt = 0
    while true {
      attempt += 1
      let temporary = FilePath(
        "\(directory)/.draft-\(ProcessInfo.processInfo.processIdentifier)-\(attempt).tmp")
      let file: FileDescriptor
      do {
        file = try FileDescriptor.open(
          temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
          permissions: [.ownerReadWrite])
      } catch Errno.fileExists where attempt < 100 {
        continue  // a leftover or a planted file: leave it alone, take another name
      }
      do {
        try file.closeAfter { _ = try file.writeAll(text.utf8) }
        try renameFile(temporary, to: FilePath(path))
        return
      } catch {
        try? removeFile(temporary)  // ours: created exclusively above
        throw error
      }
    }
  }

  /// `name`, or `name-2`, `name-3` … whichever does not exist yet.
  private func freeName(_ name: String) -> String {
    var candidate = name
    var number = 2
    while (try? Stat(FilePath(candidate), followTargetSymlink: false)) != nil {
      candidate = "\(name)-\(number)"
      number += 1
    }
    return candidate
  }
}
