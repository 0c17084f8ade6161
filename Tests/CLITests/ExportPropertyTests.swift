import Foundation
import Testing

/// A layout's exported forms, read back as a program using them would.
private struct Exported {
  /// Per column: the layout key's id, whether it is a hold, its type and label.
  var columns: [(id: String, isHold: Bool, type: String, label: String)]
  var preedits: [String]
  /// `[next, commit, erase, kind, undo, caption]` per state and column.
  var transitions:
    [[(next: Int, commit: String, erase: Int, kind: String, undo: String, caption: Int)]]
  /// Each caption: its template's name, then its values.
  var captions: [[String]]
  var hwalja: [String: [String: String]]

  init(layout: String) throws {
    let table = try run(["layouts", "export", layout])
    #expect(table.status == 0, "\(table.stderr)")
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(table.stdout.utf8)) as? [String: Any])
    #expect(root["format"] as? String == "cheonjiin-automaton")
    #expect(root["version"] as? Int == 2)
    let keys = try #require(root["keys"] as? [[String: Any]])
    columns = keys.map {
      (
        $0["id"] as? String ?? "", $0["action"] as? String == "hold", $0["type"] as? String ?? "",
        $0["label"] as? String ?? ""
      )
    }
    let states = try #require(root["states"] as? [[String: Any]])
    preedits = states.map { $0["preedit"] as? String ?? "?" }
    captions = try #require(root["captions"] as? [[String]])
    let rows = try #require(root["transitions"] as? [[[Any]]])
    transitions = rows.map { row in
      row.map {
        (
          $0[0] as? Int ?? -1, $0[1] as? String ?? "", $0[2] as? Int ?? 0, $0[3] as? String ?? "",
          $0[4] as? String ?? "", $0[5] as? Int ?? -1
        )
      }
    }
    let map = try run(["layouts", "export", layout, "--format", "hwalja"])
    #expect(map.status == 0, "\(map.stderr)")
    hwalja = try #require(
      try JSONSerialization.jsonObject(with: Data(map.stdout.utf8)) as? [String: [String: String]])
  }

  /// Types `presses` (columns) with the table and the undo stack of docs/export.md.
  func typeWithTable(_ presses: [Int]) -> String {
    var text: [Character] = []
    var state = 0
    var stack: [([Character], Int)] = []
    for column in presses {
      let t = transitions[state][column]
      if t.undo == "pop", let top = stack.popLast() {
        (text, state) = top
        continue
      }
      if t.undo == "push" { stack.append((text, state)) } else { stack.removeAll() }
      text = Array(text.dropLast(t.erase)) + Array(t.commit)
      state = t.next
    }
    return String(text) + preedits[state]
  }

  /// The captions of `labels` pressed one after the other from the empty state (no ⌫).
  func captions(pressing labels: [String]) -> [[String]] {
    var state = 0
    return labels.map { label in
      let column = columns.firstIndex { $0.label == label && !$0.isHold } ?? 0
      let t = transitions[state][column]
      state = t.next
      return captions.indices.contains(t.caption) ? captions[t.caption] : []
    }
  }

  /// Types `names` (keys of the Hwalja map) with Hwalja's own rule: the last two characters,
  /// else the last one, else nothing, looked up while a composition is being edited.
  func typeWithHwalja(_ names: [String]) -> String {
    var text: [Character] = []
    var editing = false
    for name in names {
      let map = hwalja[name] ?? [:]
      if editing, text.count >= 2, let replacement = map[String(text.suffix(2))] {
        text = text.dropLast(2) + Array(replacement)
      } else if editing, let last = text.last, let replacement = map[String(last)] {
        text = text.dropLast() + Array(replacement)
      } else {
        text += Array(map[""] ?? "")
      }
      editing = true
    }
    return String(text)
  }

  /// The Hwalja map's name of a press column: vowel strokes as Hwalja names them.
  func hwaljaName(_ column: Int) -> String {
    let key = columns[column]
    guard key.type == "vowel" else { return key.label }
    return ["ㆍ": "천", "ᆞ": "천", "ㅡ": "지", "ㅣ": "인"][key.label] ?? key.label
  }
}

/// What `cheonjiin keys` types for each sequence, one process for all of them.
///
/// The lines come from a file: through a pipe, the output would fill its own pipe before the
/// test had written all the input.
private func typedByKeys(_ sequences: [String], layout: String) throws -> [String] {
  let file = scratchDirectory.appendingPathComponent("export-\(layout)-\(UUID().uuidString).txt")
  try Data((sequences.joined(separator: "\n") + "\n").utf8).write(to: file)
  defer { try? FileManager.default.removeItem(at: file) }
  let result = try runProgram(
    [
      "/bin/sh", "-c", "exec \"$0\" keys --json --layout \"$1\" < \"$2\"", binary.path, layout,
      file.path,
    ],
    environment: [
      "CHEONJIIN_LAYOUTS": repositoryRoot.appendingPathComponent("Layouts").path,
      "XDG_CONFIG_HOME": "/nonexistent/cheonjiin-config",
    ])
  #expect(result.status == 0, "\(result.stderr)")
  return try result.stdout.split(separator: "\n").map { line in
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    return object?["text"] as? String ?? "?"
  }
}

