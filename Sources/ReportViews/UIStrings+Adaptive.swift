import Practice
import TerminalUI

// MARK: - Where the learner stands in the adaptive round

// A report of the learner's standing: shown after a round (PracticeScreen), by `cheonjiin stats`
// and by `practice --plan` (the executable), so it lives with the other reports.

extension UIStrings {
  /// Which jamo the round works on, and why: `오늘은 ㅕ 를 연습해요: 아직 조금 느려요`.
  public func adaptiveFocus(_ standing: AdaptiveStanding) -> String {
    guard let focus = standing.focus else { return "" }
    let why = focusReason(standing)
    return pick(
      "오늘은 \(focus) \(Self.object(focus)) 연습해요: \(why)", "Today: \(focus) — \(why)")
  }

  /// Why the focus was chosen, in plain words: `아직 조금 느려요`.
  func focusReason(_ standing: AdaptiveStanding) -> String {
    if let focus = standing.focus, standing.newlyUnlocked == focus {
      return pick("새로 열린 글자예요", "a new letter")
    }
    switch standing.reason {
    case .new: return pick("아직 몇 번 안 쳐 봤어요", "not typed often yet")
    case .inaccurate:
      return pick("자주 틀려요: 천천히 정확하게 쳐요", "often typed wrong: slow down, type it right")
    case .slow: return pick("아직 조금 느려요", "still a little slow")
    case .slowest: return pick("지금 가장 느린 글자예요", "your slowest letter now")
    }
  }

  /// The unlocked jamo: `열린 글자 6개: ㅇ ㅏ ㄴ ㄱ ㅣ ㄹ`.
  public func adaptiveUnlocked(_ unlocked: [String]) -> String {
    let list = unlocked.joined(separator: " ")
    return pick(
      "열린 글자 \(unlocked.count)개: \(list)", "Unlocked letters (\(unlocked.count)): \(list)")
  }

  /// Where the learner stands: the same lines after a round and in `stats`.
  ///
  /// The open letters, the next round's letter and why, what opens next and when, the target, and the letters
  /// under it. One judgement: a round's speed is never praised while a letter lags.
  public func adaptiveStandingLines(_ standing: AdaptiveStanding) -> [String] {
    let open = standing.unlocked.filter { $0 != standing.newlyUnlocked }
    var lines = [adaptiveUnlocked(open)]
    if let focus = standing.focus {
      lines.append(
        pick(
          "다음 판에 연습할 글자: \(focus) (\(focusReason(standing)))",
          "Next round works on: \(focus) (\(focusReason(standing)))"))
    }
    if let opened = standing.newlyUnlocked {
      lines.append(
        pick(
          "다음 판에 새 글자 \(opened) \(Self.subject(opened)) 열려요.",
          "The next round opens a new letter: \(opened)."))
    } else if let next = standing.next {
      lines.append(adaptiveNext(next, target: standing.target, samples: standing.minimumSamples))
    }
    lines.append(adaptiveTargetLine(standing))
    lines += letterJudgement(standing)
    return lines
  }

  /// What unlocks next, and when.
  ///
  /// - Parameter samples: The presses a jamo needs before it counts
  ///   (``SpeedRules/minimumSamples``).
  public func adaptiveNext(_ next: String, target: SpeedTarget, samples: Int) -> String {
    let speed = Int(target.syllablesPerMinute.rounded())
    return pick(
      "열린 글자를 모두 \(samples)번 넘게, 1분에 \(speed)글자 빠르기로 치면 \(next) \(Self.subject(next)) 열려요.",
      "\(next) opens when every open letter is typed \(samples)+ times at \(speed) syllables a minute."
    )
  }

  /// The target in force and where it came from.
  func adaptiveTargetLine(_ standing: AdaptiveStanding) -> String {
    let speed = Int(standing.target.syllablesPerMinute.rounded())
    switch standing.targetChange {
    case .kept:
      return pick("목표: 1분에 \(speed)글자", "Goal: \(speed) syllables a minute")
    case .fromPace:
      return pick(
        "목표: 1분에 \(speed)글자. 지금 빠르기에 맞춰 정했어요.",
        "Goal: \(speed) syllables a minute, set from your own pace.")
    case .raised:
      return pick(
        "목표: 1분에 \(speed)글자. 빨라지셔서 조금 올렸어요.",
        "Goal: \(speed) syllables a minute, a little higher: you got faster.")
    }
  }

  /// The open letters typed wrong too often, least accurate first (`ㄴ 80%`), those under the
  /// target, slowest first, with how close each is (`ㅕ 50%`), and those not typed often
  /// enough to judge; or that all are at the target.
  func letterJudgement(_ standing: AdaptiveStanding) -> [String] {
    let open = standing.unlocked.filter { $0 != standing.newlyUnlocked }
    let wrong = open.compactMap { jamo in
      standing.speeds[jamo].flatMap { speed in
        speed.hasEnoughSamples && !speed.isAccurate ? (jamo, speed.accuracy ?? 0) : nil
      }
    }
    let slow = open.compactMap { jamo in
      standing.speeds[jamo]?.confidence.flatMap { $0 < 1 ? (jamo, $0) : nil }
    }
    let unjudged = open.filter { !(standing.speeds[$0]?.hasEnoughSamples ?? false) }
    // Accuracy first: what to fix leads.
    var lines = [
      percentLine(
        wrong, korean: "자주 틀리는 글자 (최근에 맞게 친 %)",
        english: "Letters often typed wrong (% of recent presses right)"),
      percentLine(
        slow, korean: "목표보다 느린 글자 (목표 빠르기의 %)", english: "Letters under the goal (% of its speed)"),
    ].compactMap { $0 }
    if !unjudged.isEmpty {
      let shown = unjudged.prefix(8).joined(separator: " ")
      lines.append(
        pick("아직 덜 쳐 본 글자: \(shown)", "Letters not typed often enough yet: \(shown)"))
    }
    if slow.isEmpty, unjudged.isEmpty, wrong.isEmpty, !open.isEmpty {
      lines.append(
        pick("열린 글자가 모두 목표 빠르기예요.", "Every open letter is at the goal's speed."))
    }
    return lines
  }

  /// `title: ㄴ 80%, ㅕ 50%`: the four lowest (the line fits 72 columns); `nil` for none.
  private func percentLine(
    _ letters: [(String, Double)], korean: String, english: String
  ) -> String? {
    guard !letters.isEmpty else { return nil }
    let shown = letters.sorted { $0.1 < $1.1 }.prefix(4)
      .map { "\($0.0) \(wholePercent($0.1))%" }.joined(separator: ", ")
    return pick("\(korean): \(shown)", "\(english): \(shown)")
  }

  // MARK: - Particles after a jamo

  /// Whether a jamo is a vowel letter: its name (아, 여 …) ends in a vowel, while every
  /// consonant's name (기역, 니은 …) ends in a consonant.
  static func isVowel(_ jamo: String) -> Bool {
    jamo.unicodeScalars.first.map { (0x314F...0x3163).contains($0.value) } ?? false
  }

  /// 를 after a vowel's name, 을 after a consonant's.
  package static func object(_ jamo: String) -> String { isVowel(jamo) ? "를" : "을" }
  /// 가 after a vowel's name, 이 after a consonant's.
  static func subject(_ jamo: String) -> String { isVowel(jamo) ? "가" : "이" }
  /// 는 after a vowel's name, 은 after a consonant's.
  package static func topic(_ jamo: String) -> String { isVowel(jamo) ? "는" : "은" }
}
