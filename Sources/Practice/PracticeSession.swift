import HangulEngine
import Utilities

/// How one typed syllable compares with the target (never shown by colour alone).
public struct SyllableMark: Sendable, Hashable {
  /// Where a syllable stands.
  public enum Status: Sendable, Hashable {
    /// Typed and equal to the target.
    case right
    /// Typed and different, and the text is off every way to the target (⌫ is the cue); or
    /// typed beyond the end of the target.
    case wrong
    /// Not typed yet, or still being composed on a way to the target (`가` on its way to
    /// `각`).
    case pending

    /// The mark shown with the syllable: ✓, ✗ or ·.
    public var mark: Character {
      switch self {
      case .right: "✓"
      case .wrong: "✗"
      case .pending: "·"
      }
    }
  }

  /// The target character at this position; `nil` past the end of the target.
  public var target: Character?
  /// The typed character at this position; `nil` when not typed yet.
  public var typed: Character?
  public var status: Status

  public init(target: Character?, typed: Character?, status: Status) {
    self.target = target
    self.typed = typed
    self.status = status
  }

  public var mark: Character { status.mark }
}

/// What a press did to the practice.
public struct PressOutcome: Sendable, Hashable {
  /// The press led off every way to the target (the cue is now ⌫).
  public var isWrong: Bool
  /// The press typed the answer: the item is over, here is its result.
  public var result: ItemResult?

  public init(isWrong: Bool, result: ItemResult?) {
    self.isWrong = isWrong
    self.result = result
  }
}

/// An item could not be started.
public enum PracticeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The layouts cannot type the item's answer.
  case cannotType(item: String, text: String, reason: String)

  public var description: String {
    switch self {
    case .cannotType(let item, let text, let reason):
      "item \(item): \"\(text)\" cannot be typed on these layouts (\(reason)); "
        + "choose a layout set with the missing keys, or remove the item"
    }
  }
}

/// The practice state machine, driven by the caller.
///
/// The caller owns the keypad and the ``Typist`` (engine and text): it calls
/// ``start(_:at:reviews:)`` for an item and types into the typist it returns, then reports
/// each press with the typist after it through ``record(_:engine:at:replacingLastTap:)``.
/// The session answers with the syllable marks (``marks``), the next key (``cue``), when to
/// show it (``cueAppearsAt``), and, when the typed text is accepted, the item's ``ItemResult``
/// (auto-advance). ``submit(at:)`` ends an item early. Time is always passed in.
///
/// Results accumulate in ``results`` for the lesson summary; per-key mastery, which decides
/// how fast cues fade, is updated as items end (``mastery``).
public struct PracticeSession: Sendable {
  /// Where the current item stands.
  public enum Phase: Sendable, Hashable {
    /// No item started yet.
    case idle
    /// An item is being typed.
    case typing
    /// The item ended; ``results`` has its result as the last element.
    case finished
  }

  public let layouts: [Layout]
  public let lessonID: String
  public var policy: CuePolicy
  /// Per-key stats: what the caller passed in, plus every ended item.
  public private(set) var mastery: [KeyRef: KeyStats]
  public private(set) var phase: Phase = .idle
  /// The item being typed (or just ended).
  public private(set) var item: PracticeItem?
  /// The next key, computed after every press; `nil` when the answer is typed.
  public private(set) var cue: Cue?
  /// Every ended item of this session, in order.
  public private(set) var results: [ItemResult] = []
  /// The text of the engine after the last press (made on each read: O(length)).
  public var typed: String { text.text }
  /// The same, followed press by press.
  private var text = TypedText(target: "")
  /// Whether the cue finds the learner on the item's planned keys without replaying them;
  /// tests turn it off to check both ways answer the same.
  var tracksPlannedKeys: Bool {
    get { finder.tracksFirstPath }
    set { finder.tracksFirstPath = newValue }
  }

