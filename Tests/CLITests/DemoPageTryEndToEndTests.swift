import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `make test-browser` sets this: there the page must be tried in Chromium, not skipped.
private let requiresBrowser = ProcessInfo.processInfo.environment["CHEONJIIN_BROWSER_TESTS"] == "1"
private let hasChromium = system("command -v chromium > /dev/null 2>&1") == 0
private let inBrowser = ConditionTrait.enabled(if: hasChromium || requiresBrowser)

/// What the page's own script needs to press its keys as a mouse or a finger does.
///
/// `tap(label)`, `hold(label, ms, then)` (on the first pad, or the pad `track` names),
/// `type(key, code)` for the keyboard, and `report(value)`, which puts the value on the page as
/// JSON for the test to read. A key is found by the label it shows.
private let pressing = """
  function key(label, track) {
    return Array.from(document.querySelectorAll(".track")[track || 0].querySelectorAll(".pad:not([hidden]) .key"))
      .find(function (n) { return n.querySelector(".label").textContent === label; });
  }
  function down(label, track) { key(label, track).dispatchEvent(new PointerEvent("pointerdown", { bubbles: true, pointerId: 1 })); }
  function up(label, track) { key(label, track).dispatchEvent(new PointerEvent("pointerup", { bubbles: true, pointerId: 1 })); }
  function tap(label, track) { down(label, track); up(label, track); }
  function hold(label, ms, then) { down(label); setTimeout(function () { up(label); then(); }, ms); }
  function type(key, code) {
    document.dispatchEvent(new KeyboardEvent("keydown", { key: key, code: code || "", bubbles: true }));
  }
  function typed(id) { return document.getElementById(id || "typed").textContent; }
  function caption() { return document.querySelector(".caption").textContent; }
  function report(value) {
    const node = document.createElement("pre");
    node.id = "report";
    node.textContent = JSON.stringify(value);
    document.body.appendChild(node);
  }
  """

/// `demo.html`, made by `cheonjiin demo ARGUMENTS --html` in a scratch folder of its own, for
/// Chromium to open.
func madePage(_ arguments: [String], lang: String) throws -> (folder: URL, path: String) {
  try #require(hasChromium, "chromium is not installed; make test-browser installs it")
  let folder = try scratchFolder("page")
  let path = folder.appendingPathComponent("demo.html").path
  let made = try run(["demo"] + arguments + ["--html", path], environment: locale(lang))
  try #require(made.status == 0, "\(made.stderr)")
  return (folder, path)
}

/// The page at `path` as headless Chromium leaves it after `milliseconds` of its virtual time
/// (timers run, nothing waits): its DOM, as HTML.
func dumpedPage(_ path: String, folder: URL, milliseconds: Int) throws -> String {
  let browser = try runProgram(
    [
      "/usr/bin/env", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
      "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
      "--virtual-time-budget=\(milliseconds)", "--dump-dom",
      URL(fileURLWithPath: path).absoluteString,
    ], environment: ["HOME": folder.path])
  try #require(browser.status == 0, "\(browser.stderr.suffix(2000))")
  return browser.stdout
}

@Suite("demo --html: trying the pad in headless Chromium")
struct DemoPageTryEndToEndTests {
  /// Makes the page with `arguments`, runs `script` in it 100 ms after it loads (with
  /// ``pressing``), and returns what the script reported.
  private func tried(_ arguments: [String], lang: String = "C.UTF-8", script: String) throws
    -> Any
  {
    let (folder, path) = try madePage(arguments, lang: lang)
    let page = try String(contentsOfFile: path, encoding: .utf8)
    try page.replacingOccurrences(
      of: "</body>",
      with: "<script>\(pressing)\nsetTimeout(function () {\n\(script)\n}, 100);</script></body>"
    ).write(toFile: path, atomically: true, encoding: .utf8)
    return try reported(try dumpedPage(path, folder: folder, milliseconds: 20000))
  }

