import Storage
import TerminalUI

// The wording of what `Storage` reports. It lives beside the commands that open the
// progress database, so the view layer (TerminalUI) does not depend on GRDB.

extension UIStrings {
  /// What `dict unlearn` did to a word.
  public func unlearned(_ word: String, outcome: UnlearnOutcome) -> String {
    switch (outcome.wasLearned, outcome.isHidden) {
    case (true, true):
      pick("\(word): 잊었어요. 추천에도 나오지 않아요.", "\(word): forgotten, and hidden from suggestions")
    case (false, true):
      pick("\(word): 추천에 나오지 않게 했어요.", "\(word): hidden from suggestions")
    case (true, false):
      pick("\(word): 잊었어요.", "\(word): forgotten")
    case (false, false):
      pick(
        "\(word): 배운 낱말도 아니고 낱말 목록에도 없어요. 바뀐 것은 없어요.",
        "\(word): was not learned and is not in the word lists; nothing to do")
    }
  }

  /// A line of a `dict import` file that was skipped or shortened.
  ///
  /// The reason comes from `Storage` as written there (English).
  public func importProblem(_ problem: WordImportProblem, file: String) -> String {
    "\(file): " + onLine(problem.line, "\"\(problem.text)\": \(problem.reason)")
  }

  /// What `dict import` did.
  public func imported(_ result: WordImport) -> String {
    pick(
      "낱말 \(result.imported)개를 가져왔어요. 그중 \(result.added)개는 새 낱말이에요.",
      "imported \(englishCount(result.imported, "word")), \(result.added) of them new")
  }

}

// MARK: - The progress database

extension UIStrings {
  /// What went wrong with the progress database, and what to do.
  ///
  /// The reason in parentheses comes from SQLite or the file system as they word it.
  public func storageError(_ error: StorageError) -> String {
    switch error {
    case .cannotCreateFolder(let path, let reason):
      pick(
        "\(path): 폴더를 만들 수 없어요 (\(reason)). 폴더를 직접 만들거나, XDG_DATA_HOME을 "
          + "쓸 수 있는 폴더로 정해 주세요.",
        "\(path): cannot create the folder (\(reason)); create it, or set XDG_DATA_HOME to a "
          + "writable folder")
    case .cannotOpen(let path, let reason):
      pick(
        "\(path): 연습 기록 파일을 열 수 없어요 (\(reason)). 폴더에 쓸 수 있는지 확인하거나, "
          + "XDG_DATA_HOME을 다른 폴더로 정해 주세요.",
        "\(path): cannot open the progress database (\(reason)); check that the folder is "
          + "writable, or set XDG_DATA_HOME to another folder")
    case .cannotMoveAside(let path, let reason):
      pick(
        "\(path): 파일이 망가졌는데 옆으로 옮기지 못했어요 (\(reason)). 파일을 직접 옮기거나 "
          + "지운 다음 다시 시작해 주세요.",
        "\(path): the file is damaged and could not be moved aside (\(reason)); move or delete "
          + "it by hand, then start again")
    case .database(let path, let operation, let reason):
      pick(
        "\(path): 기록하다가 문제가 생겼어요 (\(operation): \(reason)). 또 그러면 파일을 다른 "
          + "곳으로 옮겨 주세요. 새 파일이 만들어져요.",
        "\(path): \(operation) failed (\(reason)); if this repeats, move the file aside and a "
          + "new one will be made")
    case .cannotReadFile(let path, let reason):
      pick("\(path): 가져올 수 없어요: \(reason)", "\(path): cannot import: \(reason)")
    case .invalidValue(let path, let operation, let reason):
      pick(
        "\(path): 받아들일 수 없는 값이에요 (\(operation)): \(reason)",
        "\(path): \(operation) refused: \(reason)")
    }
  }
}
