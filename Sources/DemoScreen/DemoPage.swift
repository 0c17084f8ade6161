import CellGrid
import HangulEngine
import TerminalUI
import Utilities

/// The demo as one self-contained web page (`demo --html`): no network, no file besides
/// itself.
///
/// The page's script draws the pads from the layouts and plays the presses and captions the
/// terminal demo plays; they are written into the page as JSON, so the page never types
/// Hangul itself and cannot disagree with the engine.
public enum DemoPage {
  /// The page.
  ///
  /// - Parameters:
  ///   - title: The text typed, for the page's title; empty for a pad to try, with no text.
  ///   - theme: The colours; nil follows the viewer's colour scheme (dark unless light).
  ///   - automata: Each track's automaton as `cheonjiin layouts export` writes it (compact
  ///     JSON), for the learner to type with; nil for a track that can only be watched.
  public static func html(
    _ script: DemoScript, playback: DemoPlayback, strings: UIStrings, title: String,
    theme: Theme.Name? = nil, automata: [String?] = []
  ) -> String {
    let data = json(
      script, playback: playback, strings: strings, title: title, automata: automata)
    let pageTitle = strings.demoPageText(title: title).first { $0.name == "title" }?.text ?? title
    return filling(
      pageTemplate,
      [
        ("@LANG@", strings.htmlLanguage),
        ("@THEME@", theme.map { " data-theme=\"\($0.rawValue)\"" } ?? ""),
        ("@TITLE@", htmlEscaped(pageTitle)),
        ("@NOSCRIPT@", htmlEscaped(strings.demoPageNeedsScript)),
        ("@DATA@", safeInScript(data)),
      ])
  }

  /// The template with each marker replaced, in the order they appear in it; what is put in
  /// is never searched, so a text holding `@DATA@` stays as it is.
  package static func filling(_ template: String, _ values: [(marker: String, value: String)])
    -> String
  {
    var result = ""
    var rest = template[...]
    for (marker, value) in values {
      guard let range = rest.firstRange(of: marker) else { continue }
      result += rest[..<range.lowerBound]
      result += value
      rest = rest[range.upperBound...]
    }
    return result + rest
  }

  // MARK: - Data

  /// Everything the page plays, as JSON: its text, the layouts, every press with its text and
  /// caption, and every segment with what a waiting track says.
  ///
  /// Linear in the text: a press carries the few characters it changed, not the text so far
  /// (which made a 20 MB page of 2,000 characters); the page rebuilds the text from the
  /// characters to type. Texts shown are as the terminal shows them (``DemoRenderer``'s
  /// `●` for the dot strokes).
  package static func json(
    _ script: DemoScript, playback: DemoPlayback, strings: UIStrings, title: String,
    automata: [String?] = []
  ) -> String {
    var out = "{"
    out += "\"free\":\(script.tracks.allSatisfy { $0.steps.isEmpty }),"
    // The dot strokes as the demo draws them, for the text the learner types.
    out +=
      "\"shown\":{"
      + ["ㆍ", "‥"].map { "\(jsonQuoted($0)):\(jsonQuoted(DemoRenderer.displayed($0)))" }
      .joined(separator: ",") + "},"
    out += "\"text\":{"
    out += strings.demoPageText(title: title).map {
      "\(jsonQuoted($0.name)):\(jsonQuoted($0.text))"
    }
    .joined(separator: ",")
    out += "},"
    out += "\"target\":" + characters(json: script.text) + ","
    out +=
      "\"playback\":{\"keysPerSecond\":\(number(playback.keysPerSecond)),"
      + "\"once\":\(playback.playsOnce),\"step\":\(playback.pausesEachSyllable),"
      + "\"endPauseMs\":\(DemoController.endPauseMs),"
      + "\"captionCharactersPerKey\":\(strings.demoCaptionCharactersPerKey),"
      + "\"speeds\":[\(DemoController.speeds.map(number).joined(separator: ","))]},"
    out += "\"segments\":["
    for (index, segment) in script.segments.enumerated() {
      if index > 0 { out += "," }
      // What each track says while it waits for the slower one here (null: it never waits).
      let moment = script.moment(at: segment.firstTick + segment.ticks - 1)
      let waiting = script.tracks.indices.map { track in
        segment.presses[track].count < segment.ticks
          ? jsonQuoted(script.caption(of: track, at: moment, strings: strings).text) : "null"
      }
      out +=
        "{\"characters\":[\(segment.characters.lowerBound),\(segment.characters.upperBound)],"
        + "\"presses\":["
        + segment.presses.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
        + "],\"firstTick\":\(segment.firstTick),\"ticks\":\(segment.ticks),"
        + "\"waiting\":[\(waiting.joined(separator: ","))]}"
    }
    out += "],"
    out +=
      "\"tracks\":["
      + script.tracks.enumerated().map { index, track in
        self.track(json: track, strings: strings, automaton: automata[safe: index] ?? nil)
      }.joined(separator: ",") + "]"
    return out + "}"
  }

