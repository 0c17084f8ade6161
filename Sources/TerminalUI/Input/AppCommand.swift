import LayoutLoading
import TerminalInput

/// A key that triggers an app command, as the help screen names it.
package enum CommandKey: Hashable, Sendable {
  case key(TerminalKey)
  /// Ctrl plus a letter.
  case control(Unicode.Scalar)

  package var label: String {
    switch self {
    case .key(let key):
      switch key {
      case .character(" "): "Space"
      case .character(let scalar): String(Character(scalar))
      case .enter: "Enter"
      case .tab: "Tab"
      case .backspace: "Backspace"
      case .escape: "Esc"
      case .up: "↑"
      case .down: "↓"
      case .left: "←"
      case .right: "→"
      case .function(let number): "F\(number)"
      case .home, .end, .pageUp, .pageDown, .insert, .delete, .numpad, .otherFunctional: "?"
      }
    case .control(let letter): "Ctrl-" + String(Character(letter)).uppercased()
    }
  }
}

/// Every non-typing action, declared once with its keys and help text; the key dispatch and
/// the help screen are both derived from this table (tig's REQ_INFO idea).
package enum AppCommand: CaseIterable, Sendable {
  case focusUp, focusDown, focusLeft, focusRight
  case pressFocused
  case space, backspace, next
  case dismiss, cancel
  case help, switchKeymap, cycleTheme, toggleSize
  case suspend, redraw

  package var keys: [CommandKey] {
    switch self {
    case .focusUp: [.key(.up)]
    case .focusDown: [.key(.down)]
    case .focusLeft: [.key(.left)]
    case .focusRight: [.key(.right)]
    case .pressFocused: [.key(.enter)]
    case .space: [.key(.character(" "))]
    case .backspace: [.key(.backspace)]
    case .next: [.key(.tab)]
    case .dismiss: [.key(.escape), .control("d")]
    case .cancel: [.control("c")]
    case .help: [.key(.function(1)), .key(.character("?"))]
    case .switchKeymap: [.key(.function(2))]
    case .cycleTheme: [.key(.function(3))]
    case .toggleSize: [.key(.function(4))]
    case .suspend: [.control("z")]
    case .redraw: [.control("l")]
    }
  }

  /// The command bound to a key event, if any.
  package static func matching(_ event: TerminalKeyEvent) -> AppCommand? {
    let mods = event.modifiers.subtracting(.shift)
    for command in allCases {
      for key in command.keys {
        switch key {
        case .key(let bound):
          if mods.isEmpty, bound == event.key { return command }
        case .control(let letter):
          if event.modifiers.contains(.control), event.key == .character(letter) { return command }
        }
      }
    }
    return nil
  }
}
