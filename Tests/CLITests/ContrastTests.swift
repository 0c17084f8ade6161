import Foundation
import Testing

/// Every text readable as an xterm shows it, measured from pixels.
///
/// Each screen runs in a real xterm under Xvfb with TERM=xterm (8 colours, where xterm draws
/// bold black as grey) and TERM=xterm-256color, with and without --bold, in each theme (F3
/// cycles them), black on white and white on black.
/// The same screen runs in tmux for its text: every character cell of the screenshots must
/// show its glyph at a contrast of at least 4.5:1 (WCAG AA) against the cell's own background.
@Suite("Contrast measured from pixels in a real xterm", realTerminalRequirement.trait)
struct ContrastTests {
  @Test("every character on the screen is readable", arguments: CheckedScreen.selected)
  func readable(screen: CheckedScreen) throws {
    let texts = try screen.text()
    let server = try XServer()
    try server.numLockOn()
    var failures: [(look: String, cell: CellContrast)] = []
    var tooSmall: [String] = []
    var checked = 0
    for term in ["xterm", "xterm-256color"] {
      for bold in screen.takesLook ? [false, true] : [false] {
        for shot in try screen.screenshots(on: server, term: term, bold: bold) {
          let look = "TERM=\(term)\(bold ? " --bold" : "")" + shot.look
          try keepShot(shot.image, named: "\(screen.name) \(look)")
          let grid = CellGrid(image: shot.image, columns: 80, rows: 24)
          let cells = grid.cells(text: texts[min(shot.theme, texts.count - 1)])
          checked += cells.count
          failures += cells.filter { $0.ratio < 4.5 }.map { (look, $0) }
          for cell in cells where cell.inkPixels < Self.minimumInk[cell.character] ?? 0 {
            tooSmall.append("\(screen.name), \(look): \(cell)")
          }
        }
      }
    }
    #expect(checked > 0)
    // One line per look and pair of colours, with the characters drawn in it.
    var groups: [String: [Character]] = [:]
    for (look, cell) in failures {
      let key = String(
        format: "%@: %@ on %@, %.2f:1", look, cell.glyph.description,
        cell.background.description, cell.ratio)
      groups[key, default: []].append(cell.character)
    }
    let report = groups.keys.sorted().map { "\(screen.name), \($0): “\(String(groups[$0] ?? []))”" }
    try keepReport(report, named: "\(screen.name) failures")
    #expect(
      failures.isEmpty,
      "\(failures.count) of \(checked) cells below 4.5:1:\n\(report.joined(separator: "\n"))")
    #expect(tooSmall.isEmpty, "too small to see:\n\(tooSmall.prefix(20).joined(separator: "\n"))")
  }

  /// Pixels of ink the Cheon-Ji-In dots must have at least.
  ///
  /// The terminal draws ㆍ as `●` (two cells with its space) and ‥ as `∶`
  /// (``Array/appendGlyph(_:)``). In xterm with DejaVu Sans Mono at 13 points, ㆍ itself has
  /// 12 and ㅣ 74; a 2 × 2 dot is 4.
  static let minimumInk: [Character: Int] = ["ㆍ": 30, "●": 30, "‥": 8, "∶": 8]
}

/// A screen the contrast check looks at: the command that shows it, and how to get it there.
///
/// A parameter of the check, so that a screen (or a look of it) is one line here: when the
/// demo also takes `--bold`, its `takesLook` becomes true (F3 must then cycle its themes, as
/// on the pad).
struct CheckedScreen: Sendable, CustomTestStringConvertible {
  let name: String
  /// The program's arguments; the look options are added after them.
  let arguments: [String]
  /// Whether it takes --theme and --bold, and F3 cycles its themes.
  let takesLook: Bool
  /// Phone digits typed on the numeric keypad once it is drawn.
  var keys = ""
  /// Prints and ends (stats): its text is its standard output, it needs practice history.
  var prints = false

  var testDescription: String { name }

  /// The themes in the order F3 cycles them from the first.
  static let themes = ["light", "dark", "contrast"]

  static let all = [
    // 안 typed: the text, the open syllable, the suggestion bar, the pad and the status line.
    CheckedScreen(name: "pad", arguments: [], takesLook: true, keys: "0125"),
    // 엄마 typed as 엄ㄴ: a right and a wrong mark (✓ ✗), the correction, the pad.
    CheckedScreen(
      name: "practice", arguments: ["practice", "--lesson", "words-family"], takesLook: true,
      keys: "02100#5"),
    CheckedScreen(name: "practice menu", arguments: ["practice"], takesLook: true),
    // The demo's default look, paused after its first syllable: it takes --theme but not
    // --bold, and F3 does not cycle its themes, so it has one look here.
    CheckedScreen(name: "demo", arguments: ["demo", "안녕", "--step"], takesLook: false),
    CheckedScreen(
      name: "stats",
      arguments: ["stats", "--color", "always", "--days", "3", "--width", "72"], takesLook: false,
      prints: true),
  ]

