import HangulEngine
import Practice
import TerminalInput
import TerminalUI
import Typing

extension PracticeController {
  // MARK: - Lessons and items

  /// Where a lesson was asked for: what follows when its round has nothing to type.
  package enum StartOrigin {
    /// The command line (`--lesson`, `--adaptive`): the pad, nothing to type.
    case launch
    /// The menu: the summary.
    case menu
    /// The summary (Enter 한 판 더, B): the menu.
    case summary
  }

  /// Starts what a menu line (or the command line) names.
  mutating func start(_ target: MenuTarget, from origin: StartOrigin) {
    switch target {
    case .adaptive: beginAdaptive(from: origin)
    case .lesson(let lesson): begin(lesson, from: origin)
    }
  }

  /// Asks for a lesson: it begins when its history comes (``started(_:history:at:)``), and
  /// its round is planned from it then unless `items` are given.
  mutating func begin(
    _ lesson: Lesson, items: [PracticeItem]? = nil, policy: CuePolicy = .gentle,
    from origin: StartOrigin
  ) {
    outbox.append(.startLesson(LessonStart(lesson: lesson, items: items, policy: policy)))
    mode = .starting(from: origin)
  }

  /// The lesson asked for began: its round is planned and its first item starts.
  mutating func started(_ start: LessonStart, history: PracticeHistory, at time: Instant)
    -> [Effect]
  {
    guard case .starting(let origin) = mode else { return [] }
    let items =
      start.items
      ?? ReviewPlanner(layouts: keypad.engine.layouts).plan(
        start.lesson.items, schedules: history.schedules, errorRates: history.errorRates,
        today: today, limit: roundLength)
    begin(start.lesson, items: items, history: history, policy: start.policy)
    if let item = round.current { return startItem(item, at: time) }
    switch origin {
    case .launch: return []
    case .menu: return endLesson(at: time)
    case .summary:
      mode = .menu(selection: 0)
      return []
    }
  }

  /// Starts a round of `items` with the history already read.
  package mutating func begin(
    _ lesson: Lesson, items: [PracticeItem], history: PracticeHistory, policy: CuePolicy
  ) {
    self.lesson = lesson
    self.history = history
    round = LessonRound(items: items)
    session = PracticeSession(
      layouts: keypad.engine.layouts, lessonID: lesson.id, mastery: history.mastery,
      policy: policy)
    mode = .typing
  }

  mutating func finishItem(_ result: ItemResult, at time: Instant) -> [Effect] {
    save(.record(result))
    round.advance()
    saveRoundProgress()
    // A wrong item handed in stays longer: the right keys are shown before moving on.
    let pause = result.accuracy >= 1 ? 900 : 3500
    mode = .itemDone(result, until: time + .milliseconds(pause))
    return []
  }

  mutating func endLesson(at time: Instant) -> [Effect] {
    guard let lesson, var session else {
      mode = .menu(selection: 0)
      return []
    }
    if case .typing = mode, let result = session.submit(at: Self.milliseconds(time)),
      !result.typed.isEmpty
    {
      save(.record(result))
    }
    saveRoundProgress()
    // An item left before a key was pressed says nothing about the learner: no 0% for it.
    endedLesson = LessonSummary(
      lessonTitle: lesson.title, results: session.results.filter { !$0.typed.isEmpty })
    mode = .summary([])
    self.session = nil
    confirmSaved()
    return []
  }

  /// Saves where the round is, for "continue" (not the adaptive round's: it is planned afresh
  /// each time, so there is no place in it to come back to).
  private mutating func saveRoundProgress() {
    guard let lesson, lesson.id != AdaptivePlan.lessonID else { return }
    save(.saveProgress(lessonID: lesson.id, nextItem: round.position, isFinished: round.isFinished))
  }

  /// The summary of the lesson just ended, once its results are saved.
  mutating func showSummary(_ summary: LessonSummary) {
    // The adaptive round judges speed letter by letter (the standing's lines), never by the
    // round's average alone.
    let standing = isAdaptiveRound ? adaptiveStandingNow() : nil
    var lines = strings.lessonSummary(
      summary, keyLabels: LessonSummary.keyLabels(in: keypad.engine.layouts),
      stopped: round.isFinished ? nil : (round.position, round.items.count),
      judgesLetters: standing != nil)
    if isAdaptiveRound, round.isFinished, !lines.isEmpty { lines[0] = strings.adaptiveDone }
    mode = .summary(lines + adaptiveSummary(standing, round: summary.totals))
    refreshContinueLesson()
  }
}
