import HangulEngine
import Practice
import TerminalInput

extension PracticeController {
  /// The practice panel above the pad: the target, what is typed with marks, the cue, and
  /// how the last item went.
  func panel(at time: Instant) -> [[PanelSegment]] {
    guard let lesson, let session, let item = session.item ?? round.current else { return [] }
    let position = min(round.position + 1, max(1, round.items.count))
    var lines: [[PanelSegment]] = [
      [
        PanelSegment(" \(lesson.title)", .title, .bold),
        PanelSegment("   \(position) / \(round.items.count)", .dim, []),
      ],
      [],
    ]
    if item.prompt != item.target || !item.hint.isEmpty {
      lines.append([PanelSegment("  " + item.prompt, .title, .bold)])
      if !item.hint.isEmpty { lines.append([PanelSegment("  " + item.hint, .dim, [])]) }
    }
    var target: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    var typed: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    var signs: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    for mark in session.marks {
      let style: CellStyle
      switch mark.status {
      case .right: style = .correct
      case .wrong: style = .wrong
      case .pending: style = .dim
      }
      target.append(PanelSegment(Self.cell(mark.target), .text, .bold))
      typed.append(
        PanelSegment(
          Self.cell(mark.typed), style, mark.status == .wrong ? [.bold, .underline] : .bold))
      signs.append(PanelSegment(Self.cell(mark.mark), style, .bold))
    }
    lines += [target, typed, signs, []]
    if case .itemDone(let result, _) = mode {
      lines.append([PanelSegment("  " + strings.itemPraise(result.accuracy >= 1), .correct, .bold)])
    } else if let cue = session.cue,
      cueKey(at: time) != nil
        || cue.kind == .correction && session.isCueVisible(at: Self.milliseconds(time))
    {
      let layouts = keypad.engine.layouts
      let label =
        layouts.indices.contains(cue.layout) && layouts[cue.layout].keys.indices.contains(cue.key)
        ? layouts[cue.layout].keys[cue.key].label : "?"
      let text: String
      switch cue.kind {
      case .next: text = strings.nextKeyCue(label, isHold: cue.isHold)
      case .correction: text = strings.correctionCue
      }
      lines.append([PanelSegment("  " + text, .warning, .bold)])
    } else {
      lines.append([PanelSegment("  " + strings.practiceKeysHint, .dim, [])])
    }
    if let result = lastResult {
      lines.append([PanelSegment("  " + strings.lastResult(result), .dim, [])])
    }
    return lines
  }

  /// One character in a fixed two-cell slot plus a gap, so target, typed and marks line up.
  static func cell(_ character: Character?) -> String {
    guard let character else { return "    " }
    return String(character) + (DisplayWidth.of(character) >= 2 ? "  " : "   ")
  }
}
