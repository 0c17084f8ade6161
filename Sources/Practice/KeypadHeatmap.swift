import HangulEngine

/// How troublesome a key is, for colouring the pad in `cheonjiin stats`.
public enum HeatLevel: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Too few tries to judge (or a key that is never a next key, such as ⌫).
  case unknown
  /// Error rate below ``HeatThresholds/fair``.
  case good
  /// Error rate below ``HeatThresholds/poor``.
  case fair
  /// Error rate at or above ``HeatThresholds/poor``.
  case poor

  /// The character that marks the level in plain text, so colour is never the only signal.
  public var mark: Character {
    switch self {
    case .unknown: "-"
    case .good: "."
    case .fair: "+"
    case .poor: "#"
    }
  }

  private var rank: Int {
    switch self {
    case .unknown: 0
    case .good: 1
    case .fair: 2
    case .poor: 3
    }
  }

  public static func < (lhs: HeatLevel, rhs: HeatLevel) -> Bool { lhs.rank < rhs.rank }

  /// The ANSI SGR sequence that colours a key of this level: black on green, yellow or red
  /// (readable on light and dark terminals alike), dim for too few tries.
  var sgr: String {
    switch self {
    case .unknown: "\u{1B}[2m"
    case .good: "\u{1B}[30;42m"
    case .fair: "\u{1B}[30;43m"
    case .poor: "\u{1B}[1;97;41m"
    }
  }
}

/// Where the levels start.
public struct HeatThresholds: Sendable, Hashable {
  /// Error rate from which a key is ``HeatLevel/fair``: 0.05.
  public var fair: Double
  /// Error rate from which a key is ``HeatLevel/poor``: 0.15.
  public var poor: Double
  /// Fewer tries than this leave a key ``HeatLevel/unknown``: 5.
  public var minimumTries: Int

  public init(fair: Double = 0.05, poor: Double = 0.15, minimumTries: Int = 5) {
    self.fair = fair
    self.poor = poor
    self.minimumTries = minimumTries
  }

  /// The level of a key with these stats.
  public func level(_ stats: KeyStats?) -> HeatLevel {
    guard let stats, stats.hits + stats.misses >= minimumTries, let rate = stats.errorRate else {
      return .unknown
    }
    return rate >= poor ? .poor : rate >= fair ? .fair : .good
  }
}

/// One key of the pad with its error rate and level.
public struct HeatCell: Sendable, Hashable {
  public var key: KeyRef
  /// The key's big label (`ㄱㅋ`).
  public var label: String
  /// How many grid units wide the key is.
  public var span: Int
  public var stats: KeyStats?
  public var level: HeatLevel

  public var errorRate: Double? { stats?.errorRate }
}

/// The pad of one layout, its keys marked by error rate (issue 4 §2: the pad coloured by
/// error rate per key).
///
/// ``rows`` follow the layout's rows (the Galaxy pad: 3 × 4 letter keys plus a side column);
/// the caller colours each cell by ``HeatCell/level``. ``plainText()`` draws the same pad
/// with a mark character per level for terminals without colour.
public struct KeypadHeatmap: Sendable, Hashable {
  public var layoutName: String
  /// Rows from top to bottom; `nil` is an empty grid cell.
  public var rows: [[HeatCell?]]
  public var thresholds: HeatThresholds

  public init(
    layout: Layout, stats: [KeyRef: KeyStats], thresholds: HeatThresholds = HeatThresholds()
  ) {
    layoutName = layout.name
    self.thresholds = thresholds
    rows = layout.rows.map { row in
      row.map { index -> HeatCell? in
        guard let index, layout.keys.indices.contains(index) else { return nil }
        let key = layout.keys[index]
        let ref = KeyRef(layoutID: layout.id, keyID: key.id)
        let keyStats = stats[ref]
        return HeatCell(
          key: ref, label: key.label, span: max(1, Int(key.width.rounded())), stats: keyStats,
          level: thresholds.level(keyStats))
      }
    }
  }

  /// Columns of one grid unit in ``plainText()``.
  public var cellWidth: Int {
    let labels = rows.flatMap { $0.compactMap { $0.map { TextWidth.columns(of: $0.label) } } }
    // label, space, "100%", mark
    return (labels.max() ?? 2) + 1 + 4 + 1
  }

  /// The pad as lines of text: `[ㄱㅋ  12%+]` per key, then a legend.
  ///
  /// - Parameter colored: Also colour each key by its level with ANSI SGR codes (green,
  ///   yellow, red; dim for too few tries). The marks stay, so colour is never the only sign.
  public func plainText(colored: Bool = false) -> [String] {
    let width = cellWidth
    var lines = ["\(layoutName): 키별 틀린 비율"]
    for row in rows {
      var line = ""
      for cell in row {
        guard let cell else {
          line += String(repeating: " ", count: width + 2)
          continue
        }
        let inner = width * cell.span + (width + 2) * (cell.span - 1)
        let rate = cell.errorRate.map { "\(percent($0))%" } ?? ""
        let shownRate = cell.level == .unknown ? "" : rate
        let right = TextWidth.leftPadded(shownRate, to: 4) + String(cell.level.mark)
        let label = TextWidth.padded(cell.label, to: inner - TextWidth.columns(of: right))
        let cellText = "[" + label + right + "]"
        line += colored ? cell.level.sgr + cellText + "\u{1B}[0m" : cellText
      }
      var trimmed = line
      while trimmed.last == " " { trimmed.removeLast() }
      lines.append(trimmed)
    }
    let fair = percent(thresholds.fair)
    let poor = percent(thresholds.poor)
    lines.append(
      "표시: . \(fair)% 미만  + \(poor)% 미만  # \(poor)% 이상  - 기록이 적음")
    return lines
  }
}
