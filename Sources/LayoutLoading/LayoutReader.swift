import HangulEngine
import Utilities

/// Reads a parsed layout file into a ``Layout``, collecting every problem instead of stopping
/// at the first (like swift-argument-parser's `UniqueNamesValidator`).
///
/// Never skips, defaults or guesses a bad value: a layout with any problem is not loaded.
struct LayoutReader {
  let file: String
  private(set) var problems: [LayoutProblem] = []
  /// Members whose names start with `x-`, kept for user data, by JSON path.
  private(set) var extensions: [String: JSONValue] = [:]

  init(file: String) {
    self.file = file
  }

  // MARK: - Top level

  mutating func read(_ root: JSONValue) -> Layout? {
    guard let members = object(root, at: "", fields: Self.topFields) else { return nil }
    let id = string(members["id"], at: "id").flatMap { checkedID($0, at: "id") }
    let name = string(members["name"], at: "name").flatMap { nonEmpty($0, at: "name") }
    let englishName = members["englishName"].flatMap { string($0, at: "englishName") }
      .flatMap { nonEmpty($0, at: "englishName") }
    if let description = members["description"] { _ = string(description, at: "description") }
    var composer: ComposerSettings? = ComposerSettings()
    if let value = members["composer"] { composer = readComposer(value) }
    let keys = readKeys(members["keys"])
    let rows = readRows(members["rows"], keys: keys, ids: Self.rawKeyIDs(members["keys"]))
    if let keys { checkKeys(keys, composer: composer, vowelRulesGiven: hasVowelRules) }
    guard let id, let name, let composer, let keys, let rows, problems.isEmpty else { return nil }
    return Layout(
      id: id, name: name, englishName: englishName, keys: keys, rows: rows, composer: composer)
  }

  /// Key ids as written, so rows can be checked even when some keys have problems.
  static func rawKeyIDs(_ value: JSONValue?) -> [String?] {
    guard case .array(let list) = value else { return [] }
    return list.map { item in
      guard case .object(let members) = item,
        case .string(let id) = members.first(where: { $0.key == "id" })?.value
      else { return nil }
      return id
    }
  }

  static let topFields: [String: Bool] = [
    "$schema": false, "id": true, "name": true, "englishName": false, "description": false,
    "composer": false,
    "keys": true, "rows": true,
  ]

  // MARK: - Composer

  private var hasVowelRules = false

  private mutating func readComposer(_ value: JSONValue) -> ComposerSettings? {
    guard let members = object(value, at: "composer", fields: Self.composerFields) else {
      return nil
    }
    var settings = ComposerSettings()
    var ok = true
    var rulePaths: [String: (path: String, result: Vowel)] = [:]
    for listName in ["vowels", "wraps"] {
      guard let list = members[listName] else { continue }
      let path = "composer.\(listName)"
      guard let rules = array(list, at: path) else {
        ok = false
        continue
      }
      hasVowelRules = hasVowelRules || !rules.isEmpty
      for (index, ruleValue) in rules.enumerated() {
        let rulePath = "\(path)[\(index)]"
        guard let text = string(ruleValue, at: rulePath),
          let rule = vowelRule(text, at: rulePath)
        else {
          ok = false
          continue
        }
        let ruleKey = "\(rule.from.dataSpelling) + \(Character(rule.stroke.letter))"
        if let earlier = rulePaths[ruleKey] {
          if earlier.result != rule.to {
            report(
              .conflictingVowelRule, rulePath,
              "\(jsonQuoted(text)) contradicts \(earlier.path), which makes "
                + "\(ruleKey) = \(earlier.result.dataSpelling); keep one of them")
            ok = false
          }
          continue
        }
        rulePaths[ruleKey] = (rulePath, rule.to)
        settings.vowels.set(rule.from, rule.stroke, rule.to)
      }
    }
    if let space = members["space"] {
      if let policy = enumValue(space, at: "composer.space", SpacePolicy.self) {
        settings.space = policy
      } else {
        ok = false
      }
    }
    if let next = members["nextAfterMs"], next != .null {
      if let milliseconds = integer(next, at: "composer.nextAfterMs", in: 100...10_000) {
        settings.nextAfterMs = milliseconds
      } else {
        ok = false
      }
    }
    return ok ? settings : nil
  }

