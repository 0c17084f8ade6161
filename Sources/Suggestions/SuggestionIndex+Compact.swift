// The index as one flat file, so a start reads it instead of parsing and sorting 250,000 words.
//
// Layout (native byte order: the file is a cache of this machine's own build, never shipped):
//   8 bytes  magic "CJIINDEX"
//   4 bytes  format version, 4 bytes section count
//   8 bytes  the speller's fingerprint (the codes depend on the layout's vowel rules)
//   8 bytes  the source key (the caller's digest of the lists the index was built from)
//   8 bytes  checksum of everything after the header
//   sections: an 8-byte byte count, then the array's bytes, padded to 8 bytes.
// Reading copies each array out whole and checks every offset and order a query relies on, so
// a damaged file is refused (and rebuilt by the caller), never trusted into a crash.

/// Why a compact index file was not used; the caller builds the index from the lists instead.
public enum CompactIndexProblem: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not start with the index's magic bytes.
  case notAnIndex
  /// Written by another version of the format.
  case otherVersion(found: UInt32)
  /// Built for other vowel rules (another layout).
  case otherSpeller
  /// Built from other word lists: they changed since.
  case otherSource
  /// Cut short, a checksum mismatch, or an offset or order that does not hold.
  case damaged(String)

  public var description: String {
    switch self {
    case .notAnIndex: "not a suggestion index (wrong magic bytes)"
    case .otherVersion(let found):
      "index format \(found), this version reads \(SuggestionIndex.compactVersion)"
    case .otherSpeller: "built for another layout's vowel rules"
    case .otherSource: "built from other word lists (they changed since)"
    case .damaged(let what): "damaged: \(what)"
    }
  }
}

extension SuggestionIndex {
  static let compactMagic: [UInt8] = Array("CJIINDEX".utf8)
  /// The format's version; a file of another version is rebuilt.
  public static let compactVersion: UInt32 = 1
  static let compactHeaderSize = 40
  static let compactSectionCount: UInt32 = 15

  /// The index and its next words as one flat file, for ``init(compact:speller:sourceKey:)``.
  ///
  /// - Parameter sourceKey: A digest of the lists it was built from (sizes, times): a file
  ///   whose key differs from the lists' current one is stale.
  public func compactBytes(sourceKey: UInt64) -> [UInt8] {
    var body = CompactWriter()
    body.append(wordBytes)
    body.append(wordStarts)
    body.append(counts)
    body.append(baseScores)
    body.append(keyCodes)
    body.append(keyStarts)
    body.append(initialCodes)
    body.append(initialStarts)
    body.append(initialsOrder)
    body.append(nextWords.keyBytes)
    body.append(nextWords.keyStarts)
    body.append(nextWords.rowStarts)
    body.append(nextWords.nextBytes)
    body.append(nextWords.nextStarts)
    body.append(nextWords.perMilles)
    var header = CompactWriter()
    header.bytes = Self.compactMagic
    header.appendValue(Self.compactVersion)
    header.appendValue(Self.compactSectionCount)
    header.appendValue(speller.fingerprint)
    header.appendValue(sourceKey)
    header.appendValue(compactChecksum(body.bytes[...]))
    return header.bytes + body.bytes
  }

  /// Reads an index written by ``compactBytes(sourceKey:)``.
  ///
  /// - Throws: ``CompactIndexProblem``: the file is not an index, of another version, speller
  ///   or source, or damaged. Every offset, bound and order a query relies on is checked, so no
  ///   file makes a query fail.
  public init(compact file: [UInt8], speller: PrimitiveSpeller, sourceKey: UInt64)
    throws(CompactIndexProblem)
  {
    let header = Self.compactHeaderSize
    guard file.count >= header, file.starts(with: Self.compactMagic) else {
      throw file.count < header && Self.compactMagic.starts(with: file) && !file.isEmpty
        ? .damaged("cut short in the header") : .notAnIndex
    }
    func value<T: FixedWidthInteger>(at offset: Int, _: T.Type) -> T {
      file.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }
    let version = value(at: 8, UInt32.self)
    guard version == Self.compactVersion else { throw .otherVersion(found: version) }
    guard value(at: 12, UInt32.self) == Self.compactSectionCount else {
      throw .damaged("section count \(value(at: 12, UInt32.self))")
    }
    guard value(at: 16, UInt64.self) == speller.fingerprint else { throw .otherSpeller }
    guard value(at: 24, UInt64.self) == sourceKey else { throw .otherSource }
    guard value(at: 32, UInt64.self) == compactChecksum(file[header...]) else {
      throw .damaged("checksum mismatch")
    }
    var reader = CompactReader(file: file, offset: header)
    self.speller = speller
    wordBytes = try reader.array()
    wordStarts = try reader.array()
    counts = try reader.array()
    baseScores = try reader.array()
    keyCodes = try reader.array()
    keyStarts = try reader.array()
    packedKeys = Self.packedKeys(codes: keyCodes, starts: keyStarts)
    initialCodes = try reader.array()
    initialStarts = try reader.array()
    initialsOrder = try reader.array()
    var next = NextWords()
    next.keyBytes = try reader.array()
    next.keyStarts = try reader.array()
    next.rowStarts = try reader.array()
    next.nextBytes = try reader.array()
    next.nextStarts = try reader.array()
    next.perMilles = try reader.array()
    guard reader.offset == file.count else { throw .damaged("bytes after the last section") }
    nextWords = next
    maximumBaseScore = baseScores.max() ?? 0
    scoreTree = ScoreTree(baseScores)
    try checkCompact()
  }

