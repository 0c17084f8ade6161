import Foundation
import SystemIO
import SystemPackage

/// Earlier drafts and finished messages, kept so that nothing typed is lost by a wrong key:
/// a declined draft, every finished message, and text whose destination could not be
/// confirmed (the clipboard).
///
/// One plain file per entry, holding the text exactly, in a folder of its own
/// (`$XDG_STATE_HOME/cheonjiin/history/`, 0700; files 0600), named
/// `YYYYMMDD-HHMMSS.mmm-PID-KIND.txt` in UTC so that names sort by age. Bounded: at most
/// ``maximumEntries`` entries and ``maximumTotalBytes`` in all; adding one removes the oldest
/// beyond either bound, never the one just added. `cheonjiin drafts` lists them, prints one,
/// takes one back into the pad, or removes them.
public struct DraftHistory: Sendable {
  /// The folder of the entries.
  public let folder: String

  /// The most entries kept.
  public static let maximumEntries = 100
  /// The most bytes kept in all: 16 MiB.
  public static let maximumTotalBytes = 16 << 20
  /// The largest entry kept: the largest draft the pad opens (8 MiB), so any entry can be
  /// taken back into the pad.
  public static let maximumEntryBytes = DraftStore.maximumBytes

  /// Why an entry was kept.
  public enum Kind: String, Sendable, CaseIterable {
    /// A finished message that went where the options said (standard output, a file).
    case sent
    /// A finished message whose only destination could not be confirmed (the clipboard, a
    /// window that closes as the pad ends).
    case unconfirmed
    /// A draft declined at "continue with it?", or set aside to make room for another.
    case declined
  }

  /// One kept text.
  public struct Entry: Sendable, Hashable {
    /// The file's name in ``DraftHistory/folder``.
    public let name: String
    public let kind: Kind
    /// When it was kept.
    public let date: Date
    /// The size of the text in bytes (UTF-8).
    public let bytes: Int
  }

  public init(folder: String) {
    self.folder = folder
  }

  /// The path of an entry's file.
  public func path(of entry: Entry) -> String { folder + "/" + entry.name }

  // MARK: - Reading

  /// Every entry, newest first.
  ///
  /// Files of other names, and anything but plain files, are ignored (and never removed).
  public func entries() -> [Entry] {
    guard let names = try? directoryEntryNames(FilePath(folder)) else { return [] }
    return names.compactMap { bytes -> Entry? in
      let name = String(decoding: bytes, as: UTF8.self)
      guard let (date, kind) = Self.parse(name),
        let status = try? Stat(FilePath(folder + "/" + name), followTargetSymlink: false),
        status.type == .regular
      else { return nil }
      return Entry(name: name, kind: kind, date: date, bytes: Int(status.size))
    }.sorted { $0.name > $1.name }
  }

  /// The text of an entry.
  public func text(of entry: Entry) -> Result<String, OutputProblem> {
    do {
      let file = try FileDescriptor.open(
        FilePath(path(of: entry)), .readOnly, options: [.closeOnExec, .nonBlocking, .noFollow])
      let bytes = try file.closeAfter { try file.readToEnd(limit: Self.maximumEntryBytes) }
      return .success(String(decoding: bytes, as: UTF8.self))
    } catch {
      return .failure(.cannotReadKept(path: path(of: entry), reason: "\(error)"))
    }
  }

  // MARK: - Keeping

  /// Keeps `text` as a new entry, then trims the history to its bounds.
  ///
  /// - Returns: The entry, or why it was not kept: text over ``maximumEntryBytes``, or a
  ///   folder that cannot be made or written.
  public func add(_ text: String, kind: Kind, now: Date = Date()) -> Result<Entry, OutputProblem> {
    let bytes = text.utf8.count
    guard bytes <= Self.maximumEntryBytes else {
      return .failure(.tooLargeToKeep(bytes: bytes, limit: Self.maximumEntryBytes))
    }
    if let problem = prepareFolder() { return .failure(problem) }
    let name = freeName(now: now, kind: kind)
    do {
      try DraftStore.writePrivately(text, to: folder + "/" + name)
    } catch {
      return .failure(.cannotKeep(folder: folder, reason: "\(error)"))
    }
    let entry = Entry(name: name, kind: kind, date: now, bytes: bytes)
    trim(keeping: entry)
    return .success(entry)
  }

