import Foundation
import Testing

/// The README and the documents in docs/, as a newcomer reads them.
///
/// Links that lead somewhere, a first screen that says how to start, and no figures typed into
/// prose that a command prints (they went stale: "663 tests" when there were 747).
@Suite("Documents that stay true")
struct DocumentsTests {
  /// README.md and every Markdown file in docs/, as paths from the repository root.
  static func documents() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  static func text(_ file: URL) throws -> String {
    try String(contentsOf: file, encoding: .utf8)
  }

  @Test("every relative link in README.md and docs/*.md names a file that exists, and its heading")
  func linksResolve() throws {
    let documents = try Self.documents()
    #expect(documents.count >= 8, "\(documents)")
    for document in documents {
      let file = repositoryRoot.appendingPathComponent(document)
      let outline = MarkdownOutline(try Self.text(file))
      for link in outline.links where !link.contains("://") && !link.hasPrefix("mailto:") {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target =
          parts[0].isEmpty
          ? file
          : file.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
            .standardizedFileURL
        guard FileManager.default.fileExists(atPath: target.path) else {
          Issue.record("\(document): the link (\(link)) names no file")
          continue
        }
        guard parts.count == 2, target.pathExtension == "md" else { continue }
        let anchors = MarkdownOutline(try Self.text(target)).anchors
        #expect(
          anchors.contains(String(parts[1])),
          "\(document): the link (\(link)) names no heading of \(target.lastPathComponent)")
      }
    }
  }

  @Test("the outline reads links and GitHub's heading anchors, and skips code")
  func outlineReadsMarkdown() {
    let outline = MarkdownOutline(
      """
      # Typing into any program: `cheonjiin run`
      ## 맞춤 연습: the adaptive round
      ## Notes
      ## Notes
      See [the guide](docs/guide.md#keys), [`cheonjiin.1`](docs/cheonjiin.1) and
      `[not a link](nowhere.md)`.
      ```
      [not a link either](nowhere.md)
      # not a heading
      ```
      """)
    #expect(outline.links == ["docs/guide.md#keys", "docs/cheonjiin.1"])
    #expect(
      outline.anchors == [
        "typing-into-any-program-cheonjiin-run", "맞춤-연습-the-adaptive-round", "notes",
        "notes-1",
      ])
  }

  @Test("the README's first screen: make run and make test, Swift for Debian, the pad, a first use")
  func firstScreen() throws {
    let readme = try Self.text(repositoryRoot.appendingPathComponent("README.md"))
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let commands = lines.filter { $0.hasPrefix("    ") && !$0.hasPrefix("     ") }
      .map { $0.dropFirst(4).split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
    #expect(Array(commands.prefix(2)) == ["make run", "make test"], "\(commands.prefix(2))")
    let screen = lines.prefix(40).joined(separator: "\n")
    for needed in ["make run", "make test", "swift.org", "swiftly", "sudo apt-get", "F1", "Esc"] {
      #expect(screen.contains(needed), "the README's first 40 lines do not say \(needed)")
    }
    // The pad's top row, as the pad draws it: ㅣ, ㆍ drawn as ●, ㅡ and ⌫.
    let padRow = lines.prefix(40).contains { row in ["ㅣ", "●", "ㅡ", "⌫"].allSatisfy(row.contains) }
    #expect(padRow, "the README's first 40 lines do not show the pad")
    #expect(!screen.contains("sudo make"), "the first screen suggests building as root")
  }

  @Test("the README stays a first read: under 12 KiB, the details in docs/")
  func readmeIsShort() throws {
    let size = try Data(contentsOf: repositoryRoot.appendingPathComponent("README.md")).count
    #expect(
      size < 12 * 1024,
      "README.md is \(size) bytes: move details to docs/guide.md and keep a line and a link")
  }

  @Test("no test count or JSON schema version is typed into prose: commands print them")
  func noStaleFigures() throws {
    var typed: [String] = []
    for document in try Self.documents() {
      let text = try Self.text(repositoryRoot.appendingPathComponent(document))
      for paragraph in text.split(separator: "\n\n") {
        let words = paragraph.split(whereSeparator: { " \n(;:".contains($0) })
        let schema = paragraph.contains("JSON") || paragraph.contains("schema")
        for (word, next) in zip(words, words.dropFirst()) {
          let number = word.first?.isNumber == true && word.allSatisfy { $0.isNumber || $0 == "," }
          if number && ["tests", "suites"].contains(next) {
            typed.append("\(document): a test count (`make test` prints it): \(word) \(next)")
          }
          if schema && word == "version" && next.first?.isNumber == true {
            typed.append("\(document): a schema version (the JSON carries it): \(word) \(next)")
          }
        }
      }
    }
    #expect(typed.isEmpty, "\(typed)")
  }
}

/// What the tests read of a Markdown file: the targets of its inline links and the anchors
/// GitHub gives its headings, both outside code blocks and code spans.
struct MarkdownOutline {
  var links: [String] = []
  var anchors: Set<String> = []

  init(_ text: String) {
    var inFence = false
    var uses: [String: Int] = [:]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.drop(while: { $0 == " " }).hasPrefix("```") {
        inFence.toggle()
        continue
      }
      guard !inFence else { continue }
      if line.hasPrefix("#") {
        let slug = Self.slug(heading: line.drop(while: { $0 == "#" }))
        let use = uses[slug, default: 0]
        uses[slug] = use + 1
        anchors.insert(use == 0 ? slug : "\(slug)-\(use)")
      }
      links += Self.links(in: Self.withoutCodeSpans(line))
    }
  }

  /// GitHub's anchor for a heading: its text without markup, lower case, letters, digits,
  /// `-` and `_` kept, each space a `-`.
  static func slug(heading: Substring) -> String {
    var text = ""
    var inTarget = false
    for (index, character) in heading.enumerated() {
      if character == "(" && index > 0 && heading.dropFirst(index - 1).first == "]" {
        inTarget = true
      } else if inTarget {
        inTarget = character != ")"
      } else {
        text.append(character)
      }
    }
    let kept = text.lowercased().trimmingCharacters(in: .whitespaces).filter {
      $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == " "
    }
    return String(kept.map { $0 == " " ? "-" : $0 })
  }

  static func withoutCodeSpans(_ line: Substring) -> Substring {
    var kept = Substring()
    var inCode = false
    for character in line {
      if character == "`" {
        inCode.toggle()
      } else if !inCode {
        kept.append(character)
      }
    }
    return kept
  }

  /// The targets of `[text](target)` in a line.
  static func links(in line: Substring) -> [String] {
    var found: [String] = []
    var rest = line[...]
    while let start = rest.firstRange(of: "](") {
      let after = rest[start.upperBound...]
      guard let end = after.firstIndex(where: { $0 == ")" || $0 == " " }) else { break }
      if after[end] == ")" { found.append(String(after[..<end])) }
      rest = after[end...]
    }
    return found
  }
}
