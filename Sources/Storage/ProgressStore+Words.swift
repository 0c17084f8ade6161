import Foundation
import GRDB
import Practice
import SystemIO
import SystemPackage

/// A learned word as stored.
public struct LearnedWord: Sendable, Hashable {
  public var word: String
  /// Times learned (committed); ≥ 1.
  public var count: Int
  /// The day it was last learned (a local day number).
  public var lastUsedDay: Int

  public init(word: String, count: Int, lastUsedDay: Int) {
    self.word = word
    self.count = count
    self.lastUsedDay = lastUsedDay
  }
}

/// Learned words that opening found with a count or last use out of range (an overflowed
/// counter, an older version's bug, a hand edit): repaired in place, or not.
///
/// The commands word it (`UIStrings.learnedWordRepair`); Storage holds no interface text.
public enum LearnedWordRepair: Sendable, Hashable {
  /// The words repaired, in word order.
  case repaired([RepairedWord])
  /// They could not be repaired (`reason` as SQLite words it); until a later opening repairs
  /// them, reads bring them into range or leave them out.
  case failed(reason: String)
}

/// A learned word whose count or last use was repaired, with what changed.
public struct RepairedWord: Sendable, Hashable {
  /// A stored value before and after the repair.
  public struct Change: Sendable, Hashable {
    public let before: StoredValue
    /// `nil` if the row was gone when read back.
    public let after: StoredValue?

    public init(before: StoredValue, after: StoredValue?) {
      self.before = before
      self.after = after
    }
  }

  public let word: String
  /// `nil` when the count was already right.
  public let count: Change?
  /// The day of last use (a local day number); `nil` when it was already right.
  public let lastUse: Change?

  public init(word: String, count: Change?, lastUse: Change?) {
    self.word = word
    self.count = count
    self.lastUse = lastUse
  }
}

/// A value as SQLite stored it, whatever the column's declared type.
public enum StoredValue: Sendable, Hashable {
  case integer(Int64)
  case real(Double)
  case text(String)
  /// Binary data, by its length.
  case blob(byteCount: Int)
  case null

  init(_ value: DatabaseValue) {
    switch value.storage {
    case .int64(let number): self = .integer(number)
    case .double(let number): self = .real(number)
    case .string(let text): self = .text(text)
    case .blob(let data): self = .blob(byteCount: data.count)
    case .null: self = .null
    }
  }
}

/// What ``ProgressStore/unlearn(_:isCorpusWord:day:)`` changed.
public struct UnlearnOutcome: Sendable, Hashable {
  /// The word had been learned and is now forgotten.
  public var wasLearned: Bool
  /// The word is now hidden from suggestions (it is a corpus word).
  public var isHidden: Bool

