import CTerminal
import SystemIO
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A child program running on a pseudo-terminal of its own, for `cheonjiin run`.
///
/// Its output is read from ``master``; what is written there reaches the program as typed.
/// Both directions are non-blocking: the run loop polls ``master`` and never waits on a child
/// that stopped reading or floods its terminal.
public final class PseudoTerminal {
  /// The controlling side of the pty, non-blocking.
  public let master: FileDescriptor
  public let processID: pid_t
  /// Becomes readable when the child ends (a pidfd); nil where the kernel has none, and the
  /// run loop then asks ``exitStatusIfEnded()`` from time to time.
  public let exitNotice: FileDescriptor?
  private var exitStatus: Int32?

  /// Why a child could not be started.
  public struct StartError: Error, Hashable, Sendable, CustomStringConvertible {
    public var command: String
    public var errno: Errno
    public var description: String { "\(command): cannot start it (\(errno))" }

    public init(command: String, errno: Errno) {
      self.command = command
      self.errno = errno
    }

    /// The exit status a shell gives for it: 127 when the program is not there, else 126.
    public var exitStatus: Int32 { errno == .noSuchFileOrDirectory ? 127 : 126 }
  }

  /// Starts `command` (searched in PATH) with `arguments` on a pty of `rows` × `columns`.
  ///
  /// The pty's modes start from the outer terminal's as the shell left them, with IUTF8 on.
  ///
  /// - Throws: ``StartError`` when no pty could be made or the program could not be run
  ///   (not found, not executable); the child that tried has been waited for.
  public init(command: String, arguments: [String], rows: Int, columns: Int) throws(StartError) {
    var master: Int32 = -1
    var execErrno: Int32 = 0
    let argv = ([command] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pointers: [UnsafeMutablePointer<CChar>?] = argv + [nil]
    let pid = pointers.withUnsafeMutableBufferPointer { buffer in
      cj_pty_spawn(
        command, buffer.baseAddress, UInt16(clamping: max(1, rows)),
        UInt16(clamping: max(1, columns)), &master, &execErrno)
    }
    guard pid > 0 else { throw StartError(command: command, errno: Errno(rawValue: errno)) }
    guard execErrno == 0 else {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      close(master)
      throw StartError(command: command, errno: Errno(rawValue: execErrno))
    }
    self.master = FileDescriptor(rawValue: master)
    processID = pid
    let notice = cj_pidfd_open(pid)
    exitNotice = notice >= 0 ? FileDescriptor(rawValue: notice) : nil
    // Never fails on a descriptor just opened; a blocking one would only make waits longer.
    try? self.master.setNonBlocking()
  }

  deinit {
    try? master.close()
    try? exitNotice?.close()
  }

  /// Whether `command` names a program that can be run, as `execvp` looks for it: a path
  /// with a slash as it is, else each folder of `PATH` (`/bin:/usr/bin` when it is unset).
  ///
  /// - Returns: nil when it can be run; else why not (`ENOENT`: nowhere; `EACCES`: found
  ///   but not executable).
  public static func problem(running command: String, path: String?) -> Errno? {
    guard !command.isEmpty else { return .noSuchFileOrDirectory }
    if command.contains("/") { return problem(at: command) }
    var found: Errno = .noSuchFileOrDirectory
    for folder in (path ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false)
    {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + command
      switch problem(at: candidate) {
      case nil: return nil
      case .noSuchFileOrDirectory?, .notDirectory?: continue
      case let other?: found = other
      }
    }
    return found
  }

  private static func problem(at path: String) -> Errno? {
    var info = stat()
    guard stat(path, &info) == 0 else { return Errno(rawValue: errno) }
    if info.st_mode & S_IFMT == S_IFDIR { return .permissionDenied }
    return access(path, X_OK) == 0 ? nil : Errno(rawValue: errno)
  }

  /// Tells the child its window's new size.
  public func resize(rows: Int, columns: Int) {
    _ = cj_pty_resize(
      master.rawValue, UInt16(clamping: max(1, rows)), UInt16(clamping: max(1, columns)))
  }

  /// The erase character the child's terminal modes use now (DEL unless it changed them).
  public var eraseCharacter: UInt8 {
    let value = cj_pty_erase_character(master.rawValue)
    return value > 0 ? UInt8(value) : 0x7F
  }

  /// The signal the child's terminal sends when `byte` is typed now (its interrupt, quit or
  /// suspend character while it reads keys as signals), and whether that keeps the input not
  /// yet read (NOFLSH); nil for every other byte.
  public func signal(typing byte: UInt8) -> (signal: Int32, keepsInput: Bool)? {
    var keepsInput: Int32 = 0
    let signal = cj_pty_signal_for_byte(master.rawValue, byte, &keepsInput)
    return signal > 0 ? (signal, keepsInput != 0) : nil
  }

  /// Sends `signal` (SIGINT, SIGQUIT or SIGTSTP) to the program in the child terminal's
  /// foreground, as its key would, without writing to the terminal.
  public func send(signal: Int32) {
    _ = cj_pty_send_signal(master.rawValue, signal)
  }

  /// Drops what was written to the child and not read yet, as the terminal does on an
  /// interrupt.
  public func discardUnreadInput() {
    _ = cj_pty_discard_input(master.rawValue)
  }

  /// Writes as much of `bytes` as the child's terminal takes now.
  ///
  /// - Returns: How many bytes were written; 0 when the terminal is full (the child is not
  ///   reading).
  /// - Throws: The error of a write that cannot succeed later (the child's side is gone).
  public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
    guard !bytes.isEmpty else { return 0 }
    do {
      return try master.write(bytes, retryOnInterrupt: true)
    } catch Errno.wouldBlock {
      return 0
    } catch let error as Errno {
      throw error
    } catch {
      throw .ioError
    }
  }

