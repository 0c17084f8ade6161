import HangulEngine
import TerminalInput

/// A physical key a keymap can bind: a keypad key or a plain character.
public enum PhysicalKey: Hashable, Sendable, CustomStringConvertible {
  case keypad(NumpadKey)
  case character(Unicode.Scalar)

  /// The keypad keys' names, as keymap files write them.
  public static let keypadNames =
    (0...9).map { "KP\($0)" } + [
      "KP.", "KP/", "KP*", "KP-", "KP+", "KP=", "KPEnter",
    ]

  /// Reads a name as keymap files write it: `KP7`, `KP.`, `KPEnter`, `KP+`, or one character.
  public init?(name: String) {
    if name.hasPrefix("KP"), name.count > 2 {
      let rest = String(name.dropFirst(2))
      switch rest {
      case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9":
        self = .keypad(.digit(Int(rest) ?? 0))
      case ".": self = .keypad(.decimal)
      case "/": self = .keypad(.divide)
      case "*": self = .keypad(.multiply)
      case "-": self = .keypad(.subtract)
      case "+": self = .keypad(.add)
      case "=": self = .keypad(.equal)
      case "Enter": self = .keypad(.enter)
      default: return nil
      }
      return
    }
    let scalars = Array(name.unicodeScalars)
    guard scalars.count == 1, scalars[0].value > 0x20, scalars[0].value < 0x7F else { return nil }
    self = .character(scalars[0])
  }

  /// Whether this is a key of the numeric keypad (`KP7`), not a character (`7`).
  public var isKeypad: Bool {
    if case .keypad = self { true } else { false }
  }

  public var description: String {
    switch self {
    case .keypad(let key):
      switch key {
      case .digit(let digit): "KP\(digit)"
      case .decimal: "KP."
      case .divide: "KP/"
      case .multiply: "KP*"
      case .subtract: "KP-"
      case .add: "KP+"
      case .equal: "KP="
      case .enter: "KPEnter"
      case .separator, .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert,
        .delete, .begin:
        "KP?"
      }
    case .character(let scalar): String(Character(scalar))
    }
  }

  /// How the key is labelled on the pad, small: `7` for KP7 and for the digit 7.
  public var padHint: String {
    switch self {
    case .keypad(let key):
      switch key {
      case .digit(let digit): String(digit)
      case .decimal: "."
      case .divide: "/"
      case .multiply: "*"
      case .subtract: "-"
      case .add: "+"
      case .equal: "="
      case .enter: "Enter"
      case .separator, .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert,
        .delete, .begin:
        ""
      }
    case .character(let scalar): String(Character(scalar))
    }
  }
}

/// What a bound key presses, independent of the layout: a phone position or a role.
public enum BindingTarget: Hashable, Sendable, CustomStringConvertible {
  /// The layout key at this phone position (`1`…`9`, `0`, `*`, `#`).
  case phone(Character)
  case space
  /// Ends the composition (the → key, or the shared key's "next").
  case next
  case backspace
  case enter
  /// The `.,?!` key.
  case punctuation
  /// The layout's (first) switch key: !#1, or 한글 on the symbols pad.
  case symbols
  case dismiss
  /// A key by its id.
  case key(String)

  /// Every target as keymap files write them, `phone N` and `key ID` in their general form.
  public static let forms = [
    "phone N", "space", "next", "backspace", "return", "punct", "symbols", "dismiss", "key ID",
  ]

  /// Reads a target as keymap files write it: `phone 7`, `space`, `key bs`.
  public init?(text: String) {
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    switch parts.first {
    case "phone":
      guard parts.count == 2, parts[1].count == 1, let symbol = parts[1].first,
        "0123456789*#".contains(symbol)
      else { return nil }
      self = .phone(symbol)
    case "key":
      guard parts.count == 2, !parts[1].isEmpty else { return nil }
      self = .key(parts[1])
    case "space" where parts.count == 1: self = .space
    case "next" where parts.count == 1: self = .next
    case "backspace" where parts.count == 1: self = .backspace
    case "return" where parts.count == 1: self = .enter
    case "punct" where parts.count == 1: self = .punctuation
    case "symbols" where parts.count == 1: self = .symbols
    case "dismiss" where parts.count == 1: self = .dismiss
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .phone(let symbol): "phone \(symbol)"
    case .space: "space"
    case .next: "next"
    case .backspace: "backspace"
    case .enter: "return"
    case .punctuation: "punct"
    case .symbols: "symbols"
    case .dismiss: "dismiss"
    case .key(let id): "key \(id)"
    }
  }

