import HangulEngine

/// The spaced-repetition state of one item: an SM-2 schedule over day numbers.
///
/// After each attempt the item's ``ItemResult/grade`` (0 … 5) moves it: a grade below 3 is a
/// lapse and brings the item back the next day; a pass waits 1 day, then 3 days, then the
/// previous interval times the ease. The ease starts at 2.5, moves by SM-2's formula and
/// never drops below 1.3. The first steps are shorter than SM-2's 1 and 6 days, so a skill
/// coming back is checked again soon.
public struct ItemSchedule: Sendable, Hashable {
  public var itemID: String
  /// Passes in a row since the last lapse.
  public var repetitions: Int
  /// SM-2 easiness factor, ≥ 1.3.
  public var ease: Double
  /// Days from the last review to ``dueDay``.
  public var intervalDays: Int
  /// The day the item is due again.
  public var dueDay: DayNumber
  /// Every review, passed or not; cues fade only after the first.
  public var reviews: Int
  /// Reviews graded below 3.
  public var lapses: Int
  /// The day of the last review.
  public var lastDay: DayNumber

  public init(
    itemID: String, repetitions: Int = 0, ease: Double = ItemSchedule.initialEase,
    intervalDays: Int = 0, dueDay: DayNumber, reviews: Int = 0, lapses: Int = 0,
    lastDay: DayNumber
  ) {
    self.itemID = itemID
    self.repetitions = repetitions
    self.ease = ease
    self.intervalDays = intervalDays
    self.dueDay = dueDay
    self.reviews = reviews
    self.lapses = lapses
    self.lastDay = lastDay
  }

  public static let initialEase = 2.5
  public static let minimumEase = 1.3
  /// Intervals of the first two passes, in days.
  public static let firstIntervals = [1, 3]
  /// No interval grows beyond this (a skill unused for half a year needs a check).
  public static let maximumInterval = 180

  /// A schedule for an item never reviewed: due today.
  public static func new(_ itemID: String, today: DayNumber) -> ItemSchedule {
    ItemSchedule(itemID: itemID, dueDay: today, lastDay: today)
  }

  /// The schedule after a review graded `grade` (0 … 5, clamped) on `day`.
  public func reviewed(grade: Int, on day: DayNumber) -> ItemSchedule {
    let q = min(5, max(0, grade))
    var next = self
    next.reviews += 1
    next.lastDay = day
    let change = 0.1 - Double(5 - q) * (0.08 + Double(5 - q) * 0.02)
    next.ease = max(ItemSchedule.minimumEase, ease + change)
    if q < 3 {
      next.repetitions = 0
      next.lapses += 1
      next.intervalDays = 1
    } else {
      next.repetitions += 1
      if next.repetitions <= ItemSchedule.firstIntervals.count {
        next.intervalDays = ItemSchedule.firstIntervals[next.repetitions - 1]
      } else {
        let grown = (Double(max(1, intervalDays)) * next.ease).rounded()
        next.intervalDays = Int(min(Double(ItemSchedule.maximumInterval), grown))
      }
    }
    next.dueDay = day + next.intervalDays
    return next
  }

  /// Whether the item is due on `day`.
  public func isDue(on day: DayNumber) -> Bool { dueDay <= day }
}

/// Chooses which items of a lesson to practise, and in what order (items and
/// keys the user gets wrong come back sooner).
public struct ReviewPlanner: Sendable {
  public let layouts: [Layout]
  public let initialLayout: Int
  private let speller: Speller

  public init(layouts: [Layout], initialLayout: Int = 0) {
    self.layouts = layouts
    self.initialLayout = initialLayout
    speller = Speller(layouts: layouts, initial: initialLayout)
  }

  /// How much an item exercises the user's weak keys, 0 … 1.
  ///
  /// The mean error rate of the keys of its shortest sequence; keys never tried count as
  /// 0.1 (a little uncertain).
  public func weakness(of item: PracticeItem, errorRates: [KeyRef: Double]) -> Double {
    // An item the layouts cannot type has no key sequence; it carries no weakness.
    guard !layouts.isEmpty, let presses = try? speller.spell(item.answer.preferred),
      !presses.isEmpty
    else {
      return 0
    }
    var total = 0.0
    for press in presses {
      guard let key = KeyRef(layouts: layouts, layout: press.layout, key: press.key) else {
        continue
      }
      total += errorRates[key] ?? 0.1
    }
    return total / Double(presses.count)
  }

