import HangulEngine
import KoreanNumbers
import Practice
import TerminalUI

// MARK: - cheonjiin number

extension UIStrings {
  /// What is wrong with number input, and what to write instead.
  public func numberError(_ error: NumberInputError) -> String {
    switch error {
    case .empty:
      pick(
        "숫자가 없어요. 15000, 15,000, -5, 3.14처럼 숫자를 하나 써 주세요.",
        "no number given; write one, such as 15000, 15,000, -5 or 3.14")
    case .notANumber(let text):
      pick(
        "숫자로 읽을 수 없어요: \"\(text)\". 15000, 15,000, -5, 3.14 같은 숫자나 3:45 같은 "
          + "시각, 15000원이나 2025년 6월 10일처럼 단위가 붙은 숫자를 써 주세요.",
        "\"\(text)\" is not a number; write digits such as 15000, 15,000, -5 or 3.14, "
          + "a time such as 3:45, or numbers with counters such as 15000원 or 2025년 6월 10일")
    case .misplacedComma(let text):
      pick(
        "쉼표 자리가 맞지 않아요: \"\(text)\". 쉼표는 세 자리마다 찍어요. "
          + "15,000이나 15000으로 써 주세요.",
        "\"\(text)\" has a comma in the wrong place; commas go between groups of three "
          + "digits: write 15,000 or 15000")
    case .tooLarge(let text):
      pick(
        "너무 큰 수예요: \"\(text)\". 읽을 수 있는 수는 \(NumberInputError.largestNumber)까지예요. "
          + "더 작은 수를 써 주세요.",
        "\"\(text)\" is too large; the largest number that can be read is "
          + "\(NumberInputError.largestNumber) (UInt64.max): write a smaller one")
    case .needsDigitsOption(let text):
      pick(
        "숫자 사이에 -가 있어요: \"\(text)\". 전화번호처럼 한 자리씩 (공일공 …) 읽으려면 "
          + "--digits를 붙여 주세요.",
        "\"\(text)\" has hyphens between digits; to read it digit by digit like a "
          + "phone number (공일공 …), add --digits")
    case .notDigits(let text):
      pick(
        "한 자리씩 읽을 수 없어요: \"\(text)\". 010-1234-5678처럼 숫자를 -나 띄어쓰기로 "
          + "나눠 써 주세요.",
        "\"\(text)\" cannot be read digit by digit; write digits in groups separated by "
          + "hyphens or spaces, such as 010-1234-5678")
    case .nativeOutOfRange(let text):
      pick(
        "하나, 둘, 셋으로 읽을 수 없어요: \"\(text)\". --native는 1부터 99까지의 정수만 "
          + "읽어요. 일, 이, 삼으로 읽으려면 --native를 빼고, 더 큰 수를 세려면 "
          + "--counter 개처럼 단위를 붙여 주세요 (백한 개).",
        "\"\(text)\" has no native reading: native numbers (--native) are whole numbers "
          + "from 1 to 99; drop --native for Sino-Korean, or add a native counter such as "
          + "--counter 개 (백한 개)")
    case .notWholeCount(let text, let counter):
      pick(
        "셀 수 없는 수예요: \"\(text)\". ‘\(counter)’ 단위는 하나, 둘, 셋으로 세니 "
          + "3처럼 0 이상의 정수를 써 주세요.",
        "\"\(text)\" cannot be counted with \(counter), which takes native numbers; "
          + "write a whole number that is not below zero, such as 3")
    case .unknownCounter(let word):
      pick(
        "모르는 단위예요: \"\(word)\". 이 중 하나를 써 주세요: \(counterWords). "
          + "분은 시간의 분, 번은 횟수로 읽어요. 사람을 높여 세는 분은 분(사람), "
          + "번호의 번은 번(번호)로 써 주세요.",
        "\"\(word)\" is not a counter this knows; write one of \(counterWords) "
          + "(분 means minutes and 번 times; write 분(사람) for people or 번(번호) for a number)")
    case .nativeWithSinoCounter(let word):
      pick(
        "--native는 ‘\(word)’ 단위와 함께 쓸 수 없어요. ‘\(word)’ 단위는 일, 이, 삼으로 "
          + "세요 (만 원, 삼 분). --native를 빼 주세요.",
        "--native cannot be used with \(word), which takes Sino-Korean numbers "
          + "(만 원, 삼 분); drop --native")
    case .conflictingOptions(let first, let second):
      pick(
        "함께 쓸 수 없어요: \(numberPart(first)), \(numberPart(second)). 하나만 써 주세요.",
        "\(numberPart(first)) cannot be combined with \(numberPart(second)); "
          + "use only one of them")
    case .notAMonth(let text):
      pick(
        "그런 달은 없어요: \"\(text)월\". 달은 1월부터 12월까지예요. 몇 달인지 세려면 "
          + "달을 붙여 주세요 (13달은 열세 달).",
        "\"\(text)월\" is not a month of the year; months are 1월 to 12월 "
          + "(for a number of months write 달: 13달 is 열세 달)")
    case .invalidTime(let text):
      pick(
        "시각으로 읽을 수 없어요: \"\(text)\". 시는 0부터 24까지, 분(과 초)은 두 자리로 "
          + "3:45, 17:00, 9:05:30처럼 써 주세요.",
        "\"\(text)\" is not a time; write hours 0–24 and two-digit minutes (and "
          + "seconds), such as 3:45, 17:00 or 9:05:30")
    case .noSuchDay(let text, let lastDay):
      pick(
        "없는 날짜예요: \"\(text)\". 그 달은 \(lastDay)일까지 있어요. 날짜를 고쳐 써 주세요.",
        "\"\(text)\" is not a date: that month ends on day \(lastDay); write a day that exists")
    case .noSuchTime(let text, let counter, let largest):
      pick(
        "없는 시각이에요: \"\(text)\". \(counter) 자리는 \(largest)까지만 있어요. "
          + "오후 9:05, 3시 45분처럼 써 주세요.",
        "\"\(text)\" is not a time: \(counter) goes up to \(largest); write a time such as "
          + "오후 9:05 or 3시 45분")
    }
  }

