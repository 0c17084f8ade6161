/// One of the three Cheon-Ji-In vowel strokes.
///
/// The obvious `cheon/ji/in` cannot be used: `in` is a Swift keyword.
public enum VowelStroke: UInt8, CaseIterable, Sendable, Hashable {
  /// `ㅣ`, 인 (human).
  case i
  /// `ᆞ`, 천 (sky), the dot.
  case araea
  /// `ㅡ`, 지 (earth).
  case eu

  /// The vowel a stroke starts on its own: `ㅣ`, `ᆞ` or `ㅡ`.
  public var vowel: Vowel {
    switch self {
    case .i: .jungseong(.i)
    case .araea: .araea
    case .eu: .jungseong(.eu)
    }
  }

  /// The letter shown on the key and written in data files: `ㅣ`, `ㆍ`, `ㅡ`.
  public var letter: Unicode.Scalar {
    switch self {
    case .i: "ㅣ"
    case .araea: araeaLetter
    case .eu: "ㅡ"
    }
  }

  /// Reads a stroke from a data file or key sequence: `ㅣ`, `ㅡ`, and for the dot `ㆍ` (U+318D),
  /// `ᆞ` (U+119E) or `·` (U+00B7).
  public init?(_ scalar: Unicode.Scalar) {
    switch scalar {
    case "ㅣ", "\u{1175}": self = .i
    case "ㅡ", "\u{1173}": self = .eu
    case araeaLetter, "\u{119E}", "\u{00B7}": self = .araea
    default: return nil
    }
  }
}

/// The vowel part of a syllable being composed: a finished jungseong or one of the two
/// intermediate dot states that only exist while typing.
public enum Vowel: Sendable, Hashable {
  /// `ᆞ` (U+119E), shown as `ㆍ`.
  case araea
  /// `ᆢ` (U+11A2), shown as `‥`.
  case ssangaraea
  case jungseong(Jungseong)

  /// A dense index for tables: jungseong 0 … 20, `araea` 21, `ssangaraea` 22.
  public var index: Int {
    switch self {
    case .jungseong(let jung): Int(jung.rawValue)
    case .araea: 21
    case .ssangaraea: 22
    }
  }

  /// The inverse of `index`.
  public init?(index: Int) {
    switch index {
    case 0...20:
      guard let jung = Jungseong(rawValue: UInt8(index)) else { return nil }
      self = .jungseong(jung)
    case 21: self = .araea
    case 22: self = .ssangaraea
    default: return nil
    }
  }

  public static let count = 23

  /// The letters that show this vowel on screen: `ㅏ`, `ㆍ`, `‥`.
  public var displayLetter: Unicode.Scalar {
    switch self {
    case .jungseong(let jung): jung.compatibility
    case .araea: araeaLetter
    case .ssangaraea: ssangaraeaLetter
    }
  }

  /// How data files write this vowel: `ㅏ`, `ㆍ`, `ㆍㆍ`.
  public var dataSpelling: String {
    switch self {
    case .jungseong(let jung): String(Character(jung.compatibility))
    case .araea: "ㆍ"
    case .ssangaraea: "ㆍㆍ"
    }
  }

  /// Reads a vowel as data files write it (`ㅏ`, `ㆍ`, `ㆍㆍ`); the dot may also be `·`.
  public init?(dataSpelling text: some StringProtocol) {
    let scalars = Array(text.unicodeScalars)
    switch scalars.count {
    case 1:
      if VowelStroke(scalars[0]) == .araea {
        self = .araea
      } else if (0x314F...0x3163).contains(scalars[0].value), let jung = Jungseong(scalars[0]) {
        self = .jungseong(jung)
      } else {
        return nil
      }
    case 2 where VowelStroke(scalars[0]) == .araea && VowelStroke(scalars[1]) == .araea:
      self = .ssangaraea
    default:
      return nil
    }
  }
}

/// State × stroke → state: how strokes build vowels (engine.md §2), as loaded from layout data.
///
/// A missing entry means the stroke cannot extend the vowel; the composer then starts a new
/// syllable or carries a final over.
public struct VowelTable: Sendable, Hashable {
  /// `next[vowel.index * 3 + stroke]`, as a vowel index, or -1.
  private var next: [Int8]

  /// An empty table: every stroke starts a new vowel.
  public init() {
    next = Array(repeating: -1, count: Vowel.count * VowelStroke.allCases.count)
  }

  /// The vowel that `stroke` turns `vowel` into, if it extends it.
  @inline(__always)
  public func extending(_ vowel: Vowel, with stroke: VowelStroke) -> Vowel? {
    let index = next[vowel.index * 3 + Int(stroke.rawValue)]
    return index < 0 ? nil : Vowel(index: Int(index))
  }

  /// Sets one rule: `vowel` + `stroke` = `result`.
  public mutating func set(_ vowel: Vowel, _ stroke: VowelStroke, _ result: Vowel?) {
    next[vowel.index * 3 + Int(stroke.rawValue)] = result.map { Int8($0.index) } ?? -1
  }

  /// The fewest strokes that type `target` from nothing, or `nil` if the table cannot reach it.
  public func strokes(for target: Vowel) -> [VowelStroke]? {
    shortestStrokes[target.index]
  }

  /// Breadth-first search from the three one-stroke vowels, computed on demand.
  public var shortestStrokes: [[VowelStroke]?] {
    var best = [[VowelStroke]?](repeating: nil, count: Vowel.count)
    var queue: [Vowel] = []
    for stroke in VowelStroke.allCases where best[stroke.vowel.index] == nil {
      best[stroke.vowel.index] = [stroke]
      queue.append(stroke.vowel)
    }
    var head = 0
    while head < queue.count {
      let vowel = queue[head]
      head += 1
      for stroke in VowelStroke.allCases {
        guard let result = extending(vowel, with: stroke), best[result.index] == nil else {
          continue
        }
        best[result.index] = (best[vowel.index] ?? []) + [stroke]
        queue.append(result)
      }
    }
    return best
  }
}
