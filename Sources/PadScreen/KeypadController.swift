import HangulEngine
import LayoutLoading
import PadViews
import Suggestions
import TerminalInput
import TerminalUI
import Typing

/// The keypad screen's modes: what keys mean depends on it.
package enum PadMode: Hashable {
  case typing
  /// The help screen, scrolled down this many lines.
  case help(scroll: Int)
  /// A draft from last time is offered back.
  case draftOffer(String)
  /// The finished text, kept with the drafts because nothing can confirm it arrived; the
  /// note says where (or why it could not be kept). Any key closes the pad.
  case kept(String, why: UnconfirmedDelivery, note: [String])
}

/// The keypad screen (`cheonjiin`): the pad, the text, the suggestion bar, help and the offered
/// draft.
///
/// A front end of the run loop: events in, effects and a screen out.
public struct KeypadController: ScreenFrontEnd {
  package typealias OwnEvent = PadEvent
  package typealias OwnEffect = PadEffect
  package typealias Cache = KeypadFrameCache

  package private(set) var keypad: Keypad
  package private(set) var settings: KeypadSettings
  public let strings: UIStrings
  package internal(set) var mode: PadMode = .typing
  package private(set) var bar = SuggestionBar()
  package internal(set) var message: (text: String, until: Instant)? = nil
  private var draftDueAt: Instant? = nil
  /// When the text first changed after the last save: steady typing must not put the save off
  /// for ever.
  private var unsavedSince: Instant? = nil
  /// F2 switched the keymap and no key was pressed since: the pad says so.
  package private(set) var keymapSwitched = false

  /// Said on the status row when the pad starts (a draft that was not opened).
  private var startNotice: String?

  public init(
    layouts: [Layout], keymaps: [Keymap], keymap: String, settings: KeypadSettings,
    draft: String? = nil, notice: String? = nil
  ) {
    startNotice = notice
    keypad = Keypad(
      layouts: layouts, keymaps: keymaps, keymap: keymap, flashMs: settings.flashMs,
      strings: UIStrings(settings.language))
    self.settings = settings
    strings = UIStrings(settings.language)
    if let draft, !draft.isEmpty { mode = .draftOffer(draft) }
  }

  /// The text as the user sees it: the document and the open composition.
  package var text: String { keypad.text }

  /// The text to keep as the draft if the run ends abruptly.
  public var keptDraft: String {
    switch mode {
    case .draftOffer(let offer): offer
    case .kept(let text, _, _): text
    case .typing, .help: keypad.text
    }
  }

  /// Whether the finished text is already kept with the drafts (it was shown as kept).
  public var isKept: Bool {
    if case .kept = mode { return true }
    return false
  }

  package mutating func start(at time: Instant) -> [Effect] {
    if let startNotice { message = (startNotice, time + .milliseconds(10_000)) }
    startNotice = nil
    return []
  }

  // MARK: - Routing

  /// Where the parts of the screen are for a window size; hit-testing and drawing share it.
  ///
  /// - Parameter stamps: The painter's memo of pad geometries, when drawing.
  package func placement(rows: Int, columns: Int, stamps: PadStamps? = nil) -> PadPlacement? {
    PadPlacement(
      layout: keypad.layout, keySize: settings.keySize, suggestions: bar.words.count,
      rows: rows, columns: columns, stamps: stamps)
  }

  /// The status line's items for a placement, most important last.
  func statusItems(placement: PadPlacement?) -> [String] {
    var status = [
      strings.name(of: keypad.layout), strings.name(of: keypad.keymap),
      strings.holdStatus(settings.holdMs),
      strings.helpKey,
    ]
    // --large asked for and not given: say what window it needs, first on the status line.
    if settings.keySize == .large, let placement, placement.geometry.size != .large {
      let large = PadGeometry(layout: keypad.layout, size: .large)
      status.insert(
        strings.largeNeeds(
          columns: large.width,
          rows: large.height + PadPlacement.chromeRows + PadPlacement.minimumTextRows),
        at: 0)
    }
    return status
  }

  package func routing(rows: Int, columns: Int) -> InputRouting {
    switch mode {
    case .help, .kept:
      return .plainKeys
    case .typing, .draftOffer:
      // The placement is worked out when a click asks, not for every key. The closure keeps
      // the few values it needs, not a copy of the controller, which would hold on to the
      // document while the key edits it.
      let isTyping = mode == .typing
      let (layout, keySize, suggestions) = (keypad.layout, settings.keySize, bar.words.count)
      return InputRouting(
        pad: keypad.bindings(suggestionKeys: suggestionKeys), usesCommands: true,
        hitTest: { row, column in
          guard isTyping else { return nil }
          return PadPlacement(
            layout: layout, keySize: keySize, suggestions: suggestions, rows: rows,
            columns: columns)?.hitTest(row: row, column: column)
        })
    }
  }

