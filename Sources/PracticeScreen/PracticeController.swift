import HangulEngine
import LayoutLoading
import Practice
import TerminalInput
import TerminalUI
import Typing

/// `cheonjiin practice`: a lesson menu, items typed on the pad with cues that fade, and a calm
/// summary.
///
/// It drives a ``Keypad`` and observes the ``KeyStroke`` of every press.
public struct PracticeController: ScreenFrontEnd {
  package typealias OwnEvent = PracticeEvent
  package typealias OwnEffect = PracticeEffect

  package enum Mode {
    case menu(selection: Int)
    case typing
    /// The item was typed; the next one shows at `until`.
    case itemDone(ItemResult, until: Instant)
    case summary([String])
  }

  package private(set) var keypad: Keypad
  var settings: KeypadSettings
  public let strings: UIStrings
  public let lessons: [Lesson]
  /// Read at lesson boundaries; written only through ``PracticeEffect``s.
  package let recorder: PracticeRecorder
  /// Writes for the progress file, handed to the loop with the effects of the event that made
  /// them (before them, so a write is never dropped by an effect that ends the run).
  var outbox: [PracticeEffect] = []
  /// A lesson that ended: its summary waits until its results are saved (it reads them).
  private var endedLesson: LessonSummary?
  package let today: DayNumber
  private let roundLength: Int
  package var mode: Mode = .menu(selection: 0)
  /// The pad's help over the item, scrolled this far; nil when not shown.
  var helpScroll: Int? = nil
  package private(set) var session: PracticeSession?
  package private(set) var lesson: Lesson?
  package private(set) var round = LessonRound(items: [])
  private var history = PracticeHistory()
  var menuDigits = ""
  var message: (text: String, until: Instant)? = nil
  /// The lesson "continue" goes to.
  package var continueLesson: Lesson?
  /// How far each lesson has come, by id, for the menu: "★★☆", "3/10".
  var lessonMarks: [String: String] = [:]
  /// The range chosen in the menu (← →) for each lesson of plain numbers, as an index into
  /// its ``NumberDrillKind/rangePresets``; absent for the usual mix.
  var numberRangeChoice: [String: Int] = [:]
  /// The adaptive round (맞춤 연습), when the command line set it up.
  package var adaptive: AdaptiveRun?
  /// When the round last moved on to the next item by itself, after a right answer; an Enter
  /// soon after, with nothing typed, was meant for the item before and is swallowed.
  private var movedOnAt: Instant?
  /// The document's edit count when the last press was scored.
  private var scoredEdits = 0
  /// How long after moving on by itself an Enter is taken as meant for the item before.
  static let enterGrace: Duration = .milliseconds(1_000)

