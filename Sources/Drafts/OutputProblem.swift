import SystemPackage
import TerminalUI

/// What went wrong writing the text somewhere outside the screen.
///
/// The draft, its history, `--output`, a tmux pane. Carried as a value and worded by ``UIStrings`` in the
/// user's language; none of them stops typing, and none loses the text (it is printed).
public enum OutputProblem: Error, Sendable, Equatable {
  /// `--output FILE` could not be created.
  case cannotCreateOutput(path: String)
  /// `--output FILE` could not be opened or written.
  case cannotWriteOutput(path: String, reason: String?)
  /// `--output FILE` is a FIFO that no program reads.
  case outputNotRead(path: String)
  case cannotRemoveDraft(path: String, reason: String)
  case cannotSaveDraft(path: String, reason: String)
  /// `--tmux-target` names a pane tmux does not know.
  case noTmuxPane(target: String)
  /// A `tmux` command failed; `command` is its arguments, `output` what it printed.
  case tmuxFailed(command: String, output: String)
  /// The draft was over the size the keypad opens; it was renamed to `path`, whole.
  case draftTooLarge(path: String, bytes: Int, limit: Int)
  /// Something other than a plain file is at the draft's path: it is left alone, and drafts
  /// are not saved until it is moved.
  case draftNotAFile(path: String, kind: DraftFileKind)
  /// The draft is there but cannot be read (another user's, or mode 000): it is left as it
  /// is, and the pad saves its text in a draft of its own.
  case draftUnreadable(path: String, reason: String)
  /// The draft's folder has no write permission for its owner (made read-only on purpose):
  /// nothing is written there, and it is not made writable.
  case draftFolderReadOnly(folder: String)
  /// Text could not be kept in the drafts' history.
  case cannotKeep(folder: String, reason: String)
  /// Text over the largest entry the drafts' history keeps.
  case tooLargeToKeep(bytes: Int, limit: Int)
  /// A kept text could not be read back.
  case cannotReadKept(path: String, reason: String)
}

/// What was found at the draft's path instead of a plain file.
public enum DraftFileKind: Sendable, Equatable {
  case folder
  case symbolicLink
  /// A FIFO, socket or device.
  case special

  package init(_ type: FileType) {
    switch type {
    case .directory: self = .folder
    case .symbolicLink: self = .symbolicLink
    default: self = .special
    }
  }
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
    case .outputNotRead(let path):
      pick(
        "\(path) 는 FIFO인데 읽는 프로그램이 없어서 쓰지 않았어요. 쓴 글은 아래에 출력해요.",
        "nothing reads the FIFO \(path), so the text was not written there; it is printed below instead"
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
    case .draftNotAFile(let path, let kind):
      pick(
        "임시 저장을 하지 않아요: \(fileName(path)) 가 보통 파일이 아니에요 (\(name(of: kind))). "
          + "그대로 두니, 치우면 다시 저장해요. 끝낼 때 쓴 글을 출력해요: \(path)",
        "drafts are not saved: \(fileName(path)) is \(name(of: kind)), not a plain file, and is "
          + "left as it is (move it away to save drafts again; the text is printed when you "
          + "finish): \(path)")
    case .draftUnreadable(let path, let reason):
      pick(
        "임시 저장 글 \(path) 을 읽을 수 없어서 (\(reason)) 그대로 두었어요 "
          + "(sudo 로 생겼다면: sudo chown $USER \(path))",
        "cannot read the draft \(path) (\(reason)); it is left as it is "
          + "(if sudo made it: sudo chown $USER \(path))")
    case .draftFolderReadOnly(let folder):
      pick(
        "임시 저장을 하지 않아요: 폴더가 읽기 전용이에요 (다시 저장하려면 chmod u+w \(folder))",
        "drafts are not saved: their folder is read-only (to save them again: chmod u+w \(folder))")
    case .cannotKeep(let folder, let reason):
      pick(
        "보관함 \(folder) 에 글을 둘 수 없어요: \(reason)",
        "cannot keep the text in \(folder): \(reason)")
    case .tooLargeToKeep(let bytes, let limit):
      pick(
        "글이 \(megabytes(bytes))MB라서 보관함에 두지 않았어요 (한 글에 \(limit >> 20)MB까지).",
        "the text is \(megabytes(bytes)) MB, more than the \(limit >> 20) MB kept with your drafts")
    case .cannotReadKept(let path, let reason):
      pick("보관한 글 \(path) 을 읽을 수 없어요: \(reason)", "cannot read \(path): \(reason)")
    }
  }

  package func name(of kind: DraftFileKind) -> String {
    switch kind {
    case .folder: pick("폴더예요", "a folder")
    case .symbolicLink: pick("심볼릭 링크예요", "a symbolic link")
    case .special: pick("FIFO·소켓·장치예요", "a FIFO, socket or device")
    }
  }

  /// The last part of a path.
  private func fileName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// Bytes in MB with one decimal (8.4), for sizes near the limits.
  private func megabytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + (1 << 19)) >> 20
    return "\(tenths / 10).\(tenths % 10)"
  }
}
