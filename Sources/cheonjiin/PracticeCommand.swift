import ArgumentParser
import Foundation
import HangulEngine
import LayoutLoading
import Practice
import PracticeScreen
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
      latest 15 times ≥ 1; a press made while its key was lit counts half) and accurate (90 % \
      of its latest 30 presses right); the first press of a word is not timed (reading is not \
      typing). Each round of 10 works on the weakest letter with everyday words from the \
      reviewed list Lexicon/practice-words-ko.txt. The target starts at your own pace and \
      rises as you get faster; it is saved, as is --target. --blind hides the keys' labels \
      and shows cues only after 5 s.
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

  // Numbers are taken as given, also when they start with "-": `--from -5` is then refused
  // with what to write, not read as a missing value.
  @Option(parsing: .unconditional, help: "Items per round (1–50).")
  var items: Int = 10

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Number drills: the smallest number to practise (default 1 with --to; without --from "
        + "or --to each drill keeps its own mix, such as 1–999,999 to read and 1–99 native)."))
  var from: Int?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Number drills: the largest number to practise (default 99 with --from; up to 9999조; "
        + "without --from or --to each drill keeps its own mix)."))
  var to: Int?

  @Flag(help: "Start the adaptive round (맞춤 연습): it works on your slowest letter.")
  var adaptive = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Adaptive round: the speed to reach, in syllables a minute (1–200); saved. Default: "
        + "set from your own pace, then raised as you get faster.",
      valueName: "N"))
  var target: Int?

  @Flag(help: "Adaptive round: hide the keys' labels; cues come only after a long pause.")
  var blind = false

  @Flag(help: "Adaptive round: show your speed on the status line, calmly (off by default).")
  var speedLine = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Adaptive round: make the round reproducible (0 or more).", valueName: "N"),
    transform: { text in
      guard let seed = UInt64(text) else { throw ValidationError(commandStrings.seedInvalid(text)) }
      return seed
    })
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
      guard NumberDrill.readableRange.contains(lower), NumberDrill.readableRange.contains(upper)
      else {
        throw ValidationError(commandStrings.practiceRangeOutOfBounds(from: from, to: to))
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
    if lesson != nil && blind { throw ValidationError(commandStrings.blindNeedsAdaptive) }
  }

  /// The adaptive round's setup from the options and the shipped word lists.
  ///
  /// The saved target is read by the round itself (``PracticeRecorder``); `--target` is
  /// saved as the learner's when practice starts.
  private func adaptiveSetup(lessons: [Lesson], environment: [String: String]) -> AdaptiveSetup {
    AdaptiveSetup(
      vocabulary: AdaptiveData.vocabulary(lessons: lessons, environment: environment),
      settings: AdaptiveData.settings(saved: nil, asked: target, roundLength: items),
      seed: seed ?? UInt64.random(in: 0...UInt64.max), isBlind: blind, showsSpeed: speedLine,
      isTargetAsked: target != nil)
  }

  /// `--plan`: the next round from the stored progress, printed, nothing saved.
  private func printPlan(_ setup: AdaptiveSetup, layouts: [Layout], environment: [String: String])
    throws
  {
    let layoutID = layouts.first?.id ?? ""
    let history: AdaptiveData.History
    do {
      let store = try openProgressStore(
        at: ProgressStore.defaultPath(environment: environment), for: .reading
      ).store
      history = try AdaptiveData.history(store, layoutID: layoutID)
    } catch {
      printError(commandStrings.storageError(error))
      throw ExitCode.failure
    }
    // Nothing is saved: --target here only shows what that target would plan.
    var planner = AdaptivePlanner(
      vocabulary: setup.vocabulary, layouts: layouts,
      settings: AdaptiveData.settings(saved: history.target, asked: target, roundLength: items))
    let plan = planner.plan(
      unlocked: history.unlocked, observations: history.observations.jamo(layoutID: layoutID),
      seed: setup.seed)
    var output = OutputBuffer()
    if json {
      output.append(AdaptivePlanJSON.encode(plan))
    } else {
      for line in commandStrings.adaptivePlanText(plan) { output.append(line + "\n") }
    }
    try output.finish()
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
        // Titles come from a messages file, which may hold anything.
        let fields = [lesson.id, lesson.title].map { terminalSafe($0) }
        output.append("\(fields[0])\t\(fields[1])\t\(lesson.items.count)\n")
      }
      try output.finish()
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
    let path = ProgressStore.defaultPath(environment: environment)
    let layoutID = layouts.first?.id ?? ""
    var recorder: StoreRecorder?
    // The file opens on its own thread while the screen says what it waits for: another
    // program's lock holds it up to the busy timeout.
    let status = PracticeApp.run(
      options, lessons: lessons, path: path,
      open: {
        Result { () throws(StorageError) in try ProgressStore.open(at: path, for: .writing) }
      },
      recorder: { opened in
        let made = StoreRecorder(opened: opened, layoutID: layoutID, today: today)
        recorder = made
        return made
      }, today: today, roundLength: items, startLesson: lesson, adaptive: setup,
      startAdaptive: adaptive)
    if let recorder {
      recorder.finish()
      for message in recorder.messages { printError(message) }
    }
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
  /// What opening the file had to say (a damaged file moved aside, rows repaired, why
  /// nothing is saved): printed when the screen is gone, so it stays to be read.
  private let openingMessages: [String]

  /// - Parameter opened: The file as opened on the opening thread.
  init(opened: Result<ProgressStore.Opening, StorageError>, layoutID: String, today: DayNumber) {
    self.layoutID = layoutID
    self.today = today
    var messages: [String] = []
    switch opened {
    case .success(let opening):
      store = opening.store
      unsaved = opening.readOnly
      if let recovery = opening.recovery {
        messages.append(commandStrings.movedAside(recovery))
      }
      if let repair = opening.learnedWordRepair {
        messages.append(commandStrings.learnedWordRepair(repair, path: opening.store.path))
      }
    case .failure(let error):
      store = nil
      unsaved = error
    }
    if let unsaved { messages.append(commandStrings.storageError(unsaved)) }
    openingMessages = messages
    startNotice = unsaved.map { commandStrings.progressNotSaved($0) }
  }

  /// Everything to print once practice is over.
  var messages: [String] { openingMessages + (problem.map { [$0] } ?? []) }

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

  func adaptiveTarget(layoutID: String) -> (target: SpeedTarget, isSetByLearner: Bool)? {
    guard let store else { return nil }
    do {
      return try store.adaptiveTarget(layoutID: layoutID).map {
        (SpeedTarget(syllablesPerMinute: $0.syllablesPerMinute), $0.setBy == .learner)
      }
    } catch {
      note(error)
      return nil
    }
  }

  func saveAdaptiveTarget(_ target: SpeedTarget, setByLearner: Bool, layoutID: String) {
    do {
      try store?.saveAdaptiveTarget(
        target.syllablesPerMinute, setBy: setByLearner ? .learner : .pace, layoutID: layoutID,
        at: unixMilliseconds())
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
