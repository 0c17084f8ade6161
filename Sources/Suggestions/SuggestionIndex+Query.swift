import HangulEngine

extension SuggestionIndex {
  // MARK: - Lookups

  /// The number of words in the index (corpus and everyday words together).
  public var count: Int { counts.count }

  /// Whether `word` is a corpus or everyday word; pass it as `isCorpusWord` to ``UserWords``.
  public func contains(_ word: String) -> Bool { entryID(of: word) != nil }

  /// The count a word is ranked with (corpus count plus everyday pseudo-count), or `nil` if
  /// the index lacks it.
  public func corpusCount(of word: String) -> Int? {
    entryID(of: word).map { counts[$0] }
  }

  /// The entry of a word, found by binary search on its spelling.
  func entryID(of word: String) -> Int? {
    guard isAllSyllables(word) else { return nil }
    var codes: [UInt8] = []
    _ = speller.appendCodes(of: word, to: &codes)
    return entryID(spelled: codes)
  }

  /// The entry whose spelling is exactly `codes` (one-to-one for syllable words); `packed` is
  /// ``packedPrefix(_:)`` of `codes`, when the caller has it.
  func entryID(spelled codes: [UInt8], packed: UInt64? = nil) -> Int? {
    let packed = packed ?? packedPrefix(codes)
    let first = partition(count: packedKeys.count) { packedKeys[$0] < packed }
    return keyCodes.withUnsafeBufferPointer { keys in
      codes.withUnsafeBufferPointer { codes in
        // Keys longer than the packed prefix share it; the few that do are compared in full.
        var id = first
        while id < packedKeys.count, packedKeys[id] == packed {
          if compareCodes(key(keys, Int(keyStarts[id]), Int(keyStarts[id + 1])), codes) == 0 {
            return id
          }
          id += 1
        }
        return nil
      }
    }
  }

  /// How ``suggestions(for:cyclingLastKey:limit:user:today:after:)`` reads `typedWord`.
  ///
  /// Two or more consonant letters and nothing else (`ㄱㅅ`, compounds split: `ㄳ` counts two)
  /// is an initial-consonant query. Anything the ``PrimitiveSpeller`` can spell is a keypad
  /// prefix, including one lone consonant (`ㄱ`). Everything else gives no suggestions.
  public func queryKind(for typedWord: String) -> SuggestionQueryKind {
    switch parse(typedWord, cyclingLastKey: nil) {
    case .keypad: .keypad
    case .initials: .initialConsonants
    case .none: .none
    }
  }

  // MARK: - Suggestions

