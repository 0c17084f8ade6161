import ChildTerminal
import Foundation

/// An asciicast v2 file read back (`demo --cast`): its header and its output events, each line
/// checked against what the format allows.
public struct Asciicast {
  /// A line that is not what asciicast v2 allows.
  public struct Problem: Error, CustomStringConvertible {
    public var line: Int
    public var reason: String
    public var description: String { "line \(line): \(reason)" }
  }

  /// The first line: `version`, `width`, `height`, `env` and so on.
  public var header: [String: Any]
  /// Every `[time, "o", data]` line, in order.
  public var events: [(time: Double, data: String)]

  public var width: Int? { header["width"] as? Int }
  public var height: Int? { header["height"] as? Int }

  /// Parses every line as JSON.
  ///
  /// - Throws: ``Problem`` for a line that is not JSON, a header that is not an object with
  ///   version 2, or an event that is not `[number, "o", string]`, or a time that goes back.
  public init(_ text: String) throws {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.last == "" else { throw Problem(line: lines.count, reason: "no final line break") }
    lines.removeLast()
    guard let first = lines.first,
      let header = try? JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any]
    else { throw Problem(line: 1, reason: "the header is not a JSON object") }
    guard header["version"] as? Int == 2 else {
      throw Problem(line: 1, reason: "version is not 2")
    }
    self.header = header
    events = []
    var last = 0.0
    for (index, line) in lines.enumerated().dropFirst() {
      // A line that is not JSON is the problem to report, not a reason to stop reading.
      guard let event = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any],
        event.count == 3, let time = (event[0] as? NSNumber)?.doubleValue,
        event[1] as? String == "o", let data = event[2] as? String
      else { throw Problem(line: index + 1, reason: "not [time, \"o\", data]: \(line.prefix(60))") }
      guard time >= last else {
        throw Problem(line: index + 1, reason: "time \(time) is before \(last)")
      }
      last = time
      events.append((time, data))
    }
  }

  /// The screen after every event, as libvterm draws it, one string per row.
  ///
  /// A header without a size gives no rows.
  public var finalScreen: [String] {
    guard let width, let height else { return [] }
    let emulator = Emulator(rows: height, columns: width)
    for event in events { emulator.feed(Array(event.data.utf8)) }
    return (0..<emulator.rows).map { emulator.text(row: $0) }
  }
}
