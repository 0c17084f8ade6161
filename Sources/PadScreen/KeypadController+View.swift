import CellGrid
import HangulEngine
import LayoutLoading
import PadViews
import TerminalInput
import TerminalUI
import Typing

extension KeypadController {
  package func render(
    rows: Int, columns: Int, at time: Instant, input: InputState, cache: KeypadFrameCache
  ) -> Screen {
    let frame = cache.frame(for: PlacementKey(self, rows: rows, columns: columns)) {
      let placement = placement(rows: rows, columns: columns, stamps: cache.painter.stamps)
      return (placement, statusItems(placement: placement))
    }
    var model = viewModel(at: time, input: input, status: frame.status)
    if let placement = frame.placement {
      model.text.layout = cache.layOut(
        keypad, lineWidth: TextArea.lineWidth(columns: columns), rows: placement.textRows)
    }
    if model.overlay == nil { model.placement = frame.placement }
    return cache.painter.paint(model, rows: rows, columns: columns, width: DisplayWidth.of)
  }

  /// The screen's contents now.
  ///
  /// - Parameter status: The status line's items for the window, when known.
  func viewModel(at time: Instant, input: InputState = .idle, status: [String]? = nil)
    -> KeypadViewModel
  {
    let layout = keypad.layout
    var model = KeypadViewModel(
      layout: layout,
      text: TextAreaContent(
        document: keypad.document.utf8, preedit: keypad.engine.preedit.string,
        composingTail: keypad.engine.preedit.composingTail),
      strings: strings)
    model.decorations = keypad.decorations(at: time, input: input)
    // The bar says how to take a word: "+길게 감사합니다" (a tap on + is → , a hold takes it).
    model.suggestions = bar.words.enumerated().map { index, word in
      (
        strings.suggestionKey(keypad.keymap.suggestionKeyLabel(index + 1) ?? String(index + 1)),
        word
      )
    }
    model.textVersion = keypad.version
    model.hints = (keypad.hints, keypad.hintsID)
    model.keySize = settings.keySize
    model.bold = settings.bold
    model.message = message?.text
    if keymapSwitched, let previous = keypad.previousKeymapIndex {
      model.message = strings.keymapSwitched(
        to: strings.name(of: keypad.keymap), back: strings.name(of: keypad.keymaps[previous]))
    }
    model.status = status ?? statusItems(placement: nil)
    if let effective = input.effectiveHoldMs, effective > settings.holdMs {
      // The terminal repeats keys later than the hold time: say how long a hold really takes.
      let asked = strings.holdStatus(settings.holdMs)
      model.status = model.status.map { $0 == asked ? strings.longHoldStatus(effective) : $0 }
    }
    switch mode {
    case .typing:
      break
    case .draftOffer(let offer):
      model.overlay = .prompt(
        title: strings.draftTitle, lines: Self.draftPreview(offer) + ["", strings.draftQuestion])
    case .kept(let text, let why, let note):
      model.overlay = .prompt(
        title: strings.keptTitle(why),
        lines: Self.draftPreview(text) + [""] + strings.keptExplanation(why) + note + [
          "", strings.keptClose,
        ])
    case .help(let scroll):
      model.overlay = .help(
        title: strings.helpTitle, sections: keypad.helpSections(strings: strings), scroll: scroll,
        more: strings.helpMore)
    }
    return model
  }
}

extension KeypadController {
  /// The first lines of an offered draft, as written (line breaks kept).
  ///
  /// Each is cut at 40 characters; "…" says more follows. Only the start is looked at: a draft may be megabytes.
  static func draftPreview(_ offer: String, lines: Int = 3, width: Int = 40) -> [String] {
    let start = offer.prefix(lines * (width + 1) + 1)
    var shown = start.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines + 1)
      .map { $0.count > width ? String($0.prefix(width)) + "…" : String($0) }
    if shown.count > lines || start.count < offer.prefix(start.count + 1).count {
      shown = Array(shown.prefix(lines))
      shown[shown.count - 1] += shown[shown.count - 1].hasSuffix("…") ? "" : " …"
    }
    return shown.enumerated().map { index, line in
      (index == 0 ? "“" : " ") + line + (index == shown.count - 1 ? "”" : "")
    }
  }
}

extension KeypadController {
  /// What the placement and the status line depend on.
  struct PlacementKey: Equatable {
    package var layout: Int
    package var keymap: Int
    package var keySize: KeySize
    package var suggestions: Int
    package var rows: Int
    package var columns: Int

    package init(_ controller: KeypadController, rows: Int, columns: Int) {
      layout = controller.keypad.engine.layoutIndex
      keymap = controller.keypad.keymapIndex
      keySize = controller.settings.keySize
      suggestions = controller.bar.words.count
      self.rows = rows
      self.columns = columns
    }
  }
}
