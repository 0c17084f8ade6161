import HangulEngine
import Utilities

/// The key the user should press next.
public struct Cue: Sendable, Hashable {
  /// Why this key.
  public enum Kind: Sendable, Hashable {
    /// The next key of a shortest way from here to the target.
    case next
    /// ⌫: the text went off every way to the target; backspace leads back.
    case correction
  }

  public var kind: Kind
  /// The layout the key belongs to (always the user's current layout).
  public var layout: Int
  /// The key's index in that layout.
  public var key: Int
  /// Hold the key (a digit on a letter key) instead of tapping it.
  public var isHold: Bool

  public init(kind: Kind, layout: Int, key: Int, isHold: Bool) {
    self.kind = kind
    self.layout = layout
    self.key = key
    self.isHold = isHold
  }

  /// Whether a press is this cue.
  public func matches(_ press: KeyPress) -> Bool {
    press.layout == layout && press.key == key && press.isHold == isHold
  }
}

/// One key press as the front end reports it.
public struct KeyPress: Sendable, Hashable {
  /// The layout that was current when the key went down.
  public var layout: Int
  /// The key's index in that layout.
  public var key: Int
  /// The key was held for its hold action (a digit) instead of tapped.
  public var isHold: Bool

  public init(layout: Int, key: Int, isHold: Bool = false) {
    self.layout = layout
    self.key = key
    self.isHold = isHold
  }
}

/// Finds the next key from the composition state, not the key history, so any valid path
/// to the target keeps getting forward cues.
///
/// The finder keeps *paths*: key sequences that type an accepted spelling from a known state,
/// with the state after each of their presses. The first path is the shortest sequence from
/// the empty engine.
///
/// 1. If the user's state shows the same text and composition as the state after some press
///    of a path, and pressing the rest of that path from the user's state really types its
///    spelling, the cue is the next key of the path (the first path, then the newest; the
///    latest position on a path wins).
/// 2. Otherwise, if the text so far is a prefix of an accepted spelling, the rest is spelled
///    from the user's state (after ending the composition if that is what it takes), checked
///    the same way, and kept as a new path, so the states it passes through (`만옺` on the
///    way from `만오` to `만오천`) are recognised on the next press.
/// 3. Otherwise the cue is ⌫, which always leads back: it undoes one press of the
///    composition or deletes one character, until rule 1 or 2 applies (the empty text on the
///    starting layout is on the first path).
struct CueFinder: Sendable {
  let layouts: [Layout]
  let initialLayout: Int
  /// Spellers by starting layout, made when first needed.
  private var spellers: [Int: Speller] = [:]
  private var answer: Answer = .text("")
  /// The shortest presses for the preferred spelling from the empty engine.
  private(set) var presses: [PlannedPress] = []
  /// Known paths; the first is `presses`.
  private var paths: [Path] = []
  /// The first path's states, to find the learner on it without replaying it;
  /// `nil` when a document along it is not the start of the preferred spelling.
  private var track: Track?
  /// Whether ``prepare(_:)`` makes ``track``; tests turn it off to compare with replaying.
  var tracksFirstPath = true
  private var unspellable: Set<RespellKey> = []
  /// The spelling of the path the user was last found on.
  private var heading: String?
  /// Where the last cue came from on the first path (the index of its press in
  /// ``presses``); `nil` when it came from another path or is ⌫.
  private(set) var firstPathPosition: Int?

  /// At most this many paths are kept besides the first (oldest dropped first).
  static let maximumPaths = 24

  private struct Path: Sendable {
    var spelling: String
    var presses: [PlannedPress]
    /// Positions on the path (0 = before the first press) by the state there.
    var positions: [VisibleState: [Int]]
  }

  /// The first path, press by press, without its documents: each is the preferred spelling's
  /// first ``lengths`` bytes.
  private struct Track: Sendable {
    /// The engine after each press (0 = before the first), without the document.
    var engines: [InputMethod]
    /// What the user sees of each: the composition, whether one is open, the layout.
    var shown: [Shown]
    /// Positions by the document's length in bytes.
    var positions: [Int: [Int]]
    /// Replaying the path from a position at or after this one types the spelling, its
    /// presses each on the layout the engine is on.
    var typesFrom: Int
  }

