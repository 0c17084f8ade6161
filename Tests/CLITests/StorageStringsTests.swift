import Storage
import TerminalUI
import Testing

@testable import cheonjiin

/// The wording of `Storage`'s errors, which lives with the commands.
@Suite("Storage messages")
struct StorageStringsTests {
  let korean = UIStrings(.korean)
  let english = UIStrings(.english)

  @Test(
    "storage errors keep the path and the reason and say what to do",
    arguments: [
      StorageError.cannotCreateFolder(path: "/p", reason: "R"),
      .cannotOpen(path: "/p", reason: "R"), .cannotMoveAside(path: "/p", reason: "R"),
      .database(path: "/p", operation: "O", reason: "R"),
      .cannotReadFile(path: "/p", reason: "R"),
      .invalidValue(path: "/p", operation: "O", reason: "R"),
    ])
  func storageError(_ error: StorageError) {
    let messages = [korean.storageError(error), english.storageError(error)]
    #expect(messages[0] != messages[1])
    for message in messages {
      #expect(message.hasPrefix("/p: "))
      #expect(message.contains("R"))
    }
  }

  @Test(
    "a read-only mount, a file you may not read and a full disk each say their own cause",
    arguments: [
      StorageError.readOnlyFileSystem(path: "/p", unwritable: "/p"),
      .notReadable(path: "/p", ownedByAnotherUser: false),
      .notReadable(path: "/p", ownedByAnotherUser: true), .diskFull(path: "/p", operation: "O"),
    ])
  func causes(_ error: StorageError) {
    let messages = [korean.storageError(error), english.storageError(error)]
    #expect(messages[0] != messages[1])
    for message in messages {
      #expect(message.hasPrefix("/p: "))
      #expect(!message.contains("chmod u+w)") && !message.contains("folder is writable"))
    }
    #expect(korean.progressNotSaved(error) != english.progressNotSaved(error))
  }

  @Test("a dict import problem names file, line and text, and says what to write, in two languages")
  func importProblems() {
    let reasons: [WordImportProblem.Reason] = [
      .notLearnable, .tooManyColumns, .countNotWhole, .dateOutOfRange, .countCapped(maximum: 7),
    ]
    var messages: Set<String> = []
    for reason in reasons {
      let problem = WordImportProblem(line: 3, text: "사랑\tmany", reason: reason)
      for strings in [korean, english] {
        let message = strings.importProblem(problem, file: "words.tsv")
        #expect(message.hasPrefix("words.tsv: "), "\(message)")
        #expect(message.contains("3") && message.contains("\"사랑\tmany\": "), "\(message)")
        messages.insert(message)
      }
    }
    #expect(messages.count == 2 * reasons.count)
    #expect(
      english.importProblem(
        WordImportProblem(line: 1, text: "사랑\tmany", reason: .countNotWhole), file: "f")
        == "f: line 1: \"사랑\tmany\": the count must be a whole number of 1 or more: write word<TAB>3"
    )
    let capped = korean.importProblem(
      WordImportProblem(line: 1, text: "가\t9", reason: .countCapped(maximum: 7)), file: "f")
    #expect(capped.contains("7") && capped.unicodeScalars.contains { $0.value >= 0xAC00 })
  }

  @Test("unlearn says what happened for each combination")
  func unlearned() {
    var messages: Set<String> = []
    for wasLearned in [false, true] {
      for isHidden in [false, true] {
        let outcome = UnlearnOutcome(wasLearned: wasLearned, isHidden: isHidden)
        for strings in [korean, english] {
          let message = strings.unlearned("감사", outcome: outcome)
          #expect(message.hasPrefix("감사: "))
          messages.insert(message)
        }
      }
    }
    #expect(messages.count == 8)
  }

  @Test("repaired learned words: each with what changed, five at most, in both languages")
  func learnedWordRepair() {
    let path = "/data/cheonjiin/progress.sqlite"
    let few: [RepairedWord] = [
      RepairedWord(
        word: "감", count: .init(before: .text("many"), after: .integer(1)),
        lastUse: .init(before: .integer(9_223_372_036_854_775_807), after: .integer(20_249))),
      RepairedWord(
        word: "배", count: nil, lastUse: .init(before: .text("yesterday"), after: .integer(20_249))),
      RepairedWord(
        word: "사과",
        count: .init(before: .real(18_446_744_073_709_551_616.0), after: .integer(1_000_000_000)),
        lastUse: nil),
    ]
    #expect(
      english.learnedWordRepair(.repaired(few), path: path)
        == "progress.sqlite: repaired 3 learned words whose count or last use was not a whole "
        + "number in range: 감 (count 'many' → 1, last use 9223372036854775807 → 20249), "
        + "배 (last use 'yesterday' → 20249), 사과 (count 1.8446744073709552e+19 → 1000000000)")
    #expect(
      korean.learnedWordRepair(.repaired(few), path: path)
        == "기록 파일(progress.sqlite)에서 횟수나 마지막 사용일이 범위 밖이던 배운 낱말 3개를 고쳤어요: "
        + "감 (횟수 'many' → 1, 마지막 사용일 9223372036854775807 → 20249), "
        + "배 (마지막 사용일 'yesterday' → 20249), 사과 (횟수 1.8446744073709552e+19 → 1000000000)")
    let many = (1...7).map {
      RepairedWord(
        word: "낱말\($0)", count: .init(before: .blob(byteCount: 3), after: nil), lastUse: nil)
    }
    let shortened = english.learnedWordRepair(.repaired(many), path: path)
    #expect(shortened.hasSuffix("낱말5 (count 3 bytes of binary data → ?), and 2 more"))
    #expect(!shortened.contains("낱말6"))
    #expect(korean.learnedWordRepair(.repaired(many), path: path).hasSuffix(" 외 2개"))
    for strings in [korean, english] {
      let failed = strings.learnedWordRepair(.failed(reason: "SQLite error 8"), path: path)
      #expect(failed.contains("progress.sqlite") && failed.contains("(SQLite error 8)"))
    }
  }

  @Test("a file moved aside is named with where it went, in both languages")
  func movedAside() {
    let recovery = ProgressStore.Recovery(
      path: "/data/cheonjiin/progress.sqlite",
      movedTo: "/data/cheonjiin/progress.sqlite.corrupt-20250610-153045",
      reason: "SQLite error 26: file is not a database")
    #expect(
      english.movedAside(recovery)
        == "progress.sqlite could not be read (SQLite error 26: file is not a database); it was "
        + "moved to /data/cheonjiin/progress.sqlite.corrupt-20250610-153045 and a new progress "
        + "file was started.")
    #expect(
      korean.movedAside(recovery)
        == "기록 파일(progress.sqlite)을 읽을 수 없어서 "
        + "/data/cheonjiin/progress.sqlite.corrupt-20250610-153045(으)로 옮기고 새로 시작했어요.")
  }

}
