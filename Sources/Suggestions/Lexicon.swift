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

  /// `line 12: "감사 해요" contains U+0020; words are Hangul syllables only`. The caller
  /// prefixes the file name.
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

/// Parsers for the two word lists. The caller reads the files; these never fail: malformed
/// lines are skipped and reported.
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
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    for (offset, rawLine) in lines.enumerated() {
      let lineNumber = offset + 1
      var line = rawLine
      if offset == 0, line.first == "\u{FEFF}" { line = line.dropFirst() }
      if line.last == "\r" { line = line.dropLast() }
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.first == "#" { continue }

      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2 else {
        result.problems.append(LexiconProblem(line: lineNumber, reason: .missingTab))
        continue
      }
      guard fields.count == 2 else {
        result.problems.append(
          LexiconProblem(line: lineNumber, reason: .extraFields(count: fields.count)))
        continue
      }
      if let reason = wordProblem(fields[0]) {
        result.problems.append(LexiconProblem(line: lineNumber, reason: reason))
        continue
      }
      let numberText = String(Substring(fields[1]))
      guard !numberText.isEmpty, numberText.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
        let number = Int(numberText)
      else {
        result.problems.append(
          LexiconProblem(line: lineNumber, reason: .invalidNumber(numberText)))
        continue
      }
      guard validRange.contains(number) else {
        result.problems.append(LexiconProblem(line: lineNumber, reason: .boostOutOfRange(number)))
        continue
      }
      let word = String(Substring(fields[0]))
      if let first = firstLine[WordKey(word)] {
        result.problems.append(
          LexiconProblem(line: lineNumber, reason: .duplicate(firstLine: first)))
        continue
      }
      firstLine[WordKey(word)] = lineNumber
      result.entries.append(LexiconEntry(word: word, value: number, line: lineNumber))
    }
    return result
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