  /// What one read from the child gave.
  public enum ReadResult: Equatable, Sendable {
    /// This many bytes were read into the buffer.
    case bytes(Int)
    /// Nothing to read now.
    case empty
    /// The child and every program it started have closed the terminal.
    case ended
  }

  /// Reads what the child wrote into `buffer`, without waiting.
  public func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    do {
      let count = try master.read(into: buffer, retryOnInterrupt: true)
      return count > 0 ? .bytes(count) : .ended
    } catch Errno.wouldBlock {
      return .empty
    } catch {
      return .ended  // Linux reports the end of a pty's output as EIO
    }
  }

  /// The child's exit status if it has ended (reaping it), else nil; never waits.
  public func exitStatusIfEnded() -> Int32? {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    let result = waitpid(processID, &status, WNOHANG)
    if result == processID { return recordExit(status) }
    // ECHILD: someone else reaped it; it is gone either way.
    if result < 0 && errno == ECHILD { return record(1) }
    return nil
  }

  /// Waits for the child to end; its exit status, or 128 + the signal that ended it.
  public func waitForExit() -> Int32 {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while true {
      if waitpid(processID, &status, 0) == processID { return recordExit(status) }
      if errno != EINTR { return record(1) }
    }
  }

  /// Ends the child because cheonjiin was told to end by `signal` (SIGTERM, SIGHUP …).
  ///
  /// The signal goes first to the program in the terminal's foreground (vim started from the
  /// shell) and to the child's own group, as a terminal's hangup does. One that ignores it (an
  /// interactive shell ignores SIGTERM) gets SIGHUP after `grace` milliseconds, and SIGKILL after
  /// as long again, so cheonjiin never hangs on its way out.
  ///
  /// - Returns: The child's exit status, as ``waitForExit()``.
  public func end(after signal: Int32, graceMilliseconds: Int = 2000) -> Int32 {
    if let exitStatus { return exitStatus }
    let foreground = tcgetpgrp(master.rawValue)
    for (sent, wait) in [(signal, graceMilliseconds), (SIGHUP, graceMilliseconds), (SIGKILL, -1)] {
      if foreground > 0 { kill(-foreground, sent) }
      kill(-processID, sent)
      kill(processID, sent)
      if wait < 0 { break }
      // Polled: a signal handler or a second thread would be more code for the same 10 ms.
      for _ in 0..<max(1, wait / 10) {
        if let status = exitStatusIfEnded() { return status }
        usleep(10_000)
      }
    }
    return waitForExit()
  }

  private func recordExit(_ status: Int32) -> Int32 {
    let low = status & 0x7F
    return record(low == 0 ? (status >> 8) & 0xFF : 128 + low)
  }

  private func record(_ status: Int32) -> Int32 {
    exitStatus = status
    return status
  }
}
