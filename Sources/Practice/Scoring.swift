import HangulEngine
import Utilities

/// How typed text compares with its target, syllable by syllable.
public struct TextScore: Sendable, Hashable {
  /// Characters of the target, spaces included.
  public var targetLength: Int
  /// Syllable edit distance between the typed text and the target.
  public var distance: Int
  /// Target characters that are not spaces, for 글자/분.
  public var targetSyllables: Int
  /// Non-space target characters matched in an optimal alignment: the "correct syllables"
  /// of 글자/분.
  public var correctSyllables: Int

  /// 정확도: 1 − distance ÷ target length, at least 0.
  ///
  /// An empty target scores 1 when nothing was typed.
  public var accuracy: Double {
    guard targetLength > 0 else { return distance == 0 ? 1 : 0 }
    return max(0, 1 - Double(distance) / Double(targetLength))
  }

  /// Scores `typed` against `target`.
  public init(typed: String, target: String) {
    let a = Array(typed)
    let b = Array(target)
    targetLength = b.count
    targetSyllables = b.filter { !$0.isWhitespace }.count
    // The full table, then walk back one optimal alignment counting matched syllables.
    let table = editDistanceTable(a, b)
    distance = table[a.count][b.count]
    var matched = 0
    var i = a.count
    var j = b.count
    while i > 0 && j > 0 {
      if a[i - 1] == b[j - 1] && table[i][j] == table[i - 1][j - 1] {
        if !b[j - 1].isWhitespace { matched += 1 }
        i -= 1
        j -= 1
      } else if table[i][j] == table[i - 1][j - 1] + 1 {
        i -= 1
        j -= 1
      } else if table[i][j] == table[i - 1][j] + 1 {
        i -= 1
      } else {
        j -= 1
      }
    }
    correctSyllables = matched
  }
}

/// Per minute, from a count and a duration; 0 for a zero or negative duration.
func perMinute(_ count: Int, _ duration: Milliseconds) -> Double {
  duration > 0 ? Double(count) * 60_000 / Double(duration) : 0
}

/// The measures of one attempt at one item.
public struct ItemResult: Sendable, Hashable {
  public var lessonID: String
  public var itemID: String
  /// The spelling the attempt was scored against (the accepted spelling closest to `typed`).
  public var target: String
  /// The text when the item ended.
  public var typed: String
  /// The answer was accepted (the item ended by itself), not submitted unfinished.
  public var isCompleted: Bool
  /// Every key press, ⌫ and multi-tap repeats included (타).
  public var presses: Int
  public var backspaces: Int
  /// The fewest presses that type what the attempt got right: 효율's numerator.
  ///
  /// For a completed item, the fewest presses that type `target`. For an item handed in
  /// unfinished, the fewest presses that type the longest prefix of `target` that `typed`
  /// starts with (a half-composed last syllable earns nothing), so an unfinished item is
  /// credited only with the work it actually did (``PracticeSession`` computes it with
  /// `Speller.spell`). Never more than ``presses`` (the initializer clamps it).
  ///
  /// Why the prefix: 정확도 and 글자/분 count whole right syllables, and 효율 should measure
  /// the same work. Counting the whole target for an unfinished item credited strokes never
  /// typed (효율 100 % after one press, presses 18 against a minimum of 168 in the stats);
  /// leaving unfinished items out would not work either, because Storage sums presses and
  /// minimums over every item. With the prefix, a right-but-unfinished item counts as what
  /// it is, and one with nothing right adds presses and no minimum, which lowers the total.
  public var minimumPresses: Int
  /// Presses made while the next-key cue was on screen: how much help was needed.
  public var promptedPresses: Int
  /// Presses that led off every way to the target.
  public var wrongPresses: Int
  /// When the item was shown, on the caller's monotonic clock (see ``Milliseconds``).
  ///
  /// Not a date: only its differences from ``firstPressAt`` and ``finishedAt`` mean
  /// anything. Whoever stores the result gives the wall-clock time separately.
  public var startedAt: Milliseconds
  /// When the first key went down (same clock as ``startedAt``), or `nil` if none did.
  public var firstPressAt: Milliseconds?
  /// When the item ended (same clock as ``startedAt``).
  public var finishedAt: Milliseconds
  public var score: TextScore
  /// How each key went when it was the next key to press.
  public var keyTallies: [KeyRef: KeyTally]
  /// Every press of the attempt, in order, with its timing (the adaptive trainer's data).
  public var pressRecords: [PressRecord]

