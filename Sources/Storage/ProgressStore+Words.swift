import Foundation
import GRDB
import Practice

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
}

/// A line of an import that was skipped.
public struct WordImportProblem: Sendable, Hashable, CustomStringConvertible {
  public var line: Int
  public var text: String
  public var reason: String

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

  /// Learns a committed word: its count goes up by one (in SQL) and its last use becomes
  /// `day`; a hidden word is un-hidden (the user typed it on purpose).
  ///
  /// - Returns: The word's stats after the change.
  @discardableResult
  public func learn(_ word: String, day: Int, times: Int = 1) throws(StorageError) -> LearnedWord {
    try write("learning a word") { db in
      try Self.add(db, word: word, count: max(1, times), day: day)
      return try Self.learnedWord(db, word)
        ?? LearnedWord(word: word, count: times, lastUsedDay: day)
    }
  }

  private static func add(_ db: Database, word: String, count: Int, day: Int) throws {
    try db.execute(
      sql: """
        INSERT INTO learnedWord (word, count, lastUsedDay) VALUES (?, ?, ?)
        ON CONFLICT (word) DO UPDATE SET
          count = count + excluded.count,
          lastUsedDay = max(lastUsedDay, excluded.lastUsedDay)
        """,
      arguments: [word, count, day])
    try db.execute(sql: "DELETE FROM hiddenWord WHERE word = ?", arguments: [word])
  }

  private static func learnedWord(_ db: Database, _ word: String) throws -> LearnedWord? {
    try Row.fetchOne(db, sql: "SELECT * FROM learnedWord WHERE word = ?", arguments: [word])
      .map(learnedWord)
  }

  private static func learnedWord(_ row: Row) throws -> LearnedWord {
    LearnedWord(
      word: try row.decode(String.self, forColumn: "word"),
      count: try row.decode(Int.self, forColumn: "count"),
      lastUsedDay: try row.decode(Int.self, forColumn: "lastUsedDay"))
  }

  /// Forgets a word; a corpus word is also hidden, so it is never suggested again.
  ///
  /// - Parameter isCorpusWord: Whether the shipped lexicon has the word
  ///   (`SuggestionIndex.contains`).
  @discardableResult
  public func unlearn(
    _ word: String, isCorpusWord: Bool, day: Int
  ) throws(StorageError) -> UnlearnOutcome {
    try write("forgetting a word") { db in
      try db.execute(sql: "DELETE FROM learnedWord WHERE word = ?", arguments: [word])
      let wasLearned = db.changesCount > 0
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

  /// Deletes learned words in one transaction: the ones `UserWords.evict` chose.
  public func forget(_ words: [String]) throws(StorageError) {
    try write("forgetting words") { db in
      for word in words {
        try db.execute(sql: "DELETE FROM learnedWord WHERE word = ?", arguments: [word])
      }
    }
  }

  // MARK: - Reading

  /// Every learned word, most used first (then most recent, then by word).
  public func learnedWords() throws(StorageError) -> [LearnedWord] {
    try read("listing learned words") { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM learnedWord ORDER BY count DESC, lastUsedDay DESC, word"
      ).map(Self.learnedWord)
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

  // MARK: - Import and export

  /// Imports words from text, in one transaction.
  ///
  /// One word per line (learned once) or `word<TAB>count` (learned `count` times),
  /// optionally `<TAB>YYYY-MM-DD` as the last use, as ``exportWords()`` writes. Blank lines
  /// and lines starting with `#` are skipped. Counts add to what is stored; imported words
  /// are un-hidden.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - day: The last use of words without a date.
  ///   - accepts: Which words may be stored; ``isPlausibleWord(_:)`` by default.
  public func importWords(
    _ text: String, day: Int, accepts: (String) -> Bool = ProgressStore.isPlausibleWord
  ) throws(StorageError) -> WordImport {
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
      func problem(_ reason: String) {
        problems.append(WordImportProblem(line: index + 1, text: line, reason: reason))
      }
      guard accepts(word) else {
        problem("not a word that can be learned: write Hangul syllables only (1 to 20)")
        continue
      }
      var count = 1
      if fields.count >= 2 {
        guard let value = Int(fields[1]), value >= 1 else {
          problem("the count must be a whole number of 1 or more: write word<TAB>3")
          continue
        }
        count = value
      }
      var lastDay = day
      if fields.count >= 3 {
        guard let parsed = Self.dayNumber(fields[2]) else {
          problem("the last use must be a date: write YYYY-MM-DD")
          continue
        }
        lastDay = parsed
      }
      if fields.count > 3 {
        problem("too many columns: write word, or word<TAB>count, or word<TAB>count<TAB>date")
        continue
      }
      entries.append((word, count, lastDay))
    }
    let imported = entries
    return try write("importing words") { db in
      var added = 0
      for entry in imported {
        let existed = try Self.learnedWord(db, entry.word) != nil
        try Self.add(db, word: entry.word, count: entry.count, day: entry.day)
        if !existed { added += 1 }
      }
      return WordImport(imported: imported.count, added: added, problems: problems)
    }
  }

  /// Imports a file (see ``importWords(_:day:accepts:)``).
  public func importWords(
    fromFile file: String, day: Int, accepts: (String) -> Bool = ProgressStore.isPlausibleWord
  ) throws(StorageError) -> WordImport {
    let text: String
    do {
      text = try String(contentsOfFile: file, encoding: .utf8)
    } catch {
      throw .cannotReadFile(path: file, reason: describe(error))
    }
    return try importWords(text, day: day, accepts: accepts)
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
