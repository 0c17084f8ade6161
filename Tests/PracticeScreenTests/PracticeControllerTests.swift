import Foundation
import HangulEngine
import LayoutLoading
import Practice
import ScreenTestSupport
import TerminalInput
import TerminalUI
import Testing
import Typing

@testable import PadViews
@testable import PracticeScreen

@Suite("Practice mode")
struct PracticeControllerTests {
  static let lesson = PracticeLessons.lesson

  @Test("the menu lists the lessons; a number and Enter start one")
  func menu() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.lesson], recorder: recorder)
    #expect(driver.screen().contains("시험"))
    driver.type(["1", "\r"])
    #expect(driver.screen().contains("1 / 2"))
  }

  @Test("leaving before typing anything: no zero percentages, a kind word instead")
  func leaveAtOnce() throws {
    var driver = try PracticeDriver(
      lessons: [Self.lesson], recorder: MemoryRecorder(), start: "test")
    driver.type(["\u{1b}"])
    driver.wait(200)
    let screen = driver.screen()
    #expect(screen.contains("2개 중 0개까지 했어요"), "\(screen)")
    #expect(screen.contains("이번에는 친 글자가 없어요"), "\(screen)")
    #expect(!screen.contains("정확도 0%"), "\(screen)")
  }

  @Test("the menu chooses a number lesson's range with ← →; the round draws from it")
  func numberRangeInMenu() throws {
    let recorder = MemoryRecorder()
    let lessons = [NumberDrill.lesson(.readDigits, seed: 5), NumberDrill.lesson(.native, seed: 5)]
    var driver = try PracticeDriver(lessons: lessons, recorder: recorder)
    #expect(driver.screen().contains("숫자 1: 숫자를 한글로  ◀ 범위 ▶"))
    #expect(driver.screen().contains("숫자 범위는 ←→"))
    driver.type(["\u{1b}[C"])  // → on the first lesson: 1–10
    #expect(driver.screen().contains("숫자 1: 숫자를 한글로  ◀ 1–10 ▶"))
    driver.type(["\u{1b}[C", "\u{1b}[D"])  // on to 1–99 and back
    #expect(driver.screen().contains("◀ 1–10 ▶"))
    driver.type(["\r"])
    let items = driver.controller.round.items
    #expect(!items.isEmpty)
    for item in items {
      #expect((1...10).contains(Int(item.prompt.filter(\.isNumber)) ?? 0), "\(item.prompt)")
    }
  }

  @Test("typing an item right scores it, shows ✓, and moves on; the cue shows the next key")
  func typesAnItem() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.lesson], recorder: recorder, start: "test")
    #expect(driver.controller.cueKey(at: driver.now) != nil)  // a new item: the cue shows at once
    driver.type(numpadKeys(forPhoneDigits: "0125#52210"))  // 안녕
    let result = try #require(recorder.results.first)
    #expect(result.target == "안녕")
    #expect(result.accuracy == 1)
    #expect(result.presses == 10)
    #expect(result.efficiency == 1)
    driver.wait(1000)
    #expect(driver.screen().contains("학"))
  }

  @Test("a wrong key turns the cue into ⌫, and the mark is ✗, not only a colour")
  func wrongKey() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.lesson], recorder: recorder, start: "test")
    driver.type(numpadKeys(forPhoneDigits: "4"))  // ㄱ instead of ㅇ
    let screen = driver.screen()
    #expect(screen.contains("✗"))
    #expect(screen.contains("⌫"))
    let backspace = driver.controller.keypad.engine.layout.keys.firstIndex {
      $0.action == .backspace
    }
    #expect(driver.controller.cueKey(at: driver.now) == backspace)
  }

  @Test("⏎ hands in an unfinished item; Esc ends the lesson with a calm summary")
  func submitAndSummary() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.lesson], recorder: recorder, start: "test")
    driver.type(numpadKeys(forPhoneDigits: "012") + [keypad("enter")])
    #expect(recorder.results.first?.isCompleted == false)
    driver.wait(1000)
    driver.type(["\u{1b}"], gap: 100)
    // Left after 1 of 2 items: the summary says where it stopped, not that it finished.
    #expect(driver.screen().contains("개 중 1개까지 했어요"), "\(driver.screen())")
    #expect(!driver.screen().contains("마쳤어요"))
    #expect(recorder.progress.last?.0 == "test")
    // Enter goes again (it used to drop to the menu after an early Esc).
    driver.type(["\r"], gap: 100)
    #expect(driver.screen().contains("1 / "), "\(driver.screen())")
  }

  static let vowels = PracticeLessons.vowels

  @Test("the round length (--items) decides how many items a round has")
  func roundLength() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(
      lessons: [Self.vowels], recorder: recorder, start: "vowels", roundLength: 3)
    #expect(driver.screen().contains("1 / 3"))
    for digits in ["012", "01", "021"] {  // 아 이 어
      driver.type(numpadKeys(forPhoneDigits: digits))
      driver.wait(1000)
    }
    #expect(recorder.results.map(\.target) == ["아", "이", "어"])
    #expect(recorder.progress.last.map { $0.2 } == true)
    #expect(driver.screen().contains("맞게 친 낱말 3개 중 3개 · 맞게 누른 키 100%."))
    let full = try PracticeDriver(
      lessons: [Self.vowels], recorder: MemoryRecorder(), start: "vowels")
    #expect(full.screen().contains("1 / 5"))
  }

  @Test(
    "speeds and counts wait for the summary; the round shows one plain line",
    arguments: [
      (UILanguage.korean, "효율", "지운 횟수 1번"), (UILanguage.english, "efficiency", "1 backspace"),
    ])
  func jargonInSummary(language: UILanguage, jargon: String, summary: String) throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(
      lessons: [Self.vowels], recorder: recorder, start: "vowels", language: language)
    // ㅇㆍ ⌫ ㅣㆍ: 아
    driver.type(numpadKeys(forPhoneDigits: "02") + [keypad("-")] + numpadKeys(forPhoneDigits: "12"))
    #expect(recorder.results.first?.backspaces == 1)
    driver.wait(1000)
    #expect(!driver.screen().lowercased().contains(jargon.lowercased()))
    driver.type(["\u{1b}"], gap: 100)
    #expect(driver.screen().contains(summary), "\(driver.screen())")
  }

  @Test("items handed in unfinished do not lift the summary's efficiency")
  func handedInEfficiency() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(lessons: [Self.lesson], recorder: recorder, start: "test")
    // 안녕 with a detour: ㅇㅣㆍㄴ ㄴ ⌫ # ㄴㆍㆍㅣㅇ, 12 presses for 10.
    driver.type(
      numpadKeys(forPhoneDigits: "01255") + [keypad("-")] + numpadKeys(forPhoneDigits: "#52210"))
    driver.wait(2000)  // an Enter right after the move would be taken as meant for 안녕
    driver.type([keypad("enter")])  // 학교 handed in untouched
    driver.wait(1000)
    driver.type(["\u{1b}"], gap: 100)
    #expect(recorder.results.map(\.minimumPresses) == [10, 0])
    let screen = driver.screen()
    #expect(screen.contains("효율 83%"))
    #expect(!screen.contains("효율 100%"))
  }

  @Test("the summary follows the interface language")
  func englishSummary() throws {
    let recorder = MemoryRecorder()
    var driver = try PracticeDriver(
      lessons: [Self.lesson], recorder: recorder, start: "test", language: .english)
    driver.type(numpadKeys(forPhoneDigits: "0125#52210"))  // 안녕
    driver.wait(1000)
    driver.type(["\u{1b}"], gap: 100)
    let screen = driver.screen()
    #expect(screen.contains("「시험」: 1 of "))
    #expect(screen.contains("Efficiency 100%, 0 backspaces."))
    #expect(!screen.contains("수고하셨어요"))
  }
}