  /// Records an attempt.
  ///
  /// - Parameter minimumPresses: The fewest presses for what was typed right (see
  ///   ``minimumPresses``); clamped to `presses`. Storage sums both per day, and a total
  ///   efficiency is the ratio of those sums, so keeping each item's minimum within its
  ///   presses is what keeps every total at most 1, whatever the caller passed.
  public init(
    lessonID: String, itemID: String, target: String, typed: String, isCompleted: Bool,
    presses: Int, backspaces: Int, minimumPresses: Int, promptedPresses: Int, wrongPresses: Int,
    startedAt: Milliseconds, firstPressAt: Milliseconds?, finishedAt: Milliseconds,
    keyTallies: [KeyRef: KeyTally], pressRecords: [PressRecord] = []
  ) {
    self.lessonID = lessonID
    self.itemID = itemID
    self.target = target
    self.typed = typed
    self.isCompleted = isCompleted
    self.presses = presses
    self.backspaces = backspaces
    self.minimumPresses = max(0, min(minimumPresses, presses))
    self.promptedPresses = promptedPresses
    self.wrongPresses = wrongPresses
    self.startedAt = startedAt
    self.firstPressAt = firstPressAt
    self.finishedAt = finishedAt
    self.score = TextScore(typed: typed, target: target)
    self.keyTallies = keyTallies
    self.pressRecords = pressRecords
  }

  /// The time from the item appearing to its end.
  ///
  /// Speeds use it: the time to find the first key is part of typing (there is no timer to
  /// beat, so nothing is lost by counting it).
  public var duration: Milliseconds { max(0, finishedAt - startedAt) }

  /// 정확도: 1 − syllable edit distance ÷ target length.
  public var accuracy: Double { score.accuracy }

  /// 효율: minimum presses ÷ actual presses, at most 1; 0 when nothing was pressed.
  ///
  /// For an unfinished item the minimum is that of the correct prefix (``minimumPresses``):
  /// handing an item in after one press scores 0, not 100 %.
  public var efficiency: Double {
    presses > 0 ? min(1, Double(minimumPresses) / Double(presses)) : 0
  }

  /// 글자/분: correct syllables per minute.
  public var syllablesPerMinute: Double { perMinute(score.correctSyllables, duration) }

  /// 타/분: all key presses per minute.
  public var pressesPerMinute: Double { perMinute(presses, duration) }

  /// The SM-2 grade of this attempt, 0 … 5 (3 and up count as remembered).
  ///
  /// 5: exact and at least 80 % efficient with little help; 4: exact; 3: at least 90 %
  /// accurate; 2: at least 70 %; 1: less; 0: given up with nothing right.
  public var grade: Int {
    let accuracy = score.accuracy
    if isCompleted && accuracy >= 1 {
      let helped = presses > 0 && Double(promptedPresses) / Double(presses) > 0.5
      return efficiency >= 0.8 && !helped ? 5 : 4
    }
    if accuracy >= 0.9 { return 3 }
    if accuracy >= 0.7 { return 2 }
    return score.correctSyllables > 0 ? 1 : 0
  }
}

/// Totals over several item results: a lesson, a day, a whole history.
public struct ResultTotals: Sendable, Hashable {
  public var items: Int = 0
  public var completedItems: Int = 0
  public var presses: Int = 0
  public var backspaces: Int = 0
  public var minimumPresses: Int = 0
  public var promptedPresses: Int = 0
  public var targetLength: Int = 0
  public var distance: Int = 0
  public var correctSyllables: Int = 0
  public var duration: Milliseconds = 0
  /// Times the next key was pressed, and times another key led off the way instead
  /// (``ItemResult/keyTallies``).
  public var keyHits: Int = 0
  public var keyMisses: Int = 0
  /// Items typed to the end exactly (words right).
  public var exactItems: Int = 0

  public init() {}

  public init(_ results: some Sequence<ItemResult>) {
    for result in results { add(result) }
  }

  public mutating func add(_ result: ItemResult) {
    items += 1
    completedItems += result.isCompleted ? 1 : 0
    presses += result.presses
    backspaces += result.backspaces
    minimumPresses += result.minimumPresses
    promptedPresses += result.promptedPresses
    targetLength += result.score.targetLength
    distance += result.score.distance
    correctSyllables += result.score.correctSyllables
    duration += result.duration
    exactItems += result.isCompleted && result.accuracy >= 1 ? 1 : 0
    for tally in result.keyTallies.values {
      keyHits += tally.hits
      keyMisses += tally.misses
    }
  }

  /// Keys right: the share of the times a key was the next one to press that the learner
  /// pressed it (a slip is one wrong key, whatever follows it); `nil` before any.
  public var keysRight: Double? {
    keyHits + keyMisses > 0 ? Double(keyHits) / Double(keyHits + keyMisses) : nil
  }

  /// 1 − total distance ÷ total target length.
  public var accuracy: Double {
    targetLength > 0 ? max(0, 1 - Double(distance) / Double(targetLength)) : 0
  }

  /// Total minimum presses ÷ total presses, at most 1.
  ///
  /// Each item adds the minimum of what it got right (``ItemResult/minimumPresses``), never
  /// more than its presses: an item handed in unfinished adds no strokes it did not type,
  /// one handed in untouched adds nothing, and one typed badly can only lower the total.
  public var efficiency: Double {
    presses > 0 ? min(1, Double(minimumPresses) / Double(presses)) : 0
  }

  public var syllablesPerMinute: Double { perMinute(correctSyllables, duration) }
  public var pressesPerMinute: Double { perMinute(presses, duration) }
}
