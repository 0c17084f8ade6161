/// Finds a shortest key sequence that types a text, across the layouts the keys can switch
/// between, and checks it by replaying it through the engine.
///
/// Each character is typed by its own fewest presses (a syllable's initial taps, vowel
/// strokes and final taps; a mark's presses on its text key; a digit's hold), optionally
/// after one press that ends the open composition, and after switching layouts where needed.
/// A search over those choices, keeping the cheapest engine state for each way the text so
/// far can be composed, gives the shortest sequence built from them.
public struct Speller: Sendable {
  public let layouts: [Layout]
  public let initialLayout: Int
  private let plans: [LayoutPlan]

  public init(layouts: [Layout], initial: Int = 0) {
    self.layouts = layouts
    self.initialLayout = initial
    self.plans = layouts.map { LayoutPlan($0, in: layouts) }
  }

  /// A key press in a spelled sequence.
  public struct Press: Sendable, Hashable {
    /// The layout the key belongs to.
    public var layout: Int
    /// The key's index in that layout.
    public var key: Int
    public var isHold: Bool
  }

  /// A spelling's presses in groups, each group typing the next characters of the text.
  public struct Group: Sendable, Hashable {
    /// The characters of ``Spelling/text`` the group types: usually one, but a mark or a hold
    /// text may be several, and so is a consonant typed together with the dot after it.
    public var characters: Range<Int>
    /// The presses, the one that ends the composition before them included (`␣` before `녕`).
    public var presses: [Press]
  }

  /// A shortest key sequence for a text, grouped by the characters it types.
  public struct Spelling: Sendable, Hashable {
    /// The text as spelled: conjoining jamo composed, one element per character.
    public var text: [Character]
    /// The groups in order; after each, the engine shows exactly the text up to its end.
    public var groups: [Group]

    /// Every press in order.
    public var presses: [Press] { groups.flatMap(\.presses) }
  }

  /// Spells `text`.
  ///
  /// - Returns: The presses, verified to type exactly `text` from an empty engine.
  /// - Throws: ``SpellError`` naming the first character no reachable layout can type.
  ///
  /// Compare ``spelling(_:)``, which also says which characters each press types.
  public func spell(_ text: String) throws(SpellError) -> [Press] {
    try spelling(text).presses
  }

  /// Spells `text`, grouping the presses by the characters they type (for the demo, which
  /// plays two layouts a syllable at a time).
  ///
  /// - Throws: ``SpellError`` naming the first character no reachable layout can type.
  public func spelling(_ text: String) throws(SpellError) -> Spelling {
    let target = Array(composingConjoiningJamo(text))
    let start = InputMethod(layouts: layouts, initial: initialLayout)
    var open: [SearchKey: Candidate] = [
      SearchKey(position: 0, state: start.composerSearchState, layout: start.layoutIndex):
        Candidate(engine: start, committed: 0, trail: nil, count: 0)
    ]
    var furthest = 0
    // Every move types at least one character, so expanding the nearest position first
    // settles each position before anything that builds on it. Each step costs the size of
    // its move, never of the text so far: the committed text is not kept, only how much of
    // the target it matches (8,000 syllables took 5.8 s when it was compared whole).
    while let position = open.keys.map(\.position).min() {
      let here = open.filter { $0.key.position == position }.map(\.value)
      open = open.filter { $0.key.position != position }
      furthest = max(furthest, position)
      if position == target.count {
        let finished = here.map {
          (layout: $0.engine.layoutIndex, presses: $0.trail?.presses ?? [], trail: $0.trail)
        }
        let best = finished.min {
          isPreferred(($0.layout, $0.presses), over: ($1.layout, $1.presses))
        }
        return Spelling(text: target, groups: best?.trail?.groups ?? [])
      }
      for candidate in here {
        for (advance, presses) in moves(for: target, at: position, from: candidate.engine) {
          guard
            let next = candidate.typing(
              presses, characters: position..<(position + advance), of: target)
          else { continue }
          let key = SearchKey(
            position: position + advance, state: next.engine.composerSearchState,
            layout: next.engine.layoutIndex)
          if let existing = open[key], existing.count <= next.count { continue }
          open[key] = next
        }
      }
    }
    if target.isEmpty { return Spelling(text: [], groups: []) }
    let index = min(furthest, target.count - 1)
    throw SpellError(
      character: target[index], position: index + 1, reason: unreachableReason(target[index]))
  }

  /// Spells `text` as key-sequence tokens (see ``KeyToken``).
  ///
  /// - Parameter digits: Prefer phone digits (`4` for `ㄱ`) over key letters.
  public func spellTokens(_ text: String, digits: Bool = false) throws(SpellError) -> [KeyToken] {
    try spell(text).map { plans[$0.layout].token(for: $0.key, isHold: $0.isHold, digits: digits) }
  }

