import Foundation
import HangulEngine
import LayoutLoading
import Testing
import TerminalInput
@testable import TerminalUI

let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let library = LayoutLibrary(
  shippedDirectory: repositoryRoot.appendingPathComponent("Layouts").path,
  userDirectory: "/nonexistent/cheonjiin-user-layouts")

func shippedKeymaps() throws -> [Keymap] {
  let directory = repositoryRoot.appendingPathComponent("Keymaps").path
  return try ["numpad", "phone"].map { try Keymap.load(file: "\(directory)/\($0).json") }
}

/// Terminal widths as the real terminal computes them (glibc wcwidth, UTF-8 locale).
let terminalWidth: @Sendable (Character) -> Int = { character in
  _ = setlocaleOnce
  return Curses.width(of: character)
}
private let setlocaleOnce: Void = { setlocale(LC_CTYPE, "C.UTF-8") }()

/// A test driver of a screen controller on a clock that moves only when told.
protocol ClockedDriver {
  associatedtype Controller: ScreenController
  var controller: Controller { get set }
  var now: Instant { get set }
  var effects: [KeypadEffect] { get set }
}

extension ClockedDriver {
  /// Advances the clock, running every deadline due on the way, as the run loop does.
  mutating func advanceClock(_ milliseconds: UInt64) {
    let target = now.adding(milliseconds: milliseconds)
    while let deadline = controller.nextDeadline(now: now), deadline <= target {
      now = max(now, deadline)
      effects += controller.advance(to: now)
    }
    now = target
    effects += controller.advance(to: now)
  }

  /// Advances the clock (``advanceClock(_:)``).
  mutating func wait(_ milliseconds: UInt64) {
    advanceClock(milliseconds)
  }
}

/// A controller on shipped data, driven by bytes at given milliseconds.
struct Driver: ClockedDriver {
  var controller: KeypadController
  var now: Instant = .milliseconds(1_000)
  var effects: [KeypadEffect] = []

  init(layout: String = "cheonjiin-galaxy", keymap: String = "numpad", settings: KeypadSettings = KeypadSettings(), draft: String? = nil) throws {
    controller = KeypadController(
      layouts: try library.loadSet(layout).map(\.layout), keymaps: try shippedKeymaps(),
      keymap: keymap, settings: settings, draft: draft)
    effects += controller.start(at: now)
    // A terminal without the kitty protocol answers only the device attributes query.
    effects += controller.feed(Array("\u{1b}[?62;22c".utf8), at: now)
  }

  /// Advances the clock, running any timers due on the way, then lets the suggestion bar
  /// catch up as the run loop does after drawing.
  mutating func wait(_ milliseconds: UInt64) {
    advanceClock(milliseconds)
    _ = controller.updateSuggestions()
  }

  /// Sends bytes, then lets the suggestion bar catch up, as the run loop does after drawing.
  mutating func send(_ text: String) {
    effects += controller.feed(Array(text.utf8), at: now)
    _ = controller.updateSuggestions()
  }

  /// Sends each chunk, waiting `gap` ms after each (a human's pace by default).
  mutating func type(_ chunks: [String], gap: UInt64 = 200) {
    for chunk in chunks {
      send(chunk)
      wait(gap)
    }
  }

  var text: String { controller.engine.text }

  func render(rows: Int = 30, columns: Int = 80) -> RenderedFrame {
    KeypadView.render(controller.viewModel(at: now), rows: rows, columns: columns, width: terminalWidth)
  }
}

/// SS3 keypad sequences as tmux sends them under DECKPAM.
func keypad(_ key: String) -> String {
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
func numpadKeys(forPhoneDigits digits: String) -> [String] {
  let map: [Character: String] = [
    "1": "7", "2": "8", "3": "9", "4": "4", "5": "5", "6": "6", "7": "1", "8": "2", "9": "3",
    "0": "0", "#": ".", "*": "/",
  ]
  return digits.compactMap { map[$0].map(keypad) }
}
