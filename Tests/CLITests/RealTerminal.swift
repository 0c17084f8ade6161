import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

// The real-terminal rig: an X server of the test's own (Xvfb), real xterms on it,
// real key presses and releases on a schedule (xdotool), the X server's own auto-repeat
// (`xset r rate`), and screenshots (ImageMagick's `import`). What a user meets, not a model
// of it: the tests that use it check holds and colours where people see them.

/// The programs the rig needs (Debian: xvfb xterm xdotool x11-xserver-utils imagemagick,
/// fonts-nanum for Hangul; `make test` installs them).
let realTerminalTools = ["Xvfb", "xterm", "xdotool", "xset", "import", "python3"]

/// Whether kitty is there too, for the key-release path (Debian `kitty`).
let hasKitty: Bool = hasRealTerminal && system("command -v kitty > /dev/null 2>&1") == 0

/// Whether the rig can run here.
let hasRealTerminal: Bool = realTerminalTools.allSatisfy {
  system("command -v \($0) > /dev/null 2>&1") == 0
}

/// The command that starts `command` with no signal blocked.
///
/// A child inherits the signal mask of the thread that starts it, and the test runner's threads
/// block SIGTERM and SIGHUP: an Xvfb started from them would ignore a polite stop, and keep its
/// lock file in /tmp. Python (a test dependency already) clears the mask, then runs the command.
func unblocked(_ command: [String]) -> [String] {
  [
    "python3", "-c",
    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
      + "os.execvp(sys.argv[1], sys.argv[1:])",
  ] + command
}

/// Stops a process: SIGTERM, and SIGKILL if it is still there after `grace` seconds.
func stop(_ process: Process, grace: Double = 5) {
  guard process.isRunning else { return }
  kill(process.processIdentifier, SIGTERM)
  let end = Date().addingTimeInterval(grace)
  while process.isRunning, Date() < end { Thread.sleep(forTimeInterval: 0.02) }
  if process.isRunning { kill(process.processIdentifier, SIGKILL) }
}

/// Runs a program to its end and returns what it printed; throws when it fails.
@discardableResult
func runTool(_ command: [String], environment: [String: String] = [:]) throws -> String {
  let result = try runProgram(["/usr/bin/env"] + command, environment: environment)
  guard result.status == 0 else {
    throw RigError(
      "\(command.joined(separator: " ")) exited \(result.status): \(result.stderr)")
  }
  return result.stdout
}

struct RigError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A new Xvfb on a display no one else uses, stopped when this goes away.
///
/// `-displayfd`: the server picks a free display. Other test runs and other people's servers
/// may share the machine: nothing here assumes a display number.
final class XServer {
  let display: String
  let directory: URL
  private let server: Process
  private var clients: [Process] = []