  // MARK: - Search

  /// A way to type the target up to a position: the engine, how many characters of the
  /// target it has committed, and its presses (shared with the candidates it grew from).
  private struct Candidate {
    var engine: InputMethod
    var committed: Int
    var trail: Trail?
    var count: Int

    /// This candidate after `presses`, if the text then equals `target` up to the end of
    /// `characters`, the characters the presses type.
    ///
    /// Text committed and erased within the presses (a mark's key pressed again) may differ
    /// from the target on the way; only the end counts.
    func typing(_ presses: [Press], characters: Range<Int>, of target: [Character]) -> Candidate? {
      let end = characters.upperBound
      var engine = engine
      var matched = committed
      var fresh: [Character] = []
      var trail = trail
      for press in presses {
        let output = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
        var erase = output.erase
        let fromFresh = min(erase, fresh.count)
        fresh.removeLast(fromFresh)
        erase -= fromFresh
        guard erase <= matched else { return nil }
        matched -= erase
        fresh += output.commit
        trail = Trail(press, characters: characters, after: trail)
      }
      let preedit = Array(engine.preedit.string)
      guard matched + fresh.count + preedit.count == end,
        target[matched..<(matched + fresh.count)].elementsEqual(fresh),
        target[(matched + fresh.count)..<end].elementsEqual(preedit)
      else { return nil }
      return Candidate(
        engine: engine, committed: matched + fresh.count, trail: trail,
        count: count + presses.count)
    }
  }

  /// Presses as a chain back to the first: extending a candidate never copies its presses.
  private final class Trail: Sendable {
    let press: Press
    /// The characters of the target the press's group types.
    let characters: Range<Int>
    let previous: Trail?

    init(_ press: Press, characters: Range<Int>, after previous: Trail?) {
      self.press = press
      self.characters = characters
      self.previous = previous
    }

    /// The presses grouped by the characters they type, first group first.
    var groups: [Group] {
      var reversed: [Group] = []
      var node: Trail? = self
      while let current = node {
        if let last = reversed.last, last.characters == current.characters {
          reversed[reversed.count - 1].presses.append(current.press)
        } else {
          reversed.append(Group(characters: current.characters, presses: [current.press]))
        }
        node = current.previous
      }
      return reversed.reversed().map {
        Group(characters: $0.characters, presses: $0.presses.reversed())
      }
    }

    var presses: [Press] {
      var result: [Press] = []
      var node: Trail? = self
      while let current = node {
        result.append(current.press)
        node = current.previous
      }
      return result.reversed()
    }
  }

  private struct SearchKey: Hashable {
    var position: Int
    var state: ComposerSearchState
    var layout: Int
  }

  /// Among finished candidates: fewer presses; on a tie, the one that ends on the starting
  /// layout (so text spelled in pieces never strays to !#1 for a space), then the first by
  /// key order, so the same text always gives the same sequence.
  private func isPreferred(
    _ a: (layout: Int, presses: [Press]), over b: (layout: Int, presses: [Press])
  ) -> Bool {
    if a.presses.count != b.presses.count { return a.presses.count < b.presses.count }
    let aStays = a.layout == initialLayout
    let bStays = b.layout == initialLayout
    if aStays != bStays { return aStays }
    for (x, y) in zip(a.presses, b.presses) where x != y {
      return (x.layout, x.key, x.isHold ? 1 : 0) < (y.layout, y.key, y.isHold ? 1 : 0)
    }
    return false
  }

  /// Ways to type the character at `position` from `engine`'s state: (characters advanced, presses).
  private func moves(for target: [Character], at position: Int, from engine: InputMethod)
    -> [(Int, [Press])]
  {
    var result: [(Int, [Press])] = []
    let layoutIndex = engine.layoutIndex
    // Type on the current layout, or after switching to another one.
    for route in plans[layoutIndex].routes {
      let plan = plans[route.target]
      for (advance, presses) in plan.ways(toType: target, at: position) {
        result.append((advance, route.presses + presses))
        // The same after a press that ends the open composition: 안 + _ + 녕. A switch
        // ends the composition by itself.
        if route.presses.isEmpty, engine.isComposing, let separator = plans[layoutIndex].separator {
          result.append((advance, [separator] + presses))
        }
      }
    }
    return result
  }

  private func unreachableReason(_ character: Character) -> String {
    let name = layouts.indices.contains(initialLayout) ? layouts[initialLayout].id : "?"
    let scalars = character.unicodeScalars.map { "U+\(hex($0))" }.joined(separator: " ")
    return "\"\(character)\" (\(scalars)) cannot be typed on \(name) or the layouts it switches to"
  }
}

