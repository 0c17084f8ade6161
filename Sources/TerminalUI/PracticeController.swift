import HangulEngine
import LayoutLoading
import Practice
import Suggestions
import TerminalInput

/// Where practice progress goes: the command line backs it with the SQLite store, tests
/// with memory. Called at item and lesson boundaries only, never per key press.
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
}

/// A user's history, as the planner and the cues need it.
public struct PracticeHistory: Sendable {
  public var schedules: [String: ItemSchedule]
  public var errorRates: [KeyRef: Double]
  public var mastery: [KeyRef: KeyStats]

  public init(schedules: [String: ItemSchedule] = [:], errorRates: [KeyRef: Double] = [:], mastery: [KeyRef: KeyStats] = [:]) {
    self.schedules = schedules
    self.errorRates = errorRates
    self.mastery = mastery
  }
}

/// `cheonjiin practice`: a lesson menu, items typed on the keypad with cues that fade, and
/// a calm summary. Wraps a ``KeypadController`` for the pad itself.
public struct PracticeController {
  enum Mode {
    case menu(selection: Int)
    case typing
    /// The item was typed; the next one shows at `until`.
    case itemDone(ItemResult, until: Instant)
    case summary([String])
  }

  public private(set) var keypad: KeypadController
  public let lessons: [Lesson]
  private let recorder: PracticeRecorder
  private let today: DayNumber
  private let roundLength: Int
  private var mode: Mode = .menu(selection: 0)
  private var decoder = ByteDecoder()
  private var session: PracticeSession?
  private var lesson: Lesson?
  private var round = LessonRound(items: [])
  private var history = PracticeHistory()
  private var lastResult: ItemResult?
  private var menuDigits = ""
  /// The lesson "continue" goes to.
  private let continueLesson: Lesson?

