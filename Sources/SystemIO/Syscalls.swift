import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The calls swift-system 1.8.1 does not wrap, wrapped once here in its style: each names its C
// function, retries EINTR where that is right, and throws `Errno`. Everything else uses
// `FileDescriptor` (open, read, writeAll, close, pipe) and `Stat` directly; no other file of
// the project calls these C functions.

extension FileDescriptor {
  /// Whether the descriptor is open on a terminal.
  ///
  /// The corresponding C function is `isatty`.
  public var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Makes reads and writes on the descriptor return at once instead of waiting, or wait
  /// again.
  ///
  /// The corresponding C function is `fcntl`, with `F_GETFL` and `F_SETFL` (`O_NONBLOCK`).
  public func setNonBlocking(_ isNonBlocking: Bool = true) throws(Errno) {
    let flags = try retrying { fcntl(rawValue, F_GETFL) }
    let wanted = isNonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
    guard wanted != flags else { return }
    _ = try retrying { fcntl(rawValue, F_SETFL, wanted) }
  }

  /// Waits until one of `descriptors` can be read without waiting (input, end of file or an
  /// error is pending), or until `timeout` has passed.
  ///
  /// - Parameters:
  ///   - descriptors: What to wait for.
  ///   - timeout: The longest wait, rounded up to whole milliseconds; `nil` waits as long as
  ///     it takes, `.zero` only looks.
  ///   - retryOnInterrupt: Whether a signal restarts the wait (with the whole timeout). Pass
  ///     `false` in a loop that wakes itself from signal handlers (a self-pipe): the call then
  ///     returns no descriptor and the loop recomputes its deadline.
  /// - Returns: The ready descriptors, in the order given; empty if the time ran out.
  ///
  /// The corresponding C function is `poll`.
  public static func waitForInput(
    on descriptors: [FileDescriptor], timeout: Duration?, retryOnInterrupt: Bool = true
  ) throws(Errno) -> [FileDescriptor] {
    var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
    try entries.withUnsafeMutableBufferPointer { buffer throws(Errno) in
      try pollEntries(buffer, timeout: timeout, retryOnInterrupt: retryOnInterrupt)
    }
    return zip(descriptors, entries).filter { isReady($0.1) }.map(\.0)
  }

  /// Waits on two descriptors, as ``waitForInput(on:timeout:retryOnInterrupt:)`` does,
  /// without allocating: a run loop calls this before every key.
  public static func waitForInput(
    _ first: FileDescriptor, _ second: FileDescriptor, timeout: Duration?,
    retryOnInterrupt: Bool = true
  ) throws(Errno) -> (first: Bool, second: Bool) {
    try withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { buffer throws(Errno) in
      buffer[0] = pollfd(fd: first.rawValue, events: Int16(POLLIN), revents: 0)
      buffer[1] = pollfd(fd: second.rawValue, events: Int16(POLLIN), revents: 0)
      try pollEntries(buffer, timeout: timeout, retryOnInterrupt: retryOnInterrupt)
      return (isReady(buffer[0]), isReady(buffer[1]))
    }
  }

  /// What to wait for on one descriptor, for ``waitForEvents(_:timeout:retryOnInterrupt:)``.
  public struct WaitRequest: Sendable {
    public var descriptor: FileDescriptor
    /// Wait until it can be read (input, end of file or an error is pending).
    public var input: Bool
    /// Wait until it can be written without waiting.
    public var output: Bool

    public init(_ descriptor: FileDescriptor, input: Bool = true, output: Bool = false) {
      self.descriptor = descriptor
      self.input = input
      self.output = output
    }
  }

  /// What a descriptor is ready for, answering a ``WaitRequest``.
  public struct Readiness: Hashable, Sendable {
    /// A read will not wait (input, end of file, or an error to report).
    public var input: Bool
    /// A write will not wait (or will report an error).
    public var output: Bool
  }

  /// Waits until one of `requests` is ready, as ``waitForInput(on:timeout:retryOnInterrupt:)``
  /// does, for input, output or both (a child's pty, written as it reads).
  ///
  /// - Returns: The readiness of each request, in order; none ready when the time ran out or
  ///   a signal interrupted a wait that must not restart.
  ///
  /// The corresponding C function is `poll`.
  public static func waitForEvents(
    _ requests: [WaitRequest], timeout: Duration?, retryOnInterrupt: Bool = true
  ) throws(Errno) -> [Readiness] {
    var entries = requests.map { request in
      var events: Int32 = 0
      if request.input { events |= Int32(POLLIN) }
      if request.output { events |= Int32(POLLOUT) }
      return pollfd(fd: request.descriptor.rawValue, events: Int16(events), revents: 0)
    }
    try entries.withUnsafeMutableBufferPointer { buffer throws(Errno) in
      try pollEntries(buffer, timeout: timeout, retryOnInterrupt: retryOnInterrupt)
    }
    return entries.map { entry in
      let failed = entry.revents & Int16(POLLERR | POLLNVAL) != 0
      return Readiness(
        input: isReady(entry),
        output: failed || entry.revents & Int16(POLLOUT) != 0)
    }
  }