  /// Moves the plain file at `path` into the history (one rename: the text is never copied,
  /// so it cannot be half-kept), then trims the history to its bounds.
  ///
  /// - Returns: The entry, or why the file stayed where it was.
  public func adopt(_ path: String, kind: Kind, now: Date = Date())
    -> Result<Entry, OutputProblem>
  {
    guard let status = try? Stat(FilePath(path), followTargetSymlink: false),
      status.type == .regular
    else { return .failure(.cannotKeep(folder: folder, reason: "\(path) is not a plain file")) }
    if let problem = prepareFolder() { return .failure(problem) }
    let name = freeName(now: now, kind: kind)
    do {
      try renameFile(FilePath(path), to: FilePath(folder + "/" + name))
    } catch {
      return .failure(.cannotKeep(folder: folder, reason: "\(error)"))
    }
    // Files of earlier versions may be 0644.
    try? setPermissions(FilePath(folder + "/" + name), [.ownerReadWrite])
    let entry = Entry(name: name, kind: kind, date: now, bytes: Int(status.size))
    trim(keeping: entry)
    return .success(entry)
  }

  /// Moves `draft.txt.old`, the one slot of earlier versions, into the history, dated by its
  /// last change; nothing happens when there is none.
  func adoptLegacy(_ path: String, now: Date) {
    guard let status = try? Stat(FilePath(path), followTargetSymlink: false),
      status.type == .regular
    else { return }
    _ = adopt(path, kind: .declined, now: min(Self.changed(status), now))
  }

  /// When the file of `status` last changed.
  static func changed(_ status: Stat) -> Date {
    Date(
      timeIntervalSince1970: Double(status.st_mtim.tv_sec)
        + Double(status.st_mtim.tv_nsec) / 1e9)
  }

  /// Removes one entry.
  public func remove(_ entry: Entry) -> OutputProblem? {
    do {
      try removeFile(FilePath(path(of: entry)))
      return nil
    } catch Errno.noSuchFileOrDirectory {
      return nil  // another program removed it first
    } catch {
      return .cannotKeep(folder: folder, reason: "\(error)")
    }
  }

  // MARK: - Bounds

  /// Removes the oldest entries until at most ``maximumEntries`` and ``maximumTotalBytes``
  /// remain, never `kept`.
  private func trim(keeping kept: Entry) {
    var total = 0
    var count = 0
    for entry in entries() {  // newest first
      count += 1
      total += entry.bytes
      guard entry != kept, count > Self.maximumEntries || total > Self.maximumTotalBytes else {
        continue
      }
      if remove(entry) == nil {
        count -= 1
        total -= entry.bytes
      }
    }
  }

  // MARK: - Files

  /// Makes the folder (0700) when missing; an existing one loses group and other bits only.
  private func prepareFolder() -> OutputProblem? {
    if let reason = DraftStore.preparePrivateFolder(folder) {
      return .cannotKeep(folder: folder, reason: reason)
    }
    guard let status = try? Stat(FilePath(folder)), status.type == .directory,
      status.permissions.contains(.ownerWrite), isWritable(FilePath(folder), isFolder: true)
    else { return .draftFolderReadOnly(folder: folder) }
    return nil
  }

  /// A name for an entry kept at `now` that no file has yet.
  private func freeName(now: Date, kind: Kind) -> String {
    let stamp = Self.stamp(now)
    let pid = ProcessInfo.processInfo.processIdentifier
    var name = "\(stamp)-\(pid)-\(kind.rawValue).txt"
    var number = 2
    while (try? Stat(FilePath(folder + "/" + name), followTargetSymlink: false)) != nil {
      name = "\(stamp)-\(pid)x\(number)-\(kind.rawValue).txt"
      number += 1
    }
    return name
  }

  /// `YYYYMMDD-HHMMSS.mmm` in UTC.
  package static func stamp(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    let parts = calendar.dateComponents(
      [.year, .month, .day, .hour, .minute, .second], from: date)
    let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
    func pad(_ value: Int?, _ width: Int) -> String {
      let digits = String(value ?? 0)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return pad(parts.year, 4) + pad(parts.month, 2) + pad(parts.day, 2) + "-"
      + pad(parts.hour, 2) + pad(parts.minute, 2) + pad(parts.second, 2) + "."
      + pad(milliseconds, 3)
  }

  /// The date and kind in an entry's name, or nil for a name of another form.
  package static func parse(_ name: String) -> (Date, Kind)? {
    guard name.hasSuffix(".txt") else { return nil }
    let parts = name.dropLast(4).split(separator: "-")
    guard parts.count == 4, let kind = Kind(rawValue: String(parts[3])),
      parts[0].count == 8, parts[1].count == 10,
      let day = Int(parts[0]), let time = Int(parts[1].replacingOccurrences(of: ".", with: ""))
    else { return nil }
    var components = DateComponents()
    components.timeZone = TimeZone(identifier: "UTC")
    components.year = day / 10_000
    components.month = day / 100 % 100
    components.day = day % 100
    components.hour = time / 10_000_000
    components.minute = time / 100_000 % 100
    components.second = time / 1000 % 100
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    guard let date = calendar.date(from: components) else { return nil }
    return (date.addingTimeInterval(Double(time % 1000) / 1000), kind)
  }
}
