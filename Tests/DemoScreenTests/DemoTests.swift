import CellGrid
import HangulEngine
import ScreenTestSupport
import TerminalInput
import Testing
import Typing

@testable import DemoScreen
@testable import PadViews
@testable import TerminalUI

/// A track on a shipped layout, titled with the layout's own name as `cheonjiin demo` does.
private func track(_ text: String, on layout: String = "cheonjiin-galaxy") throws -> DemoTrack {
  let layouts = try library.loadSet(layout).map(\.layout)
  return try DemoTrack(text: text, layouts: layouts, title: layouts[0].name)
}

/// The interactive demo driven by bytes and a clock that moves only when told, through the
/// session the run loop drives.
private struct DemoDriver {
  var driver: ScreenDriver<DemoController>

  init(
    _ tracks: [DemoTrack], keysPerSecond: Double = 2, language: UILanguage = .english,
    playsOnce: Bool = false, pausesEachSyllable: Bool = false
  ) {
    driver = ScreenDriver(
      DemoController(
        script: DemoScript(tracks: tracks),
        playback: DemoPlayback(
          keysPerSecond: keysPerSecond, playsOnce: playsOnce,
          pausesEachSyllable: pausesEachSyllable),
        strings: UIStrings(language)))
  }

  var controller: DemoController { driver.controller }
  var now: Instant { driver.now }
  var effects: [ScreenEffect<Never>] { driver.effects }

  mutating func send(_ bytes: String) {
    driver.send(bytes)
  }

  mutating func wait(_ milliseconds: UInt64) {
    driver.wait(milliseconds)
  }

  /// Whether the run loop would end the demo, and how.
  var ending: ScreenEffect<Never>? {
    effects.first(where: \.endsRun)
  }

  func screen(rows: Int, columns: Int) -> String {
    controller.draw(rows: rows, columns: columns, width: terminalWidth).textDump
  }
}

private let measure = TextMeasure(width: terminalWidth)

extension String {
  fileprivate var trimmingTrailingSpaces: Substring {
    var text = Substring(self)
    while text.last == " " { text.removeLast() }
    return text
  }
}

@Suite("The demo")
struct DemoTests {
  // MARK: - Frames

  @Test("frames of 오 안녕, Galaxy beside iPhone: the shared key costs one press more")
  func compareFrames() throws {
    let galaxy = try track("오 안녕")
    let iphone = try track("오 안녕", on: "cheonjiin-iphone")
    #expect(galaxy.steps.count == 15)
    #expect(iphone.steps.count == 14)
    #expect(galaxy.steps.last.map { $0.typed.committed + $0.typed.preedit } == "오 안녕")
    let frames = DemoRenderer.textFrames(
      DemoScript(tracks: [galaxy, iphone]), size: .compact, strings: UIStrings(.english),
      width: terminalWidth)
    try compareGolden("demo-compare-frames", String(frames.dropLast()))
  }

  @Test("every frame shows the whole counter, with the layout's Hangul name, at any count")
  func counterIsNeverCut() throws {
    // Over 100 presses: three digits each side of the slash (the audit saw "100/100 k").
    let longText = String(repeating: "안녕 ", count: 10)
    let long = try track(longText)
    let longIphone = try track(longText, on: "cheonjiin-iphone")
    let short = try track("오 안녕")
    let shortIphone = try track("오 안녕", on: "cheonjiin-iphone")
    #expect(long.steps.count >= 100)
    for language in [UILanguage.english, .korean] {
      let strings = UIStrings(language)
      for tracks in [[long], [short], [short, shortIphone], [longIphone, long]] {
        let script = DemoScript(tracks: tracks)
        for tick in [0, 9, 10, 99, script.tickCount] {
          let header = DemoRenderer.frame(
            script, at: tick, size: .compact, strings: strings, marksPressedKey: true,
            width: terminalWidth
          ).textDump.split(separator: "\n", omittingEmptySubsequences: false)[
            DemoRenderer.overviewRows(script)]
          for (index, track) in tracks.enumerated() {
            let shown = script.moment(at: tick).shown[index]
            let counter = DemoRenderer.counter(
              shown, of: track.steps.count, strings: UIStrings(language))
            #expect(header.contains("\(track.title) · \(counter)"), "\(header)")
          }
        }
      }
    }
  }

