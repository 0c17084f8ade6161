import Foundation
import Testing

/// One public declaration of the engine: `InputMethod.tap`, the file it is in and the first
/// sentence of its comment.
private struct Declaration: Hashable {
  var name: String
  var file: String
  var summary: String
}

/// The first sentence of a comment's first paragraph, its lines joined.
private func firstSentence(_ lines: [String]) -> String {
  let paragraph = lines.prefix { !$0.isEmpty }.joined(separator: " ")
  guard let end = paragraph.range(of: ". ") else { return paragraph }
  return String(paragraph[..<end.lowerBound]) + "."
}

/// Every declaration marked `public` under Sources/HangulEngine, named by its enclosing types
/// (`SequenceRunner.Step.output`), in file order, files by path.
///
/// Reads the source as text: a declaration is one line starting with `public` (after
/// attributes), inside the types and extensions opened at shallower indents.
private func publicDeclarations() throws -> [Declaration] {
  let folder = repositoryRoot.appendingPathComponent("Sources/HangulEngine")
  let files = try #require(FileManager.default.enumerator(atPath: folder.path))
    .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
  let kinds: Set<String> = [
    "struct", "enum", "class", "protocol", "extension", "typealias", "var", "let", "func",
    "init", "subscript", "case",
  ]
  let containers: Set<String> = ["struct", "enum", "class", "protocol", "extension"]
  var result: [Declaration] = []
  for file in files {
    let text = try String(
      contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    var scopes: [(indent: Int, name: String)] = []
    var comment: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = line.prefix { $0 == " " }.count
      var words = line.dropFirst(indent).split(separator: " ").map(String.init)
      if words.first == "///" {
        comment.append(words.dropFirst().joined(separator: " "))
        continue
      }
      while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
      // An attribute on a line of its own keeps the comment for the declaration below it.
      if words.isEmpty, line.contains("@") { continue }
      defer { comment = [] }
      let isPublic = words.first == "public"
      let modifiers: Set<String> = [
        "public", "private(set)", "package(set)", "static", "mutating", "final", "indirect",
        "nonisolated",
      ]
      while let first = words.first, modifiers.contains(first) { words.removeFirst() }
      guard let kind = words.first, kinds.contains(kind) else { continue }
      while let scope = scopes.last, scope.indent >= indent { scopes.removeLast() }
      var name = words.count > 1 ? words[1] : ""
      if kind == "init" || kind == "subscript" { name = kind }
      name = String(name.prefix { !"(:<{".contains($0) })
      let path = (scopes.map(\.name) + [name]).joined(separator: ".")
      if containers.contains(kind) { scopes.append((indent, name)) }
      if isPublic {
        result.append(Declaration(name: path, file: file, summary: firstSentence(comment)))
      }
    }
  }
  return result
}

/// The list in docs/engine.md, between its two markers: one `- \`name\`` line per declaration.
private let surfaceStart = "<!-- public surface: begin -->"
private let surfaceEnd = "<!-- public surface: end -->"

@Suite("The engine's public surface")
struct PublicSurfaceTests {
  @Test("docs/engine.md lists every public declaration of the engine, and nothing else")
  func listed() throws {
    let declarations = try publicDeclarations()
    let docURL = repositoryRoot.appendingPathComponent("docs/engine.md")
    let doc = try String(contentsOf: docURL, encoding: .utf8)
    let start = try #require(doc.range(of: surfaceStart), "docs/engine.md has no \(surfaceStart)")
    let end = try #require(doc.range(of: surfaceEnd), "docs/engine.md has no \(surfaceEnd)")
    let listed = doc[start.upperBound..<end.lowerBound].split(separator: "\n")
      .filter { $0.hasPrefix("- `") }
      .map { String($0.dropFirst(3).prefix { $0 != "`" }) }

    if ProcessInfo.processInfo.environment["CHEONJIIN_UPDATE_SURFACE"] == "1" {
      var lines = [""]
      var group = ""
      for declaration in declarations {
        if declaration.file != group {
          group = declaration.file
          lines += ["", "### \(group)", ""]
        }
        let summary = declaration.summary.isEmpty ? "" : ": " + declaration.summary
        lines.append("- `\(declaration.name)`\(summary)")
      }
      let list = lines.dropFirst(2).joined(separator: "\n")
      let rewritten =
        doc[..<start.upperBound] + "\n" + list + "\n\n" + doc[end.lowerBound...]
      try String(rewritten).write(to: docURL, atomically: true, encoding: .utf8)
      return
    }

    let names = declarations.map(\.name)
    let missing = Set(names).subtracting(listed).sorted()
    let gone = Set(listed).subtracting(names).sorted()
    #expect(
      missing.isEmpty,
      "public in Sources/HangulEngine but not in docs/engine.md: \(missing); run CHEONJIIN_UPDATE_SURFACE=1 swift test --filter PublicSurfaceTests, then review the diff"
    )
    #expect(
      gone.isEmpty,
      "listed in docs/engine.md but not public in Sources/HangulEngine: \(gone); run CHEONJIIN_UPDATE_SURFACE=1 swift test --filter PublicSurfaceTests, then review the diff"
    )
  }

  @Test("the reader finds nested members, extensions and attributes")
  func reader() throws {
    let names = Set(try publicDeclarations().map(\.name))
    #expect(names.contains("InputMethod.tap"))
    #expect(names.contains("SequenceRunner.Step.output"))
    #expect(names.contains("Preedit.=="))
    #expect(!names.contains("InputMethod.composer"))
  }
}
