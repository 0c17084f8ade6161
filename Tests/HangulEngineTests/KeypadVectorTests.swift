import HangulEngine
import Testing

/// One case of `Vectors/cheonjiin-vectors.json`, the engine's rules (docs/engine.md) as cases.
struct KeypadVector: Decodable, Sendable, CustomTestStringConvertible {
  let id: Int
  let keys: String
  let text: String
  let note: String?

  var testDescription: String { "#\(id) \(keys) → \(text)" + (note.map { " (\($0))" } ?? "") }

  private struct File: Decodable {
    let vectors: [KeypadVector]
  }

  static func loadAll() throws -> [KeypadVector] {
    try loadVectors(File.self, from: "cheonjiin-vectors.json").vectors
  }
}

@Suite("Spec vectors (cheonjiin-vectors.json)")
struct KeypadVectorTests {
  @Test("all 113 vectors are present")
  func count() throws {
    let vectors = try KeypadVector.loadAll()
    #expect(vectors.count == 113)
    #expect(Set(vectors.map(\.id)) == Set(1...113))
  }

  @Test(arguments: try KeypadVector.loadAll())
  func vector(_ vector: KeypadVector) throws {
    let text = try typed(vector.keys)
    #expect(text == vector.text)
    #expect(!text.unicodeScalars.contains { $0.isConjoiningJamo })
  }
}