  /// What the target resolves to in a layout.
  public enum Resolution: Hashable, Sendable {
    case key(Int)
    /// End the composition without a key (Galaxy has no separate →).
    case flush
  }

  /// What ends the word being composed in `layout`: its → key, or a flush where it has none.
  ///
  /// Tab, whose only job is this; a key bound to `next` may do more on a pad of digits.
  public static func endOfWord(in layout: Layout) -> Resolution {
    layout.keys.firstIndex { $0.action == .next }.map(Resolution.key) ?? .flush
  }

  /// The key this target presses in `layout`, or `nil` if the layout has none.
  public func resolve(in layout: Layout) -> Resolution? {
    func first(_ matches: (KeyAction) -> Bool) -> Int? {
      layout.keys.firstIndex { matches($0.action) }
    }
    switch self {
    case .phone(let symbol):
      return layout.keys.firstIndex { $0.phone == symbol }.map(Resolution.key)
    case .space:
      return (first { $0 == .space } ?? first { $0 == .spaceNext }).map(Resolution.key)
    case .next:
      // A pad of digits (!#1) has no word to end: → presses its `-_/` key instead, the one key
      // of the pad the keypad's side column (/ * - + Enter) would otherwise not reach.
      let isDigitPad = first { if case .text(let cycle) = $0 { cycle == ["0"] } else { false } }
      let hyphen = first { if case .text(let cycle) = $0 { cycle.first == "-" } else { false } }
      if isDigitPad != nil, let hyphen { return .key(hyphen) }
      return Self.endOfWord(in: layout)
    case .backspace: return first { $0 == .backspace }.map(Resolution.key)
    case .enter: return first { $0 == .enter }.map(Resolution.key)
    case .punctuation:
      return first { if case .text(let cycle) = $0 { cycle.first == "." } else { false } }
        .map(Resolution.key)
    case .symbols:
      return first { if case .switchLayout = $0 { true } else { false } }.map(Resolution.key)
    case .dismiss: return first { $0 == .dismiss }.map(Resolution.key)
    case .key(let id): return layout.keyIndex(id: id).map(Resolution.key)
    }
  }
}

/// A key of `cheonjiin run` itself, as keymap files name it: a function key (`F1` … `F35`) or
/// Ctrl with a letter or one of `\ ] ^ _` (`Ctrl-]`, `Ctrl-G`): keys every terminal sends and
/// that type nothing.
public enum CommandChord: Hashable, Sendable, CustomStringConvertible {
  /// F1 … F35.
  case function(Int)
  /// Ctrl with a lowercase letter or one of `\ ] ^ _`.
  case control(Unicode.Scalar)

  /// The characters that go with Ctrl: those a terminal sends as a control byte of their own
  /// (Ctrl-H, I, J, M and [ arrive as ⌫, Tab, Enter and Esc, so they cannot be told apart).
  public static let controlCharacters: [Character] =
    "abcdefgklnopqrstuvwxyz".map { $0 } + ["\\", "]", "^", "_"]

  /// The names keymap files may use, for messages.
  public static let forms =
    "\"F1\" … \"F35\", or \"Ctrl-\" and a letter or one of \\ ] ^ _ "
    + "(not Ctrl-H, I, J or M: they are ⌫, Tab and Enter)"

  /// Reads a name as keymap files write it: `F1`, `Ctrl-]`, `Ctrl-g` (letters in either case).
  public init?(name: String) {
    if name.hasPrefix("F"), name.count <= 3, !name.dropFirst().hasPrefix("0"),
      let number = Int(name.dropFirst()), (1...35).contains(number)
    {
      self = .function(number)
      return
    }
    guard name.hasPrefix("Ctrl-"), name.count == 6, let last = name.last else { return nil }
    let character = Character(last.lowercased())
    guard Self.controlCharacters.contains(character),
      let scalar = character.unicodeScalars.first
    else { return nil }
    self = .control(scalar)
  }

  /// Whether a key event is this chord: the key, with Ctrl for a character, and no other
  /// modifier.
  public func matches(_ event: TerminalKeyEvent) -> Bool {
    switch self {
    case .function(let number): event.key == .function(number) && event.modifiers.isEmpty
    case .control(let scalar): event.key == .character(scalar) && event.modifiers == .control
    }
  }

  public var description: String {
    switch self {
    case .function(let number): "F\(number)"
    case .control(let scalar): "Ctrl-" + String(Character(scalar)).uppercased()
    }
  }
}

