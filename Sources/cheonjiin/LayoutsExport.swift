import ArgumentParser
import HangulEngine
import LayoutLoading
import SystemIO
import TerminalUI
import Typing
import Utilities

extension LayoutsCommand {
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a layout's whole automaton as JSON, for typing with it in any program.",
      discussion: """
        --format cheonjiin (the default) writes every composing state and, for each state and \
        key, what the press commits, erases and shows, and its caption (docs/export.md has the \
        schema). \
        --format hwalja writes the same automaton as a Hwalja map: previous characters and key \
        → replacement. The same layout gives the same bytes every time.
        Example: cheonjiin layouts export cheonjiin-galaxy --output galaxy.json
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
      case cheonjiin
      case hwalja
    }

    @Argument(
      help: ArgumentHelp("Layout id or path.", valueName: "ID|PATH"),
      completion: IDCompletion.layouts)
    var layout: String = LayoutLibrary.defaultID

    @Option(name: .long, help: "cheonjiin (states and transitions) or hwalja (a Hwalja map).")
    var format: Format = .cheonjiin

    @Option(
      name: .long,
      help: ArgumentHelp("Write to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    func run() throws {
      let layouts = try loadLayoutSet(layout)
      let table = AutomatonTable(layouts: layouts)
      let text: String
      switch format {
      case .cheonjiin:
        text = AutomatonJSON.cheonjiin(
          table, layout: layouts[0], holdMs: Int(KeypadSettings().holdMs))
      case .hwalja:
        text = AutomatonJSON.hwalja(table, layout: layouts[0])
      }
      try printOrWrite(text, to: output ?? "-") { reason in
        "cannot write \(terminalSafe(output ?? "-")): \(reason); choose a file in a folder you can "
          + "write, or leave out --output to print it"
      }
    }
  }
}

/// The exported forms of an ``AutomatonTable``, written by hand so that the bytes stay the same
/// from run to run and release to release (one entry per line: diffs stay readable).
enum AutomatonJSON {
  /// The schema's version; readers check it before typing with a table.
  static let version = 2

  static func cheonjiin(_ table: AutomatonTable, layout: Layout, holdMs: Int) -> String {
    var text = "{\n  \"format\": \"cheonjiin-automaton\",\n  \"version\": \(version),\n"
    text += "  \"layout\": {\"id\": \(jsonQuoted(layout.id)), \"name\": \(jsonQuoted(layout.name))"
    text += ", \"holdMs\": \(holdMs)},\n  \"keys\": [\n"
    text += table.keys.map { key in
      let layoutKey = layout.keys[key.index]
      let digit = layoutKey.phone.map { jsonQuoted(String($0)) } ?? "null"
      return "    {\"id\": \(jsonQuoted(layoutKey.id)), \"label\": \(jsonQuoted(layoutKey.label))"
        + ", \"digit\": \(digit), \"action\": \"\(key.isHold ? "hold" : "press")\""
        + ", \"type\": \"\(layoutKey.action.typeName)\", \"index\": \(key.index)}"
    }.joined(separator: ",\n")
    text += "\n  ],\n  \"states\": [\n"
    text += table.states.map { "    {\"preedit\": \(jsonQuoted($0))}" }.joined(separator: ",\n")
    let captions = table.distinctCaptions()
    text += "\n  ],\n  \"captions\": [\n"
    text += captions.effects.map { effect in
      let (name, values) = effect.captionFields
      return "    [\"\(name.rawValue)\"" + values.map { ", " + jsonQuoted($0) }.joined() + "]"
    }.joined(separator: ",\n")
    text += "\n  ],\n  \"transitions\": ["
    // Half a million entries: appended in place, each small string written once.
    let kinds = Dictionary(
      uniqueKeysWithValues: Transition.allCases.map { ($0, "\"\($0.rawValue)\", ") })
    let undos = Dictionary(
      uniqueKeysWithValues: AutomatonTable.UndoEffect.allCases.map { ($0, "\"\($0.rawValue)\", ") })
    text.reserveCapacity(table.entryCount * 40)
    for (state, row) in table.transitions.enumerated() {
      text += state == 0 ? "\n    [" : ",\n    ["
      for (column, entry) in row.enumerated() {
        if column > 0 { text += ", " }
        text += "["
        text += String(entry.next)
        text += entry.commit.isEmpty ? ", \"\", " : ", " + jsonQuoted(entry.commit) + ", "
        text += String(entry.erase)
        text += ", "
        text += kinds[entry.transition] ?? ""
        text += undos[entry.undo] ?? ""
        text += String(captions.index[state][column])
        text += "]"
      }
      text += "]"
    }
    text += "\n  ]\n}\n"
    return text
  }

  /// The Hwalja shape: for each key, the text before the press (one or two characters, or none)
  /// → what replaces it.
  ///
  /// Only presses that keep the composition open are in it (letters, strokes, marks): Hwalja's
  /// own few lines handle space and ⌫. Vowel strokes are named 천, 지, 인 as in Hwalja; other keys
  /// by their label.
  static func hwalja(_ table: AutomatonTable, layout: Layout) -> String {
    var columns: [(name: String, column: Int)] = []
    for (column, key) in table.keys.enumerated() where !key.isHold {
      switch layout.keys[key.index].action {
      case .vowel(let stroke):
        let name: String
        switch stroke {
        case .araea: name = "천"
        case .eu: name = "지"
        case .i: name = "인"
        }
        columns.append((name, column))
      case .consonant, .text:
        columns.append((layout.keys[key.index].label, column))
      case .spaceNext, .space, .next, .backspace, .enter, .switchLayout, .dismiss:
        break
      }
    }
    var text = "{\n"
    text += columns.map { name, column in
      var map: [String: String] = [:]
      for (state, row) in table.transitions.enumerated() {
        let entry = row[column]
        let before = table.states[state]
        guard entry.erase == 0 else { continue }
        // A mark's first press ends the composition, which stays as it is shown: it appends.
        let ends = entry.transition == .mark || entry.transition == .typed
        let context = ends ? "" : before
        let commit = ends ? String(entry.commit.dropFirst(before.count)) : entry.commit
        if map[context] == nil { map[context] = commit + table.states[entry.next] }
      }
      // Leave out what Hwalja's rule gives without an entry: appending the empty context's text
      // (one character), or the one-character entry (two), so the map is no larger than it needs.
      let appended = map[""] ?? ""
      for (context, replacement) in map where context.count == 1 {
        if replacement == context + appended { map[context] = nil }
      }
      for (context, replacement) in map where context.count == 2 {
        guard let first = context.first, let last = context.last else { continue }
        let fallback = map[String(last)].map { String(first) + $0 } ?? context + appended
        if replacement == fallback { map[context] = nil }
      }
      let lines = map.sorted {
        $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
      }
      .map { "    \(jsonQuoted($0.key)): \(jsonQuoted($0.value))" }
      return "  \(jsonQuoted(name)): {\n" + lines.joined(separator: ",\n") + "\n  }"
    }.joined(separator: ",\n")
    text += "\n}\n"
    return text
  }

}
