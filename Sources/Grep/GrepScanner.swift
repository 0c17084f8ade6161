/// Receives what a ``GrepScanner`` selects, in output order; the receiver decides how it looks
/// (the `cheonjiin grep` command prints it as GNU grep does).
///
/// Lines are passed as they were read, without their `\n` (a `\r` or a byte-order mark
/// stays); the buffers are only valid during the call.
public protocol GrepOutput {
  /// A line to show: a selected line, or a context line around one (`-A -B -C`).
  ///
  /// - Parameters:
  ///   - line: The line's bytes.
  ///   - number: Its 1-based line number.
  ///   - isSelected: Whether the line is selected (matching, or not matching with `-v`), not
  ///     context.
  mutating func line(_ line: UnsafeBufferPointer<UInt8>, number: Int, isSelected: Bool)
  /// `-o`: one matching word of line `number`, punctuation stripped; a line's words come in
  /// line order, each once.
  mutating func word(_ word: UnsafeBufferPointer<UInt8>, number: Int, isSelected: Bool)
  /// The next line shown does not follow the last one shown (grep prints `--` here).
  mutating func groupBreak()
  /// `-c`: how many lines the file selected; once, from ``GrepScanner/finish(into:)``.
  mutating func count(_ selectedLines: Int)
  /// `-l` / `-L`: the file is listed; once at most, from ``GrepScanner/finish(into:)``.
  mutating func fileListed()
}

/// Greps one file (or standard input) without I/O or formatting.
///
/// Feed it bytes or lines, and it tells a ``GrepOutput`` what grep shows for them.
///
/// It decides which lines are selected (the queries, `-v`, `-m`), which are shown as context
/// (`-A -B -C`) and where groups of shown lines break, what `-o` shows of a line, and what is
/// left for the end (`-c`, `-l`, `-L`).
///
/// ```swift
/// var scanner = GrepScanner(pattern: pattern, options: options)
/// var output = MyOutput()  // a GrepOutput
/// while let chunk = read(), !scanner.isDone {
///   chunk.withUnsafeBufferPointer { scanner.scan($0, into: &output) }
/// }
/// scanner.finish(into: &output)
/// // exit status: 0 if any scanner has selectedLineCount > 0, else 1
/// ```
public struct GrepScanner: Sendable {
  /// The longest line searched unless told otherwise: 64 MiB.
  ///
  /// A longer line is skipped (see ``firstSkippedLine``), so a file with no newline
  /// (`/dev/zero`) cannot take all memory.
  public static let defaultMaxLineLength = 64 << 20

  /// The compiled query.
  public let pattern: GrepPattern
  /// More queries (`-e` given again): a line matches when any query does.
  public let alternatives: [GrepPattern]
  /// All the queries in one trie, when there are several.
  private let patternSet: GrepPatternSet?
  public let options: GrepOptions
  private let maxLineLength: Int
  /// Context is only printed with the lines themselves, not with `-c -l -L`.
  private let separatesGroups: Bool
  private let linesBefore: Int
  private let linesAfter: Int
  /// Whether an earlier file showed lines: grep breaks before this file's first group.
  private let followsEarlierOutput: Bool

  /// The bytes of a line split across chunks.
  private var partialLine: [UInt8] = []
  /// True while dropping the rest of a line longer than `maxLineLength`.
  private var isSkippingLine = false
  /// The unprinted lines that may become before-context.
  private var beforeContext = ContextLines()
  /// How many more lines to print as after-context.
  private var afterContextLeft = 0
  /// The number of the last line shown, to break between groups that are not adjacent.
  private var lastPrintedLine = 0
  /// True once `-m` is reached: only trailing context is shown after that.
  private var hasReachedMaxCount: Bool

  /// Lines read so far, skipped ones included.
  public private(set) var lineCount = 0
  /// Lines selected so far (matching, or not matching with `-v`): grep exits 0 if any file
  /// selected a line.
  public private(set) var selectedLineCount = 0
  /// The number of the first line skipped for being longer than the limit, or `nil`.
  ///
  /// The caller reports it; grep's exit status is then 2 (unless `-q` found a line).
  public private(set) var firstSkippedLine: Int? = nil
  /// Whether a line was shown (or, with `-o`, handled as shown): then a later file's first
  /// context group starts with a break.
  public private(set) var hasPrintedLines = false
  /// True once the rest of the file cannot change the output (`-m` reached and its trailing
  /// context shown, or `-l` / `-L` decided), so the caller may stop reading.
  public private(set) var isDone: Bool

