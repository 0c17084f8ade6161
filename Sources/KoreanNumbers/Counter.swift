/// The two Korean number systems.
public enum NumberSystem: Sendable, Hashable, CaseIterable {
  /// 하나, 둘, 셋 … (before a counter: 한, 두, 세 …).
  case native
  /// 일, 이, 삼 …
  case sino
}

/// A counter (단위 명사) and the number system it takes.
///
/// The raw value is an ASCII name for the command line (`--counter minutes`); ``word`` is the
/// Korean word. Two words have two meanings: 분 is ``minutes`` (Sino: `삼 분`) or
/// ``honoredPeople`` (native: `세 분`), and 번 is ``times`` (native: `세 번`) or ``number``
/// (Sino: `삼 번 버스`). ``init(word:)`` picks ``minutes`` and ``times``.
public enum Counter: String, Sendable, Hashable, CaseIterable {
  // MARK: Native
  /// 개: things.
  case items
  /// 명: people.
  case people
  /// 사람: people.
  case persons
  /// 분: people, honorific (`두 분`).
  case honoredPeople
  /// 살: years of age.
  case age
  /// 시: o'clock (`세 시`, 24-hour `열일곱 시`).
  case oclock
  /// 시간: hours of duration.
  case hours
  /// 마리: animals.
  case animals
  /// 번: times (`세 번`).
  case times
  /// 잔: cups and glasses.
  case cups
  /// 병: bottles.
  case bottles
  /// 권: books.
  case volumes
  /// 장: sheets.
  case sheets
  /// 대: vehicles and machines.
  case vehicles
  /// 벌: suits of clothes.
  case outfits
  /// 켤레: pairs of shoes or socks.
  case pairs
  /// 달: months of duration (`세 달`).
  case months
  /// 번째: order (`첫 번째`, `두 번째`, `스무 번째`); 1 is `첫`, never `한`.
  case ordinal

  // MARK: Sino
  /// 원: won.
  case won
  /// 분: minutes (`삼 분`).
  case minutes
  /// 초: seconds.
  case seconds
  /// 년: years.
  case years
  /// 월: a month of the year; 6월 is `유월` and 10월 `시월` (제52항).
  case calendarMonth
  /// 일: days, and the day of the month.
  case days
  /// 층: floors.
  case floors
  /// 호: room and flat numbers.
  case roomNumber
  /// 번: a number in a sequence (`삼 번 버스`).
  case number
  /// 회: rounds and episodes.
  case rounds
  /// 세: years of age, formal.
  case formalAge
  /// 인분: servings.
  case servings
  /// 도: degrees.
  case degrees
  /// 퍼센트: percent.
  case percent
  /// 킬로그램: kilograms.
  case kilograms
  /// 미터: metres.
  case meters
  /// 개월: months of duration (`삼 개월`).
  case monthCount
  /// 주: weeks (`삼 주`; `세 주` is said too).
  case weeks
  /// 학년: a school year (`삼 학년`).
  case schoolYear
  /// 등: a place in a ranking (`일 등`).
  case rank
  /// 점: points, a score (`구십 점`).
  case points

  /// Looks a counter up by its Korean word: `"개"` → ``items``.
  ///
  /// 분 gives ``minutes`` and 번 gives ``times``; `분(사람)` gives ``honoredPeople`` and
  /// `번(번호)` ``number``. The signs written after digits are counters too: `%` is
  /// ``percent`` and `kg` ``kilograms``. Returns `nil` for a word that is not a counter here.
  public init?(word: String) {
    switch word {
    case "분": self = .minutes  // people only when asked for: .honoredPeople
    case "번": self = .times
    case "분(사람)": self = .honoredPeople
    case "번(번호)": self = .number
    case "%", "％": self = .percent
    case "kg", "㎏", "KG": self = .kilograms
    default:
      guard let counter = Counter.allCases.first(where: { $0.word == word }) else { return nil }
      self = counter
    }
  }

