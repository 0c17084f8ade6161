/// What went wrong writing the text somewhere outside the screen.
///
/// The draft, `--output`, a tmux pane, the timer thread. Carried as a value and worded by ``UIStrings`` in the
/// user's language; none of them stops typing, and none loses the text (it is printed).
public enum OutputProblem: Error, Sendable, Equatable {
  /// `--output FILE` could not be created.
  case cannotCreateOutput(path: String)
  /// `--output FILE` could not be opened or written.
  case cannotWriteOutput(path: String, reason: String?)
  case cannotRemoveDraft(path: String, reason: String)
  case cannotSaveDraft(path: String, reason: String)
  /// `--tmux-target` names a pane tmux does not know.
  case noTmuxPane(target: String)
  /// A `tmux` command failed; `command` is its arguments, `output` what it printed.
  case tmuxFailed(command: String, output: String)
  /// The draft was over the size the keypad opens; it was renamed to `path`, whole.
  case draftTooLarge(path: String, bytes: Int, limit: Int)
  /// The thread that times holds and flashes could not start.
  case timerThread(reason: String)
}

extension UIStrings {
  /// The message for `problem`: what failed, where, and what happens or what to do now.
  public func message(_ problem: OutputProblem) -> String {
    switch problem {
    case .cannotCreateOutput(let path):
      pick(
        "\(path) 파일을 만들 수 없어요. 쓴 글은 아래에 출력해요.",
        "cannot create \(path); the text is printed below instead")
    case .cannotWriteOutput(let path, let reason):
      pick(
        "\(path) 파일에 쓸 수 없어요\(reason.map { " (\($0))" } ?? ""). 쓴 글은 아래에 출력해요.",
        "cannot write to \(path)\(reason.map { " (\($0))" } ?? ""); the text is printed below instead"
      )
    case .cannotRemoveDraft(let path, let reason):
      pick(
        "임시 저장 글 \(path) 을 지울 수 없어요: \(reason)",
        "cannot remove the draft \(path): \(reason)")
    case .cannotSaveDraft(let path, let reason):
      pick(
        "임시 저장 글 \(path) 을 저장할 수 없어요: \(reason). 쓰던 글은 화면에 그대로 있어요.",
        "cannot save the draft \(path): \(reason). The text on the screen is kept.")
    case .noTmuxPane(let target):
      pick(
        "tmux 창 \"\(target)\"이 없어요 (tmux가 실행 중인가요?). 창 목록: tmux list-panes -a",
        "no tmux pane \"\(target)\" (is tmux running?); list panes with: tmux list-panes -a")
    case .tmuxFailed(let command, let output):
      pick("tmux \(command) 가 실패했어요: \(output)", "tmux \(command) failed: \(output)")
    case .draftTooLarge(let path, let bytes, let limit):
      pick(
        "임시 저장 글이 \(bytes >> 20)MB로 너무 커서 (최대 \(limit >> 20)MB) 열지 않았어요. 글은 그대로 \(path) 에 있어요.",
        "the draft is \(bytes >> 20) MB, more than the \(limit >> 20) MB the keypad opens; it is kept whole as \(path)"
      )
    case .timerThread(let reason):
      pick(
        "길게 누르기 타이머를 시작할 수 없어요: \(reason)",
        "cannot start the timer thread: \(reason)")
    }
  }
}
