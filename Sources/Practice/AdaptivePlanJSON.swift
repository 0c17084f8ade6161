/// `cheonjiin practice --plan --json`: the next adaptive round, without starting it.
///
/// ```
/// {
///   "items": ["아니", "나라", …],          // the round's items, in order
///   "focus": "ㄹ" | null,                   // the jamo the round works on
///   "unlocked": ["ㅇ", "ㅏ", …],           // in the order they unlocked
///   "target": 20,                           // 글자/분 in force
///   "seed": 7,
///   "reason": "new" | "inaccurate" | "slow" | "slowest",   // why the focus
///   "newlyUnlocked": "ㅓ" | null,            // unlocked by this plan
///   "next": "ㅓ" | null,                     // the jamo that unlocks next
///   "offersBlind": false,
///   "confidence": {"ㅇ": 1.25 | null, …},     // each unlocked jamo, null before 5 samples
///   "targetChange": "kept|fromPace|raised",  // how the target came about (as stats --json)
///   "pace": 14.8 | null                      // the learner's 글자/분 now
/// }
/// ```
/// Written by hand like ``StatsJSON``: keys always in this order, numbers to 4 decimals.
public enum AdaptivePlanJSON {
  /// The JSON text, ending with a newline.
  public static func encode(_ plan: AdaptivePlan) -> String {
    let standing = plan.standing
    let list = { (values: [String]) in
      "[" + values.map(StatsJSON.string).joined(separator: ", ") + "]"
    }
    let optional = { (value: String?) in value.map(StatsJSON.string) ?? "null" }
    let confidences = standing.unlocked.map { jamo in
      "\(StatsJSON.string(jamo)): "
        + (standing.speeds[jamo]?.confidence.map(StatsJSON.number) ?? "null")
    }
    return """
      {
        "items": \(list(plan.items.map(\.target))),
        "focus": \(optional(standing.focus)),
        "unlocked": \(list(standing.unlocked)),
        "target": \(StatsJSON.number(standing.target.syllablesPerMinute)),
        "seed": \(plan.seed),
        "reason": \(StatsJSON.string(standing.reason.rawValue)),
        "newlyUnlocked": \(optional(standing.newlyUnlocked)),
        "next": \(optional(standing.next)),
        "offersBlind": \(standing.offersBlind),
        "confidence": {\(confidences.joined(separator: ", "))},
        "targetChange": \(StatsJSON.string(standing.targetChange.rawValue)),
        "pace": \(standing.pace.map { StatsJSON.number($0.syllablesPerMinute) } ?? "null")
      }

      """
  }
}