private let shippedLayouts = [
  "cheonjiin-galaxy", "cheonjiin-iphone", "cheonjiin-hwalja", "abc",
  "symbols", "marks",
]

@Suite("layouts export: the exported tables type what cheonjiin keys types")
struct ExportPropertyTests {
  @Test(
    "10,000 random key sequences through the table with its undo stack", arguments: shippedLayouts)
  func table(layout: String) throws {
    let exported = try Exported(layout: layout)
    // A switch key leaves the table (the other layout has its own).
    let columns = exported.columns.indices.filter { exported.columns[$0].type != "switch" }
    var random = SplitMix64(state: 0x5EED_0031)
    var sequences: [[Int]] = []
    for _ in 0..<fuzzRounds(10_000) {
      let length = Int.random(in: 1...24, using: &random)
      sequences.append((0..<length).map { _ in columns.randomElement(using: &random) ?? 0 })
    }
    let notation = sequences.map { presses in
      presses.map { column -> String in
        let key = exported.columns[column]
        return key.isHold ? "<hold:\(key.id)>" : "<\(key.id)>"
      }.joined()
    }
    let expected = try typedByKeys(notation, layout: layout)
    try #require(expected.count == sequences.count)
    var failures = 0
    for (index, presses) in sequences.enumerated() {
      let typed = exported.typeWithTable(presses)
      if typed != expected[index], failures < 5 {
        Issue.record("\(notation[index]): table \(typed), keys \(expected[index])")
      }
      if typed != expected[index] { failures += 1 }
    }
    #expect(failures == 0)
  }

  @Test("each entry carries the demo's caption of the press: its template and values")
  func captions() throws {
    let exported = try Exported(layout: "cheonjiin-galaxy")
    let known = [
      "newSyllable", "vowelJoined", "vowelWaits", "vowelCombinedInto", "vowelCombined",
      "vowelAlone", "finalCarriedOver", "finalAdded", "letterAfter", "cycledIn", "cycled", "mark",
      "markLetter", "typedText", "heldText", "syllableEnded", "syllableEndedWithSpace", "space",
      "newline", "switchedLayout", "undone", "deleted", "dismissed", "nothing",
    ]
    let unknown = exported.captions.filter { !known.contains($0.first ?? "") }
    #expect(unknown.isEmpty, "\(unknown.prefix(5))")
    let outside = exported.transitions.joined().filter {
      !exported.captions.indices.contains($0.caption)
    }
    #expect(outside.isEmpty)
    // 안 + ㅣ: the final moves on; ㄴㄹ twice names the letter and the count; ㆍ + ㅡ = ㅗ.
    #expect(
      exported.captions(pressing: ["ㅇㅁ", "ㅣ", "ㆍ", "ㄴㄹ", "ㅣ"]) == [
        ["newSyllable", "ㅇ"], ["vowelJoined", "ㅇ", "ㅣ", "이"],
        ["vowelCombinedInto", "ㅣ", "ㆍ", "ㅏ", "아"], ["finalAdded", "아", "ㄴ", "안"],
        ["finalCarriedOver", "ㄴ", "니"],
      ])
    #expect(
      exported.captions(pressing: ["ㄴㄹ", "ㄴㄹ", "ㆍ", "ㅡ"]) == [
        ["newSyllable", "ㄴ"], ["cycled", "ㄴㄹ", "2", "ㄹ"], ["vowelWaits", "ㄹ", "ㆍ"],
        ["vowelCombinedInto", "ㆍ", "ㅡ", "ㅗ", "로"],
      ])
  }

  @Test(
    "10,000 random sequences of the Hwalja map's keys through Hwalja's rule",
    arguments: shippedLayouts)
  func hwalja(layout: String) throws {
    let exported = try Exported(layout: layout)
    let columns = exported.columns.indices.filter {
      !exported.columns[$0].isHold && exported.hwalja[exported.hwaljaName($0)] != nil
    }
    try #require(!columns.isEmpty)
    var random = SplitMix64(state: 0x5EED_0032)
    var sequences: [[Int]] = []
    for _ in 0..<fuzzRounds(10_000) {
      let length = Int.random(in: 1...24, using: &random)
      sequences.append((0..<length).map { _ in columns.randomElement(using: &random) ?? 0 })
    }
    let notation = sequences.map { $0.map { "<\(exported.columns[$0].id)>" }.joined() }
    let expected = try typedByKeys(notation, layout: layout)
    try #require(expected.count == sequences.count)
    var failures = 0
    for (index, presses) in sequences.enumerated() {
      let typed = exported.typeWithHwalja(presses.map(exported.hwaljaName))
      if typed != expected[index], failures < 5 {
        Issue.record("\(notation[index]): hwalja \(typed), keys \(expected[index])")
      }
      if typed != expected[index] { failures += 1 }
    }
    #expect(failures == 0)
  }
}
