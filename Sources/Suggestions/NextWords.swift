/// The words likely to follow a word: what the bar offers after a space (`ko-next.tsv`).
///
/// Each row is `word<TAB>next<TAB>per-mille`, the language model's probability of `next`
/// after `word` in thousandths. Rows may come in any order; a word keeps its next words best
/// first. Malformed rows are skipped and counted, so a damaged file gives fewer predictions,
/// never a failure.
public struct NextWords: Sendable {
  private var table: [String: [(word: String, perMille: Int)]] = [:]
  /// Rows that could not be read (a missing field, a count that is not a number …).
  public private(set) var skippedRows = 0

  public init() {}

  /// Reads `ko-next.tsv`; `#` lines and blank lines are comments.
  ///
  /// Lines are split on their UTF-8 bytes: splitting 35,000 rows into Characters took a
  /// noticeable share of the bar's load.
  public init(parsing text: String) {
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
      table[word, default: []].append((next, perMille))
    }
    for key in table.keys {
      table[key]?.sort {
        $0.perMille != $1.perMille ? $0.perMille > $1.perMille : $0.word < $1.word
      }
    }
  }

  /// The number of words with next words.
  public var count: Int { table.count }

  /// The words that follow `previous`, best first, with their probability in thousandths.
  public func after(_ previous: some StringProtocol) -> [(word: String, perMille: Int)] {
    table[String(previous)] ?? []
  }
}
