import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a program is on the PATH.
private func isInstalled(_ program: String) -> Bool {
  system("command -v \(program) > /dev/null 2>&1") == 0
}

private let hasAsciinema = isInstalled("asciinema")
private let hasChromium = isInstalled("chromium")
/// `make test-browser` sets this: there the page must be tried in Chromium, not skipped.
private let requiresBrowser = ProcessInfo.processInfo.environment["CHEONJIIN_BROWSER_TESTS"] == "1"
/// The page's tests run where Chromium is, and must run under `make test-browser`.
private let inBrowser = ConditionTrait.enabled(if: hasChromium || requiresBrowser)

@Suite("demo --cast and --html, headless, end to end")
struct DemoRecordingEndToEndTests {
  @Test(
    "--cast writes asciicast v2 without a terminal; replayed, it ends on the text typed",
    arguments: [(80, 24, "C.UTF-8"), (100, 32, "ko_KR.UTF-8")])
  func cast(columns: Int, rows: Int, lang: String) throws {
    let folder = try scratchFolder("cast")
    let path = folder.appendingPathComponent("demo.cast").path
    let result = try run(
      ["demo", "오 안녕", "--compare", "iphone", "--cast", path, "--size", "\(columns)x\(rows)"],
      environment: locale(lang))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(lang.hasPrefix("ko") ? "\(path)에 썼어요" : "wrote \(path)"),
      "\(result.stderr)")
    #expect(result.stderr.contains("asciinema play \(path)"))
    let cast = try Asciicast(try String(contentsOfFile: path, encoding: .utf8))
    #expect(cast.width == columns && cast.height == rows)
    // At 2 keys/s the 15 presses take 7.5 s, then the last frame stays 3 s.
    #expect(cast.events.last?.time == 10.5)
    let screen = cast.finalScreen
    #expect(screen.filter { $0.contains(" 오 안녕") }.count == 2, "\(screen.joined(separator: "\n"))")
    #expect(
      screen.contains { $0.contains(lang.hasPrefix("ko") ? "녀 + ㅇ = 녕 (받침)" : "녀 + ㅇ = 녕 (final)") }
    )
  }

  @Test("--cast - writes the recording to standard output")
  func castToStandardOutput() throws {
    let result = try run(["demo", "안녕", "--cast", "-"], environment: locale("C.UTF-8"))
    #expect(result.status == 0, "\(result.stderr)")
    let cast = try Asciicast(result.stdout)
    #expect(cast.finalScreen.contains { $0.hasPrefix(" 안녕") })
  }

  @Test(
    "Debian's asciinema plays the cast in a terminal to its last frame",
    .enabled(if: hasAsciinema && hasTmux))
  func asciinemaPlays() throws {
    let folder = try scratchFolder("asciinema")
    let path = folder.appendingPathComponent("demo.cast").path
    let made = try run(
      ["demo", "오 안녕", "--compare", "iphone", "--cast", path], environment: locale("C.UTF-8"))
    try #require(made.status == 0, "\(made.stderr)")
    let session = try TmuxSession(columns: 80, rows: 24, shell: true)
    try session.tmux([
      "send-keys", "-t", "0", "asciinema play -s 4 \(shellQuote(path)); sleep 600", "Enter",
    ])
    try session.waitFor(30) {
      let screen = session.screen()
      return screen.contains("15/15 keys") && screen.contains("14/14 keys")
    }
    let screen = session.screen().split(separator: "\n")
    #expect(screen.filter { $0.contains(" 오 안녕") }.count == 2, "\(screen.joined(separator: "\n"))")
    #expect(screen.last?.contains("cheonjiin demo 오 안녕") == true)
  }

  /// The page after Chromium has played it for up to a minute of its virtual time.
  ///
  /// - Parameter keys: Keys pressed right after the page loads, by a script the test adds
  ///   (the `key` of each keydown event).
  private func playedPage(_ arguments: [String], lang: String = "C.UTF-8", keys: [String] = [])
    throws -> String
  {
    try #require(hasChromium, "chromium is not installed; make test-browser installs it")
    let folder = try scratchFolder("page")
    let path = folder.appendingPathComponent("demo.html").path
    let made = try run(["demo"] + arguments + ["--html", path], environment: locale(lang))
    try #require(made.status == 0, "\(made.stderr)")
    if !keys.isEmpty {
      let presses = keys.map { "press(\"\($0)\");" }.joined()
      let script =
        "<script>setTimeout(function () { function press(key) { document.dispatchEvent("
        + "new KeyboardEvent(\"keydown\", { key: key, bubbles: true })); } \(presses) }, 10);"
        + "</script></body>"
      let page = try String(contentsOfFile: path, encoding: .utf8)
      try page.replacingOccurrences(of: "</body>", with: script).write(
        toFile: path, atomically: true, encoding: .utf8)
    }
    let browser = try runProgram(
      [
        "/usr/bin/env", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
        "--virtual-time-budget=60000", "--dump-dom", URL(fileURLWithPath: path).absoluteString,
      ], environment: ["HOME": folder.path])
    try #require(browser.status == 0, "\(browser.stderr.suffix(2000))")
    return browser.stdout
  }

  /// The text of the element with this id in a dumped DOM: its tags removed, entities undone.
  private func text(ofElement id: String, in dom: String) throws -> String {
    let start = try #require(dom.range(of: "id=\"\(id)\""), "no #\(id)")
    let open = try #require(dom.range(of: ">", range: start.upperBound..<dom.endIndex))
    // The typed text holds spans only, never a nested div.
    let close = try #require(dom.range(of: "</div>", range: open.upperBound..<dom.endIndex))
    var inner = String(dom[open.upperBound..<close.lowerBound])
    while let tag = inner.range(of: "<[^>]*>", options: .regularExpression) {
      inner.removeSubrange(tag)
    }
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
      inner = inner.replacingOccurrences(of: entity, with: character)
    }
    return inner
  }

  @Test(
    "headless Chromium plays the page to the end: the typed text is the text asked for",
    inBrowser)
  func pageInChromium() throws {
    let compared = try playedPage(["오 안녕", "--compare", "iphone", "--once"])
    #expect(try text(ofElement: "typed", in: compared) == "오 안녕")
    #expect(try text(ofElement: "typed-2", in: compared) == "오 안녕")
    #expect(compared.contains("All typed."))
    let sentence = "안녕하세요, 나는 2살!"
    let korean = try playedPage([sentence, "--once", "--speed", "20"], lang: "ko_KR.UTF-8")
    #expect(try text(ofElement: "typed", in: korean) == sentence)
    #expect(korean.contains("<html lang=\"ko\">"))
    #expect(korean.contains("다 쳤어요."))
  }

  @Test(
    "the page's keys: Space pauses, → steps a key, ↓ goes to the end of a syllable, + is faster",
    inBrowser)
  func pageKeys() throws {
    // Paused before the first press (at 500 ms), then 2 keys, then the ends of 오 and the space.
    let dom = try playedPage(
      ["오 안녕"], keys: [" ", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "+"])
    #expect(try text(ofElement: "typed", in: dom) == "오 ")
    #expect(dom.contains("5/15 keys"))
    #expect(dom.contains("Speed 3 keys/s"))
    #expect(dom.contains(">▶ Play</button>"))
  }

  @Test(
    "--step in the page stops after the first syllable until a key",
    inBrowser)
  func pageSteps() throws {
    let dom = try playedPage(["오 안녕", "--step"])
    #expect(try text(ofElement: "typed", in: dom) == "오")
    #expect(dom.contains("One syllable typed."))
  }

  @Test("a file that cannot be written is named with the reason and a fix, in both languages")
  func unwritable() throws {
    let missing = "/nonexistent/cheonjiin/demo.cast"
    let english = try run(["demo", "안녕", "--cast", missing], environment: locale("C.UTF-8"))
    #expect(english.status == 1)
    #expect(
      english.stderr.contains(
        "cannot write \(missing) (No such file or directory); give a file in a folder you can "
          + "write to, such as --cast ~/demo.cast"), "\(english.stderr)")
    let folder = try scratchFolder("unwritable").path
    let korean = try run(["demo", "안녕", "--html", folder], environment: locale("ko_KR.UTF-8"))
    #expect(korean.status == 1)
    #expect(korean.stderr.contains("\(folder) 파일에 쓸 수 없어요 (Is a directory)."), "\(korean.stderr)")
    #expect(korean.stderr.contains("예: --html ~/demo.html"))
  }

  @Test(
    "bad --size, a window too small, two outputs on standard output: status 64, with the fix",
    arguments: [
      (
        ["--size", "big", "--cast", "x.cast"],
        "--size big is not COLUMNSxROWS; write it like --size 80x24"
      ),
      (["--size", "10x5", "--cast", "x.cast"], "give 20x6 to 500x500, such as 80x24 or 100x32"),
      (
        ["--size", "40x12", "--compare", "iphone", "--cast", "x.cast"],
        "it needs 72x15 or 35x25 or more, such as --size 80x24"
      ),
      (["--frames", "--cast", "-"], "only one output can go to standard output"),
    ])
  func badArguments(arguments: [String], message: String) throws {
    let folder = try scratchFolder("size").path
    let result = try run(
      ["demo", "오 안녕"] + arguments, environment: locale("C.UTF-8"), directory: folder)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder + "/x.cast"))
  }

  @Test("a text the layout cannot type writes no recording")
  func untypeable() throws {
    let folder = try scratchFolder("untypeable").path
    let result = try run(
      ["demo", "오 €", "--cast", "x.cast", "--html", "x.html"], environment: locale("C.UTF-8"),
      directory: folder)
    #expect(result.status == 65)
    #expect(result.stderr.contains("\"€\" (U+20AC) cannot be typed"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
