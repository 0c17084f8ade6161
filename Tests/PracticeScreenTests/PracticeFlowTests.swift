import HangulEngine
import KoreanNumbers
import LayoutLoading
import Practice
import ScreenTestSupport
import TerminalInput
import TerminalUI
import Testing
import Typing

@testable import PracticeScreen

extension PracticeDriver {
  /// Types the item on screen, `gap` ms a key, without waiting after.
  mutating func typeItem(gap: UInt64 = 200) throws {
    let item = try #require(controller.session?.item)
    type(numpadKeys(forPhoneDigits: try phoneDigits(item.target)), gap: gap)
  }
}

/// Practice that never confuses.
@Suite("Practice: Enter after a move, the pause, mistakes explained, the menu, recall")
struct PracticeFlowTests {
  static let words = Lesson(
    id: "words", stage: .words, title: "낱말", summary: "", texts: ["아이", "안녕", "가 나", "기어"])

  @Test("an Enter within a moment of moving on by itself is meant for the item before: swallowed")
  func enterAfterMove() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.words], recorder: recorder, start: "words")
    try driver.typeItem(gap: 100)  // right: moves on by itself after 0.9 s
    #expect(recorder.results.count == 1)
    driver.wait(850)  // moved on
    #expect(driver.controller.session?.pressCount == 0)
    #expect(driver.controller.session?.item?.target != recorder.results.first?.target)
    driver.type([keypad("enter")], gap: 100)  // a habit: Enter after each item
    #expect(recorder.results.count == 1, "the next item was handed in empty")
    #expect(!driver.screen().contains("이렇게 쳐요"))
    // Later, an Enter hands the item in as before.
    driver.wait(1_500)
    driver.type([keypad("enter")], gap: 100)
    #expect(recorder.results.count == 2)
    #expect(recorder.results.last?.isCompleted == false)
  }

  @Test("a key during the pause starts the next item, shown as next, and is its first press")
  func keyDuringPause() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.words], recorder: recorder, start: "words")
    try driver.typeItem(gap: 200)
    let next = try #require(driver.controller.round.current)
    #expect(driver.screen().contains("다음: \(next.prompt)"), "\(driver.screen())")
    // Typed at once, in the pause: the first key starts it.
    type(next.target, on: &driver)
    #expect(recorder.results.map(\.target).last == next.target)
    #expect(recorder.results.count == 2 && recorder.results.last?.accuracy == 1)
  }

  @Test(
    "an item's first press, however soon after the pause, is no speed sample: reading is not typing"
  )
  func firstPressNotTimed() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.words], recorder: recorder, start: "words")
    try driver.typeItem(gap: 300)
    driver.wait(900)  // moved on 0.9 s after the last key; the first key 0.3 s later
    try driver.typeItem(gap: 300)
    for result in recorder.results {
      let first = try #require(result.pressRecords.first)
      #expect(!first.isTimed && first.jamoTime == nil, "\(first)")
    }
    #expect(recorder.results.last?.pressRecords.dropFirst().contains { $0.isTimed } == true)
  }

  private func type(_ text: String, on driver: inout PracticeDriver) {
    driver.type(numpadKeys(forPhoneDigits: (try? phoneDigits(text)) ?? ""), gap: 200)
  }

  @Test(
    "common mistakes are explained from the layout",
    arguments: [
      ("가 나", "4125", "␣ 키로 띄어 써요"),  // 가, then ㄴ: 간, the space missing
      ("기어", "412", "합쳐져 ㅏ가 됐어요. ⌫로 지우고 새 글자는 ㅇ(ㅇㅁ 키)부터"),  // ㄱ ㅣ ㆍ: 가
    ])
  func explained(target: String, digits: String, says: String) throws {
    let lesson = Lesson(id: "m", stage: .words, title: "낱말", summary: "", texts: [target])
    var driver = try PracticeDriver(lessons: [lesson], recorder: MemoryRecorder(), start: "m")
    driver.type(numpadKeys(forPhoneDigits: digits))
    let screen = driver.screen()
    #expect(screen.contains(says), "\(screen)")
  }

  @Test("a key held too long types its digit; the screen says so and which key")
  func heldTooLong() throws {
    let lesson = Lesson(id: "h", stage: .words, title: "낱말", summary: "", texts: ["나"])
    var settings = KeypadSettings()
    settings.language = .korean
    var driver = ScreenDriver(
      PracticeController(
        layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
        keymaps: try shippedKeymaps(),
        keymap: "numpad", settings: settings, lessons: [lesson], today: 20_000, startLesson: "h"),
      settings: settings, kitty: true,
      services: PracticeServices(recorder: MemoryRecorder()).perform)
    // The ㄴㄹ key (KP5) held past the hold delay, with key releases: 5.
    driver.send(kitty(kp4 + 1))
    driver.wait(700)
    driver.send(kitty(kp4 + 1, 3))
    let screen = driver.render().textDump
    #expect(screen.contains("ㄴㄹ 키를 오래 눌러 숫자 5가 쳐졌어요"), "\(screen)")
  }

  @Test("every lesson of the menu can be reached at 80×24, and the screen says how many are hidden")
  func menuSaysMore() throws {
    let lessons = LessonCatalog.standard(numberSeed: 1)
    var driver = try PracticeDriver(
      lessons: lessons, recorder: MemoryRecorder(), adaptive: adaptiveSetup())
    let entries = driver.controller.menuEntries.map(\.label)
    #expect(entries.count > 20)
    let first = driver.screen(rows: 24)
    #expect(first.contains("▼ 아래에"), "\(first)")
    #expect(!first.contains("▲ 위에"))
    var seen: Set<String> = []
    for _ in 0..<entries.count {
      let screen = driver.screen(rows: 24)
      for entry in entries where screen.contains(entry) { seen.insert(entry) }
      driver.type(["\u{1b}[B"], gap: 10)
    }
    #expect(seen.count == entries.count, "\(Set(entries).subtracting(seen))")
    let last = driver.screen(rows: 24)
    #expect(last.contains("▲ 위에") && !last.contains("▼ 아래에"), "\(last)")
    // The count is right: the entries above plus those shown.
    let hidden = try #require(
      last.split(separator: "\n").first { $0.contains("▲ 위에") }?
        .split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }.first)
    let shown = entries.filter { last.contains($0) }.count
    #expect(hidden + shown == entries.count)
  }

  @Test("a number drill never shows the answer before it is handed in; the pad lights no key")
  func recall() throws {
    let item = PracticeItem(
      id: "r:79", prompt: "79", answer: .reading(try KoreanNumber.reading(of: "79")))
    let lesson = Lesson(id: "r", stage: .numbers, title: "숫자", summary: "", items: [item])
    var driver = try PracticeDriver(lessons: [lesson], recorder: MemoryRecorder(), start: "r")
    var screen = driver.screen()
    #expect(!screen.contains("칠") && !screen.contains("십") && !screen.contains("구"), "\(screen)")
    #expect(screen.contains("79"))
    #expect(screen.contains("모르면 ⏎"))
    #expect(driver.controller.cueKey(at: driver.now) == nil)
    driver.wait(10_000)
    #expect(driver.controller.cueKey(at: driver.now) == nil)
    driver.type(numpadKeys(forPhoneDigits: "8"), gap: 100)  // 8 is ㅅㅎ: ㅅ, off the way
    screen = driver.screen()
    #expect(!screen.contains("칠십구"), "\(screen)")
    driver.type([keypad("enter")], gap: 100)
    screen = driver.screen()
    #expect(screen.contains("칠") && screen.contains("십") && screen.contains("구"), "\(screen)")
    // The digits drill: 사십구 asks for 49, which shows only after.
    let digits = PracticeItem(id: "d", prompt: "사십구", answer: .heldDigits("49"))
    let held = Lesson(id: "d", stage: .numbers, title: "숫자", summary: "", items: [digits])
    let hold = try PracticeDriver(lessons: [held], recorder: MemoryRecorder(), start: "d")
    let asked = hold.screen()
    #expect(asked.contains("사십구") && !asked.contains("4   9"), "\(asked)")
  }
}

