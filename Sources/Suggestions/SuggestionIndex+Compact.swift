// The index as one flat file, so a start reads it instead of parsing and sorting 250,000 words.
//
// Layout (native byte order: the file is a cache of this machine's own build, never shipped):
//   8 bytes  magic "CJIINDEX"
//   4 bytes  format version, 4 bytes section count
//   8 bytes  the speller's fingerprint (the codes depend on the layout's vowel rules)
//   8 bytes  the source key (the caller's digest of the lists the index was built from)
//   8 bytes  checksum of everything after the header
//   sections: an 8-byte byte count, then the array's bytes, padded to 8 bytes.
// Writing and reading stream the sections: the file's bytes are never held beside the arrays
// (17 MB more at the peak of a start). Reading checks every offset and order a query relies on,
// so a damaged file is refused (and rebuilt by the caller), never trusted into a crash.

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
    var bytes: [UInt8] = []
    writeCompact(sourceKey: sourceKey) { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Hands the bytes of ``compactBytes(sourceKey:)`` to `write` in parts, in order, without
  /// making the whole file in memory.
  public func writeCompact(
    sourceKey: UInt64, to write: (UnsafeRawBufferPointer) throws -> Void
  ) rethrows {
    var checksum = CompactChecksum()
    forEachSection { checksum.addSection($0) }
    var header = Self.compactMagic
    func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value) { header.append(contentsOf: $0) }
    }
    append(Self.compactVersion)
    append(Self.compactSectionCount)
    append(speller.fingerprint)
    append(sourceKey)
    append(checksum.value)
    try header.withUnsafeBytes(write)
    let zeros = [UInt8](repeating: 0, count: 8)
    try forEachSection { section in
      try withUnsafeBytes(of: UInt64(section.count), write)
      try write(section)
      try zeros.withUnsafeBytes {
        try write(UnsafeRawBufferPointer(rebasing: $0[..<padding(section.count)]))
      }
    }
  }

  /// Each section's bytes, in the file's order.
  private func forEachSection(_ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
    try wordBytes.withUnsafeBytes(body)
    try wordStarts.withUnsafeBytes(body)
    try counts.withUnsafeBytes(body)
    try baseScores.withUnsafeBytes(body)
    try keyCodes.withUnsafeBytes(body)
    try keyStarts.withUnsafeBytes(body)
    try initialCodes.withUnsafeBytes(body)
    try initialStarts.withUnsafeBytes(body)
    try initialsOrder.withUnsafeBytes(body)
    try nextWords.keyBytes.withUnsafeBytes(body)
    try nextWords.keyStarts.withUnsafeBytes(body)
    try nextWords.rowStarts.withUnsafeBytes(body)
    try nextWords.nextBytes.withUnsafeBytes(body)
    try nextWords.nextStarts.withUnsafeBytes(body)
    try nextWords.perMilles.withUnsafeBytes(body)
  }

  /// Reads an index written by ``compactBytes(sourceKey:)``.
  ///
  /// - Throws: ``CompactIndexProblem``: the file is not an index, of another version, speller
  ///   or source, or damaged. Every offset, bound and order a query relies on is checked, so no
  ///   file makes a query fail.
  public init(compact file: [UInt8], speller: PrimitiveSpeller, sourceKey: UInt64)
    throws(CompactIndexProblem)
  {
    var source = CompactBytes(bytes: file)
    try self.init(compact: &source, speller: speller, sourceKey: sourceKey)
  }

  /// Reads an index written by ``writeCompact(sourceKey:to:)`` from `source`, each section
  /// straight into its array.
  ///
  /// - Throws: As ``init(compact:speller:sourceKey:)``, and what `source` throws.
  public init<Source: CompactIndexSource>(
    compact source: inout Source, speller: PrimitiveSpeller, sourceKey: UInt64
  ) throws(CompactIndexProblem) {
    let header = try source.header(Self.compactHeaderSize)
    guard header.count == Self.compactHeaderSize, header.starts(with: Self.compactMagic) else {
      throw Self.compactMagic.starts(with: header.prefix(Self.compactMagic.count))
        && !header.isEmpty ? .damaged("cut short in the header") : .notAnIndex
    }
    func value<T: FixedWidthInteger>(at offset: Int, _: T.Type) -> T {
      header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }
    let version = value(at: 8, UInt32.self)
    guard version == Self.compactVersion else { throw .otherVersion(found: version) }
    guard value(at: 12, UInt32.self) == Self.compactSectionCount else {
      throw .damaged("section count \(value(at: 12, UInt32.self))")
    }
    guard value(at: 16, UInt64.self) == speller.fingerprint else { throw .otherSpeller }
    guard value(at: 24, UInt64.self) == sourceKey else { throw .otherSource }
    let checksum = value(at: 32, UInt64.self)
    var reader = CompactReader(source: source)
    defer { source = reader.source }
    var next = NextWords()
    do throws(CompactIndexProblem) {
      wordBytes = try reader.array()
      wordStarts = try reader.array()
      counts = try reader.array()
      baseScores = try reader.array()
      keyCodes = try reader.array()
      keyStarts = try reader.array()
      initialCodes = try reader.array()
      initialStarts = try reader.array()
      initialsOrder = try reader.array()
      next.keyBytes = try reader.array()
      next.keyStarts = try reader.array()
      next.rowStarts = try reader.array()
      next.nextBytes = try reader.array()
      next.nextStarts = try reader.array()
      next.perMilles = try reader.array()
      guard reader.source.remaining == 0 else { throw .damaged("bytes after the last section") }
    } catch {
      // A section that does not hold is most likely a changed byte: the checksum says so.
      try reader.drain()
      throw reader.checksum.value == checksum ? error : .damaged("checksum mismatch")
    }
    guard reader.checksum.value == checksum else { throw .damaged("checksum mismatch") }
    self.speller = speller
    packedKeys = Self.packedKeys(codes: keyCodes, starts: keyStarts)
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

/// FNV-1a over 8-byte words (then the tail's bytes): cheap enough to check 17 MB at each start.
func compactChecksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
  var checksum = CompactChecksum()
  bytes.withUnsafeBytes { checksum.add($0) }
  return checksum.value
}