  /// The best words for what is being typed, best first.
  ///
  /// - Parameters:
  ///   - typedWord: The word at the cursor as the keypad shows it (committed syllables of the
  ///     word plus the preedit): `행복하`, `감ㅅ`, `ㄱㆍ`, `ㄱ‥`, `ㄱㅅㅎ`.
  ///   - cyclingLastKey: The whole cycle of the consonant key still being pressed
  ///     (`[ㄴ, ㄹ]`), or `nil`. If the last typed letter is a consonant of that cycle, any
  ///     letter of the cycle matches there, so the bar does not flicker while the key cycles.
  ///     Ignored when the last letter is a vowel stroke or not in the cycle.
  ///   - limit: At most this many suggestions (the bar shows 3).
  ///   - user: The learned and hidden words; `nil` for none. Learned words rank higher by
  ///     the ranking formula (``Ranking``) and are offered even when the lexicon lacks them;
  ///     hidden words never appear.
  ///   - today: The current day number, in the same unit as ``LearnedStats/lastUsedDay``.
  ///   - previous: The word before the space before `typedWord`, if one space stands between:
  ///     completions it predicts rank higher (``RankingWeights/contextCompletion``).
  /// - Returns: Up to `limit` suggestions, never `typedWord` itself, ordered by score, then
  ///   the shorter word, then the word.
  ///
  /// Keypad queries match on primitives (`행보` → `행복`, `아` → `애`, `감ㅅ` → `감사합니다`).
  /// Initial-consonant queries fold tense letters on both sides (`ㄱㅈ` finds `꼭지`, `ㄲㅈ`
  /// finds `고장`) and add ``Ranking/exactInitialsBonus`` to exact matches.
  public func suggestions(
    for typedWord: String, cyclingLastKey: [Choseong]? = nil, limit: Int = 3,
    user: UserWords? = nil, today: Int = 0, after previous: Substring? = nil
  ) -> [Suggestion] {
    guard limit > 0 else { return [] }
    var top = TopList(limit: limit)
    let userWords = user ?? UserWords(speller: speller)
    let hasUser = !userWords.isEmpty
    let typedLength = typedWord.unicodeScalars.count
    /// The gain of a completion `length` syllables long (``RankingWeights/perAddedSyllable``).
    func lengthBonus(_ length: Int) -> Double {
      weights.perAddedSyllable * Double(max(0, length - typedLength))
    }
    /// The words the previous word predicts (its shipped next words), with their context gain;
    /// the packed spelling finds a learned word among them with one compare.
    var predicted: [(id: Int?, packed: UInt64, codes: [UInt8], gain: Double)] = []
    if let previous, weights.contextCompletion > 0 {
      for row in nextWords.after(previous) {
        var codes: [UInt8] = []
        guard speller.appendCodes(of: row.word, to: &codes) else { continue }
        let gain = weights.contextCompletion * logarithm10(Double(row.perMille))
        let packed = packedPrefix(codes)
        predicted.append((entryID(spelled: codes, packed: packed), packed, codes, gain))
      }
    }
    /// Those of them the typed word can still become, set for each kind of query: most
    /// queries keep none, and the loops below skip the check.
    var matching = predicted

    /// Offers an unlearned index entry; learned ones come from the user pass below.
    func offerIndexEntry(_ id: Int, bonus: Double) {
      var score = baseScores[id] + bonus + lengthBonus(Int(length(at: id)))
      for entry in matching where entry.id == id { score += entry.gain }
      guard top.mightAdmit(score: score) else { return }
      let word = self.word(at: id)
      guard !word.utf8.elementsEqual(typedWord.utf8) else { return }
      if hasUser && (userWords.isLearned(word) || userWords.isHidden(word)) { return }
      top.offer(Candidate(word: word, score: score, length: length(at: id), isLearned: false))
    }

    /// Learned words that matched, with their learned score plus any bonus; offered last,
    /// best first, so the index lookup of their corpus score stops as soon as even the
    /// highest corpus score could not lift them into the list.
    var learnedMatches: [(slot: Int, learned: Double, bonus: Double)] = []
    func noteLearned(_ slot: Int, bonus: Double) {
      let entry = userWords.entries[slot]
      let learned = Ranking.learnedScore(
        userCount: entry.stats.count, daysSinceUse: today - entry.stats.lastUsedDay)
      let added = lengthBonus(entry.initials.count)
      let gain =
        matching.isEmpty
        ? 0
        : matching.first {
          $0.packed == userWords.codePrefixes[slot] && $0.codes == entry.codes
        }?.gain ?? 0
      learnedMatches.append((slot, learned, bonus + added + gain))
    }

    /// The highest base score a word matching the query can have: bounds the learned words.
    var rangeMaximum = maximumBaseScore
    switch parse(typedWord, cyclingLastKey: cyclingLastKey) {
    case .none:
      return []

    case .keypad(let stem, let lastAlternatives):
      matching.removeAll {
        !($0.codes.count > stem.count && $0.codes.starts(with: stem)
          && lastAlternatives.contains($0.codes[stem.count]))
      }
      let ranges = lastAlternatives.map { keypadRange(stem: stem, last: $0) }
      if weights.perAddedSyllable == 0 {
        // Best base score first, so a one-letter prefix scores a few words, not thousands; the
        // words the previous word predicts first, as their gain lifts them above their base.
        for entry in matching { if let id = entry.id { offerIndexEntry(id, bonus: 0) } }
        for range in ranges {
          scoreTree.visitBest(in: range, while: { top.mightAdmit(score: $0) }) { id in
            if !matching.contains(where: { $0.id == id }) { offerIndexEntry(id, bonus: 0) }
          }
        }
      } else {
        // A length bonus can lift any word of the range: score every one.
        for range in ranges {
          for id in range { offerIndexEntry(id, bonus: 0) }
        }
      }
      // A learned word the index lacks has base 0.
      rangeMaximum = max(0, ranges.compactMap { scoreTree.maximum(in: $0) }.max() ?? 0)
      let filter = packedFilter(lastAlternatives.count == 1 ? stem + lastAlternatives : stem)
      for slot in userWords.codePrefixes.indices
      where userWords.codePrefixes[slot] & filter.mask == filter.value {
        let entry = userWords.entries[slot]
        guard entry.codes.count > stem.count, entry.codes.starts(with: stem),
          lastAlternatives.contains(entry.codes[stem.count])
        else { continue }
        noteLearned(slot, bonus: 0)
      }

    case .initials(let stem, let typedLast, let lastAlternatives):
      let foldedStem = stem.map { foldedConsonantCode[Int($0)] }
      var foldedLasts: [UInt8] = []
      for code in lastAlternatives where !foldedLasts.contains(foldedConsonantCode[Int(code)]) {
        foldedLasts.append(foldedConsonantCode[Int(code)])
      }
      let exact = stem + [typedLast]
      for foldedLast in foldedLasts {
        for position in initialsRange(foldedPrefix: foldedStem + [foldedLast]) {
          let id = Int(initialsOrder[position])
          let start = Int(initialStarts[id])
          let isExact = initialCodes[start..<start + exact.count].elementsEqual(exact)
          offerIndexEntry(id, bonus: isExact ? Ranking.exactInitialsBonus : 0)
        }
      }
      let filter = packedFilter(foldedLasts.count == 1 ? foldedStem + foldedLasts : foldedStem)
      for slot in userWords.initialPrefixes.indices
      where userWords.initialPrefixes[slot] & filter.mask == filter.value {
        let entry = userWords.entries[slot]
        guard entry.initials.count >= exact.count,
          zip(entry.initials, foldedStem).allSatisfy({ foldedConsonantCode[Int($0)] == $1 }),
          foldedLasts.contains(foldedConsonantCode[Int(entry.initials[stem.count])])
        else { continue }
        let isExact = entry.initials.starts(with: exact)
        noteLearned(slot, bonus: isExact ? Ranking.exactInitialsBonus : 0)
      }
    }

    learnedMatches.sort { $0.learned + $0.bonus > $1.learned + $1.bonus }
    for (slot, learned, bonus) in learnedMatches {
      guard top.mightAdmit(score: rangeMaximum + learned + bonus) else { break }
      let entry = userWords.entries[slot]
      guard !entry.word.utf8.elementsEqual(typedWord.utf8) else { continue }
      let base =
        entryID(spelled: entry.codes, packed: userWords.codePrefixes[slot]).map { baseScores[$0] }
        ?? 0
      top.offer(
        Candidate(
          word: entry.word, score: base + learned + bonus, length: Int32(entry.initials.count),
          isLearned: true))
    }
    return top.items.map {
      Suggestion(word: $0.word, score: $0.score, isLearned: $0.isLearned)
    }
  }

