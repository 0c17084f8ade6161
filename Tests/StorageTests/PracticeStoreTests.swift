import Foundation
import Practice
import Storage
import Testing

@Suite("Practice progress on disk")
struct PracticeStoreTests {
  @Test("results come back summed per day")
  func dailyStats() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let morning = try store.beginSession(
      lessonID: "vowels-2", layoutID: "g", startedAt: 1, day: 100)
    let evening = try store.beginSession(
      lessonID: "vowels-2", layoutID: "g", startedAt: 2, day: 100)
    let next = try store.beginSession(lessonID: "vowels-2", layoutID: "g", startedAt: 3, day: 102)
    try store.record(
      sampleResult(presses: 4, minimum: 3, duration: 6_000), startedAt: sampleStartedAt,
      session: morning, day: 100)
    try store.record(
      sampleResult(item: "vowels-2:오이", target: "오이", typed: "오어", presses: 7, minimum: 5),
      startedAt: sampleStartedAt, session: evening, day: 100)
    try store.record(sampleResult(), startedAt: sampleStartedAt, session: next, day: 102)
    try store.endSession(next, endedAt: 10)

    let days = try store.dailyStats(from: 99, to: 102)
    #expect(days.map(\.day) == [100, 102])
    #expect(days.map(\.sessions) == [2, 1])
    let first = days[0].totals
    #expect(first.items == 2)
    #expect(first.presses == 11)
    #expect(first.minimumPresses == 8)
    #expect(first.targetLength == 3)
    #expect(first.distance == 1)
    #expect(first.correctSyllables == 2)
    #expect(first.duration == 9_000)
    #expect(abs(first.syllablesPerMinute - 2 * 60_000 / 9_000) < 1e-9)
    #expect(try store.dailyStats(from: 101, to: 101) == [])
    #expect(try store.practiceDays() == 100...102)
  }

  @Test("keys right and words right are counted per day")
  func keysAndWordsRight() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(
      lessonID: "vowels-2", layoutID: "g", startedAt: 1, day: 100)
    try store.record(
      sampleResult(tallies: [key("a"): KeyTally(hits: 3, misses: 0)]),
      startedAt: sampleStartedAt, session: session, day: 100)
    try store.record(
      sampleResult(
        item: "vowels-2:오이", target: "오이", typed: "오어",
        tallies: [key("a"): KeyTally(hits: 4, misses: 1), key("b"): KeyTally(hits: 2, misses: 2)]),
      startedAt: sampleStartedAt, session: session, day: 100)
    let day = try #require(try store.dailyStats(from: 100, to: 100).first).totals
    #expect(day.keyHits == 9)
    #expect(day.keyMisses == 3)
    #expect(day.keysRight == 0.75)
    #expect(day.exactItems == 1)
    #expect(day.items == 2)
  }

  @Test("no practice yet: no days")
  func noDays() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    #expect(try store.practiceDays() == nil)
    #expect(try store.keyStats().isEmpty)
    #expect(try store.lastProgress() == nil)
  }

  struct KeyCase: Sendable, CustomTestStringConvertible {
    let id: String
    let tallies: [KeyTally]
    let stats: KeyStats
    var testDescription: String { id }
  }

  @Test(arguments: [
    KeyCase(
      id: "hits add up and extend the streak",
      tallies: [KeyTally(hits: 2, trailingHits: 2), KeyTally(hits: 3, trailingHits: 3)],
      stats: KeyStats(hits: 5, misses: 0, streak: 5)),
    KeyCase(
      id: "a miss resets the streak to the hits after it",
      tallies: [KeyTally(hits: 4, trailingHits: 4), KeyTally(hits: 3, misses: 1, trailingHits: 1)],
      stats: KeyStats(hits: 7, misses: 1, streak: 1)),
    KeyCase(
      id: "a miss at the end leaves no streak",
      tallies: [KeyTally(hits: 4, trailingHits: 4), KeyTally(misses: 2)],
      stats: KeyStats(hits: 4, misses: 2, streak: 0)),
  ])
  func keyStats(_ testCase: KeyCase) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(lessonID: "l", layoutID: "g", startedAt: 0, day: 1)
    var expected = KeyStats()
    for tally in testCase.tallies {
      try store.record(
        sampleResult(tallies: [key("i"): tally]), startedAt: sampleStartedAt, session: session,
        day: 1)
      expected.add(tally)
    }
    let stats = try store.keyStats(layoutID: "cheonjiin-galaxy")
    #expect(stats[key("i")] == testCase.stats)
    #expect(stats[key("i")] == expected)  // the SQL agrees with KeyStats.add
    #expect(try store.keyErrorRates()[key("i")] == testCase.stats.errorRate)
  }

  @Test("each result moves the item's schedule; due items come back in order")
  func schedules() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let session = try store.beginSession(lessonID: "vowels-2", layoutID: "g", startedAt: 0, day: 10)
    let good = try store.record(
      sampleResult(item: "vowels-2:아"), startedAt: sampleStartedAt, session: session, day: 10)
    #expect(good.dueDay == 11)
    #expect(good.reviews == 1)
    let again = try store.record(
      sampleResult(item: "vowels-2:아"), startedAt: sampleStartedAt, session: session, day: 11)
    #expect(again.dueDay == 14)
    let wrong = try store.record(
      sampleResult(item: "vowels-2:어", target: "어", typed: "아", completed: false),
      startedAt: sampleStartedAt, session: session, day: 11)
    #expect(wrong.dueDay == 12)
    #expect(wrong.lapses == 1)

    let all = try store.schedules(lessonID: "vowels-2")
    #expect(all["vowels-2:아"] == again)
    #expect(all["vowels-2:어"] == wrong)
    #expect(try store.schedules(lessonID: "other").isEmpty)
    #expect(try store.dueItems(on: 12).map(\.schedule.itemID) == ["vowels-2:어"])
    #expect(try store.dueItems(on: 14).map(\.schedule.itemID) == ["vowels-2:어", "vowels-2:아"])
    #expect(try store.dueItems(on: 14).map(\.lessonID) == ["vowels-2", "vowels-2"])
  }

  @Test("continue where I left off")
  func lessonProgress() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    try store.saveProgress(lessonID: "vowels-1", nextItem: 7, isFinished: true, day: 1, at: 100)
    try store.saveProgress(lessonID: "vowels-2", nextItem: 3, isFinished: false, day: 2, at: 200)
    #expect(try store.lastProgress()?.lessonID == "vowels-2")
    #expect(try store.lastProgress()?.nextItem == 3)
    try store.saveProgress(lessonID: "vowels-1", nextItem: 0, isFinished: true, day: 3, at: 300)
    let again = try #require(try store.progress(lessonID: "vowels-1"))
    #expect(again.completedRuns == 2)
    #expect(again.isFinished)
    #expect(again.lastDay == 3)
    #expect(try store.lastProgress()?.lessonID == "vowels-1")
    #expect(try store.progress(lessonID: "numbers-price") == nil)
  }
}