  /// Creates a scanner for one file.
  ///
  /// - Parameters:
  ///   - pattern: The compiled query.
  ///   - alternatives: More queries (`-e` given again); a line matches when any query does.
  ///   - options: What to select and show (`-v -c -o -m -l -L -A -B -C`); matching options
  ///     are in `pattern`.
  ///   - followsEarlierOutput: Whether an earlier file showed lines (its scanner's
  ///     ``hasPrintedLines``), so that this file's first context group starts with a break.
  ///   - maxLineLength: The longest line searched, in bytes; longer lines are skipped.
  public init(
    pattern: GrepPattern, alternatives: [GrepPattern] = [], options: GrepOptions,
    followsEarlierOutput: Bool = false, maxLineLength: Int = GrepScanner.defaultMaxLineLength
  ) {
    self.pattern = pattern
    self.alternatives = alternatives
    patternSet = alternatives.isEmpty ? nil : GrepPatternSet(pattern, alternatives)
    self.options = options
    self.followsEarlierOutput = followsEarlierOutput
    self.maxLineLength = max(0, maxLineLength)
    let context = options.printsLines ? options.context : nil
    separatesGroups = context != nil
    linesBefore = context?.before ?? 0
    linesAfter = context?.after ?? 0
    hasReachedMaxCount = options.maxCount.map { $0 <= 0 } ?? false
    isDone = hasReachedMaxCount
  }

  // MARK: - Input

  /// Feeds a chunk of the file; lines may be split anywhere across chunks.
  public mutating func scan(
    _ chunk: UnsafeBufferPointer<UInt8>, into output: inout some GrepOutput
  ) {
    var start = 0
    let end = chunk.count
    while start < end && !isDone {
      let index = firstNewline(chunk, from: start)
      if isSkippingLine {
        guard index < end else { return }
        isSkippingLine = false
        start = index + 1
        continue
      }
      guard index < end else {
        if partialLine.count + (end - start) > maxLineLength {
          startSkippingLine()
        } else {
          partialLine.append(contentsOf: chunk[start..<end])
        }
        return
      }
      if partialLine.isEmpty {
        take(UnsafeBufferPointer(rebasing: chunk[start..<index]), into: &output)
      } else if partialLine.count + (index - start) > maxLineLength {
        // Ends here, so there is nothing left to drop.
        partialLine = []
        skipLine()
      } else {
        partialLine.append(contentsOf: chunk[start..<index])
        // Taken out while feeding (feed changes self), then put back emptied: one buffer is
        // reused, where a copy would allocate another as large as the line.
        var line: [UInt8] = []
        swap(&line, &partialLine)
        line.withUnsafeBufferPointer { feed(line: $0, into: &output) }
        line.removeAll(keepingCapacity: true)
        swap(&line, &partialLine)
      }
      start = index + 1
    }
  }

  /// Ends the file: feeds a last line that had no `\n`, and reports the `-c` count or the
  /// `-l` / `-L` listing.
  public mutating func finish(into output: inout some GrepOutput) {
    if isSkippingLine {
      isSkippingLine = false
    } else if !partialLine.isEmpty {
      var line: [UInt8] = []
      swap(&line, &partialLine)
      line.withUnsafeBufferPointer { feed(line: $0, into: &output) }
    }
    switch options.listsFiles {
    case .withMatches?:
      if selectedLineCount > 0 { output.fileListed() }
    case .withoutMatch?:
      if selectedLineCount == 0 { output.fileListed() }
    case nil:
      if options.countsOnly { output.count(selectedLineCount) }
    }
  }

  /// Feeds one line (without its `\n`) and reports what to show for it.
  public mutating func feed(line: UnsafeBufferPointer<UInt8>, into output: inout some GrepOutput) {
    guard !isDone else { return }
    take(line, into: &output)
  }

  /// ``feed(line:into:)`` once `isDone` is known to be false; inlined into the scan loop,
  /// which runs once per line.
  @inline(__always)
  private mutating func take(
    _ line: UnsafeBufferPointer<UInt8>, into output: inout some GrepOutput
  ) {
    guard line.count <= maxLineLength else {
      skipLine()
      return
    }
    lineCount += 1
    if hasReachedMaxCount {
      // grep prints the trailing context of the last line -m allows, matching or not.
      printLine(line, number: lineCount, isSelected: false, into: &output)
      afterContextLeft -= 1
      updateIsDone()
      return
    }
    let isMatch = matches(searchedPart(of: line, number: lineCount))
    guard isMatch != options.invertsMatch else {
      if afterContextLeft > 0 {
        printLine(line, number: lineCount, isSelected: false, into: &output)
        afterContextLeft -= 1
      } else if linesBefore > 0 {
        beforeContext.append(line, number: lineCount, keeping: linesBefore)
      }
      return
    }
    selectedLineCount += 1
    if options.printsLines {
      if !beforeContext.isEmpty { printBeforeContext(into: &output) }
      printLine(line, number: lineCount, isSelected: true, into: &output)
      afterContextLeft = linesAfter
    }
    if let maxCount = options.maxCount, selectedLineCount >= maxCount {
      hasReachedMaxCount = true
    }
    updateIsDone()
  }

  // MARK: - Matching

  @inline(__always)
  private func matches(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
    if let patternSet { return patternSet.matches(line: line) }
    return pattern.matches(line: line)
  }

