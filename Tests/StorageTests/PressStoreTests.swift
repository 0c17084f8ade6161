import Foundation
import GRDB
import Practice
import Storage
import Testing

/// Presses of a made-up item: `count` presses of the keys given, cycling, `interval` apart;
/// every third press types a jamo (`ㅏ`, timed `interval × 2`), every seventh is a slip.
func samplePresses(
  count: Int, keys: [String] = ["i", "araea", "o"], interval: Int64 = 400, offset: Int = 0
) -> [PressRecord] {
  (0..<count).map { index in
    let number = index + offset
    let isSlip = number % 7 == 6
    return PressRecord(
      key: key(keys[number % keys.count]),
      previousKey: index == 0 ? nil : key(keys[(number - 1) % keys.count]),
      interval: index == 0 ? nil : interval + Int64(number % 5) * 10, isCueShown: number % 2 == 0,
      isRight: !isSlip, isTimed: index > 0 && !isSlip, jamo: number % 3 == 2 ? "ㅏ" : nil,
      jamoTime: number % 3 == 2 && !isSlip ? interval * 2 + Int64(number % 4) : nil,
      isJamoCued: number % 2 == 0)
  }
}

/// A result carrying `records`.
func result(with records: [PressRecord]) -> ItemResult {
  var result = sampleResult(presses: records.count, minimum: records.count)
  result.pressRecords = records
  return result
}

