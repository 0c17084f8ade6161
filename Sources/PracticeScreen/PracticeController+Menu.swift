import HangulEngine
import Practice
import TerminalInput
import TerminalUI

extension PracticeController {
  // MARK: - Menu and summary keys

  /// What a menu line starts.
  enum MenuTarget {
    /// 맞춤 연습, planned when chosen.
    case adaptive
    case lesson(Lesson)

    package var lesson: Lesson? {
      switch self {
      case .adaptive: nil
      case .lesson(let lesson): lesson
      }
    }
  }

  /// Menu lines: 맞춤 연습 first (when set up), then "continue", then every lesson.
  var menuEntries: [(label: String, target: MenuTarget)] {
    var entries: [(String, MenuTarget)] = []
    if adaptive != nil { entries.append((strings.adaptiveMenuEntry, .adaptive)) }
    if let continueLesson {
      entries.append((strings.continueLesson(continueLesson.title), .lesson(continueLesson)))
    }
    entries += lessons.map { lesson in
      var title = lesson.title
      var range = ""
      if let kind = NumberDrillKind(lessonID: lesson.id), !kind.rangePresets.isEmpty {
        // A range chosen here replaces the one --from/--to put in the title.
        if let index = numberRangeChoice[lesson.id] {
          title = kind.title
          range = "  ◀ \(Practice.rangeText(kind.rangePresets[index])) ▶"
        } else {
          range = "  ◀ \(strings.numberRangeKeys) ▶"
        }
      }
      let mark = lessonMarks[lesson.id].map { "  \($0)" } ?? ""
      return (title + mark + range, .lesson(lesson))
    }
    return entries
  }

  /// ← → on a lesson of plain numbers: the next or previous range (then the usual mix).
  private mutating func changeRange(of lesson: Lesson, by step: Int) {
    guard let kind = NumberDrillKind(lessonID: lesson.id), !kind.rangePresets.isEmpty else {
      return
    }
    // -1 is the usual mix, before the presets.
    let count = kind.rangePresets.count + 1
    let current = (numberRangeChoice[lesson.id] ?? -1) + 1
    let next = ((current + step) % count + count) % count - 1
    numberRangeChoice[lesson.id] = next < 0 ? nil : next
  }

  /// The lesson as chosen in the menu: with its numbers drawn from the chosen range.
  private func chosen(_ lesson: Lesson) -> Lesson {
    guard let kind = NumberDrillKind(lessonID: lesson.id),
      let index = numberRangeChoice[lesson.id], kind.rangePresets.indices.contains(index)
    else { return lesson }
    return NumberDrill.lesson(
      kind, count: max(1, lesson.items.count), seed: UInt64(max(0, today)),
      range: kind.rangePresets[index])
  }

  mutating func handleMenuKey(_ event: TerminalKeyEvent) -> [Effect] {
    if event.modifiers.contains(.control), event.key == .character("c") { return [.cancel] }
    switch mode {
    case .summary:
      switch event.key {
      case .escape, .character("q"):
        return [.finish("")]
      case .character(let letter) where offersBlind && (letter == "b" || letter == "B"):
        startBlind()
        beginAdaptive(from: .summary)
      case .enter, .numpad(.enter), .character(" "):
        // "Enter 한 번 더": the same lesson again, also after leaving it with Esc; the
        // adaptive round is planned afresh from what was just typed.
        if isAdaptiveRound {
          beginAdaptive(from: .summary)
        } else if let lesson {
          begin(lesson, from: .summary)
        } else {
          mode = .menu(selection: 0)
        }
      case .character, .tab, .backspace, .up, .down, .left, .right, .home, .end, .pageUp,
        .pageDown, .insert, .delete, .function, .numpad, .otherFunctional:
        mode = .menu(selection: 0)
      }
      return []
    case .menu(let selection):
      return handleMenuKey(event, selection: selection)
    case .typing, .itemDone, .starting:
      return []
    }
  }

  private mutating func handleMenuKey(_ event: TerminalKeyEvent, selection: Int) -> [Effect] {
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
      switch menuEntries[selection].target {
      case .adaptive: beginAdaptive(from: .menu)
      case .lesson(let lesson): begin(chosen(lesson), from: .menu)
      }
      return []
    case .escape, .character("q"):
      return [.finish("")]
    case .left, .numpad(.left), .right, .numpad(.right):
      menuDigits = ""
      if menuEntries.indices.contains(selection), let lesson = menuEntries[selection].target.lesson
      {
        let isRight = event.key == .right || event.key == .numpad(.right)
        changeRange(of: lesson, by: isRight ? 1 : -1)
      }
    case .character, .tab, .backspace, .insert, .delete, .function, .numpad, .otherFunctional:
      menuDigits = ""
    }
    mode = .menu(selection: next)
    return []
  }
}
