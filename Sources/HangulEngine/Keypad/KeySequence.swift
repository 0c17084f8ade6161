/// One key in the key-sequence notation used by the vectors file, `cheonjiin keys` and
/// `cheonjiin spell`.
///
/// | written | means |
/// |---|---|
/// | `ㅣ` `ᆞ` `ㅡ` (also `·`, `ㆍ` for the dot) | the vowel-stroke keys |
/// | `ㄱ` `ㄴ` `ㄷ` `ㅂ` `ㅅ` `ㅈ` `ㅇ` | the consonant key whose cycle starts with that letter |
/// | `_` | the shared space/next key |
/// | `<` | backspace |
/// | `.` | the `.,?!` key |
/// | `0`–`9` `*` `#` | the key at that place on a phone keypad |
/// | `<space>` `<next>` `<bs>` `<enter>` `<punct>` `<symbols>` `<dismiss>` | keys by role |
/// | `<hold:N>` | hold the key written N (any of the above, e.g. `<hold:4>`) |
/// | `<ID>` | the key with that id in the current layout |
///
/// White space is ignored.
public enum KeyToken: Sendable, Hashable {
  case stroke(VowelStroke)
  case consonant(Choseong)
  case spaceNext
  case backspace
  case punctuation
  case phone(Character)
  case space
  case next
  case enter
  case symbols
  case dismiss
  indirect case hold(KeyToken)
  case keyID(String)

  /// How the token is written.
  public var notation: String {
    switch self {
    case .stroke(let stroke): String(Character(stroke.letter))
    case .consonant(let consonant): String(Character(consonant.compatibility))
    case .spaceNext: "_"
    case .backspace: "<"
    case .punctuation: "."
    case .phone(let symbol): String(symbol)
    case .space: "<space>"
    case .next: "<next>"
    case .enter: "<enter>"
    case .symbols: "<symbols>"
    case .dismiss: "<dismiss>"
    case .hold(let inner): "<hold:\(inner.bracketFreeNotation)>"
    case .keyID(let id): "<\(id)>"
    }
  }

  /// The notation without angle brackets, as used inside `<hold:…>`.
  var bracketFreeNotation: String {
    let written = notation
    guard written.count > 2, written.hasPrefix("<"), written.hasSuffix(">") else { return written }
    return String(written.dropFirst().dropLast())
  }
}

/// A token and the column (1-based, in Unicode scalars) where it was written.
public struct PlacedKeyToken: Sendable, Hashable {
  public var token: KeyToken
  public var column: Int

  public init(_ token: KeyToken, column: Int) {
    self.token = token
    self.column = column
  }
}

/// A key sequence that could not be read.
public struct KeySequenceError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The offending text as written.
  public var token: String
  /// 1-based column, in Unicode scalars.
  public var column: Int
  /// What is wrong and what to write instead.
  public var reason: String

  public init(token: String, column: Int, reason: String) {
    self.token = token
    self.column = column
    self.reason = reason
  }

  public var description: String { "column \(column): \(reason)" }
}

/// Reads the key-sequence notation (see ``KeyToken``).
public enum KeySequence {
  /// Parses a whole sequence.
  ///
  /// - Throws: ``KeySequenceError`` naming the first unknown token and its column.
  public static func parse(_ text: String) throws(KeySequenceError) -> [PlacedKeyToken] {
    var tokens: [PlacedKeyToken] = []
    try parse(text, into: &tokens)
    return tokens
  }

  /// Parses a whole sequence into `tokens`, which is emptied first (its capacity is reused).
  public static func parse(_ text: String, into tokens: inout [PlacedKeyToken])
    throws(KeySequenceError)
  {
    tokens.removeAll(keepingCapacity: true)
    try forEachToken(in: text) { tokens.append($0) }
  }

