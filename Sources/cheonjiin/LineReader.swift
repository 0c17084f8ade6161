import SystemPackage

/// Standard input, line by line, read in large chunks.
///
/// Before a read that may wait for more input, ``next(beforeWaiting:)`` calls its closure,
/// so a command can flush what it printed for the lines so far: each answer appears as soon
/// as its line is read (a coprocess or a person typing sees it at once), while a file or a
/// fast pipe still goes through in 64 KiB pieces.
struct LineReader {
  /// One line of input.
  enum Line {
    case text(String)
    /// A line longer than ``LineReader/maximumBytes``: skipped whole, never cut, so memory
    /// stays bounded (`keys </dev/zero` grew 0.7 GB a second).
    case tooLong(bytes: Int)
  }

  /// The longest line read: 1 MiB, some 350,000 Hangul syllables.
  static let maximumBytes = 1 << 20

  private var buffer: [UInt8] = []
  /// Bytes of an over-long line skipped so far, while its end is still to come.
  private var skipping: Int? = nil
  private var start = 0
  private var isAtEnd = false
  private let descriptor: FileDescriptor

  init(descriptor: FileDescriptor = .standardInput) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// The next line without its `\n` (or `\r\n`), or `nil` at the end of input.
  mutating func next(beforeWaiting: () -> Void) -> Line? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        if skipping == nil, newline - start > Self.maximumBytes { skipping = 0 }
        if let skipped = skipping {
          skipping = nil
          let total = skipped + newline - start
          start = newline + 1
          return .tooLong(bytes: total)
        }
        let end = newline > start && buffer[newline - 1] == 0x0D ? newline - 1 : newline
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = newline + 1
        return .text(line)
      }
      if isAtEnd {
        if let skipped = skipping {
          skipping = nil
          let total = skipped + buffer.count - start
          start = buffer.count
          return .tooLong(bytes: total)
        }
        guard start < buffer.count else { return nil }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        start = buffer.count
        return .text(line)
      }
      if skipping != nil || buffer.count - start > Self.maximumBytes {
        // Past the limit: count the bytes and drop them until the line ends.
        skipping = (skipping ?? 0) + buffer.count - start
        buffer.removeAll(keepingCapacity: true)
      } else {
        // Keep the unfinished line, drop what was read, then wait for more.
        buffer.removeSubrange(0..<start)
      }
      start = 0
      searchFrom = buffer.count
      beforeWaiting()
      if !fill() { isAtEnd = true }
    }
  }

  /// Appends what one read gives; false at the end of input, or on an error, which ends input
  /// the same way: what was read is still answered.
  private mutating func fill() -> Bool {
    let chunk = 1 << 16
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    let got = buffer.withUnsafeMutableBytes { raw in
      // An error reads as the end of input (see above), so it is not kept.
      (try? descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[old...]))) ?? 0
    }
    buffer.removeLast(chunk - got)
    return got > 0
  }
}

extension OutputBuffer {
  /// Answers a line ``LineReader`` skipped: an empty output line keeps the answers in step
  /// with the lines, and standard error says which line and why.
  mutating func skipLongLine(_ line: Int, bytes: Int) {
    append("\n")
    flush()
    printError(commandStrings.lineTooLong(line, bytes: bytes, limit: LineReader.maximumBytes))
  }
}
