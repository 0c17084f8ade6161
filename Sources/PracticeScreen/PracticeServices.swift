import Practice
import TerminalUI

/// What practice asks of its services: the progress file's writes, at item and lesson
/// boundaries.
package enum PracticeEffect: Hashable, Sendable {
  /// Save one item's result (and move its review schedule).
  case record(ItemResult)
  /// Save where the learner is in a lesson, for "continue where I left off".
  case saveProgress(lessonID: String, nextItem: Int, isFinished: Bool)
  /// Save the jamo the adaptive round has unlocked on a layout.
  case saveUnlockedJamo([String], layoutID: String)
  /// Save the adaptive round's target on a layout.
  case saveAdaptiveTarget(SpeedTarget, setByLearner: Bool, layoutID: String)
  /// Answer ``PracticeEvent/saved`` once everything before it is saved: the lesson's summary
  /// reads what was saved.
  case confirmSaved
}

/// What practice's services report to it.
package enum PracticeEvent {
  /// Everything asked before ``PracticeEffect/confirmSaved`` is saved.
  case saved
}

/// Practice's I/O: the writes of the progress file (SQLite on the command line, memory in tests).
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
    case .confirmSaved:
      return [.saved]
    }
    return []
  }
}
