import Foundation
import Testing

/// Issue 12: `cheonjiin run`, driven in tmux with the numeric keypad.
@Suite("cheonjiin run: 천지인 as a program's input method", .enabled(if: hasTmux), .serialized)
struct RunEndToEndTests {
  /// 안녕하세요 on the phone pad: ㅇㅣㆍㄴ, ␣ to end the syllable, then ㄴㆍㆍㅣㅇ ㅅㅅㅣㆍ ㅅㆍㅣㅣ ㅇㆍㆍㅡ.
  static let annyeong = numpadKeyNames("0125#52210881282110223")

  @Test("typing 안녕하세요 into `cat > FILE`, then Enter and Ctrl-D: the file holds it")
  func catToFile() throws {
    let folder = try scratchFolder("run-cat")
    let file = folder.appendingPathComponent("typed.txt")
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "cat > \(shellQuote(file.path))"],
      environment: locale("ko_KR.UTF-8"))
    try session.waitFor { session.screen().contains("숫자패드로 한글") }
    try session.keys(Self.annyeong)
    // The open syllables are drawn at the child's cursor, before they reach it.
    try session.waitFor { session.screen().contains("안녕하세요") }
    try session.keys(["Enter"])
    try session.keys(["C-d"])
    #expect(try session.waitForExit() == 0)
    let typed = try String(contentsOf: file, encoding: .utf8)
    #expect(typed == "안녕하세요\n")
  }

  @Test("the child's exit status is cheonjiin's; a program that is missing says so")
  func exitStatus() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "exit 7"], environment: locale("C.UTF-8"))
    #expect(try session.waitForExit() == 7)
    let missing = try run(
      ["run", "--", "no-such-program-cheonjiin"], environment: locale("C.UTF-8"))
    #expect(missing.status != 0)
  }

  @Test(
    "the dock shows the pad; F12 makes it one line, then hides it, and the program learns its new size"
  )
  func dockModes() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "stty size; read a; stty size; read b; stty size"],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("ㄱㅋ") && session.screen().contains("24 80") }
    try session.keys(["F12", "Enter"])
    try session.waitFor { session.screen().contains("29 80") }
    #expect(!session.screen().contains("ㄱㅋ"), "compact: no pad")
    try session.keys(["F12", "Enter"])
    #expect(try session.waitForExit() == 0)
  }

  @Test("open syllables when the program ends are printed, not lost")
  func leftOpen() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "sh", "-c", "sleep 2"], environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("keypad types Korean") }
    try session.keys(numpadKeyNames("83"))  // ㅅㅡ: 스, still open
    #expect(try session.waitForExit() == 0)
    try session.waitFor { session.screen().contains("still being typed when the program ended: 스") }
  }
}
