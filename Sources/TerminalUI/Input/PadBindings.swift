import HangulEngine
import LayoutLoading
import TerminalInput

/// Where a pad press came from; the hold detector follows one source at a time.
package enum PressSource: Hashable, Sendable {
  /// A bound key; `fromKitty` when the kitty protocol said exactly which key it was.
  case physical(PhysicalKey, fromKitty: Bool)
  /// A key of the main keyboard that types on the pad: Space, Backspace, Tab.
  case command(AppCommand)
  /// Enter on the focused key.
  case focused(Int)
  /// A mouse press on a key.
  case mouse(Int)
}

/// What the pad keys mean right now: the keymaps, the current layout, the arrow-key focus and the
/// keys that take a suggestion when held.
///
/// A front end makes one for each event (it is a few references), and the input pipeline and the
/// front end read keys through it, so both always agree.
package struct PadBindings {
  package let keymaps: [Keymap]
  package let keymap: Keymap
  package let layout: Layout
  package let focus: Int?
  /// Physical keys whose hold takes a suggestion now (the bar shows a word for them).
  package let suggestionKeys: Set<PhysicalKey>
  /// Which keys type on the pad: all bound ones, or (`cheonjiin run`) only the keypad.
  package var padKeys = PadKeys.all

  package init(
    keymaps: [Keymap], keymap: Keymap, layout: Layout, focus: Int?,
    suggestionKeys: Set<PhysicalKey>
  ) {
    self.keymaps = keymaps
    self.keymap = keymap
    self.layout = layout
    self.focus = focus
    self.suggestionKeys = suggestionKeys
  }

  /// Which keys type on the pad.
  package enum PadKeys {
    /// Every key the keymap binds, and Space, Backspace and Tab.
    case all
    /// Only keys the terminal reports as the numeric keypad; every other key is the child's.
    case keypad
    /// The keypad, and the characters the keymap binds to a phone key (a keypad that sends
    /// plain digits, the phone keymap's `*` and `#`); punctuation the keymap binds to space,
    /// ⌫, !#1 or next is typed on the main keyboard as often as on the keypad, so it is the
    /// program's (`echo 1-2` stays `echo 1-2`).
    case keypadAndBoundCharacters
  }

  /// The press source a key event stands for, if it types on the pad.
  package func source(for event: TerminalKeyEvent) -> PressSource? {
    guard event.modifiers.subtracting(.shift).isEmpty else { return nil }
    switch (padKeys, event.key) {
    case (.all, _), (.keypad, .numpad), (.keypadAndBoundCharacters, .numpad):
      break
    case (.keypadAndBoundCharacters, .character(let scalar)):
      guard case .phone? = keymap.bindings[.character(scalar)] else { return nil }
    case (.keypad, _), (.keypadAndBoundCharacters, _):
      return nil
    }
    let fromKitty = event.source == .kitty
    switch event.key {
    case .numpad(let key):
      // A navigation name from a terminal without the kitty protocol is keypad 5 with Num Lock
      // off (Begin), the one such key xterm tells apart: alone it would type a stray ㄴ while
      // every other keypad key moves or does nothing, so it types nothing and the screen says
      // to turn Num Lock on. Kitty names every keypad key exactly: those type by position.
      if !fromKitty, key.gridEquivalent != key { return nil }
      let physical = PhysicalKey.keypad(key.gridEquivalent)
      return binding(for: physical, fromKitty: fromKitty) != nil
        ? .physical(physical, fromKitty: fromKitty) : nil
    case .character(let scalar):
      if scalar == " " { return .command(.space) }
      let physical = PhysicalKey.character(scalar)
      return binding(for: physical, fromKitty: fromKitty) != nil
        ? .physical(physical, fromKitty: fromKitty) : nil
    case .backspace: return .command(.backspace)
    case .tab: return .command(.next)
    case .enter:
      if let focus { return .focused(focus) }
      return .physical(.keypad(.enter), fromKitty: false)
    case .escape, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .insert, .delete,
      .function, .otherFunctional:
      return nil
    }
  }

  /// A physical key's binding.
  ///
  /// Where kitty tells the keypad from the top row, keypad keys use the numpad keymap and top-row
  /// digits the phone keymap at the same time.
  package func binding(for physical: PhysicalKey, fromKitty: Bool) -> BindingTarget? {
    if let target = keymap(for: physical, fromKitty: fromKitty).bindings[physical] {
      return target
    }
    // Enter on the keypad (or the main Enter with nothing focused) is ⏎ in every keymap.
    if physical == .keypad(.enter) { return .enter }
    return nil
  }

  /// The keymap that binds a physical key: with kitty, `numpad` for the keypad and `phone`
  /// for the top-row digits (where both are loaded), else the current one.
  ///
  /// Its keycap digits are the digits the key's holds type.
  package func keymap(for physical: PhysicalKey, fromKitty: Bool) -> Keymap {
    guard fromKitty else { return keymap }
    let id: String
    switch physical {
    case .keypad: id = "numpad"
    case .character(let scalar)
    where ("0"..."9").contains(scalar) || scalar == "*" || scalar == "#":
      id = "phone"
    case .character: return keymap
    }
    guard let chosen = keymaps.first(where: { $0.id == id }), chosen.bindings[physical] != nil
    else { return keymap }
    return chosen
  }

  /// What a source presses in the current layout.
  package func resolve(_ source: PressSource) -> BindingTarget.Resolution? {
    switch source {
    case .physical(let physical, _) where Self.digit(of: physical, in: layout) != nil:
      // On a pad of digits (!#1) a digit key types the digit printed on it: KP7 is 7, not the
      // phone's top-left key. Most terminals send the keypad's digits as plain digits (xterm,
      // VTE with NumLock on), so a digit character counts too (else 1 7 3 9 5
      // on the keypad types 71935).
      return Self.digit(of: physical, in: layout).map { .key($0) }
    case .physical(let physical, let fromKitty):
      return binding(for: physical, fromKitty: fromKitty).flatMap { $0.resolve(in: layout) }
    case .command(let command):
      switch command {
      case .space: return BindingTarget.space.resolve(in: layout)
      case .backspace: return BindingTarget.backspace.resolve(in: layout)
      case .next: return BindingTarget.endOfWord(in: layout)
      case .focusUp, .focusDown, .focusLeft, .focusRight, .pressFocused, .dismiss, .cancel, .help,
        .switchKeymap, .cycleTheme, .toggleSize, .suspend, .redraw:
        return nil
      }
    case .focused(let key), .mouse(let key):
      return layout.keys.indices.contains(key) ? .key(key) : nil
    }
  }

  /// The key of `layout` that types the digit a physical digit key shows, if the layout has
  /// one: keypad digits and digit characters, on the !#1 pad.
  package static func digit(of physical: PhysicalKey, in layout: Layout) -> Int? {
    switch physical {
    case .keypad(.digit(let digit)):
      return digitKey(digit, in: layout)
    case .character(let scalar) where ("0"..."9").contains(scalar):
      return digitKey(Int(scalar.value - 0x30), in: layout)
    case .keypad, .character:
      return nil
    }
  }

  /// The key of `layout` that types just the digit, if the layout has one (the !#1 pad).
  package static func digitKey(_ digit: Int, in layout: Layout) -> Int? {
    layout.keys.firstIndex { key in
      if case .text(let cycle) = key.action { cycle == [String(digit)] } else { false }
    }
  }

  /// How a source reacts to being held: a letter key types its digit, ⌫ repeats, a key that
  /// takes a suggestion when held is holdable whatever it types, also while the bar shows no
  /// word for it (its hold then types its own symbol: auto-repeat never cycles `.,?!`).
  package func behavior(of source: PressSource) -> HoldBehavior {
    if case .physical(let physical, _) = source,
      suggestionKeys.contains(physical) || keymap.suggestionHolds[physical] != nil
    {
      return .holdable
    }
    guard case .key(let key)? = resolve(source) else { return .none }
    switch layout.keys[key].hold {
    case .text: return .holdable
    case .repeatTap: return .repeating
    case nil: return .none
    }
  }
}

