import ChildTerminal
import HangulEngine
import LayoutLoading
import Suggestions
import TerminalInput
import TerminalUI
import Typing

/// What the pad types, and the keys passed through, as bytes for the child: the open
/// syllables first, the words finished learned.
extension RunController {
  /// Bytes for the child, after `erase` of its erase characters (which its services read).
  package func send(erase: Int = 0, _ bytes: [UInt8]) -> [Effect] {
    bytes.isEmpty && erase == 0 ? [] : [.own(.sendToChild(erase: erase, bytes: bytes))]
  }

  /// A key for the child: the open syllables first, then the key.
  ///
  /// A word typed on the pad and ended by Space, Enter or Tab is learned as on the pad.
  package mutating func passThrough(_ keyBytes: [UInt8]) -> [Effect] {
    let before = typing.tail
    typing.passThrough()
    var effects = sendTyped(then: keyBytes)
    if let last = keyBytes.last, keyBytes.count == 1, [0x20, 0x0D, 0x09].contains(last) {
      let finished = SuggestionBar.finishedWord(before: before, after: before + " ")
      for stored in bar.learnFinished(finished, tail: before + " ") {
        effects.append(.own(.learn(stored)))
      }
    }
    bar.invalidate()
    return effects
  }

  /// A pad step, sent to the child as it commits.
  mutating func pad(_ action: PadAction, rows: Int, columns: Int) -> [Effect] {
    let bindings = routing(rows: rows, columns: columns).pad
    switch action {
    case .tap(let source), .repeatTick(let source):
      guard let target = bindings?.resolve(source) else { return [] }
      if case .key(let key) = target {
        switch typing.engine.layout.keys[key].action {
        case .enter:
          // Enter on the pad is the child's Enter (CR), after the open syllables.
          emulator.press(.enter)
          return passThrough(emulator.takeOutput())
        case .dismiss:
          // 닫기 puts the pad away (the status line stays; F12 brings the pad back).
          let effects = passThrough([])
          dock = .compact
          return effects + resizeChild(rows: rows, columns: columns)
        case .vowel, .consonant, .text, .spaceNext, .space, .next, .backspace, .switchLayout:
          break
        }
      }
      if case .repeatTick = action { return typed(typing.repeatTick(target)) }
      return typed(typing.tap(target))
    case .hold(let source, let undoTaps):
      if let slot = SuggestionBar.slot(of: source, in: keymap) {
        var symbol = ""
        if case .physical(let physical, _) = source { symbol = physical.padHint }
        let taken = bar.hold(slot: slot, symbol: symbol, undoTaps: undoTaps, typing: &typing)
        return sendTyped() + (taken?.stored ?? []).map { .own(.learn($0)) } + [.held]
      }
      typing.rollBack(undoTaps)
      // Resolved again: the taps rolled back may have changed the layout.
      guard let target = routing(rows: rows, columns: columns).pad?.resolve(source) else {
        return sendTyped()
      }
      return typed(typing.hold(target)) + [.held]
    case .undoTaps(_, let count):
      typing.rollBack(count)
      return sendTyped()
    case .release:
      typing.release()
      return []
    }
  }

  /// What the pad typed since it was last sent (characters taken back, then text), and
  /// `keyBytes` after it.
  mutating func sendTyped(then keyBytes: [UInt8] = []) -> [Effect] {
    let change = typing.takeChange()
    return send(erase: change.erase, Array(change.insert.utf8) + keyBytes)
  }

  /// Bytes of a pad press, and the word it finished, learned.
  mutating func typed(_ press: TypedPress) -> [Effect] {
    let effects = sendTyped()
    return effects
      + bar.learnFinished(press.finishedWord, tail: typing.tail).map {
        .own(.learn($0))
      }
  }

  /// Takes word `index` of the dock's suggestions: it replaces the word being typed, followed by
  /// a space, as phone keyboards do.
  mutating func choose(_ index: Int) -> [Effect] {
    let taken = bar.take(index, typing: &typing)
    return sendTyped() + (taken?.stored ?? []).map { .own(.learn($0)) }
  }
}
