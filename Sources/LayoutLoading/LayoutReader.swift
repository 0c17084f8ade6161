import HangulEngine

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

  // MARK: - Keys

  private mutating func readKeys(_ value: JSONValue?) -> [LayoutKey]? {
    guard let value else { return nil }
    guard let list = array(value, at: "keys") else { return nil }
    if list.isEmpty {
      report(.invalidValue, "keys", "a layout needs keys; add at least a dismiss key")
      return nil
    }
    if list.count > Self.maximumKeys {
      report(
        .invalidValue, "keys",
        "\(list.count) keys; a layout has at most \(Self.maximumKeys) (a phone pad has 12 to 20)")
      return nil
    }
    var keys: [LayoutKey] = []
    var ok = true
    for (index, keyValue) in list.enumerated() {
      if let key = readKey(keyValue, at: "keys[\(index)]") {
        keys.append(key)
      } else {
        ok = false
      }
    }
    return ok ? keys : nil
  }

  /// The most keys, rows and cells in a row a layout may have: far more than a pad shows,
  /// and small enough that no file makes reading or drawing slow.
  static let maximumKeys = 64
  static let maximumRows = 16
  static let maximumRowCells = 16

  static let keyTypes = [
    "vowel", "consonant", "text", "spaceNext", "space", "next", "backspace", "return", "switch",
    "dismiss",
  ]
  static let commonKeyFields: [String: Bool] = [
    "id": true, "label": true, "label2": false, "width": false, "style": false, "type": true,
    "hold": false, "phone": false,
  ]
  static let typeFields: [String: [String: Bool]] = [
    "vowel": ["stroke": true],
    "consonant": ["cycle": true, "wrap": false],
    "text": ["cycle": true],
    "switch": ["layout": true],
  ]

  private mutating func readKey(_ value: JSONValue, at path: String) -> LayoutKey? {
    // The allowed fields depend on the type, so read it before checking the rest.
    var typeName: String? = nil
    if case .object(let members) = value, let type = members.first(where: { $0.key == "type" }) {
      typeName = enumString(type.value, at: "\(path).type", Self.keyTypes)
    }
    let before = problems.count
    var fields = Self.commonKeyFields
    if let typeName {
      fields.merge(Self.typeFields[typeName] ?? [:]) { common, _ in common }
    } else {
      // The type is missing or wrong (already reported): accept any type's fields quietly.
      for typeFields in Self.typeFields.values {
        fields.merge(typeFields.mapValues { _ in false }) { common, _ in common }
      }
    }
    guard let members = object(value, at: path, fields: fields, otherTypeFields: typeName) else {
      return nil
    }
    let id = string(members["id"], at: "\(path).id").flatMap { checkedID($0, at: "\(path).id") }
    let label = string(members["label"], at: "\(path).label").flatMap {
      displayText($0, at: "\(path).label")
    }
    let label2 = members["label2"].map {
      string($0, at: "\(path).label2").flatMap { displayText($0, at: "\(path).label2") }
    }
    var width = 1.0
    if let widthValue = members["width"] {
      if let number = number(widthValue, at: "\(path).width") {
        if number > 0, number <= 8 {
          width = number
        } else {
          report(
            .invalidValue, "\(path).width",
            "\(widthValue.jsonText) is out of range; write a width from 0.5 to 8")
        }
      }
    }
    let action = typeName.flatMap { readAction($0, members, at: path) }
    var style: KeyStyle = .letter
    if let styleValue = members["style"] {
      style = enumValue(styleValue, at: "\(path).style", KeyStyle.self) ?? .letter
    } else if let action {
      style = Self.defaultStyle(action)
    }
    let hold = members["hold"].flatMap { readHold($0, at: "\(path).hold") }
    var phone: Character? = nil
    if let phoneValue = members["phone"], let text = string(phoneValue, at: "\(path).phone") {
      if text.count == 1, let character = text.first, "0123456789*#".contains(character) {
        phone = character
      } else {
        report(
          .invalidValue, "\(path).phone",
          "\(phoneValue.jsonText) is not a phone key; write one of \"1\" … \"9\", \"0\", \"*\", \"#\""
        )
      }
    }
    guard let id, let label, let action, problems.count == before else { return nil }
    return LayoutKey(
      id: id, label: label, secondLabel: label2 ?? nil, width: width, style: style, action: action,
      hold: hold, phone: phone)
  }

  static func defaultStyle(_ action: KeyAction) -> KeyStyle {
    switch action {
    case .vowel, .consonant, .text: .letter
    case .spaceNext, .space, .next, .dismiss: .accent
    case .backspace, .enter, .switchLayout: .function
    }
  }

  private mutating func readAction(_ type: String, _ members: [String: JSONValue], at path: String)
    -> KeyAction?
  {
    switch type {
    case "vowel":
      guard let text = string(members["stroke"], at: "\(path).stroke") else { return nil }
      let scalars = Array(text.unicodeScalars)
      guard scalars.count == 1, let stroke = VowelStroke(scalars[0]) else {
        let fix = conjoiningFix(text).map { "; write \($0)" } ?? "; write \"ㅣ\", \"ㆍ\" or \"ㅡ\""
        report(
          conjoiningFix(text) == nil ? .invalidValue : .conjoiningJamo, "\(path).stroke",
          "\(jsonQuoted(text)) is not a vowel stroke\(fix)")
        return nil
      }
      return .vowel(stroke)
    case "consonant":
      guard let letters = array(members["cycle"], at: "\(path).cycle") else { return nil }
      var cycle: [Choseong] = []
      var ok = !letters.isEmpty
      if letters.isEmpty {
        report(
          .invalidValue, "\(path).cycle",
          "the cycle is empty; list the key's consonants, e.g. [\"ㄱ\", \"ㅋ\", \"ㄲ\"]")
      }
      for (index, letterValue) in letters.enumerated() {
        let letterPath = "\(path).cycle[\(index)]"
        guard let text = string(letterValue, at: letterPath) else {
          ok = false
          continue
        }
        guard let consonant = consonantLetter(text, at: letterPath) else {
          ok = false
          continue
        }
        if cycle.contains(consonant) {
          report(
            .duplicateLetter, letterPath,
            "\(jsonQuoted(text)) is already in this cycle; list each consonant once")
          ok = false
        }
        cycle.append(consonant)
      }
      var wraps = true
      if let wrapValue = members["wrap"] {
        if let flag = bool(wrapValue, at: "\(path).wrap") { wraps = flag } else { ok = false }
      }
      return ok ? .consonant(cycle: cycle, wraps: wraps) : nil
    case "text":
      guard let items = array(members["cycle"], at: "\(path).cycle") else { return nil }
      var cycle: [String] = []
      var ok = !items.isEmpty
      if items.isEmpty {
        report(
          .invalidValue, "\(path).cycle",
          "the cycle is empty; list what the key types, e.g. [\".\", \",\", \"?\", \"!\"]")
      }
      for (index, item) in items.enumerated() {
        let itemPath = "\(path).cycle[\(index)]"
        if let text = string(item, at: itemPath).flatMap({ displayText($0, at: itemPath) }) {
          cycle.append(text)
        } else {
          ok = false
        }
      }
      return ok ? .text(cycle: cycle) : nil
    case "switch":
      guard let target = string(members["layout"], at: "\(path).layout") else { return nil }
      if target == Layout.homeID { return .switchLayout(target) }
      return checkedID(target, at: "\(path).layout").map { .switchLayout($0) }
    case "spaceNext": return .spaceNext
    case "space": return .space
    case "next": return .next
    case "backspace": return .backspace
    case "return": return .enter
    case "dismiss": return .dismiss
    default: return nil
    }
  }

  private mutating func readHold(_ value: JSONValue, at path: String) -> HoldAction? {
    var typeName: String? = nil
    if case .object(let members) = value, let type = members.first(where: { $0.key == "type" }) {
      typeName = enumString(type.value, at: "\(path).type", ["text", "repeat"])
    }
    var fields: [String: Bool] = ["type": true]
    // With a bad or missing type, `text` may belong to the type meant: only the type is wrong.
    if typeName == "text" || typeName == nil { fields["text"] = typeName == "text" }
    guard let members = object(value, at: path, fields: fields, otherTypeFields: typeName) else {
      return nil
    }
    switch typeName {
    case "text":
      return string(members["text"], at: "\(path).text")
        .flatMap { displayText($0, at: "\(path).text") }
        .map { .text($0) }
    case "repeat":
      return .repeatTap
    default:
      return nil
    }
  }

  /// A single consonant letter as cycles write it, or a problem saying what to write.
  private mutating func consonantLetter(_ text: String, at path: String) -> Choseong? {
    let scalars = Array(text.unicodeScalars)
    if scalars.count == 1, (0x3131...0x314E).contains(scalars[0].value),
      let consonant = Choseong(scalars[0])
    {
      return consonant
    }
    if let fix = conjoiningFix(text) {
      report(.conjoiningJamo, path, "\(jsonQuoted(text)) is a conjoining jamo; write \(fix)")
    } else if scalars.count == 1, let final = Jongseong(scalars[0]), let parts = final.parts,
      let first = parts.first.choseong
    {
      report(
        .notAConsonant, path,
        "\(jsonQuoted(text)) is a double final; cycles hold single consonants "
          + "(the composer makes it from \"\(Character(first.compatibility))\" and "
          + "\"\(Character(parts.second.compatibility))\")")
    } else {
      report(
        .notAConsonant, path,
        "\(jsonQuoted(text)) is not a consonant letter; write one of ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ"
      )
    }
    return nil
  }

  // MARK: - Rows

  private mutating func readRows(_ value: JSONValue?, keys: [LayoutKey]?, ids: [String?])
    -> [[Int?]]?
  {
    guard let value, let rowList = array(value, at: "rows") else { return nil }
    if rowList.isEmpty {
      report(.invalidValue, "rows", "there are no rows; list the key ids row by row, top row first")
      return nil
    }
    if rowList.count > Self.maximumRows {
      report(
        .invalidValue, "rows", "\(rowList.count) rows; a layout has at most \(Self.maximumRows)")
      return nil
    }
    var indexByID: [String: Int] = [:]
    for (index, id) in ids.enumerated() {
      if let id, indexByID[id] == nil { indexByID[id] = index }
    }
    var rows: [[Int?]] = []
    var placedAt: [String: String] = [:]
    var ok = true
    for (rowIndex, rowValue) in rowList.enumerated() {
      guard let cells = array(rowValue, at: "rows[\(rowIndex)]") else {
        ok = false
        continue
      }
      if cells.count > Self.maximumRowCells {
        report(
          .invalidValue, "rows[\(rowIndex)]",
          "\(cells.count) cells; a row has at most \(Self.maximumRowCells)")
        ok = false
        continue
      }
      var row: [Int?] = []
      for (cellIndex, cell) in cells.enumerated() {
        let path = "rows[\(rowIndex)][\(cellIndex)]"
        if cell == .null {
          row.append(nil)
          continue
        }
        guard let id = string(cell, at: path) else {
          ok = false
          continue
        }
        guard let index = indexByID[id] else {
          let hint =
            didYouMean(id, in: ids.compactMap { $0 }).map { "; did you mean \"\($0)\"?" } ?? ""
          report(.unknownKey, path, "no key has the id \(jsonQuoted(id))\(hint)")
          ok = false
          continue
        }
        if let earlier = placedAt[id] {
          report(
            .keyPlacedTwice, path,
            "key \(jsonQuoted(id)) is already at \(earlier); place each key once")
          ok = false
        }
        placedAt[id] = path
        row.append(index)
      }
      rows.append(row)
    }
    guard let keys, ok else { return nil }
    for (index, key) in keys.enumerated() where placedAt[key.id] == nil {
      report(
        .keyNotPlaced, "keys[\(index)]",
        "key \(jsonQuoted(key.id)) is not in any row; add it to rows or remove it")
      ok = false
    }
    let widths = rows.map { row in row.reduce(0.0) { $0 + ($1.map { keys[$0].width } ?? 1) } }
    if let first = widths.first {
      for (index, width) in widths.enumerated() where width != first {
        report(
          .unevenRows, "rows[\(index)]",
          "row is \(Self.format(width)) units wide but rows[0] is \(Self.format(first)); "
            + "change a key's width or add null cells")
        ok = false
      }
    }
    if let lastRow = rows.last, let lastCell = lastRow.last {
      if let cell = lastCell, case .dismiss = keys[cell].action {
      } else {
        report(
          .dismissPlacement, "rows[\(rows.count - 1)][\(lastRow.count - 1)]",
          "the bottom-right key must be the dismiss key (Galaxy users reach for Back there); "
            + "put a key of type \"dismiss\" last in the last row")
        ok = false
      }
    }
    return ok ? rows : nil
  }

  static func format(_ width: Double) -> String {
    width.rounded() == width ? String(Int(width)) : String(width)
  }

  // MARK: - Whole-layout checks

  private mutating func checkKeys(
    _ keys: [LayoutKey], composer: ComposerSettings?, vowelRulesGiven: Bool
  ) {
    var firstWithID: [String: Int] = [:]
    var firstWithPhone: [Character: Int] = [:]
    var letterOwner: [Choseong: String] = [:]
    var strokes: Set<VowelStroke> = []
    for (index, key) in keys.enumerated() {
      if let earlier = firstWithID[key.id] {
        report(
          .duplicateID, "keys[\(index)].id",
          "\(jsonQuoted(key.id)) is also keys[\(earlier)].id; ids must be unique")
      } else {
        firstWithID[key.id] = index
      }
      if let phone = key.phone {
        if let earlier = firstWithPhone[phone] {
          report(
            .duplicatePhone, "keys[\(index)].phone",
            "\"\(phone)\" is also keys[\(earlier)].phone; each phone key appears once")
        } else {
          firstWithPhone[phone] = index
        }
      }
      switch key.action {
      case .vowel(let stroke):
        strokes.insert(stroke)
      case .consonant(let cycle, _):
        for (position, letter) in cycle.enumerated() {
          let path = "keys[\(index)].cycle[\(position)]"
          if let owner = letterOwner[letter] {
            report(
              .duplicateLetter, path,
              "\"\(Character(letter.compatibility))\" is also in \(owner); a letter belongs to one key"
            )
          } else {
            letterOwner[letter] = path
          }
        }
      case .switchLayout, .text, .spaceNext, .space, .next, .backspace, .enter, .dismiss:
        break
      }
    }
    if !letterOwner.isEmpty {
      let missing = Choseong.allCases.filter { letterOwner[$0] == nil }
      if !missing.isEmpty {
        report(
          .missingLetter, "keys",
          "no key types \(missing.map { "\"\(Character($0.compatibility))\"" }.joined(separator: " ")); "
            + "add them to a consonant key's cycle")
      }
    }
    guard !strokes.isEmpty || vowelRulesGiven else { return }
    let missingStrokes = VowelStroke.allCases.filter { !strokes.contains($0) }
    if !missingStrokes.isEmpty {
      report(
        .missingStroke, "keys",
        "no vowel key for \(missingStrokes.map { "\"\(Character($0.letter))\"" }.joined(separator: " ")); "
          + "a Cheon-Ji-In layout needs all three strokes ㅣ ㆍ ㅡ")
      return
    }
    guard let composer else { return }
    let reachable = composer.vowels.shortestStrokes
    let unreachable = Jungseong.allCases.filter { reachable[Vowel.jungseong($0).index] == nil }
    if !unreachable.isEmpty {
      let names = unreachable.map { "\"\(Character($0.compatibility))\"" }.joined(separator: " ")
      report(
        .unreachableVowel, "composer.vowels",
        "these vowels cannot be typed: \(names); add rules that make them, e.g. \"ㅘ + ㅣ = ㅙ\"")
    }
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
  private mutating func object(
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

  private mutating func string(_ value: JSONValue?, at path: String) -> String? {
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

  private mutating func array(_ value: JSONValue?, at path: String) -> [JSONValue]? {
    guard let value else { return nil }
    guard case .array(let values) = value else {
      wrongType(value, at: path, expected: "an array")
      return nil
    }
    return values
  }

  private mutating func number(_ value: JSONValue, at path: String) -> Double? {
    guard case .number(let number) = value else {
      wrongType(value, at: path, expected: "a number")
      return nil
    }
    return number
  }

  private mutating func bool(_ value: JSONValue, at path: String) -> Bool? {
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

  private mutating func enumString(_ value: JSONValue, at path: String, _ allowed: [String])
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

  private mutating func enumValue<T: RawRepresentable & CaseIterable>(
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
  private mutating func displayText(_ text: String, at path: String) -> String? {
    guard let text = nonEmpty(text, at: path) else { return nil }
    if let fix = conjoiningFix(text) {
      report(.conjoiningJamo, path, "\(jsonQuoted(text)) has conjoining jamo; write \(fix)")
      return nil
    }
    return text
  }

  private mutating func checkedID(_ text: String, at path: String) -> String? {
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
  private func conjoiningFix(_ text: String) -> String? {
    guard text.unicodeScalars.contains(where: \.isConjoiningJamo) else { return nil }
    var fixed = composingConjoiningJamo(text)
    fixed = fixed.replacing(String(Character(ssangaraeaLetter)), with: "ㆍㆍ")
    return jsonQuoted(fixed)
  }
}
