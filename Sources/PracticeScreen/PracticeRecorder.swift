import Practice

/// Where practice progress goes: the command line backs it with the SQLite store, tests with
/// memory.
///
/// Called at item and lesson boundaries only, never per key press.
public protocol PracticeRecorder: AnyObject {
  /// What is known about the user before a lesson starts.
  func history(for lesson: Lesson) -> PracticeHistory
  /// Saves one item's result (and moves its review schedule).
  func record(_ result: ItemResult)
  /// Saves where the user is in a lesson, for "continue where I left off".
  func saveProgress(lessonID: String, nextItem: Int, isFinished: Bool)
  /// The last lesson worked on, if any.
  func lastProgress() -> (lessonID: String, isFinished: Bool)?
  /// Every review schedule, for choosing the lesson to continue.
  func allSchedules() -> [String: ItemSchedule]
  /// Every key's and jamo's timing so far, for the adaptive round.
  func speedObservations() -> [SpeedUnit: UnitObservations]
  /// The jamo the adaptive round has unlocked on a layout.
  func unlockedJamo(layoutID: String) -> [String]
  /// Saves the jamo the adaptive round has unlocked on a layout.
  func saveUnlockedJamo(_ jamo: [String], layoutID: String)
  /// The adaptive round's saved target on a layout, and whether the learner set it
  /// (`--target`) rather than the trainer (from their pace); nil before it was set.
  func adaptiveTarget(layoutID: String) -> (target: SpeedTarget, isSetByLearner: Bool)?
  /// Saves the adaptive round's target on a layout.
  func saveAdaptiveTarget(_ target: SpeedTarget, setByLearner: Bool, layoutID: String)
  /// Said on the status row when practice starts: progress that cannot be saved, and why.
  var startNotice: String? { get }
}

extension PracticeRecorder {
  public var startNotice: String? { nil }
}

/// A user's history, as the planner and the cues need it.
public struct PracticeHistory: Sendable {
  public var schedules: [String: ItemSchedule]
  public var errorRates: [KeyRef: Double]
  public var mastery: [KeyRef: KeyStats]

  public init(
    schedules: [String: ItemSchedule] = [:], errorRates: [KeyRef: Double] = [:],
    mastery: [KeyRef: KeyStats] = [:]
  ) {
    self.schedules = schedules
    self.errorRates = errorRates
    self.mastery = mastery
  }
}
