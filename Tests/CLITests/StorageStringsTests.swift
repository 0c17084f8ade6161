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
