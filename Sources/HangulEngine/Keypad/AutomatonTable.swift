/// A layout's whole automaton as a table: every composing state the keys can reach from the empty
/// one and, for each state and key, what the press does.
///
/// `cheonjiin layouts export` writes it; any program can type with it in a few lines, with no
/// Hangul rules of its own.
///
/// Built by pressing every key in every state reached, breadth first, through the engine itself,
/// so the table cannot disagree with it. A state is what decides the next presses (the syllable
/// being composed, a cycling mark, the key pressed last, whether ⌫ can still undo); the closed
/// syllables of the open composition are committed as soon as they close, so the set is finite.
///
/// ⌫ inside a composition undoes the last press, which a finite table cannot hold (the undo
/// steps grow with every press). Each entry says what it does to an undo stack of the
/// reader's own (``UndoEffect``): readers that keep one type exactly as the engine; readers
/// that do not get, for ⌫, the state before the shortest way to the current one.
public struct AutomatonTable: Sendable, Hashable {
  /// A press the table has a column for: a tap of a layout key, or holding one that types text.
  public struct Key: Sendable, Hashable {
    /// The key's index in the layout.
    public var index: Int
    public var isHold: Bool
  }

  /// What a press does to the reader's undo stack of (text, state) pairs: `push` the text and
  /// state from before the press; `pop` the stack into them instead of applying the entry (⌫
  /// undoing a press); `clear` the stack (the composition ended, or there was none).
  public enum UndoEffect: String, Sendable, Hashable, CaseIterable {
    case push, pop, clear
  }

  /// One press in one state.
  public struct Entry: Sendable, Hashable {
    /// The state after the press, an index into ``states``.
    public var next: Int
    /// Text appended to the committed text, after erasing.
    public var commit: String
    /// Characters of the committed text removed before appending.
    public var erase: Int
    public var transition: Transition
    public var undo: UndoEffect
    /// What the terminal demo's caption of the press is made of, from the same report.
    public var caption: PressEffect
  }

  /// Each state's preedit: what shows after the committed text.
  ///
  /// The first state is the empty one.
  public private(set) var states: [String]
  public private(set) var keys: [Key]
  /// For each state, one entry per key, in ``keys`` order.
  public private(set) var transitions: [[Entry]]

  /// Walks the automaton of the layout at `index` of `engine`'s layouts.
  ///
  /// - Parameters:
  ///   - layouts: The layout and the layouts its switch keys reach (a switch ends the
  ///     composition and leaves the table: its entry goes to the empty state).
  ///   - index: The layout to walk.
  public init(layouts: [Layout], index: Int = 0) {
    let start = InputMethod(layouts: layouts, initial: index)
    let layout = start.layout
    var keys: [Key] = layout.keys.indices.map { Key(index: $0, isHold: false) }
    for (position, key) in layout.keys.enumerated() {
      if case .text = key.hold { keys.append(Key(index: position, isHold: true)) }
    }
    self.keys = keys
    var engines = [start]
    var numbers: [TableState: Int] = [start.composer.tableState: 0]
    var states = [""]
    var transitions: [[Entry]] = []
    var position = 0
    while position < engines.count {
      let engine = engines[position]
      let before = engine.composer.finished.string
      var row: [Entry] = []
      row.reserveCapacity(keys.count)
      for key in keys {
        var after = engine
        let output = key.isHold ? after.hold(key.index) : after.tap(key.index)
        let caption = PressEffect(
          key: key.index, isHold: key.isHold, before: engine, after: after, output: output)
        if output.event == .switchedLayout || after.layoutIndex != engine.layoutIndex {
          // The other layout has its own table; here the switch only ends the composition.
          after = start
        }
        let state = after.composer.tableState
        let next: Int
        if let known = numbers[state] {
          next = known
        } else {
          next = engines.count
          numbers[state] = next
          engines.append(after)
          states.append(after.preedit.composingTail)
        }
        let undo = Self.undoEffect(of: output.transition)
        if output.erase == 0, output.commit.isEmpty,
          after.composer.finished == engine.composer.finished
        {
          // Most presses change only the syllable being composed.
          row.append(
            Entry(
              next: next, commit: "", erase: 0, transition: output.transition, undo: undo,
              caption: caption))
          continue
        }
        // The table's committed text holds the composition's closed part too: compare the
        // engine's text and closed part before and after the press, in place (arrays of
        // Characters for each such entry took a sixth of the export's time).
        let new = output.commit + after.composer.finished.string
        var oldIndex = before.startIndex
        var newIndex = new.startIndex
        while oldIndex < before.endIndex, newIndex < new.endIndex,
          before[oldIndex] == new[newIndex]
        {
          before.formIndex(after: &oldIndex)
          new.formIndex(after: &newIndex)
        }
        row.append(
          Entry(
            next: next, commit: String(new[newIndex...]),
            erase: output.erase + before[oldIndex...].count,
            transition: output.transition, undo: undo, caption: caption))
      }
      transitions.append(row)
      position += 1
    }
    self.states = states
    self.transitions = transitions
  }

  /// The entry count: states × keys.
  public var entryCount: Int { transitions.reduce(0) { $0 + $1.count } }

  /// The distinct captions of the entries, in the order the walk met them, and each entry's
  /// index among them (`index[state][column]`): the exported forms carry each caption once.
  public func distinctCaptions() -> (effects: [PressEffect], index: [[Int]]) {
    var known: [PressEffect: Int] = [:]
    // The shipped layouts have 1.0 to 1.4 distinct captions per state.
    known.reserveCapacity(transitions.count * 2)
    var effects: [PressEffect] = []
    let index = transitions.map { row in
      row.map { entry in
        if let number = known[entry.caption] { return number }
        effects.append(entry.caption)
        known[entry.caption] = effects.count - 1
        return effects.count - 1
      }
    }
    return (effects, index)
  }

  private static func undoEffect(of transition: Transition) -> UndoEffect {
    switch transition {
    case .newSyllable, .finalConsonant, .doubleFinal, .cycle, .finalMoved, .vowelJoined,
      .vowelMerge, .vowelAlone:
      .push
    case .undo:
      .pop
    case .mark, .markCycle, .typed, .held, .syllableEnded, .syllableEndedWithSpace, .space,
      .newline, .markDeleted, .deleted, .switchedLayout, .dismissed, .nothing:
      .clear
    }
  }
}

/// The parts of the composer that decide what the next presses do, the undo steps aside.
private struct TableState: Hashable {
  var current: SyllableState
  var pending: PendingText?
  var last: LastPress
  var canUndo: Bool
}

extension Composer {
  fileprivate var tableState: TableState {
    TableState(current: current, pending: pending, last: last, canUndo: !history.isEmpty)
  }
}