  /// Keys whose hold takes a word shown on the bar.
  private var suggestionKeys: Set<PhysicalKey> { bar.holdKeys(in: keypad.keymap) }

  // MARK: - Events

  package mutating func handle(_ event: InputEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    if case .kept(let text, let why, _) = mode {
      return handleKept(event, text: text, why: why)
    }
    if keymapSwitched, event.isKeyPress, !event.isKeymapSwitch { keymapSwitched = false }
    switch event {
    case .pad(let action):
      if case .draftOffer(let offer) = mode {
        guard case .tap(let source) = action else { return [] }
        mode = .typing
        keypad.setText(offer)
        // ⏎ answers the question; any other key goes on typing at once.
        if case .key(let key)? = keypad.bindings().resolve(source),
          keypad.layout.keys[key].action == .enter
        {
          return []
        }
      }
      return handle(action, at: time)
    case .command(let command, let key):
      if case .draftOffer = mode { return answerDraft(command, key: key, at: time) }
      return perform(command, rows: rows, columns: columns, at: time)
    case .key(let key):
      return handle(key, at: time)
    case .mouse(let mouse):
      return click(mouse, rows: rows, columns: columns, at: time)
    case .paste(let text):
      if case .draftOffer(let offer) = mode {
        mode = .typing
        keypad.setText(offer)
      }
      return insert(text, at: time)
    case .resized:
      return []  // the pad redraws for its size on every frame
    }
  }

  package mutating func receive(_ event: PadEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    switch event {
    case .notice(let note):
      guard case .kept(let text, let why, _) = mode else {
        message = (note, time + .milliseconds(4000))
        return []
      }
      // Where the finished text was kept: shown with it, then any key closes.
      mode = .kept(text, why: why, note: note.split(separator: "\n").map(String.init))
    case .suggestionsLoaded(let data):
      bar.load(data, message: &message, at: time)
    }
    return []
  }

  private mutating func handle(_ action: PadAction, at time: Instant) -> [Effect] {
    switch action {
    case .tap(let source):
      if case .physical = source { keypad.focus = nil }
      return after(keypad.tap(source, at: time), at: time)
    case .hold(let source, let undoTaps):
      guard let slot = SuggestionBar.slot(of: source, in: keypad.keymap) else {
        return after(keypad.hold(source, undoTaps: undoTaps, at: time), at: time) + [.held]
      }
      var symbol = ""
      if case .physical(let physical, _) = source { symbol = physical.padHint }
      let taken = bar.hold(slot: slot, symbol: symbol, undoTaps: undoTaps, typing: &keypad.typing)
      return took(taken, at: time) + [.held]
    case .repeatTick(let source):
      return after(keypad.repeatTick(source, at: time), at: time)
    case .undoTaps(_, let count):
      return mirror(keypad.rollBack(count))
    case .release:
      keypad.release()
      return []
    }
  }

  /// The effects of a press: mirror the document, learn a finished word, finish on dismiss.
  private mutating func after(_ stroke: KeyStroke?, at time: Instant) -> [Effect] {
    guard let stroke else { return [] }
    var effects = mirror(stroke.change)
    if stroke.output.event == .dismiss { return finish(effects) }
    for stored in bar.learnFinished(stroke.finishedWord, tail: keypad.typing.tail) {
      effects.append(.own(.learn(stored)))
    }
    scheduleDraftSave(at: time)
    return effects
  }

  private func mirror(_ change: DocumentChange?) -> [Effect] {
    guard let change, !change.isEmpty else { return [] }
    return [.own(.mirror(erase: change.erase, insert: change.insert))]
  }

  /// A click the pipeline did not take as a key: it closes the help, or takes a word of the
  /// bar.
  private mutating func click(_ mouse: MouseEvent, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    guard mouse.action == .press else { return [] }
    switch mode {
    case .help:
      mode = .typing
    case .typing:
      if mouse.button == .left,
        case .suggestion(let index)? = placement(rows: rows, columns: columns)?.hitTest(
          row: mouse.row - 1, column: mouse.column - 1)
      {
        return choose(index, at: time)
      }
    case .draftOffer, .kept:
      break
    }
    return []
  }

  /// Takes word `index` of the bar: it replaces the word being typed, followed by a space,
  /// as phone keyboards do.
  private mutating func choose(_ index: Int, at time: Instant) -> [Effect] {
    took(bar.take(index, typing: &keypad.typing), at: time)
  }

  /// The effects of a word taken from the bar (or a suggestion key's own symbol).
  private mutating func took(_ taken: TakenWord?, at time: Instant) -> [Effect] {
    let effects = mirror(keypad.typing.takeChange())
    guard let taken else { return effects }
    scheduleDraftSave(at: time)
    return effects + taken.stored.map { .own(.learn($0)) }
  }