  private func reported(_ dom: String) throws -> Any {
    let open = "<pre id=\"report\">"
    let start = try #require(dom.range(of: open), "no report").upperBound
    let end = try #require(dom.range(of: "</pre>", range: start..<dom.endIndex))
    var json = String(dom[start..<end.lowerBound])
    for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
      json = json.replacingOccurrences(of: entity, with: character)
    }
    return try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
  }

  @Test("with no text the page is a pad to try: taps type, a long press types the digit", inBrowser)
  func tapsAndHolds() throws {
    let result = try tried(
      [],
      script: """
        tap("ㅇㅁ"); tap("ㅣ"); tap("●"); tap("ㄴㄹ");
        const tapped = typed(), said = caption();
        hold("ㅣ", 800, function () {
          const held = typed();
          hold("⌫", 1000, function () { report([tapped, said, held, typed()]); });
        });
        """)
    let values = try #require(result as? [String])
    #expect(values[0] == "안", "\(values)")
    // The caption names the letter, as the terminal demo does, not the key (ㄴㄹ).
    #expect(values[1] == "아 + ㄴ = 안 (final)", "\(values)")
    #expect(values[2] == "안1", "\(values)")
    // ⌫ held: the first press at once, more every 100 ms after the hold time: all gone.
    #expect(values[3] == "", "\(values)")
  }

  /// Key sequences as `cheonjiin keys` writes them, by phone position (`#` the space key), with
  /// `<` for ⌫: a seeded random sample, the same every run.
  private static let sequences: [String] = {
    var generator = SplitMix64(state: 31)
    let keys = Array("0123456789#<")
    return (0..<24).map { _ in
      String(
        (0..<Int.random(in: 4...14, using: &generator)).map { _ in
          keys.randomElement(using: &generator) ?? "0"
        })
    } + ["4154", "8124104", "0132#0121", "7125<<4"]
  }()

  @Test(
    "the keyboard's digits type on the page exactly what cheonjiin keys types",
    inBrowser, arguments: ["cheonjiin-galaxy", "cheonjiin-iphone"])
  func keyboardEqualsKeys(layout: String) throws {
    let script = Self.sequences.map { sequence in
      "clear(); "
        + sequence.map { key in
          switch key {
          case "<": "type(\"Backspace\");"
          case "#": "type(\"#\");"
          default: "type(\"\(key)\", \"Numpad\(key)\");"
          }
        }.joined() + " results.push(typed());"
    }.joined(separator: "\n")
    let result = try tried(
      ["--layout", layout],
      script: """
        const results = [];
        function clear() { document.getElementById("clear").click(); }
        \(script)
        report(results);
        """)
    let page = try #require(result as? [String])
    let keys = try run(
      ["keys", "--layout", layout], input: Self.sequences.joined(separator: "\n") + "\n",
      environment: locale("C.UTF-8"))
    #expect(keys.status == 0, "\(keys.stderr)")
    let expected = keys.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .prefix(Self.sequences.count).map {
        // The page draws the dot strokes as the demo does.
        $0.replacingOccurrences(of: "ㆍ", with: "●").replacingOccurrences(of: "‥", with: "●●")
      }
    #expect(page.count == Self.sequences.count)
    for (index, sequence) in Self.sequences.enumerated() where index < page.count {
      #expect(page[index] == expected[index], "\(sequence) on \(layout)")
    }
  }

  @Test(
    "now you: the next key is lit, a wrong press says so and lights ⌫, the presses are counted",
    inBrowser)
  func nowYou() throws {
    let result = try tried(
      ["이", "--compare", "iphone"],
      script: """
        function lit() {
          const node = document.querySelector(".track .key.lit");
          return node ? node.querySelector(".label").textContent : "";
        }
        document.getElementById("target").click();
        const first = lit();
        tap("ㅣ");
        const wrong = [lit(), caption()];
        tap("⌫");
        const back = lit();
        tap("ㅇㅁ"); tap("ㅣ");
        report([first, wrong[0], wrong[1], back, typed(), caption(),
          document.querySelector(".counter").textContent]);
        """)
    let values = try #require(result as? [String])
    #expect(values[0] == "ㅇㅁ", "\(values)")
    #expect(values[1] == "⌫", "\(values)")
    #expect(values[2].contains("Not that key: ⌫ undoes it."), "\(values)")
    #expect(values[3] == "ㅇㅁ", "\(values)")
    #expect(values[4] == "이", "\(values)")
    #expect(values[5] == "All typed! 4 keys (demo: 2)", "\(values)")
  }

  @Test("--theme reaches the page; without it the page follows the viewer's colour scheme")
  func theme() throws {
    let plain = try run(["demo", "안녕", "--html", "-"], environment: locale("C.UTF-8"))
    #expect(plain.stdout.contains("<html lang=\"en\">"))
    #expect(plain.stdout.contains("prefers-color-scheme: light"))
    for name in ["light", "dark", "contrast"] {
      let page = try run(
        ["demo", "안녕", "--html", "-", "--theme", name], environment: locale("C.UTF-8"))
      #expect(page.stdout.contains("<html lang=\"en\" data-theme=\"\(name)\">"))
    }
  }

  @Test("--compare iphone: the second pad types too, its own text, as the first does", inBrowser)
  func secondPad() throws {
    let result = try tried(
      ["이", "--compare", "iphone"],
      script: """
        document.getElementById("mode").click();
        tap("ㅇㅁ", 1); tap("ㅣ", 1);
        const second = typed("typed-2"), said = document.querySelectorAll(".caption")[1].textContent;
        const first = typed();
        tap("ㄱㅋ"); tap("ㅣ");
        report([second, said, first, typed(), typed("typed-2")]);
        """)
    let values = try #require(result as? [String])
    #expect(values[0] == "이", "\(values)")
    #expect(values[1] == "ㅇ + ㅣ = 이", "\(values)")
    // Each pad keeps its own text.
    #expect(values[2] == "", "\(values)")
    #expect(values[3] == "기", "\(values)")
    #expect(values[4] == "이", "\(values)")
  }

  @Test("while trying, Tab reaches every key and button; keys are named by letters", inBrowser)
  func keyNames() throws {
    // Tab goes through what is focusable in the page's order: buttons, with no tabindex > 0.
    let script = """
      function shown(n) { return n.offsetParent !== null; }
      document.getElementById("mode").click();
      const keys = Array.from(document.querySelectorAll(".pad:not([hidden]) .key")).filter(shown);
      const buttons = Array.from(document.querySelectorAll("#controls button")).filter(shown);
      report({
        unreachable: keys.concat(buttons).filter(function (n) {
          return n.tagName !== "BUTTON" || n.disabled || n.tabIndex !== 0;
        }).length,
        keys: keys.length, buttons: buttons.length,
        names: keys.map(function (n) { return n.getAttribute("aria-label"); })
      });
      """
    let page = try #require(
      try tried(["오 안녕", "--compare", "iphone"], script: script) as? [String: Any])
    let names = try #require(page["names"] as? [String])
    #expect(page["unreachable"] as? Int == 0, "\(page)")
    // Galaxy's 16 keys and the iPhone layout's 17.
    #expect(page["keys"] as? Int == 33, "\(page)")
    #expect((page["buttons"] as? Int ?? 0) >= 2, "\(page)")
    // The letters, one by one, and the digit a long press types; ㆍ as itself, not the ●
    // the page draws for it.
    for name in ["ㅣ 1", "ㆍ 2", "ㅡ 3", "ㄱ ㅋ 4", "ㄴ ㄹ 5", "ㅈ ㅊ 9", "ㅇ ㅁ 0", "⌫"] {
      #expect(names.contains(name), "\(name) in \(names)")
    }
    #expect(names.allSatisfy { !$0.isEmpty && !$0.allSatisfy(\.isNumber) }, "\(names)")
  }

  @Test(
    "every press while trying is captioned as the terminal demo captions the same press",
    inBrowser, arguments: ["앉아 깔ㅃ 갏", "않 했어요", "오 안녕"])
  func captionsAsTheDemo(text: String) throws {
    let result = try tried(
      [text, "--compare", "iphone"],
      script: """
        document.getElementById("mode").click();
        const data = JSON.parse(document.getElementById("demo-data").textContent);
        const results = [];
        // The demo's own presses, one after the other, on each pad; a hold as long as one.
        function run(t, i, done) {
          const track = data.tracks[t];
          if (i >= track.steps.length) { done(); return; }
          const step = track.steps[i];
          const section = document.querySelectorAll(".track")[t];
          const node = section.querySelector('.pad:not([hidden]) .key[data-key="' + step.key + '"]');
          if (step.layout !== track.startLayout || !node) { run(t, i + 1, done); return; }
          const caption = section.querySelector(".caption");
          function press(type) { node.dispatchEvent(new PointerEvent(type, { bubbles: true, pointerId: 1 })); }
          function after() { results.push([track.title, caption.textContent, step.caption]); run(t, i + 1, done); }
          press("pointerdown");
          if (step.hold) setTimeout(function () { press("pointerup"); after(); }, 800);
          else { press("pointerup"); after(); }
        }
        run(0, 0, function () { run(1, 0, function () { report(results); }); });
        """)
    let presses = try #require(result as? [[String]])
    #expect(presses.count > 20, "\(presses)")
    for press in presses where press.count == 3 {
      #expect(
        press[1] == press[2],
        "\(text) on \(press[0]): the page says “\(press[1])”, the demo “\(press[2])”")
    }
  }
}