  /// What the user sees of an engine besides its document (compare ``VisibleState``).
  private struct Shown: Sendable, Hashable {
    var preedit: String
    var isComposing: Bool
    var layout: Int

    init(_ engine: Typist<some BufferedDocument>) {
      preedit = engine.inputMethod.preedit.string
      isComposing = engine.isComposing
      layout = engine.layoutIndex
    }
  }

  init(layouts: [Layout], initialLayout: Int) {
    self.layouts = layouts
    self.initialLayout = layouts.indices.contains(initialLayout) ? initialLayout : 0
  }

  /// An empty engine and text on the starting layout: the state every item starts from.
  var startEngine: Typist<TextBuffer> { Typist(layouts: layouts, initial: initialLayout) }

  /// Spells the preferred answer and records the state after each press.
  ///
  /// - Throws: ``SpellError`` when the layouts cannot type it.
  mutating func prepare(_ answer: Answer) throws(SpellError) {
    self.answer = answer
    presses = try speller(startingOn: initialLayout).spell(answer.preferred).map(PlannedPress.init)
    paths = [makePath(answer.preferred, from: startEngine, pressing: presses)]
    track = tracksFirstPath ? makeTrack() : nil
    unspellable = []
    heading = nil
    firstPathPosition = nil
  }

  /// The fewest presses that type the answer (its preferred spelling) from an empty engine.
  var minimumPresses: Int { presses.count }

  /// The fewest presses for the accepted spelling closest to `typed`.
  mutating func minimumPresses(closestTo typed: String) -> Int {
    let spelling = closestSpelling(to: typed)
    guard spelling != answer.preferred,
      let spelled = try? speller(startingOn: initialLayout).spell(spelling)
    else {
      // The preferred spelling was spelled in prepare(); an accepted spelling the layouts
      // cannot type (none should exist) falls back to its count.
      return presses.count
    }
    return spelled.count
  }

  /// The accepted spelling the user is heading for: the one `typed` is a prefix of, else the
  /// spelling of the path the user was last on, else the nearest in syllable edit distance
  /// (the preferred one on ties).
  func closestSpelling(to typed: String) -> String {
    let spellings = answer.spellings
    guard spellings.count > 1 else { return answer.preferred }
    if let exact = spellings.first(where: { $0 == typed }) { return exact }
    if let prefixed = spellings.first(where: { $0.hasPrefix(typed) }) { return prefixed }
    if let heading { return heading }
    let typedCharacters = Array(typed)
    var best = answer.preferred
    var bestDistance = Int.max
    for spelling in spellings {
      let distance = editDistance(typedCharacters, Array(spelling))
      if distance < bestDistance {
        best = spelling
        bestDistance = distance
      }
    }
    return best
  }

  /// The cue for the user's engine and text, or `nil` when the answer is typed (or no key
  /// can help: the layout has no ⌫ and the text is off every path).
  ///
  /// - Parameter typed: The same text, followed press by press: on the first path a press
  ///   costs the same however long the item is.
  mutating func cue(for engine: Typist<some BufferedDocument>, typed: TypedText) -> Cue? {
    firstPathPosition = nil
    if accepts(typed) { return nil }
    // 1. A state on a known path: the first path, then the newest.
    var others = Array(paths.indices.dropFirst().reversed())
    if track != nil {
      if let position = positionOnFirstPath(engine, typed: typed) {
        heading = paths[0].spelling
        firstPathPosition = position
        return forward(paths[0].presses[position])
      }
    } else {
      others.insert(0, at: 0)
    }
    let text = typed.text
    let state = VisibleState(engine)
    for index in others {
      let path = paths[index]
      guard let candidates = path.positions[state] else { continue }
      for position in candidates.reversed() where position < path.presses.count {
        if types(path.spelling, from: engine, pressing: path.presses[position...]) {
          heading = path.spelling
          if index == 0 { firstPathPosition = position }
          return forward(path.presses[position])
        }
      }
    }
    // 2. Spell the rest from here.
    for spelling in answer.spellings where spelling.hasPrefix(text) {
      if let press = respelledCue(for: engine, text: text, spelling: spelling) {
        heading = spelling
        return forward(press)
      }
    }
    // 3. Back.
    heading = nil
    guard let backspace = backspaceKey(on: engine.layoutIndex) else { return nil }
    return Cue(kind: .correction, layout: engine.layoutIndex, key: backspace, isHold: false)
  }