/// ``compactChecksum(_:)`` taken part by part: the same value for the same bytes, however they
/// are cut.
struct CompactChecksum {
  private static let prime: UInt64 = 0x100_0000_01B3
  private var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  /// Bytes waiting for the rest of their word, in memory order, and how many.
  private var pending: UInt64 = 0
  private var pendingCount = 0

  mutating func add(_ raw: UnsafeRawBufferPointer) {
    var index = 0
    while pendingCount > 0, index < raw.count {
      addPending(raw[index])
      index += 1
    }
    while raw.count - index >= 8 {
      hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* Self.prime
      index += 8
    }
    for byte in raw[index...] { addPending(byte) }
  }

  /// A section as the file holds it: its byte count, its bytes, the zeros to 8 bytes.
  mutating func addSection(_ raw: UnsafeRawBufferPointer) {
    withUnsafeBytes(of: UInt64(raw.count)) { add($0) }
    add(raw)
    let zeros: UInt64 = 0
    withUnsafeBytes(of: zeros) { add(UnsafeRawBufferPointer(rebasing: $0[..<padding(raw.count)])) }
  }

  private mutating func addPending(_ byte: UInt8) {
    withUnsafeMutableBytes(of: &pending) { $0[pendingCount] = byte }
    pendingCount += 1
    if pendingCount == 8 {
      hash = (hash ^ pending) &* Self.prime
      pendingCount = 0
    }
  }

  /// The checksum of the bytes so far: a tail short of a word counts byte by byte.
  var value: UInt64 {
    var result = hash
    withUnsafeBytes(of: pending) { bytes in
      for byte in bytes.prefix(pendingCount) { result = (result ^ UInt64(byte)) &* Self.prime }
    }
    return result
  }
}

/// The zeros that take `length` bytes to a multiple of 8.
private func padding(_ length: Int) -> Int { (8 - length % 8) % 8 }

/// Where a compact index is read from: its bytes, or a file read part by part.
public protocol CompactIndexSource {
  /// The bytes not read yet: no section may claim more.
  var remaining: Int { get }
  /// Fills `buffer` with the next bytes, all of it; `remaining` covers it.
  ///
  /// - Throws: ``CompactIndexProblem/damaged(_:)`` when the bytes cannot be read.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(CompactIndexProblem)
}

extension CompactIndexSource {
  /// Up to `count` first bytes.
  mutating func header(_ count: Int) throws(CompactIndexProblem) -> [UInt8] {
    let length = min(count, remaining)
    return try [UInt8](unsafeUninitializedCapacity: length) {
      (buffer, initialized) throws(CompactIndexProblem) in
      try read(into: UnsafeMutableRawBufferPointer(buffer))
      initialized = length
    }
  }
}

/// A compact index already in memory.
struct CompactBytes: CompactIndexSource {
  let bytes: [UInt8]
  var offset = 0

  var remaining: Int { bytes.count - offset }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer)
    throws(CompactIndexProblem)
  {
    guard buffer.count <= remaining else { throw .damaged("cut short at byte \(offset)") }
    bytes.withUnsafeBytes { raw in
      buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + buffer.count]))
    }
    offset += buffer.count
  }
}

/// Reads the sections ``SuggestionIndex/writeCompact(sourceKey:to:)`` wrote, each into its
/// array, refusing any that would run past the end, and sums the bytes for the checksum.
struct CompactReader<Source: CompactIndexSource> {
  var source: Source
  var checksum = CompactChecksum()

  mutating func array<T: BitwiseCopyable>() throws(CompactIndexProblem) -> [T] {
    guard source.remaining >= 8 else { throw .damaged("cut short in a section's length") }
    var declared: UInt64 = 0
    try withUnsafeMutableBytes(of: &declared) { (raw) throws(CompactIndexProblem) in
      try fill(raw)
    }
    let stride = MemoryLayout<T>.stride
    guard declared <= UInt64(source.remaining), declared % UInt64(stride) == 0 else {
      throw .damaged("a section of \(declared) bytes runs past the end")
    }
    let length = Int(declared)
    guard length + padding(length) <= source.remaining else {
      throw .damaged("cut short in a section's padding")
    }
    let result = try [T](unsafeUninitializedCapacity: length / stride) {
      (buffer, initialized) throws(CompactIndexProblem) in
      try fill(UnsafeMutableRawBufferPointer(buffer))
      initialized = length / stride
    }
    var zeros: UInt64 = 0
    try withUnsafeMutableBytes(of: &zeros) { (raw) throws(CompactIndexProblem) in
      try fill(UnsafeMutableRawBufferPointer(rebasing: raw[..<padding(length)]))
    }
    return result
  }

  /// Reads the next bytes into `buffer`, summed.
  private mutating func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(CompactIndexProblem) {
    try source.read(into: buffer)
    checksum.add(UnsafeRawBufferPointer(buffer))
  }

  /// Sums the rest of the source, so a damaged section can be told from a changed byte.
  mutating func drain() throws(CompactIndexProblem) {
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { chunk.deallocate() }
    while source.remaining > 0 {
      try fill(
        UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunk.count, source.remaining)]))
    }
  }
}
