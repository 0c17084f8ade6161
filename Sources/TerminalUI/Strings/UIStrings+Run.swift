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

  /// Input typed for the program waits because it is not reading.
  func runInputWaiting(_ count: Int) -> String {
    pick(
      "프로그램이 아직 읽지 않은 입력 \(byteSize(count)): 읽는 대로 보내요",
      "\(byteSize(count)) of input not read by the program yet: sent as it reads")
  }

  /// The input queue is full: what was just typed or pasted was not sent.
  func runInputRefused(_ count: Int, waiting: Int) -> String {
    pick(
      "프로그램이 입력을 읽지 않아요. \(byteSize(waiting))가 기다리고 있어서 방금 친 \(byteSize(count))는 "
        + "보내지 않았어요 (Ctrl-C로 비워요)",
      "The program is not reading: \(byteSize(waiting)) wait, so the \(byteSize(count)) just "
        + "typed were not sent (Ctrl-C empties the queue)")
  }

  /// The program's interrupt key discarded input it had not read, as a terminal does.
  func runInputDiscarded(_ count: Int, signal: Int32) -> String {
    let key =
      switch signal {
      case SIGQUIT: "Ctrl-\\"
      case SIGTSTP: "Ctrl-Z"
      default: "Ctrl-C"
      }
    return pick(
      "\(key): 프로그램이 읽지 않은 입력 \(byteSize(count))를 버렸어요",
      "\(key): \(byteSize(count)) of input the program had not read were discarded")
  }

  /// At the end, on standard error: input the program never read.
  public func runInputUnread(_ count: Int) -> String {
    pick(
      "프로그램이 끝날 때까지 읽지 않은 입력 \(byteSize(count))는 보내지 못했어요",
      "\(byteSize(count)) of input were never read by the program before it ended")
  }

  /// The status line while the pass-through key waits for the key it sends to the program.
  func runPassNextStatus(_ key: String) -> String {
    pick("다음 키는 프로그램으로 (\(key))", "next key goes to the program (\(key))")
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
