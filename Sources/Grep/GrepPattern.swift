import HangulEngine
import Suggestions

/// What `cheonjiin grep` matches, selects and shows, named after the grep flags they mirror.
///
/// How shown lines look (`-n`, `-H`, `-h`) is the command's business, not the scanner's.
public struct GrepOptions: Hashable, Sendable {
  /// Whether initial-consonant queries fold tense letters on both sides (`ㄱ` matches `꼭`, `ㄲ`
  /// matches `감`).
  ///
  /// On by default; `--exact` turns it off. Keypad and literal queries never fold: `가` and `까` are
  /// different words.
  public var foldsTense: Bool
  /// `-w`: the query must match a whole word (all its initials / primitives / bytes), not
  /// just the start of one.
  public var matchesWholeWord: Bool
  /// `-v`: select the lines that do not match.
  public var invertsMatch: Bool
  /// `-c`: print only the number of selected lines per file.
  public var countsOnly: Bool
  /// `-o`: print each matching word (punctuation stripped) on its own line instead of the line.
  public var printsOnlyMatching: Bool
  /// `-m NUM`: stop reading a file after NUM selected lines; `nil` for no limit.
  public var maxCount: Int?
  /// `-i`: ASCII letters match regardless of case (Latin text; Hangul has no case).
  public var ignoresASCIICase: Bool
  /// `-l` / `-L`: print file names instead of lines; `nil` for lines.
  ///
  /// Wins over `-c`, as in grep.
  public var listsFiles: FileListing?
  /// `-A` / `-B` / `-C`: lines printed around each selected line.
  ///
  /// Groups that are not adjacent are separated by `--`. `nil` when no context option was
  /// given: then there is no `--` either, while `-A 0` still separates groups, as in grep.
  /// Ignored with `-c`, `-l` and `-L`.
  public var context: GrepContext?

  public init(
    foldsTense: Bool = true, matchesWholeWord: Bool = false, invertsMatch: Bool = false,
    countsOnly: Bool = false, printsOnlyMatching: Bool = false, maxCount: Int? = nil,
    ignoresASCIICase: Bool = false, listsFiles: FileListing? = nil, context: GrepContext? = nil
  ) {
    self.foldsTense = foldsTense
    self.matchesWholeWord = matchesWholeWord
    self.invertsMatch = invertsMatch
    self.countsOnly = countsOnly
    self.printsOnlyMatching = printsOnlyMatching
    self.maxCount = maxCount
    self.ignoresASCIICase = ignoresASCIICase
    self.listsFiles = listsFiles
    self.context = context
  }

  /// Whether selected lines are printed: not with `-c`, `-l` or `-L`.
  var printsLines: Bool {
    guard listsFiles == nil else { return false }
    return !countsOnly
  }
}

/// Which files `-l` and `-L` print.
public enum FileListing: Hashable, Sendable {
  /// `-l`: the files with a selected line. Reading a file stops at its first one.
  case withMatches
  /// `-L`: the files without one.
  case withoutMatch
}

/// How many lines of context `-B`, `-A` and `-C` print around a selected line.
public struct GrepContext: Hashable, Sendable {
  /// `-B NUM`: lines before.
  public var before: Int
  /// `-A NUM`: lines after.
  public var after: Int

  /// Creates a context; a negative count is taken as 0 (the command refuses one first).
  public init(before: Int = 0, after: Int = 0) {
    self.before = max(0, before)
    self.after = max(0, after)
  }
}

/// How a grep query is read; see ``GrepPattern/init(_:options:speller:)``.
public enum GrepQueryKind: Hashable, Sendable {
  /// Consonant letters only (`ㄱㅁㄱ`): compared with each word's initial consonants.
  case initialConsonants
  /// Hangul as the keypad types it (`감ㅅ`, `행보`, `안녕`): a prefix in Cheon-Ji-In
  /// primitives, like the suggestion bar.
  case keypad
  /// Anything else (Latin, digits, mixed): compared byte for byte with the start of each word.
  case literal
}

/// Why a grep query was refused.
public enum GrepPatternError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The query is empty, or only punctuation.
  case empty
  /// The query holds white space; words are matched one at a time.
  case containsWhitespace

  public var description: String {
    switch self {
    case .empty: "the query is empty; give a word, e.g. ㄱㅅ or 감ㅅ"
    case .containsWhitespace:
      "the query contains a space; words are matched one at a time, give one word"
    }
  }
}

/// A compiled grep query: decides whether a line (or a word) matches.
///
/// A line matches when any of its words matches. Words are split at white space, and
/// punctuation and symbols are stripped from their ends (`"감사합니다!"` → `감사합니다`).
/// Matching works on raw UTF-8 with no allocation: compile the pattern once, then call
/// ``matches(line:)`` per line.
public struct GrepPattern: Sendable {
  /// How the query is read.
  public let kind: GrepQueryKind
  /// Initial consonants: consonant codes (folded if `folds`).
  ///
  /// Keypad: primitive codes. Literal: UTF-8 bytes (ASCII lowercased if `ignoresCase`).
  let query: [UInt8]
  let wholeWord: Bool
  let folds: Bool
  let ignoresCase: Bool
  let speller: PrimitiveSpeller

