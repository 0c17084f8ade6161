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
  public init(parsing text: String) {
    for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      if line.first == "#" || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, isAllSyllables(fields[0]), isAllSyllables(fields[1]),
        let perMille = Int(fields[2]), (1...1000).contains(perMille)
      else {
        skippedRows += 1
        continue
      }
      table[String(fields[0]), default: []].append((String(fields[1]), perMille))
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
