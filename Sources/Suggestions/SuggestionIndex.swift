import HangulEngine

/// One word offered in the suggestion bar.
public struct Suggestion: Hashable, Sendable {
  /// The word to insert.
  public var word: String
  /// The ranking score (``Ranking/score(corpusCount:userCount:daysSinceUse:)``, plus
  /// ``Ranking/exactInitialsBonus`` for an exact initial-consonant match).
  ///
  /// Higher is better.
  public var score: Double
  /// Whether the user's history contributed (the word is learned).
  public var isLearned: Bool

  public init(word: String, score: Double, isLearned: Bool) {
    self.word = word
    self.score = score
    self.isLearned = isLearned
  }
}

/// How a typed word is matched; see ``SuggestionIndex/queryKind(for:)``.
public enum SuggestionQueryKind: Hashable, Sendable {
  /// A prefix in Cheon-Ji-In primitives: `행복하`, `감ㅅ`, `ㄱㆍ`, a lone `ㄱ`.
  case keypad
  /// Two or more consonant letters and nothing else: `ㄱㅅㅎ` (초성 search, tense folded).
  case initialConsonants
  /// Empty, or holds something that is not Hangul (digits, Latin, spaces): no suggestions.
  case none
}

/// The suggestion lexicon: corpus and everyday words, indexed for prefix queries.
///
/// Words are kept sorted by their primitive spelling, so the words starting with what was
/// typed form one contiguous range found by binary search. A second ordering by folded
/// initial consonants (`ㄲ`→`ㄱ` …) serves 초성 queries the same way. The index is immutable
/// and `Sendable`: build it once (off the main loop if you like) and share it. The user's
/// learned and hidden words are passed to each query as ``UserWords``.
public struct SuggestionIndex: Sendable {
  /// The speller the index was built with; ``UserWords`` queried with it must use the same.
  public let speller: PrimitiveSpeller

  // Entries sorted by (primitive codes, word UTF-8); an entry's id is its position. Every
  // array is flat, so the compact file (SuggestionIndex+Compact.swift) is these arrays' bytes.
  /// The words' UTF-8, at `wordStarts` offsets: 250,000 Strings took long to make at start-up.
  let wordBytes: [UInt8]
  let wordStarts: [Int32]
  let counts: [Int]
  let baseScores: [Double]
  /// The highest base score, an upper bound used to skip hopeless learned words.
  let maximumBaseScore: Double
  /// The base scores by id, for visiting a keypad range's best words first.
  let scoreTree: ScoreTree
  let keyCodes: [UInt8]
  let keyStarts: [Int32]
  /// ``packedPrefix(_:)`` of each entry's key, in id order (which is their order): finds an
  /// entry by a binary search on one array, for the learned words a query scores.
  let packedKeys: [UInt64]
  // Unfolded initial consonants of each entry (one per syllable), at `keyStarts`-like offsets.
  let initialCodes: [UInt8]
  let initialStarts: [Int32]
  // Entry ids sorted by folded initials, then id.
  let initialsOrder: [Int32]
  /// The words likely after each word (`ko-next.tsv`), offered after a space.
  public var nextWords = NextWords()
  /// The tuned weights of the ranking.
  public var weights = RankingWeights.tuned

