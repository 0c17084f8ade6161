import Drafts
import Foundation
import HangulEngine
import LayoutLoading
import Practice
import SystemIO
import SystemPackage
import TerminalInput
import TerminalUI

/// Where the text goes and how the keypad runs; built by the `cheonjiin` command line.
public struct KeypadRunOptions: Sendable {
  public var layouts: [Layout]
  public var keymaps: [Keymap]
  public var keymap: String = "numpad"
  public var settings = KeypadSettings()
  /// Append the text to this file on dismiss (`--output`).
  public var outputFile: String? = nil
  /// Copy the text with OSC 52 on dismiss (`--clipboard`).
  public var clipboard = false
  /// Send committed text to this tmux pane as it is typed (`--tmux-target`).
  public var tmuxTarget: String? = nil
  public var useColor = true
  public var draft: DraftStore? = DraftStore.standard()
  /// Loads the suggestion data; called on a background thread after the first frame, so a slow disk
  /// never delays the pad.
  ///
  /// `nil`: no suggestion bar.
  public var loadSuggestions: (@Sendable () -> SuggestionData?)? = nil
  /// Remembers a learned word (the caller stores it off the UI thread).
  public var learn: (@Sendable (String) -> Void)? = nil
  /// How long a lone ESC waits for the rest of a sequence before it is the Escape key
  /// (`cheonjiin run --escape-ms`).
  public var escapeMs: UInt64 = 100
  /// Said on the pad's message row when it starts (and already printed on standard error):
  /// keymap files skipped for their problems.
  public var startNotices: [String] = []

  public init(layouts: [Layout], keymaps: [Keymap]) {
    self.layouts = layouts
    self.keymaps = keymaps
  }
}

extension KeypadRunOptions {
  /// What starting the screen needs of these options.
  package var start: ScreenStartOptions {
    ScreenStartOptions(
      holdMs: settings.holdMs, isLinuxConsole: settings.isLinuxConsole, theme: settings.theme,
      language: settings.language, escapeMs: escapeMs, useColor: useColor)
  }
}

extension Screens {
  /// ``Screens/run(_:services:start:finish:)`` with the command line's options.
  package static func run<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    _ frontEnd: FrontEnd, services: Services, options: KeypadRunOptions,
    finish: (Outcome, FrontEnd, Terminal) -> Int32
  ) -> Int32
  where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    run(frontEnd, services: services, start: options.start, finish: finish)
  }

  /// ``Screens/run(start:make:finish:)`` with the command line's options.
  package static func run<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    options: KeypadRunOptions, make: (Terminal) -> (FrontEnd, Services)?,
    finish: (Outcome, FrontEnd, Terminal) -> Int32
  ) -> Int32?
  where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    run(start: options.start, make: make, finish: finish)
  }

  /// ``Screens/runStandalone(_:services:start:)`` with the command line's options.
  package static func runStandalone<FrontEnd: ScreenFrontEnd, Services: ScreenServices>(
    _ frontEnd: FrontEnd, services: Services, options: KeypadRunOptions
  ) -> Int32 where Services.Event == FrontEnd.OwnEvent, Services.Effect == FrontEnd.OwnEffect {
    runStandalone(frontEnd, services: services, start: options.start)
  }
}
