import Dispatch
import Foundation
import Practice
import Storage
import Testing

@Suite("Two instances at once")
struct ConcurrencyTests {
  /// Two stores (two pools, as two running programs would have) write the same counters from
  /// two threads; every increment must land.
  @Test("no lost increments with two pools writing at once")
  func noLostIncrements() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.databasePath
    let stores = [try openStore(path), try openStore(path)]
    let session = try stores[0].beginSession(lessonID: "l", layoutID: "g", startedAt: 0, day: 1)
    let rounds = 150
    let failures = FailureLog()
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let store = stores[index]
      for round in 0..<rounds {
        do {
          try store.learn("사랑", day: round)
          try store.record(
            sampleResult(
              item: "l:아", tallies: [key("i"): KeyTally(hits: 1, misses: 1, trailingHits: 0)]),
            startedAt: sampleStartedAt, session: session, day: 1)
        } catch {
          failures.append("store \(index), round \(round): \(error)")
        }
      }
    }
    #expect(failures.messages == [])
    let reader = try openStore(path)
    #expect(try reader.learnedWord("사랑")?.count == 2 * rounds)
    #expect(try reader.learnedWord("사랑")?.lastUsedDay == rounds - 1)
    #expect(
      try reader.keyStats()[key("i")] == KeyStats(hits: 2 * rounds, misses: 2 * rounds, streak: 0))
    #expect(try reader.dailyStats(from: 1, to: 1).first?.totals.items == 2 * rounds)
    #expect(try reader.schedules()["l:아"]?.reviews == 2 * rounds)
  }

  @Test("two instances creating the same new file both end up migrated")
  func simultaneousCreation() throws {
    // Many rounds: a journal that went away between "is it there" and "can it be written"
    // read as unwritable in a few rounds of 300 (fixed in ProgressFile.unwritable).
    for _ in 0..<150 {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      let path = folder.databasePath
      let failures = FailureLog()
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        do {
          let opening = try ProgressStore.open(at: path)
          if let recovery = opening.recovery {
            failures.append("instance \(index) moved the file aside: \(recovery.reason)")
          }
          try opening.store.learn("안녕", day: index)
        } catch {
          failures.append("instance \(index): \(error)")
        }
      }
      #expect(failures.messages == [])
      let store = try openStore(path)
      #expect(try store.appliedMigrations() == ["v1", "v2", "v3", "v4", "v5", "v6", "v7"])
      #expect(try store.learnedWord("안녕")?.count == 2)
    }
  }
}

/// Messages collected from several threads.
final class FailureLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []

  func append(_ message: String) {
    lock.lock()
    stored.append(message)
    lock.unlock()
  }

  var messages: [String] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