/// The cue line is the lesson; the pad shrinks before it is cut.
@Suite("Practice keeps its cue at every size")
struct PracticeCueSizeTests {
  @Test(
    "the cue shows at 80×24, 40×12 and, with large keys, 100×32",
    arguments: [(24, 80, KeySize.normal), (12, 40, KeySize.normal), (32, 100, KeySize.large)])
  func cueStays(rows: Int, columns: Int, keySize: KeySize) throws {
    var settings = KeypadSettings()
    settings.keySize = keySize
    settings.language = .korean
    var driver = ScreenDriver(
      PracticeController(
        layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
        keymaps: try shippedKeymaps(), keymap: "numpad", settings: settings,
        lessons: [PracticeControllerTests.vowels], today: 20_000, roundLength: 5,
        startLesson: "vowels"),
      settings: settings, services: PracticeServices(recorder: MemoryRecorder()).perform)
    driver.wait(4000)  // long enough for a faded cue to appear
    let screen = driver.render(rows: rows, columns: columns).textDump
    #expect(screen.contains("다음:"), "\(rows)×\(columns):\n\(screen)")
    #expect(screen.contains("1 / 5"))
    // A wrong key: the feedback line shows too.
    driver.type(numpadKeys(forPhoneDigits: "4"))
    driver.wait(4000)
    let wrong = driver.render(rows: rows, columns: columns).textDump
    #expect(wrong.contains("✗"))
    #expect(!screen.contains("틀렸어요"))
    #expect(wrong.contains("틀렸어요"), "\(rows)×\(columns):\n\(wrong)")
  }
}