@Suite("Practice while its progress file is locked")
struct PracticeStartupTests {
  private func startup(_ mailbox: Mailbox<Int>) -> ScreenDriver<PracticeStartup<Int>> {
    ScreenDriver(
      PracticeStartup(
        strings: UIStrings(.korean), path: "/data/progress.sqlite", opened: mailbox
      ) { _ in
        PracticeController(
          layouts: (try? library.loadSet("cheonjiin-galaxy").map(\.layout)) ?? [],
          keymaps: (try? shippedKeymaps()) ?? [], keymap: "numpad", settings: KeypadSettings(),
          lessons: [PracticeControllerTests.lesson], today: 20_000)
      }, services: PracticeServices(recorder: MemoryRecorder()).perform)
  }

  @Test("waiting for the file says what it waits for and that Esc leaves; Esc leaves")
  func waiting() throws {
    var driver = startup(Mailbox())
    #expect(driver.render().textDump.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    // The loop wakes at a fixed instant to look again, not at "now + 50 ms" (never reached).
    let deadline = try #require(driver.session.nextDeadline(now: driver.now))
    #expect(driver.session.nextDeadline(now: deadline) == deadline)
    driver.wait(600)
    let screen = driver.render().textDump
    #expect(screen.contains("연습 기록 파일을 여는 중이에요"), "\(screen)")
    #expect(screen.contains("/data/progress.sqlite") && screen.contains("Esc 그만하기"))
    driver.send("\u{1b}")
    driver.wait(100)
    #expect(driver.effects.contains(.finish("")))
  }

  @Test("once the file is open, practice starts: the menu")
  func opens() {
    let mailbox = Mailbox<Int>()
    var driver = startup(mailbox)
    driver.wait(1_000)
    mailbox.put(1)
    driver.wait(100)
    #expect(driver.controller.controller != nil)
    #expect(driver.render().textDump.contains("시험"))
    driver.send("1\r")
    #expect(driver.render().textDump.contains("1 / 2"))
  }
}
