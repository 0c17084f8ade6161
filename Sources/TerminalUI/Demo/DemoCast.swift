import HangulEngine

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
  public static func recording(
    _ script: DemoScript, playback: DemoPlayback, size: KeySize, strings: UIStrings,
    rows: Int, columns: Int, title: String, theme: Theme,
    width: @escaping @Sendable (Character) -> Int
  ) -> String {
    let header =
      "{\"version\":2,\"width\":\(columns),\"height\":\(rows),\"title\":\(jsonQuoted(title)),"
      + "\"env\":{\"TERM\":\"xterm-256color\",\"SHELL\":\"/bin/sh\"}}"
    var lines = [header]
    var writer = FrameWriter()
    let palette = Palette(theme: theme, depth: .twoHundredFiftySix)
    let status = (
      keys: title, state: strings.demoSpeed(DemoController.speedText(playback.keysPerSecond))
    )
    let interval = Int((1000 / playback.keysPerSecond).rounded())
    let segmentEnds = Set(script.segmentEnds)
    var milliseconds = 0
    for tick in 0...script.tickCount {
      if tick > 0 {
        milliseconds += interval
        if playback.pausesEachSyllable, segmentEnds.contains(tick - 1) {
          milliseconds += syllablePauseMs
        }
      }
      let screen = DemoController.screen(
        script, at: tick, size: size, strings: strings, rows: rows, columns: columns,
        width: width, status: status)
      var bytes = writer.update(to: screen, palette: palette)
      // Hide the cursor first: the demo draws its own.
      if tick == 0 { bytes = Array("\u{1B}[?25l".utf8) + bytes }
      lines.append(event(at: milliseconds, String(decoding: bytes, as: UTF8.self)))
    }
    // The last frame stays, then the player's terminal gets its cursor and colours back.
    milliseconds += Int(DemoController.endPauseMs)
    lines.append(event(at: milliseconds, "\u{1B}[0m\u{1B}[?25h"))
    return lines.joined(separator: "\n") + "\n"
  }

  /// What a recording of `rows` × `columns` lacks to show the whole demo: nil when it is big
  /// enough; otherwise the windows that would be (one per arrangement of the pads) and a usual
  /// size among them, for the message that names the fix.
  public static func missingRoom(
    _ script: DemoScript, strings: UIStrings, rows: Int, columns: Int,
    width: @escaping @Sendable (Character) -> Int
  ) -> (needed: [(columns: Int, rows: Int)], suggested: (columns: Int, rows: Int))? {
    // The status line takes the last row.
    let needed = DemoController.completeFrames(script, at: 0, strings: strings, width: width)
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

  /// One output event: `[1.500, "o", "…"]`.
  private static func event(at milliseconds: Int, _ data: String) -> String {
    let fraction = String(milliseconds % 1000)
    let seconds =
      "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    return "[\(seconds), \"o\", \(jsonQuoted(data))]"
  }
}