// MARK: - Seen from the back of the room

/// What `demo.html` in `folder` posted to its parent (its own report script's message).
///
/// The page is in a frame of exactly `width` × `height` (headless Chromium's own window keeps
/// 143 pixels of its height and 500 of its width for itself), after 3 s of Chromium's virtual
/// time. With `screenshot`, the window is also saved there as PNG.
func framedReport(folder: URL, width: Int, height: Int, screenshot: String? = nil) throws
  -> String
{
  let host = folder.appendingPathComponent("host.html")
  try """
  <!DOCTYPE html><html><body style="margin:0">
  <iframe src="demo.html" width="\(width)" height="\(height)" style="border:0;display:block"></iframe>
  <script>addEventListener("message", function (event) {
    const node = document.createElement("pre");
    node.id = "report";
    node.textContent = event.data;
    document.body.appendChild(node);
  });</script></body></html>
  """.write(to: host, atomically: true, encoding: .utf8)
  let flags = [
    "/usr/bin/env", "chromium", "--headless", "--no-sandbox", "--disable-gpu",
    "--hide-scrollbars", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
    "--window-size=\(max(width, 500)),\(height + 143)", "--virtual-time-budget=3000",
  ]
  if let screenshot {
    let shot = try runProgram(
      flags + ["--screenshot=\(screenshot)", host.absoluteString],
      environment: ["HOME": folder.path])
    try #require(shot.status == 0, "\(shot.stderr.suffix(2000))")
  }
  let browser = try runProgram(
    flags + ["--dump-dom", host.absoluteString], environment: ["HOME": folder.path])
  try #require(browser.status == 0, "\(browser.stderr.suffix(2000))")
  let open = "<pre id=\"report\">"
  let start = try #require(browser.stdout.range(of: open), "no report").upperBound
  let end = try #require(browser.stdout.range(of: "</pre>", range: start..<browser.stdout.endIndex))
  var json = String(browser.stdout[start..<end.lowerBound])
  for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&amp;", "&")] {
    json = json.replacingOccurrences(of: entity, with: character)
  }
  return json
}

