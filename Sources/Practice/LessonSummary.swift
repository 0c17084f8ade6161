import HangulEngine

/// Goals for older learners (typing notes §3.3): accuracy first; speed is mentioned only
/// once accuracy reaches ``accuracyGoal``, then measured against rising speed goals.
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

  /// The language of ``lines(keyLabels:language:)``: the caller's interface language.
  public enum Language: Sendable, Hashable {
    case korean
    case english
  }

  /// The summary as short lines, encouraging and without pressure.
  ///
  /// - Parameters:
  ///   - keyLabels: How to name a key (``LayoutKey/label``); keys missing here are named by
  ///     id. ``keyLabels(in:)`` builds it from layouts.
  ///   - language: Korean (the default) or English; titles and targets stay as they are.
  public func lines(keyLabels: [KeyRef: String] = [:], language: Language = .korean) -> [String] {
    let korean = language == .korean
    func pick(_ ko: String, _ en: String) -> String { korean ? ko : en }
    var lines = [
      pick("수고하셨어요. 「\(lessonTitle)」 연습을 마쳤어요.", "Well done: you finished 「\(lessonTitle)」.")
    ]
    guard totals.items > 0 else {
      lines.append(
        pick("이번에는 친 글자가 없어요. 천천히 다시 해 봐요.", "Nothing was typed this time. Try again, slowly."))
      return lines
    }
    let accuracy = percent(totals.accuracy)
    lines.append(
      pick(
        "\(totals.items)개 중 \(totals.completedItems)개를 끝까지 쳤어요. 정확도 \(accuracy)%.",
        "\(totals.completedItems) of \(totals.items) typed to the end. Accuracy \(accuracy)%."))
    if totals.accuracy >= goals.accuracyGoal {
      let speed = Int(totals.syllablesPerMinute.rounded())
      let presses = Int(totals.pressesPerMinute.rounded())
      lines.append(
        pick(
          "1분에 \(speed)글자 (\(presses)타)를 쳤어요.",
          "\(speed) syllables (\(presses) key presses) a minute."))
      if let goal = goals.speedGoals.first(where: { totals.syllablesPerMinute < $0 }) {
        lines.append(
          pick(
            "다음 목표는 1분에 \(Int(goal))글자예요. 서두르지 않아도 돼요.",
            "Next goal: \(Int(goal)) syllables a minute. No need to hurry."))
      } else {
        lines.append(
          pick("목표 속도를 모두 넘었어요. 아주 잘하셨어요.", "You passed every speed goal. Very well done."))
      }
    } else {
      lines.append(
        pick(
          "지금은 속도보다 정확하게 치는 것이 먼저예요. 천천히 해도 괜찮아요.",
          "For now, typing accurately matters more than speed. Slow is fine."))
    }
    let backspaces = totals.backspaces
    let plural = backspaces == 1 ? "" : "s"
    lines.append(
      pick(
        "효율 \(percent(totals.efficiency))%, 지운 횟수 \(backspaces)번.",
        "Efficiency \(percent(totals.efficiency))%, \(backspaces) backspace\(plural)."))
    if !itemsToReview.isEmpty {
      let shown = itemsToReview.prefix(5).joined(separator: ", ")
      lines.append(pick("다음에 다시 볼 글: \(shown)", "To look at again: \(shown)"))
    }
    if !weakKeys.isEmpty {
      let names = weakKeys.prefix(3).map { keyLabels[$0.key] ?? $0.key.keyID }
        .joined(separator: ", ")
      lines.append(pick("조금 더 익힐 키: \(names)", "Keys to practise a little more: \(names)"))
    }
    if itemsToReview.isEmpty && weakKeys.isEmpty {
      lines.append(pick("틀린 곳 없이 모두 쳤어요.", "Everything typed without a mistake."))
    }
    return lines
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

/// A ratio as a whole percentage, rounded.
func percent(_ ratio: Double) -> Int {
  Int((ratio * 100).rounded())
}
