/// Finds the key a ``KeyToken`` means in one layout, with tables built once so that
/// resolving is constant time per key.
public struct KeyResolver: Sendable {
  public let layout: Layout
  private var strokeKeys: [Int?] = Array(repeating: nil, count: VowelStroke.allCases.count)
  private var consonantKeys: [Int?] = Array(repeating: nil, count: Choseong.allCases.count)
  private var phoneKeys: [Character: Int] = [:]
  private var idKeys: [String: Int] = [:]
  private var spaceNextKey: Int?
  private var spaceKey: Int?
  private var nextKey: Int?
  private var backspaceKey: Int?
  private var enterKey: Int?
  private var punctuationKey: Int?
  private var symbolsKey: Int?
  private var dismissKey: Int?

  public init(layout: Layout) {
    self.layout = layout
    for (index, key) in layout.keys.enumerated() {
      idKeys[key.id] = idKeys[key.id] ?? index
      if let phone = key.phone { phoneKeys[phone] = phoneKeys[phone] ?? index }
      switch key.action {
      case .vowel(let stroke):
        strokeKeys[Int(stroke.rawValue)] = strokeKeys[Int(stroke.rawValue)] ?? index
      case .consonant(let cycle, _):
        if let first = cycle.first {
          consonantKeys[Int(first.rawValue)] = consonantKeys[Int(first.rawValue)] ?? index
        }
      case .text(let cycle):
        if cycle.first == "." { punctuationKey = punctuationKey ?? index }
      case .spaceNext: spaceNextKey = spaceNextKey ?? index
      case .space: spaceKey = spaceKey ?? index
      case .next: nextKey = nextKey ?? index
      case .backspace: backspaceKey = backspaceKey ?? index
      case .enter: enterKey = enterKey ?? index
      case .switchLayout: symbolsKey = symbolsKey ?? index
      case .dismiss: dismissKey = dismissKey ?? index
      }
    }
  }

  /// The key index `token` presses, and whether it is held.
  ///
  /// - Throws: ``KeySequenceError`` (column 0; the caller fills in the column) saying why the
  ///   layout has no such key and what to write instead.
  public func resolve(_ token: KeyToken) throws(KeySequenceError) -> (key: Int, isHold: Bool) {
    if case .hold(let inner) = token {
      if case .hold = inner { throw problem(token, "a hold cannot hold another hold") }
      return (try resolve(inner).key, true)
    }
    return (try key(for: token), false)
  }

  /// The key a (non-hold) token presses, by table lookup.
  @inline(__always)
  func key(for token: KeyToken) throws(KeySequenceError) -> Int {
    let found: Int?
    switch token {
    case .stroke(let stroke): found = strokeKeys[Int(stroke.rawValue)]
    case .consonant(let consonant):
      if let key = consonantKeys[Int(consonant.rawValue)] { return key }
      throw problem(token, consonantReason(consonant))
    case .spaceNext:
      if let spaceNextKey { return spaceNextKey }
      throw problem(
        token,
        spaceKey != nil || nextKey != nil
          ? "layout \(layout.id) has no shared space/next key; write <next> or <space>"
          : "layout \(layout.id) has no space key")
    case .backspace: found = backspaceKey
    case .punctuation: found = punctuationKey
    case .phone(let symbol): found = phoneKeys[symbol]
    case .space: found = spaceKey ?? spaceNextKey
    case .next: found = nextKey ?? spaceNextKey
    case .enter: found = enterKey
    case .symbols: found = symbolsKey
    case .dismiss: found = dismissKey
    case .keyID(let id): found = idKeys[id]
    case .hold: throw problem(token, "a hold cannot hold another hold")
    }
    if let found { return found }
    throw problem(token, "layout \(layout.id) has no key \(token.notation)")
  }

  private func problem(_ token: KeyToken, _ reason: String) -> KeySequenceError {
    KeySequenceError(token: token.notation, column: 0, reason: reason)
  }

  private func consonantReason(_ consonant: Choseong) -> String {
    let letter = String(Character(consonant.compatibility))
    for (index, key) in layout.keys.enumerated() {
      guard case .consonant(let cycle, _) = key.action, let position = cycle.firstIndex(of: consonant),
        let first = cycle.first
      else { continue }
      let keyLetter = String(Character(first.compatibility))
      _ = index
      return "\"\(letter)\" is not a key: the \(key.label) key types it with \(position + 1) presses; "
        + "write \(String(repeating: keyLetter, count: position + 1))"
    }
    return "layout \(layout.id) has no key for \"\(letter)\""
  }
}
