import CellGrid
import HangulEngine
import LayoutLoading
import PadViews
import TerminalUI

extension Keypad {
  /// The commands every screen with a pad shares: the arrow-key focus, the keymap, colours, key
  /// size, suspend and redraw.
  ///
  /// Typing commands arrive as pad presses and do nothing here; dismiss, cancel and help are each
  /// screen's own.
  ///
  /// - Parameter geometry: Where the pad is drawn now, for moving the focus.
  package mutating func perform<Own: Hashable & Sendable>(
    _ command: AppCommand, settings: inout KeypadSettings, geometry: PadGeometry?
  ) -> [ScreenEffect<Own>] {
    switch command {
    case .focusUp, .focusDown, .focusLeft, .focusRight:
      moveFocus(command, geometry: geometry ?? PadGeometry(layout: layout, size: settings.keySize))
    case .pressFocused, .space, .backspace, .next, .dismiss, .cancel, .help:
      break
    case .switchKeymap:
      switchKeymap()
    case .cycleTheme:
      let all = Theme.Name.allCases
      settings.theme = all[((all.firstIndex(of: settings.theme) ?? 0) + 1) % all.count]
      return [.setTheme(settings.theme)]
    case .toggleSize:
      switch settings.keySize {
      case .compact, .normal: settings.keySize = .large
      case .large: settings.keySize = .normal
      }
    case .suspend:
      return [.suspend]
    case .redraw:
      return [.repaint]
    }
    return []
  }

  private mutating func moveFocus(_ command: AppCommand, geometry: PadGeometry) {
    guard let current = focus else {
      // The first arrow press shows the focus on the middle key.
      focus = layout.keys.firstIndex { $0.phone == "5" } ?? geometry.rects.first?.key
      return
    }
    let step: (rows: Int, columns: Int)
    switch command {
    case .focusUp: step = (-1, 0)
    case .focusDown: step = (1, 0)
    case .focusLeft: step = (0, -1)
    case .focusRight: step = (0, 1)
    case .pressFocused, .space, .backspace, .next, .dismiss, .cancel, .help, .switchKeymap,
      .cycleTheme, .toggleSize, .suspend, .redraw:
      return
    }
    focus = geometry.neighbour(of: current, rowStep: step.rows, columnStep: step.columns) ?? current
  }
}