  public init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, settings: KeypadSettings,
    lessons: [Lesson], recorder: PracticeRecorder, today: DayNumber, roundLength: Int = 10,
    startLesson: String? = nil
  ) {
    var keypadSettings = settings
    keypadSettings.practiceMode = true
    keypad = KeypadController(layouts: layouts, keymaps: keymaps, keymap: keymap, settings: keypadSettings)
    self.lessons = lessons
    self.recorder = recorder
    self.today = today
    self.roundLength = roundLength
    let last = recorder.lastProgress()
    continueLesson = ReviewPlanner(layouts: layouts).lessonToContinue(
      lessons, lastLessonID: last?.lessonID, lastLessonFinished: last?.isFinished ?? true,
      schedules: recorder.allSchedules(), today: today)
    if let startLesson, let index = lessons.firstIndex(where: { $0.id == startLesson }) {
      begin(lessons[index], at: .milliseconds(0))
    }
  }

  var strings: UIStrings { keypad.strings }

  static func milliseconds(_ time: Instant) -> Milliseconds {
    Milliseconds(clamping: time.milliseconds)
  }

  // MARK: - Driving

  public mutating func start(at time: Instant) -> [KeypadEffect] {
    var effects = keypad.start(at: time)
    if case .typing = mode, let item = round.current { effects += startItem(item, at: time) }
    return effects
  }

  public mutating func feed(_ bytes: some Sequence<UInt8>, at time: Instant) -> [KeypadEffect] {
    switch mode {
    case .typing, .itemDone:
      return handleKeypadEffects(keypad.feed(bytes, at: time), at: time)
    case .menu, .summary:
      var effects: [KeypadEffect] = []
      for event in decoder.feed(bytes, at: time) {
        // Replies to the kitty query also arrive here; the keypad keeps track of them.
        if case .key(let key) = event, key.kind != .release {
          effects += handleMenuKey(key, at: time)
        } else if case .kittyKeyboardFlags = event {
          _ = keypad.handle(event, at: time)
        } else if case .deviceAttributes = event {
          _ = keypad.handle(event, at: time)
        }
      }
      return effects
    }
  }

  public mutating func advance(to time: Instant) -> [KeypadEffect] {
    var effects = handleKeypadEffects(keypad.advance(to: time), at: time)
    for event in decoder.flush(at: time) {
      if case .key(let key) = event { effects += handleMenuKey(key, at: time) }
    }
    if case .itemDone(_, let until) = mode, until <= time { effects += nextItem(at: time) }
    updateCue(at: time)
    return effects
  }

  public func nextDeadline(now: Instant) -> Instant? {
    var deadlines: [Instant?] = [keypad.nextDeadline(now: now), decoder.nextDeadline]
    if case .itemDone(_, let until) = mode { deadlines.append(until) }
    if let appears = session?.cueAppearsAt, appears > Self.milliseconds(now) {
      deadlines.append(.milliseconds(UInt64(appears)))
    }
    return deadlines.compactMap { $0 }.min()
  }

  public mutating func show(_ message: String, at time: Instant) {
    keypad.show(message, at: time)
  }

  // MARK: - Keypad effects

  private mutating func handleKeypadEffects(_ effects: [KeypadEffect], at time: Instant) -> [KeypadEffect] {
    var passed: [KeypadEffect] = []
    for effect in effects {
      switch effect {
      case .pressed(let report):
        guard case .typing = mode, var session else { continue }
        let outcome = session.record(
          KeyPress(layout: report.layout, key: report.key, isHold: report.isHold), engine: keypad.engine,
          at: Self.milliseconds(time), replacingLastTap: report.replacing > 0)
        self.session = session
        if let result = outcome.result { passed += finishItem(result, at: time) }
      case .submit:
        guard case .typing = mode, var session else { continue }
        let result = session.submit(at: Self.milliseconds(time))
        self.session = session
        if let result { passed += finishItem(result, at: time) }
      case .dismiss:
        passed += endLesson(at: time)
      case .saveDraft, .discardDraft, .learn, .committed, .deleted:
        break  // practice text is not a draft, and nothing is mirrored or learned
      case .cancel, .suspend, .redraw, .setTheme, .write, .held:
        passed.append(effect)
      }
    }
    updateCue(at: time)
    return passed
  }

  // MARK: - Lessons and items

  private mutating func begin(_ lesson: Lesson, at time: Instant) {
    self.lesson = lesson
    history = recorder.history(for: lesson)
    let planner = ReviewPlanner(layouts: keypad.engine.layouts)
    let items = planner.plan(
      lesson.items, schedules: history.schedules, errorRates: history.errorRates, today: today,
      limit: roundLength)
    round = LessonRound(items: items)
    session = PracticeSession(layouts: keypad.engine.layouts, lessonID: lesson.id, mastery: history.mastery)
    lastResult = nil
    mode = .typing
  }

  private mutating func startItem(_ item: PracticeItem, at time: Instant) -> [KeypadEffect] {
    guard var session else { return [] }
    do {
      let engine = try session.start(item, at: Self.milliseconds(time), reviews: history.schedules[item.id]?.reviews ?? 0)
      self.session = session
      keypad.resetText(to: engine)
      mode = .typing
    } catch {
      // An item the layouts cannot type is skipped with a message, never a crash.
      keypad.show(error.description, at: time)
      round = LessonRound(items: round.items.filter { $0.id != item.id }, position: round.position)
      return round.current.map { startItem($0, at: time) } ?? endLesson(at: time)
    }
    updateCue(at: time)
    return [.redraw]
  }

  private mutating func finishItem(_ result: ItemResult, at time: Instant) -> [KeypadEffect] {
    recorder.record(result)
    lastResult = result
    round.advance(after: result)
    if let lesson {
      recorder.saveProgress(lessonID: lesson.id, nextItem: round.position, isFinished: round.isFinished)
    }
    keypad.cueKey = nil
    mode = .itemDone(result, until: time.adding(milliseconds: 900))
    return [.redraw]
  }

  private mutating func nextItem(at time: Instant) -> [KeypadEffect] {
    if let item = round.current { return startItem(item, at: time) }
    return endLesson(at: time)
  }

  private mutating func endLesson(at time: Instant) -> [KeypadEffect] {
    guard let lesson, let session else {
      mode = .menu(selection: 0)
      return [.redraw]
    }
    if case .typing = mode, var current = self.session, let result = current.submit(at: Self.milliseconds(time)),
      !result.typed.isEmpty
    {
      self.session = current
      recorder.record(result)
    }
    recorder.saveProgress(lessonID: lesson.id, nextItem: round.position, isFinished: round.isFinished)
    let results = self.session?.results ?? session.results
    let summary = LessonSummary(lessonTitle: lesson.title, results: results)
    mode = .summary(
      summary.lines(
        keyLabels: LessonSummary.keyLabels(in: keypad.engine.layouts),
        language: strings.language == .korean ? .korean : .english))
    self.session = nil
    keypad.cueKey = nil
    return [.redraw]
  }

  // MARK: - Menu and summary keys

  /// Menu lines: "continue" first, then every lesson.
  var menuEntries: [(label: String, lesson: Lesson)] {
    var entries: [(String, Lesson)] = []
    if let continueLesson {
      entries.append((strings.language == .korean ? "이어서 하기: \(continueLesson.title)" : "Continue: \(continueLesson.title)", continueLesson))
    }
    entries += lessons.map { ($0.title, $0) }
    return entries
  }

  private mutating func handleMenuKey(_ event: TerminalKeyEvent, at time: Instant) -> [KeypadEffect] {
    if event.modifiers.contains(.control), event.key == .character("c") { return [.cancel] }
    switch mode {
    case .summary:
      switch event.key {
      case .escape, .character("q"):
        return [.dismiss("")]
      case .enter, .numpad(.enter), .character(" "):
        if let lesson, round.isFinished {
          begin(lesson, at: time)
          return round.current.map { startItem($0, at: time) } ?? []
        }
        mode = .menu(selection: 0)
        return [.redraw]
      case .character, .tab, .backspace, .up, .down, .left, .right, .home, .end, .pageUp,
        .pageDown, .insert, .delete, .function, .numpad, .otherFunctional:
        mode = .menu(selection: 0)
        return [.redraw]
      }
    case .menu(let selection):
      let count = menuEntries.count
      var next = selection
      switch event.key {
      case .up, .numpad(.up):
        next = max(0, selection - 1)
      case .down, .numpad(.down):
        next = min(count - 1, selection + 1)
      case .pageUp, .numpad(.pageUp): next = max(0, selection - 10)
      case .pageDown, .numpad(.pageDown): next = min(count - 1, selection + 10)
      case .home: next = 0
      case .end: next = count - 1
      case .character(let scalar) where ("0"..."9").contains(scalar):
        // Digits choose by number; a second digit within the list makes a two-digit number.
        let candidate = menuDigits + String(Character(scalar))
        menuDigits = (Int(candidate).map { $0 < count } ?? false) ? candidate : String(Character(scalar))
        next = Int(menuDigits).map { min(count - 1, $0) } ?? next
      case .numpad(.digit(let digit)):
        let candidate = menuDigits + String(digit)
        menuDigits = (Int(candidate).map { $0 < count } ?? false) ? candidate : String(digit)
        next = Int(menuDigits).map { min(count - 1, $0) } ?? next
      case .enter, .numpad(.enter):
        menuDigits = ""
        guard menuEntries.indices.contains(selection) else { return [] }
        begin(menuEntries[selection].lesson, at: time)
        return round.current.map { startItem($0, at: time) } ?? endLesson(at: time)
      case .escape, .character("q"):
        return [.dismiss("")]
      case .character, .tab, .backspace, .left, .right, .insert, .delete, .function, .numpad,
        .otherFunctional, .up, .down, .pageUp, .pageDown:
        menuDigits = ""
      }
      mode = .menu(selection: next)
      return [.redraw]
    case .typing, .itemDone:
      return []
    }
  }

  // MARK: - View

  private mutating func updateCue(at time: Instant) {
    guard case .typing = mode, let session, let cue = session.cue, session.isCueVisible(at: Self.milliseconds(time)),
      cue.layout == keypad.engine.layoutIndex
    else {
      keypad.cueKey = nil
      return
    }
    keypad.cueKey = cue.key
  }

  public mutating func draw(rows: Int, columns: Int, at time: Instant, width: @escaping @Sendable (Character) -> Int) -> Screen {
    updateCue(at: time)
    switch mode {
    case .menu(let selection):
      return PracticeView.menu(menuEntries.map(\.label), selection: selection, strings: strings, rows: rows, columns: columns, width: width)
    case .summary(let lines):
      return PracticeView.summary(lines, strings: strings, rows: rows, columns: columns, width: width)
    case .typing, .itemDone:
      var model = keypad.viewModel(at: time)
      model.panel = panel(at: time)
      model.suggestions = []
      let frame = KeypadView.render(model, rows: rows, columns: columns, width: width)
      keypad.lastFrame = frame
      return frame.screen
    }
  }

  /// The practice panel above the pad: the target, what is typed with marks, the cue, and
  /// how the last item went.
  func panel(at time: Instant) -> [[PanelSegment]] {
    guard let lesson, let session, let item = session.item ?? round.current else { return [] }
    let korean = strings.language == .korean
    let position = min(round.position + 1, max(1, round.items.count))
    var lines: [[PanelSegment]] = [
      [PanelSegment(" \(lesson.title)", .title, .bold), PanelSegment("   \(position) / \(round.items.count)", .dim, [])],
      [],
    ]
    if item.prompt != item.target || !item.hint.isEmpty {
      lines.append([PanelSegment("  " + item.prompt, .title, .bold)])
      if !item.hint.isEmpty { lines.append([PanelSegment("  " + item.hint, .dim, [])]) }
    }
    let marks = session.marks
    var target: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    var typed: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    var signs: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    for mark in marks {
      let style: CellStyle
      switch mark.status {
      case .right: style = .correct
      case .wrong: style = .wrong
      case .pending: style = .dim
      }
      target.append(PanelSegment(cell(mark.target), .text, .bold))
      typed.append(PanelSegment(cell(mark.typed), style, mark.status == .wrong ? [.bold, .underline] : .bold))
      signs.append(PanelSegment(cell(mark.mark), style, .bold))
    }
    lines += [target, typed, signs, []]
    if case .itemDone(let result, _) = mode {
      let praise = result.accuracy >= 1 ? (korean ? "✓ 잘했어요!" : "✓ Well done!") : (korean ? "다음 글로 가요" : "On to the next one")
      lines.append([PanelSegment("  " + praise, .correct, .bold)])
    } else if let cue = session.cue, keypad.cueKey != nil || cue.kind == .correction && session.isCueVisible(at: Self.milliseconds(time)) {
      let layout = keypad.engine.layouts[safe: cue.layout]
      let label = layout?.keys[safe: cue.key]?.label ?? "?"
      let text: String
      switch cue.kind {
      case .next:
        text = cue.isHold
          ? (korean ? "다음: \(label) 키를 길게 누르세요" : "Next: hold the \(label) key")
          : (korean ? "다음: \(label)" : "Next: \(label)")
      case .correction:
        text = korean ? "틀렸어요. ⌫ 로 지워 보세요" : "Not quite: delete with ⌫"
      }
      lines.append([PanelSegment("  " + text, .warning, .bold)])
    } else {
      lines.append([PanelSegment(korean ? "  ⏎ 다음 글 · Esc 그만하기" : "  ⏎ next item · Esc stop", .dim, [])])
    }
    if let result = lastResult {
      let accuracy = Int((result.accuracy * 100).rounded())
      let efficiency = Int((result.efficiency * 100).rounded())
      let speed = Int(result.syllablesPerMinute.rounded())
      let presses = Int(result.pressesPerMinute.rounded())
      // ⌫ in English keeps the line within 80 columns.
      let line = korean
        ? "  지난 글: \(speed)글자/분 · \(presses)타/분 · 정확도 \(accuracy)% · 효율 \(efficiency)% · 지움 \(result.backspaces)번"
        : "  Last: \(speed) syllables/min · \(presses) keys/min · accuracy \(accuracy)% · efficiency \(efficiency)% · ⌫ \(result.backspaces)"
      lines.append([PanelSegment(line, .dim, [])])
    }
    return lines
  }

  /// One character in a fixed two-cell slot plus a gap, so target, typed and marks line up.
  private func cell(_ character: Character?) -> String {
    guard let character else { return "    " }
    let narrow = character.unicodeScalars.first.map { $0.value < 0x1100 || $0 == "✓" || $0 == "✗" || $0 == "·" } ?? true
    return String(character) + (narrow ? "   " : "  ")
  }
}

extension PracticeController: ScreenController {
  public mutating func setSuggestions(_ data: SuggestionData) {}
  mutating func updateSuggestions() -> Bool { false }
  var draftText: String { "" }
}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
