import ArgumentParser
import HangulEngine
import LayoutLoading

struct LayoutsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layouts",
    abstract: "List, show and validate keypad layouts.",
    discussion: """
      Shipped layouts live in Layouts/; your own go in $XDG_CONFIG_HOME/cheonjiin/layouts \
      (~/.config/cheonjiin/layouts) and override a shipped one with the same id.
      Examples: cheonjiin layouts list;  cheonjiin layouts show cheonjiin-iphone
      """,
    subcommands: [List.self, Show.self, Validate.self, Export.self])

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the layouts you can use.",
      discussion: "Each line: id, name, shipped or user, file. Example: cheonjiin layouts list")

    func run() throws {
      let library = LayoutLibrary.standard()
      var output = OutputBuffer()
      let catalog = library.catalog()
      if catalog.isEmpty {
        printError("no layouts found; set CHEONJIIN_LAYOUTS to the Layouts folder")
        throw ExitCode.dataError
      }
      for entry in catalog {
        let source = entry.isUser ? "user" : "shipped"
        let name: String
        do {
          name = try library.load(file: entry.file).layout.name
        } catch {
          name = "(invalid: run `cheonjiin layouts validate \(entry.file)`)"
        }
        let isDefault = entry.id == LayoutLibrary.defaultID ? " (default)" : ""
        // File names are the user's and may hold anything, even terminal commands.
        let fields = [entry.id, name + isDefault, source, entry.file].map { terminalSafe($0) }
        output.append(fields.joined(separator: "\t") + "\n")
      }
      try output.finish()
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show a layout's keys and settings.",
      discussion: "Example: cheonjiin layouts show cheonjiin-iphone")

    @Argument(
      help: ArgumentHelp("Layout id or path.", valueName: "ID|PATH"),
      completion: IDCompletion.layouts)
    var layout: String = LayoutLibrary.defaultID

    func run() throws {
      let library = LayoutLibrary.standard()
      let loaded: LoadedLayout
      do {
        loaded = try library.load(file: try library.locate(layout))
      } catch {
        printError(error.description)
        throw ExitCode.dataError
      }
      var output = OutputBuffer()
      output.append(describe(loaded))
      try output.finish()
    }
  }

  struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check layout files and report every problem with its JSON path and a fix.",
      discussion: """
        Exit status 0 if all files are valid, 65 otherwise. \
        Example: cheonjiin layouts validate ~/.config/cheonjiin/layouts/mine.json
        """)

    @Argument(help: "Layout files to check.")
    var files: [String]

    func run() throws {
      let library = LayoutLibrary.standard()
      var bad = 0
      var output = OutputBuffer()
      for file in files {
        do {
          _ = try library.loadSet(file)
          output.append(terminalSafe(file) + ": ok\n")
        } catch {
          bad += 1
          output.flush()
          printError(error.description)
        }
      }
      try output.finish()
      if bad > 0 { throw ExitCode.dataError }
    }
  }
}

/// A plain-text description of a layout for `layouts show`.
func describe(_ loaded: LoadedLayout) -> String {
  let layout = loaded.layout
  var text = "\(layout.id) — \(layout.name)\n\(terminalSafe(loaded.file))\n\nrows:\n"
  for row in layout.rows {
    let cells = row.map { cell -> String in
      guard let cell else { return "·" }
      let key = layout.keys[cell]
      return key.label + (key.phone.map { "(\($0))" } ?? "")
    }
    text += "  " + cells.joined(separator: "  ") + "\n"
  }
  text += "\nkeys:\n"
  for key in layout.keys {
    var line = "  \(key.id)\t\(actionDescription(key.action))"
    if let phone = key.phone { line += "\tphone \(phone)" }
    switch key.hold {
    case .text(let typed): line += "\thold: types \(typed)"
    case .repeatTap: line += "\thold: repeats"
    case nil: break
    }
    if key.width != 1 { line += "\twidth \(key.width)" }
    text += line + "\n"
  }
  let composer = layout.composer
  text += "\ncomposer: space \(composer.space.rawValue)"
  if let next = composer.nextAfterMs { text += ", next after \(next) ms" }
  text += "\n"
  if layout.keys.contains(where: { if case .vowel = $0.action { true } else { false } }) {
    let strokes = composer.vowels.shortestStrokes
    let vowels = Jungseong.allCases.map { jung -> String in
      let written =
        strokes[Vowel.jungseong(jung).index].map {
          $0.map { String(Character($0.letter)) }.joined()
        } ?? "—"
      return "\(Character(jung.compatibility))=\(written)"
    }
    text += "vowels: " + vowels.joined(separator: " ") + "\n"
  }
  if !loaded.extensions.isEmpty {
    text += "user data: " + loaded.extensions.keys.sorted().joined(separator: ", ") + "\n"
  }
  return text
}

func actionDescription(_ action: KeyAction) -> String {
  switch action {
  case .vowel(let stroke): "vowel stroke \(Character(stroke.letter))"
  case .consonant(let cycle, let wraps):
    "consonant " + cycle.map { String(Character($0.compatibility)) }.joined(separator: "→")
      + (wraps ? " (wraps)" : " (no wrap)")
  case .text(let cycle): "text " + cycle.joined(separator: " ")
  case .spaceNext: "space / next (shared)"
  case .space: "space"
  case .next: "next"
  case .backspace: "backspace"
  case .enter: "return"
  case .switchLayout(let id): "switch to \(id)"
  case .dismiss: "dismiss"
  }
}
