import Foundation
import Practice
import Storage
import Testing

@Suite("The learned-words dictionary")
struct WordsTests {
  @Test("learning counts up and keeps the latest day")
  func learn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    #expect(try store.learn("감사해요", day: 5) == LearnedWord(word: "감사해요", count: 1, lastUsedDay: 5))
    #expect(try store.learn("감사해요", day: 9) == LearnedWord(word: "감사해요", count: 2, lastUsedDay: 9))
    // A late write with an older day never moves the last use back.
    #expect(try store.learn("감사해요", day: 7).lastUsedDay == 9)
    try store.learn("손주", day: 9, times: 5)
    #expect(try store.learnedWords().map(\.word) == ["손주", "감사해요"])
  }

  @Test("unlearn forgets; a corpus word is also hidden; learning it again un-hides it")
  func unlearn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    try store.learn("할거야", day: 1)
    #expect(
      try store.unlearn("할거야", isCorpusWord: true, day: 2)
        == UnlearnOutcome(wasLearned: true, isHidden: true))
    #expect(try store.learnedWord("할거야") == nil)
    #expect(try store.hiddenWords() == ["할거야"])
    #expect(
      try store.unlearn("며느리", isCorpusWord: false, day: 2)
        == UnlearnOutcome(wasLearned: false, isHidden: false))
    #expect(try store.hiddenWords() == ["할거야"])
    try store.learn("할거야", day: 3)
    #expect(try store.hiddenWords() == [])
    try store.hide("그래", day: 3)
    #expect(try store.unhide("그래"))
    #expect(try !store.unhide("그래"))
  }

  struct ImportCase: Sendable, CustomTestStringConvertible {
    let id: String
    let text: String
    /// word=count@day after the import, sorted as listed.
    let words: [String]
    let problemLines: [Int]
    var testDescription: String { id }
  }

  @Test(arguments: [
    ImportCase(
      id: "a word per line", text: "사랑\n행복\n사랑\n", words: ["사랑=2@50", "행복=1@50"], problemLines: []),
    ImportCase(
      id: "word<TAB>count", text: "사랑\t3\n행복\t1", words: ["사랑=3@50", "행복=1@50"], problemLines: []),
    ImportCase(
      id: "word<TAB>count<TAB>date, comments, blank lines, CRLF",
      text: "# header\r\n\r\n사랑\t2\t2025-06-10\r\n", words: ["사랑=2@20249"], problemLines: []),
    ImportCase(
      id: "bad lines are reported and skipped",
      text: "ok\n사랑\tmany\n행복\t0\n감사\t1\t2025-02-30\n보고\t1\t2025-06-10\tx\n손주\n",
      words: ["손주=1@50"], problemLines: [1, 2, 3, 4, 5]),
    ImportCase(
      id: "decomposed Hangul is stored precomposed", text: "\u{1112}\u{1161}\u{11AB}\n",
      words: ["한=1@50"], problemLines: []),
  ])
  func importWords(_ testCase: ImportCase) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let report = try store.importWords(testCase.text, day: 50)
    #expect(report.problems.map(\.line) == testCase.problemLines)
    let words = try store.learnedWords().map { "\($0.word)=\($0.count)@\($0.lastUsedDay)" }
    #expect(words == testCase.words)
  }

  @Test("import adds to stored counts and un-hides; the report counts new words")
  func importAdds() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    try store.learn("사랑", day: 1)
    try store.hide("행복", day: 1)
    let report = try store.importWords("사랑\t2\n행복\n", day: 2)
    #expect(report.imported == 2)
    #expect(report.added == 1)
    #expect(try store.learnedWord("사랑")?.count == 3)
    #expect(try store.hiddenWords() == [])
  }

  @Test("a problem says what to write")
  func problemMessage() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let report = try store.importWords("사랑\tmany\n", day: 1)
    #expect(
      report.problems == [WordImportProblem(line: 1, text: "사랑\tmany", reason: .countNotWhole)])
    #expect(report.problems.map(\.isSkipped) == [true])
  }

  @Test("export then import into a new file gives the same words")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.path + "/a.sqlite")
    try store.learn("안녕하세요", day: 20_249, times: 4)
    try store.learn("할머니", day: 20_000)
    let exported = try store.exportWords()
    #expect(
      exported == """
        # cheonjiin learned words: word<TAB>count<TAB>last used (YYYY-MM-DD)
        안녕하세요\t4\t2025-06-10
        할머니\t1\t2024-10-04

        """)
    let file = folder.path + "/words.tsv"
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    let other = try openStore(folder.path + "/b.sqlite")
    let report = try other.importWords(fromFile: file, day: 1)
    #expect(report.problems == [])
    #expect(try other.learnedWords() == store.learnedWords())
  }

  @Test("a missing import file is an error naming it")
  func missingFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    #expect(throws: StorageError.self) {
      try store.importWords(fromFile: folder.path + "/none.tsv", day: 1)
    }
  }

  @Test("a custom rule decides which words are stored")
  func customRule() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let store = try openStore(folder.databasePath)
    let report = try store.importWords("ok\n사랑\n", day: 1, accepts: { $0 == "ok" })
    #expect(report.problems.map(\.line) == [2])
    #expect(try store.learnedWords().map(\.word) == ["ok"])
  }
}
