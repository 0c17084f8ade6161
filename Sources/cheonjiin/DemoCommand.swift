import ArgumentParser
import Foundation
import HangulEngine
import LayoutLoading
import TerminalUI

struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Play the keys that type TEXT on the pad, for teaching and showing the layout.",
    discussion: """
      Each key lights up as it is pressed, the text grows, and a counter shows the presses. \
      Space pauses, ← → step one key, + - change the speed, Esc (or q, Ctrl-D) ends; Ctrl-C \
      ends with status 130. --frames prints every frame as plain text instead (for docs and \
      tests), the pressed key in [brackets].
      Example: cheonjiin demo "오 안녕" --compare iphone
      """)

  @Argument(help: "The text to type; several arguments are joined with spaces.")
  var text: [String]

  @OptionGroup var layoutOption: LayoutOption

  @Option(help: ArgumentHelp("Also play this layout beside it (e.g. iphone).", valueName: "LAYOUT"))
  var compare: String?

  @Option(help: "Keys per second (0.25–20).")
  var speed: Double = 2

  @Flag(help: "Print the frames as plain text and exit; needs no terminal.")
  var frames = false

  @Flag(help: "Bigger keys.")
  var large = false

  /// Checks the arguments before anything is loaded or drawn (exit status 64).
  func validate() throws {
    guard (0.25...20).contains(speed) else {
      throw ValidationError(commandStrings.demoSpeedOutOfRange(speed))
    }
    guard !text.joined().isEmpty else {
      throw ValidationError(commandStrings.demoTextEmpty)
    }
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
    if frames {
      setlocale(LC_CTYPE, "C.UTF-8")
      var output = OutputBuffer()
      output.append(
        DemoRenderer.textFrames(
          tracks, size: large ? .normal : .compact, strings: strings, width: DisplayWidth.of))
      output.flush()
      return
    }
    var options = KeypadRunOptions(layouts: tracks[0].layouts, keymaps: [])
    options.useColor = (environment["NO_COLOR"] ?? "").isEmpty
    options.settings.language = strings.language
    let controller = DemoController(
      tracks: tracks, keysPerSecond: speed, strings: strings, size: large ? .large : .normal)
    let status = DemoApp.run(controller, options: options)
    if status != 0 { throw ExitCode(status) }
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
