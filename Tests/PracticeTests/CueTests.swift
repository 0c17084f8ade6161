import HangulEngine
import KoreanNumbers
import Testing

@testable import Practice

@Suite("The next key to press")
struct CueTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let id: String
    let target: String
    /// Presses before the cue is read.
    let typed: String
    /// The expected cue in key notation (`<` is ⌫).
    let cue: String
    let kind: Cue.Kind
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(id: "empty text: the first key", target: "안녕", typed: "", cue: "ㅇ", kind: .next),
    Case(
      id: "안 then the next key before 녕 (same key)", target: "안녕", typed: "ㅇㅣㆍㄴ", cue: "_",
      kind: .next),
    Case(id: "학 then the next key before 교", target: "학교", typed: "ㅅㅅㅣㆍㄱ", cue: "_", kind: .next),
    Case(id: "mid-cycle: ㅅ on its way to ㅎ", target: "학교", typed: "ㅅ", cue: "ㅅ", kind: .next),
    Case(id: "a wrong vowel: back", target: "아", typed: "ㅇㆍㅣ", cue: "<", kind: .correction),
    Case(id: "undone back onto the path", target: "아", typed: "ㅇㆍㅣ<<", cue: "ㅣ", kind: .next),
    Case(
      id: "가 closed by the next key cannot become 각: back", target: "각", typed: "ㄱㅣㆍ_",
      cue: "<", kind: .correction),
    Case(
      id: "a cycle wrapped round (ㄱ ㅋ ㄲ ㄱ) is the same state as ㄱ", target: "가",
      typed: "ㄱㄱㄱㄱ", cue: "ㅣ", kind: .next),
    Case(
      id: "another valid path: 가 closed early, then 나", target: "가나", typed: "ㄱㅣㆍ_", cue: "ㄴ",
      kind: .next),
    Case(
      id: "another valid path: 가 closed, 나 composing, then 다", target: "가나다",
      typed: "ㄱㅣㆍ_ㄴㅣㆍ", cue: "ㄷ", kind: .next),
    Case(
      id: "a space after a syllable: two presses", target: "오 안녕", typed: "ㅇㆍㅡ_", cue: "_",
      kind: .next),
    Case(
      id: "a typo after a right syllable: back", target: "감사", typed: "ㄱㅣㆍㅇㅇㅈ", cue: "<",
      kind: .correction),
    Case(id: "held digits: hold the key", target: "27", typed: "", cue: "<hold:2>", kind: .next),
    Case(
      id: "held digits: a tap instead of a hold", target: "27", typed: "ㆍ", cue: "<",
      kind: .correction),
    Case(
      id: "held digits: the second digit", target: "27", typed: "<hold:2>", cue: "<hold:7>",
      kind: .next),
  ]

  @Test(arguments: cases)
  func cue(_ testCase: Case) throws {
    var learner = Learner()
    let answer: Answer =
      testCase.target.allSatisfy(\.isNumber) ? .heldDigits(testCase.target) : .text(testCase.target)
    try learner.start(PracticeItem(id: "t", prompt: testCase.target, answer: answer))
    try learner.type(testCase.typed)
    let cue = try #require(learner.session.cue)
    let expected = try galaxyKey(testCase.cue)
    #expect(cue.layout == 0)
    #expect(cue.key == expected.key)
    #expect(cue.isHold == expected.isHold)
    #expect(cue.kind == testCase.kind)
  }

  @Test("a reading accepts another spacing, and the cue follows the spacing the user chose")
  func readingVariantPath() throws {
    var learner = Learner()
    let item = PracticeItem(
      id: "price", prompt: "15,000원", answer: .reading(KoreanNumber.price(won: 15_000)))
    try learner.start(item)
    try learner.type("ㅇㅇㅣㆍㄴㅇㆍㅡ")  // 만오: the one-word spelling 만오천원
    let cue = try #require(learner.session.cue)
    #expect(cue.kind == .next)
    #expect(cue.key == (try galaxyKey("ㅈ")).key)
    var presses = 0
    while learner.session.phase == .typing && presses < 40 {
      let followed = learner.followCue()
      #expect(followed)
      presses += 1
    }
    let result = try #require(learner.session.results.last)
    #expect(result.typed == "만오천원")
    #expect(result.isCompleted)
    #expect(result.accuracy == 1)
  }

  @Test("the cue is nil once the answer is typed")
  func noCueWhenDone() throws {
    var learner = Learner()
    try learner.start("아")
    try learner.type("ㅇㅣㆍ")
    #expect(learner.session.cue == nil)
    #expect(learner.session.phase == .finished)
  }

  /// The Galaxy layout's keys that type or erase (not ⇄ or Esc), for random presses.
  static let typingKeys = galaxyLayouts[0].keys.indices.filter { index in
    switch galaxyLayouts[0].keys[index].action {
    case .dismiss, .switchLayout: false
    case .vowel, .consonant, .text, .spaceNext, .space, .next, .backspace, .enter: true
    }
  }

  /// From any state reached by random presses, following the cue alone types the target.
  @Test(
    "following the cue always leads to the target",
    arguments: ["안녕하세요", "학교", "괜찮아요", "값", "밥 먹었어요?", "한라산", "27"])
  func cueAlwaysLeadsBack(_ target: String) throws {
    var generator = SeededGenerator(seed: 42)
    let letterKeys = Self.typingKeys
    for round in 0..<40 {
      var learner = Learner()
      let answer: Answer = target.allSatisfy(\.isNumber) ? .heldDigits(target) : .text(target)
      try learner.start(PracticeItem(id: "t", prompt: target, answer: answer))
      let mashes = generator.next(in: 0...12)
      for _ in 0..<mashes where learner.session.phase == .typing {
        let key = letterKeys[generator.next(in: 0...(letterKeys.count - 1))]
        learner.press(KeyPress(layout: 0, key: key, isHold: generator.next(in: 0...5) == 0))
      }
      var steps = 0
      let limit = 3 * (mashes + 40)
      while learner.session.phase == .typing && steps < limit {
        guard learner.followCue() else { break }
        steps += 1
      }
      #expect(
        learner.session.phase == .finished,
        "round \(round): stuck at \"\(learner.engine.text)\" after \(mashes) random presses")
      if let result = learner.session.results.last {
        #expect(result.isCompleted)
      }
    }
  }

  /// A session told where the document changed answers as one that is not.
  ///
  /// Told, it follows the text press by press and finds the learner on the planned keys
  /// without replaying them; what it answers must not change. Two sessions see the same presses, one so and one told nothing and replaying,
  /// through slips, ⌫ and the cues, and agree after each.
  @Test(
    "a session told where the text changed answers as one that looks at all of it",
    arguments: ["안녕하세요 반갑습니다", "밥 먹었어요? 네, 먹었어요.", "값 없는 한라산", "27"])
  func followedTextAnswersTheSame(_ target: String) throws {
    var generator = SeededGenerator(seed: 25)
    let keys = Self.typingKeys
    let answer: Answer = target.allSatisfy(\.isNumber) ? .heldDigits(target) : .text(target)
    let item = PracticeItem(id: "t", prompt: target, answer: answer)
    for round in 0..<30 {
      var told = PracticeSession(layouts: galaxyLayouts, lessonID: "t")
      var untold = PracticeSession(layouts: galaxyLayouts, lessonID: "t")
      untold.tracksPlannedKeys = false  // the cue found by replaying the path
      var engine = try told.start(item, at: 0)
      try untold.start(item, at: 0)
      var time: Milliseconds = 0
      var document: [UInt8] = []
      for step in 0..<400 where told.phase == .typing {
        // Mostly the cue, sometimes any key (a slip), as learners type.
        let press: KeyPress
        if let cue = told.cue, generator.next(in: 0...4) > 0 {
          press = KeyPress(layout: cue.layout, key: cue.key, isHold: cue.isHold)
        } else {
          press = KeyPress(
            layout: engine.layoutIndex, key: keys[generator.next(in: 0...(keys.count - 1))],
            isHold: generator.next(in: 0...6) == 0)
        }
        guard press.layout == engine.layoutIndex else { break }
        _ = press.isHold ? engine.hold(press.key) : engine.tap(press.key)
        time += 300
        let now = engine.buffer.utf8
        let kept = zip(document, now).prefix { $0.0 == $0.1 }.count
        document = now
        let a = told.record(press, engine: engine, at: time, unchangedBelow: kept)
        let b = untold.record(press, engine: engine, at: time)
        let place = "round \(round) step \(step), \"\(engine.text)\""
        #expect(a == b, "\(place)")
        #expect(told.cue == untold.cue, "\(place)")
        #expect(told.cuedJamo == untold.cuedJamo, "\(place)")
        #expect(told.typed == untold.typed, "\(place)")
        #expect(told.marks == untold.marks, "\(place)")
        #expect(told.marks(upTo: 3) == Array(untold.marks.prefix(3)), "\(place)")
      }
      #expect(told.results == untold.results, "round \(round)")
    }
  }
}
