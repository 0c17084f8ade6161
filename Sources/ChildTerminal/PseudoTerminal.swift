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
public final class PseudoTerminal {
  /// The controlling side of the pty, non-blocking after ``start``.
  public let master: FileDescriptor
  public let processID: pid_t
  private var exitStatus: Int32?

  /// Why a child could not be started.
  public struct StartError: Error, Hashable, Sendable, CustomStringConvertible {
    public var command: String
    public var errno: Errno
    public var description: String { "\(command): cannot start it on a new terminal (\(errno))" }
  }

  /// Starts `command` (searched in PATH) with `arguments` on a pty of `rows` × `columns`.
  public init(command: String, arguments: [String], rows: Int, columns: Int) throws(StartError) {
    var master: Int32 = -1
    let argv = ([command] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var pointers: [UnsafeMutablePointer<CChar>?] = argv + [nil]
    let pid = pointers.withUnsafeMutableBufferPointer { buffer in
      cj_pty_spawn(
        command, buffer.baseAddress, UInt16(clamping: max(1, rows)),
        UInt16(clamping: max(1, columns)), &master)
    }
    guard pid > 0 else { throw StartError(command: command, errno: Errno(rawValue: errno)) }
    self.master = FileDescriptor(rawValue: master)
    processID = pid
  }

  deinit {
    try? master.close()
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

  /// Writes bytes for the child, all of them.
  public func write(_ bytes: [UInt8]) throws(Errno) {
    guard !bytes.isEmpty else { return }
    do {
      _ = try master.writeAll(bytes)
    } catch let error as Errno {
      throw error
    } catch {
      throw Errno.ioError
    }
  }

  /// Reads what the child wrote, up to `capacity` bytes; empty at the end (the child and every
  /// program it started have closed the terminal).
  public func read(capacity: Int = 65_536) throws(Errno) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: capacity)
    let count: Int
    do {
      count = try buffer.withUnsafeMutableBytes { try master.read(into: $0) }
    } catch Errno.ioError {
      return []  // Linux reports the end of a pty's output as EIO
    } catch let error as Errno {
      throw error
    } catch {
      throw Errno.ioError
    }
    return Array(buffer[..<count])
  }

  /// Waits for the child to end; its exit status, or 128 + the signal that ended it.
  public func waitForExit() -> Int32 {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
    return recordExit(status)
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
        var status: Int32 = 0
        if waitpid(processID, &status, WNOHANG) == processID { return recordExit(status) }
        usleep(10_000)
      }
    }
    return waitForExit()
  }

  private func recordExit(_ status: Int32) -> Int32 {
    let low = status & 0x7F
    let result = low == 0 ? (status >> 8) & 0xFF : 128 + low
    exitStatus = result
    return result
  }
}