@Suite("A number item's question at every size")
struct PracticeQuestionSizeTests {
  @Test(
    "the digits to read stay on screen with what to do and the usual pad",
    arguments: [(24, 80), (12, 40), (32, 100)])
  func questionStays(rows: Int, columns: Int) throws {
    var settings = KeypadSettings()
    settings.language = .korean
    let lesson = NumberDrill.lesson(.native, count: 3, seed: 5, range: 17...17)
    var driver = ScreenDriver(
      PracticeController(
        layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout),
        keymaps: try shippedKeymaps(), keymap: "numpad", settings: settings, lessons: [lesson],
        today: 20_000, roundLength: 3, startLesson: lesson.id),
      settings: settings, services: PracticeServices(recorder: MemoryRecorder()).perform)
    driver.wait(100)
    let screen = driver.render(rows: rows, columns: columns).textDump
    let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains { $0 == "17" || $0.hasPrefix("17 ") }, "\(rows)×\(columns):\n\(screen)")
    // Asked from memory: no key lights up; the line says how to see the answer.
    #expect(screen.contains("모르면 ⏎"), "\(screen)")
    if rows >= 24 {
      #expect(screen.contains("4         5         6"), "the usual pad, with its hints")
    }
  }
}

@Suite("Practice marks follow the text")
struct PracticeMarkTests {
  @Test("the praise shows the number of the item just done, not the next one")
  func praiseNumber() throws {
    var driver = try PracticeDriver(
      lessons: [PracticeControllerTests.vowels], recorder: MemoryRecorder(), start: "vowels")
    driver.type(numpadKeys(forPhoneDigits: "012"), gap: 100)  // 아, right
    #expect(driver.screen().contains("1 / 5"), "\(driver.screen())")
    #expect(driver.screen().contains("잘했어요"))
    driver.wait(1500)
    #expect(driver.screen().contains("2 / 5"))
  }

  @Test("after ⌫ puts the learner back on the right path, no ✗ stays")
  func marksRecover() throws {
    var driver = try PracticeDriver(
      lessons: [PracticeControllerTests.vowels], recorder: MemoryRecorder(), start: "vowels")
    driver.type(numpadKeys(forPhoneDigits: "4"))  // ㄱ: wrong for 아
    driver.wait(3000)
    #expect(driver.screen().contains("✗"))
    driver.type([keypad("-")])  // ⌫
    driver.type(numpadKeys(forPhoneDigits: "0"))  // ㅇ: on the way to 아
    driver.wait(3000)
    #expect(!driver.screen().contains("✗"), "\(driver.screen())")
  }

  @Test("a wrong final consonant taken back with ⌫ leaves no ✗ on the syllable")
  func finalConsonantRecovers() throws {
    var driver = try PracticeDriver(
      lessons: [PracticeControllerTests.lesson], recorder: MemoryRecorder(), start: "test")
    driver.type(numpadKeys(forPhoneDigits: "0126"))  // 앋: ㄷ is wrong for 안
    driver.wait(3000)
    #expect(driver.screen().contains("✗"))
    driver.type([keypad("-")] + numpadKeys(forPhoneDigits: "5"))  // ⌫, then ㄴ: 안
    driver.wait(3000)
    #expect(!driver.screen().contains("✗"), "\(driver.screen())")
  }
}

@Suite("Lesson explanations")
struct LessonExplanationTests {
  static let pairs = Lesson(
    id: "pairs", stage: .words, title: "받침 두 개", summary: "받침 두 개: 값 = ㅂ + ㅅ",
    texts: ["값", "닭"])