  /// ``closestSpelling(to:)`` for a text followed press by press: an answer with one
  /// spelling is not compared with it at all.
  func closestSpelling(to typed: TypedText) -> String {
    switch answer {
    case .text(let text), .heldDigits(let text): text
    case .reading: closestSpelling(to: typed.text)
    }
  }

  /// Whether the answer accepts the typed text.
  func accepts(_ typed: TypedText) -> Bool {
    switch answer {
    case .text, .heldDigits: typed.isTarget
    case .reading: answer.accepts(typed.text)
    }
  }

  // MARK: - Helpers

  /// Where rule 1 finds the user on the first path, worked out as it would be by replaying,
  /// in time that does not grow with the item.
  ///
  /// The candidates are the positions whose state shows the same: the same document (the
  /// spelling's first bytes, as long as the user's), composition and layout. At one whose
  /// engine equals the user's, the replay is the path's own and types the spelling; at one
  /// that only looks the same (rare: its hidden state differs) the replay is done.
  private func positionOnFirstPath(_ engine: Typist<some BufferedDocument>, typed: TypedText)
    -> Int?
  {
    guard let track, typed.matched == typed.document.count,
      let candidates = track.positions[typed.document.count]
    else { return nil }
    let path = paths[0]
    let method = engine.inputMethod
    var shown: Shown?
    for position in candidates.reversed() where position < path.presses.count {
      if track.engines[position] == method {
        if position >= track.typesFrom { return position }
        continue
      }
      let current = shown ?? Shown(engine)
      shown = current
      if track.shown[position] == current,
        types(path.spelling, from: engine, pressing: path.presses[position...])
      {
        return position
      }
    }
    return nil
  }

  /// The first path press by press, when each document along it starts the spelling.
  private func makeTrack() -> Track? {
    let target = Array(answer.preferred.utf8)
    var engine = startEngine
    var track = Track(
      engines: [engine.inputMethod], shown: [Shown(engine)], positions: [0: [0]], typesFrom: 0)
    for (index, press) in presses.enumerated() {
      if engine.layoutIndex != press.layout { track.typesFrom = index + 1 }
      let output = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
      // An erase would leave documents that are not the start of the last one.
      guard output.erase == 0 else { return nil }
      track.engines.append(engine.inputMethod)
      track.shown.append(Shown(engine))
      track.positions[engine.buffer.utf8.count, default: []].append(index + 1)
    }
    let document = engine.buffer.utf8
    guard document.count <= target.count, document.elementsEqual(target[..<document.count])
    else { return nil }
    // A path that does not type the spelling is never found by replaying either.
    if engine.text != answer.preferred { track.typesFrom = presses.count + 1 }
    return track
  }

  private func forward(_ press: PlannedPress) -> Cue {
    Cue(kind: .next, layout: press.layout, key: press.key, isHold: press.isHold)
  }

  private mutating func speller(startingOn layout: Int) -> Speller {
    if let speller = spellers[layout] { return speller }
    let speller = Speller(layouts: layouts, initial: layout)
    spellers[layout] = speller
    return speller
  }