  /// One side of a conflict between number options.
  private func numberPart(_ part: NumberInputPart) -> String {
    switch part {
    case .option(let name): name
    case .time(let text): pick("시각 \(text)", "a time such as \(text)")
    case .countersIn(let text): pick("\"\(text)\"에 있는 단위", "the counters in \"\(text)\"")
    case .nativeCounter(let word):
      pick("하나, 둘로 세는 단위 ‘\(word)’", "\(word), a native counter")
    }
  }

  /// The counter words, each once (분 and 번 have two meanings).
  private var counterWords: String {
    var words: [String] = []
    for word in Counter.allCases.map(\.word) where !words.contains(word) { words.append(word) }
    // 째 (열두째) and 날 (사흘) are read by their own rules, not as counters.
    return (words + ["째", "날"]).joined(separator: " ")
  }

  /// A message about one line of input: `line 2: …`.
  public func onLine(_ line: Int, _ message: String) -> String {
    pick("\(line)번째 줄: \(message)", "line \(line): \(message)")
  }
  /// Standard output could not be written (a full disk, a closed descriptor), in GNU grep's
  /// words: the reason is the system's (`No space left on device`).
  public func writeError(_ reason: String) -> String {
    pick("출력 쓰기 오류: \(reason)", "write error: \(reason)")
  }
  /// A line of standard input over the limit, skipped whole (an empty line is printed for
  /// it, so the answers stay in step with the lines).
  public func lineTooLong(_ line: Int, bytes: Int, limit: Int) -> String {
    pick(
      "\(line)번째 줄이 \(bytes)바이트로 너무 길어서 (최대 \(limit)바이트) 건너뛰었어요. 줄을 나눠 주세요.",
      "line \(line) is \(bytes) bytes, over the \(limit)-byte limit; skipped. Split it into shorter lines."
    )
  }
}

// MARK: - cheonjiin spell and demo

extension UIStrings {
  /// A character no layout can type.
  ///
  /// - Parameter layout: The id of the layout the spelling started on.
  public func spellError(_ error: SpellError, layout: String) -> String {
    let character = error.character
    let codes = character.unicodeScalars.map(codePoint).joined(separator: " ")
    return pick(
      "\(error.position)번째 글자는 칠 수 없어요: \"\(character)\" (\(codes)). \(layout) 자판과 "
        + "거기서 바꿀 수 있는 자판에 없는 글자예요. 빼거나 다른 글자로 바꿔 주세요.",
      "position \(error.position): \"\(character)\" (\(codes)) cannot be typed on \(layout) "
        + "or the layouts it switches to; leave it out or write it another way")
  }

  /// A text longer than `spell` spells at once.
  public func spellTooLong(_ count: Int, maximum: Int) -> String {
    pick(
      "글이 너무 길어요: \(count)자예요. 한 번에 \(maximum)자까지 풀어 줘요. 나눠서 주세요.",
      "the text has \(count) characters; spell takes at most \(maximum) at once: split it")
  }

  /// The key sequence `spell` found does not replay: a bug to report.
  public func spellDoesNotReplay(_ notation: String, reason: String) -> String {
    pick(
      "내부 오류: 찾은 순서를 다시 쳐 볼 수 없어요 (\(notation): \(reason)). 알려 주시면 고칠게요.",
      "internal error: the sequence \(notation) does not replay (\(reason)); please report it")
  }

