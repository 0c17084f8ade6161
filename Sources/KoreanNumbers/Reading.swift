/// A Korean reading, with every spelling the spacing rules allow.
///
/// ``text`` is the spelling to show; ``variants`` also holds the permitted alternatives, such
/// as a counter attached after an order word (제43항: `두시 삼십분`), `일만` for `만`, or a
/// price written as one word (`만오천원`). A drill asks ``accepts(_:)``.
public struct Reading: Sendable, Hashable, CustomStringConvertible {
  /// The preferred spelling: `만 오천 원`.
  public let text: String
  /// Every accepted spelling, ``text`` first, without duplicates.
  public let variants: [String]

  /// Makes a reading from its preferred spelling and alternatives, normalized and deduplicated.
  init(text: String, alternatives: [String] = []) {
    let text = Reading.normalized(text)
    var variants = [text]
    var seen: Set<String> = [text]  // a set: a line of many amounts has many spellings
    for alternative in alternatives.map(Reading.normalized) where seen.insert(alternative).inserted
    {
      variants.append(alternative)
    }
    self.text = text
    self.variants = variants
  }

  /// Makes a reading whose first spelling is preferred; `nil` when there is none.
  init?(spellings: [String]) {
    guard let first = spellings.first else { return nil }
    self.init(text: first, alternatives: Array(spellings.dropFirst()))
  }

  /// The preferred spelling, ``text``.
  public var description: String { text }

  /// Whether `typed` is an accepted spelling of this reading.
  ///
  /// Both sides are ``normalized(_:)`` first, so extra, leading or trailing white space never
  /// matters, and Unicode canonical equivalents (precomposed or conjoining jamo) compare equal.
  /// Spacing inside the reading matters only where the rules make it matter: `만 오천 원` is
  /// accepted but `만오 천 원` is not.
  public func accepts(_ typed: String) -> Bool {
    variants.contains(Reading.normalized(typed))
  }

  /// Whether `typed` is accepted but joins 만 units that the preferred spelling spaces
  /// (`팔만구백삼십일` for `팔만 구백삼십일`): the learner is told the standard spacing
  /// (한글 맞춤법 제44항), not marked wrong.
  public func joinsUnits(_ typed: String) -> Bool {
    let typed = Reading.normalized(typed)
    return typed != text && accepts(typed) && Self.unitSpaces(typed) < Self.unitSpaces(text)
  }

  /// How many spaces follow a 만 unit (만, 억, 조, 경).
  private static func unitSpaces(_ text: String) -> Int {
    zip(text, text.dropFirst()).filter { "만억조경".contains($0) && $1 == " " }.count
  }

  /// Trims white space and turns each run of it (tabs, no-break or ideographic spaces) into
  /// one ASCII space.
  public static func normalized(_ text: String) -> String {
    // Most text is normalized already (every spelling the counters make, each line of many
    // amounts): checking its bytes is far cheaper than splitting it into characters, which
    // took a third of `number`'s time on a line of 10,000 prices.
    if isNormalized(text.utf8) { return text }
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Whether `bytes` hold words with one ASCII space between them and none around them.
  ///
  /// Conservative: any byte that may start white space other than the space (tabs, line
  /// breaks, and the lead bytes of U+0085, U+00A0, U+1680, U+2000…U+205F and U+3000) answers
  /// no, and ``normalized(_:)`` splits the text by characters as before.
  private static func isNormalized(_ bytes: String.UTF8View) -> Bool {
    var afterSpace = true
    for byte in bytes {
      switch byte {
      case 0x20:
        if afterSpace { return false }
        afterSpace = true
      case 0x09...0x0D, 0x1C...0x1F, 0xC2, 0xE1, 0xE2, 0xE3: return false
      default: afterSpace = false
      }
    }
    return !afterSpace || bytes.isEmpty
  }

  /// The readings one after another, spaced, with every combination of their spellings.
  ///
  /// The preferred spelling joins the preferred spellings: `세 시` + `사십오 분` →
  /// `세 시 사십오 분`, with `세시 사십오분` and the mixed forms as variants.
  ///
  /// Past ``maximumCombinations`` (a line of many amounts), the variants are the line in each
  /// part's first spelling, then in each part's second (its last where it has fewer), and so
  /// on: as many lines as the part with the most spellings has, so the reading grows with the
  /// line. Listing each part's alternatives with the others preferred, as before, made a line
  /// per alternative, each as long as the line: 1,600 prices took 22 s and 647 MB.
  static func sequence(_ parts: [Reading]) -> Reading {
    var combinations = 1
    var mostSpellings = 1
    for part in parts {
      let (product, overflow) = combinations.multipliedReportingOverflow(by: part.variants.count)
      combinations = overflow ? Int.max : product
      mostSpellings = max(mostSpellings, part.variants.count)
    }
    if combinations <= maximumCombinations {
      var spellings = [""]
      for (index, part) in parts.enumerated() {
        spellings = spellings.flatMap { head in
          part.variants.map { index == 0 ? $0 : head + " " + $0 }
        }
      }
      return Reading(spellings: spellings) ?? Reading(text: "")
    }
    let spellings = (0..<mostSpellings).map { style in
      parts.map { $0.variants[min(style, $0.variants.count - 1)] }.joined(separator: " ")
    }
    return Reading(spellings: spellings) ?? Reading(text: "")
  }

  /// How many spellings of a line are listed in full; past it, one line per spelling style.
  static let maximumCombinations = 256
}
