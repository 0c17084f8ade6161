import ChildTerminal
import HangulEngine
import LayoutLoading
import Suggestions
import TerminalInput
import TerminalUI

/// Keys for the child: each key encoded by the emulator for the child's current modes.
extension RunController {
  /// A key for the child, encoded for its current modes by the emulator.
  package func encode(_ event: TerminalKeyEvent) -> [UInt8] {
    let control = event.modifiers.contains(.control)
    let alt = event.modifiers.contains(.alt)
    switch event.key {
    case .character(let scalar): emulator.type(scalar, control: control, alt: alt)
    case .enter: emulator.press(.enter, control: control, alt: alt)
    case .tab: emulator.press(.tab, control: control, alt: alt)
    case .backspace: emulator.press(.backspace, control: control, alt: alt)
    case .escape: emulator.press(.escape, control: control, alt: alt)
    case .up: emulator.press(.up, control: control, alt: alt)
    case .down: emulator.press(.down, control: control, alt: alt)
    case .left: emulator.press(.left, control: control, alt: alt)
    case .right: emulator.press(.right, control: control, alt: alt)
    case .home: emulator.press(.home, control: control, alt: alt)
    case .end: emulator.press(.end, control: control, alt: alt)
    case .pageUp: emulator.press(.pageUp, control: control, alt: alt)
    case .pageDown: emulator.press(.pageDown, control: control, alt: alt)
    case .insert: emulator.press(.insert, control: control, alt: alt)
    case .delete: emulator.press(.delete, control: control, alt: alt)
    case .function(let number): emulator.press(.function(number), control: control, alt: alt)
    case .numpad(let key): encode(key, control: control, alt: alt)
    case .otherFunctional: break  // Caps Lock, media keys: nothing a terminal sends
    }
    return emulator.takeOutput()
  }

  /// A keypad key the pad does not take (not bound, or after the pass-through key), as the
  /// main keyboard's key it stands for.
  func encode(_ key: NumpadKey, control: Bool, alt: Bool) {
    let character: Unicode.Scalar
    switch key {
    case .digit(let digit): character = Unicode.Scalar(UInt8(ascii: "0") + UInt8(digit % 10))
    case .decimal: character = "."
    case .divide: character = "/"
    case .multiply: character = "*"
    case .subtract: character = "-"
    case .add: character = "+"
    case .equal: character = "="
    case .separator: character = ","
    case .enter: return emulator.press(.enter, control: control, alt: alt)
    case .left: return emulator.press(.left, control: control, alt: alt)
    case .right: return emulator.press(.right, control: control, alt: alt)
    case .up: return emulator.press(.up, control: control, alt: alt)
    case .down: return emulator.press(.down, control: control, alt: alt)
    case .pageUp: return emulator.press(.pageUp, control: control, alt: alt)
    case .pageDown: return emulator.press(.pageDown, control: control, alt: alt)
    case .home: return emulator.press(.home, control: control, alt: alt)
    case .end: return emulator.press(.end, control: control, alt: alt)
    case .insert: return emulator.press(.insert, control: control, alt: alt)
    case .delete: return emulator.press(.delete, control: control, alt: alt)
    case .begin: return  // keypad 5 with Num Lock off moves nothing
    }
    emulator.type(character, control: control, alt: alt)
  }
}
