import Foundation
import Practice
import Storage
import TestSupport
import Testing

/// A fresh folder under the system temporary directory, removed by ``remove()``.
struct TemporaryFolder {
  let path: String

  init() throws {
    path =
      scratchDirectory.path + "/cheonjiin-storage-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// A database path inside a not-yet-existing subfolder, so opening must create it.
  var databasePath: String { path + "/data/cheonjiin/progress.sqlite" }

  func remove() {
    // Best effort: a leftover folder in the temporary directory harms nothing.
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Opens a store, expecting no recovery.
func openStore(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws
  -> ProgressStore
{
  let opening = try ProgressStore.open(at: path)
  #expect(opening.recovery == nil, sourceLocation: sourceLocation)
  return opening.store
}

/// The wall-clock stamp tests store results with: 2025-06-15 15:06:40 UTC, in milliseconds.
let sampleStartedAt: Int64 = 1_750_000_000_000

/// An item result with the given measures, timed on a monotonic clock (milliseconds since a
/// boot, as the keypad times items): only its duration reaches the store.
func sampleResult(
  lesson: String = "vowels-2", item: String = "vowels-2:아", target: String = "아",
  typed: String = "아", presses: Int = 3, minimum: Int = 3, duration: Int64 = 3_000,
  tallies: [KeyRef: KeyTally] = [:], completed: Bool = true
) -> ItemResult {
  ItemResult(
    lessonID: lesson, itemID: item, target: target, typed: typed, isCompleted: completed,
    presses: presses, backspaces: 0, minimumPresses: minimum, promptedPresses: 0,
    wrongPresses: 0, startedAt: 86_400_000, firstPressAt: 86_400_500,
    finishedAt: 86_400_000 + duration, keyTallies: tallies)
}

func key(_ id: String) -> KeyRef {
  KeyRef(layoutID: "cheonjiin-galaxy", keyID: id)
}

/// 2025-06-10 15:30:45 UTC.
let fixedDate = Date(timeIntervalSince1970: 1_749_569_445)
let utc = TimeZone(identifier: "UTC") ?? TimeZone.current
