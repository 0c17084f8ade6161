import HangulEngine

/// The lessons along the lesson ladder, in teaching order.
///
/// Everything is built in except the everyday messages, which come from
/// `Lexicon/practice-messages-ko.txt` when the caller passes its text (the module reads no
/// files), and a small built-in list otherwise.
public enum LessonCatalog {
  /// The standard lessons.
  ///
  /// - Parameters:
  ///   - messages: The text of `Lexicon/practice-messages-ko.txt`, or `nil` to use the
  ///     built-in messages. Parse problems are not reported here; call
  ///     ``MessageFile/parse(_:file:)`` to show them.
  ///   - numberSeed: Seed for the number drills (e.g. today's day number for fresh numbers
  ///     each day; item ids stay stable per number, so history is kept).
  ///   - numberItems: Items per number lesson.
  ///   - numberRange: The numbers the number drills draw (`--from`/`--to`), or `nil`.
  public static func standard(
    messages: String? = nil, numberSeed: UInt64 = 1, numberItems: Int = 10,
    numberRange: ClosedRange<Int>? = nil
  ) -> [Lesson] {
    var lessons = vowelLessons + consonantLessons + finalLessons + wordLessons
    let parsed = messages.map { MessageFile.parse($0).lessons } ?? []
    lessons += parsed.isEmpty ? builtInMessageLessons : parsed
    lessons += NumberDrillKind.allCases.map {
      NumberDrill.lesson($0, count: numberItems, seed: numberSeed, range: numberRange)
    }
    return lessons
  }

  /// The lesson with this id in `lessons`.
  public static func lesson(_ id: String, in lessons: [Lesson]) -> Lesson? {
    lessons.first { $0.id == id }
  }

  /// Every item that the layouts cannot type, as problems naming the lesson and item.
  ///
  /// Shipped lessons are checked by the tests; the caller checks a messages file with it.
  public static func validate(_ lessons: [Lesson], layouts: [Layout]) -> [LessonProblem] {
    var problems: [LessonProblem] = []
    guard !layouts.isEmpty else {
      return lessons.flatMap { lesson in
        lesson.items.map {
          LessonProblem.untypeable(
            lesson: lesson.id, item: $0.id, text: $0.target, reason: "no layouts loaded")
        }
      }
    }
    let speller = Speller(layouts: layouts)
    for lesson in lessons {
      for item in lesson.items {
        for spelling in item.answer.spellings {
          do {
            _ = try speller.spell(spelling)
          } catch {
            problems.append(
              .untypeable(
                lesson: lesson.id, item: item.id, text: spelling, reason: error.description)
            )
          }
        }
      }
    }
    return problems
  }

  // MARK: - Content

  static let vowelLessons: [Lesson] = [
    Lesson(
      id: "vowels-1", stage: .vowels, title: "모음 1: ㅣ ㆍ ㅡ",
      summary: "세 모음 키 ㅣ ㆍ ㅡ의 자리를 익혀요.",
      texts: ["이", "으", "ㆍ", "이으", "으이", "이 으", "ㅣㆍㅡ"]),
    Lesson(
      id: "vowels-2", stage: .vowels, title: "모음 2: ㅏ ㅓ ㅗ ㅜ",
      summary: "두 번 눌러 만드는 모음이에요. ㅏ는 ㅣㆍ, ㅓ는 ㆍㅣ.",
      texts: ["아", "어", "오", "우", "아이", "오이", "우아", "아우", "어이", "오우"]),
    Lesson(
      id: "vowels-3", stage: .vowels, title: "모음 3: ㅑ ㅕ ㅛ ㅠ",
      summary: "ㆍ를 두 번 눌러 만드는 모음이에요.",
      texts: ["야", "여", "요", "유", "여유", "우유", "여우", "아야", "요요", "이유"]),
    Lesson(
      id: "vowels-4", stage: .vowels, title: "모음 4: ㅐ ㅔ ㅒ ㅖ",
      summary: "ㅏ ㅓ ㅑ ㅕ 뒤에 ㅣ를 더해요.",
      texts: ["애", "에", "얘", "예", "아에", "예요", "얘야", "에이", "애이"]),
    Lesson(
      id: "vowels-5", stage: .vowels, title: "모음 5: ㅚ ㅟ ㅢ ㅘ ㅝ ㅙ ㅞ",
      summary: "겹모음이에요. ㅗ ㅜ ㅡ에 ㅣ와 ㆍ를 더해요.",
      texts: ["외", "위", "의", "와", "워", "왜", "웨", "외워", "의외", "와요", "왜요", "우의"]),
  ]

  static let consonantLessons: [Lesson] = [
    Lesson(
      id: "consonants-1", stage: .consonants, title: "자음 1: ㄱ ㄴ ㄷ ㅂ ㅅ ㅈ ㅇ",
      summary: "자음 키를 한 번 눌러요.",
      texts: ["가", "나", "다", "바", "사", "자", "고기", "나비", "바다", "두부", "소주", "아기"]),
    Lesson(
      id: "consonants-2", stage: .consonants, title: "자음 2: ㅋ ㄹ ㅌ ㅍ ㅎ ㅊ ㅁ",
      summary: "같은 키를 두 번 누르면 다음 글자가 나와요.",
      texts: ["카", "라", "타", "파", "하", "차", "마", "커피", "하루", "머리", "치마", "포도", "토마토"]),
    Lesson(
      id: "consonants-3", stage: .consonants, title: "자음 3: ㄲ ㄸ ㅃ ㅆ ㅉ",
      summary: "세 번 누르면 된소리가 나와요.",
      texts: ["까", "따", "빠", "싸", "짜", "아까", "오빠", "또", "가짜", "아저씨", "꼬마"]),
    Lesson(
      id: "consonants-4", stage: .consonants, title: "자음 4: 한 키의 글자 돌려 보기",
      summary: "가 카 까, 나 라처럼 한 키 안에서 글자가 돌아가요.",
      texts: ["가 카 까", "나 라", "다 타 따", "바 파 빠", "사 하 싸", "자 차 짜", "아 마"]),
  ]