/// A character the layouts cannot type.
public struct SpellError: Error, Sendable, Hashable, CustomStringConvertible {
  public var character: Character
  /// 1-based position in the text, in characters.
  public var position: Int
  public var reason: String

  public var description: String { "position \(position): \(reason)" }
}

/// The parts of the engine state that decide what later keys do, for merging equal states in the
/// search.
///
/// The document is left out: every candidate's text equals the target.
struct ComposerSearchState: Hashable {
  var finished: InlineUTF8
  var current: SyllableState
  var pending: PendingText?
  var last: LastPress
  var isComposing: Bool
}

extension InputMethod {
  var composerSearchState: ComposerSearchState {
    return ComposerSearchState(
      finished: composer.finished, current: composer.current, pending: composer.pending,
      last: composer.last, isComposing: composer.isComposing)
  }
}

/// What one layout offers the speller: how to type each kind of character on it.
private struct LayoutPlan: Sendable {
  let index: Int
  let layout: Layout
  /// Consonant → (key, taps).
  var consonantTaps: [Choseong: (key: Int, taps: Int)] = [:]
  /// Vowel stroke → key.
  var strokeKeys: [VowelStroke: Int] = [:]
  /// Vowel → the fewest strokes that type it.
  var vowelStrokes: [[VowelStroke]?] = []
  /// Text-cycle items: (text, key, presses).
  var textItems: [(text: [Character], key: Int, presses: Int)] = []
  /// Hold texts: (text, key).
  var holdItems: [(text: [Character], key: Int)] = []
  var spaceKeys: [Int] = []
  var enterKey: Int?
  /// A press that ends a composition without typing anything new (→ or the shared key).
  var separator: Speller.Press?
  /// How to reach each layout from this one, cheapest first; this layout itself at no cost.
  var routes: [(target: Int, presses: [Speller.Press])] = []

  init(_ layout: Layout, in layouts: [Layout]) {
    self.layout = layout
    self.index = layouts.firstIndex(of: layout) ?? 0
    vowelStrokes = layout.composer.vowels.shortestStrokes
    var shared: Int? = nil
    var next: Int? = nil
    for (keyIndex, key) in layout.keys.enumerated() {
      switch key.action {
      case .vowel(let stroke):
        strokeKeys[stroke] = strokeKeys[stroke] ?? keyIndex
      case .consonant(let cycle, _):
        for (position, letter) in cycle.enumerated() where consonantTaps[letter] == nil {
          consonantTaps[letter] = (keyIndex, position + 1)
        }
      case .text(let cycle):
        for (position, item) in cycle.enumerated() {
          textItems.append((Array(item), keyIndex, position + 1))
        }
      case .spaceNext:
        spaceKeys.append(keyIndex)
        shared = shared ?? keyIndex
      case .space:
        spaceKeys.append(keyIndex)
      case .next:
        next = next ?? keyIndex
      case .enter:
        enterKey = enterKey ?? keyIndex
      case .backspace, .switchLayout, .dismiss:
        break
      }
      if case .text(let text) = key.hold { holdItems.append((Array(text), keyIndex)) }
    }
    if let key = next ?? shared {
      separator = Speller.Press(layout: index, key: key, isHold: false)
    }
    routes = Self.routes(from: index, in: layouts)
  }

  /// Breadth-first over switch keys.
  static func routes(from start: Int, in layouts: [Layout]) -> [(
    target: Int, presses: [Speller.Press]
  )] {
    var best: [Int: [Speller.Press]] = [start: []]
    var queue = [start]
    var order = [start]
    while !queue.isEmpty {
      let current = queue.removeFirst()
      for (keyIndex, key) in layouts[current].keys.enumerated() {
        guard case .switchLayout(let id) = key.action,
          let target = layouts.index(ofSwitchTarget: id), best[target] == nil
        else { continue }
        best[target] =
          (best[current] ?? []) + [Speller.Press(layout: current, key: keyIndex, isHold: false)]
        queue.append(target)
        order.append(target)
      }
    }
    return order.map { ($0, best[$0] ?? []) }
  }

