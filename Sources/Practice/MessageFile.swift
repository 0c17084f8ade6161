/// Reads the everyday practice messages (`Lexicon/practice-messages-ko.txt`) into lessons.
///
/// The format is forgiving, so the file can stay easy to edit:
/// - blank lines and lines starting with `#` are ignored;
/// - a line `[인사]` (or `[greetings]`) starts a group; messages before any heading form the
///   group `날마다 보내는 말` (`messages-everyday`);
/// - `인사<TAB>안녕하세요` puts one message in a group without a heading;
/// - any other line is one message.
///
/// Each group becomes one lesson on the ``LessonStage/messages`` rung. Known group names
/// (인사 가족 건강 약속 돈 날씨 음식 마음 대답 기타, or their English names) get fixed ids
/// such as `messages-health`; other names get `messages-` followed by the name.
public enum MessageFile {
  /// The lessons and the problems found.
  public struct Parsed: Sendable, Hashable {
    public var lessons: [Lesson]
    /// Lines that were skipped, each with its line number and what to write instead.
    public var problems: [LessonProblem]
  }

  /// Messages longer than this are not short messages; the line is reported and skipped.
  public static let maximumLength = 40

  /// Parses the text of a messages file.
  ///
  /// - Parameters:
  ///   - text: The file's contents.
  ///   - file: The name used in problem messages.
  public static func parse(_ text: String, file: String = "practice-messages-ko.txt") -> Parsed {
    var order: [(id: String, title: String)] = []
    var messages: [String: [String]] = [:]
    var problems: [LessonProblem] = []
    var group = everyday
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, rawLine) in lines.enumerated() {
      let lineNumber = index + 1
      let line = rawLine.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") && line.hasSuffix("]") {
        group = String(line.dropFirst().dropLast()).trimmingWhitespace()
        if group.isEmpty {
          problems.append(
            .badLine(
              file: file, line: lineNumber, text: line, reason: "empty group name; write [인사]"))
          group = everyday
        }
        continue
      }
      var lineGroup = group
      var message = line
      // Look for the tab before trimming: `인사<TAB>` with nothing after it is a mistake.
      if let tab = rawLine.firstIndex(of: "\t") {
        lineGroup = rawLine[..<tab].trimmingWhitespace()
        message = rawLine[rawLine.index(after: tab)...].trimmingWhitespace()
        if lineGroup.isEmpty { lineGroup = group }
      }
      if message.isEmpty {
        problems.append(
          .badLine(
            file: file, line: lineNumber, text: lineGroup,
            reason: "no message after the tab; write group<TAB>message"))
        continue
      }
      if message.count > maximumLength {
        problems.append(
          .badLine(
            file: file, line: lineNumber, text: message,
            reason: "longer than \(maximumLength) characters; split it into shorter messages"))
        continue
      }
      // 건강 and health are one group.
      let id = groupID(lineGroup)
      if messages[id] == nil {
        order.append((id, groupTitle(lineGroup)))
      }
      if messages[id, default: []].contains(message) { continue }
      messages[id, default: []].append(message)
    }
    // Titles are course content, Korean like the catalog's (낱말 1: 가족): the stage's name,
    // numbered when there are several groups.
    let numbers = order.count > 1 ? order.indices.map { " \($0 + 1)" } : [""]
    let lessons = order.enumerated().map { index, group in
      Lesson(
        id: "messages-" + group.id, stage: .messages,
        title: "\(LessonStage.messages.title)\(numbers[index]): \(group.title)",
        summary: "날마다 보내는 짧은 글이에요.", texts: messages[group.id] ?? [])
    }
    return Parsed(lessons: lessons, problems: problems)
  }

  /// The group of messages before any heading: a file of plain lines is one lesson,
  /// `messages-everyday`, whose rounds the planner draws from.
  static let everyday = "날마다 보내는 말"

  private static let knownGroups: [(korean: String, id: String)] = [
    (everyday, "everyday"),
    ("인사", "greetings"), ("가족", "family"), ("건강", "health"), ("약속", "appointments"),
    ("돈", "money"), ("날씨", "weather"), ("음식", "food"), ("마음", "feelings"),
    ("대답", "replies"), ("기타", "other"),
  ]

  private static func groupID(_ name: String) -> String {
    let lower = String(
      name.unicodeScalars.map { scalar -> Character in
        (65...90).contains(scalar.value)
          ? Character(Unicode.Scalar(scalar.value + 32) ?? scalar) : Character(scalar)
      })
    for group in knownGroups where group.korean == name || group.id == lower { return group.id }
    return lower.split(whereSeparator: { $0 == " " }).joined(separator: "-")
  }

  private static func groupTitle(_ name: String) -> String {
    let lower = groupID(name)
    return knownGroups.first { $0.id == lower }?.korean ?? name
  }
}

extension StringProtocol {
  /// The text without leading and trailing white space (spaces, tabs, `\r`).
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
