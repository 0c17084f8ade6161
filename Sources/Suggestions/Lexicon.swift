/// One accepted line of a word list: the word and its number (a corpus count or an
/// everyday boost).
public struct LexiconEntry: Hashable, Sendable {
  /// The word, all precomposed Hangul syllables.
  public var word: String
  /// The corpus count (`ko-words.tsv`) or the boost 1 … 5 (`everyday-ko.tsv`).
  public var value: Int
  /// The 1-based line number in the file.
  public var line: Int

  public init(word: String, value: Int, line: Int) {
    self.word = word
    self.value = value
    self.line = line
  }
}

/// A line of a word list that was skipped, with why.
public struct LexiconProblem: Hashable, Sendable, CustomStringConvertible {
  /// Why a line was skipped.
  public enum Reason: Hashable, Sendable {
    /// The line has no tab between the word and its number.
    case missingTab
    /// The line has more than two tab-separated fields.
    case extraFields(count: Int)
    /// The word field is empty.
    case emptyWord
    /// The word is written with conjoining jamo (NFD) instead of precomposed syllables.
    case decomposedHangul
    /// The word holds something other than Hangul syllables, e.g. a space or a Latin letter.
    case notHangulSyllables(Unicode.Scalar)
    /// The number field is not a whole number ≥ 0.
    case invalidNumber(String)
    /// An everyday boost outside 1 … 5.
    case boostOutOfRange(Int)
    /// The word already appeared on an earlier line, which wins.
    case duplicate(firstLine: Int)
  }

  /// The 1-based line number.
  public var line: Int
  public var reason: Reason

  public init(line: Int, reason: Reason) {
    self.line = line
    self.reason = reason
  }

  /// `line 12: "감사 해요" contains U+0020; words are Hangul syllables only`.
  ///
  /// The caller prefixes the file name.
  public var description: String {
    let text =
      switch reason {
      case .missingTab: "expected word<TAB>number, found no tab"
      case .extraFields(let count): "expected 2 tab-separated fields, found \(count)"
      case .emptyWord: "the word is empty"
      case .decomposedHangul: "the word is conjoining jamo (NFD); write precomposed syllables (NFC)"
      case .notHangulSyllables(let scalar):
        "the word contains \(Self.codePoint(scalar)); words are Hangul syllables only"
      case .invalidNumber(let text): "\"\(text)\" is not a whole number ≥ 0"
      case .boostOutOfRange(let boost): "boost \(boost) is outside 1…5"
      case .duplicate(let firstLine): "duplicate word, first on line \(firstLine); skipped"
      }
    return "line \(line): \(text)"
  }

  private static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}

/// What parsing a word list gives: the accepted entries in file order and every skipped line.
public struct ParsedLexicon: Hashable, Sendable {
  public var entries: [LexiconEntry]
  public var problems: [LexiconProblem]

  public init(entries: [LexiconEntry] = [], problems: [LexiconProblem] = []) {
    self.entries = entries
    self.problems = problems
  }
}

/// Parsers for the two word lists.
///
/// The caller reads the files; these never fail: malformed lines are skipped and reported.
///
/// Format: UTF-8, one `word<TAB>number` per line; lines starting with `#` and blank lines are
/// ignored; `\r\n` endings and a leading byte-order mark are accepted. Fields are taken as they
/// are (no trimming), so a stray space is reported rather than guessed away.
public enum Lexicon {
  /// Parses `ko-words.tsv`: `word<TAB>count`, count ≥ 0.
  public static func parseCorpus(_ text: String) -> ParsedLexicon {
    parse(text, validRange: 0...Int.max)
  }

  /// Parses `everyday-ko.tsv`: `word<TAB>boost`, boost 1 … 5 (see
  /// ``Ranking/everydayPseudoCount(boost:)`` for how a boost enters the score).
  public static func parseEveryday(_ text: String) -> ParsedLexicon {
    parse(text, validRange: Ranking.boostRange)
  }

