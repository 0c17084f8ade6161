import CellGrid
import HangulEngine
import LayoutLoading
import PadViews
import Practice
import TerminalInput
import TerminalUI
import Typing

/// What practice draws: the menu, the item with its cue and the pad, the summary.
extension PracticeController {
  /// The pad's canvas, kept by the session from frame to frame.
  package typealias Cache = KeypadPainter

  /// The key the cue lights now, if any.
  func cueKey(at time: Instant) -> Int? {
    guard case .typing = mode, let session, let cue = session.cue,
      session.isCueVisible(at: Self.milliseconds(time)), cue.layout == keypad.engine.layoutIndex
    else { return nil }
    return cue.key
  }

  package func render(
    rows: Int, columns: Int, at time: Instant, input: InputState, cache: KeypadPainter
  ) -> Screen {
    switch mode {
    case .menu(let selection):
      return PracticeView.menu(
        menuEntries.map(\.label), selection: selection, strings: strings, rows: rows,
        columns: columns, message: message?.text, width: DisplayWidth.of)
    case .summary(let lines):
      return PracticeView.summary(
        lines,
        keys: isAdaptiveRound
          ? strings.adaptiveSummaryKeys(offersBlind: offersBlind) : strings.summaryKeysHint,
        rows: rows, columns: columns, width: DisplayWidth.of)
    case .starting:
      // Never drawn by the loop: the services answer before the frame.
      return PracticeView.summary(
        [], keys: "", rows: rows, columns: columns, width: DisplayWidth.of)
    case .typing, .itemDone:
      let pad = drawnPad()
      var model = KeypadViewModel(
        layout: pad.layout,
        text: TextAreaContent(document: [], preedit: "", composingTail: ""), strings: strings)
      model.decorations = keypad.decorations(at: time, input: input, cue: cueKey(at: time))
      model.hints = pad.hints
      model.keySize = settings.keySize
      model.bold = settings.bold
      model.message = message?.text
      model.status = [
        strings.name(of: keypad.layout), strings.name(of: keypad.keymap),
        strings.holdStatus(settings.holdMs),
        strings.helpKey,
      ]
      // First, so they stay when a narrow window drops the middle items: the status line
      // has room at every size, where the panel has none to spare at 80×24.
      if let speed = adaptiveSpeedLine() { model.status.insert(speed, at: 0) }
      if pad.layout.id != keypad.layout.id { model.status.insert(strings.blindStatus, at: 0) }
      if let helpScroll {
        model.overlay = .help(
          title: strings.helpTitle, sections: lessonHelp + keypad.helpSections(strings: strings),
          scroll: helpScroll, more: strings.helpMore)
      }
      let place = placement(rows: rows, columns: columns, stamps: cache.stamps)
      model.placement = place
      model.panel = panel(at: time, rows: place?.textRows ?? rows, columns: columns)
      return cache.paint(model, rows: rows, columns: columns, width: DisplayWidth.of)
    }
  }
}