  // MARK: - Parsing the typed word

  /// A typed word, ready for range queries: a prefix is `stem` followed by one of the
  /// alternatives for the last letter.
  enum ParsedQuery {
    case keypad(stem: [UInt8], lastAlternatives: [UInt8])
    case initials(stem: [UInt8], typedLast: UInt8, lastAlternatives: [UInt8])
    case none
  }

  func parse(_ typedWord: String, cyclingLastKey: [Choseong]?) -> ParsedQuery {
    if let consonants = consonantLetterCodes(of: typedWord), consonants.count >= 2,
      let last = consonants.last
    {
      return .initials(
        stem: Array(consonants.dropLast()), typedLast: last,
        lastAlternatives: alternatives(for: last, cycle: cyclingLastKey))
    }
    var codes: [UInt8] = []
    guard speller.appendCodes(of: typedWord, to: &codes), let last = codes.last else {
      return .none
    }
    return .keypad(
      stem: Array(codes.dropLast()),
      lastAlternatives: alternatives(for: last, cycle: cyclingLastKey))
  }

  /// The codes the last letter may stand for: the cycle (deduplicated, in order) when the
  /// letter is a consonant of it, otherwise just the letter.
  private func alternatives(for last: UInt8, cycle: [Choseong]?) -> [UInt8] {
    guard let cycle, last < Primitive.firstStrokeCode,
      cycle.contains(where: { $0.rawValue == last })
    else { return [last] }
    var result: [UInt8] = []
    for cho in cycle where !result.contains(cho.rawValue) { result.append(cho.rawValue) }
    return result
  }

