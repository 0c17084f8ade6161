import HangulEngine
import Testing

/// One key press of a step vector and what it must report (kime's `(key, preedit, commit)`).
struct Step: Decodable, Sendable {
  let key: String
  let preedit: String
  let commit: String
  let erase: Int

  /// `[key, preedit, commit]` or `[key, preedit, commit, erase]`; anything else is an error.
  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    key = try container.decode(String.self)
    preedit = try container.decode(String.self)
    commit = try container.decode(String.self)
    erase = container.isAtEnd ? 0 : try container.decode(Int.self)
    guard container.isAtEnd else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a step has 3 or 4 elements: key, preedit, commit, erase")
    }
  }
}

/// One case of `Vectors/steps.json`: a layout and the steps typed on it from a fresh engine.
struct StepVector: Decodable, Sendable, CustomTestStringConvertible {
  let id: String
  let layout: String
  /// Overrides the layout's space policy (`simple`, `smart`).
  let space: SpacePolicy?
  let steps: [Step]

  var testDescription: String { id }

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case id, layout, space, steps
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    // A misspelt member ("spaces") must fail the run, not be ignored.
    let known = Set(CodingKeys.allCases.map(\.rawValue))
    if let unknown = try decoder.container(keyedBy: AnyKey.self).allKeys
      .first(where: { !known.contains($0.stringValue) })
    {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [unknown],
          debugDescription: "unknown member \"\(unknown.stringValue)\""))
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    layout = try container.decode(String.self, forKey: .layout)
    steps = try container.decode([Step].self, forKey: .steps)
    if let policy = try container.decodeIfPresent(String.self, forKey: .space) {
      guard let value = SpacePolicy(rawValue: policy) else {
        throw DecodingError.dataCorruptedError(
          forKey: .space, in: container, debugDescription: "space is simple or smart")
      }
      space = value
    } else {
      space = nil
    }
  }

  private struct File: Decodable {
    let about: String
    let cases: [StepVector]
  }

  static func loadAll() throws -> [StepVector] {
    try loadVectors(File.self, from: "steps.json").cases
  }
}

@Suite("Per-key vectors (steps.json): preedit, commit and erase after every key")
struct StepVectorTests {
  @Test("the fixture has enough cases, each named once and with steps")
  func fixture() throws {
    let vectors = try StepVector.loadAll()
    #expect(vectors.count >= 40)
    #expect(Set(vectors.map(\.id)).count == vectors.count)
    #expect(vectors.allSatisfy { !$0.steps.isEmpty })
  }

  @Test(arguments: try StepVector.loadAll())
  func vector(_ vector: StepVector) throws {
    var engine = try inputMethod(vector.layout)
    if let space = vector.space {
      var layouts = engine.layouts
      layouts[engine.layoutIndex].composer.space = space
      engine = InputMethod(layouts: layouts, initial: engine.layoutIndex)
    }
    for (number, step) in vector.steps.enumerated() {
      let tokens = try KeySequence.parse(step.key)
      try #require(tokens.count == 1, "step \(number + 1): \"\(step.key)\" is not one key")
      let (key, isHold) = try KeyResolver(layout: engine.layout).resolve(tokens[0].token)
      let output = isHold ? engine.hold(key) : engine.tap(key)
      let place = "step \(number + 1) (\(step.key))"
      #expect(output.preedit.string == step.preedit, "\(place): preedit")
      #expect(output.commit == step.commit, "\(place): commit")
      #expect(output.erase == step.erase, "\(place): erase")
      #expect(engine.preedit.string == output.preedit.string, "\(place): the engine's preedit")
      #expect(
        !(output.preedit.string + output.commit).unicodeScalars.contains { $0.isConjoiningJamo })
      if output.preedit.string != step.preedit || output.commit != step.commit { return }
    }
  }
}