/// Which physical keys press which pad keys; data in `Keymaps/*.json`.
public struct Keymap: Sendable, Hashable {
  public var id: String
  /// Korean and English names for the status line.
  public var name: String
  public var englishName: String
  public var bindings: [PhysicalKey: BindingTarget]
  /// Keys whose long press takes a suggestion (1 = the first), while suggestions show.
  ///
  /// The keypad alone can then choose words: by default hold + for the first, * and / for the
  /// next two.
  public var suggestionHolds: [PhysicalKey: Int]
  /// Which bindings the pad's corner hints name when a pad key has both kinds: the keypad's
  /// (`numpad`: the user types on the keypad) or plain characters (`phone`: the top-row
  /// digits, `*` and `#`, where `.` on the main keyboard is not the keypad's `.`).
  public var hintsShowCharacters: Bool
  /// The keys of `cheonjiin run` itself, by action (`help`, `digits`, `dock`, `passNext`);
  /// an action the file leaves out has its key in ``defaultRunKeys``.
  public var runKeys: [String: CommandChord]

  /// The actions of `cheonjiin run` a keymap binds, with their keys when the file says
  /// nothing: F1 help, F9 digits, F12 the dock, and Ctrl-] to send the next key (F1 too) to
  /// the program.
  public static let defaultRunKeys: [String: CommandChord] = [
    "help": .function(1), "digits": .function(9), "dock": .function(12),
    "passNext": .control("]"),
  ]

  public init(
    id: String, name: String, englishName: String, bindings: [PhysicalKey: BindingTarget],
    suggestionHolds: [PhysicalKey: Int] = [:], hintsShowCharacters: Bool = false,
    runKeys: [String: CommandChord] = [:]
  ) {
    self.id = id
    self.name = name
    self.englishName = englishName
    self.bindings = bindings
    self.suggestionHolds = suggestionHolds
    self.hintsShowCharacters = hintsShowCharacters
    self.runKeys = Self.defaultRunKeys.merging(runKeys) { $1 }
  }

  /// The key shown next to suggestion `slot` (1-based): `+` for KP+.
  public func suggestionKeyLabel(_ slot: Int) -> String? {
    let keys = suggestionHolds.filter { $0.value == slot }.map(\.key)
    return (keys.first { $0.isKeypad != hintsShowCharacters } ?? keys.first)?.padHint
  }

  /// `layouts` with each letter key's digit made the digit on the key that presses it here.
  ///
  /// A letter key's hold types its phone position; in `numpad` holding keypad 7
  /// (ㅣ, the phone's 1) types 7, as the key says, so that a phone number is typed as the
  /// keypad shows it. In `phone` the digit keys are the phone's: nothing changes.
  public func withKeycapDigits(_ layouts: [Layout]) -> [Layout] {
    layouts.map { layout in
      var layout = layout
      for index in layout.keys.indices {
        guard let phone = layout.keys[index].phone, case .text(let text)? = layout.keys[index].hold,
          text == String(phone), let digit = keycapDigit(forPhone: phone)
        else { continue }
        layout.keys[index].hold = .text(digit)
      }
      return layout
    }
  }

  /// The digit printed on the key bound to a phone position: a keypad digit, else a digit
  /// character; nil when no digit key presses it.
  func keycapDigit(forPhone phone: Character) -> String? {
    var character: String?
    for (physical, target) in bindings where target == .phone(phone) {
      switch physical {
      case .keypad(.digit(let digit)): return String(digit)
      case .character(let scalar) where ("0"..."9").contains(scalar):
        character = min(character ?? String(Character(scalar)), String(Character(scalar)))
      case .keypad, .character: continue
      }
    }
    return character
  }

  /// The physical keys bound to each key of a layout, for the hints drawn on the pad: the
  /// preferred kind (``hintsShowCharacters``) wins, so in `numpad` `KP7` shows as `7`.
  public func hints(for layout: Layout) -> [Int: String] {
    var hints: [Int: (String, rank: Int)] = [:]
    for (physical, target) in bindings {
      guard case .key(let index) = target.resolve(in: layout) else { continue }
      // A digit bound to a phone position sits where the pad already shows it (the keypad's 7
      // is the top-left key, the phone's 7 is the key whose long press types 7): no hint. The
      // side column's keys (- Enter * / .) are named.
      if case .phone = target, physical.padHint.count == 1, physical.padHint.first?.isNumber == true
      {
        continue
      }
      let rank = physical.isKeypad != hintsShowCharacters ? 0 : 1
      let hint = physical.padHint
      if let existing = hints[index], (existing.rank, existing.0) <= (rank, hint) { continue }
      hints[index] = (hint, rank)
    }
    return hints.mapValues(\.0)
  }
}
