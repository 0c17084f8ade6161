import Storage
import Testing

@Suite("Learned word pairs")
struct PairsTests {
  @Test("a pair counts up and keeps the latest day; most used first")
  func learnPairs() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    try store.learnPair(previous: "엄마", next: "병원", day: 5)
    try store.learnPair(previous: "엄마", next: "병원", day: 9)
    try store.learnPair(previous: "엄마", next: "병원", day: 7)
    try store.learnPair(previous: "내일", next: "봐요", day: 8)
    #expect(
      try store.learnedPairs() == [
        LearnedPair(previous: "엄마", next: "병원", count: 3, lastUsedDay: 9),
        LearnedPair(previous: "내일", next: "봐요", count: 1, lastUsedDay: 8),
      ])
  }

  @Test("forgetting a word forgets the pairs it is in, on either side")
  func forgetWithWord() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    try store.learn("병원", day: 1)
    try store.learnPair(previous: "엄마", next: "병원", day: 1)
    try store.learnPair(previous: "병원", next: "다녀왔어", day: 1)
    try store.learnPair(previous: "내일", next: "봐요", day: 1)
    try store.unlearn("병원", isCorpusWord: false, day: 2)
    #expect(try store.learnedPairs().map(\.next) == ["봐요"])
  }
}
