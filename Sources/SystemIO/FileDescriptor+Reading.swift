import SystemPackage

extension FileDescriptor {
  /// Reads until the end of the file.
  ///
  /// - Parameter limit: The most bytes to read; a longer file throws `Errno.fileTooLarge`
  ///   (`EFBIG`) rather than filling memory.
  /// - Returns: Every byte read.
  public func readToEnd(limit: Int = 1 << 30) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let chunk = 1 << 16
    while true {
      let old = bytes.count
      bytes.append(contentsOf: repeatElement(0, count: chunk))
      let got = try bytes.withUnsafeMutableBytes { raw in
        try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[old...]))
      }
      bytes.removeLast(chunk - got)
      if got == 0 { return bytes }
      if bytes.count > limit { throw Errno.fileTooLarge }
    }
  }
}
