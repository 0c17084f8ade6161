import Drafts
import Foundation
import Synchronization
import TerminalUI

/// Sends committed text to a tmux pane as it is typed (`--tmux-target`), in order, off the
/// UI thread.
public final class TmuxSender: Sendable {
  public let target: String
  private let queue = SerialThread()
  /// The first failed command, set on the queue's thread and read by ``finish()``.
  private let failure = Mutex<OutputProblem?>(nil)

  /// Checks that the pane exists.
  ///
  /// - Throws: ``OutputProblem/noTmuxPane(target:)``.
  public init(target: String) throws(OutputProblem) {
    self.target = target
    let (status, _) = Self.tmux(["display-message", "-p", "-t", target, "#{pane_id}"])
    guard status == 0 else {
      throw .noTmuxPane(target: target)
    }
  }

  /// Types text into the pane.
  public func send(_ text: String) {
    queue.run { self.run(["send-keys", "-t", self.target, "-l", "--", text]) }
  }

  /// Deletes characters in the pane with BSpace.
  public func delete(_ count: Int) {
    guard count > 0 else { return }
    queue.run { self.run(["send-keys", "-t", self.target, "-N", String(count), "BSpace"]) }
  }

  /// Waits for everything sent so far; returns the first failure, if any.
  public func finish() -> OutputProblem? {
    queue.wait()
    return failure.withLock { $0 }
  }

  private func run(_ arguments: [String]) {
    let (status, error) = Self.tmux(arguments)
    guard status != 0 else { return }
    failure.withLock { failure in
      if failure == nil {
        failure = .tmuxFailed(command: arguments.joined(separator: " "), output: error)
      }
    }
  }

  package static func tmux(_ arguments: [String]) -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["tmux"] + arguments
    let errorPipe = Pipe()
    process.standardError = errorPipe
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return (127, "\(error)")
    }
    let data = errorPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