  private var finder: CueFinder
  /// Where ``cue`` came from on the item's planned sequence (see
  /// ``CueFinder/firstPathPosition``), and the same before the last press.
  private var cuePosition: Int?
  private var cuePositionBeforeLastPress: Int?
  /// The jamo each planned press of the current item types.
  private var slots: [JamoStrokes.Slot?] = []
  /// Which jamo of the current item (by ``JamoStrokes/Slot/group``) begin a word: their first
  /// press comes after reading the word, so it is no speed sample (reading is not typing).
  private var wordStarts: Set<Int> = []
  private var jamoStrokes: JamoStrokes
  private var reviews = 0
  private var startedAt: Milliseconds = 0
  private var counters = Counters()
  /// The counters before the last press, for a tap that turns out to be a hold.
  private var countersBeforeLastPress: Counters?
  private var cueBeforeLastPress: Cue?
  /// Spells correct prefixes of unfinished items; made when first needed.
  private var prefixSpeller: Speller?

  private struct Counters: Sendable {
    var presses = 0
    var backspaces = 0
    var prompted = 0
    var wrong = 0
    var firstPressAt: Milliseconds?
    var lastActivity: Milliseconds = 0
    var tallies: [KeyRef: KeyTally] = [:]
    var records: [PressRecord] = []
    var lastPressAt: Milliseconds?
    var lastKey: KeyRef?
    var lastWasHit = false
    /// The jamo being typed: its occurrence, the time of the press before its first, the
    /// next press expected in it, whether every press so far was a timed hit, and whether
    /// any was made while the next key was lit.
    var jamo: (group: Int, startedAfter: Milliseconds, next: Int, isClean: Bool, isCued: Bool)?
  }

  /// - Parameters:
  ///   - layouts: The layout set the user types on (e.g. `cheonjiin-galaxy` and `symbols`).
  ///   - initialLayout: The layout each item starts on.
  ///   - lessonID: Stored with each result.
  ///   - mastery: Per-key stats from earlier days (`Storage` reads them).
  ///   - policy: When cues are shown.
  public init(
    layouts: [Layout], initialLayout: Int = 0, lessonID: String,
    mastery: [KeyRef: KeyStats] = [:], policy: CuePolicy = .gentle
  ) {
    self.layouts = layouts
    self.lessonID = lessonID
    self.mastery = mastery
    self.policy = policy
    self.finder = CueFinder(layouts: layouts, initialLayout: initialLayout)
    self.jamoStrokes = JamoStrokes(
      layouts: layouts, initialLayout: layouts.indices.contains(initialLayout) ? initialLayout : 0)
  }

  // MARK: - Driving

  /// Starts an item (ending nothing: call ``submit(at:)`` first to keep an unfinished one).
  ///
  /// - Parameters:
  ///   - item: What to type.
  ///   - time: When the item appears.
  ///   - reviews: How often the user has reviewed the item before (``ItemSchedule/reviews``);
  ///     while below ``CuePolicy/newItemReviews`` every cue shows at once.
  /// - Returns: An empty engine and text on the starting layout; type into it.
  /// - Throws: ``PracticeError/cannotType(item:text:reason:)`` when the layouts cannot type
  ///   the answer; the session is then idle.
  @discardableResult
  public mutating func start(
    _ item: PracticeItem, at time: Milliseconds, reviews: Int = 0
  ) throws(PracticeError) -> Typist<TextBuffer> {
    guard !layouts.isEmpty else {
      phase = .idle
      self.item = nil
      cue = nil
      throw .cannotType(item: item.id, text: item.answer.preferred, reason: "no layouts loaded")
    }
    do {
      try finder.prepare(item.answer)
    } catch {
      phase = .idle
      self.item = nil
      cue = nil
      throw .cannotType(item: item.id, text: item.answer.preferred, reason: error.description)
    }
    self.item = item
    self.reviews = reviews
    phase = .typing
    startedAt = time
    counters = Counters(lastActivity: time)
    countersBeforeLastPress = nil
    text = TypedText(target: item.answer.preferred)
    slots = jamoStrokes.slots(
      text: item.answer.preferred, presses: finder.presses.map { ($0.layout, $0.key, $0.isHold) })
    wordStarts = JamoUnits.wordStarts(in: item.answer.preferred)
    let engine = finder.startEngine
    cue = finder.cue(for: engine, typed: text)
    cuePosition = finder.firstPathPosition
    cueBeforeLastPress = nil
    cuePositionBeforeLastPress = nil
    return engine
  }

