import ArgumentParser
import Foundation
import HangulEngine
import LayoutLoading
import Practice
import Storage
import TerminalUI

struct PracticeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "practice",
    abstract: "Practise 천지인 typing: lessons with fading cues, progress kept on disk.",
    discussion: """
      Lessons follow the ladder: vowel strokes, consonants and their cycles, finals and the \
      next key, double finals, words, everyday messages, numbers. The next key to press lights \
      up on the pad; as you succeed it lights up only after you hesitate. Items you get wrong \
      come back sooner, across days. Progress: $XDG_DATA_HOME/cheonjiin/progress.sqlite \
      (see `cheonjiin stats`).

      --adaptive (맞춤 연습, first in the menu) times every key press: letters unlock in \
      frequency order, starting with ㅇ ㅏ ㄴ ㄱ ㅣ ㄹ; the next unlocks when every unlocked \
      one is confident (at least 5 samples, confidence = target time ÷ the median of the \
      latest 15 times ≥ 1); each round works on the weakest letter with real words from the \
      shipped lists. --blind hides the keys' labels and shows cues only after 5 s.
      Examples: cheonjiin practice --list;  cheonjiin practice --lesson words-family
      """)

  @OptionGroup var layoutOption: LayoutOption

  @Option(
    help: ArgumentHelp("Start this lesson directly (see --list).", valueName: "ID"),
    completion: IDCompletion.lessons)
  var lesson: String?

  @Flag(help: "List the lessons and exit.")
  var list = false

  @OptionGroup var padOptions: PadOptions

  @Option(help: "Items per round (1–50).")
  var items: Int = 10

  @Option(help: "Number drills: the smallest number to practise (default 1).")
  var from: Int?

  @Option(help: "Number drills: the largest number to practise (default 99).")
  var to: Int?

  @Flag(help: "Start the adaptive round (맞춤 연습): it works on your slowest letter.")
  var adaptive = false

  @Option(
    help: ArgumentHelp(
      "Adaptive round: the speed to reach, in syllables a minute (1–200, default 20).",
      valueName: "N"))
  var target: Int?

  @Flag(help: "Adaptive round: hide the keys' labels; cues come only after a long pause.")
  var blind = false

  @Flag(help: "Adaptive round: show your speed on the status line, calmly (off by default).")
  var speedLine = false

  @Option(help: ArgumentHelp("Adaptive round: make the round reproducible.", valueName: "N"))
  var seed: UInt64?

  @Flag(help: "Print the next adaptive round without starting it.")
  var plan = false

  @Flag(help: "With --plan: print it as JSON.")
  var json = false

  /// The numbers the plain number drills draw, when `--from` or `--to` is given.
  private var numberRange: ClosedRange<Int>? {
    guard from != nil || to != nil else { return nil }
    let lower = from ?? 1
    let upper = to ?? 99
    return lower <= upper ? lower...upper : nil
  }

  func validate() throws {
    if from != nil || to != nil {
      let lower = from ?? 1
      let upper = to ?? 99
      guard lower >= 0, upper <= 999_999_999 else {
        throw ValidationError(commandStrings.practiceRangeOutOfBounds(from: lower, to: upper))
      }
      guard lower <= upper else {
        throw ValidationError(commandStrings.practiceRangeReversed(from: lower, to: upper))
      }
    }
    guard (1...50).contains(items) else {
      throw ValidationError(commandStrings.itemsOutOfRange(items))
    }
    if let target, !(1...200).contains(target) {
      throw ValidationError(commandStrings.adaptiveTargetOutOfRange(target))
    }
    if json && !plan { throw ValidationError(commandStrings.adaptiveJSONNeedsPlan) }
    if lesson != nil && (adaptive || plan) {
      throw ValidationError(commandStrings.adaptiveAndLesson)
    }
  }

  /// The adaptive round's setup from the options and the shipped word lists.
  private func adaptiveSetup(lessons: [Lesson], environment: [String: String]) -> AdaptiveSetup {
    var settings = AdaptiveSettings(roundLength: items)
    if let target { settings.target = SpeedTarget(syllablesPerMinute: Double(target)) }
    return AdaptiveSetup(
      vocabulary: AdaptiveData.vocabulary(lessons: lessons, environment: environment),
      settings: settings, seed: seed ?? UInt64.random(in: 0...UInt64.max), isBlind: blind,
      showsSpeed: speedLine)
  }

  /// `--plan`: the next round from the stored progress, printed, nothing saved.
  private func printPlan(_ setup: AdaptiveSetup, layouts: [Layout], environment: [String: String])
    throws
  {
    let layoutID = layouts.first?.id ?? ""
    let history: (unlocked: [String], observations: [SpeedUnit: UnitObservations])
    do {
      let store = try openProgressStore(
        at: ProgressStore.defaultPath(environment: environment), for: .reading
      ).store
      history = try AdaptiveData.history(store, layoutID: layoutID)
    } catch {
      printError(commandStrings.storageError(error))
      throw ExitCode.failure
    }
    var planner = AdaptivePlanner(
      vocabulary: setup.vocabulary, layouts: layouts, settings: setup.settings)
    let plan = planner.plan(
      unlocked: history.unlocked, observations: history.observations.jamo(layoutID: layoutID),
      seed: setup.seed)
    var output = OutputBuffer()
    if json {
      output.append(AdaptivePlanJSON.encode(plan))
    } else {
      for line in commandStrings.adaptivePlanText(plan) { output.append(line + "\n") }
    }
    output.flush()
  }

  func run() throws {
    let layouts = try layoutOption.load()
    let environment = ProcessInfo.processInfo.environment
    let today = localDayNumber(now: Date(), timeZone: .current)
    let lessons = LessonCatalog.standard(
      messages: AdaptiveData.messages(environment: environment),
      numberSeed: UInt64(max(0, today)), numberRange: numberRange)
    if list {
      var output = OutputBuffer()
      for lesson in lessons {
        output.append("\(lesson.id)\t\(lesson.title)\t\(lesson.items.count)\n")
      }
      output.flush()
      return
    }
    let setup = adaptiveSetup(lessons: lessons, environment: environment)
    if plan {
      try printPlan(setup, layouts: layouts, environment: environment)
      return
    }
    if let lesson, !lessons.contains(where: { $0.id == lesson }) {
      let hint = didYouMean(lesson, in: lessons.map(\.id)).map { " (did you mean \($0)?)" } ?? ""
      printError("no lesson \"\(lesson)\"\(hint); see `cheonjiin practice --list`")
      throw ExitCode.dataError
    }
    // Before the progress file is opened: bad keymap data stops here, as a bad layout does.
    let options = try padOptions.runOptions(layouts: layouts, environment: environment)
    let recorder = StoreRecorder(
      path: ProgressStore.defaultPath(environment: environment), layoutID: layouts.first?.id ?? "",
      today: today)
    let status = PracticeApp.run(
      options, lessons: lessons, recorder: recorder, today: today, roundLength: items,
      startLesson: lesson, adaptive: setup, startAdaptive: adaptive)
    recorder.finish()
    if let problem = recorder.problem { printError(problem) }
    if status != 0 { throw ExitCode(status) }
  }
}

