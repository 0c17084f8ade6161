/// One thing wrong with a layout file: where, what was found, and what to write instead.
///
/// Printed as `Layouts/x.json: keys[3].cycle[1]: "ᄏ" is a conjoining jamo; write "ㅋ"`.
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

  public var description: String {
    path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
  }
}

/// A layout that could not be loaded, with every problem found in it.
public struct LayoutError: Error, Sendable, CustomStringConvertible {
  public var problems: [LayoutProblem]

  public init(_ problems: [LayoutProblem]) {
    self.problems = problems
  }

  public var description: String {
    problems.map(\.description).joined(separator: "\n")
  }

  /// The exit status for a bad layout: 65, `EX_DATAERR` from sysexits.h.
  public static let exitStatus: Int32 = 65
}

/// The closest of `candidates` to `word`, if close enough to be a likely typo.
func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
  let lowered = Array(word.lowercased())
  var best: (name: String, distance: Int)? = nil
  for candidate in candidates {
    let distance = editDistance(lowered, Array(candidate.lowercased()))
    if distance <= max(1, min(3, candidate.count / 3)), distance < (best?.distance ?? Int.max) {
      best = (candidate, distance)
    }
  }
  return best?.name
}

/// Levenshtein distance.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = previous
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