  /// Reports one key press and the engine and text after it.
  ///
  /// A press costs the same however long the item is when the caller says where the
  /// document changed (`unchangedBelow`); without it the whole text is looked at again.
  ///
  /// - Parameters:
  ///   - press: The key, its layout (current when it went down) and whether it was held.
  ///   - engine: The typist after the press: its engine state and text.
  ///   - time: When the key went down.
  ///   - replacingLastTap: The front end applied this press as a tap and now knows it was a
  ///     hold: the last reported press is taken back first (restore the engine snapshot from
  ///     before it, apply the hold, and report the hold with this flag).
  ///   - unchangedBelow: The engine's document kept its first this many bytes since the last
  ///     reported press (or since ``start(_:at:reviews:timesFirstPress:)``): the pad tracks
  ///     its edits. `nil` when not known.
  /// - Returns: Whether the press went wrong, and the item's result if it typed the answer.
  ///   Presses while no item is being typed are ignored.
  @discardableResult
  public mutating func record(
    _ press: KeyPress, engine: Typist<some BufferedDocument>, at time: Milliseconds,
    replacingLastTap: Bool = false,
    unchangedBelow: Int? = nil
  ) -> PressOutcome {
    guard phase == .typing, item != nil else { return PressOutcome(isWrong: false, result: nil) }
    if replacingLastTap, let previous = countersBeforeLastPress {
      counters = previous
      cue = cueBeforeLastPress
      cuePosition = cuePositionBeforeLastPress
    }
    countersBeforeLastPress = counters
    cueBeforeLastPress = cue
    cuePositionBeforeLastPress = cuePosition
    let before = cue
    let beforePosition = cuePosition
    let isCueShown = isCueVisible(at: time)
    if isCueShown { counters.prompted += 1 }
    counters.presses += 1
    if counters.firstPressAt == nil { counters.firstPressAt = time }
    counters.lastActivity = time
    if isBackspace(press) { counters.backspaces += 1 }
    text.update(from: engine, unchangedBelow: unchangedBelow)
    cue = finder.cue(for: engine, typed: text)
    cuePosition = finder.firstPathPosition
    let isWrong = cue?.kind == .correction && !isBackspace(press)
    let isHit = before.map { $0.kind == .next && $0.matches(press) } ?? false
    // The jamo of the cued press: what a hit typed, or what a slip was meant to type.
    var slot: JamoStrokes.Slot?
    if before?.kind == .next, let position = beforePosition, let planned = slots[safe: position] {
      slot = planned
    }
    log(
      press, at: time, isCueShown: isCueShown, isHit: isHit, isWrong: isWrong,
      slot: isHit || isWrong ? slot : nil)
    if let before, before.kind == .next,
      let key = KeyRef(
        layouts: layouts, layout: before.layout, key: before.key)
    {
      if before.matches(press) {
        counters.tallies[key, default: KeyTally()].recordHit()
      } else if isWrong {
        counters.tallies[key, default: KeyTally()].recordMiss()
      }
    }
    if isWrong { counters.wrong += 1 }
    if finder.accepts(text) {
      return PressOutcome(isWrong: false, result: finish(at: time, completed: true))
    }
    return PressOutcome(isWrong: isWrong, result: nil)
  }

  /// Ends the current item as it stands (the user moves on, or presses ⏎ to hand it in).
  ///
  /// - Returns: The result, scored against the closest accepted spelling; `nil` when no item
  ///   is being typed.
  @discardableResult
  public mutating func submit(at time: Milliseconds) -> ItemResult? {
    guard phase == .typing, item != nil else { return nil }
    return finish(at: time, completed: finder.accepts(text))
  }