  @Test("a lesson's explanation shows when it starts and on F1 inside it")
  func shown() throws {
    var driver = try PracticeDriver(
      lessons: [Self.pairs], recorder: MemoryRecorder(), start: "pairs")
    #expect(driver.screen(rows: 24, columns: 80).contains("값 = ㅂ + ㅅ"))
    driver.type(["\u{1b}OP"], gap: 100)  // F1
    #expect(driver.screen(rows: 24, columns: 80).contains("값 = ㅂ + ㅅ"))
  }
}

@Suite("Corrections say why")
struct CorrectionTests {
  @Test("a wrong item handed in with ⏎ shows the keys that type it before moving on")
  func rightKeysShown() throws {
    var driver = try PracticeDriver(
      lessons: [PracticeControllerTests.vowels], recorder: MemoryRecorder(), start: "vowels")
    driver.type(numpadKeys(forPhoneDigits: "4") + [keypad("enter")], gap: 100)  // ㄱ for 아
    #expect(driver.screen().contains("이렇게 쳐요: ㅇㅁ ㅣ ㆍ"), "\(driver.screen())")
    #expect(driver.screen().contains("1 / "))  // a missed item comes again: the round grows
    driver.wait(4000)
    #expect(driver.screen().contains("2 / "))
  }

  @Test("ㄴ for ㄹ says to press the ㄴㄹ key twice")
  func pressTwice() throws {
    let lesson = Lesson(id: "r", stage: .words, title: "ㄹ", summary: "", texts: ["라"])
    var driver = try PracticeDriver(lessons: [lesson], recorder: MemoryRecorder(), start: "r")
    driver.type(numpadKeys(forPhoneDigits: "512"), gap: 100)  // 나, not 라
    driver.wait(3000)
    #expect(driver.screen().contains("ㄹ은 ㄴㄹ 키를 두 번 눌러요"), "\(driver.screen())")
  }

  @Test("a digit's correction names the key to hold")
  func digitNamesItsKey() {
    #expect(
      UIStrings(.korean).correction(.holdForDigit("9", keyLabel: "ㅈㅊ"))
        .hasPrefix("숫자 9: ㅈㅊ 키를 길게"))
    #expect(
      UIStrings(.english).correction(.holdForDigit("9", keyLabel: "ㅈㅊ"))
        .hasPrefix("For the digit 9, hold the ㅈㅊ key"))
  }

  @Test("the Korean particles follow the word before them")
  func particles() {
    let korean = UIStrings(.korean)
    #expect(korean.correction(.holdForDigit("2", keyLabel: nil)).hasPrefix("숫자 2는"))
    #expect(korean.correction(.holdForDigit("3", keyLabel: nil)).hasPrefix("숫자 3은"))
    #expect(korean.correction(.separateSyllables(consonant: "ㄹ")).contains("ㄹ로 시작"))
    #expect(korean.correction(.separateSyllables(consonant: "ㄱ")).contains("ㄱ으로 시작"))
  }
}

@Suite("The practice menu shows progress")
struct PracticeMenuMarkTests {
  static func schedule(_ id: String, repetitions: Int, lapses: Int = 0) -> ItemSchedule {
    ItemSchedule(
      itemID: id, repetitions: repetitions, dueDay: 20_001, reviews: 1, lapses: lapses,
      lastDay: 20_000)
  }

  @Test("nothing before the first item, a count while partway, stars once every item was done")
  func marks() {
    let lesson = PracticeControllerTests.vowels
    let ids = lesson.items.map(\.id)
    #expect(PracticeController.mark(lesson, schedules: [:]) == nil)
    let two = Dictionary(
      uniqueKeysWithValues: ids.prefix(2).map { ($0, Self.schedule($0, repetitions: 1)) })
    #expect(PracticeController.mark(lesson, schedules: two) == "2/5")
    let all = Dictionary(uniqueKeysWithValues: ids.map { ($0, Self.schedule($0, repetitions: 1)) })
    #expect(PracticeController.mark(lesson, schedules: all) == "★★★")
    var shaky = all
    shaky[ids[0]] = Self.schedule(ids[0], repetitions: 0, lapses: 1)
    #expect(PracticeController.mark(lesson, schedules: shaky) == "★★☆")
    let poor = Dictionary(
      uniqueKeysWithValues: ids.map { ($0, Self.schedule($0, repetitions: 0, lapses: 1)) })
    #expect(PracticeController.mark(lesson, schedules: poor) == "★☆☆")
  }
}