  static let composerFields: [String: Bool] = [
    "vowels": false, "wraps": false, "space": false, "nextAfterMs": false,
  ]

  /// Reads `"ㆍ + ㅣ = ㅓ"`.
  private mutating func vowelRule(_ text: String, at path: String) -> (
    from: Vowel, stroke: VowelStroke, to: Vowel
  )? {
    if let fix = conjoiningFix(text) {
      report(.conjoiningJamo, path, "\(jsonQuoted(text)) has conjoining jamo; write \(fix)")
      return nil
    }
    let compact = text.filter { !$0.isWhitespace }
    let sides = compact.split(separator: "=", omittingEmptySubsequences: false)
    let operands = sides.first?.split(separator: "+", omittingEmptySubsequences: false) ?? []
    guard sides.count == 2, operands.count == 2,
      let from = Vowel(dataSpelling: operands[0]),
      operands[1].unicodeScalars.count == 1,
      let strokeScalar = operands[1].unicodeScalars.first, let stroke = VowelStroke(strokeScalar),
      let to = Vowel(dataSpelling: sides[1])
    else {
      report(
        .badVowelRule, path,
        "\(jsonQuoted(text)) is not a vowel rule; write VOWEL + STROKE = VOWEL, "
          + "e.g. \"ㆍ + ㅣ = ㅓ\" (strokes are ㅣ ㆍ ㅡ; the double dot is ㆍㆍ)")
      return nil
    }
    return (from, stroke, to)
  }

  // MARK: - Typed accessors that report

  mutating func report(_ kind: LayoutProblem.Kind, _ path: String, _ message: String) {
    problems.append(LayoutProblem(kind, file: file, path: path, message: message))
  }

  /// The members of an object, checking required and unknown fields.
  ///
  /// - Parameters:
  ///   - fields: Allowed member names, each with whether it is required.
  ///   - otherTypeFields: The key or hold type, to explain a field another type would allow.
  mutating func object(
    _ value: JSONValue, at path: String, fields: [String: Bool], otherTypeFields: String? = nil
  ) -> [String: JSONValue]? {
    guard case .object(let members) = value else {
      wrongType(value, at: path, expected: "an object")
      return nil
    }
    var result: [String: JSONValue] = [:]
    for (name, member) in members {
      let memberPath = path.isEmpty ? name : "\(path).\(name)"
      if name.hasPrefix("x-") {
        extensions[memberPath] = member
        continue
      }
      guard fields[name] != nil else {
        if let otherTypeFields,
          Self.typeFields.values.contains(where: { $0[name] != nil }) || name == "text"
        {
          report(
            .unknownField, memberPath,
            "a key or hold of type \"\(otherTypeFields)\" has no \"\(name)\"; remove it or change the type"
          )
        } else {
          let hint =
            didYouMean(name, in: fields.keys).map { "; did you mean \"\($0)\"?" }
            ?? "; remove it, or start it with \"x-\" to keep your own data"
          report(.unknownField, memberPath, "unknown field \(jsonQuoted(name))\(hint)")
        }
        continue
      }
      result[name] = member
    }
    for (name, required) in fields.sorted(by: { $0.key < $1.key })
    where required && result[name] == nil {
      let choices =
        name == "type" && otherTypeFields == nil && members.contains { $0.key == "label" }
        ? " (one of " + Self.keyTypes.map { "\"\($0)\"" }.joined(separator: ", ") + ")" : ""
      report(.missingField, path, "missing \"\(name)\"; add it\(choices)")
    }
    return result
  }

