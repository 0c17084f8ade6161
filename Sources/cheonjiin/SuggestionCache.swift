import Foundation
import Suggestions
import SystemIO
import SystemPackage

/// The suggestion index built once and kept in `$XDG_CACHE_HOME/cheonjiin/`: the next start
/// reads it instead of parsing and sorting 250,000 words (``SuggestionIndex/writeCompact(sourceKey:to:)``).
///
/// A cache is only ever a shortcut: one that is missing, stale (the lists' sizes or times
/// changed), built for another layout's vowel rules, or damaged is rebuilt from the lists, and
/// one that cannot be written leaves the bar working from the lists at every start.
enum SuggestionCache {
  /// The lists an index is built from, in the folder ``SuggestionSetup/lexiconDirectory(environment:)`` finds.
  static let listNames = ["ko-words.tsv", "ko-forms.tsv", "everyday-ko.tsv", "ko-next.tsv"]

  /// The largest cache file read: 64 MiB (the shipped lists make 17 MB).
  static let maximumBytes = 64 << 20

  /// `$XDG_CACHE_HOME/cheonjiin`, or `~/.cache/cheonjiin` when `XDG_CACHE_HOME` is unset or not
  /// absolute (the XDG Base Directory rule); `nil` without a home.
  static func folder(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/cheonjiin"
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/.cache/cheonjiin"
  }

  /// The cache file for the lists in `directory` spelled by `speller`: one per folder, so a
  /// source tree and an installed copy do not overwrite each other's.
  static func path(folder: String, directory: String, speller: PrimitiveSpeller) -> String {
    var digest = Digest()
    digest.add(directory)
    digest.add(speller.fingerprint)
    let name = String(digest.value, radix: 16)
    return folder + "/suggestions-" + name + ".index"
  }

  /// A digest of each list's path, size, modification time and file number: any change to a
  /// list (a new package, an edit) makes the cache stale.
  static func sourceKey(directory: String) -> UInt64 {
    var digest = Digest()
    for name in listNames {
      let path = directory + "/" + name
      digest.add(path)
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
      digest.add(UInt64((attributes?[.size] as? NSNumber)?.uint64Value ?? UInt64.max))
      let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
      digest.add(modified.bitPattern)
      digest.add(UInt64((attributes?[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0))
    }
    return digest.value
  }

  /// The cached index, or why there is none usable.
  ///
  /// Each section is read straight into its array: the file's bytes are never held beside
  /// the index.
  static func read(at path: String, speller: PrimitiveSpeller, sourceKey: UInt64) -> Result<
    SuggestionIndex, CompactIndexProblem
  > {
    guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
    else { return .failure(.notAnIndex) }  // missing or unreadable: built as if absent
    defer { try? file.close() }  // read-only: closing cannot lose anything
    guard let size = try? file.seek(offset: 0, from: .end), size <= maximumBytes,
      (try? file.seek(offset: 0, from: .start)) == 0
    else { return .failure(.notAnIndex) }
    var source = CacheFile(file: file, remaining: Int(size))
    do throws(CompactIndexProblem) {
      return .success(
        try SuggestionIndex(compact: &source, speller: speller, sourceKey: sourceKey))
    } catch {
      return .failure(error)
    }
  }

  /// Writes the cache beside its final name and renames it over, so a reader sees the old file
  /// or the new one; any failure (a read-only home, a full disk) just leaves no cache.
  static func write(_ index: SuggestionIndex, to path: String, sourceKey: UInt64) {
    let target = FilePath(path)
    let folder = target.removingLastComponent()
    try? FileManager.default.createDirectory(
      atPath: folder.string, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let temporary = FilePath(path + ".\(ProcessInfo.processInfo.processIdentifier).tmp")
    do {
      let file = try FileDescriptor.open(
        temporary, .writeOnly, options: [.create, .truncate, .closeOnExec],
        permissions: [.ownerReadWrite])
      try file.closeAfter {
        try index.writeCompact(sourceKey: sourceKey) { _ = try file.writeAll($0) }
      }
      try renameFile(temporary, to: target)
    } catch {
      try? removeFile(temporary)
    }
  }

  /// The cache file as the index reads it: `remaining` is its size when opened, so a file that
  /// shrinks while read is cut short, never read past.
  private struct CacheFile: CompactIndexSource {
    let file: FileDescriptor
    var remaining: Int

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CompactIndexProblem) {
      var filled = 0
      while filled < buffer.count {
        let part = UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])
        guard let count = try? file.read(into: part), count > 0 else {
          throw .damaged("unreadable or cut short while read")
        }
        filled += count
      }
      remaining -= buffer.count
    }
  }

  /// FNV-1a, enough to tell one set of lists from another.
  struct Digest {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ text: String) {
      for byte in text.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
      value = (value ^ 0xFF) &* 0x100_0000_01B3  // a separator: "ab"+"c" differs from "a"+"bc"
    }

    mutating func add(_ number: UInt64) {
      withUnsafeBytes(of: number) { bytes in
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
      }
    }
  }
}
