/// Finds the key a ``KeyToken`` means in one layout, with tables built once so that
/// resolving is constant time per key.
///
/// A class: the tables are shared, never copied, on the hot path of `cheonjiin keys`.
public final class KeyResolver: Sendable {
  public let layout: Layout
  private let strokeKeys: [Int?]
  private let consonantKeys: [Int?]
  private let phoneKeys: [Character: Int]
  private let idKeys: [String: Int]
  private let spaceNextKey: Int?
  private let spaceKey: Int?
  private let nextKey: Int?
  private let backspaceKey: Int?
  private let enterKey: Int?
  private let punctuationKey: Int?
  private let symbolsKey: Int?
  private let dismissKey: Int?

  public init(layout: Layout) {
    self.layout = layout
    var strokeKeys = [Int?](repeating: nil, count: VowelStroke.allCases.count)
    var consonantKeys = [Int?](repeating: nil, count: Choseong.allCases.count)
    var phoneKeys: [Character: Int] = [:]
    var idKeys: [String: Int] = [:]
    var roles: [Role: Int] = [:]
    for (index, key) in layout.keys.enumerated() {
      idKeys[key.id] = idKeys[key.id] ?? index
      if let phone = key.phone { phoneKeys[phone] = phoneKeys[phone] ?? index }
      let role: Role?
      switch key.action {
      case .vowel(let stroke):
        strokeKeys[Int(stroke.rawValue)] = strokeKeys[Int(stroke.rawValue)] ?? index
        role = nil
      case .consonant(let cycle, _):
        if let first = cycle.first {
          consonantKeys[Int(first.rawValue)] = consonantKeys[Int(first.rawValue)] ?? index
        }
        role = nil
      case .text(let cycle): role = cycle.first == "." ? .punctuation : nil
      case .spaceNext: role = .spaceNext
      case .space: role = .space
      case .next: role = .next
      case .backspace: role = .backspace
      case .enter: role = .enter
      case .switchLayout: role = .symbols
      case .dismiss: role = .dismiss
      }
      if let role { roles[role] = roles[role] ?? index }
    }
    self.strokeKeys = strokeKeys
    self.consonantKeys = consonantKeys
    self.phoneKeys = phoneKeys
    self.idKeys = idKeys
    spaceNextKey = roles[.spaceNext]
    spaceKey = roles[.space]
    nextKey = roles[.next]
    backspaceKey = roles[.backspace]
    enterKey = roles[.enter]
    punctuationKey = roles[.punctuation]
    symbolsKey = roles[.symbols]
    dismissKey = roles[.dismiss]
  }

  private enum Role: Hashable {
    case spaceNext, space, next, backspace, enter, punctuation, symbols, dismiss
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
    for key in layout.keys {
      guard case .consonant(let cycle, _) = key.action,
        let position = cycle.firstIndex(of: consonant),
        let first = cycle.first
      else { continue }
      let keyLetter = String(Character(first.compatibility))
      return
        "\"\(letter)\" is not a key: the \(key.label) key types it with \(position + 1) presses; "
        + "write \(String(repeating: keyLetter, count: position + 1))"
    }
    return "layout \(layout.id) has no key for \"\(letter)\""
  }
}