  /// Input, end of file or an error is pending.
  private static func isReady(_ entry: pollfd) -> Bool {
    entry.revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// `poll` over `entries`; on an interrupted wait that must not restart, the entries
  /// report nothing ready.
  private static func pollEntries(
    _ entries: UnsafeMutableBufferPointer<pollfd>, timeout: Duration?, retryOnInterrupt: Bool
  ) throws(Errno) {
    let milliseconds = timeout.map(Self.pollMilliseconds) ?? -1
    while true {
      if poll(entries.baseAddress, nfds_t(entries.count), milliseconds) >= 0 { return }
      let error = Errno(rawValue: errno)
      guard error == .interrupted else { throw error }
      guard retryOnInterrupt else {
        for index in entries.indices { entries[index].revents = 0 }
        return
      }
    }
  }

  /// `timeout` in whole milliseconds for `poll`, rounded up so that a wait never ends before
  /// its deadline, and at most `Int32.max` (about 24 days).
  static func pollMilliseconds(_ timeout: Duration) -> Int32 {
    let (seconds, attoseconds) = timeout.components
    guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
    let wholeMilliseconds = seconds.multipliedReportingOverflow(by: 1000)
    guard !wholeMilliseconds.overflow else { return Int32.max }
    let rest = attoseconds / 1_000_000_000_000_000
    let roundsUp = attoseconds % 1_000_000_000_000_000 > 0
    let total = wholeMilliseconds.partialValue.addingReportingOverflow(rest + (roundsUp ? 1 : 0))
    guard !total.overflow else { return Int32.max }
    return Int32(clamping: max(0, total.partialValue))
  }
}

/// A terminal's settings (`struct termios`), read and applied as a whole.
public struct TerminalAttributes {
  /// The C structure, for the flags this type has no name for.
  public var rawValue: termios

  /// Reads the settings of the terminal open on `descriptor`.
  ///
  /// - Throws: `Errno.inappropriateIOCTLForDevice` (`ENOTTY`) when the descriptor is not a terminal.
  ///
  /// The corresponding C function is `tcgetattr`.
  public init(of descriptor: FileDescriptor) throws(Errno) {
    var value = termios()
    _ = try retrying { tcgetattr(descriptor.rawValue, &value) }
    rawValue = value
  }

