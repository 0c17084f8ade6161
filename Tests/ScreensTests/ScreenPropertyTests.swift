import CellGrid
import ChildTerminal
import HangulEngine
import Practice
import ScreenTestSupport
import TerminalInput
import TestSupport
import Testing

@testable import DemoScreen
@testable import PadScreen
@testable import PracticeScreen
@testable import RunScreen
@testable import TerminalUI
@testable import Typing

/// One step a user (or a child program) takes, replayable on a fresh front end.
private enum Step {
  case send(String)
  /// A lone Esc, read as one once the decoder's wait for more bytes is over.
  case escape
  case wait(UInt64)
  case resize(rows: Int, columns: Int)
  /// `cheonjiin run`: the program writes this.
  case childWrites(String)
}

/// What a terminal shows: every cell as an emulator reads it back from the bytes written.
///
/// Only what is seen is compared: the right half of a wide character is drawn by its left
/// half (the attributes an emulator keeps there are not seen), and a blank cell shows only
/// its background (its underline, or its foreground when reversed), not a bold or a colour
/// left on it.
private struct TerminalPicture: Equatable, CustomStringConvertible {
  struct SeenCell: Equatable, CustomStringConvertible {
    var text: String
    var isBold = false
    var isUnderlined = false
    var isItalic = false
    var isReversed = false
    var foreground = Emulator.Color.default
    var background = Emulator.Color.default

    static let rightHalf = SeenCell(text: "")

    init(text: String) { self.text = text }

    init(_ cell: Emulator.Cell) {
      text = cell.text.isEmpty ? " " : cell.text
      isUnderlined = cell.isUnderlined
      isReversed = cell.isReversed
      background = cell.background
      guard text != " " else {
        if isReversed || isUnderlined { foreground = cell.foreground }
        return
      }
      isBold = cell.isBold
      isItalic = cell.isItalic
      foreground = cell.foreground
    }

    var description: String {
      "\(text.debugDescription) bold \(isBold) underline \(isUnderlined) italic \(isItalic) "
        + "reverse \(isReversed) fg \(foreground) bg \(background)"
    }
  }

  var rows: [[SeenCell]]

  init(_ emulator: Emulator) {
    rows = (0..<emulator.rows).map { row in
      var cells: [SeenCell] = []
      var isRightHalf = false
      for column in 0..<emulator.columns {
        let cell = emulator.cell(row: row, column: column)
        cells.append(isRightHalf ? .rightHalf : SeenCell(cell))
        isRightHalf = !isRightHalf && cell.width == 2
      }
      return cells
    }
  }

  var description: String {
    rows.map { $0.map(\.text).joined() }.joined(separator: "\n")
  }

  /// The first cell that differs, for the failure message.
  func firstDifference(from other: TerminalPicture) -> String {
    for (row, (mine, theirs)) in zip(rows, other.rows).enumerated() {
      for (column, (a, b)) in zip(mine, theirs).enumerated() where a != b {
        return "row \(row) column \(column): \(a) ≠ \(b)"
      }
    }
    return "sizes differ"
  }
}

/// Drives a front end as the run loop does and checks, after every step, that the terminal fed
/// the frame writer's bytes shows what a full redraw of the same state shows: the same steps
/// replayed on a new front end, drawn once by a new writer onto a cleared terminal.
private struct RedrawChecker<FrontEnd: ScreenFrontEnd> {
  let make: () throws -> ScreenDriver<FrontEnd>
  var driver: ScreenDriver<FrontEnd>
  var steps: [Step] = []
  var writer = FrameWriter()
  var theme = Theme.Name.light
  var terminal: Emulator

  init(make: @escaping () throws -> ScreenDriver<FrontEnd>) throws {
    self.make = make
    driver = try make()
    let size = driver.session.size
    terminal = Emulator(rows: size.rows, columns: size.columns)
    draw()
  }

  var palette: Palette { Palette(theme: Theme.named(theme), depth: .twoHundredFiftySix) }

  /// Takes one step on the running front end and draws, as the run loop would.
  mutating func take(_ step: Step) {
    steps.append(step)
    Self.apply(step, to: &driver)
    if case .resize(let rows, let columns) = step {
      // SIGWINCH: the terminal has the new size; the writer starts over.
      terminal.resize(rows: rows, columns: columns)
      writer.invalidate()
    }
    for effect in driver.effects {
      switch effect {
      case .repaint: writer.invalidate()
      case .setTheme(let name):
        theme = name
        writer.invalidate()
      default: break
      }
    }
    driver.effects.removeAll()
    draw()
  }

  private mutating func draw() {
    let screen = driver.session.render(at: driver.now)
    terminal.feed(writer.update(to: screen, palette: palette))
  }

