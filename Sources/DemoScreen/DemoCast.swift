import CellGrid
import HangulEngine
import TerminalUI
import Utilities

/// The demo as an asciicast v2 recording (`demo --cast`), made without a terminal: the same
/// frames the terminal shows, as the bytes that draw them, at the times they would.
///
/// Format: a header line (a JSON object with `version` 2, `width`, `height`), then one line
/// per frame, `[seconds, "o", "bytes"]`. `asciinema play FILE` plays it.
public enum DemoCast {
  /// How long the end of a syllable stays under `--step`, where a recording cannot wait for
  /// a key.
  static let syllablePauseMs = 1500

  /// The recording's text, one line per event, ending in a line break.
  ///
  /// - Parameters:
  ///   - rows: The window's height; the recording's `height`.
  ///   - columns: Its width; the recording's `width`.
  ///   - title: The recording's title (`cheonjiin demo 안녕`).
  ///   - theme: The colours, as `--theme` gives them on the terminal.
  public static func recording(
    _ script: DemoScript, playback: DemoPlayback, strings: UIStrings, rows: Int, columns: Int,
    title: String, theme: Theme, width: @escaping @Sendable (Character) -> Int
  ) -> String {
    var text = ""
    writeRecording(
      script, playback: playback, strings: strings, rows: rows, columns: columns, title: title,
      theme: theme, width: width
    ) { text += $0 }
    return text
  }

  /// The recording, handed to `write` a line at a time as it is made: a long demo's
  /// recording never sits in memory whole, and each line costs one frame's changes.
  public static func writeRecording(
    _ script: DemoScript, playback: DemoPlayback, strings: UIStrings, rows: Int, columns: Int,
    title: String, theme: Theme, width: @escaping @Sendable (Character) -> Int,
    to write: (String) -> Void
  ) {
    write(
      "{\"version\":2,\"width\":\(columns),\"height\":\(rows),\"title\":\(jsonQuoted(title)),"
        + "\"env\":{\"TERM\":\"xterm-256color\",\"SHELL\":\"/bin/sh\"}}\n")
    var writer = FrameWriter()
    let palette = Palette(theme: theme, depth: .twoHundredFiftySix)
    let status = (
      keys: title, state: strings.demoSpeed(DemoController.speedText(playback.keysPerSecond))
    )
    // The window does not change, so neither does the layout of its frames.
    let plan = DemoRenderer.bestPlan(
      script, strings: strings, rows: rows - 1, columns: columns,
      measure: TextMeasure(width: width))
    let segmentEnds = Set(script.segmentEnds)
    var milliseconds = 0
    for tick in 0...script.tickCount {
      if tick > 0 {
        milliseconds += script.holdMs(at: tick - 1, playback: playback, strings: strings)
        if playback.pausesEachSyllable, segmentEnds.contains(tick - 1) {
          milliseconds += syllablePauseMs
        }
      }
      let screen = DemoController.screen(
        script, at: tick, plan: plan, strings: strings, theme: theme, rows: rows,
        columns: columns, width: width, status: status)
      var bytes = writer.update(to: screen, palette: palette)
      // Hide the cursor first: the demo draws its own.
      if tick == 0 { bytes = Array("\u{1B}[?25l".utf8) + bytes }
      write(event(at: milliseconds, String(decoding: bytes, as: UTF8.self)))
    }
    // The last frame stays, then the player's terminal gets its cursor and colours back, on
    // a new line below the last row: the shell's prompt comes after the demo, not inside
    // its pad.
    milliseconds += max(
      Int(DemoController.endPauseMs),
      script.holdMs(at: script.tickCount, playback: playback, strings: strings))
    write(event(at: milliseconds, "\u{1B}[0m\u{1B}[?25h\u{1B}[\(rows);1H\r\n"))
  }

  /// What a recording of `rows` × `columns` lacks to show the whole demo: nil when it is big
  /// enough; otherwise the windows that would be (one per arrangement of the pads) and a usual
  /// size among them, for the message that names the fix.
  public static func missingRoom(
    _ script: DemoScript, strings: UIStrings, rows: Int, columns: Int,
    width: @escaping @Sendable (Character) -> Int
  ) -> (needed: [(columns: Int, rows: Int)], suggested: (columns: Int, rows: Int))? {
    // The status line takes the last row.
    let needed = DemoController.completePlans(script, strings: strings, width: width)
      .map { (columns: $0.columns, rows: $0.rows + 1) }
    func fits(_ window: (columns: Int, rows: Int)) -> Bool {
      needed.contains { $0.columns <= window.columns && $0.rows <= window.rows }
    }
    if fits((columns, rows)) { return nil }
    let usual = [(80, 24), (100, 32), (120, 40), (160, 48)].map { (columns: $0.0, rows: $0.1) }
    let suggested =
      usual.first(where: fits)
      ?? (needed.map(\.columns).min() ?? columns, needed.map(\.rows).max() ?? rows)
    return (needed, suggested)
  }

  /// One output event and its line break: `[1.500, "o", "…"]`.
  private static func event(at milliseconds: Int, _ data: String) -> String {
    let fraction = String(milliseconds % 1000)
    let seconds =
      "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    return "[\(seconds), \"o\", \(jsonQuoted(data))]\n"
  }
}