  /// The key sequence `spell` found types other text: a bug to report.
  public func spellTypesOtherText(_ notation: String, typed: String) -> String {
    pick(
      "내부 오류: 찾은 순서가 다른 글을 쳐요 (\(notation) → \"\(typed)\"). 알려 주시면 고칠게요.",
      "internal error: \(notation) types \"\(typed)\"; please report it")
  }

  /// `--hold-ms` outside 100 … 3000.
  public func holdMsOutOfRange(_ value: Int) -> String {
    pick(
      "--hold-ms \(value): 길게 누르는 시간은 100에서 3000(ms) 사이로 주세요. 천천히 누르시는 분은 "
        + "800~1000이 편해요.",
      "--hold-ms \(value) is out of range; give 100 to 3000 (older users often like 800–1000)")
  }

  /// `practice --items` outside 1 … 50.
  public func itemsOutOfRange(_ value: Int) -> String {
    pick(
      "--items \(value): 한 번에 할 문제 수는 1에서 50 사이로 주세요.",
      "--items \(value) is out of range; give 1 to 50")
  }

  /// `grep` with no query.
  public var grepMissingQuery: String {
    pick(
      "찾을 말이 없어요. cheonjiin grep ㄱㅅ 파일처럼 쓰거나, -로 시작하는 말은 -e 뒤에 써 주세요.",
      "Missing the query; write one, e.g. cheonjiin grep ㄱㅅ FILE, or -e QUERY for a query that "
        + "starts with -")
  }

  /// A grep count option (`-A`, `-B`, `-C`, `-m`) below zero.
  public func grepNegative(_ flag: String, _ value: Int) -> String {
    pick("\(flag) \(value): 0 이상의 수를 주세요.", "\(flag) \(value) is negative; give 0 or more")
  }

  /// `grep -H -h`.
  public var grepFileNameConflict: String {
    pick("-H와 -h는 함께 쓸 수 없어요. 하나만 주세요.", "-H and -h contradict each other; give one of them")
  }

  /// `practice --from N --to M` with N above M.
  public func practiceRangeReversed(from: Int, to: Int) -> String {
    pick(
      "--from \(from) --to \(to): 처음 수가 끝 수보다 커요. --from \(min(from, to)) --to "
        + "\(max(from, to))처럼 작은 수를 먼저 써 주세요.",
      "--from \(from) is above --to \(to); give the smaller number first, such as --from "
        + "\(min(from, to)) --to \(max(from, to))")
  }

  /// `practice --from/--to` outside the numbers the drills read (0 to just under 1경).
  public func practiceRangeOutOfBounds(from: Int?, to: Int?) -> String {
    let given = [from.map { "--from \($0)" }, to.map { "--to \($0)" }].compactMap { $0 }
      .joined(separator: " ")
    return pick(
      "\(given): 0부터 9,999,999,999,999,999(9999조 9999억 9999만 9999)까지의 수로 주세요.",
      "\(given): give numbers from 0 to 9,999,999,999,999,999 (just under 10 quadrillion)")
  }

  /// `practice --seed` that is not a whole number from 0 up.
  public func seedInvalid(_ value: String) -> String {
    pick(
      "--seed \(value): 0 이상의 정수로 주세요 (예: --seed 7).",
      "--seed \(value): give a whole number from 0 to 18446744073709551615, such as --seed 7")
  }

  /// `demo --speed` outside 0.25 … 20.
  public func demoSpeedOutOfRange(_ speed: Double) -> String {
    let shown = plainNumber(speed)
    return pick(
      "--speed \(shown): 빠르기는 1초에 0.25타에서 20타 사이로 주세요.",
      "--speed \(shown) is out of range; give 0.25 to 20 keys per second")
  }

  /// `demo` without text.
  public var demoTextEmpty: String {
    pick(
      "보여 줄 글이 없어요. cheonjiin demo \"안녕\"처럼 입력할 글을 주세요. 글 없이 쳐 볼 자판만 "
        + "만들려면 cheonjiin demo --html pad.html",
      "TEXT is empty; give the text to type, e.g. cheonjiin demo \"안녕\", or make a pad to "
        + "try with cheonjiin demo --html pad.html")
  }
}

// MARK: - cheonjiin practice --adaptive on the command line

extension UIStrings {
  /// `practice --target` outside 1 … 200.
  public func adaptiveTargetOutOfRange(_ value: Int) -> String {
    pick(
      "--target \(value): 1분에 1글자부터 200글자까지로 주세요. 처음에는 20이 알맞아요.",
      "--target \(value) is out of range; give 1 to 200 syllables a minute (20 is a gentle start)")
  }

  /// `practice --json` without `--plan`.
  public var adaptiveJSONNeedsPlan: String {
    pick(
      "--json은 --plan과 함께 써요: cheonjiin practice --plan --json",
      "--json goes with --plan: cheonjiin practice --plan --json")
  }

