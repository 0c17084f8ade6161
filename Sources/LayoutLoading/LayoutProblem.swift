import HangulEngine
import SystemIO
import Utilities

/// One thing wrong with a layout or keymap file: where, what was found, and what to write
/// instead.
///
/// Printed as `Layouts/x.json: keys[3].cycle[1]: "ᄏ" is a conjoining jamo; write "ㅋ"`, or
/// `Keymaps/numpad.json: bindings.KP7: "phone 11" is not a binding; write "phone 7" …`.
public struct LayoutProblem: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem; one broken fixture per kind is tested.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case unreadableFile
    case invalidJSON
    case wrongType
    case missingField
    case unknownField
    case invalidValue
    case conjoiningJamo
    case notAConsonant
    case duplicateLetter
    case missingLetter
    case duplicateID
    case unknownKey
    case keyNotPlaced
    case keyPlacedTwice
    case unevenRows
    case badVowelRule
    case conflictingVowelRule
    case unreachableVowel
    case missingStroke
    case duplicatePhone
    case unknownLayout
    case dismissPlacement
    case idMismatch
    // Keymaps only (KeymapReader.kinds):
    /// A `bindings` or `holds` member that names no key.
    case unknownKeyName
    /// A binding target that is not one.
    case invalidBinding
    /// A hold target that is not a suggestion slot.
    case invalidHold
    /// A key of `cheonjiin run` (`run`) that is not a key name, names no action, or is
    /// given to two actions.
    case invalidRunKey
    /// `--keymap` names no keymap.
    case unknownKeymap
  }

  public var kind: Kind
  /// The file as the user named it, or the shipped file's path.
  public var file: String
  /// JSON path of the offending value: `keys[3].cycle[1]`; empty for the whole file.
  public var path: String
  /// What is wrong, with the bad value quoted, and the fix.
  public var message: String

  public init(_ kind: Kind, file: String, path: String, message: String) {
    self.kind = kind
    self.file = file
    self.path = path
    self.message = message
  }

  /// The problem as one line, with any control character in the file name, path or message
  /// written as `\u{1B}`: a name is printed on a terminal, where it would act as a command.
  public var description: String {
    terminalSafe(path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)")
  }
}

/// A layout or keymap that could not be loaded, with every problem found in it.
public struct LayoutError: Error, Sendable, CustomStringConvertible {
  public var problems: [LayoutProblem]

  /// The most problems told; a file with more ends with one line counting the rest.
  public static let maximumProblems = 100

  public init(_ problems: [LayoutProblem]) {
    guard problems.count > Self.maximumProblems, let first = problems.first else {
      self.problems = problems
      return
    }
    let rest = problems.count - Self.maximumProblems
    self.problems =
      Array(problems.prefix(Self.maximumProblems)) + [
        LayoutProblem(
          problems[Self.maximumProblems].kind, file: first.file, path: "",
          message: "and \(rest) more problems; fix the ones above first")
      ]
  }

  public var description: String {
    problems.map(\.description).joined(separator: "\n")
  }

  /// The exit status for a bad layout or keymap: 65, `EX_DATAERR` from sysexits.h.
  public static let exitStatus: Int32 = 65
}

/// The closest of `candidates` to `word`, if close enough to be a likely typo.
///
/// Case is ignored, a swap of neighbours is one edit, and a candidate may be at most about a
/// third of its length away (at least 1, at most 3 edits). Among equally close candidates
/// the one that starts with the same letter wins, then the first in code-point order.
///
/// - Returns: The candidate to offer in "did you mean …?", or `nil` when none is close.
public func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
  let lowered = Array(word.lowercased())
  var best: (name: String, rank: (Int, Int, String))? = nil
  for candidate in candidates {
    let distance = editDistance(lowered, Array(candidate.lowercased()), countsSwapsAsOne: true)
    guard distance <= max(1, min(3, (candidate.count + 1) / 3)) else { continue }
    // Among equally close names, prefer one that starts like the word: "ss" → "s", not "bs";
    // then the first in code order, so that the answer never depends on the candidates'
    // order (a dictionary's keys come in a different order in every process).
    let rank = (distance, candidate.lowercased().first == lowered.first ? 0 : 1, candidate)
    if best.map({ rank < $0.rank }) ?? true { best = (candidate, rank) }
  }
  return best?.name
}

extension LayoutProblem {
  /// The first control character in `text` (C0, DEL or C1), if any.
  ///
  /// Layout and keymap text is drawn on the screen and printed by `layouts show`, where
  /// `ESC ]0;…` or `ESC [2J` would act as terminal commands.
  static func controlCharacter(in text: String) -> Unicode.Scalar? {
    text.unicodeScalars.first(where: isTerminalControl)
  }

  static func controlCharacterMessage(_ control: Unicode.Scalar) -> String {
    let code = String(control.value, radix: 16, uppercase: true)
    let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
    return "contains the control character U+\(padded); text here is shown on the screen, "
      + "where control characters act as terminal commands. Remove it"
  }
}