  /// Checks what the queries rely on: offsets in bounds and in order, codes in range, entries
  /// sorted as the binary searches expect.
  private func checkCompact() throws(CompactIndexProblem) {
    let count = counts.count
    guard baseScores.count == count, initialsOrder.count == count,
      baseScores.allSatisfy({ $0.isFinite })
    else { throw .damaged("entry arrays of different lengths") }
    try checkOffsets(wordStarts, entries: count, total: wordBytes.count, "word offsets")
    try checkOffsets(keyStarts, entries: count, total: keyCodes.count, "key offsets")
    try checkOffsets(initialStarts, entries: count, total: initialCodes.count, "initials offsets")
    for id in 0..<count {
      let syllables = initialStarts[id + 1] - initialStarts[id]
      guard syllables > 0, wordStarts[id + 1] - wordStarts[id] == 3 * syllables,
        keyStarts[id + 1] > keyStarts[id]
      else { throw .damaged("entry \(id) has no syllables, or its lengths disagree") }
    }
    guard initialCodes.allSatisfy({ Int($0) < foldedConsonantCode.count }) else {
      throw .damaged("an initial consonant code out of range")
    }
    guard initialsOrder.allSatisfy({ $0 >= 0 && Int($0) < count }) else {
      throw .damaged("an entry number out of range")
    }
    let sorted = keyCodes.withUnsafeBufferPointer { keys in
      initialCodes.withUnsafeBufferPointer { initials in
        (1..<max(1, count)).allSatisfy { id in
          compareCodes(
            key(keys, Int(keyStarts[id - 1]), Int(keyStarts[id])),
            key(keys, Int(keyStarts[id]), Int(keyStarts[id + 1]))) < 0
        }
          && (1..<max(1, count)).allSatisfy { position in
            let (a, b) = (Int(initialsOrder[position - 1]), Int(initialsOrder[position]))
            return compareFolded(
              key(initials, Int(initialStarts[a]), Int(initialStarts[a + 1])),
              key(initials, Int(initialStarts[b]), Int(initialStarts[b + 1]))) <= 0
          }
      }
    }
    guard sorted else { throw .damaged("entries out of order") }

    let next = nextWords
    let words = next.keyStarts.count - 1
    try checkOffsets(next.keyStarts, entries: words, total: next.keyBytes.count, "next keys")
    try checkOffsets(next.rowStarts, entries: words, total: next.perMilles.count, "next rows")
    try checkOffsets(
      next.nextStarts, entries: next.perMilles.count, total: next.nextBytes.count, "next words")
    guard next.perMilles.allSatisfy({ (1...1000).contains($0) }) else {
      throw .damaged("a next-word probability outside 1…1000")
    }
    let keysSorted = next.keyBytes.withUnsafeBufferPointer { keys in
      (1..<max(1, words)).allSatisfy { index in
        compareCodes(
          key(keys, Int(next.keyStarts[index - 1]), Int(next.keyStarts[index])),
          key(keys, Int(next.keyStarts[index]), Int(next.keyStarts[index + 1]))) < 0
      }
    }
    guard keysSorted else { throw .damaged("next-word keys out of order") }
  }
}

/// Offsets of `entries` runs: one more than the entries, from 0 up to `total`, never falling.
private func checkOffsets(_ starts: [Int32], entries: Int, total: Int, _ what: String)
  throws(CompactIndexProblem)
{
  guard entries >= 0, starts.count == entries + 1, starts.first == 0,
    Int(starts[entries]) == total
  else { throw .damaged("\(what): wrong count or end") }
  for index in 0..<entries where starts[index + 1] < starts[index] {
    throw .damaged("\(what): falls at \(index)")
  }
}

/// FNV-1a over 8-byte words (then the tail's bytes): cheap enough to check 10 MB at each start.
func compactChecksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
  let prime: UInt64 = 0x100_0000_01B3
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  bytes.withUnsafeBytes { raw in
    let words = raw.count / 8
    for index in 0..<words {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
    }
    for index in (words * 8)..<raw.count { hash = (hash ^ UInt64(raw[index])) &* prime }
  }
  return hash
}

/// Appends arrays as length-prefixed, 8-byte-padded sections.
struct CompactWriter {
  var bytes: [UInt8] = []

  mutating func appendValue<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
  }

  mutating func append<T: BitwiseCopyable>(_ array: [T]) {
    let length = array.count * MemoryLayout<T>.stride
    appendValue(UInt64(length))
    array.withUnsafeBytes { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: repeatElement(0, count: (8 - length % 8) % 8))
  }
}

/// Reads the sections ``CompactWriter`` wrote, refusing any that would run past the file.
struct CompactReader {
  let file: [UInt8]
  var offset: Int

  mutating func array<T: BitwiseCopyable>() throws(CompactIndexProblem) -> [T] {
    guard file.count - offset >= 8 else { throw .damaged("cut short at byte \(offset)") }
    let declared = file.withUnsafeBytes {
      $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }
    let stride = MemoryLayout<T>.stride
    let available = UInt64(file.count - offset - 8)
    guard declared <= available, declared % UInt64(stride) == 0 else {
      throw .damaged("a section at byte \(offset) runs past the end")
    }
    let length = Int(declared)
    let padded = length + (8 - length % 8) % 8
    guard padded <= Int(available) else { throw .damaged("cut short at byte \(offset)") }
    let start = offset + 8
    let result = [T](unsafeUninitializedCapacity: length / stride) { buffer, initialized in
      file.withUnsafeBytes { raw in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: raw[start..<start + length]))
      }
      initialized = length / stride
    }
    offset = start + padded
    return result
  }
}
