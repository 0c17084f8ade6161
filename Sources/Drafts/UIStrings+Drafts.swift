import TerminalUI

// MARK: - Kept text, and the draft set aside

extension UIStrings {
  /// Where the finished text was kept, or why it was not, in lines.
  public func keptNote(_ kept: Result<DraftHistory.Entry, OutputProblem>) -> String {
    switch kept {
    case .success:
      pick(
        "글은 보관함에도 두었어요.\n다시 보려면: cheonjiin drafts",
        "Your text is also kept with your drafts.\nTo see it again: cheonjiin drafts")
    case .failure(let problem):
      message(problem) + "\n"
        + pick("글을 보관하지 못했어요. 닫기 전에 옮겨 두세요.", "It could not be kept: copy it before you close.")
    }
  }

  /// Said after Esc at the offer: where the earlier text went.
  public var draftSetAside: String {
    pick(
      "지난 글은 보관함에 두었어요 · 다시 보려면 cheonjiin drafts",
      "Your earlier text is kept with your drafts · see  cheonjiin drafts")
  }

  /// What to say when a declined draft did not go to the drafts' history: where it went
  /// instead, or why it stayed the draft; nil when it went to the history
  /// (``draftSetAside`` said so).
  public func setAside(_ result: Result<String, OutputProblem>, history: DraftHistory)
    -> String?
  {
    switch result {
    case .success(let path) where path.hasPrefix(history.folder + "/"):
      nil
    case .success(let path):
      pick("지난 글은 \(path) 에 두었어요", "Your earlier text is kept as \(path)")
    case .failure(let problem):
      message(problem) + " "
        + pick("지난 글은 그대로 임시 저장 글로 남아요.", "The earlier text stays the draft.")
    }
  }
}

// MARK: - Two pads, and drafts of pads that ended

extension UIStrings {
  /// Said at the start by a pad that writes a draft of its own: why, and where it goes.
  public func ownDraft(_ reason: DraftClaim.Reason, path: String) -> String {
    switch reason {
    case .anotherPad:
      pick(
        "다른 키패드가 열려 있어서 이 키패드의 글은 따로 저장해요: \(path) (다음 키패드가 보관함에 둬요)",
        "another keypad is open: this one saves its draft apart, as \(path) (the next keypad keeps it with your drafts)"
      )
    case .unreadable:
      pick(
        "이 키패드의 글은 따로 저장해요: \(path)",
        "this keypad saves its draft apart, as \(path)")
    }
  }

  /// Said at the start when texts of pads that ended went to the drafts' history.
  public func keptAside(_ count: Int) -> String {
    pick(
      "끝난 키패드의 글 \(count)개를 보관함에 두었어요 · 보려면 cheonjiin drafts",
      "\(count) text(s) of keypads that ended are kept with your drafts · see  cheonjiin drafts")
  }

  /// Ctrl-C in a pad that saves a draft of its own: where the text is.
  public func cancelledOwnDraft(_ path: String) -> String {
    pick(
      "취소했어요. 쓴 글은 \(path) 에 임시 저장했어요 (다음 키패드가 보관함에 둬요)",
      "Cancelled; your text was saved as \(path) (the next keypad keeps it with your drafts)")
  }

  /// `drafts list`: the draft another pad writes apart.
  public func otherDraft(_ preview: String, path: String) -> String {
    pick(
      "따로 저장한 글 (다음 키패드가 보관함에 둬요): \(preview)  [\(path)]",
      "a draft saved apart (the next keypad keeps it with your drafts): \(preview)  [\(path)]")
  }
}

// MARK: - Finishing

extension UIStrings {
  /// Standard output refused the finished text, which is now the draft.
  public func outputFailedKept(_ reason: String, draft path: String) -> String {
    pick(
      "쓴 글을 표준 출력에 쓸 수 없어서 (\(reason)) 임시 저장했어요: \(path). 다음에 시작하면 이어서 쓸 수 있어요.",
      "cannot write the text to standard output (\(reason)); it is kept as the draft \(path), offered when you start again"
    )
  }

  /// Standard output refused the finished text, and it could not be saved as the draft
  /// either (or drafts are off): it follows on standard error.
  public func outputFailedNotKept(_ reason: String, because problem: OutputProblem?) -> String {
    guard let problem else {
      return pick(
        "쓴 글을 표준 출력에 쓸 수 없어요 (\(reason)). 임시 저장도 꺼져 있어서 (--no-draft) 글을 아래에 그대로 옮겨 둘게요:",
        "cannot write the text to standard output (\(reason)), and drafts are off (--no-draft); here it is:"
      )
    }
    return pick(
      "쓴 글을 표준 출력에 쓸 수 없고 (\(reason)) 임시 저장도 못 했어요 (\(shortReason(problem))). 글을 아래에 그대로 옮겨 둘게요:",
      "cannot write the text to standard output (\(reason)), nor save it as the draft (\(shortReason(problem))); here it is:"
    )
  }

