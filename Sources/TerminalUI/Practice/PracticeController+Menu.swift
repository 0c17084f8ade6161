import HangulEngine
import Practice
import TerminalInput

extension PracticeController {
  // MARK: - Menu and summary keys

  /// Menu lines: "continue" first, then every lesson.
  var menuEntries: [(label: String, lesson: Lesson)] {
    var entries: [(String, Lesson)] = []
    if let continueLesson {
      entries.append((strings.continueLesson(continueLesson.title), continueLesson))
    }
    entries += lessons.map { lesson in
      (lessonMarks[lesson.id].map { "\(lesson.title)  \($0)" } ?? lesson.title, lesson)
    }
    return entries
  }

  mutating func handleMenuKey(_ event: TerminalKeyEvent, at time: Instant)
    -> [ScreenEffect]
  {
    if event.modifiers.contains(.control), event.key == .character("c") { return [.cancel] }
    switch mode {
    case .summary:
      switch event.key {
      case .escape, .character("q"):
        return [.finish("")]
      case .enter, .numpad(.enter), .character(" "):
        // "Enter 한 번 더": the same lesson again, also after leaving it with Esc.
        if let lesson {
          begin(lesson)
          if let item = round.current { return startItem(item, at: time) }
        }
        mode = .menu(selection: 0)
      case .character, .tab, .backspace, .up, .down, .left, .right, .home, .end, .pageUp,
        .pageDown, .insert, .delete, .function, .numpad, .otherFunctional:
        mode = .menu(selection: 0)
      }
      return []
    case .menu(let selection):
      return handleMenuKey(event, selection: selection, at: time)
    case .typing, .itemDone:
      return []
    }
  }

  private mutating func handleMenuKey(
    _ event: TerminalKeyEvent, selection: Int, at time: Instant
  ) -> [ScreenEffect] {
    let count = menuEntries.count
    var next = selection
    func choose(_ digit: Character) {
      // Digits choose by number; a second digit within the list makes a two-digit number.
      let candidate = menuDigits + String(digit)
      menuDigits = (Int(candidate).map { $0 < count } ?? false) ? candidate : String(digit)
      next = Int(menuDigits).map { min(count - 1, $0) } ?? next
    }
    switch event.key {
    case .up, .numpad(.up): next = max(0, selection - 1)
    case .down, .numpad(.down): next = min(count - 1, selection + 1)
    case .pageUp, .numpad(.pageUp): next = max(0, selection - 10)
    case .pageDown, .numpad(.pageDown): next = min(count - 1, selection + 10)
    case .home: next = 0
    case .end: next = count - 1
    case .character(let scalar) where ("0"..."9").contains(scalar): choose(Character(scalar))
    case .numpad(.digit(let digit)): choose(Character(String(digit)))
    case .enter, .numpad(.enter):
      menuDigits = ""
      guard menuEntries.indices.contains(selection) else { return [] }
      begin(menuEntries[selection].lesson)
      return round.current.map { startItem($0, at: time) } ?? endLesson(at: time)
    case .escape, .character("q"):
      return [.finish("")]
    case .character, .tab, .backspace, .left, .right, .insert, .delete, .function, .numpad,
      .otherFunctional:
      menuDigits = ""
    }
    mode = .menu(selection: next)
    return []
  }
}
