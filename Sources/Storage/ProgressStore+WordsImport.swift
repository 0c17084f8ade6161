import Foundation
import GRDB
import Practice
import SystemIO
import SystemPackage

// Moving learned words in and out of the store as text: `dict import` and `dict export`.

/// What an import did.
public struct WordImport: Sendable, Hashable {
  /// Lines that added to a word.
  public var imported: Int
  /// Words that were not learned before.
  public var added: Int
  /// Lines skipped, with why.
  public var problems: [WordImportProblem]
  /// Learned words in the store after the import.
  public var learned = 0
}

/// A line of an import that was skipped, or imported only in part (a count too large).
///
/// The commands word it for the user (`UIStrings.importProblem`); `description` is for logs
/// and tests.
public struct WordImportProblem: Sendable, Hashable, CustomStringConvertible {
  /// What was wrong with the line.
  public enum Reason: Sendable, Hashable {
    /// Not 1 to 20 Hangul syllables.
    case notLearnable
    /// More than word, count and date.
    case tooManyColumns
    /// The count is not a whole number of 1 or more.
    case countNotWhole
    /// The last use is not a date from 0001-01-01 to 9999-12-31.
    case dateOutOfRange
    /// The count was larger than `maximum`; the word was imported with `maximum`.
    case countCapped(maximum: Int)
  }

  public var line: Int
  public var text: String
  public var reason: Reason

  public init(line: Int, text: String, reason: Reason) {
    self.line = line
    self.text = text
    self.reason = reason
  }
  /// The line was left out; `false` when it was imported with a smaller count.
  public var isSkipped: Bool {
    switch reason {
    case .notLearnable, .tooManyColumns, .countNotWhole, .dateOutOfRange: true
    case .countCapped: false
    }
  }

  public var description: String { "line \(line): \"\(text)\": \(reason)" }
}