  /// Ways to type the text at `position` on this layout.
  func ways(toType target: [Character], at position: Int) -> [(Int, [Speller.Press])] {
    let character = target[position]
    var result: [(Int, [Speller.Press])] = []
    func press(_ key: Int, times: Int = 1, hold: Bool = false) -> [Speller.Press] {
      Array(repeating: Speller.Press(layout: index, key: key, isHold: hold), count: times)
    }
    let scalars = Array(character.unicodeScalars)
    if scalars.count == 1 {
      let scalar = scalars[0]
      if let syllable = Syllable(scalar), let presses = syllablePresses(syllable, press) {
        result.append((1, presses))
      } else if (0x3131...0x314E).contains(scalar.value), let consonant = Choseong(scalar),
        let (key, taps) = consonantTaps[consonant]
      {
        result.append((1, press(key, times: taps)))
        // A consonant and a lone ㆍ or ‥ after it are one open composition ("ㄱㆍ"), typed
        // together: right after 스, ㄱ alone would become its final (슥), yet ㄱ then ㆍ gives
        // 스ㄱㆍ with no separator.
        if position + 1 < target.count, target[position + 1].unicodeScalars.count == 1,
          let next = target[position + 1].unicodeScalars.first,
          let stroke = displayedVowel(next), stroke == .araea || stroke == .ssangaraea,
          let strokes = vowelStrokes[stroke.index], let presses = strokePresses(strokes, press)
        {
          result.append((2, press(key, times: taps) + presses))
        }
      } else if let vowel = displayedVowel(scalar), let strokes = vowelStrokes[vowel.index],
        let presses = strokePresses(strokes, press)
      {
        result.append((1, presses))
      }
    }
    if character == " " {
      for key in spaceKeys { result.append((1, press(key))) }
    }
    if character == "\n", let enterKey { result.append((1, press(enterKey))) }
    for item in textItems where matches(item.text, target, at: position) {
      result.append((item.text.count, press(item.key, times: item.presses)))
    }
    for item in holdItems where matches(item.text, target, at: position) {
      result.append((item.text.count, press(item.key, hold: true)))
    }
    return result
  }

  private func matches(_ text: [Character], _ target: [Character], at position: Int) -> Bool {
    !text.isEmpty && position + text.count <= target.count
      && target[position..<(position + text.count)].elementsEqual(text)
  }

  private func displayedVowel(_ scalar: Unicode.Scalar) -> Vowel? {
    if scalar == araeaLetter { return .araea }
    if scalar == ssangaraeaLetter { return .ssangaraea }
    guard (0x314F...0x3163).contains(scalar.value), let jung = Jungseong(scalar) else { return nil }
    return .jungseong(jung)
  }

  private func strokePresses(
    _ strokes: [VowelStroke], _ press: (Int, Int, Bool) -> [Speller.Press]
  ) -> [Speller.Press]? {
    var presses: [Speller.Press] = []
    for stroke in strokes {
      guard let key = strokeKeys[stroke] else { return nil }
      presses += press(key, 1, false)
    }
    return presses
  }

  private func syllablePresses(
    _ syllable: Syllable, _ press: (Int, Int, Bool) -> [Speller.Press]
  ) -> [Speller.Press]? {
    guard let (choKey, choTaps) = consonantTaps[syllable.choseong],
      let strokes = vowelStrokes[Vowel.jungseong(syllable.jungseong).index],
      let vowelPresses = strokePresses(strokes, press)
    else { return nil }
    var presses = press(choKey, choTaps, false) + vowelPresses
    if let jong = syllable.jongseong {
      let letters: [Choseong]
      if let (first, second) = jong.parts, let firstLetter = first.choseong {
        letters = [firstLetter, second]
      } else if let single = jong.choseong {
        letters = [single]
      } else {
        return nil
      }
      for letter in letters {
        guard let (key, taps) = consonantTaps[letter] else { return nil }
        presses += press(key, taps, false)
      }
    }
    return presses
  }

  /// The token that writes a key of this layout.
  func token(for key: Int, isHold: Bool, digits: Bool) -> KeyToken {
    // A hold is written by the key's phone digit where it has one: <hold:4>.
    let base = plainToken(for: key, digits: digits || isHold)
    return isHold ? .hold(base) : base
  }

  private func plainToken(for keyIndex: Int, digits: Bool) -> KeyToken {
    let key = layout.keys[keyIndex]
    if digits, let phone = key.phone { return .phone(phone) }
    let switchKeys = layout.keys.filter {
      if case .switchLayout = $0.action { return true } else { return false }
    }
    switch key.action {
    case .vowel(let stroke): return .stroke(stroke)
    case .consonant(let cycle, _):
      if let first = cycle.first { return .consonant(first) }
    case .text(let cycle):
      if cycle.first == "." { return .punctuation }
    case .spaceNext: return .spaceNext
    case .space: return .space
    case .next: return .next
    case .backspace: return .backspace
    case .enter: return .enter
    case .switchLayout: if switchKeys.count == 1 { return .symbols }
    case .dismiss: return .dismiss
    }
    if let phone = key.phone { return .phone(phone) }
    return .keyID(key.id)
  }
}