/// Measures the page in a frame of exactly `width` × `height` after `script` ran in it; returns
/// what the page's report script found and, with `screenshot`, the window as pixels.
private func measured(
  _ arguments: [String], width: Int, height: Int, script: String = "", screenshot: Bool = false
) throws -> (report: [String: Any], image: PixelImage?) {
  let (folder, path) = try madePage(arguments, lang: "ko_KR.UTF-8")
  let report = """
    <script>\(pressing)
    setTimeout(function () {
      \(script)
      function size(selector) {
        return Array.from(document.querySelectorAll(selector))
          .filter(function (n) { return n.offsetParent !== null && n.textContent.trim() !== ""; })
          .map(function (n) { return parseFloat(getComputedStyle(n).fontSize); });
      }
      // Every piece of text shown, as the rectangles its characters fill.
      const texts = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const node = walker.currentNode;
        if (!node.textContent.trim() || !node.parentElement || node.parentElement.offsetParent === null) continue;
        if (node.parentElement.closest("script, noscript, pre")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        Array.from(range.getClientRects()).forEach(function (r) {
          if (r.width >= 4 && r.height >= 4) texts.push([node.textContent.trim(), r.left, r.top, r.right, r.bottom]);
        });
      }
      const keys = Array.from(document.querySelectorAll(".pad:not([hidden]) .key"))
        .filter(function (n) { return n.offsetParent !== null; })
        .map(function (n) { const r = n.getBoundingClientRect(); return [r.width, r.height, r.right]; });
      parent.postMessage(JSON.stringify({
        caption: size(".caption"), target: size(".cell .ch"), counts: size(".cell .n"),
        buttons: size("#controls button"), keys: keys, texts: texts,
        pageWidth: document.documentElement.scrollWidth
      }), "*");
    }, 2500);</script></body>
    """
  let page = try String(contentsOfFile: path, encoding: .utf8)
  try page.replacingOccurrences(of: "</body>", with: report).write(
    toFile: path, atomically: true, encoding: .utf8)
  let png = folder.appendingPathComponent("shot.png").path
  let json = try framedReport(
    folder: folder, width: width, height: height, screenshot: screenshot ? png : nil)
  var image: PixelImage?
  if screenshot {
    let ppm = folder.appendingPathComponent("shot.ppm").path
    let converted = try runProgram(["/usr/bin/env", "convert", png, "ppm:\(ppm)"])
    try #require(converted.status == 0, "\(converted.stderr)")
    image = try PixelImage(ppm: try Data(contentsOf: URL(fileURLWithPath: ppm)))
  }
  let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
  return (try #require(object as? [String: Any]), image)
}

@Suite("demo --html: sizes and contrast in headless Chromium")
struct DemoPageLookEndToEndTests {
  @Test(
    "caption and text to type ≥ 40 px at 1280×720, counts and buttons ≥ 24 px; larger screens larger",
    inBrowser, arguments: [(1280, 720), (1920, 1080), (3840, 2160)])
  func sizes(width: Int, height: Int) throws {
    // Larger than the least at 1280×720 on a larger screen.
    let least = height > 720 ? 1.15 : 1
    for arguments in [["오 안녕", "--compare", "iphone"], ["안녕하세요. 반갑습니다!"]] {
      let page = try measured(arguments, width: width, height: height).report
      func all(_ name: String) -> [Double] { page[name] as? [Double] ?? [] }
      let what = "\(arguments) at \(width)×\(height)"
      #expect(!all("caption").isEmpty && !all("target").isEmpty && !all("buttons").isEmpty)
      #expect(all("caption").allSatisfy { $0 >= 40 * least }, "\(what): \(all("caption"))")
      #expect(all("target").allSatisfy { $0 >= 40 * least }, "\(what): \(all("target"))")
      #expect(all("counts").allSatisfy { $0 >= 24 * least }, "\(what): \(all("counts"))")
      #expect(all("buttons").allSatisfy { $0 >= 24 * least }, "\(what): \(all("buttons"))")
    }
  }

  @Test(
    "a phone in portrait shows the whole pad, keys ≥ 48 px, no sideways scrolling", inBrowser,
    arguments: [(360, 640), (390, 844)])
  func phone(width: Int, height: Int) throws {
    for arguments in [["오 안녕"], []] {
      let page = try measured(arguments, width: width, height: height).report
      let keys = try #require(page["keys"] as? [[Double]])
      let what = "\(arguments) at \(width)×\(height)"
      #expect(keys.count >= 16, "\(what)")
      #expect(keys.allSatisfy { $0[0] >= 48 && $0[1] >= 48 }, "\(what): \(keys)")
      #expect(keys.allSatisfy { $0[2] <= Double(width) }, "\(what): \(keys)")
      #expect((page["pageWidth"] as? Double) == Double(width), "\(what)")
    }
  }

  @Test(
    "every text on the page is at least 4.5:1 on what it stands on, measured from pixels",
    inBrowser, arguments: ["light", "dark", "contrast"])
  func contrast(theme: String) throws {
    // Watching, with a key lit, and trying with the next key lit and a wrong press shown.
    for script in ["", "document.getElementById('target').click(); tap('ㄴㄹ');"] {
      let (page, image) = try measured(
        ["오 안녕", "--theme", theme], width: 1280, height: 720, script: script, screenshot: true)
      let picture = try #require(image)
      let texts = try #require(page["texts"] as? [[Any]])
      #expect(texts.count > 20)
      for text in texts {
        guard let label = text[0] as? String, let box = Array(text.dropFirst()) as? [Double]
        else { continue }
        let xs = Int(box[0].rounded(.up))..<Int(box[2].rounded(.down))
        let ys = Int(box[1].rounded(.up))..<Int(box[3].rounded(.down))
        let counts = picture.histogram(x: xs, y: ys)
        let background =
          counts.max { ($0.value, -$0.key.luminance) < ($1.value, -$1.key.luminance) }?.key
          ?? RGB(0, 0, 0)
        let glyph = counts.keys.max {
          $0.contrast(with: background) < $1.contrast(with: background)
        }
        let ratio = glyph.map { $0.contrast(with: background) } ?? 1
        #expect(
          ratio >= 4.5,
          "\(theme): “\(label)” \(glyph?.description ?? "") on \(background), \(ratio)")
      }
    }
  }
}