  @Test("the column is as wide as the header in cells: 천지인 counts 6, not 3")
  func columnIsMeasuredInCells() throws {
    let galaxy = try track("오 안녕")
    let header = "천지인 (Galaxy) · 15/15 keys"
    #expect(header.count == 25)
    #expect(measure(header) == 28)
    let width = DemoRenderer.columnWidth(
      [galaxy], size: .compact, strings: UIStrings(.english), width: terminalWidth)
    #expect(width == 28)
  }

  @Test("a text wider than the column keeps its end in view, so every new letter shows")
  func longTextKeepsItsEnd() throws {
    let text = "가나다라마바사아자차카타파하 끝"
    let script = DemoScript(tracks: [try track(text)])
    let frame = DemoRenderer.frame(
      script, at: script.tickCount, size: .compact, strings: UIStrings(.english),
      marksPressedKey: true, width: terminalWidth)
    let line = frame.textDump.split(separator: "\n", omittingEmptySubsequences: false)[
      DemoRenderer.overviewRows(script) + 1]
    #expect(line.hasPrefix(" …"))
    #expect(line.hasSuffix("하 끝"))
    #expect(measure(line) <= frame.columns)
  }

  @Test("the text grows with the presses and the pressed key is lit on its pad")
  func textGrowsAndKeyLights() throws {
    let galaxy = try track("오 안녕")
    let script = DemoScript(tracks: [galaxy])
    var previous = ""
    for count in 1...galaxy.steps.count {
      let frame = DemoRenderer.frame(
        script, at: count, size: .normal, strings: UIStrings(.english), marksPressedKey: false,
        width: terminalWidth)
      let typed = galaxy.typed(after: count)
      let text = typed.committed + typed.preedit
      // The cursor after the text is a blank cell, which the dump trims.
      #expect(
        frame.textDump.split(separator: "\n", omittingEmptySubsequences: false)[
          DemoRenderer.overviewRows(script) + 1]
          == " " + DemoRenderer.displayed(text).trimmingTrailingSpaces)
      previous = text
      // The whole key is lit; its label is among the lit cells (the dot drawn as ●).
      let lit = frame.cells.filter {
        ($0.style == .keyFocused || $0.style == .keyCue) && frame.character($0) != nil
          && frame.character($0) != " "
      }
      let step = galaxy.steps[count - 1]
      let label = galaxy.layouts[step.layout].keys[step.key].label
      #expect(
        String(lit.compactMap(frame.character)).hasPrefix(
          DemoRenderer.displayed(label).filter { $0 != " " }))
    }
    #expect(previous == "오 안녕")
  }

  @Test("an untypeable text is an error naming the character, before any frame")
  func untypeableText() throws {
    #expect(throws: SpellError.self) { try track("오 €") }
  }

  // MARK: - Keys

  @Test("a lone Esc quits once the decoder's timeout has passed, not before")
  func escapeQuits() throws {
    var demo = DemoDriver([try track("오 안녕")])
    demo.send("\u{1b}")
    #expect(demo.ending == nil)
    // The decoder waits 100 ms for the rest of a sequence (an arrow key is ESC [ C).
    #expect(demo.driver.session.nextDeadline(now: demo.now) == demo.now + .milliseconds(100))
    demo.wait(99)
    #expect(demo.ending == nil)
    demo.wait(1)
    #expect(demo.ending == .finish(""))
  }

  @Test("an arrow key split by the link is a step, not Esc")
  func splitArrowIsNotEscape() throws {
    var demo = DemoDriver([try track("오 안녕")])
    demo.send("\u{1b}")
    demo.wait(40)
    demo.send("[C")
    demo.wait(200)
    #expect(demo.ending == nil)
    #expect(demo.controller.tick == 1)
    #expect(demo.controller.isPaused)
  }

  @Test(
    "q, Ctrl-D and Esc end the demo; Ctrl-C cancels it (exit 130)",
    arguments: [
      ("q", ScreenEffect<Never>.finish("")), ("\u{04}", .finish("")), ("\u{03}", .cancel),
      ("\u{1b}", .finish("")),
    ])
  func endingKeys(bytes: String, effect: ScreenEffect<Never>) throws {
    var demo = DemoDriver([try track("오 안녕")])
    demo.send(bytes)
    demo.wait(100)
    #expect(demo.ending == effect)
  }

  @Test("plays at --speed: 2 keys/s is a key every 500 ms, longer for a long caption, then loops")
  func playsAtSpeed() throws {
    let galaxy = try track("오 안녕")
    var demo = DemoDriver([galaxy], keysPerSecond: 2)
    let strings = UIStrings(.english)
    demo.wait(499)
    #expect(demo.controller.tick == 0)
    demo.wait(1)
    for tick in 1..<galaxy.steps.count {
      #expect(demo.controller.tick == tick)
      // 15 characters of an English caption are read in a key's time; a longer one stays
      // longer.
      let caption = DemoRenderer.displayed(strings.demoCaption(galaxy.steps[tick - 1], of: galaxy))
      let hold = Int((500 * max(1, Double(caption.count) / 15)).rounded())
      demo.wait(UInt64(hold - 1))
      #expect(demo.controller.tick == tick, "\(caption) stays \(hold) ms")
      demo.wait(1)
    }
    #expect(demo.controller.tick == 15)
    demo.wait(2_999)
    #expect(demo.controller.tick == 15)
    demo.wait(1)
    #expect(demo.controller.tick == 0)
  }

  @Test(
    "at the default pace a caption of 19 characters stays over 3 seconds, a short one about 1")
  func classPace() throws {
    let playback = DemoPlayback(keysPerSecond: DemoPlayback.defaultKeysPerSecond)
    let korean = UIStrings(.korean).demoCaptionCharactersPerKey
    #expect(
      playback.holdMs(captionCharacters: "받침 ㄴ이 다음 글자로 가요 → 니".count, charactersPerKey: korean)
        >= 3_000)
    #expect(playback.holdMs(captionCharacters: "새 글자: ㅇ".count, charactersPerKey: korean) < 1_200)
    #expect(
      playback.holdMs(captionCharacters: "ㅇ + ㅣ = 이".count, charactersPerKey: korean) == 1_500)
    // Every caption of a sentence, at the default pace, stays at least 1 s per 6 characters.
    let galaxy = try track("안녕하세요, 괜찮아요?")
    let script = DemoScript(tracks: [galaxy])
    for tick in 1...script.tickCount {
      let caption = UIStrings(.korean).demoCaption(galaxy.steps[tick - 1], of: galaxy)
      let hold = script.holdMs(at: tick, playback: playback, strings: UIStrings(.korean))
      #expect(Double(hold) >= 1000 * Double(caption.count) / 6 - 1, "\(caption)")
    }
  }

  @Test("Space pauses and plays; → and ← step one key and pause; Home and End jump")
  func pauseAndStep() throws {
    var demo = DemoDriver([try track("오 안녕")])
    // "new syllable: ㅇ" (17 characters) stays 500 × 17/15 ms.
    demo.wait(500 + 567)
    #expect(demo.controller.tick == 2)
    demo.send(" ")
    demo.wait(5_000)
    #expect(demo.controller.tick == 2)
    #expect(demo.screen(rows: 30, columns: 100).contains("2 keys/s · paused"))
    demo.send(" ")
    // "ㅇ + ㆍ: waits for the next stroke" (33 characters) stays 500 × 33/15 ms.
    demo.wait(1_100)
    #expect(demo.controller.tick == 3)
    demo.send("\u{1b}[C")  // →
    #expect(demo.controller.tick == 4)
    #expect(demo.controller.isPaused)
    demo.wait(5_000)
    #expect(demo.controller.tick == 4)
    demo.send("\u{1b}[D\u{1b}[D")  // ← ←
    #expect(demo.controller.tick == 2)
    demo.send("\u{1b}[F")  // End
    #expect(demo.controller.tick == 15)
    demo.send("\u{1b}[C")
    #expect(demo.controller.tick == 15)
    demo.send("\u{1b}[H")  // Home
    #expect(demo.controller.tick == 0)
    demo.send("\u{1b}[D")
    #expect(demo.controller.tick == 0)
    #expect(demo.ending == nil)
  }

  @Test("+ and - step the speed within 0.25…20 and a slow wait is cut short")
  func speedKeys() throws {
    var demo = DemoDriver([try track("오 안녕")], keysPerSecond: 0.25)
    #expect(demo.screen(rows: 30, columns: 100).contains("0.25 keys/s"))
    demo.send("+")
    #expect(demo.controller.keysPerSecond == 0.5)
    // The first key was 4 s away at 0.25 keys/s; at 0.5 it comes 2 s after the +.
    demo.wait(2_000)
    #expect(demo.controller.tick == 1)
    for _ in 0..<30 { demo.send("+") }
    #expect(demo.controller.keysPerSecond == 20)
    #expect(demo.screen(rows: 30, columns: 100).contains("20 keys/s"))
    demo.send("-")
    #expect(demo.controller.keysPerSecond == 15)
    for _ in 0..<30 { demo.send("-") }
    #expect(demo.controller.keysPerSecond == 0.25)
    #expect(demo.ending == nil)
  }

  @Test("--once stops at the end and says what to do next; Space plays it again")
  func once() throws {
    let galaxy = try track("오 안녕")
    var demo = DemoDriver([galaxy], playsOnce: true)
    demo.wait(60_000)
    #expect(demo.controller.tick == 15)
    demo.wait(60_000)
    #expect(demo.controller.tick == 15)
    #expect(demo.controller.phase == .finished)
    #expect(demo.driver.session.nextDeadline(now: demo.now) == nil)
    let status = demo.screen(rows: 30, columns: 100).split(separator: "\n").last ?? ""
    #expect(status.hasPrefix(" Space play again · ← → step"), "\(status)")
    #expect(status.hasSuffix("all typed"), "\(status)")
    demo.send(" ")
    #expect(demo.controller.tick == 0)
    demo.wait(500)
    #expect(demo.controller.tick == 1)
    #expect(demo.ending == nil)
  }

  @Test("--step pauses at the end of every syllable until Space")
  func stepBySyllable() throws {
    let galaxy = try track("오 안녕")
    var demo = DemoDriver([galaxy], pausesEachSyllable: true)
    // 오 takes 3 presses, the space 2, 안 4, 녕 6.
    for end in [3, 5, 9] {
      demo.wait(60_000)
      #expect(demo.controller.tick == end)
      #expect(demo.controller.phase == .syllableTyped)
      let status = demo.screen(rows: 30, columns: 100).split(separator: "\n").last ?? ""
      #expect(status.hasPrefix(" Space next syllable"), "\(status)")
      demo.send(" ")
    }
    // The last syllable plays to the end (and would start again after the end pause).
    for _ in 0..<200 where demo.controller.tick < 15 { demo.wait(100) }
    #expect(demo.controller.tick == 15)
  }

  @Test("↓ and ↑ go to the end of the next and the previous syllable, and pause")
  func syllableKeys() throws {
    var demo = DemoDriver([try track("오 안녕"), try track("오 안녕", on: "cheonjiin-iphone")])
    demo.send("\u{1b}[B")  // ↓
    #expect(demo.controller.tick == 3)
    #expect(demo.controller.isPaused)
    demo.send("\u{1b}[B\u{1b}[B")
    #expect(demo.controller.tick == 9)
    demo.send("\u{1b}[A")  // ↑
    #expect(demo.controller.tick == 5)
    demo.send("\u{1b}[B\u{1b}[B\u{1b}[B")
    #expect(demo.controller.tick == 15)
    demo.send("\u{1b}[A\u{1b}[A\u{1b}[A\u{1b}[A")
    #expect(demo.controller.tick == 0)
  }

  @Test(
    "speeds read as people write them",
    arguments: [(2.0, "2"), (0.25, "0.25"), (1.5, "1.5"), (20, "20"), (0.5, "0.5")])
  func speedText(speed: Double, text: String) {
    #expect(DemoController.speedText(speed) == text)
  }

  // MARK: - Window

  @Test("the status line spans a wide window: every key, Esc quit and the speed")
  func statusAtFullWidth() throws {
    let demo = DemoDriver([try track("오 안녕"), try track("오 안녕", on: "cheonjiin-iphone")])
    let lines = demo.screen(rows: 40, columns: 160).split(
      separator: "\n", omittingEmptySubsequences: false)
    let status = lines[39]
    #expect(status.hasPrefix(" Space pause/play · ← → step · + - speed · Esc quit"))
    #expect(status.hasSuffix("2 keys/s"))
    #expect(measure(status) == 159)  // right-aligned, one space from the edge (trimmed)
  }

  @Test(
    "a narrow window drops whole keys from the status line, Esc quit last",
    arguments: [
      (62, "Space pause/play · ← → step · + - speed · Esc quit", "2 keys/s"),
      (61, "Space pause/play · ← → step · Esc quit", "2 keys/s"),
      (49, "Space pause/play · Esc quit", "2 keys/s"),
      (38, "Esc quit", "2 keys/s"),
      (20, "Esc quit", "2 keys/s"),
      (19, "Esc quit", ""),
    ])
  func statusWhenNarrow(columns: Int, keys: String, state: String) {
    let line = DemoController.status(
      keysPerSecond: 2, isPaused: false, strings: UIStrings(.english), columns: columns,
      measure: measure)
    #expect(line.keys == keys)
    #expect(line.state == state)
  }

  @Test("the Korean status line is measured in cells too")
  func koreanStatus() {
    let line = DemoController.status(
      keysPerSecond: 2, isPaused: true, strings: UIStrings(.korean), columns: 68, measure: measure)
    #expect(line.keys == "Space 멈춤/재생 · ← → 한 타씩 · + - 빠르기 · Esc 끝")
    #expect(line.state == "2타/초 · 멈춤")
    // 68 cells although it is 53 characters long.
    #expect(1 + line.keys.count + 2 + line.state.count + 1 == 53)
    let narrower = DemoController.status(
      keysPerSecond: 2, isPaused: true, strings: UIStrings(.korean), columns: 67, measure: measure)
    #expect(narrower.keys == "Space 멈춤/재생 · ← → 한 타씩 · Esc 끝")
  }

  @Test("wide windows show big keys side by side; 80×24 falls back to compact keys")
  func windowSizes() throws {
    let tracks = [try track("오 안녕"), try track("오 안녕", on: "cheonjiin-iphone")]
    var demo = DemoDriver(tracks)
    demo.wait(3_000)
    try compareGolden("demo-interactive-160x30", demo.screen(rows: 30, columns: 160))
    try compareGolden("demo-interactive-80x24", demo.screen(rows: 24, columns: 80))
    try compareGolden("demo-interactive-44x40", demo.screen(rows: 40, columns: 44))
    try compareGolden("demo-interactive-100x32", demo.screen(rows: 32, columns: 100))
  }

  @Test("one pad at 80×24 gets normal keys, the overview and the caption, to the last row")
  func singleAt80x24() throws {
    var demo = DemoDriver([try track("안녕하세요")], language: .korean)
    demo.wait(500 * 9)
    try compareGolden("demo-single-korean-80x24", demo.screen(rows: 24, columns: 80))
  }

  @Test("no window size draws outside the screen or loses the status line")
  func anyWindowSize() throws {
    let tracks = [try track("오 안녕"), try track("오 안녕", on: "cheonjiin-iphone")]
    var demo = DemoDriver(tracks)
    demo.wait(3_000)
    for rows in [1, 2, 5, 12, 24] {
      for columns in [1, 10, 20, 33, 61, 80, 200] {
        let lines = demo.screen(rows: rows, columns: columns).split(
          separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == rows)
        for line in lines { #expect(measure(line) <= columns, "\(rows)×\(columns): \(line)") }
        if columns >= 9 {
          #expect(lines[rows - 1].hasPrefix(" Esc quit") || lines[rows - 1].hasPrefix(" Space"))
        }
      }
    }
  }
}

