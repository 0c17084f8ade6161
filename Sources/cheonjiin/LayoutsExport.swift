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
      let cannotWrite = { (reason: String) in
        "cannot write \(terminalSafe(output ?? "-")): \(reason); choose a file in a folder you can "
          + "write, or leave out --output to print it"
      }
      switch format {
      case .cheonjiin:
        try printOrWrite(to: output ?? "-", cannotWrite: cannotWrite) { write in
          try AutomatonJSON.cheonjiin(
            table, layout: layouts[0], holdMs: Int(KeypadSettings().holdMs), write: write)
        }
      case .hwalja:
        try printOrWrite(
          AutomatonJSON.hwalja(table, layout: layouts[0]), to: output ?? "-",
          cannotWrite: cannotWrite)
      }
    }
  }
}

/// The exported forms of an ``AutomatonTable``, written by hand so that the bytes stay the same
/// from run to run and release to release (one entry per line: diffs stay readable).
enum AutomatonJSON {
  /// The schema's version; readers check it before typing with a table.
  static let version = 2

  /// The cheonjiin form, handed to `write` in parts of about 64 KB as it is made.
  static func cheonjiin(
    _ table: AutomatonTable, layout: Layout, holdMs: Int, write: ([UInt8]) throws -> Void
  ) rethrows {
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
    // Half a million entries, twenty megabytes: made as bytes, each part appended in place, and
    // written as they fill a buffer.
    let bufferSize = 1 << 16
    var bytes = Array(text.utf8)
    bytes.reserveCapacity(bufferSize + 4096)
    for (state, row) in table.transitions.enumerated() {
      bytes.append(state == 0 ? "\n    [" : ",\n    [")
      for (column, entry) in row.enumerated() {
        bytes.append(column > 0 ? ", [" : "[")
        appendDecimal(entry.next, to: &bytes)
        bytes.append(", ")
        appendJSONQuoted(entry.commit, to: &bytes)
        bytes.append(", ")
        appendDecimal(entry.erase, to: &bytes)
        bytes.append(", \"")
        bytes += entry.transition.rawValue.utf8
        bytes.append("\", \"")
        bytes += entry.undo.rawValue.utf8
        bytes.append("\", ")
        appendDecimal(captions.index[state][column], to: &bytes)
        bytes.append(UInt8(ascii: "]"))
      }
      bytes.append(UInt8(ascii: "]"))
      if bytes.count >= bufferSize {
        try write(bytes)
        bytes.removeAll(keepingCapacity: true)
      }
    }
    bytes.append("\n  ]\n}\n")
    try write(bytes)
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

extension [UInt8] {
  /// Appends a literal's UTF-8 without making an array or a String of it.
  fileprivate mutating func append(_ literal: StaticString) {
    literal.withUTF8Buffer { append(contentsOf: $0) }
  }
}