  /// Compiles a query.
  ///
  /// Punctuation around the query is stripped like around words. Then: only consonant
  /// letters → ``GrepQueryKind/initialConsonants`` (`ㄱㅅ` matches `감사`, compounds split);
  /// spellable Hangul → ``GrepQueryKind/keypad`` (`감ㅅ` matches `감사합니다`); anything
  /// else → ``GrepQueryKind/literal``.
  ///
  /// - Throws: ``GrepPatternError`` for an empty query or one with white space.
  public init(_ query: String, options: GrepOptions, speller: PrimitiveSpeller)
    throws(GrepPatternError)
  {
    var bytes = Array(query.utf8)
    var range: Range<Int>? = nil
    var wordCount = 0
    bytes.withUnsafeBufferPointer { buffer in
      forEachWord(buffer) { start, end in
        wordCount += 1
        range = start..<end
        return true
      }
    }
    guard let range else { throw .empty }
    guard wordCount == 1 else { throw .containsWhitespace }
    bytes = Array(bytes[range])
    let word = String(decoding: bytes, as: UTF8.self)

    self.speller = speller
    wholeWord = options.matchesWholeWord
    folds = options.foldsTense
    ignoresCase = options.ignoresASCIICase

    var codes: [UInt8] = []
    if let consonants = consonantLetterCodes(of: word) {
      kind = .initialConsonants
      self.query = folds ? consonants.map { foldedConsonantCode[Int($0)] } : consonants
    } else if speller.appendCodes(of: word, to: &codes) {
      kind = .keypad
      self.query = codes
    } else {
      kind = .literal
      self.query = ignoresCase ? bytes.map(asciiLowercase) : bytes
    }
  }

  // MARK: - Matching

  /// Whether any word of the line matches.
  ///
  /// `line` is UTF-8 without its line terminator (a trailing `\r` is harmless: it is white space).
  public func matches(line: UnsafeBufferPointer<UInt8>) -> Bool {
    var found = false
    withMatcher { matcher, query in
      forEachWord(line, stripsEnd: wholeWord) { start, end in
        found = matcher.matches(kind, from: query, line, start, end)
        return !found
      }
    }
    return found
  }

  /// Whether any word of the line matches.
  public func matches(line: some StringProtocol) -> Bool {
    withUTF8(line) { matches(line: $0) }
  }

  /// The byte ranges of the matching words of a line (punctuation stripped), for `-o`.
  public func matchingWordRanges(in line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    withMatcher { matcher, query in
      forEachWord(line) { start, end in
        if matcher.matches(kind, from: query, line, start, end) { ranges.append(start..<end) }
        return true
      }
    }
    return ranges
  }

  /// The matching words of a line, punctuation stripped: what `-o` prints.
  public func matchingWords(in line: some StringProtocol) -> [String] {
    withUTF8(line) { buffer in
      matchingWordRanges(in: buffer).map {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[$0]), as: UTF8.self)
      }
    }
  }

  /// Runs `body` with the word matcher and the start of the query, once per line.
  @inline(__always)
  private func withMatcher<R>(_ body: (WordMatcher, QueryPosition) -> R) -> R {
    query.withUnsafeBufferPointer { query in
      WordMatcher.with(
        wholeWord: wholeWord, folds: folds, ignoresCase: ignoresCase, speller: speller
      ) { matcher in
        body(matcher, QueryPosition(query: query))
      }
    }
  }
}

/// Where a word stands in the queries it is compared with, code by code.
///
/// One query (``QueryPosition``) or many (``GrepPatternSet``'s trie); ``WordMatcher`` walks a
/// word with it.
protocol QueryCursor {
  /// Moves past `code`; false when no query goes on with it.
  mutating func advance(_ code: UInt8) -> Bool
  /// Whether a query ends here.
  var isAtEnd: Bool { get }
}

/// How far a word has matched one query.
struct QueryPosition: QueryCursor {
  let query: UnsafeBufferPointer<UInt8>
  var matched = 0

  @inline(__always)
  mutating func advance(_ code: UInt8) -> Bool {
    guard matched < query.count, query[matched] == code else { return false }
    matched += 1
    return true
  }

  var isAtEnd: Bool { matched == query.count }
}

/// Compares words with queries: the comparisons of the three query kinds, written once for one
/// query and for a set of them (`-e` given more than once), with the tables as unsafe buffers.
///
/// Every comparison reads "a query ends here" as a match unless the whole word must match.
struct WordMatcher {
  let wholeWord: Bool
  let folds: Bool
  let ignoresCase: Bool
  let syllableCodes: UnsafeBufferPointer<UInt8>
  let syllableLengths: UnsafeBufferPointer<UInt8>
  let syllableStride: Int
  let folding: UnsafeBufferPointer<UInt8>
  let speller: PrimitiveSpeller