  private mutating func insert(_ text: String, at time: Instant) -> [Effect] {
    let cleaned = typeable(text)
    guard !cleaned.isEmpty else {
      if text.unicodeScalars.contains("\u{FFFD}") {
        message = (strings.notUTF8, time + .milliseconds(3000))
      }
      return []
    }
    scheduleDraftSave(at: time)
    return mirror(keypad.insert(cleaned))
  }

  private mutating func handle(_ key: TerminalKeyEvent, at time: Instant) -> [Effect] {
    switch mode {
    case .help(let scroll):
      mode = HelpSection.scroll(scroll, after: key).map { .help(scroll: $0) } ?? .typing
      return []
    case .draftOffer(let offer):
      switch key.key {
      case .character("y"), .character("Y"):
        mode = .typing
        keypad.setText(offer)
      case .character("n"), .character("N"):
        return declineDraft(at: time)
      case .character, .enter, .tab, .backspace, .escape, .up, .down, .left, .right, .home,
        .end, .pageUp, .pageDown, .insert, .delete, .function, .numpad, .otherFunctional:
        break
      }
      return []
    case .kept:
      return []  // handled before the modes
    case .typing:
      if case .character(let scalar) = key.key, !scalar.isASCII,
        key.modifiers.subtracting(.shift).isEmpty
      {
        // Text from the system's own input method: take it as typed.
        return insert(String(Character(scalar)), at: time)
      }
      let unused = strings.unusedKeyMessage(for: key.key)
      message = (unused.text, time + .milliseconds(unused.milliseconds))
      return []
    }
  }

  private mutating func perform(_ command: AppCommand, rows: Int, columns: Int, at time: Instant)
    -> [Effect]
  {
    switch command {
    case .dismiss:
      return finish(mirror(keypad.flush()))
    case .cancel:
      return [.own(.saveDraft(keptDraft)), .cancel]
    case .help:
      mode = .help(scroll: 0)
      return []
    case .switchKeymap:
      keypad.switchKeymap()
      keymapSwitched = keypad.keymaps.count > 1
      return []
    case .focusUp, .focusDown, .focusLeft, .focusRight, .pressFocused, .space, .backspace, .next,
      .cycleTheme, .toggleSize, .suspend, .redraw:
      let geometry = placement(rows: rows, columns: columns)?.geometry
      return keypad.perform(command, settings: &settings, geometry: geometry)
    }
  }

  // MARK: - Time

  package mutating func advance(to time: Instant, rows: Int, columns: Int) -> [Effect] {
    var effects: [Effect] = []
    _ = keypad.endFlashes(at: time)
    if let until = message?.until, until <= time { message = nil }
    if let due = autoCommitAt, due <= time {
      effects += mirror(keypad.flush())
    }
    if let due = draftDueAt, due <= time {
      draftDueAt = nil
      unsavedSince = nil
      effects.append(.own(.saveDraft(keypad.text)))
    }
    return effects
  }

  /// Puts the draft's save after a change at `time`: a pause in typing
  /// (``KeypadSettings/draftDelayMs``) saves it, and steady typing never puts it off more than
  /// ``KeypadSettings/draftLagLimitMs`` past the first change not saved yet.
  private mutating func scheduleDraftSave(at time: Instant) {
    let first = unsavedSince ?? time
    unsavedSince = first
    draftDueAt = min(
      time + .milliseconds(settings.draftDelayMs),
      first + .milliseconds(settings.draftLagLimitMs))
  }

  /// When the layout's idle timeout (`nextAfterMs`) ends the open composition.
  private var autoCommitAt: Instant? {
    guard let after = keypad.layout.composer.nextAfterMs, keypad.engine.isComposing,
      let last = keypad.lastPressAt
    else { return nil }
    return last + .milliseconds(UInt64(after))
  }

  package func nextDeadline(now: Instant) -> Instant? {
    earliest(earliest(keypad.nextFlashEnd, message?.until), earliest(draftDueAt, autoCommitAt))
  }

  package mutating func catchUp() -> Bool {
    guard bar.isLoaded else { return false }
    return bar.refresh(for: keypad.typing)
  }
}

extension InputEvent {
  /// A key press, click or paste of the user's (not a release, a timer, a notice or data).
  fileprivate var isKeyPress: Bool {
    switch self {
    case .pad(.tap), .pad(.hold), .command, .paste: true
    case .key(let key): key.kind != .release
    case .mouse(let mouse): mouse.action == .press
    case .pad, .resized: false
    }
  }

  /// F2.
  fileprivate var isKeymapSwitch: Bool {
    if case .command(.switchKeymap, _) = self { return true }
    return false
  }
}
