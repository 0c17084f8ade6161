import Foundation
import Testing

/// docs/architecture.md's list of dependencies is Package.swift's.
///
/// The document says what each target depends on; Package.swift is what the build follows.
/// Prose arrows drift from the build unnoticed, so the list is read back and compared, target
/// by target.
@Suite("The architecture document and Package.swift list the same dependencies")
struct ArchitectureDocTests {
  /// Each target of Package.swift that depends on something (tests and their helpers left
  /// out), with the targets and products it names.
  static func packageDependencies() throws -> [String: Set<String>] {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    var result: [String: Set<String>] = [:]
    let declarations = text.components(separatedBy: "\n    .").dropFirst()
    for declaration in declarations
    where !declaration.hasPrefix("testTarget") && !declaration.contains("path: \"Tests/") {
      guard let name = quoted(after: "name: \"", in: declaration),
        let list = declaration.range(of: "dependencies: [")
      else { continue }
      let rest = declaration[list.upperBound...]
      let body = rest[..<(rest.firstIndex(of: "]") ?? rest.endIndex)]
      // A product is named by its `name:`; its `package:` is not a dependency of its own.
      let names = body.components(separatedBy: "\"").enumerated()
        .filter { $0.offset % 2 == 1 }
        .map(\.element)
      let packages = Set(
        body.components(separatedBy: "package: \"").dropFirst()
          .compactMap { $0.split(separator: "\"").first.map(String.init) })
      result[name] = Set(names).subtracting(packages)
    }
    return result
  }

  /// The block under "## Targets": `Name ─→ A, B,` with its continuation lines.
  static func documentedDependencies() throws -> [String: Set<String>] {
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let section = try #require(text.components(separatedBy: "## Targets").dropFirst().first)
    let block = try #require(section.components(separatedBy: "```").dropFirst().first)
    var result: [String: Set<String>] = [:]
    var current: String?
    for line in block.split(separator: "\n") {
      var list = Substring(line)
      if let arrow = line.range(of: "─→") {
        let name = line[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        current = name
        list = line[arrow.upperBound...]
      }
      guard let current else { continue }
      let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      result[current, default: []].formUnion(names.filter { !$0.isEmpty })
    }
    return result
  }

  private static func quoted(after marker: String, in text: String) -> String? {
    guard let start = text.range(of: marker) else { return nil }
    return text[start.upperBound...].split(separator: "\"").first.map(String.init)
  }

  @Test("every target's dependencies, as the document lists them, are Package.swift's")
  func sameDependencies() throws {
    let package = try Self.packageDependencies()
    let documented = try Self.documentedDependencies()
    #expect(package.count >= 15, "Package.swift read as \(package)")
    for name in Set(package.keys).union(documented.keys).sorted() {
      let inPackage = package[name] ?? []
      let inDocument = documented[name] ?? []
      #expect(
        inPackage == inDocument,
        """
        \(name): Package.swift has \(inPackage.subtracting(inDocument).sorted()) that \
        docs/architecture.md does not list, and the document \
        \(inDocument.subtracting(inPackage).sorted()) that Package.swift does not
        """)
    }
  }
}
