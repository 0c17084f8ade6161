import KoreanNumbers

/// The rungs of the lesson ladder, in teaching order: the keys, then syllables, words,
/// messages and numbers.
public enum LessonStage: String, Sendable, Hashable, CaseIterable {
  /// 자리 연습: the vowel strokes ㅣ ㆍ ㅡ and the vowels built from them.
  case vowels
  /// 자리 연습: the consonant keys and their cycles.
  case consonants
  /// 받침 and the next key (학교, 안녕).
  case finals
  /// 겹받침 (값, 읽다, 괜찮아요).
  case doubleFinals
  /// 낱말: common words.
  case words
  /// 짧은 글: everyday messages.
  case messages
  /// 숫자: number drills.
  case numbers

  /// The Korean name shown in the lesson menu.
  public var title: String {
    switch self {
    case .vowels: "모음"
    case .consonants: "자음"
    case .finals: "받침"
    case .doubleFinals: "겹받침"
    case .words: "낱말"
    case .messages: "짧은 글"
    case .numbers: "숫자"
    }
  }
}

/// What counts as typing an item correctly.
public enum Answer: Sendable, Hashable {
  /// Exactly this text.
  case text(String)
  /// Any spelling the reading accepts (``Reading/accepts(_:)``): every spacing the rules allow.
  case reading(Reading)
  /// Digits typed by holding keys (the number-on-hold); exactly these characters.
  case heldDigits(String)

  /// The spelling that cues and the minimum stroke count follow.
  public var preferred: String {
    switch self {
    case .text(let text), .heldDigits(let text): text
    case .reading(let reading): reading.text
    }
  }

  /// Every accepted spelling, preferred first.
  public var spellings: [String] {
    switch self {
    case .text(let text), .heldDigits(let text): [text]
    case .reading(let reading): reading.variants
    }
  }

  /// Whether `typed` (the whole text in the input method) is a correct answer.
  public func accepts(_ typed: String) -> Bool {
    switch self {
    case .text(let text), .heldDigits(let text): typed == text
    case .reading(let reading): reading.accepts(typed)
    }
  }
}

/// One thing to type: a target text, with what the screen shows above it.
public struct PracticeItem: Sendable, Hashable, Identifiable {
  /// The item's stable key for progress: `lessonID:target`.
  ///
  /// For example `vowels-2:아` or `numbers-price:15,000원`; it stays the same as long as the
  /// lesson id and the target (or prompt) do not change.
  public var id: String
  /// What the screen shows in large type.
  ///
  /// For most items the target itself; for number drills the question (`15,000원`, or
  /// `이십칠` when the digits are to be typed).
  public var prompt: String
  /// What counts as correct.
  public var answer: Answer
  /// A short Korean hint under the prompt (`읽는 대로 한글로 쳐 보세요`); may be empty.
  public var hint: String

  public init(id: String, prompt: String, answer: Answer, hint: String = "") {
    self.id = id
    self.prompt = prompt
    self.answer = answer
    self.hint = hint
  }

  /// An item whose prompt is the text to type.
  public init(lessonID: String, text: String) {
    self.init(id: "\(lessonID):\(text)", prompt: text, answer: .text(text))
  }

  /// The preferred target text.
  public var target: String { answer.preferred }

  /// The answer is asked from memory (a number drill: `79` to be typed as `칠십구`): it is not
  /// on the screen, and the pad never lights its keys, until the item is handed in.
  public var isRecall: Bool { prompt != target }
}

/// A lesson: a titled list of items on one rung of the ladder.
public struct Lesson: Sendable, Hashable, Identifiable {
  /// Stable ASCII id: `vowels-1`, `finals-2`, `messages-health`, `numbers-price`.
  public var id: String
  public var stage: LessonStage
  /// Korean title for the menu: `모음 1: ㅣ ㆍ ㅡ`.
  public var title: String
  /// One Korean sentence saying what the lesson practises.
  public var summary: String
  public var items: [PracticeItem]

  public init(
    id: String, stage: LessonStage, title: String, summary: String, items: [PracticeItem]
  ) {
    self.id = id
    self.stage = stage
    self.title = title
    self.summary = summary
    self.items = items
  }

  /// A lesson whose items are plain texts, with ids `id:text`.
  public init(id: String, stage: LessonStage, title: String, summary: String, texts: [String]) {
    self.init(
      id: id, stage: stage, title: title, summary: summary,
      items: texts.map { PracticeItem(lessonID: id, text: $0) })
  }
}
