import Foundation
import Synchronization
import SystemIO
import SystemPackage

/// The draft: text typed so far, saved atomically so Ctrl-C, a closed window or a crash
/// loses nothing; offered back on the next start.
public struct DraftStore: Sendable {
  public let path: String

  /// `$XDG_STATE_HOME/cheonjiin/draft.txt`, default `~/.local/state/cheonjiin/draft.txt`.
  public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> DraftStore
  {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(home)/.local/state"
    return DraftStore(path: "\(state)/cheonjiin/draft.txt")
  }

  public init(path: String) {
    self.path = path
  }

  /// The largest draft the keypad opens: 8 MiB, about 2.8 million Hangul syllables.
  ///
  /// Past it a draft is kept aside whole, never cut.
  public static let maximumBytes = 8 << 20

  /// The saved draft, if any.
  ///
  /// An unreadable file is left alone and counts as none.
  public func load() -> String? {
    loadChecked().text
  }

  /// The saved draft, or why it was not opened: a draft over ``maximumBytes`` is renamed to
  /// `draft.txt.large` (so typing cannot save over it) and reported.
  public func loadChecked() -> (text: String?, problem: OutputProblem?) {
    // Whatever keeps the draft from being read, typing starts empty; the file stays for the
    // user to look at.
    guard let file = try? FileDescriptor.open(FilePath(path), .readOnly, options: .closeOnExec)
    else { return (nil, nil) }
    let size = (try? file.seek(offset: 0, from: .end)).map(Int.init) ?? 0
    if size > Self.maximumBytes {
      try? file.close()
      let aside = path + ".large"
      try? renameFile(FilePath(path), to: FilePath(aside))
      return (nil, .draftTooLarge(path: aside, bytes: size, limit: Self.maximumBytes))
    }
    _ = try? file.seek(offset: 0, from: .start)
    guard let bytes = try? file.closeAfter({ try file.readToEnd() }) else { return (nil, nil) }
    let text = String(decoding: bytes, as: UTF8.self)
    return (text.isEmpty ? nil : text, nil)
  }

  /// Saves `text` by writing a temporary file and renaming it over the draft.
  ///
  /// Empty text removes the draft. Returns the problem instead of throwing: saving must
  /// never stop typing.
  ///
  /// The draft is readable by its owner only: it is whatever the user typed.
  @discardableResult
  public func save(_ text: String) -> OutputProblem? {
    let files = FileManager.default
    if text.isEmpty {
      if files.fileExists(atPath: path) {
        do {
          try files.removeItem(atPath: path)
        } catch {
          return .cannotRemoveDraft(path: path, reason: error.localizedDescription)
        }
      }
      return nil
    }
    let directory = (path as NSString).deletingLastPathComponent
    do {
      // Owner only (0700): the folder holds what the user typed.
      try files.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      return .cannotSaveDraft(path: path, reason: error.localizedDescription)
    }
    if (directory as NSString).lastPathComponent == "cheonjiin" {
      // Folders made by earlier versions were 0755.
      try? files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory)
    }
    // A fresh name each time, created exclusively and never through a link: a symlink planted
    // at the temporary's name must not redirect what the user typed.
    var attempt = 0
    while true {
      attempt += 1
      let temporary = FilePath(
        "\(directory)/.draft-\(ProcessInfo.processInfo.processIdentifier)-\(attempt).tmp")
      do {
        let file = try FileDescriptor.open(
          temporary, .writeOnly, options: [.create, .exclusiveCreate, .noFollow, .closeOnExec],
          permissions: [.ownerReadWrite])
        do {
          try file.closeAfter { _ = try file.writeAll(text.utf8) }
          try renameFile(temporary, to: FilePath(path))
          return nil
        } catch {
          try? files.removeItem(atPath: temporary.string)  // ours: created exclusively above
          return .cannotSaveDraft(path: path, reason: "\(error)")
        }
      } catch Errno.fileExists where attempt < 100 {
        continue  // a leftover or a planted file: leave it alone, take another name
      } catch {
        return .cannotSaveDraft(path: path, reason: "\(error)")
      }
    }
  }

  /// Keeps a declined draft as `draft.txt.old` instead of deleting it.
  public func setAside() {
    // Either may fail only if there is no draft, which leaves nothing to set aside.
    try? renameFile(FilePath(path), to: FilePath(path + ".old"))
  }
}

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

  static func tmux(_ arguments: [String]) -> (Int32, String) {
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

/// OSC 52: asks the terminal to put text on the clipboard (`--clipboard`).
func clipboardSequence(_ text: String) -> [UInt8] {
  Array("\u{1b}]52;c;\(Data(text.utf8).base64EncodedString())\u{1b}\\".utf8)
}
