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

  /// Spells `text`.
  ///
  /// - Returns: The presses, verified to type exactly `text` from an empty engine.
  /// - Throws: ``SpellError`` naming the first character no reachable layout can type.
  public func spell(_ text: String) throws(SpellError) -> [Press] {
    let target = Array(composingConjoiningJamo(text))
    let start = Typist(layouts: layouts, initial: initialLayout)
    var open: [SearchKey: Candidate] = [
      SearchKey(position: 0, state: start.composerSearchState, layout: start.layoutIndex):
        Candidate(engine: start, presses: [])
    ]
    var furthest = 0
    // Every move types at least one character, so expanding the nearest position first
    // settles each position before anything that builds on it.
    while let position = open.keys.map(\.position).min() {
      let here = open.filter { $0.key.position == position }.map(\.value)
      open = open.filter { $0.key.position != position }
      furthest = max(furthest, position)
      if position == target.count {
        return here.min(by: isPreferred)?.presses ?? []
      }
      for candidate in here {
        for (advance, presses) in moves(for: target, at: position, from: candidate.engine) {
          var engine = candidate.engine
          for press in presses { apply(press, to: &engine) }
          guard engine.text.elementsEqual(target[0..<(position + advance)]) else { continue }
          let key = SearchKey(
            position: position + advance, state: engine.composerSearchState,
            layout: engine.layoutIndex)
          let total = candidate.presses.count + presses.count
          if let existing = open[key], existing.presses.count <= total { continue }
          open[key] = Candidate(engine: engine, presses: candidate.presses + presses)
        }
      }
    }
    if target.isEmpty { return [] }
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

  private struct Candidate {
    var engine: Typist
    var presses: [Press]
  }

  private struct SearchKey: Hashable {
    var position: Int
    var state: ComposerSearchState
    var layout: Int
  }

  /// Among finished candidates: fewer presses; on a tie, the one that ends on the starting
  /// layout (so text spelled in pieces never strays to !#1 for a space), then the first by
  /// key order, so the same text always gives the same sequence.
  private func isPreferred(_ a: Candidate, over b: Candidate) -> Bool {
    if a.presses.count != b.presses.count { return a.presses.count < b.presses.count }
    let aStays = a.engine.layoutIndex == initialLayout
    let bStays = b.engine.layoutIndex == initialLayout
    if aStays != bStays { return aStays }
    for (x, y) in zip(a.presses, b.presses) where x != y {
      return (x.layout, x.key, x.isHold ? 1 : 0) < (y.layout, y.key, y.isHold ? 1 : 0)
    }
    return false
  }

  private func apply(_ press: Press, to engine: inout Typist) {
    _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
  }

  /// Ways to type the character at `position` from `engine`'s state: (characters advanced, presses).
  private func moves(for target: [Character], at position: Int, from engine: Typist)
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
  var finished: [UInt8]
  var current: SyllableState
  var pending: PendingText?
  var last: LastPress
  var isComposing: Bool
}

extension Typist {
  var composerSearchState: ComposerSearchState {
    let composer = inputMethod.composer
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