  private mutating func wrongType(_ value: JSONValue, at path: String, expected: String) {
    report(
      .wrongType, path, "expected \(expected), found \(value.kindDescription) \(value.jsonText)")
  }

  mutating func string(_ value: JSONValue?, at path: String) -> String? {
    guard let value else { return nil }  // a missing required field is reported by `object`
    guard case .string(let text) = value else {
      wrongType(value, at: path, expected: "a string")
      return nil
    }
    if let control = LayoutProblem.controlCharacter(in: text) {
      report(.invalidValue, path, LayoutProblem.controlCharacterMessage(control))
      return nil
    }
    return text
  }

  mutating func array(_ value: JSONValue?, at path: String) -> [JSONValue]? {
    guard let value else { return nil }
    guard case .array(let values) = value else {
      wrongType(value, at: path, expected: "an array")
      return nil
    }
    return values
  }

  mutating func number(_ value: JSONValue, at path: String) -> Double? {
    guard case .number(let number) = value else {
      wrongType(value, at: path, expected: "a number")
      return nil
    }
    return number
  }

  mutating func bool(_ value: JSONValue, at path: String) -> Bool? {
    guard case .bool(let flag) = value else {
      wrongType(value, at: path, expected: "true or false")
      return nil
    }
    return flag
  }

  private mutating func integer(_ value: JSONValue, at path: String, in range: ClosedRange<Int>)
    -> Int?
  {
    guard let number = number(value, at: path) else { return nil }
    guard number.rounded() == number, number >= Double(range.lowerBound),
      number <= Double(range.upperBound)
    else {
      report(
        .invalidValue, path,
        "\(value.jsonText) is out of range; write a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
      return nil
    }
    return Int(number)
  }

  mutating func enumString(_ value: JSONValue, at path: String, _ allowed: [String])
    -> String?
  {
    guard let text = string(value, at: path) else { return nil }
    guard allowed.contains(text) else {
      let hint = didYouMean(text, in: allowed).map { "did you mean \"\($0)\"? " } ?? ""
      report(
        .invalidValue, path,
        "\(jsonQuoted(text)) is not allowed; \(hint)write one of "
          + allowed.map { "\"\($0)\"" }.joined(separator: ", "))
      return nil
    }
    return text
  }

  mutating func enumValue<T: RawRepresentable & CaseIterable>(
    _ value: JSONValue, at path: String, _ type: T.Type
  ) -> T? where T.RawValue == String {
    enumString(value, at: path, T.allCases.map(\.rawValue)).flatMap(T.init(rawValue:))
  }

  private mutating func nonEmpty(_ text: String, at path: String) -> String? {
    guard !text.isEmpty else {
      report(.invalidValue, path, "is empty; write some text")
      return nil
    }
    return text
  }

  /// Text that will be drawn or typed: non-empty and free of conjoining jamo.
  mutating func displayText(_ text: String, at path: String) -> String? {
    guard let text = nonEmpty(text, at: path) else { return nil }
    if let fix = conjoiningFix(text) {
      report(.conjoiningJamo, path, "\(jsonQuoted(text)) has conjoining jamo; write \(fix)")
      return nil
    }
    return text
  }

  mutating func checkedID(_ text: String, at path: String) -> String? {
    let allowed = text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
        || $0 == "_" || $0 == "."
    }
    guard !text.isEmpty, allowed else {
      report(
        .invalidValue, path,
        "\(jsonQuoted(text)) is not a valid id; use letters a-z, digits, \"-\", \"_\" and \".\"")
      return nil
    }
    return text
  }

  /// If `text` has conjoining jamo, the same text as it should be written.
  func conjoiningFix(_ text: String) -> String? {
    guard text.unicodeScalars.contains(where: \.isConjoiningJamo) else { return nil }
    var fixed = composingConjoiningJamo(text)
    fixed = fixed.replacing(String(Character(ssangaraeaLetter)), with: "ㆍㆍ")
    return jsonQuoted(fixed)
  }
}
