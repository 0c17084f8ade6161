import CellGrid
import ChildTerminal
import Foundation
import HangulEngine
import ScreenTestSupport
import TerminalUI
import TestSupport
import Testing

@testable import DemoScreen

/// A track on a shipped layout, titled as `cheonjiin demo` titles it.
private func track(
  _ text: String, on layout: String = "cheonjiin-galaxy", language: UILanguage = .english
) throws -> DemoTrack {
  let layouts = UIStrings(language).withInterfaceLabels(try library.loadSet(layout).map(\.layout))
  return try DemoTrack(
    text: text, layouts: layouts, title: UIStrings(language).name(of: layouts[0]))
}

/// A comparison of `text` on Galaxy and iPhone.
private func comparison(_ text: String, language: UILanguage = .english) throws -> DemoScript {
  DemoScript(tracks: [
    try track(text, language: language),
    try track(text, on: "cheonjiin-iphone", language: language),
  ])
}

/// The texts the properties run over: carry-over, cycles, double finals, marks, a digit.
private let sampleTexts = [
  "오 안녕", "안녕하세요, 나는 2살!", "깚 않 앉아", "할머니 학교", "뭐해? 밥 먹었어.", "ㅋㅋㅋ 웃겨",
]

@Suite("The demo's script: syllables aligned across layouts, captions from the engine")
struct DemoScriptTests {
  @Test("오 안녕 on Galaxy and iPhone: both reach each syllable together, the faster waits")
  func alignment() throws {
    let script = try comparison("오 안녕")
    #expect(script.segments.map(\.characters) == [0..<1, 1..<2, 2..<3, 3..<4])
    #expect(
      script.segments.map { $0.presses.map(\.count) } == [[3, 3], [2, 1], [4, 4], [6, 6]])
    #expect(script.tickCount == 15)
    // Tick 5 ends the space: Galaxy pressed ␣ twice, iPhone once and waits.
    let moment = script.moment(at: 5)
    #expect(moment.shown == [5, 4])
    #expect(moment.isWaiting == [false, true])
    #expect(moment.endsSegment)
  }

  @Test(
    "at the end of every segment each track shows exactly the text up to it",
    arguments: ["cheonjiin-iphone", "cheonjiin-hwalja"])
  func segmentsMeetAtSyllables(other: String) throws {
    for text in sampleTexts {
      let script = DemoScript(tracks: [try track(text), try track(text, on: other)])
      var previous = script.moment(at: 0).shown
      for tick in 1...script.tickCount {
        let moment = script.moment(at: tick)
        // Shown presses only grow, by at most one per tick.
        for (now, before) in zip(moment.shown, previous) {
          #expect(now - before >= 0 && now - before <= 1)
        }
        previous = moment.shown
        guard moment.endsSegment, let segment = moment.segment else { continue }
        let prefix = String(script.text[..<script.segments[segment].characters.upperBound])
        for (index, track) in script.tracks.enumerated() {
          let typed = track.typed(after: moment.shown[index])
          #expect(typed.committed + typed.preedit == prefix, "\(text) on \(track.title)")
        }
      }
      #expect(script.moment(at: script.tickCount).shown == script.tracks.map(\.steps.count))
    }
  }

  @Test("the captions of 안녕 and 아니 and 라, in Korean, as the engine moved")
  func koreanCaptions() throws {
    let strings = UIStrings(.korean)
    func captions(_ text: String) throws -> [String] {
      let galaxy = try track(text, language: .korean)
      return galaxy.steps.map { strings.demoCaption($0, of: galaxy) }
    }
    #expect(
      try captions("안녕") == [
        "새 글자: ㅇ", "ㅇ + ㅣ = 이", "ㅣ + ㆍ = ㅏ → 아", "아 + ㄴ = 안 (받침)", "␣: 다음 글자로",
        "새 글자: ㄴ", "ㄴ + ㆍ: 다음 획을 기다려요", "ㆍ + ㆍ = ‥", "‥ + ㅣ = ㅕ → 녀",
        "녀 + ㅇ = 녕 (받침)",
      ])
    #expect(try captions("아니").last == "받침 ㄴ이 다음 글자로 가요 → 니")
    // A letter shown beside the syllable is not called its final (받침).
    let halmeoni = try captions("할머니")
    #expect(halmeoni.contains("할 + ㅇ = 할ㅇ"), "\(halmeoni)")
    #expect(!halmeoni.contains("할 + ㅇ = 할ㅇ (받침)"))
    #expect(halmeoni.contains("ㅇㅁ 두 번 → ㅁ (핢)"))
    let gwaenchanayo = try captions("괜찮아요")
    #expect(gwaenchanayo.contains("ㅊ + ㅣ = 치"), "\(gwaenchanayo)")
    #expect(!gwaenchanayo.contains { $0.hasPrefix("받침 ㅊ") })
    #expect(gwaenchanayo.contains("찬 + ㅅ = 찬ㅅ"))
    #expect(try captions("라")[1] == "ㄴㄹ 두 번 → ㄹ")
    #expect(try captions("오 안").contains("␣: 띄어쓰기"))
    #expect(try captions("가2").last == "ㆍ 길게: 2")
  }

  @Test("English captions keep the equations and say the rest in English")
  func englishCaptions() throws {
    let strings = UIStrings(.english)
    let galaxy = try track("아니 라")
    let captions = galaxy.steps.map { strings.demoCaption($0, of: galaxy) }
    #expect(captions.contains("final ㄴ moves on to the next syllable → 니"))
    #expect(captions.contains("ㄴㄹ twice → ㄹ"))
    #expect(captions.contains("␣: next syllable"))
    #expect(captions.contains("ㅣ + ㆍ = ㅏ → 아"))
    let iphone = try track("오 안", on: "cheonjiin-iphone")
    #expect(iphone.steps.map { strings.demoCaption($0, of: iphone) }.contains("␣: space"))
    // The ABC pad's multi-tap keys type letters, the side key marks.
    let latin = try track("ab.")
    let latinCaptions = latin.steps.map { strings.demoCaption($0, of: latin) }
    #expect(latinCaptions.contains("letter a"))
    #expect(latinCaptions.contains("abc twice → b"))
    #expect(latinCaptions.last == "mark .")
    #expect(latinCaptions.first?.hasPrefix("!#1: to ") == true)
  }

  @Test("the overview lights the syllable being typed and marks where the counts differ")
  func overview() throws {
    let script = try comparison("오 안녕")
    let frame = DemoRenderer.frame(
      script, at: 5, size: .compact, strings: UIStrings(.english), marksPressedKey: false,
      width: terminalWidth)
    let lines = frame.textDump.split(separator: "\n", omittingEmptySubsequences: false)
    // The fewer count is marked, not only coloured.
    #expect(lines[1].hasSuffix("3   2"), "\(lines[1])")
    #expect(lines[2].hasSuffix("3   1*"), "\(lines[2])")
    func style(of character: Character, row: Int) -> CellStyle? {
      (0..<frame.columns).first { frame.character(row: row, column: $0) == character }
        .map { frame[row, $0].style }
    }
    #expect(style(of: "␣", row: 0) == .composing)
    #expect(style(of: "오", row: 0) == .correct)
    #expect(style(of: "안", row: 0) == .normal)
    #expect(style(of: "2", row: 1) == .warning)
    #expect(style(of: "1", row: 2) == .correct)
    // The waiting pad says why it waits.
    #expect(lines[DemoRenderer.overviewRows(script) + 2].contains("waiting: 1 key fewer"))
  }

  @Test("a text too long for the window keeps the syllable being typed in view")
  func longOverview() throws {
    let text = String(repeating: "가나다라마바사 ", count: 4)
    let script = DemoScript(tracks: [try track(text)])
    for tick in stride(from: 1, through: script.tickCount, by: 7) {
      let frame = DemoRenderer.frame(
        script, at: tick, size: .normal, strings: UIStrings(.english), marksPressedKey: false,
        width: terminalWidth, columns: 80)
      let current = (0..<frame.columns).filter { frame[0, $0].style == .composing }
      #expect(!current.isEmpty, "tick \(tick)")
      #expect(frame.columns <= 80)
    }
    let last = DemoRenderer.frame(
      script, at: script.tickCount, size: .normal, strings: UIStrings(.english),
      marksPressedKey: false, width: terminalWidth, columns: 80)
    #expect(last.textDump.split(separator: "\n")[0].contains("…"))
  }
}