  /// Builds the practice screen.
  ///
  /// - Parameters:
  ///   - adaptive: The adaptive round's vocabulary and settings; `nil` leaves 맞춤 연습 out of
  ///     the menu.
  ///   - startAdaptive: Start an adaptive round at once (`--adaptive`).
  public init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, settings: KeypadSettings,
    lessons: [Lesson], recorder: PracticeRecorder, today: DayNumber, roundLength: Int = 10,
    startLesson: String? = nil, adaptive: AdaptiveSetup? = nil, startAdaptive: Bool = false
  ) {
    keypad = Keypad(
      layouts: layouts, keymaps: keymaps, keymap: keymap, flashMs: settings.flashMs,
      strings: UIStrings(settings.language))
    self.settings = settings
    strings = UIStrings(settings.language)
    self.lessons = lessons
    self.recorder = recorder
    self.today = today
    self.roundLength = roundLength
    refreshContinueLesson()
    if let adaptive {
      self.adaptive = AdaptiveRun(setup: adaptive, layouts: keypad.engine.layouts)
      saveAskedTarget()
    }
    if startAdaptive, self.adaptive != nil {
      beginAdaptive()
    } else if let startLesson, let index = lessons.firstIndex(where: { $0.id == startLesson }) {
      begin(lessons[index])
    }
  }

  /// The lesson's explanation, first on the help screen inside a lesson.
  var lessonHelp: [HelpSection] {
    guard let lesson, !lesson.summary.isEmpty else { return [] }
    return [
      HelpSection(title: lesson.title, lines: [HelpSection.Line(keys: "", action: lesson.summary)])
    ]
  }

  package mutating func start(at time: Instant) -> [Effect] {
    if let notice = recorder.startNotice { message = (notice, time + .milliseconds(10_000)) }
    var effects: [Effect] = []
    if case .typing = mode, session?.item == nil, let item = round.current {
      effects = startItem(item, at: time)
    }
    return takeOutbox() + effects
  }

  /// Asks for a write of the progress file.
  package mutating func save(_ effect: PracticeEffect) {
    outbox.append(effect)
  }

  /// The writes asked for since the last call, as effects.
  private mutating func takeOutbox() -> [Effect] {
    defer { outbox.removeAll() }
    return outbox.map { .own($0) }
  }

  // MARK: - Routing

  /// Where the pad goes: smaller keys before a shorter panel (the cue is the lesson).
  ///
  /// - Parameter stamps: The painter's memo of pad geometries, when drawing.
  package func placement(rows: Int, columns: Int, stamps: PadStamps? = nil) -> PadPlacement? {
    Self.placement(
      layout: keypad.layout, keySize: settings.keySize, rows: rows, columns: columns,
      stamps: stamps)
  }

  private static func placement(
    layout: Layout, keySize: KeySize, rows: Int, columns: Int, stamps: PadStamps? = nil
  ) -> PadPlacement? {
    PadPlacement(
      layout: layout, keySize: keySize, suggestions: 0, rows: rows, columns: columns,
      stamps: stamps, textRows: essentialPanelRows)
  }

  package func routing(rows: Int, columns: Int) -> InputRouting {
    switch mode {
    case .menu, .summary:
      return .plainKeys
    case .typing, .itemDone:
      guard helpScroll == nil else { return .plainKeys }
      // Worked out when a click asks, not for every key, from values (as the pad's routing).
      let (layout, keySize) = (keypad.layout, settings.keySize)
      return InputRouting(
        pad: keypad.bindings(), usesCommands: true,
        hitTest: { row, column in
          Self.placement(layout: layout, keySize: keySize, rows: rows, columns: columns)?
            .hitTest(row: row, column: column)
        })
    }
  }

  // MARK: - Events

  package mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    let effects = react(to: event, rows: rows, columns: columns, at: time)
    return takeOutbox() + effects
  }

  package mutating func receive(_ event: PracticeEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    switch event {
    case .saved:
      guard let summary = endedLesson else { return [] }
      endedLesson = nil
      showSummary(summary)
    }
    return takeOutbox()
  }

  private mutating func react(to event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    switch event {
    case .pad(let action):
      return handle(action, at: time)
    case .command(let command, _):
      switch command {
      case .dismiss: return endLesson(at: time)
      case .cancel: return [.cancel]
      case .help:
        helpScroll = 0
        return []
      case .focusUp, .focusDown, .focusLeft, .focusRight, .pressFocused, .space, .backspace,
        .next, .switchKeymap, .cycleTheme, .toggleSize, .suspend, .redraw:
        let place = placement(rows: rows, columns: columns)
        return keypad.perform(command, settings: &settings, geometry: place?.geometry)
      }
    case .key(let key):
      if let scroll = helpScroll {
        helpScroll = HelpSection.scroll(scroll, after: key)
        return []
      }
      switch mode {
      case .menu, .summary:
        // F3 changes the colours in the menu too, as with the pad.
        if key.key == .function(3) {
          return keypad.perform(.cycleTheme, settings: &settings, geometry: nil)
        }
        return handleMenuKey(key, at: time)
      case .typing, .itemDone:
        message = (strings.unusedKey, time + .milliseconds(2000))
        return []
      }
    case .mouse(let mouse):
      if mouse.action == .press { helpScroll = nil }
      return []
    case .paste(let text):
      guard case .typing = mode else { return [] }
      _ = keypad.insert(typeable(text))
      return []
    case .resized:
      return []  // practice shows no suggestions; it draws for its size on every frame
    }
  }

  private mutating func handle(_ action: PadAction, at time: Instant) -> [Effect] {
    switch action {
    case .tap(let source):
      // ⏎ hands the item in instead of typing a line break.
      if case .key(let key)? = keypad.bindings().resolve(source),
        keypad.layout.keys[key].action == .enter
      {
        return submit(at: time)
      }
      if case .physical = source { keypad.focus = nil }
      // A key during the pause after an item starts the next one (shown as next already):
      // the press is its first, never lost.
      var effects: [Effect] = []
      if case .itemDone = mode {
        guard let next = round.current else { return endLesson(at: time) }
        effects = startItem(next, at: time)
      }
      return effects + observe(keypad.tap(source, at: time), at: time)
    case .hold(let source, let undoTaps):
      return observe(keypad.hold(source, undoTaps: undoTaps, at: time), at: time) + [.held]
    case .repeatTick(let source):
      return observe(keypad.repeatTick(source, at: time), at: time)
    case .undoTaps(_, let count):
      keypad.rollBack(count)
      return []
    case .release:
      keypad.release()
      return []
    }
  }

  /// Scores a press that reached the engine.
  private mutating func observe(_ stroke: KeyStroke?, at time: Instant) -> [Effect] {
    guard let stroke, let key = stroke.key, case .typing = mode, var session else { return [] }
    if stroke.output.event == .dismiss { return endLesson(at: time) }
    // Only what changed since the last press scored is looked at, not the item (issue 25).
    let unchangedBelow = keypad.changedOffset(since: scoredEdits) ?? .max
    scoredEdits = keypad.documentEdits
    let outcome = session.record(
      KeyPress(layout: stroke.layout, key: key, isHold: stroke.isHold),
      engine: keypad.typist, at: Self.milliseconds(time),
      replacingLastTap: stroke.replacing > 0, unchangedBelow: unchangedBelow)
    self.session = session
    if let result = outcome.result { return finishItem(result, at: time) }
    return []
  }

  private mutating func submit(at time: Instant) -> [Effect] {
    guard case .typing = mode, var session else { return [] }
    // The item before was right and moved on by itself a moment ago: this Enter was meant
    // for it (a habit from other trainers), not to hand in the new one empty.
    if session.pressCount == 0, let movedOnAt, time < movedOnAt + Self.enterGrace { return [] }
    let result = session.submit(at: Self.milliseconds(time))
    self.session = session
    return result.map { finishItem($0, at: time) } ?? []
  }

  // MARK: - Lessons and items

  package mutating func begin(_ lesson: Lesson) {
    let history = recorder.history(for: lesson)
    let planner = ReviewPlanner(layouts: keypad.engine.layouts)
    let items = planner.plan(
      lesson.items, schedules: history.schedules, errorRates: history.errorRates, today: today,
      limit: roundLength)
    begin(lesson, items: items, history: history, policy: .gentle)
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

  /// Starts an item.
  ///
  /// - Parameter wasShown: The item was on the screen as the next one during the pause
  ///   before it, so its first press is timed from now (``PracticeSession``).
  mutating func startItem(_ item: PracticeItem, at time: Instant, wasShown: Bool = false)
    -> [Effect]
  {
    guard var session else { return [] }
    movedOnAt = nil
    do {
      let start = try session.start(
        item, at: Self.milliseconds(time), reviews: history.schedules[item.id]?.reviews ?? 0,
        timesFirstPress: wasShown)
      self.session = session
      keypad.reset(to: start.inputMethod)
      mode = .typing
    } catch {
      // An item the layouts cannot type is skipped with a message, never a crash.
      message = (error.description, time + .milliseconds(4000))
      round = LessonRound(
        items: round.items.filter { $0.id != item.id }, position: round.position)
      return round.current.map { startItem($0, at: time) } ?? endLesson(at: time)
    }
    return []
  }

  private mutating func finishItem(_ result: ItemResult, at time: Instant) -> [Effect] {
    save(.record(result))
    round.advance(after: result)
    // The adaptive round is planned afresh each time: there is no place in it to come back to.
    if let lesson, lesson.id != AdaptivePlan.lessonID {
      save(
        .saveProgress(lessonID: lesson.id, nextItem: round.position, isFinished: round.isFinished))
    }
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
    if lesson.id != AdaptivePlan.lessonID {
      save(
        .saveProgress(lessonID: lesson.id, nextItem: round.position, isFinished: round.isFinished))
    }
    // An item left before a key was pressed says nothing about the learner: no 0% for it.
    endedLesson = LessonSummary(
      lessonTitle: lesson.title, results: session.results.filter { !$0.typed.isEmpty })
    mode = .summary([])
    self.session = nil
    save(.confirmSaved)
    return []
  }

  /// The summary of the lesson just ended, once its results are saved.
  private mutating func showSummary(_ summary: LessonSummary) {
    // The adaptive round judges speed letter by letter (the standing's lines), never by the
    // round's average alone.
    let standing = isAdaptiveRound ? adaptiveStandingNow() : nil
    var lines = strings.lessonSummary(
      summary, keyLabels: LessonSummary.keyLabels(in: keypad.engine.layouts),
      stopped: round.isFinished ? nil : (round.position, round.items.count),
      judgesLetters: standing != nil)
    if isAdaptiveRound, round.isFinished, !lines.isEmpty { lines[0] = strings.adaptiveDone }
    mode = .summary(lines + adaptiveSummary(standing))
    refreshContinueLesson()
  }

  // MARK: - Time

  package mutating func advance(to time: Instant, rows: Int, columns: Int) -> [Effect] {
    let effects = runTimers(at: time)
    return takeOutbox() + effects
  }

  private mutating func runTimers(at time: Instant) -> [Effect] {
    _ = keypad.endFlashes(at: time)
    if let until = message?.until, until <= time { message = nil }
    if case .itemDone(let result, let until) = mode, until <= time {
      guard let next = round.current else { return endLesson(at: time) }
      let effects = startItem(next, at: time, wasShown: true)
      if result.accuracy >= 1 { movedOnAt = time }
      return effects
    }
    return []
  }

  package func nextDeadline(now: Instant) -> Instant? {
    var deadlines: [Instant?] = [keypad.nextFlashEnd, message?.until]
    if case .itemDone(_, let until) = mode { deadlines.append(until) }
    if let appears = session?.cueAppearsAt, appears > Self.milliseconds(now) {
      deadlines.append(.milliseconds(UInt64(appears)))
    }
    return deadlines.compactMap { $0 }.min()
  }

}
