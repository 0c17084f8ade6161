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
  static func add(_ db: Database, word: String, count: Int, day: Int) throws {
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
}
