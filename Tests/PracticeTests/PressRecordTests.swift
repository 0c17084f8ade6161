import HangulEngine
import KoreanNumbers
import Practice
import Testing

@Suite("Jamo and press records")
struct PressRecordTests {
  @Test(
    "a text's jamo in typing order: double finals split, tense consonants kept",
    arguments: [
      ("안녕", "ㅇㅏㄴㄴㅕㅇ"), ("값", "ㄱㅏㅂㅅ"), ("까치", "ㄲㅏㅊㅣ"), ("잘 자요?", "ㅈㅏㄹㅈㅏㅇㅛ"),
      ("ㄱㅏ", "ㄱㅏ"), ("12", ""),
    ])
  func letters(text: String, expected: String) {
    #expect(JamoUnits.letters(of: text).joined() == expected)
  }

  @Test("a jamo's stroke group comes from the engine: ㄹ is ㄴㄹ twice, ㅕ is ㆍㆍㅣ, ㄲ three ㄱ")
  func pressCounts() {
    var strokes = JamoStrokes(layouts: galaxyLayouts)
    #expect(strokes.pressCount(of: "ㄹ") == 2)
    #expect(strokes.pressCount(of: "ㅕ") == 3)
    #expect(strokes.pressCount(of: "ㄲ") == 3)
    #expect(strokes.pressCount(of: "ㅏ") == 2)
    #expect(strokes.pressCount(of: "ㅘ") == 4)
    #expect(strokes.pressCount(of: "ㅇ") == 1)
  }

