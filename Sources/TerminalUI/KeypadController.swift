import HangulEngine
import LayoutLoading
import Suggestions
import TerminalInput

/// Settings of the keypad screen; every one has a default that works.
public struct KeypadSettings: Sendable {
  public var holdMs: UInt64 = 500
  public var keySize: KeySize = .normal
  public var bold = false
  public var theme: Theme.Name = .light
  public var language: UILanguage = .english
  /// How long a pressed key stays highlighted.
  public var flashMs: UInt64 = 150
  /// How long after the last change the draft is saved.
  public var draftDelayMs: UInt64 = 500
  /// The Linux console sends its own SS3 codes for the keypad's + − * / keys.
  public var isLinuxConsole = false
  /// Practice mode: ⏎ hands in the item instead of typing a newline, and every press is
  /// reported as a ``KeypadEffect/pressed(_:)`` effect.
  public var practiceMode = false

  public init() {}
}

/// Something the run loop must do for the controller.
public enum KeypadEffect: Sendable, Hashable {
  /// Text became final (for `--tmux-target`).
  case committed(String)
  /// Characters of final text were deleted (for `--tmux-target`).
  case deleted(Int)
  /// Finish: the text goes where the options say.
  case dismiss(String)
  /// Ctrl-C: exit 130, keeping the draft.
  case cancel
  case suspend
  /// Repaint everything.
  case redraw
  case setTheme(Theme.Name)
  /// Bytes for the terminal (kitty negotiation).
  case write([UInt8])
  /// The draft should be saved now (debounced).
  case saveDraft(String)
  /// The user declined the saved draft: keep it aside, out of the way.
  case discardDraft
  /// A word was committed (or taken from the suggestion bar): remember it for suggestions.
  case learn(String)
  /// Practice mode: a key press reached the engine.
  case pressed(PressReport)
  /// Practice mode: ⏎ was pressed.
  case submit
  /// A hold fired (for the key log that `make bench` reads).
  case held
}

/// A key press as practice mode scores it.
public struct PressReport: Sendable, Hashable {
  /// The layout the key belongs to (the one current when it went down).
  public var layout: Int
  public var key: Int
  public var isHold: Bool
  /// How many earlier reported presses this one replaces (a tap that became a hold).
  public var replacing: Int
}

/// What the suggestion bar needs, loaded off the UI thread after the first frame.
public struct SuggestionData: Sendable {
  public var index: SuggestionIndex
  public var user: UserWords
  /// The day number learned words are stamped with.
  public var today: Int

  public init(index: SuggestionIndex, user: UserWords, today: Int) {
    self.index = index
    self.user = user
    self.today = today
  }
}

/// Where a press came from; the hold detector follows one source at a time.
enum PressSource: Hashable, Sendable {
  /// A bound key; `fromKitty` when the kitty protocol said exactly which key it was.
  case physical(PhysicalKey, fromKitty: Bool)
  /// A command key that types: Space, Backspace, Tab.
  case command(AppCommand)
  /// Enter on the focused key.
  case focused(Int)
  /// A mouse press on a key.
  case mouse(Int)
}

/// The whole keypad app as a pure state machine: raw tty bytes and timer wake-ups in,
/// effects and a view model out. The run loop only does I/O around it, so tests drive it
/// with byte fixtures and an injected clock.
public struct KeypadController {
  public private(set) var engine: InputMethod
  public let keymaps: [Keymap]
  public private(set) var keymapIndex: Int
  public var settings: KeypadSettings
  public let strings: UIStrings