// MARK: - Recordings

@Suite("Recordings of the demo: asciicast and the web page")
struct DemoRecordingTests {
  @Test(
    "the cast is asciicast v2: a header, then events in time; replayed, it shows the text typed",
    arguments: [(80, 24, UILanguage.english), (100, 32, .korean)])
  func cast(columns: Int, rows: Int, language: UILanguage) throws {
    let script = try comparison("오 안녕", language: language)
    let text = DemoCast.recording(
      script, playback: DemoPlayback(keysPerSecond: 2), strings: UIStrings(language), rows: rows,
      columns: columns, title: "cheonjiin demo 오 안녕", theme: .light, width: terminalWidth)
    let cast = try Asciicast(text)
    #expect(cast.width == columns)
    #expect(cast.height == rows)
    #expect((cast.header["env"] as? [String: String])?["TERM"] == "xterm-256color")
    // A frame for every tick from 0, then the cursor back.
    #expect(cast.events.count == script.tickCount + 2)
    #expect(cast.events.first?.time == 0)
    #expect(cast.events[1].time == 0.5)
    let screen = cast.finalScreen
    #expect(screen.filter { $0.contains(" 오 안녕") }.count == 2, "\(screen.joined(separator: "\n"))")
    let counters = language == .korean ? ["15/15타", "14/14타"] : ["15/15 keys", "14/14 keys"]
    for counter in counters { #expect(screen.contains { $0.contains(counter) }) }
    // The status line, then the line the player's prompt goes on.
    #expect(screen.last?.isEmpty == true)
    #expect(screen.dropLast().last?.contains("cheonjiin demo 오 안녕") == true)
  }

  @Test("--step in a cast holds each syllable a moment instead of waiting for a key")
  func castSteps() throws {
    let script = DemoScript(tracks: [try track("오 안녕")])
    func duration(_ playback: DemoPlayback) throws -> Double {
      try Asciicast(
        DemoCast.recording(
          script, playback: playback, strings: UIStrings(.english), rows: 24, columns: 80,
          title: "t", theme: .light, width: terminalWidth)
      ).events.last?.time ?? 0
    }
    let plain = try duration(DemoPlayback(keysPerSecond: 2))
    let stepped = try duration(DemoPlayback(keysPerSecond: 2, pausesEachSyllable: true))
    // Three syllable ends before the last: 오, the space, 안.
    #expect(stepped - plain == 3 * Double(DemoCast.syllablePauseMs) / 1000)
  }

  /// A recording of `text` on Galaxy beside iPhone.
  private func recording(
    _ text: String, theme: Theme = .light, rows: Int = 24, columns: Int = 80
  ) throws -> Asciicast {
    try Asciicast(
      DemoCast.recording(
        try comparison(text), playback: DemoPlayback(keysPerSecond: 2),
        strings: UIStrings(.english), rows: rows, columns: columns, title: "cheonjiin demo",
        theme: theme, width: terminalWidth))
  }

  @Test(
    "played in a terminal its size or taller, the cast leaves the cursor on a new line below it",
    arguments: [0, 6])
  func castEndsBelow(extraRows: Int) throws {
    let cast = try recording("오 안녕")
    let emulator = Emulator(rows: 24 + extraRows, columns: 80)
    for event in cast.events { emulator.feed(Array(event.data.utf8)) }
    let lastRow = (0..<emulator.rows).last { !emulator.text(row: $0).isEmpty } ?? 0
    // The shell's prompt goes on the cursor's row: after the demo's status line.
    #expect(emulator.cursor.row > lastRow, "cursor \(emulator.cursor), last row \(lastRow)")
    #expect(emulator.cursor.column == 0)
    #expect(emulator.isCursorVisible)
    #expect(emulator.text(row: lastRow).contains("cheonjiin demo"))
  }

  @Test(
    "the pressed key is lit whole in the theme's focus colour, also on a dark terminal",
    arguments: Theme.Name.allCases)
  func castThemeColours(name: Theme.Name) throws {
    let theme = Theme.named(name)
    let cast = try recording("오", theme: theme)
    // The frame after the first press: ㅇㅁ pressed on both pads.
    let emulator = Emulator(rows: 24, columns: 80)
    for event in cast.events.prefix(2) { emulator.feed(Array(event.data.utf8)) }
    let focus = Emulator.Color.indexed(UInt8(theme.look(.keyFocused).background256))
    let letter = theme.look(.keyLetter).background256
    var lit = 0
    for row in 0..<24 {
      for column in 0..<80 where emulator.cell(row: row, column: column).background == focus {
        lit += 1
      }
    }
    // Two compact keys, whole: a blank each side of a label of two wide letters (a label
    // alone in reverse video had no colour of the theme at all).
    #expect(lit >= 2 * 4, "\(lit) cells lit")
    #expect(Int16(theme.look(.keyFocused).background256) != letter)
    // Bright enough to stand out on black and different from the keys around it.
    let (red, green, blue) = Palette.xtermRGB(UInt8(theme.look(.keyFocused).background256))
    #expect(red + green + blue > 3 * 128)
    // The cast draws in the theme: the letter keys have its colour.
    let letters = (0..<24).flatMap { row in (0..<80).map { emulator.cell(row: row, column: $0) } }
      .filter { $0.background == .indexed(UInt8(letter)) }
    #expect(!letters.isEmpty)
  }

  @Test("a window too small for the demo is named with the windows that would do")
  func castWindow() throws {
    let script = try comparison("오 안녕")
    let strings = UIStrings(.english)
    #expect(
      DemoCast.missingRoom(script, strings: strings, rows: 24, columns: 80, width: terminalWidth)
        == nil)
    let missing = try #require(
      DemoCast.missingRoom(script, strings: strings, rows: 12, columns: 40, width: terminalWidth))
    #expect(missing.suggested.columns == 80 && missing.suggested.rows == 24)
    #expect(missing.needed.contains { $0.columns <= 80 && $0.rows <= 24 })
  }

  /// The JSON a page plays, read back.
  private func pageData(_ page: String) throws -> [String: Any] {
    let open = "<script type=\"application/json\" id=\"demo-data\">"
    let start = try #require(page.range(of: open)).upperBound
    let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
    return try #require(
      try JSONSerialization.jsonObject(with: Data(page[start..<end].utf8)) as? [String: Any])
  }

  @Test("the page needs nothing from elsewhere and plays the terminal's presses and captions")
  func page() throws {
    let script = try comparison("오 안녕", language: .korean)
    let strings = UIStrings(.korean)
    let page = DemoPage.html(
      script, playback: DemoPlayback(keysPerSecond: 2, playsOnce: true), strings: strings,
      title: "오 안녕")
    for external in ["http://", "https://", "<link", " src=", "@import", "url("] {
      #expect(!page.contains(external), "\(external)")
    }
    #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"ko\">"))
    let data = try pageData(page)
    let target = try #require(data["target"] as? [String])
    #expect(target == ["오", " ", "안", "녕"])
    let tracks = try #require(data["tracks"] as? [[String: Any]])
    #expect(tracks.count == 2)
    for (index, track) in script.tracks.enumerated() {
      let steps = try #require(tracks[index]["steps"] as? [[String: Any]])
      #expect(steps.count == track.steps.count)
      // The captions as the terminal shows them: the dot strokes as ●.
      #expect(
        steps.map { $0["caption"] as? String }
          == track.steps.map { DemoRenderer.displayed(strings.demoCaption($0, of: track)) })
      // Each press's text, rebuilt as the page does: the first `shared` characters to type,
      // then its own; the first `committed` of them finished.
      for (json, step) in zip(steps, track.steps) {
        let shared = try #require(json["shared"] as? Int)
        let rest = json["rest"] as? [String] ?? []
        let committed = try #require(json["committed"] as? Int)
        let characters = Array(target.prefix(shared)) + rest
        #expect(
          characters.prefix(committed).joined()
            == DemoRenderer.displayed(step.typed.committed))
        #expect(
          characters.dropFirst(committed).joined() == DemoRenderer.displayed(step.typed.preedit))
      }
      // The pads come from the layouts: the same labels in the same rows.
      let layouts = try #require(tracks[index]["layouts"] as? [[String: Any]])
      for (layout, json) in zip(track.layouts, layouts) {
        let keys = try #require(json["keys"] as? [[String: Any]])
        #expect(
          keys.map { $0["label"] as? String }
            == layout.keys.map { DemoRenderer.displayed($0.label) })
        let rows = try #require(json["rows"] as? [[Any]])
        #expect(rows.map { $0.map { ($0 as? Int) } } == layout.rows)
      }
    }
    // The segments, and what the faster layout says while it waits: iPhone at the space.
    let segments = try #require(data["segments"] as? [[String: Any]])
    #expect(segments.count == script.segments.count)
    let waiting = segments.map { ($0["waiting"] as? [Any])?.map { $0 as? String } }
    #expect(waiting[1] == [nil, strings.demoWaiting(fewer: 1)])
    #expect(waiting[0] == [nil, nil])
  }

  @Test("a long text makes a page that grows with it, not with its square")
  func pageIsLinear() throws {
    let strings = UIStrings(.korean)
    func size(_ count: Int) throws -> Int {
      let text = String(String(repeating: "안녕하세요 반가워요 ", count: count / 10 + 1).prefix(count))
      return DemoPage.json(
        DemoScript(tracks: [try track(text, language: .korean)]),
        playback: DemoPlayback(keysPerSecond: 1), strings: strings, title: "t"
      ).utf8.count
    }
    let small = try size(200)
    let large = try size(800)
    // 4 times the text, about 4 times the data (the old page, a text per press, was 10 times).
    #expect(Double(large) / Double(small) < 4.5, "\(small) → \(large)")
  }

  @Test("text in the page cannot close its script or start markup")
  func pageEscapes() {
    let json = "{\"caption\":\"</script><b>&\"}"
    let safe = DemoPage.safeInScript(json)
    #expect(!safe.contains("<") && !safe.contains(">") && !safe.contains("&"))
    #expect(safe == "{\"caption\":\"\\u003C/script\\u003E\\u003Cb\\u003E\\u0026\"}")
    #expect(DemoPage.htmlEscaped("<오 & \"안녕\">") == "&lt;오 &amp; &quot;안녕&quot;&gt;")
    // A text holding a marker is put in as it is, never filled in again.
    #expect(
      DemoPage.filling("a@TITLE@b@DATA@c", [("@TITLE@", "@DATA@"), ("@DATA@", "x")])
        == "a@DATA@bxc")
  }
}
