import HangulEngine
import Utilities

/// Reads a parsed keymap file into a ``Keymap``, collecting every problem instead of stopping
/// at the first, as ``LayoutReader`` does for layouts.
///
/// Never skips, defaults or guesses a bad value: a keymap with any problem is not loaded.
struct KeymapReader {
  let file: String
  private(set) var problems: [LayoutProblem] = []

  init(file: String) {
    self.file = file
  }

  /// Top-level members, each with whether it is required.
  static let topFields: [String: Bool] = [
    "$schema": false, "id": true, "name": true, "englishName": false, "description": false,
    "hints": false, "bindings": true, "holds": false, "run": false,
  ]

  /// What `hints` may say, and whether it means the characters' hints.
  static let hintChoices = ["keypad": false, "characters": true]

  /// Hold targets, in slot order: `suggestion 1` takes the first suggestion.
  static let holdTargets = ["suggestion 1", "suggestion 2", "suggestion 3"]

  /// The problem kinds only keymap files have; a fixture of each is in `InvalidKeymaps/`.
  static let kinds: [LayoutProblem.Kind] = [
    .unknownKeyName, .invalidBinding, .invalidHold, .invalidRunKey,
  ]

  // MARK: - Reading

  mutating func read(_ root: JSONValue) -> Keymap? {
    guard case .object(let members) = root else {
      report(.wrongType, "", "expected an object, found \(root.kindDescription) \(root.jsonText)")
      return nil
    }
    var seen: Set<String> = []
    var id: String?
    var name: String?
    var englishName: String?
    var hintsShowCharacters = false
    var bindings: [PhysicalKey: BindingTarget]?
    var holds: [PhysicalKey: Int] = [:]
    var runKeys: [String: CommandChord] = [:]
    for (field, value) in members {
      if field.hasPrefix("x-") { continue }
      guard Self.topFields[field] != nil else {
        let hint =
          didYouMean(field, in: Self.topFields.keys.sorted()).map { "; did you mean \"\($0)\"?" }
          ?? "; remove it, or start it with \"x-\" to keep your own data"
        report(.unknownField, field, "unknown field \(jsonQuoted(field))\(hint)")
        continue
      }
      // JSONParser refuses a member written twice, so each field comes once.
      seen.insert(field)
      switch field {
      case "id": id = string(value, at: field)
      case "name": name = string(value, at: field)
      case "englishName": englishName = string(value, at: field)
      case "description", "$schema": _ = string(value, at: field)
      case "hints": hintsShowCharacters = readHints(value) ?? false
      case "bindings": bindings = readBindings(value)
      case "holds": holds = readHolds(value) ?? [:]
      case "run": runKeys = readRunKeys(value) ?? [:]
      default: continue  // unreachable: topFields lists every case above
      }
    }
    for (field, required) in Self.topFields.sorted(by: { $0.key < $1.key })
    where required && !seen.contains(field) {
      report(.missingField, "", "missing \(jsonQuoted(field)); add it, e.g. \(example(field))")
    }
    if let id, id.isEmpty { report(.invalidValue, "id", "the id is empty; write the file name") }
    guard let id, let name, let bindings, problems.isEmpty else { return nil }
    return Keymap(
      id: id, name: name, englishName: englishName.flatMap { $0.isEmpty ? nil : $0 } ?? id,
      bindings: bindings, suggestionHolds: holds, hintsShowCharacters: hintsShowCharacters,
      runKeys: runKeys)
  }

  /// An example for a missing required field.
  private func example(_ field: String) -> String {
    switch field {
    case "id": "\"id\": \(jsonQuoted(LayoutLibrary.baseName(of: file)))"
    case "name": "\"name\": \"숫자패드\" (shown on the status line)"
    default: "\"bindings\": {\"KP7\": \"phone 1\"}"
    }
  }

  private mutating func readHints(_ value: JSONValue) -> Bool? {
    guard case .string(let text) = value, let showsCharacters = Self.hintChoices[text] else {
      report(
        .invalidValue, "hints",
        "\(value.jsonText) is not allowed; write \"keypad\" or \"characters\"")
      return nil
    }
    return showsCharacters
  }

  private mutating func readBindings(_ value: JSONValue) -> [PhysicalKey: BindingTarget]? {
    guard let entries = keyedObject(value, at: "bindings") else { return nil }
    var bindings: [PhysicalKey: BindingTarget] = [:]
    for (name, targetValue, path) in entries {
      guard let key = physicalKey(name, at: path) else { continue }
      guard case .string(let text) = targetValue else {
        report(
          .wrongType, path,
          "expected a string such as \(jsonQuoted(suggestedTarget(for: key, text: "phone"))), "
            + "found \(targetValue.kindDescription) \(targetValue.jsonText)")
        continue
      }
      guard let target = BindingTarget(text: text) else {
        let suggestion = jsonQuoted(suggestedTarget(for: key, text: text))
        report(
          .invalidBinding, path,
          "\(jsonQuoted(text)) is not a binding; write \(suggestion) (one of "
            + BindingTarget.forms.map { "\"\($0)\"" }.joined(separator: ", ")
            + "; N is 0-9, * or #)")
        continue
      }
      bindings[key] = target
    }
    return bindings
  }

