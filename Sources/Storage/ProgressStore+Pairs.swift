import GRDB

/// A learned word pair: `next` was typed right after `previous`.
public struct LearnedPair: Sendable, Hashable {
  public var previous, next: String
  /// Times typed (≥ 1), and the day it was last typed (a local day number).
  public var count, lastUsedDay: Int

  public init(previous: String, next: String, count: Int, lastUsedDay: Int) {
    (self.previous, self.next, self.count, self.lastUsedDay) = (previous, next, count, lastUsedDay)
  }
}

extension ProgressStore {
  /// Learns that `next` followed `previous` on `day`: one more use, added in SQL so two
  /// instances never lose each other's uses (the sum stops at ``maximumCount``).
  public func learnPair(previous: String, next: String, day: Int) throws(StorageError) {
    try checkDay(day, "learning a word pair")
    try write("learning a word pair") { db in
      try db.execute(
        sql: """
          INSERT INTO learnedPair (previous, next, count, lastUsedDay)
          VALUES (:previous, :next, 1, :day)
          ON CONFLICT (previous, next) DO UPDATE SET
            count = min(count + 1, :maximum),
            lastUsedDay = max(lastUsedDay, excluded.lastUsedDay)
          """,
        arguments: [
          "previous": previous, "next": next, "day": day, "maximum": Self.maximumCount,
        ])
    }
  }

  /// Every learned pair, most used first (then most recent, then by words); rows too damaged
  /// to read are left out.
  public func learnedPairs() throws(StorageError) -> [LearnedPair] {
    try read("listing learned word pairs") { db in
      try Row.fetchAll(
        db,
        sql: "SELECT * FROM learnedPair ORDER BY count DESC, lastUsedDay DESC, previous, next"
      ).compactMap { row in
        let previous = try row.decode(DatabaseValue.self, forColumn: "previous")
        let next = try row.decode(DatabaseValue.self, forColumn: "next")
        guard case .string(let first) = previous.storage, case .string(let second) = next.storage,
          let count = Self.storedCount(try row.decode(DatabaseValue.self, forColumn: "count")),
          let day = Self.storedDay(try row.decode(DatabaseValue.self, forColumn: "lastUsedDay"))
        else { return nil }
        return LearnedPair(previous: first, next: second, count: count, lastUsedDay: day)
      }
    }
  }
}
