import Suggestions

/// Several queries (`-e` given more than once) matched in one pass: a trie of the queries of
/// each kind, walked once per word, instead of every query tried on every word (300 queries
/// on 16 MB took 8.8 s; GNU `grep -F` does it at once).
///
/// A line matches when any query does, with exactly the rules of ``GrepPattern``: both walk
/// words with ``WordMatcher``, this one through a trie.
struct GrepPatternSet: Sendable {
  private let initials: QueryTrie?
  private let keypad: QueryTrie?
  private let literal: QueryTrie?
  private let wholeWord: Bool
  private let folds: Bool
  private let ignoresCase: Bool
  private let speller: PrimitiveSpeller

  /// The queries, which share their options (one command line gives them all).
  init(_ first: GrepPattern, _ more: [GrepPattern]) {
    let patterns = [first] + more
    func trie(of kind: GrepQueryKind) -> QueryTrie? {
      let queries = patterns.filter { $0.kind == kind }.map(\.query)
      guard !queries.isEmpty else { return nil }
      var trie = QueryTrie()
      for query in queries { trie.insert(query) }
      return trie
    }
    initials = trie(of: .initialConsonants)
    keypad = trie(of: .keypad)
    literal = trie(of: .literal)
    wholeWord = first.wholeWord
    folds = first.folds
    ignoresCase = first.ignoresCase
    speller = first.speller
  }

  /// Whether any word of the line matches any query.
  func matches(line: UnsafeBufferPointer<UInt8>) -> Bool {
    var found = false
    withMatcher { matcher in
      forEachWord(line, stripsEnd: wholeWord) { start, end in
        found = matches(matcher, line, start, end)
        return !found
      }
    }
    return found
  }

  /// The byte ranges of the words any query matches, in line order (for `-o`).
  func matchingWordRanges(in line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    withMatcher { matcher in
      forEachWord(line) { start, end in
        if matches(matcher, line, start, end) { ranges.append(start..<end) }
        return true
      }
    }
    return ranges
  }

  private func withMatcher(_ body: (WordMatcher) -> Void) {
    WordMatcher.with(
      wholeWord: wholeWord, folds: folds, ignoresCase: ignoresCase, speller: speller, body)
  }

  private func matches(
    _ matcher: WordMatcher, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
  ) -> Bool {
    if let initials,
      matcher.matchesInitials(from: TrieCursor(trie: initials), bytes, start, end)
    {
      return true
    }
    if let keypad, matcher.matchesKeypad(from: TrieCursor(trie: keypad), bytes, start, end) {
      return true
    }
    if let literal, matcher.matchesLiteral(from: TrieCursor(trie: literal), bytes, start, end) {
      return true
    }
    return false
  }
}

/// How far a word has matched the queries of a trie: the node it has reached.
private struct TrieCursor: QueryCursor {
  let trie: QueryTrie
  var node = 0

  @inline(__always)
  mutating func advance(_ code: UInt8) -> Bool {
    guard let next = trie.child(of: node, code) else { return false }
    node = next
    return true
  }

  var isAtEnd: Bool { trie.isEnd[node] }
}

/// Byte strings in a trie; the edges in one hash table keyed by node and byte, so memory
/// grows with the queries' total length, even for thousands of them.
struct QueryTrie: Sendable {
  private var edges: [Int: Int32] = [:]
  /// Whether a query ends at each node; node 0 is the root.
  private(set) var isEnd: [Bool] = [false]

  mutating func insert(_ codes: [UInt8]) {
    var node = 0
    for code in codes {
      if let next = child(of: node, code) {
        node = next
      } else {
        let next = isEnd.count
        edges[node << 8 | Int(code)] = Int32(next)
        isEnd.append(false)
        node = next
      }
    }
    isEnd[node] = true
  }

  @inline(__always)
  func child(of node: Int, _ code: UInt8) -> Int? {
    edges[node << 8 | Int(code)].map(Int.init)
  }
}