  private func makePath(
    _ spelling: String, from start: Typist<some BufferedDocument>, pressing presses: [PlannedPress]
  ) -> Path {
    var engine = start
    var positions: [VisibleState: [Int]] = [VisibleState(engine): [0]]
    for (index, press) in presses.enumerated() {
      apply(press, to: &engine)
      positions[VisibleState(engine), default: []].append(index + 1)
    }
    return Path(spelling: spelling, presses: presses, positions: positions)
  }

  private struct RespellKey: Hashable {
    var state: VisibleState
    var separated: Bool
    var spelling: String
  }

  private mutating func respelledCue(
    for engine: Typist<some BufferedDocument>, text: String, spelling: String
  ) -> PlannedPress? {
    let rest = String(spelling.dropFirst(text.count))
    guard !rest.isEmpty else {
      // The text is a spelling already, so the answer accepts it: rule 2 is not reached.
      return nil
    }
    var routes: [(separated: Bool, prefix: [PlannedPress])] = [(false, [])]
    if engine.isComposing, let separator = separatorKey(on: engine.layoutIndex) {
      routes.append((true, [PlannedPress(layout: engine.layoutIndex, key: separator)]))
    }
    for route in routes {
      let key = RespellKey(
        state: VisibleState(engine), separated: route.separated, spelling: spelling)
      if unspellable.contains(key) { continue }
      // A rest that no layout can type has no path from here; remembered so it is not
      // searched again on every press.
      guard let spelled = try? speller(startingOn: engine.layoutIndex).spell(rest) else {
        unspellable.insert(key)
        continue
      }
      let all = route.prefix + spelled.map(PlannedPress.init)
      guard let first = all.first, types(spelling, from: engine, pressing: all[...]) else {
        unspellable.insert(key)
        continue
      }
      paths.append(makePath(spelling, from: engine, pressing: all))
      if paths.count > Self.maximumPaths + 1 { paths.remove(at: 1) }
      return first
    }
    return nil
  }

  /// Whether pressing `presses` on a copy of `engine` types exactly `target`.
  private func types(
    _ target: String, from engine: Typist<some BufferedDocument>,
    pressing presses: ArraySlice<PlannedPress>
  ) -> Bool {
    var copy = engine
    for press in presses {
      guard copy.layoutIndex == press.layout else { return false }
      apply(press, to: &copy)
    }
    return copy.text == target
  }

  private func apply(_ press: PlannedPress, to engine: inout Typist<some BufferedDocument>) {
    _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
  }

  private func backspaceKey(on layout: Int) -> Int? {
    guard layouts.indices.contains(layout) else { return nil }
    return layouts[layout].keys.firstIndex { key in
      if case .backspace = key.action { return true }
      return false
    }
  }

  /// The → key, or the Galaxy shared key: a press that ends a composition.
  private func separatorKey(on layout: Int) -> Int? {
    guard layouts.indices.contains(layout) else { return nil }
    let keys = layouts[layout].keys
    if let next = keys.firstIndex(where: { if case .next = $0.action { true } else { false } }) {
      return next
    }
    return keys.firstIndex { if case .spaceNext = $0.action { true } else { false } }
  }
}

/// A press of a planned sequence (``Speller/Press`` has no public initializer, and the
/// finder adds its own separator presses).
struct PlannedPress: Sendable, Hashable {
  var layout: Int
  var key: Int
  var isHold: Bool

  init(layout: Int, key: Int, isHold: Bool = false) {
    self.layout = layout
    self.key = key
    self.isHold = isHold
  }

  init(_ press: Speller.Press) {
    self.init(layout: press.layout, key: press.key, isHold: press.isHold)
  }
}

/// What the user sees of an engine state and its text, plus whether a composition is open:
/// two states that agree on this are merged when looking for a prefix (the replay check then
/// confirms).
struct VisibleState: Hashable {
  var committed: [UInt8]
  var preedit: String
  var isComposing: Bool
  var layout: Int

  init(_ engine: Typist<some BufferedDocument>) {
    committed = engine.buffer.utf8
    preedit = engine.inputMethod.preedit.string
    isComposing = engine.isComposing
    layout = engine.layoutIndex
  }
}