  init() throws {
    directory = try scratchFolder("xvfb")
    server = Process()
    server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    server.arguments = unblocked([
      "Xvfb", "-displayfd", "1", "-screen", "0", "1280x1100x24", "-nolisten", "tcp", "-noreset",
    ])
    server.environment = childEnvironment()
    let number = Pipe()
    server.standardOutput = number
    server.standardError = FileHandle.nullDevice
    try server.run()
    // Xvfb writes the display number and a newline to the descriptor once it is ready.
    var text = ""
    while !text.hasSuffix("\n") {
      let byte = number.fileHandleForReading.readData(ofLength: 1)
      if byte.isEmpty { throw RigError("Xvfb ended before it was ready") }
      text += String(decoding: byte, as: UTF8.self)
    }
    display = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  deinit {
    for client in clients { stop(client) }
    // Xvfb removes its lock file and socket from /tmp when it is stopped this way.
    stop(server)
    try? FileManager.default.removeItem(at: directory)
  }

  var environment: [String: String] { ["DISPLAY": display] }

  /// Runs an X client (xdotool, xset, import) on this display to its end.
  @discardableResult
  func run(_ command: [String]) throws -> String {
    try runTool(command, environment: environment)
  }

  /// Starts an xterm running `command`, 80×24 at the top-left corner (or `placement`), and
  /// waits for its window.
  ///
  /// - Parameters:
  ///   - dark: white on black instead of xterm's black on white, as its foreground and
  ///     background resources set them (not reverse video, which also swaps xterm's colours
  ///     0 and 7).
  ///   - environment: The command's whole environment besides PATH and the scratch home's
  ///     variables (TERM, LANG…), set with `env -i` inside the terminal: nothing of the test
  ///     runner's (NO_COLOR, LC_ALL) leaks in, and the terminal itself runs with a plain UTF-8
  ///     locale.
  func xterm(
    _ command: [String], dark: Bool = false, columns: Int = 80, rows: Int = 24,
    placement: String = "+0+0", environment: [String: String] = [:]
  ) throws -> XTermWindow {
    try terminal(
      [
        "xterm", "-geometry", "\(columns)x\(rows)\(placement)", "-b", "0", "+sb",
        // DejaVu Sans Mono for Latin, Nanum from fontconfig's fallback for Hangul.
        "-fa", "DejaVu Sans Mono", "-fs", "13",
        "-fg", dark ? "white" : "black", "-bg", dark ? "black" : "white",
        "-xrm", "XTerm*cursorBlink: false", "-e",
      ], command: command, environment: environment, columns: columns, rows: rows)
  }

  /// Starts kitty running `command` (Debian's kitty; OpenGL in software under Xvfb): a
  /// terminal that speaks the kitty keyboard protocol, so key releases are reported.
  func kitty(_ command: [String], environment: [String: String] = [:]) throws -> XTermWindow {
    try terminal(
      [
        "kitty", "--config", "NONE", "-o", "font_size=12", "-o", "remember_window_size=no",
        "-o", "initial_window_width=900", "-o", "initial_window_height=560",
      ], command: command, environment: environment, columns: 80, rows: 24,
      // Its cache and Mesa's shader cache go in the scratch folder, not the user's home.
      extra: [
        "LIBGL_ALWAYS_SOFTWARE": "1", "MESA_SHADER_CACHE_DISABLE": "true",
        "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path,
      ])
  }

  /// Starts a terminal (`launcher` then the command to run) and waits for its window.
  private func terminal(
    _ launcher: [String], command: [String], environment: [String: String], columns: Int,
    rows: Int, extra: [String: String] = [:]
  ) throws -> XTermWindow {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    process.arguments = unblocked(
      launcher + ["env", "-i", "PATH=" + path] + scratchHomeAssignments + assignments + command)
    process.environment = childEnvironment(
      ["DISPLAY": display, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"].merging(extra) { $1 })
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    clients.append(process)
    let window = try run([
      "xdotool", "search", "--sync", "--onlyvisible", "--pid", String(process.processIdentifier),
    ]).split(separator: "\n").last.map(String.init)
    guard let window else {
      throw RigError("no window for \(launcher[0]) \(process.processIdentifier)")
    }
    return XTermWindow(server: self, process: process, window: window, columns: columns, rows: rows)
  }

  /// Sets the X server's auto-repeat (`xset r rate DELAY RATE`) and checks that it took.
  ///
  /// An X server resets it when its last client leaves; this one runs with -noreset.
  func setKeyRepeat(delay: Int, rate: Int) throws {
    try run(["xset", "r", "on"])
    try run(["xset", "r", "rate", String(delay), String(rate)])
    let query = try run(["xset", "q"])
    guard query.contains("auto repeat delay:  \(delay)"), query.contains("repeat rate:  \(rate)")
    else { throw RigError("xset r rate \(delay) \(rate) did not take: \(query)") }
  }

  /// Turns NumLock on, as on most desktops: the keypad then types digits (xterm sends them as
  /// plain digits, as GNOME Terminal and most others do).
  func numLockOn() throws {
    try setNumLock(on: true)
  }

  /// Sets Num Lock, then reads it back: the keypad's keys then send its digits (on) or its
  /// navigation keys (off; xdotool's KP_Begin is keypad 5 then).
  func setNumLock(on: Bool) throws {
    func isOn() throws -> Bool {
      let query = try run(["xset", "q"])
      guard let mask = query.firstMatch(of: /LED mask:\s+([0-9a-f]+)/).map({ String($0.1) }),
        let value = Int(mask, radix: 16)
      else { throw RigError("no LED mask in xset q") }
      return value & 2 != 0
    }
    var tries = 0
    while try isOn() != on {
      guard tries < 3 else { throw RigError("Num Lock stays \(on ? "off" : "on")") }
      try run(["xdotool", "key", "Num_Lock"])
      Thread.sleep(forTimeInterval: 0.2)
      tries += 1
    }
  }
}

/// One xterm on an ``XServer``.
final class XTermWindow {
  let server: XServer
  let process: Process
  let window: String
  let columns: Int
  let rows: Int

  init(server: XServer, process: Process, window: String, columns: Int, rows: Int) {
    self.server = server
    self.process = process
    self.window = window
    self.columns = columns
    self.rows = rows
  }

  /// Plays xdotool commands as one chain, so that their `sleep`s keep a real schedule.
  ///
  /// For example `keydown KP_5 sleep 0.9 keyup KP_5`. xdotool presses and releases keys
  /// through XTEST, as a keyboard does; the X server adds its own auto-repeat while a key is
  /// down.
  ///
  /// The pointer goes over the window first: with no window manager, keys go to the window
  /// under it. (Not with `--sync`: when the pointer is there already, xdotool then waits
  /// about 15 s for a motion that never comes. The server handles the motion before the keys
  /// anyway.)
  func play(_ steps: [String]) throws {
    try server.run(["xdotool", "mousemove", "--window", window, "200", "150"] + steps)
  }

  /// Takes a screenshot of the window as binary PPM (P6), for the pixel checks.
  func screenshot(to url: URL) throws {
    try server.run(["import", "-window", window, "-depth", "8", "ppm:" + url.path])
  }

  /// Waits until the program has drawn something (many colours), the picture differs from
  /// `earlier` (when given: a key was pressed, it should show) and it holds still for two
  /// captures in a row.
  ///
  /// - Parameter mayStay: When the key may change nothing (reverse video on a screen that
  ///   paints every cell itself), how long an unchanged picture is waited on before it counts.
  func waitUntilSettled(
    in directory: URL, changedFrom earlier: PixelImage? = nil, mayStay: Double? = nil,
    timeout: Double = 30
  ) throws -> PixelImage {
    let start = Date()
    let end = start.addingTimeInterval(timeout)
    let path = directory.appendingPathComponent("settle-\(window).ppm")
    defer { try? FileManager.default.removeItem(at: path) }
    var previous: PixelImage?
    while Date() < end {
      try screenshot(to: path)
      let image = try PixelImage(ppm: Data(contentsOf: path))
      let changed =
        image != earlier || mayStay.map { Date().timeIntervalSince(start) > $0 } == true
      if let previous, previous == image, changed, image.distinctColours(limit: 4) >= 4 {
        return image
      }
      previous = image
      Thread.sleep(forTimeInterval: 0.2)
    }
    if let previous { try keepShot(previous, named: "unsettled \(window)") }
    throw RigError(
      "the xterm did not settle in \(timeout) s"
        + (previous == earlier ? " (it still shows what it showed before)" : ""))
  }

  var isRunning: Bool { process.isRunning }

  func waitForExit(timeout: Double = 10) throws {
    let end = Date().addingTimeInterval(timeout)
    while process.isRunning {
      if Date() > end { throw RigError("the xterm did not exit in \(timeout) s") }
      Thread.sleep(forTimeInterval: 0.05)
    }
  }
}

/// The X server's key repeat as a terminal program sees it: the times keylog.py recorded
/// while a key was held.
struct MeasuredRepeat: CustomStringConvertible {
  /// Milliseconds from the press to the first auto-repeat.
  var delay: Double
  /// The median of the gaps between auto-repeats, in milliseconds.
  var interval: Double
  /// The largest distance of a gap from the median, in milliseconds: the jitter seen.
  var jitter: Double
  /// Every gap, for the report.
  var gaps: [Double]
  /// The delay of each hold.
  var delays: [Double]
  /// How much longer than xdotool was told the gap between two presses reached the program,
  /// in milliseconds (xdotool's own time per command): schedules subtract it.
  var scheduleLag: Double

  var description: String {
    String(
      format: "delay %.1f ms (%@), interval %.1f ms (jitter ±%.1f ms), presses %.0f ms late",
      delay, delays.map { String(format: "%.0f", $0) }.joined(separator: " "), interval, jitter,
      scheduleLag)
  }

  /// The gap ``lagProbe`` plays between two presses, start to start.
  static let probeGap = 300.0

  /// Reads keylog.py's lines (one read each, as a program gets them) of holds of the key
  /// that sends `byte`, parted by the key that sends `separator`, and of two presses
  /// ``probeGap`` apart.
  init(keylog: String, byte: UInt8, separator: UInt8) throws {
    var holds: [[Double]] = [[]]
    for line in keylog.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2, let nanoseconds = Double(parts[0]) else { continue }
      let bytes = stride(from: 0, to: parts[1].count, by: 2).compactMap { offset -> UInt8? in
        let start = parts[1].index(parts[1].startIndex, offsetBy: offset)
        return UInt8(parts[1][start..<parts[1].index(start, offsetBy: 2)], radix: 16)
      }
      for value in bytes {
        if value == byte { holds[holds.count - 1].append(nanoseconds / 1e6) }
        if value == separator { holds.append([]) }
      }
    }
    let gapsOfHolds = holds.filter { $0.count >= 4 }.map { times in
      zip(times.dropFirst(), times).map { $0 - $1 }
    }
    guard !gapsOfHolds.isEmpty else {
      throw RigError("too few key events to measure the repeat: \(keylog)")
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    let repeats = gapsOfHolds.flatMap { $0.dropFirst() }
    let interval = median(repeats)
    gaps = gapsOfHolds.flatMap { $0 }
    delays = gapsOfHolds.map { $0[0] }
    delay = median(delays)
    self.interval = interval
    jitter = repeats.map { abs($0 - interval) }.max() ?? 0
    guard let pair = holds.last(where: { $0.count == 2 }) else {
      throw RigError("no two presses to time in: \(keylog)")
    }
    scheduleLag = pair[1] - pair[0] - Self.probeGap
  }
}

extension XServer {
  /// Measures the key repeat: keylog.py in an xterm, KP_5 held `holds` times for
  /// `holdSeconds` each; the delay is the median of the holds' (a press that reaches the
  /// program late on a busy machine makes one delay look short).
  func measureRepeat(holds: Int = 3, holdSeconds: Double = 1.0) throws -> MeasuredRepeat {
    let log = directory.appendingPathComponent("keylog-\(UUID().uuidString.prefix(6)).txt")
    defer {
      try? FileManager.default.removeItem(at: log)
      try? FileManager.default.removeItem(atPath: log.path + ".ready")
    }
    let harness = repositoryRoot.appendingPathComponent("Tests/CLITests/Harness/keylog.py")
    let xterm = try self.xterm(["python3", harness.path, log.path])
    let ready = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: log.path + ".ready") {
      if Date() > ready { throw RigError("keylog.py did not start") }
      Thread.sleep(forTimeInterval: 0.05)
    }
    var steps: [String] = []
    for _ in 0..<holds {
      // KP_5, then KP_Enter to part the holds.
      steps +=
        pressSteps("KP_5", milliseconds: holdSeconds * 1000) + ["sleep", "0.2"]
        + pressSteps("KP_Enter", milliseconds: 50) + ["sleep", "0.2"]
    }
    // Two taps as the cases play them (80 ms down), probeGap apart.
    steps +=
      pressSteps("KP_5", milliseconds: 80) + ["sleep", seconds(MeasuredRepeat.probeGap - 80)]
      + pressSteps("KP_5", milliseconds: 80) + ["sleep", "0.2"]
    try xterm.play(steps + ["key", "q"])
    try xterm.waitForExit()
    return try MeasuredRepeat(
      keylog: String(contentsOf: log, encoding: .utf8), byte: UInt8(ascii: "5"),
      separator: 0x0D)
  }
}

/// Saves a screenshot as PNG in the folder `CHEONJIIN_RIG_SHOTS` names, if any, to look at.
func keepShot(_ image: PixelImage, named name: String) throws {
  guard let folder = ProcessInfo.processInfo.environment["CHEONJIIN_RIG_SHOTS"], !folder.isEmpty
  else { return }
  try FileManager.default.createDirectory(
    atPath: folder, withIntermediateDirectories: true)
  let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
  let ppm = URL(fileURLWithPath: folder).appendingPathComponent(safe + ".ppm")
  try (Data("P6\n\(image.width) \(image.height)\n255\n".utf8) + Data(image.bytes)).write(to: ppm)
  try runTool(["convert", ppm.path, ppm.deletingPathExtension().path + ".png"])
  try FileManager.default.removeItem(at: ppm)
}

/// Saves lines of a report beside the screenshots (see ``keepShot(_:named:)``).
func keepReport(_ lines: [String], named name: String) throws {
  guard let folder = ProcessInfo.processInfo.environment["CHEONJIIN_RIG_SHOTS"], !folder.isEmpty
  else { return }
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  let safe = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" })
  try (lines.joined(separator: "\n") + "\n").write(
    to: URL(fileURLWithPath: folder).appendingPathComponent(safe + ".txt"), atomically: true,
    encoding: .utf8)
}

/// xdotool steps for one physical press: down, held `milliseconds`, up.
func pressSteps(_ key: String, milliseconds: Double) -> [String] {
  ["keydown", key, "sleep", seconds(milliseconds), "keyup", key]
}

/// xdotool's `sleep` argument for a span in milliseconds.
func seconds(_ milliseconds: Double) -> String {
  String(format: "%.3f", max(0, milliseconds) / 1000)
}

/// xdotool key names for phone digits in the numpad keymap (phone 1 is KP_7 …).
func xdotoolKeypadNames(_ digits: String) -> [String] {
  numpadKeyNames(digits).map { name in
    switch name {
    case "KP.": "KP_Decimal"
    case "KP/": "KP_Divide"
    case "KP*": "KP_Multiply"
    case "KP-": "KP_Subtract"
    case "KP+": "KP_Add"
    default: "KP_" + name.dropFirst(2)
    }
  }
}