/// Keeps practice progress in the SQLite store.
///
/// A storage failure never stops practice: it is reported once at the end.
final class StoreRecorder: PracticeRecorder {
  private let store: ProgressStore?
  private let layoutID: String
  private let today: DayNumber
  private var session: Int64?
  /// Why nothing is saved, said once when practice starts (and on standard error first).
  let startNotice: String?
  private let unsaved: StorageError?
  private(set) var problem: String?

  init(path: String, layoutID: String, today: DayNumber) {
    self.layoutID = layoutID
    self.today = today
    do {
      let opened = try openProgressStore(at: path, for: .writing)
      store = opened.store
      unsaved = opened.readOnly
    } catch {
      store = nil
      unsaved = error
    }
    startNotice = unsaved.map { commandStrings.progressNotSaved($0) }
    // In full before the screen takes the terminal, so it is still there afterwards.
    if let unsaved { printError(commandStrings.storageError(unsaved)) }
  }

  private func note(_ error: StorageError) {
    // A read-only file was said once at the start: every write would say it again.
    if problem == nil, error != unsaved { problem = commandStrings.storageError(error) }
  }

  func history(for lesson: Lesson) -> PracticeHistory {
    guard let store else { return PracticeHistory() }
    do {
      if let session { try store.endSession(session, endedAt: unixMilliseconds()) }
      session = try store.beginSession(
        lessonID: lesson.id, layoutID: layoutID, startedAt: unixMilliseconds(), day: today)
    } catch {
      note(error)  // the history can still be read
    }
    do {
      return PracticeHistory(
        schedules: try store.schedules(lessonID: lesson.id), errorRates: try store.keyErrorRates(),
        mastery: try store.keyStats())
    } catch {
      note(error)
      return PracticeHistory()
    }
  }

  func record(_ result: ItemResult) {
    guard let store, let session else { return }
    do {
      // The result's times are monotonic; the item was shown its duration ago, by the wall
      // clock, since the keypad records a result the moment the item ends.
      try store.record(
        result, startedAt: unixMilliseconds() - result.duration, session: session, day: today)
    } catch {
      note(error)
    }
  }

  func saveProgress(lessonID: String, nextItem: Int, isFinished: Bool) {
    do {
      try store?.saveProgress(
        lessonID: lessonID, nextItem: nextItem, isFinished: isFinished, day: today,
        at: unixMilliseconds())
    } catch {
      note(error)
    }
  }

  func lastProgress() -> (lessonID: String, isFinished: Bool)? {
    (try? store?.lastProgress()).flatMap { $0 }.map { ($0.lessonID, $0.isFinished) }
  }

  func allSchedules() -> [String: ItemSchedule] {
    (try? store?.schedules()) ?? [:]
  }

  func speedObservations() -> [SpeedUnit: UnitObservations] {
    guard let store else { return [:] }
    do {
      return try store.speedObservations()
    } catch {
      note(error)  // the round is planned as for a beginner
      return [:]
    }
  }

  func unlockedJamo(layoutID: String) -> [String] {
    guard let store else { return [] }
    do {
      return try store.unlockedJamo(layoutID: layoutID)
    } catch {
      note(error)
      return []
    }
  }

  func saveUnlockedJamo(_ jamo: [String], layoutID: String) {
    do {
      try store?.saveUnlockedJamo(jamo, layoutID: layoutID, at: unixMilliseconds())
    } catch {
      note(error)
    }
  }

  func finish() {
    if let session, let store {
      do {
        try store.endSession(session, endedAt: unixMilliseconds())
      } catch {
        note(error)
      }
    }
  }
}
