import Storage
import Suggestions
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

  /// A line of a `dict import` file that was skipped or shortened, and what to write instead.
  public func importProblem(_ problem: WordImportProblem, file: String) -> String {
    "\(file): " + onLine(problem.line, "\"\(problem.text)\": " + importReason(problem.reason))
  }

  private func importReason(_ reason: WordImportProblem.Reason) -> String {
    switch reason {
    case .notLearnable:
      pick(
        "배울 수 있는 낱말이 아니에요. 한글 글자 1~20자만 써요.",
        "not a word that can be learned: write Hangul syllables only (1 to 20)")
    case .tooManyColumns:
      pick(
        "칸이 너무 많아요. 낱말, 낱말<TAB>횟수, 낱말<TAB>횟수<TAB>날짜 중 하나로 써요.",
        "too many columns: write word, or word<TAB>count, or word<TAB>count<TAB>date")
    case .countNotWhole:
      pick(
        "횟수는 1 이상의 정수여야 해요. 낱말<TAB>3 처럼 써요.",
        "the count must be a whole number of 1 or more: write word<TAB>3")
    case .dateOutOfRange:
      pick(
        "마지막으로 쓴 날은 0001-01-01 ~ 9999-12-31 사이 날짜여야 해요. YYYY-MM-DD 로 써요.",
        "the last use must be a date from 0001-01-01 to 9999-12-31: write YYYY-MM-DD")
    case .countCapped(let maximum):
      pick(
        "횟수가 너무 커요. 한 낱말은 \(maximum)번까지라서 \(maximum)번으로 가져왔어요.",
        "the count is more than \(maximum), the most a word can have; imported as \(maximum)")
    }
  }

  /// What `dict import` did, and how many of the learned words the keypad holds when there
  /// are more than it holds.
  public func imported(_ result: WordImport) -> String {
    let done = pick(
      "낱말 \(result.imported)개를 가져왔어요. 그중 \(result.added)개는 새 낱말이에요.",
      "imported \(englishCount(result.imported, "word")), \(result.added) of them new")
    let limit = UserWords.loadLimit
    guard result.learned > limit else { return done }
    return done + "\n"
      + pick(
        "배운 낱말 \(result.learned)개를 모두 저장했어요. 추천 줄은 그중 가장 많이, 최근에 쓴 \(limit)개에서 "
          + "골라요. 나머지는 쓰면 추천에 들어와요 (cheonjiin dict list 로 모두 볼 수 있어요).",
        "all \(result.learned) learned words are kept; the suggestion bar picks from the \(limit) "
          + "used most and most recently, and another word joins them once you use it "
          + "(cheonjiin dict list shows them all)")
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
    case .readOnly(let path, let unwritable):
      pick(
        "\(path): 기록을 읽을 수는 있지만 저장할 수 없어요. \(unwritable)에 쓸 수 없어요. "
          + "다시 저장하려면 쓸 수 있게 바꿔 주세요 (chmod u+w).",
        error.description)
    case .readOnlyFileSystem(let path, let unwritable):
      pick(
        "\(path): 기록을 읽을 수는 있지만 저장할 수 없어요. \(unwritable)이(가) 읽기 전용으로 마운트된 "
          + "파일 시스템에 있어요. 읽기·쓰기로 다시 마운트하거나, XDG_DATA_HOME을 다른 곳의 폴더로 "
          + "정하면 거기에 저장해요.",
        error.description)
    case .notReadable(let path, let ownedByAnotherUser):
      ownedByAnotherUser
        ? pick(
          "\(path): 다른 사용자의 기록 파일이라 읽을 수 없어요. 파일을 내 것으로 바꾸거나(sudo chown), "
            + "XDG_DATA_HOME을 내 폴더로 정해 주세요.",
          error.description)
        : pick(
          "\(path): 기록 파일을 읽을 권한이 없어요. 다시 쓰려면 권한을 돌려주세요 (chmod u+rw).",
          error.description)
    case .diskFull(let path, let operation):
      pick(
        "\(path): 디스크가 가득 찼어요 (\(operation)). 공간을 비운 다음 다시 해 주세요. 파일은 "
          + "멀쩡하고 잃은 것은 없어요.",
        error.description)
    case .busy(let path, _, let waitedSeconds):
      pick(
        "\(path): 다른 프로그램이 기록 파일을 \(waitedSeconds)초 동안 잠가 두었어요 (다른 "
          + "cheonjiin이나 sqlite3 같은 프로그램). 그 프로그램을 닫고 다시 해 주세요.",
        error.description)
    case .unsafeFile(let path, let kind):
      pick(
        "\(path): 보통 파일이 아니라 \(koreanKind(kind)). cheonjiin은 기록을 보통 파일에 "
          + "저장해요. 다른 곳으로 옮긴 다음 다시 시작해 주세요.",
        error.description)
    case .newerVersion(let path, _):
      pick(
        "\(path): 더 새 버전의 cheonjiin이 만든 기록 파일이에요. 읽기만 하고 바꾸지 않아서 "
          + "새 기록은 저장하지 않아요. 다시 저장하려면 cheonjiin을 새 버전으로 올려 주세요.",
        error.description)
    }
  }

  private func koreanKind(_ kind: StorageError.UnsafeFileKind) -> String {
    switch kind {
    case .symbolicLink: "심볼릭 링크예요"
    case .folder: "폴더예요"
    case .special: "특수 파일(FIFO, 소켓, 장치)이에요"
    }
  }

  /// What opening did with a progress file it could not read: moved it aside and started a
  /// new one.
  public func movedAside(_ recovery: ProgressStore.Recovery) -> String {
    let name = fileName(recovery.path)
    return pick(
      "기록 파일(\(name))을 읽을 수 없어서 \(recovery.movedTo)(으)로 옮기고 새로 시작했어요.",
      "\(name) could not be read (\(recovery.reason)); it was moved to \(recovery.movedTo) and a "
        + "new progress file was started.")
  }

  /// What opening repaired among the learned words of the progress file at `path`, or why
  /// it could not.
  public func learnedWordRepair(_ repair: LearnedWordRepair, path: String) -> String {
    let name = fileName(path)
    switch repair {
    case .repaired(let words):
      let shown = words.prefix(5).map(repairedWord).joined(separator: ", ")
      let more =
        words.count > 5 ? pick(" 외 \(words.count - 5)개", ", and \(words.count - 5) more") : ""
      return pick(
        "기록 파일(\(name))에서 횟수나 마지막 사용일이 범위 밖이던 배운 낱말 \(words.count)개를 고쳤어요: "
          + shown + more,
        "\(name): repaired \(englishCount(words.count, "learned word")) whose count or last use "
          + "was not a whole number in range: " + shown + more)
    case .failed(let reason):
      return pick(
        "기록 파일(\(name))의 배운 낱말 가운데 횟수나 마지막 사용일이 망가진 것을 고치지 못했어요 "
          + "(\(reason)). 다음에 시작할 때 다시 고쳐요. 그때까지는 범위 안으로 맞추거나 빼고 읽어요.",
        "\(name): some learned words have a damaged count or last use and could not be repaired "
          + "(\(reason)); until a later start repairs them, reads bring them into range or leave "
          + "them out")
    }
  }

  /// A repaired word with what changed: `감 (count 'many' → 1)`.
  private func repairedWord(_ word: RepairedWord) -> String {
    let changes = [(pick("횟수", "count"), word.count), (pick("마지막 사용일", "last use"), word.lastUse)]
      .compactMap { label, change in
        change.map { "\(label) \(storedValue($0.before)) → \($0.after.map(storedValue) ?? "?")" }
      }
    return "\(word.word) (\(changes.joined(separator: ", ")))"
  }

  /// A value as SQLite stored it: numbers as they are, text in quotes.
  private func storedValue(_ value: StoredValue) -> String {
    switch value {
    case .integer(let number): "\(number)"
    case .real(let number): "\(number)"
    case .text(let text): "'\(text)'"
    case .blob(let byteCount): pick("이진 데이터 \(byteCount)바이트", "\(byteCount) bytes of binary data")
    case .null: "NULL"
    }
  }

  /// Said once on the practice screen when progress cannot be saved (the full
  /// ``storageError(_:)`` goes to standard error).
  public func progressNotSaved(_ error: StorageError) -> String {
    pick("연습 기록을 저장하지 않아요: ", "progress is not saved: ") + savingProblem(error)
  }

  /// Said once on the pad's status row when learned words cannot be saved.
  public func wordsNotSaved(_ error: StorageError) -> String {
    pick("새 낱말을 저장하지 않아요: ", "new words are not saved: ") + savingProblem(error)
  }

  /// Why nothing can be saved, short enough for a status row: file names without their
  /// folders (the full message is on standard error or from `cheonjiin stats`).
  private func savingProblem(_ error: StorageError) -> String {
    let name = fileName
    switch error {
    case .readOnly(_, let unwritable):
      return pick(
        "\(name(unwritable))에 쓸 수 없어요 (chmod u+w).",
        "\(name(unwritable)) is not writable (chmod u+w)")
    case .readOnlyFileSystem(_, let unwritable):
      return pick(
        "\(name(unwritable))이(가) 읽기 전용 파일 시스템에 있어요.",
        "\(name(unwritable)) is on a read-only file system")
    case .notReadable(let path, _):
      return pick(
        "기록 파일(\(name(path)))을 읽을 수 없어요 (cheonjiin stats에서 자세히).",
        "\(name(path)) cannot be read (cheonjiin stats says why)")
    case .diskFull:
      return pick("디스크가 가득 찼어요.", "the disk is full")
    case .busy:
      return pick(
        "다른 프로그램이 기록 파일을 잠가 두었어요.", "another program keeps the progress file locked")
    case .unsafeFile(let path, _):
      return pick(
        "기록 파일(\(name(path)))이 보통 파일이 아니에요.", "\(name(path)) is not a plain file")
    case .newerVersion:
      return pick(
        "더 새 버전이 만든 기록 파일이라 읽기만 해요 (cheonjiin을 올려 주세요).",
        "the progress file is from a newer version: read only (update cheonjiin)")
    case .cannotCreateFolder, .cannotOpen, .cannotMoveAside, .database, .cannotReadFile,
      .invalidValue:
      return pick(
        "기록 파일을 열 수 없어요 (cheonjiin stats에서 자세히).",
        "the progress file cannot be opened (cheonjiin stats says why)")
    }
  }

  /// A path's file name without its folders: messages name the folder only where it helps.
  private func fileName(_ path: String) -> Substring {
    path.split(separator: "/").last ?? Substring(path)
  }
}
