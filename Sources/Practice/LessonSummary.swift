import HangulEngine

/// Goals for older learners: accuracy first, since a slip costs them more than a slow press;
/// speed is mentioned only once accuracy reaches ``accuracyGoal``, then measured against
/// rising speed goals.
public struct PracticeGoals: Sendable, Hashable {
  /// 0.9: below this the summary talks about accuracy, not speed.
  public var accuracyGoal: Double
  /// 10, 20, 30 글자/분.
  public var speedGoals: [Double]

  public init(accuracyGoal: Double = 0.9, speedGoals: [Double] = [10, 20, 30]) {
    self.accuracyGoal = accuracyGoal
    self.speedGoals = speedGoals
  }

  public static let gentle = PracticeGoals()
}

/// The calm summary after a lesson: measures, the items worth another look, the weak keys.
///
/// The numbers only; `UIStrings.lessonSummary(_:keyLabels:)` in PracticeScreen words them.
public struct LessonSummary: Sendable, Hashable {
  public var lessonTitle: String
  public var totals: ResultTotals
  /// Targets of items not typed exactly, in the order met, without duplicates.
  public var itemsToReview: [String]
  /// Keys missed this lesson, most misses first.
  public var weakKeys: [KeyMisses]
  public var goals: PracticeGoals

  public init(lessonTitle: String, results: [ItemResult], goals: PracticeGoals = .gentle) {
    self.lessonTitle = lessonTitle
    self.totals = ResultTotals(results)
    self.goals = goals
    var review: [String] = []
    for result in results where result.accuracy < 1 || !result.isCompleted {
      if !review.contains(result.target) { review.append(result.target) }
    }
    itemsToReview = review
    var misses: [KeyRef: Int] = [:]
    for result in results {
      for (key, tally) in result.keyTallies where tally.misses > 0 {
        misses[key, default: 0] += tally.misses
      }
    }
    weakKeys = misses.map { KeyMisses(key: $0.key, misses: $0.value) }
      .sorted { ($1.misses, $0.key) < ($0.misses, $1.key) }
  }

  /// What to say about speed after this lesson.
  public enum Pace: Sendable, Hashable {
    /// Accuracy is below ``PracticeGoals/accuracyGoal``: speed is not mentioned.
    case accuracyFirst
    /// Accurate enough; the next speed goal (글자/분) is still ahead.
    case nextGoal(syllablesPerMinute: Double)
    /// Accurate enough and faster than every speed goal.
    case pastAllGoals
  }

  /// Whether to talk about speed, and against which goal.
  public var pace: Pace {
    guard totals.accuracy >= goals.accuracyGoal else { return .accuracyFirst }
    guard let goal = goals.speedGoals.first(where: { totals.syllablesPerMinute < $0 }) else {
      return .pastAllGoals
    }
    return .nextGoal(syllablesPerMinute: goal)
  }

  /// Key labels by ``KeyRef`` for every key of `layouts`.
  public static func keyLabels(in layouts: [Layout]) -> [KeyRef: String] {
    var labels: [KeyRef: String] = [:]
    for layout in layouts {
      for key in layout.keys {
        labels[KeyRef(layoutID: layout.id, keyID: key.id)] = key.label
      }
    }
    return labels
  }
}

/// A key and how often it was missed.
public struct KeyMisses: Sendable, Hashable {
  public var key: KeyRef
  public var misses: Int

  public init(key: KeyRef, misses: Int) {
    self.key = key
    self.misses = misses
  }
}