  /// `practice --blind` with `--lesson`: the lessons teach where the letters are.
  public var blindNeedsAdaptive: String {
    pick(
      "--blind는 맞춤 연습에서만 써요: cheonjiin practice --adaptive --blind. 단계별 연습은 키 글자를 보며 자리를 익혀요.",
      "--blind goes with the adaptive round: cheonjiin practice --adaptive --blind (the lessons teach where the letters are, so they show the labels)"
    )
  }

  /// `practice --lesson` with `--adaptive` or `--plan`.
  public var adaptiveAndLesson: String {
    pick(
      "--lesson과 --adaptive(--plan)는 함께 쓸 수 없어요. 맞춤 연습은 글자를 스스로 골라요.",
      "--lesson and --adaptive (or --plan) contradict each other: the adaptive round chooses its own items"
    )
  }

  /// `practice --plan` in plain text: the items, one a line, after the focus and the unlocked jamo.
  public func adaptivePlanText(_ plan: AdaptivePlan) -> [String] {
    [adaptiveFocus(plan.standing), adaptiveUnlocked(plan.standing.unlocked)]
      + plan.items.enumerated().map { "\($0.offset + 1). \($0.element.target)" }
  }
}

// MARK: - cheonjiin stats

extension UIStrings {
  /// `stats --days` outside 1 … 36500.
  public func statsDaysOutOfRange(_ days: Int) -> String {
    pick(
      "--days \(days): 1부터 36500(백 년)까지 주세요. 모든 기록은 --all로 볼 수 있어요.",
      "--days \(days) is out of range; give 1 to 36500 (a hundred years), or --all")
  }

  /// `stats --days` and `--all` together.
  public var statsDaysAndAll: String {
    pick(
      "--days와 --all은 함께 쓸 수 없어요. 하나만 주세요.",
      "--days and --all contradict each other; give one")
  }

  /// `stats --width` outside 20 … 1000.
  public func statsWidthOutOfRange(_ width: Int) -> String {
    pick(
      "--width \(width): 너비는 20칸부터 1000칸까지 주세요.",
      "--width \(width) is out of range; give 20 to 1000 columns")
  }
}

// MARK: - cheonjiin dict

extension UIStrings {
  /// `dict learn --times` outside what may be learned at once.
  public func learnTimesOutOfRange(_ times: Int, allowed: ClosedRange<Int>, maximum: Int)
    -> String
  {
    let (low, high) = (allowed.lowerBound, allowed.upperBound)
    return pick(
      "--times \(times): \(low)부터 \(high)까지 주세요 (한 낱말의 횟수는 \(maximum)에서 멈춰요).",
      "--times \(times) is out of range; give a number from \(low) to \(high) "
        + "(a word's count stops at \(maximum))")
  }

  /// A shipped word list over its bound, not read: its words are neither suggested nor
  /// hidden by `dict unlearn`.
  public func wordListTooLarge(_ file: String, maximum: Int) -> String {
    pick(
      "\(file): 낱말 목록이 \(maximum >> 20) MiB보다 커서 읽지 않았어요. 목록의 낱말은 추천에 "
        + "나오지 않아요. 받은 그대로의 목록으로 바꿔 주세요.",
      "\(file): the word list is larger than \(maximum >> 20) MiB and was not read; its words "
        + "are not suggested: put back the list as shipped")
  }

  /// A word `dict learn` refuses.
  public func notLearnable(_ word: String) -> String {
    pick(
      "배울 수 없는 낱말이에요: \"\(word)\". 감사해요처럼 한글 글자로만 된 낱말(1~20글자)을 "
        + "써 주세요.",
      "\"\(word)\" cannot be learned; write a word of Hangul syllables only (1 to 20), "
        + "such as 감사해요")
  }

  /// Lines of a `dict import` file that were left out, and what to do.
  public func importSkipped(lines: Int) -> String {
    pick(
      "\(lines)줄을 건너뛰었어요. 그 줄을 고쳐서 다시 가져오세요. 횟수는 더해지니 고친 줄만 "
        + "가져오세요.",
      "\(englishCount(lines, "line")) skipped; fix them and import the file again (counts add "
        + "up, so import only the fixed lines)")
  }
}

// MARK: - Helpers

/// `U+1F600`: a scalar as Unicode writes it, at least four hex digits.
private func codePoint(_ scalar: Unicode.Scalar) -> String {
  let digits = String(scalar.value, radix: 16, uppercase: true)
  return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// `2`, `0.25`: a number without a needless `.0`.
private func plainNumber(_ value: Double) -> String {
  guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else { return "\(value)" }
  return "\(Int(value))"
}