  /// Runs `body` with a matcher over `speller`'s tables.
  @inline(__always)
  static func with<R>(
    wholeWord: Bool, folds: Bool, ignoresCase: Bool, speller: PrimitiveSpeller,
    _ body: (WordMatcher) -> R
  ) -> R {
    speller.syllableCodes.withUnsafeBufferPointer { codes in
      speller.syllableLengths.withUnsafeBufferPointer { lengths in
        tenseFolding.withUnsafeBufferPointer { folding in
          body(
            WordMatcher(
              wholeWord: wholeWord, folds: folds, ignoresCase: ignoresCase, syllableCodes: codes,
              syllableLengths: lengths, syllableStride: speller.syllableStride, folding: folding,
              speller: speller))
        }
      }
    }
  }

  @inline(__always)
  func matches<Cursor: QueryCursor>(
    _ kind: GrepQueryKind, from cursor: Cursor, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int,
    _ end: Int
  ) -> Bool {
    switch kind {
    case .initialConsonants: matchesInitials(from: cursor, bytes, start, end)
    case .keypad: matchesKeypad(from: cursor, bytes, start, end)
    case .literal: matchesLiteral(from: cursor, bytes, start, end)
    }
  }

  /// Whether a query ends at `cursor` and the word may go on (not `-w`).
  @inline(__always)
  private func endsPrefix(_ cursor: some QueryCursor) -> Bool {
    !wholeWord && cursor.isAtEnd
  }

  /// Compares the word's initial consonants with the queries.
  func matchesInitials<Cursor: QueryCursor>(
    from start: Cursor, _ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ end: Int
  ) -> Bool {
    var cursor = start
    /// Takes one initial; `false` on a mismatch or, in whole-word mode, an extra letter.
    @inline(__always)
    func take(_ code: UInt8) -> Bool {
      cursor.advance(folds ? folding[Int(code)] : code)
    }
    var index = first
    while index < end {
      let (value, length) = decodeScalar(bytes, index, end)
      index += length
      if value >= 0xAC00 && value <= 0xD7A3 {
        guard take(UInt8((value - 0xAC00) / 588)) else { return false }
      } else if let scalar = Unicode.Scalar(value),
        let (first, second) = consonantLetterCodes(scalar)
      {
        // A lone letter is its own initial; a compound one (`ㄳ`) gives two.
        guard take(first) else { return false }
        if let second {
          if endsPrefix(cursor) { return true }
          guard take(second) else { return false }
        }
      } else {
        // A vowel letter, Latin, a digit …: it has no initial consonant.
        return false
      }
      if endsPrefix(cursor) { return true }
    }
    return cursor.isAtEnd
  }

  /// Compares the word's primitive spelling with the queries.
  func matchesKeypad<Cursor: QueryCursor>(
    from start: Cursor, _ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ end: Int
  ) -> Bool {
    var cursor = start
    var index = first
    while index < end {
      let (value, length) = decodeScalar(bytes, index, end)
      index += length
      if value >= 0xAC00 && value <= 0xD7A3 {
        let syllable = Int(value - 0xAC00)
        let base = syllable * syllableStride
        for offset in 0..<Int(syllableLengths[syllable]) {
          if endsPrefix(cursor) { return true }
          guard cursor.advance(syllableCodes[base + offset]) else { return false }
        }
      } else {
        var verdict: Bool? = nil
        let spelled = speller.forEachCode(ofNonSyllable: value) { code in
          if endsPrefix(cursor) {
            verdict = true
            return false
          }
          guard cursor.advance(code) else {
            verdict = false
            return false
          }
          return true
        }
        if let verdict { return verdict }
        if !spelled { return endsPrefix(cursor) }
      }
      if endsPrefix(cursor) { return true }
    }
    return cursor.isAtEnd
  }

  /// Compares the word's bytes with the queries.
  func matchesLiteral<Cursor: QueryCursor>(
    from start: Cursor, _ bytes: UnsafeBufferPointer<UInt8>, _ first: Int, _ end: Int
  ) -> Bool {
    var cursor = start
    for index in first..<end {
      if endsPrefix(cursor) { return true }
      let byte = bytes[index]
      guard cursor.advance(ignoresCase ? asciiLowercase(byte) : byte) else { return false }
    }
    return cursor.isAtEnd
  }
}

/// Suggestions' `foldedConsonantCode`, held in this module: read on every line, a global of
/// another module costs an accessor call and a retain each time (8 % of `grep -c ㄱㅅ`).
let tenseFolding: [UInt8] = foldedConsonantCode

@inline(__always)
func asciiLowercase(_ byte: UInt8) -> UInt8 {
  byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
}

/// Runs `body` with the UTF-8 of `text`, copying only when it is not contiguous.
func withUTF8<R>(_ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  return Array(text.utf8).withUnsafeBufferPointer(body)
}
