/// A keypad layout: its keys, how they sit in rows, and how the composer behaves.
///
/// Layouts are data (`Layouts/*.json`); `LayoutLoading` reads and validates them into this
/// model. Galaxy and iPhone styles differ only in the values here, never in code.
public struct Layout: Sendable, Hashable {
  /// The name other layouts and `--layout` use: `cheonjiin-galaxy`.
  public var id: String
  /// What the user sees: `천지인 (Galaxy)`.
  public var name: String
  /// What the user sees in an English interface, when the file gives it (`englishName`).
  public var englishName: String?
  public var keys: [LayoutKey]
  /// Rows from top to bottom; each entry is an index into `keys`, or `nil` for an empty cell
  /// one unit wide.
  public var rows: [[Int?]]
  public var composer: ComposerSettings

  public init(
    id: String, name: String, englishName: String? = nil, keys: [LayoutKey], rows: [[Int?]],
    composer: ComposerSettings
  ) {
    self.id = id
    self.name = name
    self.englishName = englishName
    self.keys = keys
    self.rows = rows
    self.composer = composer
  }

  /// The index of the key with this id.
  public func keyIndex(id: String) -> Int? {
    keys.firstIndex { $0.id == id }
  }

  /// The switch target that means "back to the Korean layout you chose": the !#1 pad's 한글
  /// key goes back to iPhone or Hwalja style as well as to Galaxy.
  public static let homeID = "@home"

  /// Whether a key switches home (``homeID``): such a layout is a side pad, never home itself.
  public var switchesHome: Bool {
    keys.contains { $0.action == .switchLayout(Self.homeID) }
  }
}

extension [Layout] {
  /// The index a switch to ``Layout/homeID`` goes to: the first layout that is not a side pad
  /// (the loader puts the chosen layout first), or 0.
  public var homeIndex: Int {
    firstIndex { !$0.switchesHome } ?? 0
  }

  /// The index of a switch target: a layout id, or ``Layout/homeID``.
  public func index(ofSwitchTarget target: String) -> Int? {
    target == Layout.homeID ? homeIndex : firstIndex { $0.id == target }
  }
}

/// One key of a layout.
public struct LayoutKey: Sendable, Hashable {
  /// A name unique in its layout, used by rows, keymaps and `<id>` in key sequences.
  public var id: String
  /// The big label: `ㄱㅋ`.
  public var label: String
  /// A small second label, such as `→` on the shared space key.
  public var secondLabel: String?
  /// Width in grid units (1 = one ordinary key).
  public var width: Double
  public var style: KeyStyle
  public var action: KeyAction
  public var hold: HoldAction?
  /// Where the key sits on a phone keypad: `"1"` … `"9"`, `"0"`, `"*"` or `"#"`.
  public var phone: Character?

  public init(
    id: String, label: String, secondLabel: String? = nil, width: Double = 1,
    style: KeyStyle = .letter, action: KeyAction, hold: HoldAction? = nil, phone: Character? = nil
  ) {
    self.id = id
    self.label = label
    self.secondLabel = secondLabel
    self.width = width
    self.style = style
    self.action = action
    self.hold = hold
    self.phone = phone
  }
}

/// How a key is drawn.
public enum KeyStyle: String, Sendable, Hashable, CaseIterable {
  /// A key that types letters.
  case letter
  /// A key that edits or moves: ⌫, ⏎, !#1.
  case function
  /// A key drawn to stand out: the space key, dismiss.
  case accent
}

/// What a tap on a key does.
public enum KeyAction: Sendable, Hashable {
  /// Adds a vowel stroke.
  case vowel(VowelStroke)
  /// Types the first consonant of `cycle`; pressing the key again moves along the cycle.
  /// With `wraps` false, a press after the last consonant starts a new letter instead.
  case consonant(cycle: [Choseong], wraps: Bool)
  /// Types the first text of the cycle; pressing again replaces it with the next one
  /// (`.` → `,` → `?` → `!`). A cycle of one is a plain text key.
  case text(cycle: [String])
  /// The Galaxy shared key: ends an open composition, otherwise types a space.
  case spaceNext
  /// Always ends the composition and types a space (iPhone style).
  case space
  /// Only ends the composition (iPhone style →).
  case next
  /// Undoes the last key press while composing, otherwise deletes one character.
  case backspace
  /// Ends the composition and types a newline.
  case enter
  /// Ends the composition and switches to another layout, by id.
  case switchLayout(String)
  /// Ends typing; the front end decides where the text goes.
  case dismiss

  /// The key's `type` as a layout file writes it (`"return"` for ``enter``), for what names
  /// keys outside the program: the exported automaton, the demo page's script.
  public var typeName: String {
    switch self {
    case .vowel: "vowel"
    case .consonant: "consonant"
    case .text: "text"
    case .spaceNext: "spaceNext"
    case .space: "space"
    case .next: "next"
    case .backspace: "backspace"
    case .enter: "return"
    case .switchLayout: "switch"
    case .dismiss: "dismiss"
    }
  }
}

/// What holding a key for the hold delay does instead of a tap.
public enum HoldAction: Sendable, Hashable {
  /// Types this text (a letter key's digit), closing any composition.
  case text(String)
  /// Repeats the tap every repeat interval until release (held ⌫).
  case repeatTap
}

/// How the shared space/next key behaves (engine.md §5).
public enum SpacePolicy: String, Sendable, Hashable, CaseIterable {
  /// The first press after a composition only ends it; the next press types a space.
  case simple
  /// After a vowel stroke or a punctuation mark, one press ends the syllable and types a space.
  case smart
}

/// Layout-wide settings of the Cheon-Ji-In composer.
public struct ComposerSettings: Sendable, Hashable {
  public var vowels: VowelTable
  public var space: SpacePolicy
  /// If set, the front end ends a composition after this many idle milliseconds.
  public var nextAfterMs: Int?

  public init(
    vowels: VowelTable = VowelTable(), space: SpacePolicy = .simple, nextAfterMs: Int? = nil
  ) {
    self.vowels = vowels
    self.space = space
    self.nextAfterMs = nextAfterMs
  }
}
