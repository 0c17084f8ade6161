import HangulEngine

/// A key by stable names, so statistics survive layout edits that reorder keys.
public struct KeyRef: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// ``Layout/id``: `cheonjiin-galaxy`.
  public var layoutID: String
  /// ``LayoutKey/id``: `g` for `ㄱㅋ`.
  public var keyID: String

  public init(layoutID: String, keyID: String) {
    self.layoutID = layoutID
    self.keyID = keyID
  }

  /// The key at `key` of `layouts[layout]`, or `nil` when out of range.
  public init?(layouts: [Layout], layout: Int, key: Int) {
    guard layouts.indices.contains(layout), layouts[layout].keys.indices.contains(key) else {
      return nil
    }
    self.init(layoutID: layouts[layout].id, keyID: layouts[layout].keys[key].id)
  }

  public var description: String { "\(layoutID)/\(keyID)" }

  public static func < (lhs: KeyRef, rhs: KeyRef) -> Bool {
    (lhs.layoutID, lhs.keyID) < (rhs.layoutID, rhs.keyID)
  }
}

/// How one key has gone when it was the next key to press.
public struct KeyStats: Sendable, Hashable {
  /// Times the user pressed it when it was the next key.
  public var hits: Int
  /// Times the user pressed something else that led off the path instead.
  public var misses: Int
  /// Hits since the last miss; cues for the key fade once this reaches
  /// ``CuePolicy/masteryStreak``.
  public var streak: Int

  public init(hits: Int = 0, misses: Int = 0, streak: Int = 0) {
    self.hits = hits
    self.misses = misses
    self.streak = streak
  }

  /// Misses ÷ (hits + misses); `nil` before the key was ever the next key.
  public var errorRate: Double? {
    let total = hits + misses
    return total == 0 ? nil : Double(misses) / Double(total)
  }

  /// Adds a tally from one item: hits and misses add up; a miss resets the streak to the hits
  /// that followed the last miss.
  public mutating func add(_ tally: KeyTally) {
    hits += tally.hits
    misses += tally.misses
    streak = tally.misses > 0 ? tally.trailingHits : streak + tally.hits
  }
}

/// What happened to one key during one item; `Storage` adds it to the key's totals in SQL.
public struct KeyTally: Sendable, Hashable {
  public var hits: Int
  public var misses: Int
  /// Hits after the last miss of the item (all hits when there was no miss).
  public var trailingHits: Int

  public init(hits: Int = 0, misses: Int = 0, trailingHits: Int = 0) {
    self.hits = hits
    self.misses = misses
    self.trailingHits = trailingHits
  }

  mutating func recordHit() {
    hits += 1
    trailingHits += 1
  }

  mutating func recordMiss() {
    misses += 1
    trailingHits = 0
  }
}

/// When the next-key cue is shown (fading cues).
///
/// A cue is shown at once while the item is new or its key is not yet mastered; once the key
/// is mastered it is shown only after the user hesitates, so they recall before being told.
public struct CuePolicy: Sendable, Hashable {
  /// How long after the last press (or the start of the item) a faded cue appears.
  public var hesitation: Milliseconds
  /// Consecutive hits after which a key's cue fades.
  public var masteryStreak: Int
  /// An item reviewed fewer times than this shows every cue at once.
  public var newItemReviews: Int
  /// Show the ⌫ cue at once after a wrong press (the ✗ mark shows it too; older users should
  /// not be left wondering).
  public var showsCorrectionAtOnce: Bool
  /// Never fade (a setting for users who want the cue always).
  public var alwaysShows: Bool

  public init(
    hesitation: Milliseconds = 2_000, masteryStreak: Int = 3, newItemReviews: Int = 1,
    showsCorrectionAtOnce: Bool = true, alwaysShows: Bool = false
  ) {
    self.hesitation = hesitation
    self.masteryStreak = masteryStreak
    self.newItemReviews = newItemReviews
    self.showsCorrectionAtOnce = showsCorrectionAtOnce
    self.alwaysShows = alwaysShows
  }

  /// The gentle defaults: 2 s hesitation, three hits to master a key.
  public static let gentle = CuePolicy()

  /// Blind practice (`--blind`), the honest test of muscle memory.
  ///
  /// Every cue, ⌫ and its explanation included, waits for a long hesitation (5 s), however
  /// new the item or the key. The ✗ under a wrong syllable still shows at once: it is a mark,
  /// not a cue.
  public static let blind = CuePolicy(
    hesitation: 5_000, masteryStreak: 0, newItemReviews: 0, showsCorrectionAtOnce: false)
}
