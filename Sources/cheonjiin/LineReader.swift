#if canImport(Glibc)
  import Glibc
#endif

/// Standard input, line by line, with `read(2)` in large chunks.
///
/// Before a read that may wait for more input, ``next(beforeWaiting:)`` calls its closure,
/// so a command can flush what it printed for the lines so far: each answer appears as soon
/// as its line is read (a coprocess or a person typing sees it at once), while a file or a
/// fast pipe still goes through in 64 KiB pieces.
struct LineReader {
  private var buffer: [UInt8] = []
  private var start = 0
  private var isAtEnd = false
  private let descriptor: Int32

  init(descriptor: Int32 = 0) {
    self.descriptor = descriptor
    buffer.reserveCapacity(1 << 16)
  }

  /// The next line without its `\n` (or `\r\n`), or `nil` at the end of input.
  mutating func next(beforeWaiting: () -> Void) -> String? {
    var searchFrom = start
    while true {
      if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
        let end = newline > start && buffer[newline - 1] == 0x0D ? newline - 1 : newline
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = newline + 1
        return line
      }
      if isAtEnd {
        guard start < buffer.count else { return nil }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        start = buffer.count
        return line
      }
      // Keep the unfinished line, drop what was read, then wait for more.
      buffer.removeSubrange(0..<start)
      start = 0
      searchFrom = buffer.count
      beforeWaiting()
      if !fill() { isAtEnd = true }
    }
  }

  /// Appends what one `read` gives; false at the end of input (or on an error, which ends
  /// input the same way: what was read is still answered).
  private mutating func fill() -> Bool {
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: 1 << 16))
    while true {
      let got = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress.map { $0 + old }, 1 << 16)
      }
      if got < 0 && errno == EINTR { continue }
      buffer.removeLast((1 << 16) - max(0, got))
      return got > 0
    }
  }
}