  /// Reads the tokens of `text` in order, calling `body` with each as it is read: nothing is
  /// stored (``SequenceRunner`` presses each key as it comes).
  ///
  /// - Throws: The first ``KeySequenceError`` of reading `text` or of `body`; the tokens before
  ///   it have been passed to `body`.
  @inline(__always)
  static func forEachToken(
    in text: String, _ body: (PlacedKeyToken) throws(KeySequenceError) -> Void
  ) throws(KeySequenceError) {
    var text = text
    let failure: KeySequenceError? = text.withUTF8 { bytes in
      var reader = KeyTokenReader(bytes)
      do throws(KeySequenceError) {
        while let token = try reader.next() { try body(token) }
      } catch {
        return error
      }
      return nil
    }
    if let failure { throw failure }
  }

  /// Formats tokens back into notation.
  public static func format(_ tokens: [KeyToken], separator: String = "") -> String {
    tokens.map(\.notation).joined(separator: separator)
  }

  // MARK: - Helpers

  @inline(__always)
  static func singleScalarToken(_ scalar: Unicode.Scalar) -> KeyToken? {
    switch scalar {
    case "_": return .spaceNext
    case ".": return .punctuation
    case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#":
      return .phone(Character(scalar))
    default:
      if let stroke = VowelStroke(scalar) { return .stroke(stroke) }
      if (0x3131...0x314E).contains(scalar.value), let consonant = Choseong(scalar) {
        return .consonant(consonant)
      }
      return nil
    }
  }

  static let roleNames: [String: KeyToken] = [
    "space": .space, "next": .next, "bs": .backspace, "backspace": .backspace, "enter": .enter,
    "punct": .punctuation, "symbols": .symbols, "dismiss": .dismiss,
  ]

  static func bracketedToken(_ name: String, column: Int) throws(KeySequenceError) -> KeyToken {
    if let role = roleNames[name] { return role }
    if name.hasPrefix("hold:") {
      let inner = String(name.dropFirst(5))
      let innerScalars = Array(inner.unicodeScalars)
      if innerScalars.count == 1, let token = singleScalarToken(innerScalars[0]) {
        return .hold(token)
      }
      if let role = roleNames[inner] { return .hold(role) }
      guard !inner.isEmpty, isKeyID(inner) else {
        throw KeySequenceError(
          token: "<\(name)>", column: column,
          reason: "\"<\(name)>\" holds nothing: write <hold:N> with N a key (<hold:4>, <hold:bs>)")
      }
      return .hold(.keyID(inner))
    }
    guard isKeyID(name) else {
      throw KeySequenceError(
        token: "<\(name)>", column: column,
        reason: "unknown key \"<\(name)>\"; known: <space> <next> <bs> <enter> <punct> <symbols> "
          + "<dismiss> <hold:N>, or <ID> with a key id of the layout")
    }
    return .keyID(name)
  }

  static func isKeyID(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-"
        || scalar == "_" || scalar == "."
    }
  }

  static func unknownScalarReason(_ scalar: Unicode.Scalar) -> String {
    // A control character (ESC, a tab) is named, never echoed: it would act on the terminal.
    if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
    {
      return "unknown key U+\(hex(scalar)) (a control character); keys are ㅣ ㆍ ㅡ ㄱ ㄴ ㄷ ㅂ ㅅ ㅈ ㅇ "
        + "_ < . 0-9 * # or <name>"
    }
    let written = String(Character(scalar))
    if let final = Jongseong(scalar), let (first, second) = final.parts,
      let firstLetter = first.choseong
    {
      return "\"\(written)\" is two keys: write its consonants, \(consonantHint(firstLetter))"
        + "\(consonantHint(second))"
    }
    if scalar.isConjoiningJamo {
      return "\"\(written)\" (U+\(hex(scalar))) is a conjoining jamo; write the key letter instead"
    }
    if let jung = Jungseong(scalar) {
      return "\"\(written)\" is not a key; vowels are typed with ㅣ ㆍ ㅡ strokes"
        + (jung == .a ? " (ㅏ = ㅣㆍ)" : "")
    }
    if Syllable(scalar) != nil {
      return
        "\"\(written)\" is a syllable, not a key; use `cheonjiin spell \(written)` to see its keys"
    }
    return
      "unknown key \"\(written)\" (U+\(hex(scalar))); keys are ㅣ ㆍ ㅡ ㄱ ㄴ ㄷ ㅂ ㅅ ㅈ ㅇ _ < . 0-9 * # "
      + "or <name>"
  }

  /// `ㅋ` → `ㄱㄱ` on the standard cycles; only a hint, the layout decides.
  public static func consonantHint(_ consonant: Choseong) -> String {
    let cycles: [[Choseong]] = [
      [.kiyeok, .khieukh, .ssangkiyeok], [.nieun, .rieul], [.tikeut, .thieuth, .ssangtikeut],
      [.pieup, .phieuph, .ssangpieup], [.sios, .hieuh, .ssangsios],
      [.cieuc, .chieuch, .ssangcieuc], [.ieung, .mieum],
    ]
    for cycle in cycles {
      if let position = cycle.firstIndex(of: consonant) {
        return String(repeating: String(Character(cycle[0].compatibility)), count: position + 1)
      }
    }
    return String(Character(consonant.compatibility))
  }
}