  /// The Korean word: `개`, `원`, `분`.
  public var word: String {
    switch self {
    case .items: "개"
    case .people: "명"
    case .persons: "사람"
    case .honoredPeople: "분"
    case .age: "살"
    case .oclock: "시"
    case .hours: "시간"
    case .animals: "마리"
    case .times: "번"
    case .cups: "잔"
    case .bottles: "병"
    case .volumes: "권"
    case .sheets: "장"
    case .vehicles: "대"
    case .outfits: "벌"
    case .pairs: "켤레"
    case .months: "달"
    case .won: "원"
    case .minutes: "분"
    case .seconds: "초"
    case .years: "년"
    case .calendarMonth: "월"
    case .days: "일"
    case .floors: "층"
    case .roomNumber: "호"
    case .number: "번"
    case .rounds: "회"
    case .formalAge: "세"
    case .servings: "인분"
    case .degrees: "도"
    case .percent: "퍼센트"
    case .kilograms: "킬로그램"
    case .meters: "미터"
    case .ordinal: "번째"
    case .monthCount: "개월"
    case .weeks: "주"
    case .schoolYear: "학년"
    case .rank: "등"
    case .points: "점"
    }
  }

  /// Shorter words said for the same unit, accepted as well: `오십 프로`, `삼 킬로`.
  var spokenWords: [String] {
    switch self {
    case .percent: ["프로"]
    case .kilograms: ["킬로"]
    case .items, .people, .persons, .honoredPeople, .age, .oclock, .hours, .animals, .times,
      .cups, .bottles, .volumes, .sheets, .vehicles, .outfits, .pairs, .months, .ordinal, .won,
      .minutes, .seconds, .years, .calendarMonth, .days, .floors, .roomNumber, .number, .rounds,
      .formalAge, .servings, .degrees, .meters, .monthCount, .weeks, .schoolYear, .rank,
      .points:
      []
    }
  }

  /// The number system the counter takes: native (한 개, 두 시) or Sino-Korean (삼 층, 오 분).
  public var system: NumberSystem {
    switch self {
    case .items, .people, .persons, .honoredPeople, .age, .oclock, .hours, .animals, .times,
      .cups, .bottles, .volumes, .sheets, .vehicles, .outfits, .pairs, .months, .ordinal:
      .native
    case .won, .minutes, .seconds, .years, .calendarMonth, .days, .floors, .roomNumber,
      .number, .rounds, .formalAge, .servings, .degrees, .percent, .kilograms, .meters,
      .monthCount, .weeks, .schoolYear, .rank, .points:
      .sino
    }
  }

  /// Whether the counter may also be attached to a number written in Hangul.
  ///
  /// 한글 맞춤법 제43항 lets a counter that shows order be attached (`두시 삼십분 오초`,
  /// `이천이십오년 유월 십일`, `삼층`); the others are always spaced (`한 개`, `열 살`).
  /// Amounts of money are a separate custom; see ``reading(_:)``.
  public var mayAttach: Bool {
    switch self {
    case .oclock, .minutes, .seconds, .years, .calendarMonth, .days, .floors, .roomNumber,
      .number, .rounds, .ordinal, .schoolYear, .rank:
      true
    case .items, .people, .persons, .honoredPeople, .age, .hours, .animals, .times, .cups,
      .bottles, .volumes, .sheets, .vehicles, .outfits, .pairs, .months, .won, .formalAge,
      .servings, .degrees, .percent, .kilograms, .meters, .monthCount, .weeks, .points:
      false
    }
  }