  private static func parse(_ text: String, validRange: ClosedRange<Int>) -> ParsedLexicon {
    var result = ParsedLexicon()
    var firstLine: [WordKey: Int] = [:]
    var text = text
    text.withUTF8 { bytes in
      // A byte-order mark (EF BB BF) before the first line is not part of it.
      var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
      var lineNumber = 0
      while start <= bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        lineNumber += 1
        let lineEnd = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
        let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
        start = end + 1
        let reading =
          wellFormedLine(line).map { LineReading.entry(word: $0.word, number: $0.number) }
          ?? checkedLine(String(decoding: line, as: UTF8.self))
        switch reading {
        case .blank:
          continue
        case .problem(let reason):
          result.problems.append(LexiconProblem(line: lineNumber, reason: reason))
        case .entry(let word, let number):
          guard validRange.contains(number) else {
            result.problems.append(
              LexiconProblem(line: lineNumber, reason: .boostOutOfRange(number)))
            continue
          }
          if let first = firstLine[WordKey(word)] {
            result.problems.append(
              LexiconProblem(line: lineNumber, reason: .duplicate(firstLine: first)))
            continue
          }
          firstLine[WordKey(word)] = lineNumber
          result.entries.append(LexiconEntry(word: word, value: number, line: lineNumber))
        }
      }
    }
    return result
  }

  /// The fast path for the common line, read straight from UTF-8: syllables, one tab, up to 18
  /// digits.
  ///
  /// `nil` for anything else, which ``checkedLine(_:)`` then reads slowly and explains. (The lists
  /// have 30,000 lines; the keypad loads them at every start.)
  private static func wellFormedLine(_ line: UnsafeBufferPointer<UInt8>) -> (
    word: String, number: Int
  )? {
    guard let tab = line.firstIndex(of: 0x09), tab > 0, tab % 3 == 0 else { return nil }
    var index = 0
    while index < tab {
      // U+AC00 … U+D7A3 is EA B0 80 … ED 9E A3 in UTF-8.
      let (lead, second, third) = (line[index], line[index + 1], line[index + 2])
      guard (0xEA...0xED).contains(lead), second & 0xC0 == 0x80, third & 0xC0 == 0x80 else {
        return nil
      }
      let scalar = UInt32(lead & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
      guard (0xAC00...0xD7A3).contains(scalar) else { return nil }
      index += 3
    }
    let digits = line[(tab + 1)...]
    guard !digits.isEmpty, digits.count <= 18 else { return nil }
    var number = 0
    for digit in digits {
      guard digit >= 0x30 && digit <= 0x39 else { return nil }
      number = number * 10 + Int(digit - 0x30)
    }
    return (String(decoding: UnsafeBufferPointer(rebasing: line[..<tab]), as: UTF8.self), number)
  }

  /// What a line holds.
  private enum LineReading {
    /// A blank line or a comment.
    case blank
    case entry(word: String, number: Int)
    case problem(LexiconProblem.Reason)
  }

  /// Reads a line the slow way, to say what is wrong with it.
  private static func checkedLine(_ text: String) -> LineReading {
    let line = text.unicodeScalars[...]
    if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { return .blank }
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count >= 2 else { return .problem(.missingTab) }
    guard fields.count == 2 else { return .problem(.extraFields(count: fields.count)) }
    if let reason = wordProblem(fields[0]) { return .problem(reason) }
    let numberText = String(Substring(fields[1]))
    guard !numberText.isEmpty, numberText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let number = Int(numberText)
    else { return .problem(.invalidNumber(numberText)) }
    return .entry(word: String(Substring(fields[0])), number: number)
  }

  /// Why `word` is not a list word, or `nil` if it is all precomposed syllables.
  private static func wordProblem(_ word: Substring.UnicodeScalarView) -> LexiconProblem.Reason? {
    if word.isEmpty { return .emptyWord }
    for scalar in word where !isHangulSyllable(scalar) {
      return (0x1100...0x11FF).contains(scalar.value)
        ? .decomposedHangul : .notHangulSyllables(scalar)
    }
    return nil
  }
}

/// True for a precomposed syllable, U+AC00 … U+D7A3.
@inline(__always)
func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value >= 0xAC00 && scalar.value <= 0xD7A3
}