  /// The part of a line that is searched: all of it, except a UTF-8 byte-order mark at the
  /// start of the file, which would otherwise glue itself to the first word.
  @inline(__always)
  private func searchedPart(of line: UnsafeBufferPointer<UInt8>, number: Int)
    -> UnsafeBufferPointer<UInt8>
  {
    guard number == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF
    else { return line }
    return UnsafeBufferPointer(rebasing: line[3...])
  }

  /// The matching words of a line in line order, each once even if several queries match it.
  private func matchingWordRanges(in line: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    if let patternSet { return patternSet.matchingWordRanges(in: line) }
    return pattern.matchingWordRanges(in: line)
  }

  // MARK: - Skipped lines

  /// Counts a line that is too long and drops what was kept of it; the rest is dropped as it
  /// arrives, so memory stays bounded.
  private mutating func startSkippingLine() {
    partialLine = []
    isSkippingLine = true
    skipLine()
  }

  /// Counts a line without searching it.
  ///
  /// It breaks the context: the lines before it are no longer adjacent to what follows, and
  /// an after-context line is used up unprinted.
  private mutating func skipLine() {
    lineCount += 1
    if firstSkippedLine == nil { firstSkippedLine = lineCount }
    beforeContext.removeAll()
    if afterContextLeft > 0 { afterContextLeft -= 1 }
    updateIsDone()
  }

  private mutating func updateIsDone() {
    if options.listsFiles != nil {
      isDone = selectedLineCount > 0 || hasReachedMaxCount
    } else {
      isDone = hasReachedMaxCount && afterContextLeft <= 0
    }
  }

  // MARK: - Output

  private mutating func printBeforeContext(into output: inout some GrepOutput) {
    // Taken out while printing: printLine changes self.
    var lines = ContextLines()
    swap(&lines, &beforeContext)
    lines.forEach { line, number in
      printLine(line, number: number, isSelected: false, into: &output)
    }
    lines.removeAll()
    swap(&lines, &beforeContext)
  }

  /// Shows a selected line or a context line, after a break if it does not follow the last
  /// line shown.
  private mutating func printLine(
    _ line: UnsafeBufferPointer<UInt8>, number: Int, isSelected: Bool,
    into output: inout some GrepOutput
  ) {
    if separatesGroups
      && (hasPrintedLines ? lastPrintedLine != number - 1 : followsEarlierOutput)
    {
      output.groupBreak()
    }
    hasPrintedLines = true
    lastPrintedLine = number
    guard options.printsOnlyMatching else {
      output.line(line, number: number, isSelected: isSelected)
      return
    }
    // grep -o shows the matches of the lines selected by matching: with -v those are the
    // context lines, and the selected lines show nothing.
    guard isSelected != options.invertsMatch else { return }
    let searched = searchedPart(of: line, number: number)
    for range in matchingWordRanges(in: searched) {
      output.word(
        UnsafeBufferPointer(rebasing: searched[range]), number: number, isSelected: isSelected)
    }
  }
}

/// The last few unprinted lines with their numbers, for `-B`.
///
/// Buffers are reused, so once warm there is no allocation per line.
private struct ContextLines: Sendable {
  private var lines: [[UInt8]] = []
  private var numbers: [Int] = []
  /// The slot of the oldest line.
  private var start = 0
  private var count = 0

  var isEmpty: Bool { count == 0 }

  /// Keeps a copy of `line`, dropping the oldest line beyond `limit`.
  mutating func append(_ line: UnsafeBufferPointer<UInt8>, number: Int, keeping limit: Int) {
    let slot: Int
    if count < limit {
      // Slots grow only as lines arrive: -B 1000000 on a short file stays small.
      if lines.count < limit && count == lines.count {
        lines.append([])
        numbers.append(0)
      }
      slot = (start + count) % lines.count
      count += 1
    } else {
      slot = start
      start = (start + 1) % lines.count
    }
    lines[slot].removeAll(keepingCapacity: true)
    lines[slot].append(contentsOf: line)
    numbers[slot] = number
  }

  mutating func removeAll() {
    start = 0
    count = 0
  }

  /// Calls `body` with each line, oldest first.
  func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
    for offset in 0..<count {
      let slot = (start + offset) % lines.count
      lines[slot].withUnsafeBufferPointer { body($0, numbers[slot]) }
    }
  }
}

/// The index of the first `\n` at or after `start`, or `chunk.count`.
///
/// Tests eight bytes at a time (a byte equals `\n` exactly when it is zero after XOR with `0x0A`).
@inline(__always)
private func firstNewline(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
  let end = chunk.count
  var index = start
  if let base = chunk.baseAddress {
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
    while index + 8 <= end {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ newlines
      if (word &- ones) & ~word & highs != 0 { break }
      index += 8
    }
  }
  while index < end && chunk[index] != 0x0A { index += 1 }
  return index
}
