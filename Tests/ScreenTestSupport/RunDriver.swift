import ChildTerminal
import Suggestions

@testable import RunScreen
@testable import TerminalUI
@testable import Typing

/// `cheonjiin run` without a child: what the controller sends is read from its effects, and
/// the child's output is handed over as the run loop hands it.
package typealias RunDriver = ScreenDriver<RunController>

extension ScreenDriver where FrontEnd == RunController {
  package init(kitty: Bool = false) throws {
    let emulator = Emulator(rows: 24, columns: 80)
    self.init(
      RunController(
        layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
        keymaps: try shippedKeymaps(), keymap: "numpad", strings: UIStrings(.korean),
        emulator: emulator),
      kitty: kitty)
  }

  /// Everything sent to the child since the last call, as text, with `erase` for the program's
  /// erase character (which the services read when they send).
  package mutating func takeSent(erase: UInt8 = 0x7F) -> String {
    var bytes: [UInt8] = []
    for case .own(.sendToChild(let count, let sent)) in effects {
      bytes += [UInt8](repeating: erase, count: count) + sent
    }
    effects.removeAll()
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The child writes `text` on its terminal.
  package mutating func childWrites(_ text: String) {
    effects += session.receive(.childOutput(Array(text.utf8)), at: now)
  }

  package mutating func load(_ data: SuggestionData) {
    effects += session.receive(.suggestionsLoaded(data), at: now)
    _ = session.catchUp()
  }

  /// The status line (the last row) as text.
  package var statusLine: String { render().rowText(29) }
}
