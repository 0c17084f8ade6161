import Testing

@testable import Suggestions

@Suite("The index as a compact file")
struct CompactIndexTests {
  private static let next = "안녕\t하세요\t10\n감사\t합니다\t500\n감사\t해요\t300\n행복\t해\t200\n"
  private static let key: UInt64 = 0x1234_5678

  private func built() throws -> SuggestionIndex {
    var index = try testIndex()
    index.nextWords = NextWords(parsing: Self.next)
    return index
  }

  /// Every prefix of every test word, and some initial-consonant queries.
  private var queries: [String] {
    let words = Lexicon.parseCorpus(testCorpusText).entries.map(\.word) + ["건강하세요"]
    var result = ["ㄱㅅ", "ㄲㅈ", "ㅎㅂ", "ㄱ", "ㅇ", "ㄱㆍ", "ㄱ‥"]
    for word in words {
      for length in 1...word.count { result.append(String(word.prefix(length))) }
    }
    return result
  }

  @Test("read back, it gives every query's suggestions and predictions as built")
  func roundTrip() throws {
    let index = try built()
    let read = try SuggestionIndex(
      compact: index.compactBytes(sourceKey: Self.key), speller: try speller(),
      sourceKey: Self.key)
    #expect(read.count == index.count)
    #expect(read.nextWords.count == index.nextWords.count)
    var user = UserWords(speller: try speller())
    user.learn("감사드려요", today: 3)
    user.learnPair(previous: "감사", next: "드려요", today: 3)
    for query in queries {
      #expect(read.suggestions(for: query, limit: 5) == index.suggestions(for: query, limit: 5))
      #expect(
        read.suggestions(for: query, user: user, today: 4)
          == index.suggestions(for: query, user: user, today: 4))
      #expect(read.corpusCount(of: query) == index.corpusCount(of: query))
    }
    for previous in ["안녕", "감사", "행복", "없음"] {
      #expect(read.predictions(after: previous) == index.predictions(after: previous))
      #expect(
        read.nextWords.after(previous).map(\.word) == index.nextWords.after(previous).map(\.word))
    }
  }

  @Test("an empty index round-trips too")
  func empty() throws {
    let index = SuggestionIndex(corpus: [], speller: try speller())
    let read = try SuggestionIndex(
      compact: index.compactBytes(sourceKey: 1), speller: try speller(), sourceKey: 1)
    #expect(read.count == 0)
    #expect(read.suggestions(for: "ㄱ").isEmpty)
  }

  @Test("a file built from other lists, another layout or another format is refused by name")
  func staleFiles() throws {
    let bytes = try built().compactBytes(sourceKey: Self.key)
    let speller = try speller()
    #expect(throws: CompactIndexProblem.otherSource) {
      try SuggestionIndex(compact: bytes, speller: speller, sourceKey: Self.key + 1)
    }
    var otherSpeller = bytes
    otherSpeller[16] ^= 0x01
    #expect(throws: CompactIndexProblem.otherSpeller) {
      try SuggestionIndex(compact: otherSpeller, speller: speller, sourceKey: Self.key)
    }
    var otherVersion = bytes
    otherVersion[8] &+= 1
    #expect(throws: CompactIndexProblem.otherVersion(found: SuggestionIndex.compactVersion + 1)) {
      try SuggestionIndex(compact: otherVersion, speller: speller, sourceKey: Self.key)
    }
    #expect(throws: CompactIndexProblem.notAnIndex) {
      try SuggestionIndex(compact: Array("안녕\t5\n".utf8), speller: speller, sourceKey: Self.key)
    }
    #expect(throws: CompactIndexProblem.notAnIndex) {
      try SuggestionIndex(compact: [], speller: speller, sourceKey: Self.key)
    }
  }

  @Test("a file cut short anywhere is refused as damaged")
  func truncated() throws {
    let bytes = try built().compactBytes(sourceKey: Self.key)
    let speller = try speller()
    for length in 1..<bytes.count {
      #expect(throws: CompactIndexProblem.self) {
        try SuggestionIndex(compact: Array(bytes[..<length]), speller: speller, sourceKey: Self.key)
      }
    }
  }

  @Test("any changed byte is caught by the checksum")
  func flippedBytes() throws {
    let bytes = try built().compactBytes(sourceKey: Self.key)
    let speller = try speller()
    for position in SuggestionIndex.compactHeaderSize..<bytes.count {
      var damaged = bytes
      damaged[position] ^= 0x5A
      #expect(throws: CompactIndexProblem.damaged("checksum mismatch")) {
        try SuggestionIndex(compact: damaged, speller: speller, sourceKey: Self.key)
      }
    }
  }

  /// A damaged file whose checksum was made to match (as a bug in a writer would): every offset
  /// and order is checked, so it is refused or, where the change is harmless (a count), read;
  /// either way every query answers.
  @Test("a damaged file with a matching checksum is refused or answers every query")
  func damagedWithMatchingChecksum() throws {
    let bytes = try built().compactBytes(sourceKey: Self.key)
    let speller = try speller()
    let header = SuggestionIndex.compactHeaderSize
    var refused = 0
    for position in header..<bytes.count {
      for change: UInt8 in [0x01, 0x80, 0xFF] {
        var damaged = bytes
        damaged[position] ^= change
        let checksum = compactChecksum(damaged[header...])
        withUnsafeBytes(of: checksum) { damaged.replaceSubrange(32..<40, with: $0) }
        do {
          let index = try SuggestionIndex(compact: damaged, speller: speller, sourceKey: Self.key)
          for query in queries { _ = index.suggestions(for: query) }
          for previous in ["안녕", "감사", "행복"] { _ = index.predictions(after: previous) }
        } catch {
          refused += 1
        }
      }
    }
    // Most changes land in an offset, a length or the order; the test must see them refused.
    #expect(refused > (bytes.count - header))
  }

  @Test("the checksum taken part by part, cut anywhere, is the checksum of the whole")
  func checksumInParts() throws {
    let bytes = try built().compactBytes(sourceKey: Self.key)
    let whole = compactChecksum(bytes[...])
    for cut in [1, 3, 7, 8, 9, 40, 41, bytes.count / 2, bytes.count - 1] {
      let rest = min(cut + 5, bytes.count)
      var parts = CompactChecksum()
      bytes[..<cut].withUnsafeBytes { parts.add($0) }
      for byte in bytes[cut..<rest] { withUnsafeBytes(of: byte) { parts.add($0) } }
      bytes[rest...].withUnsafeBytes { parts.add($0) }
      #expect(parts.value == whole, "cut at \(cut)")
    }
    #expect(compactChecksum(bytes[1...]) != whole)
  }

  @Test("the file written part by part is the bytes, and a source read part by part reads it")
  func streamed() throws {
    let index = try built()
    var parts: [[UInt8]] = []
    index.writeCompact(sourceKey: Self.key) { parts.append(Array($0)) }
    #expect(parts.count > 15)
    #expect(Array(parts.joined()) == index.compactBytes(sourceKey: Self.key))
    var source = CompactBytes(bytes: Array(parts.joined()) + [0])
    #expect(throws: CompactIndexProblem.damaged("checksum mismatch")) {
      try SuggestionIndex(compact: &source, speller: try speller(), sourceKey: Self.key)
    }
  }
}