  // MARK: - Ranges

  /// The ids whose primitive key starts with `stem + [last]`.
  func keypadRange(stem: [UInt8], last: UInt8) -> Range<Int> {
    let prefix = stem + [last]
    return keyCodes.withUnsafeBufferPointer { keys in
      prefix.withUnsafeBufferPointer { prefix in
        let lower = partition(count: counts.count) { id in
          comparePrefix(key(keys, Int(keyStarts[id]), Int(keyStarts[id + 1])), prefix) < 0
        }
        let upper = partition(count: counts.count) { id in
          comparePrefix(key(keys, Int(keyStarts[id]), Int(keyStarts[id + 1])), prefix) <= 0
        }
        return lower..<upper
      }
    }
  }

  /// The positions in `initialsOrder` whose folded initials start with `foldedPrefix`.
  func initialsRange(foldedPrefix: [UInt8]) -> Range<Int> {
    initialCodes.withUnsafeBufferPointer { keys in
      foldedPrefix.withUnsafeBufferPointer { prefix in
        func entryKey(_ position: Int) -> UnsafeBufferPointer<UInt8> {
          let id = Int(initialsOrder[position])
          return key(keys, Int(initialStarts[id]), Int(initialStarts[id + 1]))
        }
        let lower = partition(count: counts.count) { comparePrefixFolded(entryKey($0), prefix) < 0 }
        let upper = partition(count: counts.count) {
          comparePrefixFolded(entryKey($0), prefix) <= 0
        }
        return lower..<upper
      }
    }
  }
}

// MARK: - Helpers

@inline(__always)
func key(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
  -> UnsafeBufferPointer<UInt8>
{
  UnsafeBufferPointer(rebasing: buffer[start..<end])
}

/// The first index in `0..<count` for which `isBelow` is false; `isBelow` must be true for a
/// prefix of the indices and false after it.
private func partition(count: Int, isBelow: (Int) -> Bool) -> Int {
  var low = 0
  var high = count
  while low < high {
    let middle = low + (high - low) / 2
    if isBelow(middle) { low = middle + 1 } else { high = middle }
  }
  return low
}

/// Compares `key` cut to the length of `prefix` with `prefix`: 0 when `key` starts with it.
@inline(__always)
private func comparePrefix(_ key: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>)
  -> Int
{
  let cut = UnsafeBufferPointer(rebasing: key[0..<min(key.count, prefix.count)])
  return compareCodes(cut, prefix)
}

/// ``comparePrefix`` with the key folded; `prefix` is already folded.
@inline(__always)
private func comparePrefixFolded(
  _ key: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>
) -> Int {
  let cut = UnsafeBufferPointer(rebasing: key[0..<min(key.count, prefix.count)])
  return compareFolded(cut, prefix)
}

/// A candidate in the running top list.
struct Candidate {
  var word: String
  var score: Double
  var length: Int32
  var isLearned: Bool

  /// Better first: higher score, then shorter word, then word order.
  func precedes(_ other: Candidate) -> Bool {
    if score != other.score { return score > other.score }
    if length != other.length { return length < other.length }
    return wordPrecedes(word, other.word)
  }
}

/// The best `limit` candidates seen so far, best first.
struct TopList {
  let limit: Int
  private(set) var items: [Candidate] = []

  init(limit: Int) {
    self.limit = limit
    items.reserveCapacity(limit + 1)
  }

  /// False when a candidate with `score` cannot enter whatever its length and word.
  @inline(__always)
  func mightAdmit(score: Double) -> Bool {
    guard items.count == limit, let last = items.last else { return true }
    return score >= last.score
  }

  /// Inserts `candidate` in order if it is among the best `limit`.
  mutating func offer(_ candidate: Candidate) {
    if items.count == limit, let last = items.last, !candidate.precedes(last) { return }
    let index = items.firstIndex { candidate.precedes($0) } ?? items.count
    items.insert(candidate, at: index)
    if items.count > limit { items.removeLast() }
  }
}