  // MARK: - Reading

  /// The typed text against the closest accepted spelling, one mark per character: typed
  /// positions first, then the rest of the target as pending.
  public var marks: [SyllableMark] { marks(upTo: .max) }

  /// The first `limit` of ``marks``, in time that does not grow with the item (a screen
  /// shows only so many).
  public func marks(upTo limit: Int) -> [SyllableMark] {
    guard item != nil, limit > 0 else { return [] }
    let closest = finder.closestSpelling(to: text)
    let target = limit == .max ? Array(closest) : Array(closest.prefix(limit))
    let typedCharacters = limit == .max ? Array(typed) : text.characters(upTo: limit)
    // Once handed in, a wrong syllable stays marked wrong.
    let isOff = phase == .finished || cue?.kind == .correction && !finder.accepts(text)
    var marks: [SyllableMark] = []
    for index in 0..<max(target.count, typedCharacters.count) {
      let want = index < target.count ? target[index] : nil
      let got = index < typedCharacters.count ? typedCharacters[index] : nil
      let status: SyllableMark.Status
      switch (want, got) {
      case (_, nil): status = .pending
      case (nil, _): status = .wrong
      case (let want?, let got?):
        status = want == got ? .right : (isOff ? .wrong : .pending)
      }
      marks.append(SyllableMark(target: want, typed: got, status: status))
    }
    return marks
  }

  /// The jamo the cued key belongs to (`ㅕ` while `ㆍ ㆍ ㅣ` is being typed), when the cue is
  /// the next key of the item's planned sequence.
  public var cuedJamo: String? {
    guard cue?.kind == .next, let position = cuePosition, let slot = slots[safe: position] else {
      return nil
    }
    return slot?.jamo
  }

  /// When the current cue appears, or `nil` when there is no cue.
  ///
  /// At once (the last press, or the item start) while the item or the key is new; after
  /// ``CuePolicy/hesitation`` once the key is mastered. The front end wakes at this time to
  /// draw it.
  public var cueAppearsAt: Milliseconds? {
    guard phase == .typing, let cue else { return nil }
    let now = counters.lastActivity
    // An item asked from memory (`79` to be typed as 칠십구) never lights its answer's keys:
    // ⏎ hands it in and shows the right keys.
    if cue.kind == .next, item?.isRecall ?? false { return nil }
    if policy.alwaysShows || reviews < policy.newItemReviews { return now }
    switch cue.kind {
    case .correction:
      return policy.showsCorrectionAtOnce ? now : now + policy.hesitation
    case .next:
      guard let key = KeyRef(layouts: layouts, layout: cue.layout, key: cue.key) else { return now }
      return stats(for: key).streak < policy.masteryStreak ? now : now + policy.hesitation
    }
  }

  /// Whether the cue should be on screen at `time`.
  public func isCueVisible(at time: Milliseconds) -> Bool {
    guard let appears = cueAppearsAt else { return false }
    return time >= appears
  }

  /// A key's stats including the presses of the item being typed.
  public func stats(for key: KeyRef) -> KeyStats {
    var stats = mastery[key] ?? KeyStats()
    if phase == .typing, let tally = counters.tallies[key] { stats.add(tally) }
    return stats
  }

  /// The fewest presses for the current item's preferred spelling.
  public var minimumPresses: Int { finder.minimumPresses }

  /// Presses so far on the current item.
  public var pressCount: Int { counters.presses }

  /// Totals over every ended item.
  public var totals: ResultTotals { ResultTotals(results) }

  // MARK: - Helpers

  private mutating func finish(at time: Milliseconds, completed: Bool) -> ItemResult {
    let itemID = item?.id ?? ""
    let target = finder.closestSpelling(to: typed)
    let result = ItemResult(
      lessonID: lessonID, itemID: itemID, target: target, typed: typed, isCompleted: completed,
      presses: counters.presses, backspaces: counters.backspaces,
      minimumPresses: creditedMinimum(target: target, completed: completed),
      promptedPresses: counters.prompted, wrongPresses: counters.wrong,
      startedAt: startedAt, firstPressAt: counters.firstPressAt, finishedAt: max(time, startedAt),
      keyTallies: counters.tallies, pressRecords: counters.records)
    for (key, tally) in counters.tallies { mastery[key, default: KeyStats()].add(tally) }
    results.append(result)
    phase = .finished
    cue = nil
    countersBeforeLastPress = nil
    return result
  }

