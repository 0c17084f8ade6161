import HangulEngine
import Practice
import TerminalInput
import TerminalUI
import Typing

extension PracticeController {
  /// An instant as the milliseconds the practice session and the progress file count in.
  package static func milliseconds(_ time: Instant) -> Milliseconds {
    Milliseconds(clamping: time.milliseconds)
  }

  /// "Continue" follows the learner: worked out again after every lesson, not once a run.
  mutating func refreshContinueLesson() {
    let last = snapshot.lastProgress
    let schedules = snapshot.schedules
    continueLesson = ReviewPlanner(layouts: keypad.engine.layouts).lessonToContinue(
      lessons, lastLessonID: last?.lessonID, lastLessonFinished: last?.isFinished ?? true,
      schedules: schedules, today: today)
    lessonMarks = Dictionary(
      uniqueKeysWithValues: lessons.compactMap { lesson in
        Self.mark(lesson, schedules: schedules).map { (lesson.id, $0) }
      })
  }

  /// A lesson's mark, as 한컴타자연습 shows one: stars once every item was practised (★★★
  /// all passed without a lapse, ★★☆ two thirds passed, ★☆☆ fewer), "3/10" before that,
  /// nothing before the first item.
  package static func mark(_ lesson: Lesson, schedules: [String: ItemSchedule]) -> String? {
    let practised = lesson.items.compactMap { schedules[$0.id] }
    guard !practised.isEmpty else { return nil }
    guard practised.count == lesson.items.count else {
      return "\(practised.count)/\(lesson.items.count)"
    }
    let clean = practised.filter { $0.repetitions > 0 && $0.lapses == 0 }.count
    let passed = practised.filter { $0.repetitions > 0 }.count
    if clean == practised.count { return "★★★" }
    return passed * 3 >= practised.count * 2 ? "★★☆" : "★☆☆"
  }

  /// The shortest keys for `target`, as their labels ("ㅇㅁ ㅣ ㆍ"); nil if the layouts
  /// cannot type it.
  package func rightKeys(for target: String) -> String? {
    let layouts = keypad.engine.layouts
    guard let presses = try? Speller(layouts: layouts).spell(target), !presses.isEmpty else {
      return nil
    }
    return presses.map { press in
      let label =
        layouts.indices.contains(press.layout)
          && layouts[press.layout].keys.indices.contains(press.key)
        ? layouts[press.layout].keys[press.key].label : "?"
      return press.isHold ? strings.demoHold(label) : label
    }.joined(separator: " ")
  }
}
