#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import HangulEngine

/// A parsed JSON value, kept generic so the layout reader can report unknown fields, wrong
/// types and every other problem with its path instead of stopping at the first.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in file order.
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.null, _), (.bool, _), (.number, _), (.string, _), (.array, _), (.object, _): false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .array(let values): hasher.combine(values)
    case .object(let members):
      for member in members {
        hasher.combine(member.key)
        hasher.combine(member.value)
      }
    }
  }

  /// What kind of value this is, for messages: "a string", "an array".
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value as compact JSON text, for messages (long values are shortened).
  public var jsonText: String {
    let text = fullJSONText
    return text.count > 60 ? String(text.prefix(57)) + "…" : text
  }

  var fullJSONText: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value):
      return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let value): return jsonQuoted(value)
    case .array(let values): return "[" + values.map(\.fullJSONText).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { jsonQuoted($0.key) + ": " + $0.value.fullJSONText }
        .joined(separator: ", ") + "}"
    }
  }

  /// Parses JSON text with Foundation's `JSONDecoder`, keeping member order.
  ///
  /// - Throws: ``JSONSyntaxError`` saying where the text stops being JSON.
  public static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
    let tree: DecodedJSON
    do {
      tree = try JSONDecoder().decode(DecodedJSON.self, from: data)
    } catch {
      let located = JSONSyntaxLocator.locate(Array(data)).map { "not valid JSON: \($0)" }
      throw JSONSyntaxError(message: located ?? syntaxMessage(error))
    }
    return tree.value(order: MemberOrder(data))
  }

  private static func syntaxMessage(_ error: Error) -> String {
    if case DecodingError.dataCorrupted(let context) = error {
      let underlying = context.underlyingError.map { "\($0)" } ?? ""
      return underlying.isEmpty
        ? "not valid JSON: \(context.debugDescription)"
        : "not valid JSON: \(context.debugDescription) \(underlying)"
    }
    return "not valid JSON: \(error)"
  }
}

/// The decoder's view of a JSON value, before member order is restored.
private indirect enum DecodedJSON: Decodable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([DecodedJSON])
  case object([String: DecodedJSON])

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: DecodedJSON] = [:]
      for key in object.allKeys {
        members[key.stringValue] = try object.decode(DecodedJSON.self, forKey: key)
      }
      self = .object(members)
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var values: [DecodedJSON] = []
      while !array.isAtEnd { values.append(try array.decode(DecodedJSON.self)) }
      self = .array(values)
      return
    }
    let single = try decoder.singleValueContainer()
    // Order matters: a JSON `true` must not be read as a number, nor `1` as a boolean.
    if single.decodeNil() {
      self = .null
    } else if let bool = try? single.decode(Bool.self) {
      self = .bool(bool)
    } else if let number = try? single.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  func value(order: MemberOrder) -> JSONValue {
    switch self {
    case .null: .null
    case .bool(let value): .bool(value)
    case .number(let value): .number(value)
    case .string(let value): .string(value)
    case .array(let values): .array(values.map { $0.value(order: order) })
    case .object(let members):
      .object(order.sorted(Array(members.keys)).map { ($0, members[$0]?.value(order: order) ?? .null) })
    }
  }
}

/// JSON text that could not be parsed.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// Recovers the order object members appear in, which `JSONSerialization` drops, so problems
/// are reported in file order. Only member names matter, so a name seen first anywhere in the
/// file sorts first.
struct MemberOrder {
  private var rank: [String: Int] = [:]

  init(_ data: Data) {
    guard let text = String(data: data, encoding: .utf8) else { return }
    var scalars = text.unicodeScalars.makeIterator()
    var current = String.UnicodeScalarView()
    var inString = false
    var escaped = false
    var lastString: String? = nil
    while let scalar = scalars.next() {
      if inString {
        if escaped {
          escaped = false
          current.append(scalar)
        } else if scalar == "\\" {
          escaped = true
        } else if scalar == "\"" {
          inString = false
          lastString = String(current)
        } else {
          current.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"":
        inString = true
        current = String.UnicodeScalarView()
      case ":":
        if let name = lastString, rank[name] == nil { rank[name] = rank.count }
        lastString = nil
      case " ", "\n", "\r", "\t":
        break
      default:
        lastString = nil
      }
    }
  }

  func sorted(_ keys: [String]) -> [String] {
    keys.sorted { (rank[$0] ?? Int.max, $0) < (rank[$1] ?? Int.max, $1) }
  }
}

