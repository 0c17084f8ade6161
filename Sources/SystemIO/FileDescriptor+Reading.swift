import SystemPackage

extension FileDescriptor {
  /// Reads until the end of the file.
  ///
  /// A file that says its size is read into one buffer that size (and a byte more, to see its
  /// end): the word lists and the suggestion index, megabytes each, are then one allocation and
  /// one copy, not a buffer grown and zeroed 64 KB at a time. A pipe, a terminal or a file that
  /// grows while it is read goes on in 64 KB reads.
  ///
  /// - Parameter limit: The most bytes to read; a longer file throws `Errno.fileTooLarge`
  ///   (`EFBIG`) rather than filling memory.
  /// - Returns: Every byte read.
  public func readToEnd(limit: Int = 1 << 30) throws -> [UInt8] {
    let chunk = 1 << 16
    var request = max(chunk, min(limit, try remainingBytes() ?? 0) + 1)
    var bytes: [UInt8] = []
    while true {
      let part = try [UInt8](unsafeUninitializedCapacity: request) { buffer, count in
        count = try read(into: UnsafeMutableRawBufferPointer(buffer))
      }
      if part.isEmpty { return bytes }
      if bytes.isEmpty { bytes = part } else { bytes += part }
      if bytes.count > limit { throw Errno.fileTooLarge }
      request = chunk
    }
  }

  /// How many bytes lie between the file's offset and its end, nil for a pipe or a terminal.
  ///
  /// The offset is left where it was: if it cannot be put back, this throws rather than let
  /// the read start at the end.
  private func remainingBytes() throws -> Int? {
    guard let here = try? seek(offset: 0, from: .current),
      let end = try? seek(offset: 0, from: .end)
    else { return nil }
    try seek(offset: here, from: .start)
    return end > here ? Int(end - here) : 0
  }
}
