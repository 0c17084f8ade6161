/// The words likely to follow a word: what the bar offers after a space (`ko-next.tsv`).
///
/// Each row is `word<TAB>next<TAB>per-mille`, the language model's probability of `next`
/// after `word` in thousandths. Rows may come in any order; a word keeps its next words best
/// first. Malformed rows are skipped and counted, so a damaged file gives fewer predictions,
/// never a failure.
public struct NextWords: Sendable {
  // Flat arrays, so the compact file holds them as they are: the previous words sorted by
  // UTF-8 bytes (found by binary search), each with a run of rows, best first.
  var keyBytes: [UInt8] = []
  var keyStarts: [Int32] = [0]
  /// Where each previous word's rows start in the row arrays; one more than the words.
  var rowStarts: [Int32] = [0]
  var nextBytes: [UInt8] = []
  var nextStarts: [Int32] = [0]
  var perMilles: [Int32] = []
  /// Rows that could not be read (a missing field, a count that is not a number …).
  public internal(set) var skippedRows = 0

  public init() {}

  /// Reads `ko-next.tsv`; `#` lines and blank lines are comments.
  ///
  /// Lines are split on their UTF-8 bytes: splitting 35,000 rows into Characters took a
  /// noticeable share of the bar's load.
  public init(parsing text: String) {
    var table: [WordKey: [(word: String, perMille: Int)]] = [:]
    for line in text.utf8.split(separator: 0x0A) {
      let bytes = line.last == 0x0D ? line.dropLast() : line[...]
      if bytes.first == UInt8(ascii: "#") || bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
        continue
      }
      let fields = bytes.split(separator: 0x09, omittingEmptySubsequences: false)
      guard fields.count == 3, let word = String(fields[0]), let next = String(fields[1]),
        isAllSyllables(word), isAllSyllables(next),
        let perMille = Int(String(decoding: fields[2], as: UTF8.self)),
        (1...1000).contains(perMille)
      else {
        skippedRows += 1
        continue
      }
      table[WordKey(word), default: []].append((next, perMille))
    }
    let keys = table.keys.sorted { wordPrecedes($0.word, $1.word) }
    for key in keys {
      let rows = (table[key] ?? []).sorted {
        $0.perMille != $1.perMille ? $0.perMille > $1.perMille : wordPrecedes($0.word, $1.word)
      }
      keyBytes.append(contentsOf: key.word.utf8)
      keyStarts.append(Int32(keyBytes.count))
      for row in rows {
        nextBytes.append(contentsOf: row.word.utf8)
        nextStarts.append(Int32(nextBytes.count))
        perMilles.append(Int32(row.perMille))
      }
      rowStarts.append(Int32(perMilles.count))
    }
  }

  /// The number of words with next words.
  public var count: Int { keyStarts.count - 1 }

  /// The words that follow `previous`, best first, with their probability in thousandths.
  public func after(_ previous: some StringProtocol) -> [(word: String, perMille: Int)] {
    var previous = String(previous)
    let found: Int? = previous.withUTF8 { wanted in
      keyBytes.withUnsafeBufferPointer { keys in
        var (low, high) = (0, count)
        while low < high {
          let middle = low + (high - low) / 2
          let order = compareCodes(
            key(keys, Int(keyStarts[middle]), Int(keyStarts[middle + 1])), wanted)
          if order == 0 { return middle }
          if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
      }
    }
    guard let found else { return [] }
    return nextBytes.withUnsafeBufferPointer { bytes in
      (Int(rowStarts[found])..<Int(rowStarts[found + 1])).map { row in
        let word = String(
          decoding: key(bytes, Int(nextStarts[row]), Int(nextStarts[row + 1])), as: UTF8.self)
        return (word, Int(perMilles[row]))
      }
    }
  }
}