  /// The target to suggest for a bad one: the key's own phone position for a `phone` target
  /// on a digit, `*` or `#` key (`KP7: "phone 11"` → `phone 7`), else the closest target.
  private func suggestedTarget(for key: PhysicalKey, text: String) -> String {
    let symbol: Character? =
      switch key {
      case .keypad(.digit(let digit)): Character(String(digit))
      case .keypad(.multiply): "*"
      case .character(let scalar) where "0123456789*#".unicodeScalars.contains(scalar):
        Character(scalar)
      case .keypad, .character: nil
      }
    if text.lowercased().hasPrefix("phone"), let symbol { return "phone \(symbol)" }
    // The id is the layout's to give; only the form can be suggested.
    if text.lowercased().hasPrefix("key") { return "key ID" }
    let concrete =
      (0...9).map { "phone \($0)" } + ["phone *", "phone #"]
      + BindingTarget.forms.filter { !$0.hasSuffix(" N") && !$0.hasSuffix(" ID") }
    return didYouMean(text, in: concrete) ?? "phone \(symbol ?? "1")"
  }

  private mutating func readHolds(_ value: JSONValue) -> [PhysicalKey: Int]? {
    guard let entries = keyedObject(value, at: "holds") else { return nil }
    var holds: [PhysicalKey: Int] = [:]
    for (name, slotValue, path) in entries {
      guard let key = physicalKey(name, at: path) else { continue }
      guard case .string(let text) = slotValue, let index = Self.holdTargets.firstIndex(of: text)
      else {
        let hint =
          slotValue.stringValue.flatMap { didYouMean($0, in: Self.holdTargets) }
          .map { "did you mean \"\($0)\"? " } ?? ""
        report(
          .invalidHold, path,
          "\(slotValue.jsonText) is not a hold target; \(hint)write \"suggestion 1\", "
            + "\"suggestion 2\" or \"suggestion 3\"")
        continue
      }
      holds[key] = index + 1
    }
    return holds
  }

  /// The keys of `cheonjiin run`: an action each, and no key for two actions (the keys the
  /// file leaves out keep their defaults, which count too).
  private mutating func readRunKeys(_ value: JSONValue) -> [String: CommandChord]? {
    guard let entries = keyedObject(value, at: "run") else { return nil }
    let actions = Keymap.defaultRunKeys.keys.sorted()
    var keys: [String: CommandChord] = [:]
    for (action, keyValue, path) in entries {
      guard Keymap.defaultRunKeys[action] != nil else {
        let hint = didYouMean(action, in: actions).map { "did you mean \"\($0)\"? " } ?? ""
        report(
          .invalidRunKey, path,
          "\(jsonQuoted(action)) is not an action of cheonjiin run; \(hint)write one of "
            + actions.map { "\"\($0)\"" }.joined(separator: ", "))
        continue
      }
      guard case .string(let name) = keyValue, let chord = CommandChord(name: name) else {
        report(
          .invalidRunKey, path,
          "\(keyValue.jsonText) is not a key for it; write \(CommandChord.forms), e.g. "
            + "\"\(Keymap.defaultRunKeys[action].map(String.init(describing:)) ?? "F1")\"")
        continue
      }
      keys[action] = chord
    }
    let all = Keymap.defaultRunKeys.merging(keys) { $1 }
    for action in actions {
      guard let chord = all[action],
        let other = actions.first(where: { $0 < action && all[$0] == chord })
      else { continue }
      report(
        .invalidRunKey, "run.\(keys[action] == nil ? other : action)",
        "\(chord) is the key of both \"\(other)\" and \"\(action)\"; give one of them another key")
    }
    return keys
  }

  /// The members of `bindings` or `holds`, each with its path, in file order.
  ///
  /// JSONParser refuses a member written twice, and each key has one name, so no key comes
  /// twice.
  private mutating func keyedObject(
    _ value: JSONValue, at path: String
  ) -> [(name: String, value: JSONValue, path: String)]? {
    guard case .object(let members) = value else {
      report(
        .wrongType, path, "expected an object, found \(value.kindDescription) \(value.jsonText)")
      return nil
    }
    return members.map { ($0.key, $0.value, "\(path).\($0.key)") }
  }

  /// The key a member name means, or `nil` after reporting that it names none.
  private mutating func physicalKey(_ name: String, at path: String) -> PhysicalKey? {
    if let key = PhysicalKey(name: name) { return key }
    let hint =
      didYouMean(name, in: PhysicalKey.keypadNames).map { "did you mean \"\($0)\"? " } ?? ""
    report(
      .unknownKeyName, path,
      "\(jsonQuoted(name)) is not a key name; \(hint)write KP0…KP9, KP., KP/, KP*, KP-, KP+, "
        + "KP=, KPEnter, or one printable ASCII character")
    return nil
  }

  // MARK: - Typed accessors that report

  private mutating func string(_ value: JSONValue, at path: String) -> String? {
    guard case .string(let text) = value else {
      report(
        .wrongType, path, "expected a string, found \(value.kindDescription) \(value.jsonText)")
      return nil
    }
    if let control = LayoutProblem.controlCharacter(in: text) {
      report(.invalidValue, path, LayoutProblem.controlCharacterMessage(control))
      return nil
    }
    return text
  }

  private mutating func report(_ kind: LayoutProblem.Kind, _ path: String, _ message: String) {
    problems.append(LayoutProblem(kind, file: file, path: path, message: message))
  }
}

extension JSONValue {
  /// The text of a string value; `nil` for every other kind.
  var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }
}