  /// Ctrl-C or a signal, and the draft could not be saved (or drafts are off): the text
  /// follows on standard error.
  public func notSavedFollows(_ problem: OutputProblem?) -> String {
    guard let problem else {
      return pick(
        "임시 저장이 꺼져 있어서 (--no-draft) 쓴 글을 아래에 그대로 옮겨 둘게요:",
        "drafts are off (--no-draft); here is the text:")
    }
    return pick(
      "쓴 글을 임시 저장하지 못했어요 (\(shortReason(problem))). 글을 아래에 그대로 옮겨 둘게요:",
      "the text could not be saved as the draft (\(shortReason(problem))); here it is:")
  }

  /// Why the draft was not saved, short enough to go inside another message.
  func shortReason(_ problem: OutputProblem) -> String {
    switch problem {
    case .cannotSaveDraft(let path, let reason), .cannotRemoveDraft(let path, let reason):
      "\(path): \(reason)"
    case .draftNotAFile(let path, let kind):
      pick("\(path) 가 보통 파일이 아니에요", "\(path) is \(name(of: kind))")
    case .draftFolderReadOnly(let folder):
      pick("\(folder) 가 읽기 전용이에요", "\(folder) is read-only")
    case .cannotCreateOutput, .cannotWriteOutput, .outputNotRead, .noTmuxPane, .tmuxFailed,
      .draftTooLarge, .cannotKeep, .tooLargeToKeep, .cannotReadKept, .draftUnreadable:
      message(problem)
    }
  }

  /// A finished message that went out but could not be kept with the drafts.
  public func notKept(_ problem: OutputProblem) -> String {
    message(problem) + " "
      + pick(
        "(글은 출력했어요. 보관함에만 없어요.)", "(The text went out; only the copy in your drafts is missing.)")
  }
}

// MARK: - cheonjiin drafts

extension UIStrings {
  /// A kept text's kind, as `drafts list` shows it.
  public func name(of kind: DraftHistory.Kind) -> String {
    switch kind {
    case .sent: pick("보낸 글", "sent")
    case .unconfirmed: pick("확인 못 한 글", "unconfirmed")
    case .declined: pick("미룬 글", "set aside")
    }
  }

  /// The line about the current draft, before the list.
  public func currentDraft(_ preview: String, path: String) -> String {
    pick(
      "임시 저장 글 (다음에 시작하면 이어 쓸지 물어봐요): \(preview)  [\(path)]",
      "the draft (offered when the keypad starts): \(preview)  [\(path)]")
  }

  public var noDrafts: String {
    pick("보관한 글이 없어요.", "nothing is kept: no draft, no earlier texts")
  }

  /// After the list: how to use it.
  public func draftsHint(count: Int) -> String {
    pick(
      "\(count)개 · 보기: cheonjiin drafts show N · 다시 쓰기: cheonjiin drafts restore N · 지우기: cheonjiin drafts remove N",
      "\(count) kept · print one: cheonjiin drafts show N · take one back into the pad: cheonjiin drafts restore N · remove: cheonjiin drafts remove N"
    )
  }

  /// `drafts show/restore/remove N` with an N that is not in the list.
  public func noSuchDraft(_ number: Int, count: Int) -> String {
    count == 0
      ? pick("보관한 글이 없어요 (\(number)번도 없어요).", "there is no kept text \(number): nothing is kept")
      : pick(
        "\(number)번 글이 없어요. 1부터 \(count)까지 있어요 (cheonjiin drafts 로 목록 보기).",
        "there is no kept text \(number); they are numbered 1 to \(count) (see  cheonjiin drafts)")
  }

  /// `drafts restore N` made entry N the draft.
  public func restored(_ number: Int, asideTo earlier: String?) -> String {
    let before =
      earlier.map {
        pick(
          "원래 있던 임시 저장 글은 보관함에 두었어요 (\($0)). ",
          "The draft there was kept with your drafts (\($0)). ")
      } ?? ""
    return before
      + pick(
        "\(number)번 글을 임시 저장 글로 돌려 놓았어요. cheonjiin 을 시작하면 이어서 쓸 수 있어요.",
        "Text \(number) is the draft again: start cheonjiin to go on with it.")
  }

  /// `drafts remove N…` removed these entries.
  public func removedDrafts(_ count: Int) -> String {
    pick("\(count)개를 지웠어요.", "removed \(count)")
  }
}