/// A Korean demo of `texts`, one track each, on `layouts`.
private func controller(
  _ texts: [String], on layouts: [String] = ["cheonjiin-galaxy"]
) throws -> DemoController {
  let tracks = try zip(texts, layouts).map { try track($0, on: $1) }
  return DemoController(
    script: DemoScript(tracks: tracks), playback: DemoPlayback(keysPerSecond: 2),
    strings: UIStrings(.korean))
}

/// The rows a screen's keys take: from the first row with a key's cell to the last.
private func keyRows(_ screen: Screen) -> Int {
  let rows = (0..<screen.rows).filter { row in
    (0..<screen.columns).contains { screen[row, $0].style == .keyLetter }
  }
  return (rows.last ?? 0) - (rows.first ?? 0) + 1
}

@Suite("The demo at ordinary sizes")
struct DemoSizeTests {
  @Test("the pad grows with the window: 80×24 normal keys, 100×32 large, 160×45 bigger, centred")
  func padGrowsWithWindow() throws {
    let demo = try controller(["안녕하세요"])
    let small = demo.draw(rows: 24, columns: 80, width: DisplayWidth.of)
    #expect(small.textDump.contains("4         5         6"), "normal keys:\n\(small.textDump)")
    let sizes = [(24, 80), (32, 100), (45, 160)].map { rows, columns in
      keyRows(demo.draw(rows: rows, columns: columns, width: DisplayWidth.of))
    }
    #expect(sizes[0] < sizes[1] && sizes[1] < sizes[2], "\(sizes)")
    // 160×45: the pad takes most of the height, and sits in the middle, not in a corner.
    let big = demo.draw(rows: 45, columns: 160, width: DisplayWidth.of)
    #expect(sizes[2] >= 28, "\(sizes)")
    let keyColumns = (0..<big.columns).filter { column in
      (0..<big.rows).contains { big[$0, column].style == .keyLetter }
    }
    let left = keyColumns.first ?? 0
    let right = big.columns - 1 - (keyColumns.last ?? 0)
    #expect(left > 20 && right > 20 && abs(left - right) < 30, "\(left) \(right)")
    #expect(
      DemoRenderer.bestPlan(
        demo.script, strings: UIStrings(.korean), rows: 44, columns: 160, measure: measure
      ).keys.cellHeight > KeySize.large.cellHeight)
  }

  @Test("two pads grow too, side by side, and 80×24 still fits both")
  func comparisonGrows() throws {
    let demo = try controller(["안녕", "안녕"], on: ["cheonjiin-galaxy", "cheonjiin-iphone"])
    let small = DemoRenderer.bestPlan(
      demo.script, strings: UIStrings(.korean), rows: 23, columns: 80, measure: measure)
    #expect(small.fits(rows: 23, columns: 80))
    let big = DemoRenderer.bestPlan(
      demo.script, strings: UIStrings(.korean), rows: 44, columns: 160, measure: measure)
    #expect(big.arrangement == .sideBySide)
    #expect(big.keys.cellHeight >= KeySize.large.cellHeight)
  }

  @Test("the pad is as tall as the layouts the demo visits: 안녕 keeps the usual keys at 80×24")
  func heightOfVisitedLayouts() throws {
    let demo = try controller(["안녕"])
    let screen = demo.draw(rows: 24, columns: 80, width: DisplayWidth.of).textDump
    #expect(screen.contains("4         5         6"), "\(screen)")
  }

  @Test("a comparison that cannot fit says what window shows it all")
  func saysWhatFits() throws {
    let demo = try controller(["안녕", "안녕"], on: ["cheonjiin-galaxy", "cheonjiin-iphone"])
    let screen = demo.draw(rows: 12, columns: 40, width: DisplayWidth.of).textDump
    #expect(screen.contains("다 보려면 창을"), "\(screen)")
    let roomy = demo.draw(rows: 40, columns: 120, width: DisplayWidth.of).textDump
    #expect(!roomy.contains("다 보려면 창을"))
  }

  @Test(
    "the pressed key's colour differs from the key at rest in every theme and colour depth",
    arguments: Theme.Name.allCases)
  func litKeyStandsOut(name: Theme.Name) {
    let theme = Theme.named(name)
    for style in KeyStyle.allCases {
      let decoration = DemoRenderer.litDecoration(for: style, theme: theme)
      let lit = theme.look(decoration.isFocused ? .keyFocused : .keyCue)
      let resting: CellStyle =
        switch style {
        case .letter: .keyLetter
        case .function: .keyFunction
        case .accent: .keyAccent
        }
      #expect(lit.background256 != theme.look(resting).background256, "\(style)")
      #expect(lit.background8 != theme.look(resting).background8, "\(style)")
      // Never the terminal's own colours, which are what reverse video showed.
      #expect(lit.background256 >= 0 && !lit.reverse)
    }
  }

  @Test("the pressed key is lit whole in the focus colour, not only its label reversed")
  func pressedKeyIsLitWhole() throws {
    var demo = DemoDriver([try track("오")])
    demo.wait(500)
    let screen = demo.controller.draw(rows: 24, columns: 80, width: DisplayWidth.of)
    let lit = screen.cells.filter { $0.style == .keyFocused }
    // The ㅇㅁ key, normal size: 9 cells by 3 rows.
    #expect(lit.count == 27)
    #expect(!screen.cells.contains { $0.style == .keyPressed })
  }
}