/// Reads a key sequence's tokens one at a time from its UTF-8, storing none: ``SequenceRunner``
/// presses each key as it is read (`cheonjiin keys` reads a million lines).
struct KeyTokenReader {
  private var scanner: UTF8Scanner

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    scanner = UTF8Scanner(bytes: bytes)
  }

  /// The next token and its column, or `nil` at the end.
  ///
  /// - Throws: ``KeySequenceError`` naming an unknown token and its column.
  mutating func next() throws(KeySequenceError) -> PlacedKeyToken? {
    while let (scalar, column) = scanner.next() {
      if let token = KeySequence.singleScalarToken(scalar) {
        return PlacedKeyToken(token, column: column)
      }
      if scalar.properties.isWhitespace { continue }
      guard scalar == "<" else {
        throw KeySequenceError(
          token: String(Character(scalar)), column: column,
          reason: KeySequence.unknownScalarReason(scalar))
      }
      // `<` is backspace unless a bracketed name follows: `<bs>`, `<hold:4>`.
      var lookahead = scanner
      var name = String.UnicodeScalarView()
      var closed = false
      while let (next, _) = lookahead.next() {
        if next == ">" {
          closed = true
          break
        }
        if next == "<" || next.properties.isWhitespace { break }
        name.append(next)
      }
      guard closed, !name.isEmpty else {
        // `<bs` or `<hold:4`: a name was begun but not closed (a lone `<` before a key,
        // `<ㄱ`, is ⌫ then the key; ASCII letters are never keys on their own).
        if let first = name.first, first.isASCII, first.properties.isAlphabetic {
          throw KeySequenceError(
            token: "<" + String(name), column: column,
            reason: "\"<\(String(name))\" is not closed; write <\(String(name))>")
        }
        return PlacedKeyToken(.backspace, column: column)
      }
      let token = try KeySequence.bracketedToken(String(name), column: column)
      scanner = lookahead
      return PlacedKeyToken(token, column: column)
    }
    return nil
  }
}

/// Upper-case hex, at least four digits: `U+1F` → `001F`.
func hex(_ scalar: Unicode.Scalar) -> String {
  let digits = String(scalar.value, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// Decodes UTF-8 one scalar at a time with 1-based columns (in scalars).
///
/// Invalid bytes decode as U+FFFD, which no key uses, so they are reported as unknown keys.
struct UTF8Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0
  var column = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func next() -> (Unicode.Scalar, Int)? {
    guard offset < bytes.count else { return nil }
    column += 1
    let (value, length) = decodeScalar(bytes, offset, bytes.count)
    offset += length
    // `decodeScalar` gives only valid scalars.
    return (Unicode.Scalar(value) ?? "\u{FFFD}", column)
  }
}
