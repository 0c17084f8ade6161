import CellGrid
import ChildTerminal
import Foundation
import TerminalUI
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a program is on the PATH.
private func isInstalled(_ program: String) -> Bool {
  system("command -v \(program) > /dev/null 2>&1") == 0
}

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
    // At the class pace, 1 key a second and longer for a long caption, the 15 presses take
    // over 15 s, then the last frame stays 3 s.
    #expect((cast.events.last?.time ?? 0) > 15 + 3)
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
    #expect(cast.finalScreen.contains { $0.trimmingCharacters(in: .whitespaces) == "안녕" })
  }

  @Test(
    "Debian's asciinema plays the cast to its last frame; the shell's prompt comes below it",
    asciinemaRequirement.trait)
  func asciinemaPlays() throws {
    let folder = try scratchFolder("asciinema")
    let path = folder.appendingPathComponent("demo.cast").path
    let made = try run(
      ["demo", "오 안녕", "--compare", "iphone", "--cast", path, "--speed", "8"],
      environment: locale("C.UTF-8"))
    try #require(made.status == 0, "\(made.stderr)")
    let session = try TmuxSession(columns: 80, rows: 24, shell: true)
    // The marker is computed by the shell, so the typed command line never matches it (CI's
    // slow start once caught the echoed command and read the screen `clear` had just emptied).
    try session.tmux([
      "send-keys", "-t", "0",
      "clear; asciinema play -s 4 \(shellQuote(path)); echo PROMPT-$((6*7))",
      "Enter",
    ])
    let lines = { session.screen().split(separator: "\n", omittingEmptySubsequences: false) }
    try session.waitFor(30) { lines().contains { $0.hasPrefix("PROMPT-42") } }
    let screen = lines()
    #expect(screen.filter { $0.contains(" 오 안녕") }.count == 2, "\(screen.joined(separator: "\n"))")
    #expect(
      screen.contains { $0.contains("15/15 keys") } && screen.contains { $0.contains("14/14 keys") }
    )
    // The prompt's line comes after the demo's status line, not inside the pad.
    let status = try #require(screen.lastIndex { $0.contains("cheonjiin demo 오 안녕") })
    let prompt = try #require(screen.firstIndex { $0.hasPrefix("PROMPT-42") })
    #expect(prompt > status, "\(screen.joined(separator: "\n"))")
  }

  @Test(
    "--theme draws the cast's keys in that theme's colours", arguments: Theme.Name.allCases)
  func castTheme(name: Theme.Name) throws {
    let result = try run(
      ["demo", "안녕", "--cast", "-", "--theme", name.rawValue], environment: locale("C.UTF-8"))
    #expect(result.status == 0, "\(result.stderr)")
    let cast = try Asciicast(result.stdout)
    let emulator = Emulator(rows: 24, columns: 80)
    for event in cast.events { emulator.feed(Array(event.data.utf8)) }
    // The ㄱㅋ key's label, a letter key at rest at the end.
    let cells = (0..<24).flatMap { row in (0..<80).map { emulator.cell(row: row, column: $0) } }
    let label = try #require(cells.first { $0.text == "ㄱ" })
    let theme = Theme.named(name)
    #expect(label.background == .indexed(UInt8(theme.look(.keyLetter).background256)))
  }

  @Test("a TEXT over 2,000 characters is refused with its length and what to do, status 64")
  func textTooLong() throws {
    let folder = try scratchFolder("long").path
    let text = String(repeating: "가나다라 ", count: 401)
    for (lang, message) in [
      ("C.UTF-8", "TEXT is 2005 characters long; the demo plays up to 2000"),
      ("ko_KR.UTF-8", "글이 너무 길어요 (2005자)"),
    ] {
      let result = try run(
        ["demo", text, "--cast", "x.cast"], environment: locale(lang), directory: folder)
      #expect(result.status == 64)
      #expect(result.stderr.contains(message), "\(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    let longest = try run(
      ["demo", String(repeating: "가나다라 ", count: 400), "--html", "-"],
      environment: locale("C.UTF-8"))
    #expect(longest.status == 0, "\(longest.stderr)")
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
    return try dumpedPage(path, folder: folder, milliseconds: 60000)
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
    #expect(korean.contains("<html lang=\"ko\""))
    #expect(korean.contains("다 쳤어요."))
  }

  @Test(
    "the page's keys: Space pauses, → steps a key, ↓ goes to the end of a syllable, + is faster",
    inBrowser)
  func pageKeys() throws {
    // Paused before the first press (at 1 s), then 2 keys, then the ends of 오 and the space,
    // then one step faster than the class pace of 1 key a second.
    let dom = try playedPage(
      ["오 안녕"], keys: [" ", "ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "+"])
    #expect(try text(ofElement: "typed", in: dom) == "오 ")
    #expect(dom.contains("5/15 keys"))
    #expect(dom.contains("Speed 1.5 keys/s"))
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

  /// Where the page puts things in a window of `width` × `height`, measured by a script the
  /// test adds, after Chromium has played it for 3 s of its virtual time: the window, the
  /// control bar's top, the extent of the keys shown and of the typed texts and captions,
  /// whether the page scrolls, and the type size the page chose for the pads.
  ///
  /// With `CHEONJIIN_PAGE_SCREENSHOTS=DIR`, also saves a screenshot there, to look at.
  private func layout(
    _ arguments: [String], width: Int, height: Int, name: String
  ) throws -> [String: Double] {
    let (folder, path) = try madePage(arguments, lang: "ko_KR.UTF-8")
    let report = """
      <script>setTimeout(function () {
        function box(selector) {
          const rects = Array.from(document.querySelectorAll(selector))
            .filter(function (n) { return n.offsetParent !== null; })
            .map(function (n) { return n.getBoundingClientRect(); });
          return {
            top: Math.min.apply(null, rects.map(function (r) { return r.top; })),
            bottom: Math.max.apply(null, rects.map(function (r) { return r.bottom; })),
            left: Math.min.apply(null, rects.map(function (r) { return r.left; })),
            right: Math.max.apply(null, rects.map(function (r) { return r.right; })),
            count: rects.length
          };
        }
        const keys = box(".pad:not([hidden]) .key");
        const texts = box(".typed, .caption, h2");
        const top = box("#top");
        const stage = document.getElementById("stage");
        const result = {
          width: innerWidth, height: innerHeight,
          barTop: document.getElementById("bar").getBoundingClientRect().top,
          barBottom: document.getElementById("bar").getBoundingClientRect().bottom,
          keysTop: keys.top, keysBottom: keys.bottom, keysLeft: keys.left, keysRight: keys.right,
          keys: keys.count, textsTop: texts.top, textsBottom: texts.bottom,
          textsLeft: texts.left, textsRight: texts.right, topBottom: top.bottom,
          pageWidth: document.documentElement.scrollWidth,
          pageHeight: document.documentElement.scrollHeight,
          scrolls: stage.classList.contains("scrolls") ? 1 : 0,
          fitted: Number(document.documentElement.dataset.fitted)
        };
        parent.postMessage(JSON.stringify(result), "*");
      }, 2500);</script></body>
      """
    let page = try String(contentsOfFile: path, encoding: .utf8)
    try page.replacingOccurrences(of: "</body>", with: report).write(
      toFile: path, atomically: true, encoding: .utf8)
    let shots = ProcessInfo.processInfo.environment["CHEONJIIN_PAGE_SCREENSHOTS"]
    let reported = try framedReport(
      folder: folder, width: width, height: height,
      screenshot: shots.map { "\($0)/\(name)-\(width)x\(height).png" })
    let json = try JSONSerialization.jsonObject(with: Data(reported.utf8))
    return try #require(json as? [String: Double])
  }
  /// Window sizes a class meets: laptops, a 1080p and a 4K projector, a phone both ways.
  static let windows = [(1280, 720), (1920, 1080), (3840, 2160), (390, 844), (844, 390)]

  @Test(
    "the page fits every window: both pads whole above the buttons, nothing cut at the sides",
    inBrowser, arguments: windows)
  func pageFits(width: Int, height: Int) throws {
    for (name, arguments) in [
      ("compare", ["오 안녕", "--compare", "iphone"]),
      ("single", ["안녕하세요. 반갑습니다! 오늘은 날씨가 참 좋네요"]),
    ] {
      let page = try layout(arguments, width: width, height: height, name: name)
      let what = "\(name) at \(width)×\(height): \(page)"
      #expect(page["width"] == Double(width) && page["height"] == Double(height), "\(what)")
      // Every key of the pads shown, whole, between the text to type and the buttons.
      #expect((page["keys"] ?? 0) >= (name == "compare" ? 33 : 16), "\(what)")
      #expect((page["keysTop"] ?? -1) >= (page["topBottom"] ?? .infinity) - 0.5, "\(what)")
      #expect((page["keysBottom"] ?? .infinity) <= (page["barTop"] ?? 0) + 0.5, "\(what)")
      #expect(
        (page["keysLeft"] ?? -1) >= 0 && (page["keysRight"] ?? .infinity) <= Double(width),
        "\(what)")
      // The typed texts and captions too; the buttons inside the window; no scrolling.
      #expect((page["textsBottom"] ?? .infinity) <= (page["barTop"] ?? 0) + 0.5, "\(what)")
      #expect((page["textsRight"] ?? .infinity) <= Double(width), "\(what)")
      #expect((page["barBottom"] ?? .infinity) <= Double(height) + 0.5, "\(what)")
      #expect(page["pageWidth"] == Double(width) && page["pageHeight"] == Double(height), "\(what)")
      #expect(page["scrolls"] == 0, "\(what)")
    }
  }

  @Test(
    "the page grows to use a projector: at 3840×2160 the pads are big, not a small island",
    inBrowser)
  func pageGrows() throws {
    let small = try layout(["오 안녕", "--compare", "iphone"], width: 1280, height: 720, name: "grow")
    let large = try layout(
      ["오 안녕", "--compare", "iphone"], width: 3840, height: 2160, name: "grow")
    let fitted = (small["fitted"] ?? 0, large["fitted"] ?? 0)
    #expect(fitted.1 >= 2.5 * fitted.0, "\(fitted)")
    let padHeight = (large["keysBottom"] ?? 0) - (large["keysTop"] ?? 0)
    #expect(padHeight >= 0.4 * 2160, "\(padHeight)")
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
