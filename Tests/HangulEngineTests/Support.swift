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

/// An input method on a shipped layout.
func inputMethod(_ id: String = "cheonjiin-galaxy") throws -> InputMethod {
  try shippedLibrary.inputMethod(id)
}

/// Presses a key sequence written in the vectors' notation, following layout switches.
@discardableResult
func press(
  _ sequence: String, on engine: inout InputMethod, sourceLocation: SourceLocation = #_sourceLocation
) throws -> [KeyOutput] {
  var resolvers: [String: KeyResolver] = [:]
  var outputs: [KeyOutput] = []
  for placed in try KeySequence.parse(sequence) {
    let layout = engine.layout
    let resolver = resolvers[layout.id] ?? KeyResolver(layout: layout)
    resolvers[layout.id] = resolver
    let (key, isHold) = try resolver.resolve(placed.token)
    outputs.append(isHold ? engine.hold(key) : engine.tap(key))
  }
  return outputs
}

/// The text after pressing `sequence` on a fresh input method.
func typed(_ sequence: String, layout: String = "cheonjiin-galaxy") throws -> String {
  var engine = try inputMethod(layout)
  try press(sequence, on: &engine)
  return engine.text
}
