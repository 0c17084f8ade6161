import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - `cheonjiin run`: the child's input, its start and its end

extension UIStrings {
  /// A byte count as people read it: `512 B`, `12 KB`, `1.5 MB`.
  func byteSize(_ count: Int) -> String {
    if count < 1024 { return "\(count) B" }
    if count < 1024 * 1024 { return "\((count + 512) / 1024) KB" }
    let tenths = (count * 10 + 512 * 1024) / (1024 * 1024)
    return tenths % 10 == 0 ? "\(tenths / 10) MB" : "\(tenths / 10).\(tenths % 10) MB"
  }

  /// The status line: input typed for the program waits because it is not reading.
  func runInputWaiting(_ count: Int) -> String {
    pick("안 읽은 입력 \(byteSize(count))", "\(byteSize(count)) not read yet")
  }

  /// The status line: the input queue is full, what was just typed or pasted was not sent.
  func runInputRefused(_ count: Int, waiting: Int) -> String {
    pick(
      "입력 \(byteSize(waiting)) 가득: \(byteSize(count)) 못 보냄",
      "\(byteSize(waiting)) waiting: \(byteSize(count)) not sent")
  }

  /// The status line: the program's interrupt key discarded input it had not read, as a
  /// terminal does.
  func runInputDiscarded(_ count: Int, signal: Int32) -> String {
    let key =
      switch signal {
      case SIGQUIT: "Ctrl-\\"
      case SIGTSTP: "Ctrl-Z"
      default: "Ctrl-C"
      }
    return pick(
      "\(key): 안 읽은 입력 \(byteSize(count)) 버림", "\(key): \(byteSize(count)) unread, dropped")
  }

  /// At the end, on standard error: input the program never read.
  public func runInputUnread(_ count: Int) -> String {
    pick(
      "프로그램이 끝날 때까지 읽지 않은 입력 \(byteSize(count))는 보내지 못했어요",
      "\(byteSize(count)) of input were never read by the program before it ended")
  }

  /// The status line while the pass-through key waits for the key it sends to the program.
  func runPassNextStatus(_ key: String, functionKeysToRun: Bool) -> String {
    functionKeysToRun
      ? pick("\(key): F키→cheonjiin, 다른 키→프로그램", "\(key): F keys → cheonjiin, other keys → program")
      : pick("\(key): 다음 키→프로그램", "\(key): next key → program")
  }

  /// The program could not be started: not found (exit 127), or found but not runnable.
  public func runCannotRun(_ command: String, notFound: Bool, reason: String) -> String {
    notFound
      ? pick(
        "\(command): 그런 프로그램이 없어요. 이름과 PATH를 확인해 주세요.",
        "\(command): command not found; check its name and PATH")
      : pick(
        "\(command): 실행할 수 없어요 (\(reason)). 실행 권한을 확인해 주세요.",
        "\(command): cannot run it (\(reason)); check that it is an executable program")
  }
}
