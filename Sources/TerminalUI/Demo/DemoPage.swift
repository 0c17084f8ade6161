import HangulEngine

/// The demo as one self-contained web page (`demo --html`): no network, no file besides
/// itself.
///
/// The page's script draws the pads from the layouts and plays the presses and captions the
/// terminal demo plays; they are written into the page as JSON, so the page never types
/// Hangul itself and cannot disagree with the engine.
public enum DemoPage {
  /// The page.
  ///
  /// - Parameter title: The text typed, for the page's title.
  public static func html(
    _ script: DemoScript, playback: DemoPlayback, strings: UIStrings, title: String
  ) -> String {
    let data = json(script, playback: playback, strings: strings, title: title)
    let pageTitle = strings.demoPageText(title: title).first { $0.name == "title" }?.text ?? title
    return filling(
      pageTemplate,
      [
        ("@LANG@", strings.language == .korean ? "ko" : "en"),
        ("@TITLE@", htmlEscaped(pageTitle)),
        ("@NOSCRIPT@", htmlEscaped(strings.demoPageNeedsScript)),
        ("@DATA@", safeInScript(data)),
      ])
  }

  /// The template with each marker replaced, in the order they appear in it; what is put in
  /// is never searched, so a text holding `@DATA@` stays as it is.
  static func filling(_ template: String, _ values: [(marker: String, value: String)]) -> String {
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
  /// caption, and every tick with what each track shows then.
  static func json(
    _ script: DemoScript, playback: DemoPlayback, strings: UIStrings, title: String
  ) -> String {
    var out = "{"
    out += "\"text\":{"
    out += strings.demoPageText(title: title).map {
      "\(jsonQuoted($0.name)):\(jsonQuoted($0.text))"
    }
    .joined(separator: ",")
    out += "},"
    out += "\"target\":[" + script.text.map { jsonQuoted(String($0)) }.joined(separator: ",") + "],"
    out +=
      "\"playback\":{\"keysPerSecond\":\(number(playback.keysPerSecond)),"
      + "\"once\":\(playback.playsOnce),\"step\":\(playback.pausesEachSyllable),"
      + "\"endPauseMs\":\(DemoController.endPauseMs),"
      + "\"speeds\":[\(DemoController.speeds.map(number).joined(separator: ","))]},"
    out += "\"segments\":["
    out += script.segments.map { segment in
      "{\"characters\":[\(segment.characters.lowerBound),\(segment.characters.upperBound)],"
        + "\"presses\":["
        + segment.presses.map { "[\($0.lowerBound),\($0.upperBound)]" }.joined(separator: ",")
        + "],\"firstTick\":\(segment.firstTick),\"ticks\":\(segment.ticks)}"
    }.joined(separator: ",")
    out += "],"
    out +=
      "\"tracks\":["
      + script.tracks.map { track(json: $0, strings: strings) }.joined(
        separator: ",") + "],"
    out +=
      "\"ticks\":["
      + (0...script.tickCount).map { tick(json: $0, script, strings) }.joined(
        separator: ",") + "]"
    return out + "}"
  }

  private static func track(json track: DemoTrack, strings: UIStrings) -> String {
    var out = "{\"title\":\(jsonQuoted(track.title)),\"startLayout\":\(track.startLayout),"
    out +=
      "\"layouts\":["
      + track.layouts.map { layout(json: $0, strings: strings) }.joined(
        separator: ",") + "],"
    out += "\"steps\":["
    out += track.steps.map { step in
      "{\"layout\":\(step.layout),\"key\":\(step.key),\"hold\":\(step.isHold),"
        + "\"committed\":\(jsonQuoted(step.typed.committed)),"
        + "\"preedit\":\(jsonQuoted(step.typed.preedit)),\"shownLayout\":\(step.typed.layout),"
        + "\"caption\":\(jsonQuoted(strings.demoCaption(step, of: track)))}"
    }.joined(separator: ",")
    return out + "]}"
  }

  /// A layout as the page draws it: its rows of key indices (null for a gap) and each key's
  /// label, small print, width and style.
  private static func layout(json layout: Layout, strings: UIStrings) -> String {
    let keys = layout.keys.map { key in
      var small = key.secondLabel ?? ""
      if small.isEmpty, case .text(let text) = key.hold { small = text }
      return "{\"label\":\(jsonQuoted(key.label)),\"small\":\(jsonQuoted(small)),"
        + "\"width\":\(number(key.width)),\"style\":\(jsonQuoted(key.style.rawValue))}"
    }
    let rows = layout.rows.map { row in
      "[" + row.map { $0.map(String.init) ?? "null" }.joined(separator: ",") + "]"
    }
    return "{\"id\":\(jsonQuoted(layout.id)),\"name\":\(jsonQuoted(strings.name(of: layout))),"
      + "\"keys\":[\(keys.joined(separator: ","))],\"rows\":[\(rows.joined(separator: ","))]}"
  }

  /// What the page shows at one tick: the segment, each track's presses so far and its
  /// caption (a press's, or that it waits).
  private static func tick(json tick: Int, _ script: DemoScript, _ strings: UIStrings) -> String {
    let moment = script.moment(at: tick)
    let captions = script.tracks.enumerated().map { index, track in
      let shown = moment.shown[index]
      if moment.isWaiting[index], let segment = moment.segment {
        let fewer = script.segments[segment].ticks - script.segments[segment].presses[index].count
        return strings.demoWaiting(fewer: fewer)
      }
      return shown > 0 ? strings.demoCaption(track.steps[shown - 1], of: track) : ""
    }
    return "{\"segment\":\(moment.segment.map(String.init) ?? "null"),"
      + "\"shown\":[\(moment.shown.map(String.init).joined(separator: ","))],"
      + "\"waiting\":[\(moment.isWaiting.map { "\($0)" }.joined(separator: ","))],"
      + "\"endsSegment\":\(moment.endsSegment),"
      + "\"captions\":[\(captions.map(jsonQuoted).joined(separator: ","))]}"
  }

  // MARK: - Helpers

  /// A number as JSON writes it: `2`, `0.25`.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : "\(value)"
  }

  /// JSON that can stand inside a `<script>` element: `<`, `>` and `&` only occur in its
  /// strings, where `\u003C` means the same, so `</script>` in a caption cannot end it.
  static func safeInScript(_ json: String) -> String {
    replacing(
      json,
      [
        "<": "\\u003C", ">": "\\u003E", "&": "\\u0026", "\u{2028}": "\\u2028",
        "\u{2029}": "\\u2029",
      ])
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
