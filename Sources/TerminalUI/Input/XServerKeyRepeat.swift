import Foundation
import Synchronization
import SystemPackage
import TerminalInput

/// The X server's key auto-repeat, as `xset q` reports it.
///
/// A terminal that reports no key releases (xterm and most others) has no way to say when the
/// keyboard repeats; the X server its keys come from does. Knowing the repeat delay before the
/// first long hold lets the pad read a firm press (held just past the delay, one repeat, then
/// up) as one press from the start. Where nothing can be asked (no DISPLAY, no `xset`, a
/// console) the pad learns the repeat from the first key held long.
package enum XServerKeyRepeat {
  /// How long `xset q` may take before the pad starts without its answer.
  static let timeout = DispatchTimeInterval.milliseconds(300)

  /// One question to the X server, asked on a thread of its own so that the first frame never
  /// waits for `xset` (up to ``XServerKeyRepeat/timeout`` on a slow connection); the answer
  /// wakes the loop (``WakeNote/keyRepeat``), which hands it to the hold detector.
  package final class Query: Sendable {
    private struct State {
      var answer: AutoRepeat?
      /// Where the answer is announced; nil once the loop has stopped listening.
      var wake: FileDescriptor?
    }

    private let state: Mutex<State>

    /// Starts asking, unless there is nothing to ask (no DISPLAY): then no thread starts.
    package init(environment: [String: String], wake: FileDescriptor) {
      state = Mutex(State(wake: wake))
      guard let display = environment["DISPLAY"], !display.isEmpty else { return }
      SerialThread().run { [self] in
        let answer = XServerKeyRepeat.query(environment: environment)
        state.withLock { state in
          state.answer = answer
          guard answer != nil, let wake = state.wake else { return }
          _ = try? wake.writeAll([WakeNote.keyRepeatByte])  // a full pipe already wakes it
        }
      }
    }

    /// The answer, once; nil before it comes or when there was none.
    package func take() -> AutoRepeat? {
      state.withLock { state in
        defer { state.answer = nil }
        return state.answer
      }
    }

    /// Stops announcing: the wake pipe closes with the terminal, and its number may be reused.
    package func stop() {
      state.withLock { $0.wake = nil }
    }
  }

  /// Asks the X server named by `environment`'s DISPLAY, or returns nil (no display, no
  /// `xset`, auto-repeat off, no answer within ``timeout``).
  package static func query(environment: [String: String]) -> AutoRepeat? {
    guard let display = environment["DISPLAY"], !display.isEmpty else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["xset", "-display", display, "q"]
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    do {
      try process.run()
    } catch {
      return nil
    }
    guard done.wait(timeout: .now() + timeout) == .success else {
      process.terminate()
      return nil
    }
    guard process.terminationStatus == 0 else { return nil }
    return parse(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
  }

  /// Reads `xset q`'s "auto repeat: on" and "auto repeat delay: 660 repeat rate: 25" (the
  /// rate in repeats per second); nil when repeat is off or the lines are missing.
  package static func parse(_ output: String) -> AutoRepeat? {
    var isOn = false
    var delay: Int?
    var rate: Int?
    for line in output.split(separator: "\n") {
      let words = line.split(separator: " ")
      if let at = words.firstIndex(of: "repeat:"), at > words.startIndex,
        words[at - 1] == "auto", at + 1 < words.endIndex
      {
        isOn = words[at + 1] == "on"
      }
      if let at = words.firstIndex(of: "delay:"), at + 1 < words.endIndex {
        delay = Int(words[at + 1])
      }
      if let at = words.firstIndex(of: "rate:"), at + 1 < words.endIndex {
        rate = Int(words[at + 1])
      }
    }
    guard isOn, let delay, let rate, delay > 0, rate > 0 else { return nil }
    return AutoRepeat(delay: .milliseconds(delay), interval: .microseconds(1_000_000 / rate))
  }
}
