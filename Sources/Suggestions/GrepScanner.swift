/// Greps one file (or standard input): feed it bytes or lines, and it appends what grep would
/// print. It does no I/O.
///
/// Output follows GNU grep: `[name:][number:]line` per selected line; with `-o` one matching
/// word per line instead; with `-c` only `[name:]count` from ``finish(into:)``. Lines are
/// printed as they were read (a `\r` stays) and always end in `\n`.
///
/// ```swift
/// var scanner = GrepScanner(pattern: pattern, options: options, fileName: path, fileCount: 2)
/// var output: [UInt8] = []
/// while let chunk = read(), !scanner.isDone {
///   chunk.withUnsafeBufferPointer { scanner.scan($0, into: &output) }
///   write(output); output.removeAll(keepingCapacity: true)
/// }
/// scanner.finish(into: &output); write(output)
/// // exit status: 0 if any scanner has selectedLineCount > 0, else 1
/// ```
public struct GrepScanner: Sendable {
  public let pattern: GrepPattern
  public let options: GrepOptions
  /// `name:` when file names are shown, else empty.
  private let namePrefix: [UInt8]
  /// The bytes of a line split across chunks.
  private var partialLine: [UInt8] = []
  /// Lines read so far.
  public private(set) var lineCount = 0
  /// Lines selected so far (matching, or not matching with `-v`): grep exits 0 if any file
  /// selected a line.
  public private(set) var selectedLineCount = 0

  /// Creates a scanner for one file.
  ///
  /// - Parameters:
  ///   - pattern: The compiled query.
  ///   - options: Output options (`-v -c -n -o -m -H -h`); matching options are in `pattern`.
  ///   - fileName: The name to print (`(standard input)` for stdin, as grep does).
  ///   - fileCount: How many files are searched, for ``GrepOptions/showsFileNames(fileCount:)``.
  public init(pattern: GrepPattern, options: GrepOptions, fileName: String, fileCount: Int) {
    self.pattern = pattern
    self.options = options
    namePrefix = options.showsFileNames(fileCount: fileCount) ? Array(fileName.utf8) + [0x3A] : []
  }

  /// True once `-m` is reached: later input is ignored, so the caller may stop reading.
  public var isDone: Bool {
    guard let maxCount = options.maxCount else { return false }
    return selectedLineCount >= maxCount
  }

  /// Feeds a chunk of the file; lines may be split anywhere across chunks.
  public mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    var start = 0
    let end = chunk.count
    while start < end && !isDone {
      let index = firstNewline(chunk, from: start)
      guard index < end else {
        partialLine.append(contentsOf: chunk[start..<end])
        return
      }
      if partialLine.isEmpty {
        feed(line: UnsafeBufferPointer(rebasing: chunk[start..<index]), into: &output)
      } else {
        partialLine.append(contentsOf: chunk[start..<index])
        let line = partialLine
        partialLine.removeAll(keepingCapacity: true)
        line.withUnsafeBufferPointer { feed(line: $0, into: &output) }
      }
      start = index + 1
    }
  }

  /// Ends the file: feeds a last line that had no `\n`, and with `-c` appends the count.
  public mutating func finish(into output: inout [UInt8]) {
    if !partialLine.isEmpty {
      let line = partialLine
      partialLine.removeAll()
      line.withUnsafeBufferPointer { feed(line: $0, into: &output) }
    }
    if options.countsOnly {
      output.append(contentsOf: namePrefix)
      appendDecimal(selectedLineCount, to: &output)
      output.append(0x0A)
    }
  }

  /// Feeds one line (without its `\n`) and appends what to print for it.
  public mutating func feed(line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
    guard !isDone else { return }
    lineCount += 1
    let isMatch = pattern.matches(line: line)
    guard isMatch != options.invertsMatch else { return }
    selectedLineCount += 1
    if options.countsOnly { return }
    if options.printsOnlyMatching {
      // grep -v -o selects lines but prints nothing from them.
      guard isMatch else { return }
      for range in pattern.matchingWordRanges(in: line) {
        appendPrefix(to: &output)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[range]))
        output.append(0x0A)
      }
      return
    }
    appendPrefix(to: &output)
    output.append(contentsOf: line)
    output.append(0x0A)
  }

  /// Feeds one line and returns what to print for it (empty if nothing): convenient for
  /// tests and small inputs; ``scan(_:into:)`` is the fast path.
  public mutating func feed(line: some StringProtocol) -> String {
    var output: [UInt8] = []
    withUTF8(line) { feed(line: $0, into: &output) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Ends the file and returns what to print (the `-c` count, or a last line without `\n`
  /// fed through ``scan(_:into:)``).
  public mutating func finish() -> String {
    var output: [UInt8] = []
    finish(into: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private func appendPrefix(to output: inout [UInt8]) {
    output.append(contentsOf: namePrefix)
    if options.showsLineNumbers {
      appendDecimal(lineCount, to: &output)
      output.append(0x3A)
    }
  }
}

/// Appends `value` (≥ 0) in decimal without making a String.
private func appendDecimal(_ value: Int, to output: inout [UInt8]) {
  let start = output.count
  var rest = max(0, value)
  repeat {
    output.append(0x30 + UInt8(rest % 10))
    rest /= 10
  } while rest > 0
  output[start...].reverse()
}

/// The index of the first `\n` at or after `start`, or `chunk.count`. Tests eight bytes at a
/// time (a byte equals `\n` exactly when it is zero after XOR with `0x0A`).
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