extension ProgressStore {
  /// Imports words from text, in one transaction.
  ///
  /// One word per line (learned once) or `word<TAB>count` (learned `count` times),
  /// optionally `<TAB>YYYY-MM-DD` as the last use, as ``exportWords()`` writes. Blank lines
  /// and lines starting with `#` are skipped. Counts add to what is stored, stopping at
  /// ``maximumCount``; a larger count is imported as ``maximumCount`` with a problem that is
  /// not skipped. Imported words are un-hidden.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - day: The last use of words without a date.
  ///   - accepts: Which words may be stored; ``isPlausibleWord(_:)`` by default.
  public func importWords(
    _ text: String, day: Int, accepts: (String) -> Bool = ProgressStore.isPlausibleWord
  ) throws(StorageError) -> WordImport {
    try checkDay(day, "importing words")
    var entries: [(word: String, count: Int, day: Int)] = []
    var problems: [WordImportProblem] = []
    for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let word = fields[0].precomposedStringWithCanonicalMapping
      func problem(_ reason: WordImportProblem.Reason) {
        problems.append(WordImportProblem(line: index + 1, text: line, reason: reason))
      }
      guard accepts(word) else {
        problem(.notLearnable)
        continue
      }
      if fields.count > 3 {
        problem(.tooManyColumns)
        continue
      }
      var count = 1
      var isCapped = false
      if fields.count >= 2 {
        let digits = fields[1]
        let isWholeNumber = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        if let value = Int(digits), value >= 1 {
          count = value
        } else if isWholeNumber, Int(digits) == nil {
          isCapped = true  // too many digits for an Int: far above the maximum anyway
        } else {
          problem(.countNotWhole)
          continue
        }
        if count > Self.maximumCount { isCapped = true }
      }
      var lastDay = day
      if fields.count >= 3 {
        guard let parsed = Self.dayNumber(fields[2]), Self.storableDays.contains(parsed) else {
          problem(.dateOutOfRange)
          continue
        }
        lastDay = parsed
      }
      if isCapped {
        count = Self.maximumCount
        problem(.countCapped(maximum: Self.maximumCount))
      }
      entries.append((word, count, lastDay))
    }
    let imported = entries
    return try write("importing words") { db in
      var added = 0
      for entry in imported {
        // Not `learnedWord(db:_:)`: that leaves out a damaged row, which still exists.
        let existed =
          try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM learnedWord WHERE word = ?)",
            arguments: [entry.word]) ?? false
        try Self.add(db, word: entry.word, count: entry.count, day: entry.day)
        if !existed { added += 1 }
      }
      let learned = try Int.fetchOne(db, sql: "SELECT count(*) FROM learnedWord") ?? 0
      return WordImport(
        imported: imported.count, added: added, problems: problems, learned: learned)
    }
  }

  /// Imports a file (see ``importWords(_:day:accepts:)``).
  ///
  /// The file may be a regular file, a device such as `/dev/null`, a pipe or a FIFO: it is
  /// read to its end, then checked to be UTF-8.
  ///
  /// - Throws: ``StorageError/cannotReadFile(path:reason:)`` naming the problem (no such
  ///   file, a folder, no permission, bytes that are not UTF-8 with their line) and the fix.
  public func importWords(
    fromFile file: String, day: Int, accepts: (String) -> Bool = ProgressStore.isPlausibleWord
  ) throws(StorageError) -> WordImport {
    let text = try Self.importText(Self.readImportFile(file), from: file)
    return try importWords(text, day: day, accepts: accepts)
  }

  /// The most bytes one import reads: 32 MiB.
  ///
  /// Some two million words with their counts and dates (an export of 301,644 words is
  /// 6 MB). A larger file, or `/dev/zero`, is refused once this much is read, so memory stays
  /// bounded (`/dev/zero` took 9 GB in 15 s).
  public static let importLimit = 32 << 20

  /// All the bytes of a file to import.
  ///
  /// `String(contentsOfFile:)` fails on `/dev/null` and FIFOs with a misleading "permission"
  /// error; reading the descriptor to its end works for every kind of file, and the checks
  /// before it give each common mistake its own message.
  static func readImportFile(_ file: String) throws(StorageError) -> [UInt8] {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: file, isDirectory: &isFolder) else {
      throw .cannotReadFile(path: file, reason: "there is no such file; check the name and folder")
    }
    guard !isFolder.boolValue else {
      throw .cannotReadFile(
        path: file, reason: "it is a folder, not a file; give the word list file inside it")
    }
    guard manager.isReadableFile(atPath: file) else {
      throw .cannotReadFile(
        path: file,
        reason: "you do not have permission to read it; allow reading (chmod u+r) or copy it")
    }
    guard
      let descriptor = try? FileDescriptor.open(FilePath(file), .readOnly, options: .closeOnExec)
    else {
      throw .cannotReadFile(
        path: file, reason: "it could not be opened; check that it is a file you can read")
    }
    defer { try? descriptor.close() }  // read-only: closing cannot lose anything
    return try importBytes(descriptor, from: file)
  }

  /// The bytes of an import from `descriptor` (a file, or standard input), at most
  /// ``importLimit``.
  ///
  /// - Parameter source: The file name, or `standard input`, for the message.
  public static func importBytes(
    _ descriptor: FileDescriptor, from source: String
  ) throws(StorageError) -> [UInt8] {
    do {
      return try descriptor.readToEnd(limit: importLimit)
    } catch Errno.fileTooLarge {
      throw .cannotReadFile(
        path: source,
        reason: "it holds more than \(importLimit >> 20) MiB, the most one import reads; split "
          + "it (split -l 1000000) and import the parts")
    } catch {
      throw .cannotReadFile(
        path: source, reason: "reading failed (\(describe(error))); check the file and try again")
    }
  }

  /// The text of an import, refusing bytes that are not UTF-8 rather than guessing.
  ///
  /// A leading byte-order mark (some editors write one) is dropped.
  ///
  /// - Parameters:
  ///   - data: The bytes read.
  ///   - source: The file name, or `standard input`, for the message.
  /// - Throws: ``StorageError/cannotReadFile(path:reason:)`` with the first line that is not
  ///   UTF-8.
  public static func importText(
    _ bytes: [UInt8], from source: String
  ) throws(StorageError) -> String {
    var bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    if isUTF8(bytes) { return String(decoding: bytes, as: UTF8.self) }
    // Find the first bad line for the message; a line ends at LF (CR LF ends with it too).
    for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    where !isUTF8(line) {
      throw .cannotReadFile(
        path: source,
        reason: "line \(index + 1) is not UTF-8 text; save the file as UTF-8 and import it again")
    }
    // Every line is valid, so the whole is too; this is only reached if that ever changes.
    throw .cannotReadFile(
      path: source, reason: "it is not UTF-8 text; save the file as UTF-8 and import it again")
  }

  /// The learned words as TSV, for `cheonjiin dict export`.
  ///
  /// A `#` header line, then `word<TAB>count<TAB>YYYY-MM-DD` per word, most used first.
  /// ``importWords(_:day:accepts:)`` reads it back.
  public func exportWords() throws(StorageError) -> String {
    var out = "# cheonjiin learned words: word<TAB>count<TAB>last used (YYYY-MM-DD)\n"
    for word in try learnedWords() {
      out += "\(word.word)\t\(word.count)\t\(CalendarDay(dayNumber: word.lastUsedDay))\n"
    }
    return out
  }

  /// Whether `bytes` are well-formed UTF-8 (the standard library's own decoder decides).
  private static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// `2025-06-10` → its day number; `nil` for anything else.
  static func dayNumber(_ text: String) -> Int? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let date = CalendarDay(year: year, month: month, day: day)
    // Reject 2025-02-30 and the like: the day must survive the round trip.
    guard CalendarDay(dayNumber: date.dayNumber) == date else { return nil }
    return date.dayNumber
  }
}