@Suite("Press records in the progress database")
struct PressStoreTests {
  @Test("the adaptive round's target is saved with who set it, beside the unlocked jamo")
  func target() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    #expect(try store.adaptiveTarget(layoutID: "cheonjiin-galaxy") == nil)
    try store.saveUnlockedJamo(["ㅇ", "ㅏ"], layoutID: "cheonjiin-galaxy", at: 1)
    try store.saveAdaptiveTarget(14, setBy: .pace, layoutID: "cheonjiin-galaxy", at: 2)
    var saved = try #require(try store.adaptiveTarget(layoutID: "cheonjiin-galaxy"))
    #expect(saved.syllablesPerMinute == 14 && saved.setBy == .pace)
    #expect(try store.unlockedJamo(layoutID: "cheonjiin-galaxy") == ["ㅇ", "ㅏ"])
    try store.saveAdaptiveTarget(30, setBy: .learner, layoutID: "cheonjiin-galaxy", at: 3)
    saved = try #require(try store.adaptiveTarget(layoutID: "cheonjiin-galaxy"))
    #expect(saved.syllablesPerMinute == 30 && saved.setBy == .learner)
    // Another layout has its own; a target saved first keeps the unlocked list empty.
    try store.saveAdaptiveTarget(9, setBy: .pace, layoutID: "cheonjiin-iphone", at: 4)
    #expect(try store.unlockedJamo(layoutID: "cheonjiin-iphone") == [])
    #expect(try store.adaptiveTarget(layoutID: "cheonjiin-galaxy")?.syllablesPerMinute == 30)
    // A damaged value is no target.
    let queue = try DatabaseQueue(path: folder.databasePath)
    try queue.write { db in
      try db.execute(sql: "UPDATE adaptiveProgress SET targetSpm = 1e9, targetSetBy = 'x'")
    }
    try queue.close()
    #expect(try store.adaptiveTarget(layoutID: "cheonjiin-galaxy") == nil)
  }

  @Test("a sample made while its key was lit is stored as cued and counted apart")
  func cuedSamples() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(
      lessonID: "adaptive", layoutID: "cheonjiin-galaxy", startedAt: sampleStartedAt, day: 20_000)
    let records = samplePresses(count: 30)
    try store.record(
      result(with: records), startedAt: sampleStartedAt, session: session, day: 20_000)
    let jamo = try #require(
      try store.speedObservations()[.jamo(layoutID: "cheonjiin-galaxy", jamo: "ㅏ")])
    let cued = records.filter { $0.jamoTime != nil && $0.isJamoCued }.count
    #expect(cued > 0 && cued < jamo.tally.samples)
    #expect(jamo.tally.cuedSamples == cued)
    #expect(jamo.recentCued.count == jamo.recent.count && jamo.recentCued.contains(true))
    let keyA = try #require(try store.speedObservations()[.key(key("i"))])
    #expect(
      keyA.tally.cuedSamples
        == records.filter { $0.key == key("i") && $0.isTimed && $0.isCueShown }.count)
  }

  @Test("a result's presses are stored in order and read back as they were")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(
      lessonID: "adaptive", layoutID: "cheonjiin-galaxy", startedAt: sampleStartedAt, day: 20_000)
    let records = samplePresses(count: 12)
    try store.record(
      result(with: records), startedAt: sampleStartedAt, session: session, day: 20_000)
    #expect(try store.presses() == records)
    #expect(try store.pressCount() == 12)
  }

  @Test("the SQL observations equal the in-memory definition (SpeedBook) for the same presses")
  func observationsMatchTheBook() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(
      lessonID: "adaptive", layoutID: "cheonjiin-galaxy", startedAt: sampleStartedAt, day: 20_000)
    var book = SpeedBook()
    for item in 0..<6 {
      let records = samplePresses(count: 9, interval: 300 + Int64(item) * 50, offset: item)
      book.add(records)
      try store.record(
        result(with: records), startedAt: sampleStartedAt, session: session, day: 20_000)
    }
    let stored = try store.speedObservations()
    #expect(stored == book.observations)
    #expect(stored[.jamo(layoutID: "cheonjiin-galaxy", jamo: "ㅏ")]?.tally.presses ?? 0 > 0)
  }

  @Test(
    "beyond the bound, the oldest days are folded into day summaries: counts kept, medians kept, rows bounded"
  )
  func folding() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let limit = 40
    var book = SpeedBook()
    var byDay: [Int: [PressRecord]] = [:]
    for day in 20_000..<20_006 {
      let session = try store.beginSession(
        lessonID: "adaptive", layoutID: "cheonjiin-galaxy", startedAt: sampleStartedAt, day: day)
      for item in 0..<2 {
        // Slower on earlier days, so each day has its own median.
        let records = samplePresses(
          count: 15, interval: Int64(1_000 - (day - 20_000) * 100), offset: item)
        book.add(records)
        byDay[day, default: []] += records
        try store.record(
          result(with: records), startedAt: sampleStartedAt, session: session, day: day,
          pressLimit: limit)
        #expect(try store.pressCount() <= max(limit, byDay[day]?.count ?? 0))
      }
    }
    // Whole days only: 30 presses a day, so one day is kept one by one.
    let kept = try store.presses()
    #expect(kept == byDay[20_005])
    // Counts over all time are unchanged by folding.
    let stored = try store.speedObservations()
    for (unit, observations) in book.observations {
      #expect(stored[unit]?.tally == observations.tally, "\(unit)")
    }
    // The kept samples come first, then the folded days' medians, newest day first.
    let jamo = try #require(stored[.jamo(layoutID: "cheonjiin-galaxy", jamo: "ㅏ")])
    #expect(jamo.recent.count == 10)  // day 20 005: five clean ㅏ in each of two items
    #expect(jamo.foldedDays.map(\.day) == [20_004, 20_003, 20_002, 20_001, 20_000])
    let fold = UnitDaySummary.fold(byDay[20_004] ?? [], day: 20_004)
    #expect(
      jamo.foldedDays.first?.median
        == fold.first { $0.unit == .jamo(layoutID: "cheonjiin-galaxy", jamo: "ㅏ") }?.median)
    // The learning curve covers folded and kept days alike.
    let curve = try #require(
      try store.jamoDays(from: 20_000, to: 20_005)[.jamo(layoutID: "cheonjiin-galaxy", jamo: "ㅏ")])
    #expect(curve.map(\.day) == Array(20_000...20_005))
    #expect(curve.first.map(\.median) ?? 0 > curve.last.map(\.median) ?? 0)  // faster later
  }

  @Test("the unlocked jamo are saved per layout; a damaged row gives only its jamo")
  func unlocked() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    #expect(try store.unlockedJamo(layoutID: "cheonjiin-galaxy") == [])
    try store.saveUnlockedJamo(["ㅇ", "ㅏ", "ㄴ"], layoutID: "cheonjiin-galaxy", at: sampleStartedAt)
    try store.saveUnlockedJamo(
      ["ㅇ", "ㅏ", "ㄴ", "ㄱ"], layoutID: "cheonjiin-galaxy", at: sampleStartedAt)
    #expect(try store.unlockedJamo(layoutID: "cheonjiin-galaxy") == ["ㅇ", "ㅏ", "ㄴ", "ㄱ"])
    #expect(try store.unlockedJamo(layoutID: "cheonjiin-iphone") == [])
    let queue = try DatabaseQueue(path: folder.databasePath)
    try queue.write { db in
      try db.execute(sql: "UPDATE adaptiveProgress SET unlocked = 'ㅇ  abc ㅏ 가 ㄴㄱ'")
    }
    #expect(try store.unlockedJamo(layoutID: "cheonjiin-galaxy") == ["ㅇ", "ㅏ"])
  }

  @Test("a read-only file: presses are refused with the read-only error, nothing half-written")
  func readOnly() throws {
    if Unprivileged.mustRunAgain {
      // Root writes a read-only file: the check means something only for a user.
      try Unprivileged.runAgain("StorageTests.PressStoreTests/readOnly()")
      return
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/progress.sqlite"
    do {
      let store = try openStore(path)
      try store.saveUnlockedJamo(["ㅇ"], layoutID: "cheonjiin-galaxy", at: sampleStartedAt)
    }
    #expect(getuid() != 0, "a read-only file is writable for root")
    try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
    let opening = try ProgressStore.open(at: path)
    #expect(opening.readOnly != nil)
    #expect(try opening.store.unlockedJamo(layoutID: "cheonjiin-galaxy") == ["ㅇ"])
    #expect(throws: StorageError.self) {
      try opening.store.saveUnlockedJamo(["ㅇ", "ㅏ"], layoutID: "cheonjiin-galaxy", at: 0)
    }
  }
}
