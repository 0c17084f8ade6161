import HangulEngine
import Practice
import Testing

@Suite("Lesson catalog")
struct CatalogTests {
  @Test("every shipped item is typeable on the Galaxy layouts")
  func typeable() {
    #expect(LessonCatalog.validate(LessonCatalog.standard(), layouts: galaxyLayouts) == [])
  }

  @Test("lesson and item ids are unique and stable")
  func uniqueIDs() {
    let lessons = LessonCatalog.standard()
    #expect(Set(lessons.map(\.id)).count == lessons.count)
    let items = lessons.flatMap(\.items)
    #expect(Set(items.map(\.id)).count == items.count)
    for lesson in lessons {
      for item in lesson.items { #expect(item.id.hasPrefix(lesson.id + ":"), "\(item.id)") }
      let isASCII = lesson.id.unicodeScalars.allSatisfy(\.isASCII)
      #expect(isASCII, "\(lesson.id)")
    }
    #expect(lessons.first?.items.first?.id == "vowels-1:이")
  }

  @Test("the lessons follow the ladder: 모음, 자음, 받침, 겹받침, 낱말, 짧은 글, 숫자")
  func ladder() {
    var stages: [LessonStage] = []
    for lesson in LessonCatalog.standard() where stages.last != lesson.stage {
      stages.append(lesson.stage)
    }
    #expect(stages == LessonStage.allCases)
    #expect(LessonStage.allCases.map(\.title) == ["모음", "자음", "받침", "겹받침", "낱말", "짧은 글", "숫자"])
  }

  @Test(
    "the ladder's example words are in it",
    arguments: [
      "아", "어", "야", "얘", "왜", "가 카 까", "학교", "안녕", "한라산", "값", "읽다", "괜찮아요",
    ])
  func examples(_ text: String) {
    let targets = LessonCatalog.standard().flatMap(\.items).map(\.target)
    #expect(targets.contains(text))
  }

  @Test("vowel lessons are typed as syllables with ㅇ and stay within their vowels")
  func vowelLessons() {
    let lessons = LessonCatalog.standard().filter { $0.stage == .vowels }
    #expect(lessons.count == 5)
    #expect(lessons[1].items.prefix(4).map(\.target) == ["아", "어", "오", "우"])
  }

  @Test("a messages file replaces the built-in messages")
  func messagesFromFile() {
    let lessons = LessonCatalog.standard(messages: "[건강]\n약 드셨어요?\n")
    let messages = lessons.filter { $0.stage == .messages }
    #expect(messages.map(\.id) == ["messages-health"])
    #expect(messages.first?.items.map(\.target) == ["약 드셨어요?"])
    let builtIn = LessonCatalog.standard(messages: "# only comments\n").filter {
      $0.stage == .messages
    }
    #expect(builtIn.count == 5)
  }

  @Test("an untypeable item is reported with its lesson and a fix")
  func untypeableReported() {
    let lesson = Lesson(id: "x", stage: .words, title: "X", summary: "", texts: ["가😀"])
    let problems = LessonCatalog.validate([lesson], layouts: galaxyLayouts)
    #expect(problems.count == 1)
    #expect(problems.first?.description.hasPrefix("lesson x, item x:가😀:") == true)
  }
}

@Suite("Messages file")
struct MessageFileTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let id: String
    let text: String
    /// `lesson id: message|message` per lesson.
    let lessons: [String]
    let problemLines: [Int]
    var testDescription: String { id }
  }

  static let cases: [Case] = [
    Case(
      id: "headings group messages", text: "# comment\n[인사]\n안녕하세요\n\n[가족]\n보고 싶어요\n",
      lessons: ["messages-greetings: 안녕하세요", "messages-family: 보고 싶어요"], problemLines: []),
    Case(
      id: "group<TAB>message lines", text: "건강\t약 먹었어요\nmoney\t돈 보냈어요\n건강\t푹 쉬세요",
      lessons: ["messages-health: 약 먹었어요|푹 쉬세요", "messages-money: 돈 보냈어요"], problemLines: []),
    Case(
      id: "messages before any heading are everyday messages", text: "좋은 하루\n[기타]\n네\n",
      lessons: ["messages-everyday: 좋은 하루", "messages-other: 네"],
      problemLines: []),
    Case(
      id: "an unknown group keeps its name", text: "[명절]\n새해 복 많이 받으세요\n",
      lessons: ["messages-명절: 새해 복 많이 받으세요"], problemLines: []),
    Case(
      id: "duplicates once, CRLF tolerated", text: "[인사]\r\n안녕\r\n안녕\r\n",
      lessons: ["messages-greetings: 안녕"], problemLines: []),
    Case(
      id: "an empty message and an overlong one are reported",
      text: "[인사]\n인사\t\n" + String(repeating: "가", count: 41) + "\n고마워요\n",
      lessons: ["messages-greetings: 고마워요"], problemLines: [2, 3]),
    Case(
      id: "an empty heading is reported", text: "[ ]\n네\n", lessons: ["messages-everyday: 네"],
      problemLines: [1]),
  ]

  @Test(arguments: cases)
  func parse(_ testCase: Case) {
    let parsed = MessageFile.parse(testCase.text)
    let lessons = parsed.lessons.map { lesson in
      "\(lesson.id): " + lesson.items.map(\.target).joined(separator: "|")
    }
    #expect(lessons == testCase.lessons)
    let lines = parsed.problems.compactMap { problem -> Int? in
      if case .badLine(_, let line, _, _) = problem { return line }
      return nil
    }
    #expect(lines == testCase.problemLines)
  }

  @Test("lesson titles: the stage and the group, numbered only when there are several")
  func titles() {
    #expect(MessageFile.parse("[인사]\n안녕\n").lessons.map(\.title) == ["짧은 글: 인사"])
    #expect(
      MessageFile.parse("[인사]\n안녕\n[health]\n약 먹었어요\n").lessons.map(\.title) == [
        "짧은 글 1: 인사", "짧은 글 2: 건강",
      ])
  }

  @Test("problems name the file and line and say what to write")
  func problemText() {
    let parsed = MessageFile.parse("인사\t\n", file: "Lexicon/practice-messages-ko.txt")
    #expect(
      parsed.problems.map(\.description) == [
        "Lexicon/practice-messages-ko.txt:1: \"인사\": no message after the tab; "
          + "write group<TAB>message"
      ])
  }

  @Test("the project's messages file parses and is typeable")
  func shippedFile() throws {
    let path = repositoryRoot + "/Lexicon/practice-messages-ko.txt"
    // The practice screen's short messages come from this file (`make install` ships it).
    let text = try #require(readTextFile(path), "\(path) is missing or unreadable")
    let parsed = MessageFile.parse(text, file: "Lexicon/practice-messages-ko.txt")
    #expect(parsed.problems == [])
    #expect(!parsed.lessons.isEmpty)
    #expect(LessonCatalog.validate(parsed.lessons, layouts: galaxyLayouts) == [])
  }
}
