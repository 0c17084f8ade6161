import HangulEngine
import Utilities

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
      return "{"
        + members.map { jsonQuoted($0.key) + ": " + $0.value.fullJSONText }
        .joined(separator: ", ") + "}"
    }
  }

  /// Parses JSON text, keeping member order (see ``JSONParser``).
  ///
  /// - Throws: ``JSONSyntaxError`` saying where the text stops being JSON and what to write.
  public static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
    try JSONParser.parse(Array(data))
  }
}

/// JSON text that could not be parsed.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