  private static func apply(_ step: Step, to driver: inout ScreenDriver<FrontEnd>) {
    switch step {
    case .send(let bytes): driver.send(bytes)
    case .escape:
      driver.send("\u{1b}")
      driver.wait(100)
    case .wait(let milliseconds): driver.wait(milliseconds)
    case .resize(let rows, let columns):
      driver.session.size = (rows, columns)
      driver.effects += driver.session.deliver(.resized, at: driver.now)
    case .childWrites(let text):
      // Only `cheonjiin run` has a child; its steps are drawn for it alone.
      if let output = RunEvent.childOutput(Array(text.utf8)) as? FrontEnd.OwnEvent {
        driver.effects += driver.session.receive(output, at: driver.now)
      }
    }
  }

  /// The terminal after a full redraw of the same state, and the one the steps left.
  func pictures() throws -> (incremental: TerminalPicture, full: TerminalPicture) {
    let fresh = try replayed()
    let size = fresh.session.size
    let full = Emulator(rows: size.rows, columns: size.columns)
    var fullWriter = FrameWriter()
    full.feed(fullWriter.update(to: fresh.session.render(at: fresh.now), palette: palette))
    return (TerminalPicture(terminal), TerminalPicture(full))
  }

  /// A new front end after the same steps.
  func replayed() throws -> ScreenDriver<FrontEnd> {
    var fresh = try make()
    for step in steps { Self.apply(step, to: &fresh) }
    return fresh
  }

  /// Where the screens themselves differ (the kept canvas against a new one), if they do:
  /// tells a painter's fault from the writer's.
  func screenDifference() throws -> String? {
    let kept = driver.session.render(at: driver.now)
    let fresh = try replayed().session.render(at: driver.now)
    guard kept.rows == fresh.rows, kept.columns == fresh.columns else { return "sizes differ" }
    for row in 0..<kept.rows {
      for column in 0..<kept.columns where kept[row, column] != fresh[row, column] {
        return
          "the screens differ at row \(row) column \(column): \(kept[row, column]) ≠ \(fresh[row, column])"
      }
    }
    return nil
  }
}

extension PracticeController {
  var isShowingSummary: Bool {
    if case .summary = mode { return true }
    return false
  }
}

/// The shipped data each replay starts from, read once: a replay per step makes many fronts.
private let galaxy = Result { try library.loadSet("cheonjiin-galaxy").map(\.layout) }
private let keymaps = Result { try shippedKeymaps() }

@Suite("Redraws: what the terminal shows after any steps equals a full redraw (PropertyTests)")
struct ScreenPropertyTests {
  /// Sequences per front end under `make test`; `make fuzz-ci` runs 5, `make fuzz` 250.
  static let rounds = fuzzRounds(2, divisor: 4_000)
  static let length = 30

  private static func practice(
    _ lessons: [Lesson], roundLength: Int, adaptive: AdaptiveSetup? = nil
  ) throws -> ScreenDriver<PracticeController> {
    ScreenDriver(
      PracticeController(
        layouts: try galaxy.get(), keymaps: try keymaps.get(), keymap: "numpad",
        settings: KeypadSettings(), lessons: lessons, today: 20_000, roundLength: roundLength,
        adaptive: adaptive, startAdaptive: adaptive != nil),
      services: PracticeServices(recorder: MemoryRecorder()).perform)
  }

  private static let padKeys = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0", ".", "*", "/"]
    .map(keypad)

  /// A step any screen may take.
  ///
  /// Keypad keys, Enter, Esc, arrows, Space, letters, F1 (help), F2 (theme), F4 (size),
  /// Ctrl-L, waits, and now and then a new window size. Esc and Enter come often: they change
  /// screens (a round's summary, another round, the menu).
  private static func randomStep(using generator: inout SplitMix64, extra: [String] = [])
    -> Step
  {
    let others =
      [
        keypad("enter"), "\r", "\u{1b}[A", "\u{1b}[B", "\u{1b}[C", "\u{1b}[D", " ",
        "b", "q", "1", "2", "\u{1b}OP", "\u{1b}OQ", "\u{1b}OS", "\u{0c}", "\u{1b}[6~", "\u{1b}[5~",
      ] + extra
    switch Int.random(in: 0..<24, using: &generator) {
    case 0..<9: return .send(pick(padKeys, &generator))
    case 9..<14: return .send(pick(others, &generator))
    case 14..<16: return .escape
    case 16..<18: return .send("\r")
    case 18..<23: return .wait(pick([50, 300, 950, 1_200, 4_000], &generator))
    default:
      return .resize(
        rows: pick([24, 30, 32, 12], &generator), columns: pick([80, 100, 60], &generator))
    }
  }

  /// One of `values` (never empty here).
  private static func pick<T>(_ values: [T], _ generator: inout SplitMix64) -> T {
    values[Int.random(in: 0..<values.count, using: &generator)]
  }