  /// Applies the settings once pending output is written, dropping unread input.
  ///
  /// The corresponding C function is `tcsetattr` with `TCSAFLUSH`.
  public func apply(to descriptor: FileDescriptor) throws(Errno) {
    var value = rawValue
    _ = try retrying { tcsetattr(descriptor.rawValue, TCSAFLUSH, &value) }
  }
}

/// The names in a directory, `.` and `..` left out, in the order the system gives them.
///
/// Names are bytes: a file name need not be UTF-8, and the caller decides what to do with one
/// that is not.
///
/// The corresponding C functions are `opendir`, `readdir` and `closedir`.
public func directoryEntryNames(_ path: FilePath) throws(Errno) -> [[UInt8]] {
  let opened = path.withPlatformString { opendir($0) }
  guard let stream = opened else { throw Errno(rawValue: errno) }
  defer { closedir(stream) }
  var names: [[UInt8]] = []
  while true {
    // readdir returns nil both at the end and on an error; only errno tells them apart.
    errno = 0
    guard let entry = readdir(stream) else {
      if errno != 0 { throw Errno(rawValue: errno) }
      return names
    }
    let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
    if name == [0x2E] || name == [0x2E, 0x2E] { continue }
    names.append(name)
  }
}

/// Renames a file, replacing whatever `destination` named, in one step: a reader sees the old
/// file or the new one, never neither.
///
/// The corresponding C function is `rename`.
public func renameFile(_ source: FilePath, to destination: FilePath) throws(Errno) {
  let result = source.withPlatformString { from in
    destination.withPlatformString { to in rename(from, to) }
  }
  if result != 0 { throw Errno(rawValue: errno) }
}

/// Removes a file (a plain file, FIFO or link itself, never a folder: that fails with
/// `EISDIR`), unlike `FileManager.removeItem`, which would remove a folder and all it holds.
///
/// The corresponding C function is `unlink`.
public func removeFile(_ path: FilePath) throws(Errno) {
  let result = path.withPlatformString { unlink($0) }
  if result != 0 { throw Errno(rawValue: errno) }
}

/// Takes the exclusive lock on an open file without waiting; false when another holds it.
///
/// The lock goes with the descriptor: closing it or the process ending (even by `kill -9`)
/// lets go.
///
/// The corresponding C function is `flock`, with `LOCK_EX | LOCK_NB`.
public func lockExclusively(_ file: FileDescriptor) throws(Errno) -> Bool {
  do {
    _ = try retrying { flock(file.rawValue, LOCK_EX | LOCK_NB) }
    return true
  } catch .wouldBlock {
    return false
  }
}

/// Whether a process with this id runs now (another user's counts too).
///
/// The corresponding C function is `kill`, with signal 0.
public func processExists(_ id: Int32) -> Bool {
  kill(id, 0) == 0 || errno == EPERM
}

/// Whether this process leads its session: started by a terminal emulator (`xterm -e`) or a
/// multiplexer's pane rather than a shell, so its terminal goes away when it ends.
///
/// The corresponding C functions are `getsid` and `getpid`.
public var processLeadsItsSession: Bool { getsid(0) == getpid() }

/// Whether this process may write `path` (and, for a folder, create files in it), by the
/// real user's permissions.
///
/// The corresponding C function is `access`, with `W_OK` (and `X_OK` for a folder).
public func isWritable(_ path: FilePath, isFolder: Bool = false) -> Bool {
  writeRefusal(path, isFolder: isFolder) == nil
}

/// Why this process may not write `path` (``isWritable(_:isFolder:)``), or `nil` when it may:
/// `.noSuchFileOrDirectory` for a file that is not there, `.permissionDenied` or
/// `.readOnlyFileSystem` for one in the way.
public func writeRefusal(_ path: FilePath, isFolder: Bool = false) -> Errno? {
  let result = path.withPlatformString { access($0, isFolder ? W_OK | X_OK : W_OK) }
  return result == 0 ? nil : Errno(rawValue: errno)
}

/// Sets the permission bits of `path`, following no symbolic link at the end of it.
///
/// The corresponding C function is `chmod`, after `lstat` has checked that the path is not a
/// symbolic link.
public func setPermissions(_ path: FilePath, _ permissions: FilePermissions) throws(Errno) {
  let status = try Stat(path, followTargetSymlink: false)
  guard status.type != .symbolicLink else { throw Errno.tooManySymbolicLinkLevels }
  let result = path.withPlatformString { chmod($0, permissions.rawValue) }
  if result != 0 { throw Errno(rawValue: errno) }
}

/// Opens `/dev/null` on each of standard input, output and error that is closed, the wrong way
/// round (input for writing, output and error for reading), as gnulib's `stdopen` does.
///
/// Started with `>&-`, a program's next open file would otherwise get descriptor 1, and what
/// it prints would go into that file (a draft, a history text). This way every write to
/// standard output fails with `EBADF`, which the command reports as the write error it is.
///
/// The corresponding C functions are `fcntl` (`F_GETFD`), `open` and `dup2`.
public func reserveStandardDescriptors() {
  for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
    // Left open across exec: `run`'s program gets the same failing descriptor.
    let opened = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
    // open takes the lowest free descriptor, which is this one unless a lower one was closed
    // and could not be opened.
    if opened > descriptor {
      _ = dup2(opened, descriptor)
      _ = close(opened)
    }
  }
}

/// Gives the memory malloc holds free back to the system, after a job that built and dropped
/// much (the suggestion index's first build) so that the process's size is what it keeps.
///
/// The corresponding C function is glibc's `malloc_trim`, found at run time (Glibc's module
/// leaves out `malloc.h`); a C library without it is left as it is.
public func returnFreedMemory() {
  typealias Trim = @convention(c) (Int) -> Int32
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
  _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// Calls `body` until it does not fail with `EINTR`; a result of -1 throws `errno`.
private func retrying(_ body: () -> Int32) throws(Errno) -> Int32 {
  while true {
    let result = body()
    if result != -1 { return result }
    let error = Errno(rawValue: errno)
    if error != .interrupted { throw error }
  }
}
