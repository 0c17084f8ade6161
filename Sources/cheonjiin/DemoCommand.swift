import ArgumentParser
import CellGrid
import DemoScreen
import Foundation
import HangulEngine
import LayoutLoading
import SystemIO
import SystemPackage
import TerminalUI
import Typing

struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Play the keys that type TEXT on the pad, for teaching and showing the layout.",
    discussion: """
      Above the pad: the text to type with the syllable being typed lit, and under each \
      syllable the presses it took. Each key lights up as it is pressed, the text grows, and \
      a caption says what the press did (ㅇ + ㅣ = 이, ㄴㄹ twice → ㄹ); a long caption stays \
      longer. The pad grows with the window. With --compare both pads finish each syllable \
      together, the faster one waiting; a * marks the count that is fewer. For a class: \
      --step pauses after each syllable until Space; Space pauses, ← → step one key, ↓ ↑ one \
      syllable, + - change the speed, Esc (or q, Ctrl-D) ends; Ctrl-C ends with status 130.
      --frames prints every frame as plain text (the pressed key in [brackets]), --cast FILE \
      writes an asciicast v2 recording (asciinema play FILE), --html FILE a web page that \
      plays the demo offline and fills any screen; all three need no terminal. On the page \
      the learner can then try the pad (mouse, touch or the digit keys; a long press types \
      the digit), or press "now you" to type the text with the next key lit; without TEXT, \
      --html writes a pad to try. TEXT may be up to 2,000 characters.
      Example: cheonjiin demo "오 안녕" --compare iphone --step
      """)

  @Argument(
    help:
      "The text to type; several arguments are joined with spaces. Leave it out with --html for a pad to try."
  )
  var text: [String] = []

  @OptionGroup var layoutOption: LayoutOption

  @Option(
    help: ArgumentHelp("Also play this layout beside it (e.g. iphone).", valueName: "LAYOUT"),
    completion: IDCompletion.layouts)
  var compare: String?

  @Option(help: "Keys per second (0.25–20); a long caption stays longer.")
  var speed: Double = DemoPlayback.defaultKeysPerSecond

  @Flag(help: "Play once, then stop and say what to do next (instead of playing again).")
  var once = false

  @Flag(help: "Pause after each syllable until Space.")
  var step = false

  @Flag(help: "Print the frames as plain text and exit; needs no terminal.")
  var frames = false

  @Option(
    help: ArgumentHelp(
      "Write an asciicast v2 recording to FILE (- for standard output); needs no terminal.",
      valueName: "FILE"))
  var cast: String?

  @Option(
    help: ArgumentHelp(
      "Write a self-contained web page that plays the demo to FILE (- for standard output).",
      valueName: "FILE"))
  var html: String?

  @Option(
    help: ArgumentHelp(
      "The window of the --cast recording, COLUMNSxROWS (80x24, 100x32).",
      valueName: "SIZE"))
  var size: String = "80x24"

  @Flag(
    help: "Bigger keys in --frames (on the terminal and in --cast the pad grows with the window).")
  var large = false

  @Option(
    help:
      "Colours: light (Galaxy light, the default), dark (Galaxy dark) or contrast (high contrast); the --html page follows the viewer's colour scheme unless given."
  )
  var theme: PadOptions.ThemeName?

  /// The recording window's bounds: big enough for the status line, small enough to play.
  static let smallestWindow = (columns: 20, rows: 6)
  static let largestWindow = 500
  /// The longest TEXT, in characters: a long letter, over an hour of presses at the default
  /// pace.
  ///
  /// The demo is linear in its text, but a page or a recording of a book helps nobody.
  static let longestText = 2000

  /// Checks the arguments before anything is loaded or drawn (exit status 64).
  func validate() throws {
    guard (0.25...20).contains(speed) else {
      throw ValidationError(commandStrings.demoSpeedOutOfRange(speed))
    }
    // No text: only a page to try the pad on.
    guard !text.joined().isEmpty || (html != nil && !frames && cast == nil) else {
      throw ValidationError(commandStrings.demoTextEmpty)
    }
    let length = text.joined(separator: " ").count
    guard length <= Self.longestText else {
      throw ValidationError(commandStrings.demoTextTooLong(length, longest: Self.longestText))
    }
    let window = try castWindow()
    let smallest = Self.smallestWindow
    guard window.columns >= smallest.columns, window.rows >= smallest.rows,
      window.columns <= Self.largestWindow, window.rows <= Self.largestWindow
    else {
      throw ValidationError(
        commandStrings.demoSizeOutOfRange(
          columns: window.columns, rows: window.rows, minimum: (smallest.columns, smallest.rows),
          maximum: Self.largestWindow))
    }
    let toStandardOutput = [frames, cast == "-", html == "-"].filter { $0 }.count
    guard toStandardOutput <= 1 else {
      throw ValidationError(commandStrings.demoTwoOutputsOnStandardOutput)
    }
  }

  /// `--size` read as columns and rows: `80x24` (or `80×24`).
  private func castWindow() throws -> (columns: Int, rows: Int) {
    let parts = size.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else {
      throw ValidationError(commandStrings.demoSizeUnreadable(size))
    }
    return (columns, rows)
  }

  func run() throws {
    let target = text.joined(separator: " ")
    let environment = ProcessInfo.processInfo.environment
    let strings = UIStrings(UILanguage.from(environment: environment))
    var tracks = [try track(target, layoutID: layoutOption.layout)]
    if let compare {
      // "iphone" is short for the iPhone-style Cheon-Ji-In layout.
      let id =
        ["iphone": "cheonjiin-iphone", "galaxy": "cheonjiin-galaxy", "hwalja": "cheonjiin-hwalja"][
          compare] ?? compare
      tracks.append(try track(target, layoutID: id))
    }
    let script = DemoScript(tracks: tracks)
    let playback = DemoPlayback(keysPerSecond: speed, playsOnce: once, pausesEachSyllable: step)
    if frames || cast != nil || html != nil {
      // Widths as a UTF-8 terminal has them, whatever the locale: no terminal is involved.
      setlocale(LC_CTYPE, "C.UTF-8")
      try record(script, playback: playback, strings: strings, text: target)
      return
    }
    var options = KeypadRunOptions(layouts: tracks[0].layouts, keymaps: [])
    options.useColor = (environment["NO_COLOR"] ?? "").isEmpty
    options.settings.language = strings.language
    options.settings.theme = themeName
    let controller = DemoController(
      script: script, playback: playback, strings: strings, theme: .named(themeName))
    let status = DemoApp.run(controller, options: options)
    if status != 0 { throw ExitCode(status) }
  }

  private var themeName: Theme.Name { pageTheme ?? .light }
  /// The theme asked for; the page follows the viewer's colour scheme without one.
  private var pageTheme: Theme.Name? { theme.flatMap { Theme.Name(rawValue: $0.rawValue) } }

  /// Writes what `--frames`, `--cast` and `--html` ask for.
  ///
  /// - Parameter text: The text typed, for the titles.
  private func record(
    _ script: DemoScript, playback: DemoPlayback, strings: UIStrings, text: String
  ) throws {
    if frames {
      var output = OutputBuffer()
      DemoRenderer.writeTextFrames(
        script, size: large ? .normal : .compact, strings: strings, width: DisplayWidth.of
      ) { output.append($0) }
      try output.finish()
    }
    if let cast {
      let window = try castWindow()
      if let missing = DemoCast.missingRoom(
        script, strings: strings, rows: window.rows, columns: window.columns,
        width: DisplayWidth.of)
      {
        printError(
          commandStrings.demoCastTooSmall(
            columns: window.columns, rows: window.rows, needed: missing.needed,
            suggested: missing.suggested))
        throw ExitCode.validationFailure
      }
      let recording = DemoCast.recording(
        script, playback: playback, strings: strings, rows: window.rows, columns: window.columns,
        title: "cheonjiin demo " + text, theme: .named(themeName), width: DisplayWidth.of)
      try write(recording, to: cast, option: "--cast", howToPlay: strings.demoPlayCast(cast))
    }
    if let html {
      let page = DemoPage.html(
        script, playback: playback, strings: strings, title: text, theme: pageTheme,
        automata: script.tracks.map { automaton(of: $0) })
      try write(page, to: html, option: "--html", howToPlay: strings.demoOpenPage)
    }
  }

  /// Writes a recording to `path` (`-`: standard output) and says on standard error where it
  /// went; a file that cannot be written ends the command with status 1, as other write errors
  /// do.
  private func write(_ text: String, to path: String, option: String, howToPlay: String) throws {
    let wroteFile = try printOrWrite(text, to: path) {
      commandStrings.demoCannotWrite(path, option: option, reason: $0)
    }
    guard wroteFile else { return }
    printError(commandStrings.demoWrote(path, bytes: text.utf8.count, howToPlay: howToPlay))
  }

  /// The track's first layout as the engine exports its automaton, for the page to type
  /// with.
  ///
  /// The layouts its switch keys reach end the composition there and leave the table, so the
  /// page types on the first layout only.
  private func automaton(of track: DemoTrack) -> String? {
    let table = AutomatonTable(layouts: track.layouts, index: track.startLayout)
    return DemoPage.automaton(table, holdMs: Int(KeypadSettings().holdMs))
  }

  private func track(_ text: String, layoutID: String) throws -> DemoTrack {
    var option = layoutOption
    option.layout = layoutID
    let layouts = commandStrings.withInterfaceLabels(try option.load())
    do {
      return try DemoTrack(
        text: text, layouts: layouts,
        title: layouts.first.map { commandStrings.name(of: $0) } ?? layoutID)
    } catch {
      printError(commandStrings.spellError(error, layout: layouts.first?.id ?? layoutID))
      throw ExitCode.dataError
    }
  }
}