  static let finalLessons: [Lesson] = [
    Lesson(
      id: "finals-1", stage: .finals, title: "받침 1: 한 글자 받침",
      summary: "모음 다음에 자음을 누르면 받침이 돼요.",
      texts: ["국", "안", "말", "밥", "집", "산", "물", "강", "책", "돈", "꽃", "밤"]),
    Lesson(
      id: "finals-2", stage: .finals, title: "받침 2: 받침과 다음 키",
      summary: "받침과 다음 글자가 같은 키면 → 키로 끊어 줘요. 학교, 안녕.",
      texts: ["학교", "안녕", "한라산", "국가", "건너편", "엄마", "집밥", "낮잠", "옷소매", "약국"]),
    Lesson(
      id: "finals-3", stage: .finals, title: "받침 3: 받침이 다음 글자로",
      summary: "받침 다음에 모음을 누르면 받침이 다음 글자로 넘어가요.",
      texts: ["가방", "사람", "음악", "한국", "연필", "신문", "전화", "병원", "시장", "은행"]),
    Lesson(
      id: "doubleFinals-1", stage: .doubleFinals, title: "겹받침",
      summary: "받침 두 개: 값 = ㅂ + ㅅ, 않 = ㄴ + ㅎ.",
      texts: [
        "값", "닭", "삶", "읽다", "앉다", "많이", "없어요", "넓다", "밝다", "젊어요", "않아요", "괜찮아요",
      ]),
  ]

  static let wordLessons: [Lesson] = [
    Lesson(
      id: "words-family", stage: .words, title: "낱말 1: 가족",
      summary: "가족을 부르는 말이에요.",
      texts: [
        "엄마", "아빠", "할머니", "할아버지", "아들", "딸", "손주", "며느리", "사위", "언니", "동생", "가족",
      ]),
    Lesson(
      id: "words-daily", stage: .words, title: "낱말 2: 생활",
      summary: "날마다 쓰는 말이에요.",
      texts: [
        "오늘", "내일", "어제", "아침", "점심", "저녁", "주말", "날씨", "생일", "전화", "문자", "사진",
      ]),
    Lesson(
      id: "words-places", stage: .words, title: "낱말 3: 장소와 일",
      summary: "자주 가는 곳과 하는 일이에요.",
      texts: ["병원", "약국", "은행", "시장", "교회", "경로당", "버스", "택시", "약속", "건강", "운동", "산책"]),
  ]

  static let builtInMessageLessons: [Lesson] = [
    Lesson(
      id: "messages-greetings", stage: .messages, title: "짧은 글 1: 인사",
      summary: "인사를 주고받아요.",
      texts: ["안녕하세요", "감사합니다", "잘 지내요?", "좋은 아침이에요", "고마워요", "잘 자요"]),
    Lesson(
      id: "messages-family", stage: .messages, title: "짧은 글 2: 가족",
      summary: "가족에게 보내는 말이에요.",
      texts: ["보고 싶어요", "사랑해요", "밥 먹었어요?", "손주 잘 있니?", "주말에 와요", "조심히 와"]),
    Lesson(
      id: "messages-health", stage: .messages, title: "짧은 글 3: 건강",
      summary: "건강을 묻고 답해요.",
      texts: ["건강하세요", "약 먹었어요", "병원 다녀왔어요", "아프지 마세요", "괜찮아요", "푹 쉬세요"]),
    Lesson(
      id: "messages-appointments", stage: .messages, title: "짧은 글 4: 약속",
      summary: "만날 약속을 정해요.",
      texts: ["내일 만나요", "몇 시에 와요?", "조금 늦어요", "도착했어요", "지금 가요", "집에 왔어요"]),
    Lesson(
      id: "messages-money", stage: .messages, title: "짧은 글 5: 돈",
      summary: "돈 이야기를 해요.",
      texts: ["돈 보냈어요", "얼마예요?", "계좌 알려 주세요", "잘 받았어요", "용돈 고마워요"]),
  ]
}

/// Something wrong with lesson content, saying what to do about it.
public enum LessonProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// The layouts cannot type an accepted spelling of an item.
  case untypeable(lesson: String, item: String, text: String, reason: String)
  /// A line of a messages file could not be used.
  case badLine(file: String, line: Int, text: String, reason: String)

  public var description: String {
    switch self {
    case .untypeable(let lesson, let item, let text, let reason):
      "lesson \(lesson), item \(item): \"\(text)\" cannot be typed (\(reason)); "
        + "rewrite it with Hangul, spaces and .,?! only"
    case .badLine(let file, let line, let text, let reason):
      "\(file):\(line): \"\(text)\": \(reason)"
    }
  }
}
