import HangulEngine
import Utilities

/// Reading `keys`: each key's type, action, hold and style, then the checks across all keys
/// (unique ids and phone keys, every letter and stroke typed once, every vowel reachable).
extension LayoutReader {
  // MARK: - Keys

  mutating func readKeys(_ value: JSONValue?) -> [LayoutKey]? {
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

  // MARK: - Whole-layout checks

  mutating func checkKeys(
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
}