  /// The screens `CHEONJIIN_CONTRAST_SCREENS` names (comma-separated), or all of them.
  static var selected: [CheckedScreen] {
    let names = ProcessInfo.processInfo.environment["CHEONJIIN_CONTRAST_SCREENS"]?
      .split(separator: ",").map(String.init)
    return names.map { names in all.filter { names.contains($0.name) } } ?? all
  }

  /// The program's environment: Korean (whatever the runner's `LC_ALL`: CI sets C.UTF-8),
  /// scratch state, the repository's layouts.
  func environment(home: URL, term: String) -> [String: String] {
    locale("ko_KR.UTF-8").merging([
      "TERM": term, "HOME": home.path,
      "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
      "XDG_STATE_HOME": home.appendingPathComponent("state").path,
      "XDG_DATA_HOME": home.appendingPathComponent("data").path,
      "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
    ]) { _, new in new }
  }

  /// A scratch home, with practice history when the screen prints it.
  func makeHome(in directory: URL) throws -> URL {
    let home = directory.appendingPathComponent("home-\(UUID().uuidString.prefix(6))")
    try FileManager.default.createDirectory(
      at: home.appendingPathComponent("data/cheonjiin"), withIntermediateDirectories: true)
    if prints {
      // stats makes the database; the script fills it with days of practice.
      _ = try run(["stats"], environment: environment(home: home, term: "xterm-256color"))
      try runTool([
        "python3", repositoryRoot.appendingPathComponent("Scripts/make-practice-history.py").path,
        home.appendingPathComponent("data/cheonjiin/progress.sqlite").path, "--days", "3",
      ])
    }
    return home
  }

  /// The screen's lines in each theme (one, for screens without themes).
  func text() throws -> [[String]] {
    let home = try makeHome(in: scratchDirectory)
    defer { try? FileManager.default.removeItem(at: home) }
    let environment = environment(home: home, term: "xterm-256color")
    if prints {
      // The same text without its colours.
      let result = try run(
        arguments.map { $0 == "always" ? "never" : $0 }, environment: environment)
      return [
        result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      ]
    }
    let session = try TmuxSession(
      arguments: arguments + (takesLook ? ["--theme", "light"] : []), columns: 80, rows: 24,
      environment: environment)
    let settled = {
      var previous = ""
      try session.waitFor(60) {
        let now = session.screen()
        defer { previous = now }
        return now == previous && now.contains(where: { !$0.isWhitespace })
      }
      return session.screen().split(separator: "\n", omittingEmptySubsequences: false)
        .map(String.init)
    }
    _ = try settled()
    for name in numpadKeyNames(keys) { try session.keys([name], gap: 0.3) }
    var texts = [try settled()]
    if takesLook {
      for _ in 1..<Self.themes.count {
        try session.keys(["F3"], gap: 0.3)
        texts.append(try settled())
      }
    }
    return texts
  }

  /// One screenshot and what it shows.
  struct Shot {
    var image: PixelImage
    /// Index into ``themes`` (0 for screens without themes).
    var theme: Int
    /// ", theme dark on black".
    var look: String
  }

  /// Screenshots in each theme (one, for screens without themes), in two xterms at once:
  /// black on white (xterm's default) and white on black.
  func screenshots(on server: XServer, term: String, bold: Bool) throws -> [Shot] {
    let look = takesLook ? ["--theme", "light"] + (bold ? ["--bold"] : []) : []
    // A shell stays open after a program that ends by itself (stats).
    let line = ([binary.path] + arguments + look).map(shellQuote).joined(separator: " ")
    var xterms: [(window: XTermWindow, name: String, image: PixelImage)] = []
    defer { for xterm in xterms { stop(xterm.window.process) } }
    for dark in [false, true] {
      let home = try makeHome(in: server.directory)
      let window = try server.xterm(
        ["sh", "-c", line + "; exec sleep 600"], dark: dark, placement: dark ? "+0+560" : "+0+0",
        environment: environment(home: home, term: term))
      xterms.append((window, dark ? " on black" : " on white", PixelImage.empty))
    }
    for index in xterms.indices {
      xterms[index].image = try xterms[index].window.waitUntilSettled(in: server.directory)
    }
    /// Plays `steps` in both, then waits until each shows the change.
    func both(_ steps: [String]) throws {
      for xterm in xterms { try xterm.window.play(steps) }
      for index in xterms.indices {
        xterms[index].image = try xterms[index].window.waitUntilSettled(
          in: server.directory, changedFrom: xterms[index].image)
      }
    }
    if !keys.isEmpty {
      try both(
        xdotoolKeypadNames(keys).flatMap { pressSteps($0, milliseconds: 60) + ["sleep", "0.3"] })
    }
    var shots: [Shot] = []
    for theme in takesLook ? Self.themes.indices : 0..<1 {
      if theme > 0 { try both(["key", "F3"]) }
      let name = takesLook ? ", theme \(Self.themes[theme])" : ""
      shots += xterms.map { Shot(image: $0.image, theme: theme, look: name + $0.name) }
    }
    return shots
  }
}