  private var decoder = ByteDecoder()
  private var negotiation = KittyNegotiation()
  private var detector: HoldDetector<PressSource>
  /// Engine states before each optimistic tap of the current run, for rolling back a hold.
  private var snapshots: [InputMethod] = []
  private var runStart: (source: PressSource, key: Int?, at: Instant, releases: ReleaseReporting)?
  private var flashes: [Int: Instant] = [:]
  private var focus: Int? = nil
  private var showHelp = false
  private var helpScroll = 0
  private var draftOffer: String? = nil
  private var message: (text: String, until: Instant)? = nil
  private var lastPressAt: Instant? = nil
  private var draftDueAt: Instant? = nil
  /// The last drawn frame, for mouse hit-testing.
  public var lastFrame: RenderedFrame? = nil
  private var suggestionData: SuggestionData? = nil
  /// The suggestions on the bar, and the text they were computed for.
  private var shownSuggestions: [String] = []
  private var suggestedFor: String? = nil

  public init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, settings: KeypadSettings,
    draft: String? = nil
  ) {
    engine = InputMethod(layouts: layouts)
    self.keymaps = keymaps.isEmpty ? [Keymap(id: "none", name: "-", englishName: "-", bindings: [:])] : keymaps
    keymapIndex = self.keymaps.firstIndex { $0.id == keymap } ?? 0
    self.settings = settings
    strings = UIStrings(settings.language)
    detector = HoldDetector(timing: HoldTiming(holdMs: settings.holdMs))
    decoder = ByteDecoder(options: ByteDecoder.Options(ss3Dialect: settings.isLinuxConsole ? .linuxConsole : .xterm))
    if let draft, !draft.isEmpty { draftOffer = draft }
  }

  public var keymap: Keymap { keymaps[keymapIndex] }

  /// Whether kitty gave us release events (mode A) for keyboard keys.
  public var hasExactReleases: Bool { negotiation.reportsReleases }

  // MARK: - Start

  /// The bytes to send once the screen is up: the kitty keyboard negotiation.
  public mutating func start(at time: Instant) -> [KeypadEffect] {
    [.write(negotiation.start(at: time))]
  }

  /// The bytes that undo `start`, for every exit path.
  public var exitBytes: [UInt8] { negotiation.exitBytes }

  // MARK: - Input

  /// Feeds bytes read from the tty.
  public mutating func feed(_ bytes: some Sequence<UInt8>, at time: Instant) -> [KeypadEffect] {
    var effects: [KeypadEffect] = []
    for event in decoder.feed(bytes, at: time) {
      effects += handle(event, at: time)
    }
    return effects
  }

  /// Brings the suggestion bar up to date with the text. The run loop calls this after it
  /// has drawn the key's effect, so a lookup never delays the echo of a key.
  ///
  /// - Returns: Whether the bar changed (and the screen should be drawn again).
  public mutating func updateSuggestions() -> Bool {
    let before = shownSuggestions
    refreshSuggestions()
    return shownSuggestions != before
  }

  /// Hands over the loaded lexicon and learned words; the bar starts showing suggestions.
  public mutating func setSuggestions(_ data: SuggestionData) {
    suggestionData = data
    suggestedFor = nil
    refreshSuggestions()
  }

  /// The words on the suggestion bar now.
  public var suggestions: [String] { shownSuggestions }

  /// Recomputes the bar when the text changed. Lookups take microseconds (`make bench`), so
  /// they run here, on the keystroke path.
  private mutating func refreshSuggestions() {
    guard let data = suggestionData else { return }
    let text = engine.text
    guard text != suggestedFor else { return }
    suggestedFor = text
    let word = trailingWord(of: text)
    guard !word.isEmpty else {
      shownSuggestions = []
      return
    }
    shownSuggestions = data.index.suggestions(
      for: String(word), cyclingLastKey: engine.cyclingConsonants, limit: 3, user: data.user,
      today: data.today
    ).map(\.word)
  }

  /// Takes suggestion `index` (0-based): it replaces the word being typed, followed by a
  /// space, as phone keyboards do.
  private mutating func chooseSuggestion(_ index: Int) -> [KeypadEffect] {
    guard shownSuggestions.indices.contains(index) else { return [] }
    let word = shownSuggestions[index]
    let typed = trailingWord(of: engine.text).count
    var effects = commitEffects { $0.replaceTrailingCharacters(typed, with: word + " ") }
    effects += learn(word, fromSuggestion: true)
    suggestedFor = nil
    refreshSuggestions()
    effects.append(.redraw)
    return effects
  }

  /// Learns a committed word as spec §1.5 says: a word the lexicon lacks, or one taken from
  /// the bar; and a word already learned, so its recency stays true. A common word typed by
  /// hand is left alone, so the learned list holds what is the user's own.
  private mutating func learn(_ word: String, fromSuggestion: Bool) -> [KeypadEffect] {
    guard var data = suggestionData,
      UserWords.shouldLearn(word, isCorpusWord: data.index.contains(word), fromSuggestion: fromSuggestion)
        || (UserWords.isLearnable(word) && data.user.stats(for: word) != nil)
    else { return [] }
    _ = data.user.learn(word, today: data.today)
    suggestionData = data
    return [.learn(word)]
  }

  /// After a press: if it ended a word (space, newline, a mark), learn that word.
  private mutating func learnFinishedWord(before: String) -> [KeypadEffect] {
    let after = engine.text
    // Only the press that put the first separator after a word counts, so cycling . , ? !
    // learns the word once.
    guard let last = after.last, isSeparator(last), let previous = before.last, !isSeparator(previous)
    else { return [] }
    let word = trailingWord(of: after.dropLast(after.reversed().prefix { isSeparator($0) }.count))
    return word.isEmpty ? [] : learn(String(word), fromSuggestion: false)
  }

  /// Runs whatever is due: Esc timeout, holds, repeat ticks, flashes, autosave.
  public mutating func advance(to time: Instant) -> [KeypadEffect] {
    var effects: [KeypadEffect] = []
    for event in decoder.flush(at: time) { effects += handle(event, at: time) }
    negotiation.advance(to: time)
    effects += apply(detector.advance(to: time), at: time)
    flashes = flashes.filter { $0.value > time }
    if let until = message?.until, until <= time { message = nil }
    if let after = engine.layout.composer.nextAfterMs, engine.isComposing, let last = lastPressAt,
      time.milliseconds(since: last) >= UInt64(after), detector.activeKey == nil
    {
      effects += commitEffects { $0.flush() }
    }
    if let due = draftDueAt, due <= time {
      draftDueAt = nil
      effects.append(.saveDraft(engine.text))
    }
    return effects
  }

  /// When `advance` next has something to do.
  public func nextDeadline(now: Instant) -> Instant? {
    var deadlines: [Instant?] = [
      decoder.nextDeadline, negotiation.nextDeadline, detector.nextDeadline, flashes.values.min(),
      message?.until, draftDueAt,
    ]
    if let after = engine.layout.composer.nextAfterMs, engine.isComposing, let last = lastPressAt {
      deadlines.append(last.adding(milliseconds: UInt64(after)))
    }
    // While a held key shows its progress, repaint every 50 ms.
    if holdFraction(at: now) != nil { deadlines.append(now.adding(milliseconds: 50)) }
    return deadlines.compactMap { $0 }.min()
  }

  /// What to keep as the draft if the run ends now: while a saved draft is still being
  /// offered, that draft, untouched.
  public var keptDraft: String { draftOffer ?? engine.text }

  mutating func handle(_ event: TerminalEvent, at time: Instant) -> [KeypadEffect] {
    if negotiation.handle(event) { return [] }
    switch event {
    case .key(let key): return handleKey(key, at: time)
    case .mouse(let mouse): return handleMouse(mouse, at: time)
    case .paste(let text): return insert(text, at: time)
    case .focusOut:
      // A key released while the window was unfocused sends no release: end the run.
      return apply(detector.releaseAll(at: time), at: time)
    case .focusIn, .kittyKeyboardFlags, .deviceAttributes, .unknown: return []
    }
  }

  private mutating func handleKey(_ event: TerminalKeyEvent, at time: Instant) -> [KeypadEffect] {
    if let offer = draftOffer {
      guard event.kind != .release else { return [] }
      switch event.key {
      case .enter, .numpad(.enter), .character("y"), .character("Y"):
        draftOffer = nil
        engine.setText(offer)
        return [.redraw]
      case .escape, .character("n"), .character("N"):
        draftOffer = nil
        return [.discardDraft, .redraw]
      case .character, .tab, .backspace, .up, .down, .left, .right, .home, .end, .pageUp,
        .pageDown, .insert, .delete, .function, .numpad, .otherFunctional:
        break
      }
      if typingSource(for: event) != nil {
        // Typing at once means going on with the text: take the draft, then the key.
        draftOffer = nil
        engine.setText(offer)
      } else if let command = AppCommand.matching(event) {
        switch command {
        case .cancel, .dismiss:
          return [.cancel]  // leave without deciding: the draft stays as it is
        case .suspend, .redraw:
          return perform(command, at: time)
        case .focusUp, .focusDown, .focusLeft, .focusRight, .pressFocused, .space, .backspace,
          .next, .help, .switchKeymap, .cycleTheme, .toggleSize:
          return []
        }
      } else {
        return []
      }
    }
    if showHelp {
      guard event.kind != .release else { return [] }
      switch event.key {
      case .down, .pageDown, .character(" "): helpScroll += event.key == .down ? 1 : 10
      case .up, .pageUp: helpScroll = max(0, helpScroll - (event.key == .up ? 1 : 10))
      case .character, .enter, .tab, .backspace, .escape, .left, .right, .home, .end, .insert,
        .delete, .function, .numpad, .otherFunctional:
        showHelp = false
      }
      return [.redraw]
    }
    let releases: ReleaseReporting = event.source == .kitty && hasExactReleases ? .exact : .inferred
    // Typing keys first: a keymap binding, or a command that types (Space, ⌫, Tab, Enter).
    if let source = typingSource(for: event) {
      if case .physical = source { focus = nil }
      return press(source, kind: event.kind, releases: releases, at: time)
    }
    guard event.kind != .release else { return [] }
    if let command = AppCommand.matching(event) {
      return perform(command, at: time)
    }
    if case .character(let scalar) = event.key, !scalar.isASCII, event.modifiers.subtracting(.shift).isEmpty {
      // Text from the system's own input method: take it as typed.
      return insert(String(Character(scalar)), at: time)
    }
    message = (strings.unusedKey, time.adding(milliseconds: 2000))
    return [.redraw]
  }

  /// The press source a key event stands for, if it types.
  private func typingSource(for event: TerminalKeyEvent) -> PressSource? {
    let mods = event.modifiers.subtracting(.shift)
    guard mods.isEmpty else { return nil }
    switch event.key {
    case .numpad(let key):
      let physical = PhysicalKey.keypad(key.gridEquivalent)
      return binding(for: physical, fromKitty: event.source == .kitty) != nil
        ? .physical(physical, fromKitty: event.source == .kitty) : nil
    case .character(let scalar):
      if scalar == " " { return .command(.space) }
      let physical = PhysicalKey.character(scalar)
      return binding(for: physical, fromKitty: event.source == .kitty) != nil
        ? .physical(physical, fromKitty: event.source == .kitty) : nil
    case .backspace: return .command(.backspace)
    case .tab: return .command(.next)
    case .enter:
      if let focus { return .focused(focus) }
      return .physical(.keypad(.enter), fromKitty: false)
    case .escape, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete,
      .function, .otherFunctional:
      return nil
    }
  }

  /// A physical key's binding. Where kitty tells the keypad from the top row, keypad keys use
  /// the numpad keymap and top-row digits the phone keymap at the same time.
  private func binding(for physical: PhysicalKey, fromKitty: Bool) -> BindingTarget? {
    if fromKitty {
      switch physical {
      case .keypad:
        if let numpad = keymaps.first(where: { $0.id == "numpad" }), let target = numpad.bindings[physical] {
          return target
        }
      case .character(let scalar) where ("0"..."9").contains(scalar) || scalar == "*" || scalar == "#":
        if let phone = keymaps.first(where: { $0.id == "phone" }), let target = phone.bindings[physical] {
          return target
        }
      case .character:
        break
      }
    }
    if let target = keymap.bindings[physical] { return target }
    // Enter on the keypad (or the main Enter with nothing focused) is ⏎ in every keymap.
    if physical == .keypad(.enter) { return .enter }
    return nil
  }

  /// What a source presses in the current layout.
  private func resolve(_ source: PressSource) -> BindingTarget.Resolution? {
    switch source {
    case .physical(let physical, let fromKitty):
      return binding(for: physical, fromKitty: fromKitty).flatMap { $0.resolve(in: engine.layout) }
    case .command(let command):
      switch command {
      case .space: return BindingTarget.space.resolve(in: engine.layout)
      case .backspace: return BindingTarget.backspace.resolve(in: engine.layout)
      case .next: return BindingTarget.next.resolve(in: engine.layout)
      case .focusUp, .focusDown, .focusLeft, .focusRight, .pressFocused, .dismiss, .cancel, .help,
        .switchKeymap, .cycleTheme, .toggleSize, .suspend, .redraw:
        return nil
      }
    case .focused(let key), .mouse(let key):
      return engine.layout.keys.indices.contains(key) ? .key(key) : nil
    }
  }

  private func behavior(of resolution: BindingTarget.Resolution) -> HoldBehavior {
    guard case .key(let key) = resolution else { return .none }
    switch engine.layout.keys[key].hold {
    case .text: return .holdable
    case .repeatTap: return .repeating
    case nil: return .none
    }
  }

  private mutating func press(
    _ source: PressSource, kind: KeyEventKind, releases: ReleaseReporting, at time: Instant
  ) -> [KeypadEffect] {
    // A kitty source may resolve differently per event (the physical key's binding depends
    // on the source), so resolve with the event's own rules once, at the start of a run.
    guard let resolution = resolve(source) else { return [] }
    let behavior =
      detector.activeKey == source
      ? runBehavior
      : (suggestionSlot(for: source) != nil ? .holdable : self.behavior(of: resolution))
    if detector.activeKey != source { runBehavior = behavior }
    let actions = detector.handle(source, kind: kind, behavior: behavior, releases: releases, at: time)
    if kind != .release, detector.activeKey == source, runStart?.source != source {
      runStart = (source, { if case .key(let key) = resolution { key } else { nil } }(), time, releases)
    }
    return apply(actions, at: time)
  }

  private var runBehavior: HoldBehavior = .none
  /// Reported presses the next press replaces (set while a hold is applied).
  private var pendingReplacement = 0

  /// The suggestion a long press of this source takes, while the bar shows one.
  private func suggestionSlot(for source: PressSource) -> Int? {
    guard case .physical(let physical, _) = source, let slot = keymap.suggestionHolds[physical],
      shownSuggestions.indices.contains(slot - 1)
    else { return nil }
    return slot - 1
  }

  private mutating func apply(_ actions: [HoldDetector<PressSource>.Action], at time: Instant) -> [KeypadEffect] {
    var effects: [KeypadEffect] = []
    for action in actions {
      switch action {
      case .tap(let source):
        snapshots.append(engine)
        effects += tap(source, hold: false, at: time)
      case .hold(let source, let undoTaps):
        rollBack(undoTaps)
        // The bar as it was before the taps: a held * takes the word it showed, though
        // the tap's "." has emptied the bar meanwhile.
        refreshSuggestions()
        pendingReplacement = undoTaps
        effects += tap(source, hold: true, at: time)
        pendingReplacement = 0
        effects.append(.held)
        effects.append(.redraw)
      case .repeatTick(let source):
        effects += tap(source, hold: false, at: time)
      case .undoTaps(_, let count):
        rollBack(count)
        effects.append(.redraw)
      case .release:
        snapshots.removeAll()
        runStart = nil
      }
    }
    return effects
  }

  private mutating func rollBack(_ count: Int) {
    guard count > 0, snapshots.count >= count else { return }
    engine = snapshots[snapshots.count - count]
    snapshots.removeLast(count)
  }

  private mutating func tap(_ source: PressSource, hold: Bool, at time: Instant) -> [KeypadEffect] {
    if hold, let slot = suggestionSlot(for: source) {
      lastPressAt = time
      scheduleDraft(at: time)
      return chooseSuggestion(slot)
    }
    guard let resolution = resolve(source) else { return [] }
    lastPressAt = time
    let before = engine.text
    switch resolution {
    case .flush:
      return commitEffects { $0.flush() } + learnFinishedWord(before: before)
    case .key(let key):
      flashes[key] = time.adding(milliseconds: settings.flashMs)
      if settings.practiceMode, engine.layout.keys[key].action == .enter {
        return [.submit, .redraw]
      }
      let layoutBefore = engine.layoutIndex
      var effects = commitEffects { hold ? $0.hold(key) : $0.tap(key) }
      if settings.practiceMode {
        effects.append(.pressed(PressReport(layout: layoutBefore, key: key, isHold: hold, replacing: pendingReplacement)))
      }
      if effects.contains(where: { if case .dismiss = $0 { true } else { false } }) { return effects }
      effects += learnFinishedWord(before: before)
      scheduleDraft(at: time)
      effects.append(.redraw)
      return effects
    }
  }

  /// Runs one engine call and turns what it committed, deleted or asked for into effects.
  private mutating func commitEffects(_ body: (inout InputMethod) -> KeyOutput) -> [KeypadEffect] {
    let output = body(&engine)
    var effects: [KeypadEffect] = []
    if output.deleted > 0 { effects.append(.deleted(output.deleted)) }
    let committed = engine.commit(of: output)
    if !committed.isEmpty { effects.append(.committed(String(committed))) }
    switch output.event {
    case .dismiss:
      effects.append(.dismiss(engine.text))
    case .switchedLayout:
      effects.append(.redraw)
    case nil:
      break
    }
    return effects
  }

  private mutating func insert(_ text: String, at time: Instant) -> [KeypadEffect] {
    let cleaned = Self.typeable(text)
    guard !cleaned.isEmpty else {
      if text.unicodeScalars.contains("\u{FFFD}") {
        message = (strings.notUTF8, time.adding(milliseconds: 3000))
        return [.redraw]
      }
      return []
    }
    var effects = commitEffects { $0.insertText(cleaned) }
    scheduleDraft(at: time)
    effects.append(.redraw)
    return effects
  }

  /// Pasted or foreign text as the text area keeps it: line breaks as `\n` (terminals paste
  /// `\r`), a tab as a space, conjoining jamo composed; other control characters and U+FFFD
  /// (bytes that were not UTF-8) left out.
  static func typeable(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    var previous: Unicode.Scalar? = nil
    for scalar in composingConjoiningJamo(text).unicodeScalars {
      defer { previous = scalar }
      switch scalar.value {
      case 0x0A where previous == "\r":
        continue  // the \n of \r\n: the \r already gave the line break
      case 0x0A, 0x0D: result.append("\n")
      case 0x09: result.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0, 0xFFFD: continue
      default: result.append(scalar)
      }
    }
    return String(result)
  }

  private mutating func scheduleDraft(at time: Instant) {
    draftDueAt = time.adding(milliseconds: settings.draftDelayMs)
  }

  private mutating func perform(_ command: AppCommand, at time: Instant) -> [KeypadEffect] {
    var effects = apply(detector.releaseAll(at: time), at: time)
    switch command {
    case .focusUp, .focusDown, .focusLeft, .focusRight:
      moveFocus(command)
    case .pressFocused, .space, .backspace, .next:
      break  // typing commands are handled as presses
    case .dismiss:
      effects += commitEffects { $0.flush() }
      effects.append(.dismiss(engine.text))
      return effects
    case .cancel:
      effects.append(.saveDraft(keptDraft))
      effects.append(.cancel)
      return effects
    case .help:
      showHelp = true
      helpScroll = 0
    case .switchKeymap:
      keymapIndex = (keymapIndex + 1) % keymaps.count
    case .cycleTheme:
      let all = Theme.Name.allCases
      let next = all[((all.firstIndex(of: settings.theme) ?? 0) + 1) % all.count]
      settings.theme = next
      effects.append(.setTheme(next))
    case .toggleSize:
      switch settings.keySize {
      case .compact, .normal: settings.keySize = .large
      case .large: settings.keySize = .normal
      }
    case .suspend:
      effects.append(.suspend)
    case .redraw:
      break
    }
    effects.append(.redraw)
    return effects
  }

  private mutating func moveFocus(_ command: AppCommand) {
    let geometry = lastFrame?.geometry ?? PadGeometry(layout: engine.layout, size: settings.keySize)
    guard let current = focus else {
      // The first arrow press shows the focus on the middle key.
      focus = engine.layout.keys.firstIndex { $0.phone == "5" } ?? geometry.rects.first?.key
      return
    }
    let step: (Int, Int)
    switch command {
    case .focusUp: step = (-1, 0)
    case .focusDown: step = (1, 0)
    case .focusLeft: step = (0, -1)
    case .focusRight: step = (0, 1)
    case .pressFocused, .space, .backspace, .next, .dismiss, .cancel, .help, .switchKeymap,
      .cycleTheme, .toggleSize, .suspend, .redraw:
      return
    }
    focus = geometry.neighbour(of: current, rowStep: step.0, columnStep: step.1) ?? current
  }

  private mutating func handleMouse(_ event: MouseEvent, at time: Instant) -> [KeypadEffect] {
    guard draftOffer == nil, !showHelp else {
      if event.action == .press { showHelp = false }
      return [.redraw]
    }
    let row = event.row - 1
    let column = event.column - 1
    switch (event.button, event.action) {
    case (.left, .press):
      if let index = lastFrame?.suggestion(atRow: row, column: column) {
        return [.redraw] + chooseSuggestion(index)
      }
      guard let key = lastFrame?.key(atRow: row, column: column) else { return [] }
      focus = nil
      return press(.mouse(key), kind: .press, releases: .exact, at: time)
    case (_, .release):
      guard let active = detector.activeKey, case .mouse = active else { return [] }
      return press(active, kind: .release, releases: .exact, at: time)
    case (.left, .drag), (.left, .move), (.middle, _), (.right, _), (.none, _), (.wheelUp, _),
      (.wheelDown, _), (.wheelLeft, _), (.wheelRight, _), (.extra, _):
      return []
    }
  }

  /// Starts over with empty text on the first layout (a new practice item).
  public mutating func resetText(to engine: InputMethod) {
    self.engine = engine
    snapshots.removeAll()
    runStart = nil
    focus = nil
    suggestedFor = nil
  }

  /// Marks a key as the next one to press (practice cues).
  public var cueKey: Int? = nil

  /// Shows a short message above the status line for a few seconds.
  public mutating func show(_ text: String, at time: Instant) {
    message = (text, time.adding(milliseconds: 4000))
  }

  // MARK: - View

  private func holdFraction(at time: Instant) -> (key: Int, fraction: Double)? {
    guard let start = runStart, let key = start.key, start.releases == .exact, runBehavior == .holdable,
      detector.activeKey == start.source
    else { return nil }
    let elapsed = Double(time.milliseconds(since: start.at))
    let fraction = elapsed / Double(max(1, settings.holdMs))
    return fraction < 1 ? (key, fraction) : nil
  }

  /// The screen contents now.
  public func viewModel(at time: Instant) -> KeypadViewModel {
    let layout = engine.layout
    var model = KeypadViewModel(
      layout: layout, committed: engine.committed, preedit: engine.preedit,
      composingTail: engine.composer.composingTail, strings: strings)
    var decorations: [Int: KeyDecoration] = [:]
    for (key, hint) in keymap.hints(for: layout) where hint != layout.keys[key].label {
      decorations[key] = KeyDecoration(hint: hint)
    }
    if let dismiss = layout.keys.firstIndex(where: { $0.action == .dismiss }), decorations[dismiss]?.hint == nil {
      decorations[dismiss, default: KeyDecoration()].hint = "Esc"
    }
    for (key, until) in flashes where until > time { decorations[key, default: KeyDecoration()].isPressed = true }
    if let start = runStart, let key = start.key, start.releases == .exact, detector.activeKey == start.source {
      decorations[key, default: KeyDecoration()].isPressed = true
    }
    if let focus { decorations[focus, default: KeyDecoration()].isFocused = true }
    if let cueKey { decorations[cueKey, default: KeyDecoration()].isCue = true }
    if let (key, fraction) = holdFraction(at: time) {
      decorations[key, default: KeyDecoration()].holdFraction = fraction
    }
    model.decorations = decorations
    model.suggestions = shownSuggestions.enumerated().map { index, word in
      (keymap.suggestionKeyLabel(index + 1) ?? String(index + 1), word)
    }
    model.keySize = settings.keySize
    model.bold = settings.bold
    model.message = message?.text
    let keymapName = strings.language == .korean ? keymap.name : keymap.englishName
    model.status = [layout.name, keymapName, "\(strings.holdLabel) \(settings.holdMs)ms", strings.helpKey]
    if let offer = draftOffer {
      let preview = offer.count > 40 ? String(offer.prefix(40)) + "…" : offer
      model.overlay = .prompt(title: strings.draftTitle, lines: ["“\(preview)”", "", strings.draftQuestion])
    } else if showHelp {
      model.overlay = .help(title: strings.helpTitle, sections: helpSections(), scroll: helpScroll, more: strings.helpMore)
    }
    return model
  }

  /// The help screen, generated from the keymap and the command table.
  func helpSections() -> [HelpSection] {
    let layout = engine.layout
    var byKey: [Int: [String]] = [:]
    var flushKeys: [String] = []
    let ordered = keymap.bindings.sorted { a, b in
      // Keypad names first (KP7 before 7), then by name.
      (a.key.isKeypad ? 0 : 1, a.key.description) < (b.key.isKeypad ? 0 : 1, b.key.description)
    }
    for (physical, target) in ordered {
      switch target.resolve(in: layout) {
      case .key(let key): byKey[key, default: []].append(physical.description)
      case .flush: flushKeys.append(physical.description)
      case nil: break
      }
    }
    var padLines: [(keys: String, action: String)] = []
    for (index, key) in layout.keys.enumerated() {
      guard let names = byKey[index] else { continue }
      var action = key.label
      if case .text(let text) = key.hold { action += strings.language == .korean ? "  (길게: \(text))" : "  (hold: \(text))" }
      padLines.append((names.joined(separator: " "), action))
    }
    if !flushKeys.isEmpty { padLines.append((flushKeys.joined(separator: " "), "→")) }
    let commandLines = AppCommand.allCases.map { command in
      (command.keys.map(\.label).joined(separator: ", "), command.help(strings))
    }
    return [
      HelpSection(title: "\(strings.helpPadKeys): \(keymap.name) / \(keymap.englishName)", lines: padLines),
      HelpSection(title: strings.helpOtherKeys, lines: commandLines + [("🖱", strings.helpMouse)]),
    ]
  }
}
