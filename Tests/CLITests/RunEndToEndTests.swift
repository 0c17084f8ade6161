import Foundation
import Testing
import Typing

/// `cheonjiin run`, driven in tmux with the numeric keypad.
@Suite("cheonjiin run: 천지인 as a program's input method", tmuxRequirement.trait, .serialized)
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
    try session.waitFor { session.screen().contains("F1 도움말") }
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
    try session.waitFor { session.screen().contains("F1 help") }
    try session.keys(numpadKeyNames("83"))  // ㅅㅡ: 스, still open
    #expect(try session.waitForExit() == 0)
    try session.waitFor { session.screen().contains("still being typed when the program ended: 스") }
  }

  @Test("vim -u NONE: i, 안녕하세요 on the keypad, Esc, :wq writes it; a resize reaches vim")
  func vim() throws {
    let folder = try scratchFolder("run-vim")
    let file = folder.appendingPathComponent("note.txt")
    let session = try TmuxSession(
      arguments: ["run", "--", "vim", "-u", "NONE", "-N", "-n", file.path],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("~") && session.screen().contains("F1 help") }
    try session.keys(["i"])
    try session.keys(Self.annyeong)
    try session.waitFor { session.screen().contains("안녕하세요") }
    // The window grows while vim runs: vim hears of it and redraws for its new size.
    try session.tmux(["resize-window", "-t", "0", "-x", "100", "-y", "40"])
    try session.keys(["Escape"])
    try session.keys([":", "echo", "Space", "&lines", "Space", "&columns", "Enter"])
    try session.waitFor { session.screen().contains("34 100") }  // 40 rows less the dock's 6
    try session.keys([":wq", "Enter"])
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == "안녕하세요\n")
  }

  @Test("bash readline: ⌫ across a syllable already sent erases it there too")
  func readlineErase() throws {
    let folder = try scratchFolder("run-readline")
    let file = folder.appendingPathComponent("line.txt")
    // 안 (sent to bash by ␣), 녕 open; six ⌫: five take 녕 back stroke by stroke, the sixth
    // erases the 안 bash already has; then 가. The engine alone types the same.
    let presses = "0125#52210<<<<<<412"
    let expected = try run(["keys", presses]).stdout.trimmingCharacters(in: .newlines)
    #expect(expected == "가")
    let session = try TmuxSession(
      arguments: [
        "run", "--", "bash", "--norc", "--noprofile", "-c",
        "read -e -p '> ' line; printf %s \"$line\" > \(shellQuote(file.path))",
      ],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().hasPrefix(">") && session.screen().contains("F1 help") }
    try session.keys(numpadKeyNames(presses))
    try session.waitFor { session.screen().contains("> " + expected) }
    try session.keys(["Enter"])
    #expect(try session.waitForExit() == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
  }

  @Test("a megabyte of random bytes from the program: drawn, never a crash, and it ends well")
  func burst() throws {
    let session = try TmuxSession(
      arguments: [
        "run", "--", "sh", "-c",
        "head -c 1000000 /dev/urandom; printf '\\033c'; echo burst-done; sleep 1",
      ],
      environment: locale("C.UTF-8"))
    try session.waitFor(30) { session.screen().contains("burst-done") }
    #expect(try session.waitForExit() == 0)
  }

  @Test("a click reaches a curses program, which asks for the mouse in one combined sequence")
  func cursesMouse() throws {
    let folder = try scratchFolder("run-curses-mouse")
    let got = folder.appendingPathComponent("mouse.txt")
    // ncurses' xterm-256color asks with `CSI ? 1006 ; 1000 h`.
    let program = """
      import curses, sys
      def main(window):
          curses.mousemask(curses.ALL_MOUSE_EVENTS)
          curses.mouseinterval(0)
          window.addstr(0, 0, "curses-ready")
          window.refresh()
          while window.getch() != curses.KEY_MOUSE:
              pass
          _, x, y, _, buttons = curses.getmouse()
          button1 = curses.BUTTON1_PRESSED | curses.BUTTON1_RELEASED | curses.BUTTON1_CLICKED
          open(sys.argv[1], "w").write(f"{y} {x} {(buttons & button1) != 0}")
      curses.wrapper(main)
      """
    let script = folder.appendingPathComponent("mouse.py")
    try program.write(to: script, atomically: true, encoding: .utf8)
    let session = try TmuxSession(
      arguments: ["run", "--", "python3", script.path, got.path], environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("curses-ready") }
    try session.bytes("\u{1b}[<0;11;4M\u{1b}[<0;11;4m")  // the outer terminal's press, release
    try session.waitFor { FileManager.default.fileExists(atPath: got.path) }
    #expect(try session.waitForExit() == 0)
    let reported = try String(contentsOf: got, encoding: .utf8)
    #expect(reported == "3 10 True", "\(reported)")
  }

  @Test("SIGTERM reaches the program first; a shell that ignores it is hung up on, and all end")
  func terminate() throws {
    let session = try TmuxSession(
      arguments: ["run", "--", "bash", "--norc", "--noprofile", "-i"],
      environment: locale("C.UTF-8"))
    try session.waitFor { session.screen().contains("F1 help") }
    // The pane runs `sh -c "env … cheonjiin …"`; env becomes cheonjiin, the pane's child.
    let pane = try session.display("#{pane_pid}")
    #expect(system("kill -TERM $(pgrep -P \(pane))") == 0)
    #expect(try session.waitForExit() == 143)
  }

  @Test("SIGTERM or SIGHUP while the program holds the alternate screen: its screen is not printed")
  func signalOnAlternateScreen() throws {
    for signal in ["TERM", "HUP"] {
      let session = try TmuxSession(
        arguments: [
          "run", "--", "sh", "-c",
          "echo main-line; printf '\\033[?1049h\\033[Halternate-screen'; sleep 60",
        ],
        environment: locale("C.UTF-8"))
      try session.waitFor { session.screen().contains("alternate-screen") }
      let pane = try session.display("#{pane_pid}")
      #expect(system("kill -\(signal) $(pgrep -P \(pane))") == 0)
      #expect(try session.waitForExit() == (signal == "TERM" ? 143 : 129))
      try session.waitFor { session.screen().contains("main-line") }
      #expect(!session.screen().contains("alternate-screen"), "\(signal): \(session.screen())")
    }
  }

  @Test(
    "a kitty-protocol terminal (scripted): keypad presses and releases type 안 into cat, Ctrl-D as CSI u ends it"
  )
  func kittyTerminal() throws {
    let folder = try scratchFolder("run-kitty")
    let file = folder.appendingPathComponent("typed.txt")
    // KP0 KP7 KP8 KP5 (phone 0 1 2 5), each pressed and released with Num Lock on.
    let keys = [57399, 57406, 57407, 57404].map {
      #"{"send": "\u001b[\#($0);129u"}, {"send": "\u001b[\#($0);129:3u"}, {"wait": 80}"#
    }
    let script = """
      [{"until": "F1 help"}, \(keys.joined(separator: ", ")), {"send": "\\r"}, {"wait": 200},
       {"send": "\\u001b[100;5u"}, {"wait": 500}]
      """
    let result = try runPtyTerminal(
      kitty: true, script: script, stdout: nil,
      arguments: ["run", "--", "sh", "-c", "cat > \(shellQuote(file.path))"],
      stateHome: folder.appendingPathComponent("state"))
    #expect(result.contains("\"status\": 0"), "\(result)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "안\n")
  }
}
