import HangulEngine
import LayoutLoading
import PadViews
import TerminalInput
import TerminalUI

extension Keypad {
  /// The help screen, generated from the keymap and the command table.
  package func helpSections(strings: UIStrings) -> [HelpSection] {
    let commandLines = AppCommand.allCases.map { command in
      HelpSection.Line(
        keys: command.keys.map(\.label).joined(separator: ", "), action: strings.help(command))
    }
    return [
      HelpSection(
        title: "\(strings.helpPadKeys): \(strings.name(of: keymap))",
        lines: keymap.helpLines(layout: layout, strings: strings)),
      HelpSection(
        title: strings.helpOtherKeys,
        lines: commandLines + [HelpSection.Line(keys: "🖱", action: strings.helpMouse)]),
    ]
  }

  /// How the keys that differ from their face at rest look now: a flash, the key held down,
  /// the focus, hold progress, the cue.
  package func decorations(at time: Instant, input: InputState, cue: Int? = nil) -> [Int:
    KeyDecoration]
  {
    var decorations: [Int: KeyDecoration] = [:]
    for key in flashedKeys(at: time) { decorations[key, default: KeyDecoration()].isPressed = true }
    if let pressing = input.pressing, case .key(let key)? = bindings().resolve(pressing.source) {
      // Down for sure only when releases are reported, or once auto-repeat shows it held.
      if pressing.isExact || (input.holdFraction != nil && input.holdIsKnownDown) {
        decorations[key, default: KeyDecoration()].isPressed = true
      }
      if let fraction = input.holdFraction {
        decorations[key, default: KeyDecoration()].holdFraction = fraction
      }
    }
    if let focus { decorations[focus, default: KeyDecoration()].isFocused = true }
    if let cue { decorations[cue, default: KeyDecoration()].isCue = true }
    return decorations
  }
}

extension Keymap {
  /// The help lines of the pad keys: each key of the layout with the keys that press it, then
  /// the keys that take a suggestion.
  package func helpLines(layout: Layout, strings: UIStrings) -> [HelpSection.Line] {
    var byKey: [Int: [String]] = [:]
    var flushKeys: [String] = []
    let ordered = bindings.sorted { a, b in
      // Keypad names first (KP7 before 7), then by name.
      (a.key.isKeypad ? 0 : 1, a.key.description) < (b.key.isKeypad ? 0 : 1, b.key.description)
    }
    for (physical, target) in ordered {
      // As a press resolves (PadBindings.resolve): on a pad of digits a digit key types the
      // digit printed on it, whatever phone position the keymap gives it.
      let resolution = PadBindings.digit(of: physical, in: layout).map {
        BindingTarget.Resolution.key($0)
      }
      switch resolution ?? target.resolve(in: layout) {
      case .key(let key): byKey[key, default: []].append(strings.keyName(physical))
      case .flush: flushKeys.append(strings.keyName(physical))
      case nil: break
      }
    }
    var lines: [HelpSection.Line] = []
    for (index, key) in layout.keys.enumerated() {
      guard let names = byKey[index] else { continue }
      var action = key.label
      if case .text(let text) = key.hold { action += "  " + strings.holdTypes(text) }
      lines.append(HelpSection.Line(keys: names.joined(separator: " · "), action: action))
    }
    if !flushKeys.isEmpty {
      lines.append(HelpSection.Line(keys: flushKeys.joined(separator: " · "), action: "→"))
    }
    if let hyphen = hyphenRoute(layout: layout, strings: strings) { lines.append(hyphen) }
    let suggestionKeys = (1...3).compactMap { suggestionKeyLabel($0) }
    if !suggestionKeys.isEmpty {
      lines.append(
        HelpSection.Line(
          keys: suggestionKeys.joined(separator: " "),
          action: strings.helpSuggestions(count: suggestionKeys.count)))
    }
    return lines
  }

  /// How the hyphen is reached from a pad that has none.
  ///
  /// The key to the !#1 pad, then the key bound to → (keypad +), which presses `-_/` there;
  /// keypad keys named first.
  func hyphenRoute(layout: Layout, strings: UIStrings) -> HelpSection.Line? {
    let hasHyphen = layout.keys.contains { key in
      if case .text(let cycle) = key.action { cycle.first == "-" } else { false }
    }
    func key(bound target: BindingTarget) -> PhysicalKey? {
      bindings.filter { $0.value == target }.map(\.key)
        .min { ($0.isKeypad ? 0 : 1, $0.description) < ($1.isKeypad ? 0 : 1, $1.description) }
    }
    guard !hasHyphen, let symbols = key(bound: .symbols), let next = key(bound: .next) else {
      return nil
    }
    return HelpSection.Line(
      keys: "\(symbols.padHint) → \(next.padHint)", action: strings.helpHyphen)
  }
}
