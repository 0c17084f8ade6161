import CellGrid
import Foundation
import HangulEngine
import LayoutLoading
import TerminalInput

@testable import PadScreen
@testable import PadViews
@testable import TerminalUI
@testable import Typing

package let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

package let library = LayoutLibrary(
  shippedDirectory: repositoryRoot.appendingPathComponent("Layouts").path,
  userDirectory: "/nonexistent/cheonjiin-user-layouts")

package func shippedKeymaps() throws -> [Keymap] {
  let directory = repositoryRoot.appendingPathComponent("Keymaps").path
  return try ["numpad", "phone"].map { try Keymap.load(file: "\(directory)/\($0).json") }
}

/// Terminal widths as the program computes them.
package let terminalWidth: @Sendable (Character) -> Int = { DisplayWidth.of($0) }

/// A test driver of a screen on a clock that moves only when told: the ``ScreenSession`` the
/// run loop drives, fed bytes and time the same way.
package struct ScreenDriver<FrontEnd: ScreenFrontEnd> {
  package var session: ScreenSession<FrontEnd>
  package var now: Instant = .milliseconds(1_000)
  package var effects: [FrontEnd.Effect] = []
  /// Performs the front end's own effects as its services would; nil leaves them undone.
  package let services: ((FrontEnd.OwnEffect) -> [FrontEnd.OwnEvent])?

  package init(
    _ frontEnd: FrontEnd, settings: KeypadSettings = KeypadSettings(), kitty: Bool = false,
    services: ((FrontEnd.OwnEffect) -> [FrontEnd.OwnEvent])? = nil
  ) {
    self.services = services
    session = ScreenSession(
      frontEnd: frontEnd,
      pipeline: InputPipeline(holdMs: settings.holdMs, isLinuxConsole: settings.isLinuxConsole),
      size: (30, 80))
    _ = session.negotiationBytes(at: now)
    absorb(session.start(at: now))
    // A terminal without the kitty protocol answers only the device attributes query.
    send(kitty ? "\u{1b}[?11u\u{1b}[?62;22c" : "\u{1b}[?62;22c")
  }

  package var controller: FrontEnd {
    get { session.frontEnd }
  }

  /// Advances the clock, running every deadline due on the way, as the run loop does, then
  /// lets deferred work (the suggestion bar) catch up as the loop does after drawing.
  package mutating func wait(_ milliseconds: UInt64) {
    let target = now + .milliseconds(milliseconds)
    while let deadline = session.nextDeadline(now: now), deadline <= target {
      now = max(now, deadline)
      absorb(session.advance(to: now))
      _ = session.catchUp()
    }
    now = target
    absorb(session.advance(to: now))
    _ = session.catchUp()
  }

  /// Sends bytes, then lets the suggestion bar catch up, as the run loop does after drawing.
  package mutating func send(_ text: String) {
    absorb(session.feed(Array(text.utf8), at: now))
    _ = session.catchUp()
  }

  /// Keeps effects, performing the front end's own through ``services`` and handing what they
  /// report back, as the run loop does.
  package mutating func absorb(_ new: [FrontEnd.Effect]) {
    for effect in new {
      effects.append(effect)
      guard case .own(let own) = effect, let services else { continue }
      for event in services(own) { absorb(session.receive(event, at: now)) }
    }
  }

  /// Sends each chunk, waiting `gap` ms after each (a human's pace by default).
  package mutating func type(_ chunks: [String], gap: UInt64 = 200) {
    for chunk in chunks {
      send(chunk)
      wait(gap)
    }
  }

  /// The screen as the run loop would draw it now.
  package func render(rows: Int = 30, columns: Int = 80) -> Screen {
    var sized = session
    sized.size = (rows, columns)
    return sized.render(at: now)
  }

  /// The input state the run loop passes when drawing.
  package var inputState: InputState {
    session.pipeline.state(at: now)
  }
}

/// The keypad screen on shipped data.
package typealias Driver = ScreenDriver<KeypadController>

extension ScreenDriver where FrontEnd == KeypadController {
  package init(
    layout: String = "cheonjiin-galaxy", keymap: String = "numpad",
    settings: KeypadSettings = KeypadSettings(), draft: String? = nil, kitty: Bool = false
  ) throws {
    self.init(
      KeypadController(
        layouts: try library.loadSet(layout).map(\.layout), keymaps: try shippedKeymaps(),
        keymap: keymap, settings: settings, draft: draft),
      settings: settings, kitty: kitty)
  }

  package var text: String { controller.text }

  /// Where the pad is drawn in a window of the default size.
  package var placement: PadPlacement? { controller.placement(rows: 30, columns: 80) }
}

/// A driver on a terminal that speaks the kitty protocol and granted flags 1|2|8.
package func kittyDriver(settings: KeypadSettings = KeypadSettings()) throws -> Driver {
  try Driver(settings: settings, kitty: true)
}

/// SS3 keypad sequences as tmux sends them under DECKPAM.
package func keypad(_ key: String) -> String {
  let code: Character
  switch key {
  case "0": code = "p"
  case "1": code = "q"
  case "2": code = "r"
  case "3": code = "s"
  case "4": code = "t"
  case "5": code = "u"
  case "6": code = "v"
  case "7": code = "w"
  case "8": code = "x"
  case "9": code = "y"
  case ".": code = "n"
  case "+": code = "k"
  case "-": code = "m"
  case "*": code = "j"
  case "/": code = "o"
  default: code = "M"  // Enter
  }
  return "\u{1b}O\(code)"
}

/// The keypad keys (numpad keymap) for phone digits: phone 1 is the keypad's 7, and so on.
package func numpadKeys(forPhoneDigits digits: String) -> [String] {
  let map: [Character: String] = [
    "1": "7", "2": "8", "3": "9", "4": "4", "5": "5", "6": "6", "7": "1", "8": "2", "9": "3",
    "0": "0", "#": ".", "*": "/",
  ]
  return digits.compactMap { map[$0].map(keypad) }
}

/// Kitty protocol key events: keypad 0-9 are 57399-57408; 129 = NumLock on.
package func kitty(_ code: Int, _ kind: Int = 1, modifiers: Int = 129) -> String {
  kind == 1 ? "\u{1b}[\(code);\(modifiers)u" : "\u{1b}[\(code);\(modifiers):\(kind)u"
}
package let kp4 = 57403
package let kp0 = 57399

extension Screen {
  /// One row of ``textDump``.
  package func rowText(_ row: Int) -> String {
    String(textDump.split(separator: "\n", omittingEmptySubsequences: false)[row])
  }
}