  /// Characters as a JSON array of strings, as the page shows them.
  private static func characters(json characters: some Sequence<Character>) -> String {
    "[" + characters.map { jsonQuoted(DemoRenderer.displayed(String($0))) }.joined(separator: ",")
      + "]"
  }

  /// A track: its layouts and its presses.
  ///
  /// A press's text is the first `shared` characters
  /// to type, then `rest` (left out when empty); the first `committed` of them are finished,
  /// the others the composition.
  private static func track(json track: DemoTrack, strings: UIStrings, automaton: String?)
    -> String
  {
    var out = "{\"title\":\(jsonQuoted(track.title)),\"startLayout\":\(track.startLayout),"
    if let automaton { out += "\"automaton\":\(automaton)," }
    out +=
      "\"layouts\":["
      + track.layouts.map { layout(json: $0, strings: strings) }.joined(separator: ",") + "],"
    out += "\"steps\":["
    for (index, step) in track.steps.enumerated() {
      if index > 0 { out += "," }
      let typed = step.typed
      out +=
        "{\"layout\":\(step.layout),\"key\":\(step.key),\"hold\":\(step.isHold),"
        + "\"shared\":\(typed.sharedCount),\"committed\":\(typed.committedCount),"
        + (typed.rest.isEmpty ? "" : "\"rest\":\(characters(json: typed.rest)),")
        + "\"shownLayout\":\(typed.layout),"
        + "\"caption\":\(jsonQuoted(DemoRenderer.displayed(strings.demoCaption(step, of: track))))}"
    }
    return out + "]}"
  }

  /// A layout as the page draws it: its rows of key indices (null for a gap) and each key's
  /// label, small print, width and style.
  private static func layout(json layout: Layout, strings: UIStrings) -> String {
    let keys = layout.keys.map { key in
      var small = key.secondLabel ?? ""
      if small.isEmpty, case .text(let text) = key.hold { small = text }
      return "{\"id\":\(jsonQuoted(key.id)),\"kind\":\(jsonQuoted(key.action.typeName)),"
        + (key.phone.map { "\"phone\":\(jsonQuoted(String($0)))," } ?? "")
        + "\"label\":\(jsonQuoted(DemoRenderer.displayed(key.label))),"
        + "\"small\":\(jsonQuoted(DemoRenderer.displayed(small))),"
        + "\"name\":\(jsonQuoted(accessibleName(key.label, small: small))),"
        + "\"width\":\(number(key.width)),\"style\":\(jsonQuoted(key.style.rawValue))}"
    }
    let rows = layout.rows.map { row in
      "[" + row.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
    }
    return "{\"id\":\(jsonQuoted(layout.id)),\"name\":\(jsonQuoted(strings.name(of: layout))),"
      + "\"keys\":[\(keys.joined(separator: ","))],\"rows\":[\(rows.joined(separator: ","))]}"
  }

  // MARK: - Helpers

  /// What a screen reader says for a key: its letters as the layout writes them (ㆍ, not the
  /// ● the page draws for it), a space between two letters so that each is named (`ㄱ ㅋ`),
  /// then its small print (`ㄱ ㅋ 4`).
  package static func accessibleName(_ label: String, small: String) -> String {
    var name = ""
    var previous: Unicode.Scalar?
    for scalar in label.unicodeScalars {
      if let previous, isLetter(previous), isLetter(scalar) { name += " " }
      name.unicodeScalars.append(scalar)
      previous = scalar
    }
    return small.isEmpty ? name : name + " " + small
  }