  /// The items to practise today, at most `limit`.
  ///
  /// Order: items due (oldest due day first, then weakest), then new items in lesson order,
  /// then items not yet due, weakest first, to fill the round. Ties keep lesson order.
  ///
  /// - Parameters:
  ///   - items: The lesson's items, in teaching order.
  ///   - schedules: Schedules by item id; an item without one is new.
  ///   - errorRates: Per-key error rates (``KeyStats/errorRate``).
  ///   - today: Today's day number.
  ///   - limit: The round's length.
  public func plan(
    _ items: [PracticeItem], schedules: [String: ItemSchedule], errorRates: [KeyRef: Double],
    today: DayNumber, limit: Int
  ) -> [PracticeItem] {
    var due: [(item: PracticeItem, dueDay: Int, weakness: Double, order: Int)] = []
    var fresh: [PracticeItem] = []
    var later: [(item: PracticeItem, weakness: Double, order: Int)] = []
    for (order, item) in items.enumerated() {
      guard let schedule = schedules[item.id] else {
        fresh.append(item)
        continue
      }
      let weakness = weakness(of: item, errorRates: errorRates)
      if schedule.isDue(on: today) {
        due.append((item, schedule.dueDay, weakness, order))
      } else {
        later.append((item, weakness, order))
      }
    }
    due.sort {
      ($0.dueDay, -$0.weakness, $0.order) < ($1.dueDay, -$1.weakness, $1.order)
    }
    later.sort { (-$0.weakness, $0.order) < (-$1.weakness, $1.order) }
    let ordered = due.map(\.item) + fresh + later.map(\.item)
    return Array(ordered.prefix(max(0, limit)))
  }

  /// The lesson for "continue where I left off".
  ///
  /// The last lesson if its round was not finished; otherwise the next lesson in catalog
  /// order (wrapping round) with items never practised; once every item has been practised,
  /// the lesson with the most items due. With no history, the first lesson.
  ///
  /// - Parameters:
  ///   - lessons: The catalog.
  ///   - lastLessonID: The lesson the user last worked on (`Storage.lastProgress()`).
  ///   - lastLessonFinished: Whether its round was finished.
  ///   - schedules: Every schedule by item id.
  ///   - today: Today's day number.
  public func lessonToContinue(
    _ lessons: [Lesson], lastLessonID: String?, lastLessonFinished: Bool,
    schedules: [String: ItemSchedule], today: DayNumber
  ) -> Lesson? {
    guard !lessons.isEmpty else { return nil }
    func pending(_ lesson: Lesson) -> Int {
      lesson.items.filter { schedules[$0.id].map { $0.isDue(on: today) } ?? true }.count
    }
    guard let lastLessonID, let index = lessons.firstIndex(where: { $0.id == lastLessonID })
    else { return lessons.first }
    if !lastLessonFinished { return lessons[index] }
    let after = lessons[(index + 1)...] + lessons[...index]
    if let next = after.first(where: { lesson in
      lesson.items.contains { schedules[$0.id] == nil }
    }) {
      return next
    }
    return lessons.max { pending($0) < pending($1) } ?? lessons[index]
  }
}

/// One round of a lesson: the planned items in order.
///
/// A round keeps its length: a missed item is not typed again in the same round; its
/// schedule (``ReviewPlanner``) brings it back in a later one.
public struct LessonRound: Sendable, Hashable {
  public let items: [PracticeItem]
  /// The index of the current item; equal to `items.count` when the round is over.
  public private(set) var position: Int

  /// - Parameters:
  ///   - items: The planned items (``ReviewPlanner/plan(_:schedules:errorRates:today:limit:)``).
  ///   - position: Where to resume (`Storage`'s `LessonProgress.nextItem`), clamped.
  public init(items: [PracticeItem], position: Int = 0) {
    self.items = items
    self.position = min(max(0, position), items.count)
  }

  /// The item to type now, or `nil` when the round is over.
  public var current: PracticeItem? { items.indices.contains(position) ? items[position] : nil }

  public var isFinished: Bool { position >= items.count }

  /// Items left, the current one included.
  public var remaining: Int { items.count - position }

  /// Moves past the current item, however it went.
  public mutating func advance() {
    if current != nil { position += 1 }
  }
}