  public init(wasLearned: Bool, isHidden: Bool) {
    self.wasLearned = wasLearned
    self.isHidden = isHidden
  }
}

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
  /// Whether a word may be stored: 1 … 20 precomposed Hangul syllables, nothing else (the
  /// same rule as `Suggestions.UserWords.isLearnable`, which callers may pass instead).
  public static func isPlausibleWord(_ word: String) -> Bool {
    var length = 0
    for scalar in word.unicodeScalars {
      guard (0xAC00...0xD7A3).contains(scalar.value) else { return false }
      length += 1
    }
    return length >= 1 && length <= 20
  }

  // MARK: - Learning

  /// Learns a committed word: its count goes up by `times` (in SQL, stopping at
  /// ``maximumCount``) and its last use becomes `day`; a hidden word is un-hidden (the user
  /// typed it on purpose).
  ///
  /// - Parameters:
  ///   - times: Uses to add, within ``learnTimes``.
  /// - Returns: The word's stats after the change.
  /// - Throws: ``StorageError/invalidValue(path:operation:reason:)`` for `times` outside
  ///   ``learnTimes`` or a `day` outside ``storableDays``.
  @discardableResult
  public func learn(_ word: String, day: Int, times: Int = 1) throws(StorageError) -> LearnedWord {
    try learn([word], day: day, times: times)[0]
  }

  /// Learns `words` in order, as ``learn(_:day:times:)`` learns one, in one transaction: all
  /// or none (a transaction a word cost `dict learn` 1 ms).
  ///
  /// - Returns: Each word's stats after the change, in the order of `words`.
  public func learn(
    _ words: [String], day: Int, times: Int = 1
  ) throws(StorageError) -> [LearnedWord] {
    let operation = "learning a word"
    guard Self.learnTimes.contains(times) else {
      throw .invalidValue(
        path: path, operation: operation,
        reason: "\(times) uses of \"\(words.first ?? "")\" is not between "
          + "\(Self.learnTimes.lowerBound) and \(Self.learnTimes.upperBound); learn a word at "
          + "most \(Self.learnTimes.upperBound) times at once")
    }
    try checkDay(day, operation)
    return try write(operation) { db in
      try words.map { word in
        try Self.add(db, word: word, count: times, day: day)
        return try Self.learnedWord(db, word)
          ?? LearnedWord(word: word, count: times, lastUsedDay: day)
      }
    }
  }

  /// Adds `count` uses to `word` in SQL, so two instances never lose each other's uses.
  ///
  /// The sum stops at ``maximumCount``: past `Int64.max` SQLite would store a REAL. A last use
  /// that is not a whole day in range (a damaged row) is replaced rather than kept by `max`.
  private static func add(_ db: Database, word: String, count: Int, day: Int) throws {
    try db.execute(
      sql: """
        INSERT INTO learnedWord (word, count, lastUsedDay) VALUES (:word, :count, :day)
        ON CONFLICT (word) DO UPDATE SET
          count = min(count + excluded.count, :maximum),
          lastUsedDay = CASE
            WHEN typeof(lastUsedDay) = 'integer' AND lastUsedDay BETWEEN :first AND :last
            THEN max(lastUsedDay, excluded.lastUsedDay)
            ELSE excluded.lastUsedDay END
        """,
      arguments: [
        "word": word, "count": min(count, maximumCount), "day": day, "maximum": maximumCount,
        "first": storableDays.lowerBound, "last": storableDays.upperBound,
      ])
    try db.execute(sql: "DELETE FROM hiddenWord WHERE word = ?", arguments: [word])
  }

  private static func learnedWord(_ db: Database, _ word: String) throws -> LearnedWord? {
    try Row.fetchOne(db, sql: "SELECT * FROM learnedWord WHERE word = ?", arguments: [word])
      .flatMap(learnedWord)
  }

  /// A stored row as a learned word, or `nil` for a row too damaged to use.
  ///
  /// Never throws on a bad value: one damaged row must not fail every dictionary command. A
  /// count that is a number is brought into 1 … ``maximumCount``; a word that is not text or a
  /// count or last use that is not a number in range leaves the row out. ``open(at:now:timeZone:)``
  /// repairs such rows and says so (``repairLearnedWords(today:)``).
  private static func learnedWord(_ row: Row) throws -> LearnedWord? {
    let word = try row.decode(DatabaseValue.self, forColumn: "word")
    guard case .string(let text) = word.storage,
      let count = storedCount(try row.decode(DatabaseValue.self, forColumn: "count")),
      let day = storedDay(try row.decode(DatabaseValue.self, forColumn: "lastUsedDay"))
    else { return nil }
    return LearnedWord(word: text, count: count, lastUsedDay: day)
  }

  /// A stored count brought into 1 … ``maximumCount``, or `nil` when it is not a number.
  static func storedCount(_ value: DatabaseValue) -> Int? {
    switch value.storage {
    case .int64(let number):
      return Int(min(max(1, number), Int64(maximumCount)))
    case .double(let number):
      if number.isNaN { return nil }
      if number >= Double(maximumCount) { return maximumCount }
      return number < 1 ? 1 : Int(number)
    case .null, .string, .blob:
      return nil
    }
  }

  /// A stored day number within ``storableDays``, or `nil`.
  static func storedDay(_ value: DatabaseValue) -> Int? {
    let day: Int?
    switch value.storage {
    case .int64(let number): day = Int(exactly: number)
    // Toward zero, as SQLite's CAST does when the row is repaired.
    case .double(let number):
      day = number.isFinite ? Int(exactly: number.rounded(.towardZero)) : nil
    case .null, .string, .blob: day = nil
    }
    guard let day, storableDays.contains(day) else { return nil }
    return day
  }

  // MARK: - Repair

  /// Repairs learned words whose stored count or last use is not a whole number in range
  /// (an overflowed counter, an older version's bug, a hand edit), in one transaction.
  ///
  /// A count becomes a whole number in 1 … ``maximumCount`` (1 if it was not a number); a last
  /// use outside ``storableDays`` becomes `today`.
  ///
  /// - Returns: Which words were repaired and how, or why they could not be (they stay left
  ///   out of reads); `nil` when nothing needed repair.
  func repairLearnedWords(today: Int) -> LearnedWordRepair? {
    let damaged = """
      typeof(word) = 'text' AND (
        typeof(count) <> 'integer' OR count NOT BETWEEN 1 AND :maximum
        OR typeof(lastUsedDay) <> 'integer' OR lastUsedDay NOT BETWEEN :first AND :last)
      """
    let bounds: StatementArguments = [
      "maximum": Self.maximumCount, "first": Self.storableDays.lowerBound,
      "last": Self.storableDays.upperBound,
    ]
    do {
      // Look first without the write lock: a file needing repair is rare, and opening must
      // not wait for another instance's write.
      let count = try pool.read { db in
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM learnedWord WHERE " + damaged, arguments: bounds)
      }
      guard let count, count > 0 else { return nil }
      let today = min(max(today, Self.storableDays.lowerBound), Self.storableDays.upperBound)
      let changes = try pool.write { db in
        let before = try Row.fetchAll(
          db,
          sql: "SELECT word, count, lastUsedDay AS day FROM learnedWord "
            + "WHERE " + damaged + " ORDER BY word",
          arguments: bounds)
        var arguments = bounds
        arguments += ["today": today]
        try db.execute(
          sql: """
            UPDATE learnedWord SET
              count = CASE WHEN typeof(count) IN ('integer', 'real')
                THEN CAST(max(1, min(count, :maximum)) AS INTEGER) ELSE 1 END,
              lastUsedDay = CASE
                WHEN typeof(lastUsedDay) IN ('integer', 'real')
                  AND lastUsedDay BETWEEN :first AND :last
                THEN CAST(lastUsedDay AS INTEGER) ELSE :today END
            WHERE
            """ + " " + damaged,
          arguments: arguments)
        return try before.map { row in
          let word = try row.decode(String.self, forColumn: "word")
          let after = try Row.fetchOne(
            db, sql: "SELECT count, lastUsedDay AS day FROM learnedWord WHERE word = ?",
            arguments: [word])
          func change(_ column: String) throws -> RepairedWord.Change? {
            let old = StoredValue(try row.decode(DatabaseValue.self, forColumn: column))
            let new = try after.map {
              StoredValue(try $0.decode(DatabaseValue.self, forColumn: column))
            }
            return old == new ? nil : RepairedWord.Change(before: old, after: new)
          }
          return RepairedWord(word: word, count: try change("count"), lastUse: try change("day"))
        }
      }
      guard !changes.isEmpty else { return nil }  // another instance repaired them first
      return .repaired(changes)
    } catch {
      return .failed(reason: describe(error))
    }
  }

  /// Forgets a word; a corpus word is also hidden, so it is never suggested again.
  ///
  /// - Parameter isCorpusWord: Whether the shipped lexicon has the word
  ///   (`SuggestionIndex.contains`).
  @discardableResult
  public func unlearn(
    _ word: String, isCorpusWord: Bool, day: Int
  ) throws(StorageError) -> UnlearnOutcome {
    try checkDay(day, "forgetting a word")
    return try write("forgetting a word") { db in
      try db.execute(sql: "DELETE FROM learnedWord WHERE word = ?", arguments: [word])
      let wasLearned = db.changesCount > 0
      // The pairs it is in go with it: the bar would offer it again after its words.
      try db.execute(
        sql: "DELETE FROM learnedPair WHERE previous = ?1 OR next = ?1", arguments: [word])
      if isCorpusWord {
        try db.execute(
          sql:
            "INSERT INTO hiddenWord (word, hiddenDay) VALUES (?, ?) ON CONFLICT (word) DO NOTHING",
          arguments: [word, day])
      }
      return UnlearnOutcome(wasLearned: wasLearned, isHidden: isCorpusWord)
    }
  }

  /// Hides a word from suggestions without touching its learned stats.
  public func hide(_ word: String, day: Int) throws(StorageError) {
    try checkDay(day, "hiding a word")
    try write("hiding a word") { db in
      try db.execute(
        sql: "INSERT INTO hiddenWord (word, hiddenDay) VALUES (?, ?) ON CONFLICT (word) DO NOTHING",
        arguments: [word, day])
    }
  }

  /// Makes a hidden word suggestible again; returns whether it was hidden.
  @discardableResult
  public func unhide(_ word: String) throws(StorageError) -> Bool {
    try write("un-hiding a word") { db in
      try db.execute(sql: "DELETE FROM hiddenWord WHERE word = ?", arguments: [word])
      return db.changesCount > 0
    }
  }

  // MARK: - Reading

  /// Every learned word, most used first (then most recent, then by word).
  public func learnedWords() throws(StorageError) -> [LearnedWord] {
    try read("listing learned words") { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM learnedWord ORDER BY count DESC, lastUsedDay DESC, word"
      ).compactMap(Self.learnedWord)
    }
  }

  /// The stats of one learned word, or `nil`.
  public func learnedWord(_ word: String) throws(StorageError) -> LearnedWord? {
    try read("reading a learned word") { db in try Self.learnedWord(db, word) }
  }

  /// Every hidden word, sorted.
  public func hiddenWords() throws(StorageError) -> [String] {
    try read("listing hidden words") { db in
      try String.fetchAll(db, sql: "SELECT word FROM hiddenWord ORDER BY word")
    }
  }

  /// A stored value for a message: numbers as Swift prints them, text in quotes.

  // MARK: - Import and export

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
