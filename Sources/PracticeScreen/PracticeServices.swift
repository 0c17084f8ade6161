import Practice
import TerminalUI

/// What practice asks of its services: the progress file's writes, at item and lesson
/// boundaries, and its reads, answered by events.
package enum PracticeEffect: Hashable, Sendable {
  /// Save one item's result (and move its review schedule).
  case record(ItemResult)
  /// Save where the learner is in a lesson, for "continue where I left off".
  case saveProgress(lessonID: String, nextItem: Int, isFinished: Bool)
  /// Save the jamo the adaptive round has unlocked on a layout.
  case saveUnlockedJamo([String], layoutID: String)
  /// Save the adaptive round's target on a layout.
  case saveAdaptiveTarget(SpeedTarget, setByLearner: Bool, layoutID: String)
  /// Answer ``PracticeEvent/saved(_:)`` once everything before it is saved, with what the
  /// file holds then: the menu and the lesson's summary read it. The adaptive round's standing
  /// is read for the layout named, none without one.
  case confirmSaved(adaptiveLayoutID: String?)
  /// Start a lesson: a session of the file begins, and the learner's history comes back in
  /// ``PracticeEvent/lessonStarted(_:history:)``.
  case startLesson(LessonStart)
}

/// A lesson asked to start: the items already chosen (the adaptive round's), or nil to plan
/// them from the history; how the cues behave.
package struct LessonStart: Hashable, Sendable {
  package var lesson: Lesson
  package var items: [PracticeItem]?
  package var policy: CuePolicy
}

/// What practice's services report to it.
package enum PracticeEvent {
  /// Everything asked before ``PracticeEffect/confirmSaved(adaptiveLayoutID:)`` is saved; the
  /// file now holds this.
  case saved(PracticeSnapshot)
  /// The lesson's session began; what is known of the learner before it.
  case lessonStarted(LessonStart, history: PracticeHistory)
}

/// What practice reads of its progress file between lessons: "continue" and the lessons'
/// marks in the menu, and where the adaptive round stands.
package struct PracticeSnapshot: Sendable {
  /// The last lesson worked on, if any.
  package var lastProgress: (lessonID: String, isFinished: Bool)?
  /// Every item's review schedule, by item id.
  package var schedules: [String: ItemSchedule] = [:]
  /// The jamo timings on the adaptive round's layout, by jamo.
  package var jamoObservations: [String: UnitObservations] = [:]
  /// The jamo the adaptive round has unlocked there.
  package var unlockedJamo: [String] = []
  /// The adaptive round's saved target there, and whether the learner set it.
  package var adaptiveTarget: (target: SpeedTarget, isSetByLearner: Bool)?

  package init() {}

  /// Reads the snapshot; the adaptive round's part only with its layout.
  package init(reading recorder: PracticeRecorder, adaptiveLayoutID: String?) {
    lastProgress = recorder.lastProgress()
    schedules = recorder.allSchedules()
    guard let layoutID = adaptiveLayoutID else { return }
    jamoObservations = recorder.speedObservations().jamo(layoutID: layoutID)
    unlockedJamo = recorder.unlockedJamo(layoutID: layoutID)
    adaptiveTarget = recorder.adaptiveTarget(layoutID: layoutID)
  }
}

/// Practice's I/O: the progress file (SQLite on the command line, memory in tests), read and
/// written only here.
///
/// The recorder may come once the file is open (``PracticeStartup``); nothing is asked before.
final class PracticeServices: ScreenServices {
  package var recorder: PracticeRecorder?

  package init(recorder: PracticeRecorder? = nil) {
    self.recorder = recorder
  }

  package func perform(_ effect: PracticeEffect) -> [PracticeEvent] {
    switch effect {
    case .record(let result):
      recorder?.record(result)
    case .saveProgress(let lessonID, let nextItem, let isFinished):
      recorder?.saveProgress(lessonID: lessonID, nextItem: nextItem, isFinished: isFinished)
    case .saveUnlockedJamo(let jamo, let layoutID):
      recorder?.saveUnlockedJamo(jamo, layoutID: layoutID)
    case .saveAdaptiveTarget(let target, let setByLearner, let layoutID):
      recorder?.saveAdaptiveTarget(target, setByLearner: setByLearner, layoutID: layoutID)
    case .confirmSaved(let layoutID):
      let snapshot = recorder.map { PracticeSnapshot(reading: $0, adaptiveLayoutID: layoutID) }
      return [.saved(snapshot ?? PracticeSnapshot())]
    case .startLesson(let start):
      return [.lessonStarted(start, history: recorder?.history(for: start.lesson) ?? .init())]
    }
    return []
  }
}