  /// Runs `rounds` random sequences of `length` steps on fresh front ends from `make`.
  private func check<FrontEnd: ScreenFrontEnd>(
    _ name: String, seed: UInt64, rounds: Int, length: Int,
    make: @escaping () throws -> ScreenDriver<FrontEnd>,
    step: (inout SplitMix64) -> Step = { randomStep(using: &$0) }
  ) throws {
    var generator = SplitMix64(state: seed)
    for round in 0..<rounds {
      var checker = try RedrawChecker(make: make)
      for index in 0..<length {
        checker.take(step(&generator))
        let (incremental, full) = try checker.pictures()
        guard incremental == full else {
          Issue.record(
            """
            \(name), round \(round), after step \(index): \(incremental.firstDifference(from: full))
            \(try checker.screenDifference() ?? "the screens are the same: the bytes written differ")
            steps: \(checker.steps)
            on the terminal:
            \(incremental)
            a full redraw:
            \(full)
            """)
          return
        }
      }
    }
  }

  @Test("the pad: typing, help, themes, sizes and the draft offer")
  func pad() throws {
    try check("pad", seed: 0x9AD, rounds: Self.rounds, length: Self.length) {
      ScreenDriver(
        KeypadController(
          layouts: try galaxy.get(), keymaps: try keymaps.get(), keymap: "numpad",
          settings: KeypadSettings(), draft: "어제 쓴 글"))
    }
  }

  @Test("practice: menu, rounds, summaries and help, Enter again and again")
  func practice() throws {
    let lessons = [
      Lesson(id: "a", stage: .words, title: "시험", summary: "낱말", texts: ["가", "안녕"]),
      NumberDrill.lesson(.readDigits, count: 3, seed: 1),
    ]
    try check("practice", seed: 0x9AC, rounds: Self.rounds, length: Self.length) {
      try Self.practice(lessons, roundLength: 2)
    }
  }

  @Test("the adaptive round: Enter 한 판 더 after the summary")
  func adaptive() throws {
    let setup = AdaptiveSetup(
      vocabulary: AdaptiveVocabulary(texts: ["가", "나", "아", "안", "가나", "나라", "아이"]),
      settings: AdaptiveSettings(startingJamo: 4, roundLength: 1), seed: 1)
    try check("adaptive", seed: 0x22, rounds: Self.rounds, length: Self.length) {
      try Self.practice([], roundLength: 1, adaptive: setup)
    }
  }

  @Test("the demo: playing, pausing, help and sizes")
  func demo() throws {
    let layouts = try library.loadSet("cheonjiin-galaxy").map(\.layout)
    let track = try DemoTrack(text: "안녕하세요", layouts: layouts, title: layouts[0].name)
    try check("demo", seed: 0xDE30, rounds: Self.rounds, length: Self.length) {
      ScreenDriver(
        DemoController(
          script: DemoScript(tracks: [track]), playback: DemoPlayback(keysPerSecond: 4),
          strings: UIStrings(.korean)))
    }
  }

  @Test("cheonjiin run: the program's output under the dock, F-keys, help")
  func run() throws {
    let output = [
      "hello\r\n", "\u{1b}[2J\u{1b}[H", "안녕 ", "\u{1b}[?1049h", "\u{1b}[?1049l",
      "\u{1b}[31mred\u{1b}[m", "\u{1b}[5;5H*",
    ]
    try check(
      // One sequence under `make test`: a debug build draws the program's screen slowly.
      "run", seed: 0x12, rounds: fuzzRounds(1, divisor: 10_000), length: Self.length,
      make: {
        ScreenDriver(
          RunController(
            layouts: try galaxy.get(), keymaps: try keymaps.get(), keymap: "numpad",
            strings: UIStrings(.korean), emulator: Emulator(rows: 24, columns: 80)))
      },
      step: { generator in
        Int.random(in: 0..<4, using: &generator) == 0
          ? .childWrites(Self.pick(output, &generator))
          : Self.randomStep(
            using: &generator, extra: ["\u{1b}[20~", "\u{1b}[21~", "\u{1b}[24~", "\u{1b}OR"])
      })
  }

  /// The issue's own steps.
  ///
  /// `practice --adaptive --seed 1 --items 1`, 5 5 7 8 5 Enter, then Enter. Before the fix the pad of the second round was drawn over the summary, keys missing.
  @Test("Enter 한 판 더 draws the whole pad again, not only the cells that changed")
  func anotherRound() throws {
    let setup = AdaptiveSetup(
      vocabulary: AdaptiveVocabulary(texts: ["가", "나", "아", "안", "가나", "나라", "아이"]),
      settings: AdaptiveSettings(startingJamo: 4, roundLength: 1), seed: 1)
    var checker = try RedrawChecker { try Self.practice([], roundLength: 1, adaptive: setup) }
    for key in ["5", "5", "7", "8", "5", "enter"] {
      checker.take(.send(keypad(key)))
      checker.take(.wait(300))
    }
    checker.take(.escape)  // the summary
    #expect(checker.driver.controller.isShowingSummary)
    checker.take(.send("\r"))  // 한 판 더
    #expect(!checker.driver.controller.isShowingSummary)
    let (incremental, full) = try checker.pictures()
    #expect(incremental == full, "\(incremental.firstDifference(from: full))\n\(incremental)")
  }
}