  /// Adds the press's ``PressRecord`` and follows the jamo it types.
  ///
  /// - Parameters:
  ///   - isHit: The press was the cued next key.
  ///   - isWrong: The press led off every way to the target.
  ///   - slot: The jamo the cued key belonged to, for a hit or a slip; `nil` otherwise.
  private mutating func log(
    _ press: KeyPress, at time: Milliseconds, isCueShown: Bool, isHit: Bool, isWrong: Bool,
    slot: JamoStrokes.Slot?
  ) {
    guard let key = KeyRef(layouts: layouts, layout: press.layout, key: press.key) else { return }
    let interval = counters.lastPressAt.map { time - $0 }
    let beginsWord = slot.map { $0.index == 0 && wordStarts.contains($0.group) } ?? false
    let isTimed =
      !beginsWord
      && PressRecord.isTimedSample(
        isHit: isHit, isHold: press.isHold, interval: interval,
        previousWasHit: counters.lastWasHit)
    var jamoTime: Milliseconds?
    var isJamoCued = false
    if isHit, let slot {
      if slot.index == 0, let previous = counters.lastPressAt {
        counters.jamo = (slot.group, previous, 1, isTimed, isCueShown)
      } else if var jamo = counters.jamo, jamo.group == slot.group, jamo.next == slot.index {
        jamo.next += 1
        jamo.isClean = jamo.isClean && isTimed
        jamo.isCued = jamo.isCued || isCueShown
        counters.jamo = jamo
      } else {
        counters.jamo = nil
      }
      if slot.isLast, let jamo = counters.jamo, jamo.group == slot.group, jamo.next == slot.count {
        if jamo.isClean {
          jamoTime = time - jamo.startedAfter
          isJamoCued = jamo.isCued
        }
        counters.jamo = nil
      }
    } else if !isHit {
      // A slip, ⌫ or a press off the plan: the jamo under way is no clean sample any more.
      counters.jamo?.isClean = false
    }
    counters.records.append(
      PressRecord(
        key: key, previousKey: counters.lastKey, interval: interval, isHold: press.isHold,
        isCueShown: isCueShown, isRight: !isWrong, isTimed: isTimed, jamo: slot?.jamo,
        jamoTime: jamoTime, isJamoCued: isJamoCued))
    counters.lastPressAt = time
    counters.lastKey = key
    counters.lastWasHit = isHit
  }

  /// The fewest presses for what the item got right (``ItemResult/minimumPresses``).
  ///
  /// Completed: the fewest for the accepted spelling typed. Unfinished: the fewest for the
  /// longest prefix of `target` that the text starts with, whole characters only (`하` on
  /// its way to `학` is not right yet, just as it does not count in 글자/분).
  private mutating func creditedMinimum(target: String, completed: Bool) -> Int {
    if completed { return finder.minimumPresses(closestTo: typed) }
    let length = zip(typed, target).prefix { $0.0 == $0.1 }.count
    guard length > 0 else { return 0 }
    let speller = prefixSpeller ?? Speller(layouts: layouts, initial: finder.initialLayout)
    prefixSpeller = speller
    // Every prefix of a spelling the layouts type is typeable itself; should one not be,
    // nothing is credited, which can only lower efficiency, never raise it.
    return (try? speller.spell(String(target.prefix(length))).count) ?? 0
  }

  private func isBackspace(_ press: KeyPress) -> Bool {
    guard layouts.indices.contains(press.layout),
      layouts[press.layout].keys.indices.contains(press.key)
    else { return false }
    if case .backspace = layouts[press.layout].keys[press.key].action { return true }
    return false
  }
}