  /// A Hangul letter as the pad's keys show them (compatibility jamo, ‥ for the double dot).
  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    (0x3131...0x318E).contains(scalar.value) || scalar == "\u{2025}"
  }

  /// A layout's automaton as the page carries it, for the learner to type with.
  ///
  /// The same table `cheonjiin layouts export` writes, in fewer bytes: the export, one JSON
  /// entry per state and key, is about 15 MB for a shipped layout (18,439 states × 26 keys).
  /// Here a state's entries are one string, each entry the next state and an index into the
  /// distinct entries, in base 64 (`widths` digits each); an entry's commit that starts with
  /// the composition before the press says so with a flag instead of repeating it, so the
  /// distinct entries are few. The page's script reads an entry back in a few lines.
  ///
  /// Each entry's caption is a third number, an index into `captions` (the template's name and
  /// values, as ``PressEffect/captionFields`` gives them).
  public static func automaton(_ table: AutomatonTable, holdMs: Int) -> String {
    let captions = table.distinctCaptions()
    var distinct: [String: Int] = [:]
    var entries: [String] = []
    let codes = table.transitions.enumerated().map { state, row in
      let before = table.states[state].unicodeScalars
      return row.enumerated().map { column, entry in
        let commit = entry.commit.unicodeScalars
        let continues = !before.isEmpty && commit.starts(with: before)
        var text = String.UnicodeScalarView()
        text.append(contentsOf: continues ? commit.dropFirst(before.count) : commit[...])
        let json =
          "[\(continues ? 1 : 0),\(jsonQuoted(String(text))),\(entry.erase),"
          + "\"\(entry.transition.rawValue)\",\"\(entry.undo.rawValue)\"]"
        let index = distinct[json] ?? entries.count
        if index == entries.count {
          entries.append(json)
          distinct[json] = index
        }
        return (entry.next, index, captions.index[state][column])
      }
    }
    let widths = (
      digits(for: table.states.count), digits(for: entries.count),
      digits(for: captions.effects.count)
    )
    let rows = codes.map { row in
      "\""
        + row.map { base64($0.0, widths.0) + base64($0.1, widths.1) + base64($0.2, widths.2) }
        .joined() + "\""
    }
    let captionList = captions.effects.map { effect in
      let (name, values) = effect.captionFields
      return "[\"\(name.rawValue)\"" + values.map { "," + jsonQuoted($0) }.joined() + "]"
    }
    return "{\"holdMs\":\(holdMs),\"keys\":["
      + table.keys.map { "[\($0.index),\($0.isHold ? 1 : 0)]" }.joined(separator: ",")
      + "],\"states\":[" + table.states.map(jsonQuoted).joined(separator: ",")
      + "],\"entries\":[" + entries.joined(separator: ",")
      + "],\"captions\":[" + captionList.joined(separator: ",")
      + "],\"widths\":[\(widths.0),\(widths.1),\(widths.2)],\"rows\":["
      + rows.joined(separator: ",") + "]}"
  }

  /// The page's base-64 digits, in their order (the script has the same).
  private static let base64Digits = Array(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_")

  /// How many base-64 digits hold every number below `count`.
  private static func digits(for count: Int) -> Int {
    var width = 1
    var room = 64
    while room < count {
      width += 1
      room *= 64
    }
    return width
  }

  /// `value` in `width` base-64 digits, the most significant first.
  private static func base64(_ value: Int, _ width: Int) -> String {
    var characters: [Character] = []
    var rest = value
    for _ in 0..<width {
      characters.append(base64Digits[rest % 64])
      rest /= 64
    }
    return String(characters.reversed())
  }

  /// A number as JSON writes it: `2`, `0.25`.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
  }

  /// JSON that can stand inside a `<script>` element: `<`, `>` and `&` only occur in its
  /// strings, where `\u003C` means the same, so `</script>` in a caption cannot end it.
  static func safeInScript(_ json: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(json.utf8.count)
    for byte in json.utf8 {
      switch byte {
      case UInt8(ascii: "<"): bytes.append(contentsOf: "\\u003C".utf8)
      case UInt8(ascii: ">"): bytes.append(contentsOf: "\\u003E".utf8)
      case UInt8(ascii: "&"): bytes.append(contentsOf: "\\u0026".utf8)
      default: bytes.append(byte)
      }
    }
    // U+2028 and U+2029 end a line in older JavaScript; both are rare, so a second pass.
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.contains("\u{2028}") || text.contains("\u{2029}") else { return text }
    return replacing(text, ["\u{2028}": "\\u2028", "\u{2029}": "\\u2029"])
  }

  /// Text for HTML: `&`, `<`, `>` and `"` escaped.
  static func htmlEscaped(_ text: String) -> String {
    replacing(text, ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
  }

  /// `text` with every scalar that `replacements` names replaced by its text.
  private static func replacing(_ text: String, _ replacements: [Unicode.Scalar: String])
    -> String
  {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replacement = replacements[scalar] {
        result += replacement
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