  /// Reads `count` of this counter, spaced from the number: `세 개`, `스무 살`, `만 원`.
  ///
  /// - Native counters take the determiner form (`한 개`, `스무 살`, `스물한 살`; `첫 번째`);
  ///   from 100 on, Sino hundreds with a native remainder (`백한 살`, `백쉰 개`), and a
  ///   multiple of 100 stays Sino (`백 개`); the number read all in Sino is said as much and
  ///   accepted too (`백오십 개`). Zero is `영`. For ``oclock`` from 13 on, Sino is also
  ///   accepted (`열일곱 시`, `십칠 시`).
  /// - Sino counters take ``KoreanNumber/sino(_:style:)``: `삼 분`, `만 원`; weeks below 100
  ///   are said in native numbers too (`세 주`).
  /// - Shorter spoken words are accepted where people use them (`오십 프로`, `삼 킬로`).
  /// - Months of the year 1…12 are single words: `일월` … `유월` … `시월` … `십이월`.
  /// - Variants: `일만` for `만`; the counter attached where ``mayAttach`` allows (`세시`);
  ///   for ``won``, the amount written as one word, as on price tags and checks (`만오천원`,
  ///   `일만오천원`), a custom noted in the 제44항 commentary.
  public func reading(_ count: UInt64) -> Reading {
    if self == .calendarMonth, let name = Counter.monthName(count) {
      return Reading(text: name)
    }
    switch system {
    case .native:
      var numbers = [
        KoreanNumber.nativeCount(count, ilRule: .dropped),
        KoreanNumber.nativeCount(count, ilRule: .keptBeforeMan),
      ]
      if self == .ordinal && count == 1 { numbers = ["첫"] }
      if self == .oclock && count >= 13 { numbers.append(KoreanNumber.sino(count)) }
      if count >= 100 && self != .oclock {
        numbers += [KoreanNumber.sino(count), KoreanNumber.sino(count, style: .ilMan)]
      }
      return counted(numbers)
    case .sino:
      var numbers = [KoreanNumber.sino(count), KoreanNumber.sino(count, style: .ilMan)]
      if self == .weeks, let native = NativeNumber(count) { numbers.append(native.determiner) }
      let reading = counted(numbers)
      guard self == .won else { return reading }
      var oneWord: [String] = []
      for style in [SinoStyle.unspaced, .financial] {
        let number = KoreanNumber.sino(count, style: style)
        oneWord += [number + word, number + " " + word]
      }
      return Reading(text: reading.text, alternatives: reading.variants + oneWord)
    }
  }

  /// Reads a signed or decimal amount with this Sino counter: `-5` 도 → `영하 오 도`.
  ///
  /// A whole, non-negative amount reads as ``reading(_:)``. Below zero, ``degrees`` prefers
  /// `영하` and also accepts `마이너스`. Callers check that native counters get whole numbers;
  /// if one does not, the number is read in Sino rather than dropped.
  func reading(_ amount: WrittenNumber, style: SinoStyle = .standard) -> Reading {
    let isCount = amount.isWhole && !amount.isNegative
    let isMonthName = self == .calendarMonth && Counter.monthName(amount.whole) != nil
    if isCount && (style == .standard || isMonthName) {
      return reading(amount.whole)
    }
    var numbers = amount.reading(style: style).variants
    if self == .degrees && amount.isNegative {
      let magnitude = WrittenNumber(amount.whole, fractionDigits: amount.fractionDigits)
      numbers = magnitude.reading(style: style).variants.map { "영하 " + $0 } + numbers
    }
    if self == .won && !style.isSpaced {
      return Reading(
        spellings: numbers.flatMap { [$0 + word, $0 + " " + word] }) ?? Reading(text: word)
    }
    return counted(numbers)
  }

  /// The number spellings followed by this counter (and its ``spokenWords``): spaced, and
  /// attached where allowed.
  private func counted(_ numbers: [String]) -> Reading {
    var spellings: [String] = []
    for unit in [word] + spokenWords {
      spellings += numbers.map { $0 + " " + unit }
      if mayAttach { spellings += numbers.map { $0 + unit } }
    }
    return Reading(spellings: spellings) ?? Reading(text: word)
  }

  /// The month name for 1…12, with 유월 and 시월 (한글 맞춤법 제52항); `nil` otherwise.
  static func monthName(_ month: UInt64) -> String? {
    switch month {
    case 6: "유월"
    case 10: "시월"
    case 1...12: KoreanNumber.sino(month) + "월"
    default: nil
    }
  }
}

extension KoreanNumber {
  /// The number before a native counter: `한`, `스무`, `스물한`, `백한`, `백`, `만 다섯`.
  ///
  /// Up to 99 it is the native determiner; above, Sino for all but the last two digits, which
  /// are native unless both are 0 (`백 개`). Zero is `영`.
  static func nativeCount(_ value: UInt64, ilRule: SinoStyle.IlRule) -> String {
    let remainder = value % 100
    guard let native = NativeNumber(remainder) else {
      return sino(value, style: SinoStyle(ilRule: ilRule))
    }
    let low = value % 10_000
    var groups = sinoGroups(of: value - low, ilRule: ilRule)
    groups.append(sinoWithinGroup(low - remainder, keepsIl: false) + native.determiner)
    return groups.joined(separator: " ")
  }
}