  @Test("every press of 안녕 is recorded: key, previous key, interval, cue, jamo and jamo times")
  func recordsOfAnItem() throws {
    var learner = Learner()
    try learner.start("안녕")
    try learner.type("ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ")
    let result = try #require(learner.outcomes.last?.result)
    let records = result.pressRecords
    #expect(records.count == 10)
    #expect(
      records.map(\.key.keyID) == [
        "o", "i", "araea", "n", "space", "n", "araea", "araea", "i", "o",
      ])
    #expect(records[0].previousKey == nil)
    #expect(records[0].interval == nil)
    #expect(!records[0].isTimed)  // the time to read a new item is not typing
    #expect(records[1].previousKey == galaxyRef("o"))
    #expect(records.dropFirst().allSatisfy { $0.interval == 500 && $0.isTimed })
    #expect(records.allSatisfy { $0.isRight && $0.isCueShown })  // a new item shows every cue
    #expect(records.map { $0.jamo ?? "-" }.joined() == "ㅇㅏㅏㄴ-ㄴㅕㅕㅕㅇ")
    // ㅏ: two presses of 500 ms after ㅇ; ㅕ: three; the first ㅇ had nothing before it.
    #expect(
      records.map { $0.jamoTime.map(String.init) ?? "-" } == [
        "-", "-", "1000", "500", "-", "500", "-", "-", "1500", "500",
      ])
  }

  @Test("a word's first press is no speed sample: reading the word is not typing")
  func wordStartsNotTimed() throws {
    var learner = Learner()
    try learner.start(PracticeItem(lessonID: "test", text: "안 녕"))
    // ㅇ ㅣ ㆍ ㄴ, the space, then ㄴ (the next word's first letter) after a long read.
    try learner.type("ㅇㅣㆍㄴ__")
    learner.now += 3_000
    try learner.type("ㄴㆍㆍㅣㅇ")
    let records = try #require(learner.outcomes.last?.result).pressRecords
    let second = try #require(
      records.firstIndex { $0.jamo == "ㄴ" && $0.previousKey == galaxyRef("space") })
    #expect(!records[second].isTimed && records[second].jamoTime == nil)
    #expect(records[second].isRight)
    // The letters inside the word are timed as ever, ㄴ at the end of 안 too.
    #expect(records[1].isTimed && records[3].jamoTime == 500)
    #expect(records[(second + 1)...].allSatisfy { $0.isTimed })
    #expect(JamoUnits.wordStarts(in: "안녕 하세요") == [0, 6])
  }

  @Test("a sample made while its key was lit counts half, in the count and in the median")
  func cuedSamplesCountHalf() {
    let rules = SpeedRules()
    // Ten samples lit (copied) are five; four not lit are four.
    #expect(rules.countedSamples(UnitTally(samples: 10, cuedSamples: 10)) == 5)
    #expect(rules.countedSamples(UnitTally(samples: 4)) == 4)
    let copied = UnitObservations(
      tally: UnitTally(presses: 8, samples: 8, cuedSamples: 8),
      recent: Array(repeating: 500, count: 8), recentCued: Array(repeating: true, count: 8))
    #expect(JudgedSpeed(copied, targetTime: 765).confidence == nil)  // four samples' worth
    var mixed = UnitObservations(
      tally: UnitTally(presses: 6, samples: 6, cuedSamples: 3),
      recent: [400, 400, 400, 900, 900, 900], recentCued: [true, true, true, false, false, false])
    // The recalled (unlit) presses weigh twice the copied: the median is theirs.
    #expect(rules.filteredTime(mixed) == 900)
    mixed.recentCued = []
    #expect(rules.filteredTime(mixed) == 650)  // all equal: the plain median
    var book = SpeedBook()
    book.add(
      PressRecord(
        key: galaxyRef("o"), previousKey: galaxyRef("i"), interval: 400, isCueShown: true,
        isRight: true, isTimed: true, jamo: "ㅇ", jamoTime: 400, isJamoCued: true))
    #expect(book.observations[.key(galaxyRef("o"))]?.tally.cuedSamples == 1)
    #expect(book.jamo(layoutID: "cheonjiin-galaxy")["ㅇ"]?.recentCued == [true])
  }

  @Test("an answer asked from memory never lights its keys; ⌫ after a slip still shows")
  func recallHasNoCue() throws {
    var learner = Learner()
    let item = PracticeItem(
      id: "n", prompt: "2", answer: .reading(try KoreanNumber.reading(of: "2")))
    #expect(item.isRecall)
    try learner.start(item)
    #expect(learner.session.cue?.kind == .next)
    #expect(learner.session.cueAppearsAt == nil)
    #expect(!learner.session.isCueVisible(at: learner.now + 60_000))
    try learner.type("ㄱ")  // not 이: off the way
    #expect(learner.session.cue?.kind == .correction)
    #expect(learner.session.isCueVisible(at: learner.now))
  }

  @Test("a slip is recorded as wrong under the jamo it was meant for; that jamo gets no time")
  func slip() throws {
    var learner = Learner()
    try learner.start("아이")
    // ㅇ, then ㆍ instead of ㅣ (ㅇ + ㆍ leads off the way to 아), ⌫, then right.
    try learner.type("ㅇㆍ<ㅣㆍㅇㅣ")
    let result = try #require(learner.outcomes.last?.result)
    let records = result.pressRecords
    #expect(records.map(\.isRight) == [true, false, true, true, true, true, true])
    #expect(records[1].jamo == "ㅏ")
    #expect(records[2].jamo == nil)  // ⌫ was not a planned press
    #expect(!records[3].isTimed)  // right after a correction: not a speed sample
    #expect(records[3].jamo == "ㅏ" && records[4].jamo == "ㅏ")
    #expect(records[4].jamoTime == nil)
    #expect(records[6].jamoTime == 500)  // ㅣ of 이, typed cleanly
  }

  @Test("the filtered time is the median of the latest 15 samples; folded days stand in")
  func filteredTime() {
    let rules = SpeedRules()
    var observations = UnitObservations(recent: [400, 9_000, 500, 600])
    #expect(rules.filteredTime(observations) == 550)  // one long pause moves it little
    observations.foldedDays = [SampleDay(day: 3, samples: 20, median: 2_000)]
    // 4 kept samples, then 11 of the folded day's median: the median is the folded day's.
    #expect(rules.filteredTime(observations) == 2_000)
    #expect(rules.filteredTime(UnitObservations()) == nil)
    #expect(Array<Milliseconds>([3, 1, 2]).median == 2)
  }

  @Test("confidence = target ÷ filtered time, only from 5 samples; 20 글자/분 allows 765 ms a press")
  func confidence() {
    #expect(SpeedTarget.gentle.perPress == 765)
    #expect(SpeedTarget.gentle.time(presses: 3) == 2_295)
    let four = UnitObservations(
      tally: UnitTally(presses: 4, samples: 4), recent: [500, 500, 500, 500])
    #expect(JudgedSpeed(four, targetTime: 765).confidence == nil)
    let five = UnitObservations(
      tally: UnitTally(presses: 10, wrong: 1, blind: 4, samples: 5),
      recent: [510, 510, 510, 510, 510])
    let speed = JudgedSpeed(five, targetTime: 765)
    #expect(speed.confidence == 1.5)
    #expect(speed.isConfident)
    #expect(speed.blindShare == 0.4)
    #expect(speed.errorRate == 0.1)
    #expect(!JudgedSpeed(five, targetTime: 500).isConfident)
  }

  @Test("a book of presses gives each key and jamo its counts and newest samples first")
  func book() throws {
    var learner = Learner()
    try learner.start("안녕")
    try learner.type("ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ")
    var book = SpeedBook()
    book.add(try #require(learner.outcomes.last?.result).pressRecords)
    let araeaKey = try #require(book.observations[.key(galaxyRef("araea"))])
    #expect(araeaKey.tally.presses == 3)
    #expect(araeaKey.recent == [500, 500, 500])
    let jamo = book.jamo(layoutID: "cheonjiin-galaxy")
    #expect(jamo["ㄴ"]?.tally.presses == 2)
    #expect(jamo["ㄴ"]?.recent == [500, 500])
    #expect(jamo["ㅕ"]?.recent == [1_500])
    #expect(jamo["ㅇ"]?.tally.samples == 1)  // the first ㅇ has no time
  }

  @Test("a day folds into one summary per unit: counts and the median sample")
  func folding() throws {
    var learner = Learner()
    try learner.start("안녕")
    try learner.type("ㅇㅣㆍㄴ_ㄴㆍㆍㅣㅇ")
    let records = try #require(learner.outcomes.last?.result).pressRecords
    let summaries = UnitDaySummary.fold(records, day: 20_000)
    let n = try #require(
      summaries.first { $0.unit == .jamo(layoutID: "cheonjiin-galaxy", jamo: "ㄴ") })
    #expect(n.tally.presses == 2 && n.tally.samples == 2 && n.median == 500)
    let space = try #require(summaries.first { $0.unit == .key(galaxyRef("space")) })
    #expect(space.tally.presses == 1 && space.tally.samples == 1)
    let twice = n.merged(
      with: UnitDaySummary(
        unit: n.unit, day: n.day, tally: UnitTally(presses: 2, samples: 2, totalTime: 2_000),
        median: 1_000))
    #expect(twice.tally.presses == 4 && twice.median == 750)
  }
}
