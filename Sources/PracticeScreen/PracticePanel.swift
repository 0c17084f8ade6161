import CellGrid
import HangulEngine
import PadViews
import Practice
import TerminalInput
import TerminalUI
import Typing

extension PracticeController {
  /// Rows the panel needs for the lesson itself: the title (or the item's question, `17` for
  /// 열일곱), the target, what is typed, the marks and the cue.
  ///
  /// The pad shrinks before any of these is cut.
  static let essentialPanelRows = 5

  /// The practice panel above the pad, fitted to `rows`: the target, what is typed with marks, and
  /// the cue or the word of praise.
  ///
  /// Blank lines go first, then the hint, the prompt and the keys hint; the lesson's own lines
  /// stay. The marks stop where `columns` does: each takes three columns or more, and what
  /// starts past the edge is never drawn, so a long item costs no more per frame.
  package func panel(at time: Instant, rows: Int, columns: Int) -> [[PanelSegment]] {
    guard let lesson, let session, let item = session.item ?? round.current else { return [] }
    // While an item is praised the round has already moved on: show the item just done.
    let done: Int
    if case .itemDone = mode { done = round.position } else { done = round.position + 1 }
    let position = min(max(1, done), max(1, round.items.count))
    /// Higher stays longer.
    var lines: [(keep: Int, segments: [PanelSegment])] = [
      (
        4,
        [
          PanelSegment(" \(lesson.title)", .title, .bold),
          PanelSegment("   \(position) / \(round.items.count)", .status, []),
        ]
      ),
      (0, []),
    ]
    // What the lesson teaches ("받침 두 개: 값 = ㅂ + ㅅ"): kept at the first item, where it
    // is read; later it gives way first. F1 shows it again.
    if !lesson.summary.isEmpty {
      lines.insert(
        (round.position == 0 ? 3 : 1, [PanelSegment("  " + lesson.summary, .text, [])]), at: 1)
    }
    if item.prompt != item.target || !item.hint.isEmpty {
      lines.append((2, [PanelSegment("  " + item.prompt, .title, .bold)]))
      if !item.hint.isEmpty && item.hint != lesson.summary {
        lines.append((1, [PanelSegment("  " + item.hint, .text, [])]))
      }
    }
    var target: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    var typed: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    var signs: [PanelSegment] = [PanelSegment("  ", .normal, [])]
    // An answer asked from memory stays hidden (not even its length) until it is handed in.
    var isDone = false
    if case .itemDone = mode { isDone = true }
    let hidesAnswer = item.isRecall && !isDone
    for var mark in session.marks(upTo: max(0, columns) / 3 + 1) {
      if hidesAnswer {
        guard mark.typed != nil else { continue }
        mark.target = nil
      }
      let style: CellStyle
      switch mark.status {
      case .right: style = .correct
      case .wrong: style = .wrong
      case .pending: style = .text
      }
      target.append(PanelSegment(Self.cell(mark.target, showingSpace: true), .text, .bold))
      typed.append(
        PanelSegment(
          Self.cell(mark.typed), style, mark.status == .wrong ? [.bold, .underline] : .bold))
      signs.append(PanelSegment(Self.cell(mark.mark), style, .bold))
    }
    lines += [(5, target), (5, typed), (5, signs), (0, [])]
    lines.append((5, feedback(at: time, session: session, item: item)))
    // During the pause the next item is shown, so it is read before it starts (its first
    // press is then timed like the others).
    if case .itemDone = mode, let next = round.current {
      lines.append((3, [PanelSegment("  " + strings.nextItemPreview(next.prompt), .text, [])]))
    }
    while lines.count > max(1, rows),
      let drop = lines.indices.min(by: { lines[$0].keep < lines[$1].keep })
    {
      lines.remove(at: drop)
    }
    // No room for the question on its own line ("17", to be typed as 열일곱): the title line
    // asks it instead, since without it there is nothing to answer.
    let promptShown = lines.contains { $0.segments.first?.text == "  " + item.prompt }
    if item.prompt != item.target, !promptShown, lines.first?.keep == 4 {
      lines[0].segments[0] = PanelSegment(" " + item.prompt, .title, .bold)
      return lines.map(\.segments)
    }
    // No room for the explanation on its own line: the title line says it instead (it
    // names the lesson too: "받침 두 개: 값 = ㅂ + ㅅ"), so the cue keeps its place.
    let summaryShown = lines.contains { $0.segments.first?.text == "  " + lesson.summary }
    if !summaryShown, !lesson.summary.isEmpty, lines.first?.keep == 4 {
      lines[0].segments[0] = PanelSegment(" " + lesson.summary, .title, .bold)
    }
    return lines.map(\.segments)
  }

  /// One warm, plain line: praise when an item is done, the next key (not in red: it is not
  /// an error), what went wrong, or the keys to go on.
  private func feedback(at time: Instant, session: PracticeSession, item: PracticeItem)
    -> [PanelSegment]
  {
    let target = item.target
    if case .itemDone(let result, _) = mode {
      if let note = NumberDrill.note(for: item, typed: result.typed) {
        switch note {
        case .standardSpacing:
          return [PanelSegment("  " + strings.numberNote(note), .correct, .bold)]
        case .nativeAsked, .sinoAsked:
          return [PanelSegment("  " + strings.numberNote(note), .title, .bold)]
        }
      }
      if result.accuracy < 1, let keys = rightKeys(for: result.target) {
        return [PanelSegment("  " + strings.rightKeys(keys), .title, .bold)]
      }
      return [PanelSegment("  " + strings.itemPraise(result.accuracy >= 1), .correct, .bold)]
    }
    guard let cue = session.cue,
      cueKey(at: time) != nil
        || cue.kind == .correction && session.isCueVisible(at: Self.milliseconds(time))
    else {
      let hint = item.isRecall ? strings.recallKeysHint : strings.practiceKeysHint
      return [PanelSegment("  " + hint, .status, [])]
    }
    let layouts = keypad.engine.layouts
    let label =
      layouts.indices.contains(cue.layout) && layouts[cue.layout].keys.indices.contains(cue.key)
      ? layouts[cue.layout].keys[cue.key].label : "?"
    switch cue.kind {
    case .next:
      return [PanelSegment("  " + strings.nextKeyCue(label, isHold: cue.isHold), .title, .bold)]
    case .correction:
      // Why, from the layout's own keys: "ㄹ은 ㄴㄹ 키를 두 번 눌러요".
      let mistake = Mistake.explain(typed: session.typed, target: target, layout: keypad.layout)
      return [PanelSegment("  " + strings.correction(mistake), .warning, .bold)]
    }
  }

  /// One character in a fixed two-cell slot plus a gap, so target, typed and marks line up.
  ///
  /// A space in the target shows as ␣, so the learner sees where one goes.
  package static func cell(_ character: Character?, showingSpace: Bool = false) -> String {
    guard let character else { return "    " }
    if showingSpace, character == " " { return "␣   " }
    return String(character) + (DisplayWidth.of(character) >= 2 ? "  " : "   ")
  }
}
