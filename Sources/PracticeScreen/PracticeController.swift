import HangulEngine
import LayoutLoading
import PadViews
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
    /// A lesson was asked for (``PracticeEffect/startLesson(_:)``); it begins when its
    /// history comes.
    case starting(from: StartOrigin)
  }

  package private(set) var keypad: Keypad
  var settings: KeypadSettings
  public let strings: UIStrings
  public let lessons: [Lesson]
  /// What the progress file held when the services last read it (``PracticeEvent/saved(_:)``).
  var snapshot = PracticeSnapshot()
  /// Said on the status row at the start: progress that cannot be saved, and why.
  private let startNotice: String?
  /// The lesson the command line asked for, started once the file is read.
  private var launch: MenuTarget?
  /// What the progress file is asked, handed to the loop with the effects of the event that
  /// made them (before them, so a write is never dropped by an effect that ends the run).
  var outbox: [PracticeEffect] = []
  /// A lesson that ended: its summary waits until its results are saved (it reads them).
  var endedLesson: LessonSummary?
  /// Input that came, in the same read, after the key that asked for a lesson: the lesson's.
  private var waitingInput: [InputEvent] = []
  package let today: DayNumber
  let roundLength: Int
  package var mode: Mode = .menu(selection: 0)
  /// The pad's help over the item, scrolled this far; nil when not shown.
  var helpScroll: Int? = nil
  package internal(set) var session: PracticeSession?
  package internal(set) var lesson: Lesson?
  package internal(set) var round = LessonRound(items: [])
  var history = PracticeHistory()
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

  /// Builds the practice screen; it reads nothing: the progress file is read by its services
  /// (``PracticeEffect``), the first time as it starts.
  ///
  /// - Parameters:
  ///   - startNotice: Said on the status row at the start (progress that cannot be saved).
  ///   - adaptive: The adaptive round's vocabulary and settings; `nil` leaves 맞춤 연습 out of
  ///     the menu.
  ///   - startAdaptive: Start an adaptive round at once (`--adaptive`).
  public init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, settings: KeypadSettings,
    lessons: [Lesson], startNotice: String? = nil, today: DayNumber, roundLength: Int = 10,
    startLesson: String? = nil, adaptive: AdaptiveSetup? = nil, startAdaptive: Bool = false
  ) {
    keypad = Keypad(
      layouts: layouts, keymaps: keymaps, keymap: keymap, flashMs: settings.flashMs,
      strings: UIStrings(settings.language))
    self.settings = settings
    strings = UIStrings(settings.language)
    self.lessons = lessons
    self.startNotice = startNotice
    self.today = today
    self.roundLength = roundLength
    if let adaptive {
      self.adaptive = AdaptiveRun(setup: adaptive, layouts: keypad.engine.layouts)
      saveAskedTarget()
    }
    if startAdaptive, self.adaptive != nil {
      launch = .adaptive
    } else if let startLesson, let index = lessons.firstIndex(where: { $0.id == startLesson }) {
      launch = .lesson(lessons[index])
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
    if let startNotice { message = (startNotice, time + .milliseconds(10_000)) }
    // The menu, and the lesson asked for, wait for what the file holds.
    confirmSaved()
    return takeOutbox()
  }

  /// Asks for a write of the progress file.
  package mutating func save(_ effect: PracticeEffect) {
    outbox.append(effect)
  }

  /// Asks the services to answer with what the file holds once every write before is done.
  mutating func confirmSaved() {
    outbox.append(.confirmSaved(adaptiveLayoutID: adaptive == nil ? nil : adaptiveLayoutID))
  }

  /// What was asked of the file since the last call, as effects.
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
    case .typing, .itemDone, .starting:
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
    case .saved(let snapshot):
      self.snapshot = snapshot
      if let summary = endedLesson {
        endedLesson = nil
        showSummary(summary)
      } else {
        refreshContinueLesson()
      }
      if let launch {
        self.launch = nil
        start(launch, from: .launch)
      }
      return takeOutbox()
    case .lessonStarted(let start, let history):
      var effects = started(start, history: history, at: time)
      let waiting = waitingInput
      waitingInput = []
      for event in waiting { effects += react(to: event, rows: rows, columns: columns, at: time) }
      return takeOutbox() + effects
    }
  }

  private mutating func react(to event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    if case .starting = mode {
      waitingInput.append(event)
      return []
    }
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
        return handleMenuKey(key)
      case .typing, .itemDone, .starting:
        let unused = strings.unusedKeyMessage(for: key.key)
        message = (unused.text, time + .milliseconds(unused.milliseconds))
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
    // Only what changed since the last press scored is looked at, not the item.
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

  // MARK: - Items

  /// Starts an item.
  mutating func startItem(_ item: PracticeItem, at time: Instant) -> [Effect] {
    guard var session else { return [] }
    movedOnAt = nil
    do {
      let start = try session.start(
        item, at: Self.milliseconds(time), reviews: history.schedules[item.id]?.reviews ?? 0)
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
      let effects = startItem(next, at: time)
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
