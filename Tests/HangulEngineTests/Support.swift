import Foundation
import HangulEngine
import LayoutLoading
import Testing

/// The repository's `Layouts/` folder, found from this file so tests never depend on the
/// working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

let shippedLibrary = LayoutLibrary(
  shippedDirectory: repositoryRoot.appendingPathComponent("Layouts").path,
  userDirectory: "/nonexistent/cheonjiin-test-user-layouts")

/// Decodes a fixture of `Vectors/`, found from this file.
///
/// A malformed fixture throws, which fails the run rather than dropping cases.
func loadVectors<File: Decodable>(_ type: File.Type, from name: String) throws -> File {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Vectors").appendingPathComponent(name)
  return try JSONDecoder().decode(type, from: Data(contentsOf: url))
}

/// An input method on a shipped layout.
func inputMethod(_ id: String = "cheonjiin-galaxy") throws -> InputMethod {
  try shippedLibrary.inputMethod(id)
}

/// An input method on a shipped layout with an empty document.
func typist(_ id: String = "cheonjiin-galaxy") throws -> Typist<TextBuffer> {
  Typist(try inputMethod(id))
}

/// Presses a key sequence written in the vectors' notation, following layout switches.
///
/// - Returns: The output of each press, as the typist applied it.
@discardableResult
func press(
  _ sequence: String, on typist: inout Typist<TextBuffer>,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> [KeyOutput] {
  var resolvers: [String: KeyResolver] = [:]
  var outputs: [KeyOutput] = []
  for placed in try KeySequence.parse(sequence) {
    let layout = typist.layout
    let resolver = resolvers[layout.id] ?? KeyResolver(layout: layout)
    resolvers[layout.id] = resolver
    let (key, isHold) = try resolver.resolve(placed.token)
    outputs.append(isHold ? typist.hold(key) : typist.tap(key))
  }
  return outputs
}

/// The text after pressing `sequence` on a fresh input method and empty document.
func typed(_ sequence: String, layout: String = "cheonjiin-galaxy") throws -> String {
  var typist = try typist(layout)
  try press(sequence, on: &typist)
  return typist.text
}