/// What is under a mouse cell.
package enum HitTarget: Hashable, Sendable {
  /// A key of the current layout.
  case key(Int)
  /// A word on the suggestion bar.
  case suggestion(Int)
}

/// How the active front end wants keys read right now; asked for each event, because an
/// event can change it (F1 opens the help, where keys scroll instead of typing).
package struct InputRouting {
  /// The pad's bindings, or nil when keys do not type on the pad now (menus, help, demo).
  package var pad: PadBindings?
  /// Whether keys that are not pad keys are looked up in the ``AppCommand`` table.
  package var usesCommands: Bool
  /// What a mouse press at a 0-based cell hits: the pipeline presses a key it hits and hands
  /// any other click to the front end as ``InputEvent/mouse(_:)``.
  package var hitTest: (_ row: Int, _ column: Int) -> HitTarget?

  package init(
    pad: PadBindings?, usesCommands: Bool,
    hitTest: @escaping (_ row: Int, _ column: Int) -> HitTarget?
  ) {
    self.pad = pad
    self.usesCommands = usesCommands
    self.hitTest = hitTest
  }

  /// Plain keys only: no pad, no commands, no mouse targets.
  package static var plainKeys: InputRouting {
    InputRouting(pad: nil, usesCommands: false, hitTest: { _, _ in nil })
  }
}