  /// Builds the index.
  ///
  /// - Parameters:
  ///   - corpus: `ko-words.tsv` entries (``Lexicon/parseCorpus(_:)``); `value` is the count.
  ///   - everyday: `everyday-ko.tsv` entries (``Lexicon/parseEveryday(_:)``); `value` is the
  ///     boost, which adds ``Ranking/everydayPseudoCount(boost:)`` to the word's count.
  ///   - speller: Spells words as primitives; made from the layout's vowel rules.
  ///
  /// Words that are not all Hangul syllables are ignored (the parsers never produce them);
  /// a word listed twice in one list keeps its first entry. A word in both lists gets its
  /// corpus count plus the boost's pseudo-count.
  public init(corpus: [LexiconEntry], everyday: [LexiconEntry] = [], speller: PrimitiveSpeller) {
    self.speller = speller
    // Every candidate line, corpus first: after a stable sort by spelling, equal words sit
    // together with the corpus entry first. Spelling is one-to-one for syllable words, so
    // equal keys mean equal words and no string hashing is needed.
    let candidates =
      corpus.lazy.filter { isAllSyllables($0.word) }.map { (entry: $0, isEveryday: false) }
      + everyday.lazy.filter { isAllSyllables($0.word) }.map { (entry: $0, isEveryday: true) }
    var flat: [UInt8] = []
    flat.reserveCapacity(candidates.count * 12)
    var starts: [Int32] = [0]
    starts.reserveCapacity(candidates.count + 1)
    for candidate in candidates {
      _ = speller.appendCodes(of: candidate.entry.word, to: &flat)  // cannot fail: syllables
      starts.append(Int32(flat.count))
    }
    var ids = Array(candidates.indices)
    flat.withUnsafeBufferPointer { buffer in
      // Packed prefixes order most pairs with one integer compare (the index is built at
      // every start); equal prefixes fall back to the full keys.
      let packed = candidates.indices.map {
        packedPrefix(key(buffer, Int(starts[$0]), Int(starts[$0 + 1])))
      }
      ids.sort { a, b in
        if packed[a] != packed[b] { return packed[a] < packed[b] }
        let result = compareCodes(
          key(buffer, Int(starts[a]), Int(starts[a + 1])),
          key(buffer, Int(starts[b]), Int(starts[b + 1])))
        return result != 0 ? result < 0 : a < b
      }
    }

    var wordBytes: [UInt8] = []
    var wordStarts: [Int32] = [0]
    var counts: [Int] = []
    var baseScores: [Double] = []
    var keyCodes: [UInt8] = []
    var keyStarts: [Int32] = [0]
    var initialCodes: [UInt8] = []
    var initialStarts: [Int32] = [0]
    wordStarts.reserveCapacity(ids.count + 1)
    keyCodes.reserveCapacity(flat.count)
    flat.withUnsafeBufferPointer { buffer in
      var position = 0
      while position < ids.count {
        // One group of equal words: the first corpus count plus the first everyday boost.
        let first = ids[position]
        let firstKey = key(buffer, Int(starts[first]), Int(starts[first + 1]))
        var corpusCount: Int? = nil
        var pseudoCount: Int? = nil
        while position < ids.count {
          let id = ids[position]
          guard compareCodes(key(buffer, Int(starts[id]), Int(starts[id + 1])), firstKey) == 0
          else { break }
          let (entry, isEveryday) = candidates[id]
          if isEveryday {
            if pseudoCount == nil { pseudoCount = Ranking.everydayPseudoCount(boost: entry.value) }
          } else if corpusCount == nil {
            corpusCount = max(0, entry.value)
          }
          position += 1
        }
        let (sum, overflow) = (corpusCount ?? 0).addingReportingOverflow(pseudoCount ?? 0)
        let count = overflow ? Int.max : sum
        let word = candidates[first].entry.word
        wordBytes.append(contentsOf: word.utf8)
        wordStarts.append(Int32(wordBytes.count))
        counts.append(count)
        baseScores.append(Ranking.corpusScore(corpusCount: count))
        keyCodes.append(contentsOf: firstKey)
        keyStarts.append(Int32(keyCodes.count))
        for scalar in word.unicodeScalars {
          initialCodes.append(UInt8((scalar.value - 0xAC00) / 588))
        }
        initialStarts.append(Int32(initialCodes.count))
      }
    }
    let wordCount = counts.count
    var initialsOrder = (0..<Int32(wordCount)).map { $0 }
    initialCodes.withUnsafeBufferPointer { buffer in
      let packed = (0..<wordCount).map { id in
        packedPrefix(
          key(buffer, Int(initialStarts[id]), Int(initialStarts[id + 1])).lazy.map {
            foldedConsonantCode[Int($0)]
          })
      }
      initialsOrder.sort { a, b in
        let (x, y) = (packed[Int(a)], packed[Int(b)])
        if x != y { return x < y }
        let result = compareFolded(
          key(buffer, Int(initialStarts[Int(a)]), Int(initialStarts[Int(a) + 1])),
          key(buffer, Int(initialStarts[Int(b)]), Int(initialStarts[Int(b) + 1])))
        return result != 0 ? result < 0 : a < b
      }
    }
    self.wordBytes = wordBytes
    self.wordStarts = wordStarts
    self.counts = counts
    self.baseScores = baseScores
    maximumBaseScore = baseScores.max() ?? 0
    scoreTree = ScoreTree(baseScores)
    self.keyCodes = keyCodes
    self.keyStarts = keyStarts
    packedKeys = Self.packedKeys(codes: keyCodes, starts: keyStarts)
    self.initialCodes = initialCodes
    self.initialStarts = initialStarts
    self.initialsOrder = initialsOrder
  }

  /// The packed prefix of each entry's key.
  ///
  /// Made before a cache's check, so it reads a damaged one safely (offsets out of bounds give
  /// 0, codes out of range are cut); the check then rejects it.
  static func packedKeys(codes: [UInt8], starts: [Int32]) -> [UInt64] {
    guard starts.count > 1 else { return [] }
    return (0..<starts.count - 1).map { id in
      let (start, end) = (Int(starts[id]), Int(starts[id + 1]))
      guard 0 <= start, start <= end, end <= codes.count else { return 0 }
      return packedPrefix(codes[start..<end].lazy.map { min($0, 30) })
    }
  }

  /// The word of entry `id`.
  func word(at id: Int) -> String {
    wordBytes.withUnsafeBufferPointer {
      String(decoding: key($0, Int(wordStarts[id]), Int(wordStarts[id + 1])), as: UTF8.self)
    }
  }

  /// The number of syllables of entry `id` (3 UTF-8 bytes each).
  func length(at id: Int) -> Int32 { (wordStarts[id + 1] - wordStarts[id]) / 3 }
}
