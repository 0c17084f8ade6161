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

  private var rank: Int {
    switch self {
    case .unknown: 0
    case .good: 1
    case .fair: 2
    case .poor: 3
    }
  }

  public static func < (lhs: HeatLevel, rhs: HeatLevel) -> Bool { lhs.rank < rhs.rank }
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

/// The pad of one layout, its keys marked by error rate.
///
/// ``rows`` follow the layout's rows (the Galaxy pad: 3 × 4 letter keys plus a side column);
/// the view layer (`TerminalUI.HeatmapView`) draws each cell by its ``HeatCell/level``.
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
    rows = layout.padGrid { key, ref, span in
      HeatCell(
        key: ref, label: key.label, span: span, stats: stats[ref],
        level: thresholds.level(stats[ref]))
    }
  }
}

extension Layout {
  /// The layout's rows with a cell made for each key: `make` gets the key, its ref and how
  /// many grid units it spans; an empty grid place (or an index out of range) is `nil`.
  func padGrid<Cell>(_ make: (LayoutKey, KeyRef, Int) -> Cell) -> [[Cell?]] {
    rows.map { row in
      row.map { index -> Cell? in
        guard let index, keys.indices.contains(index) else { return nil }
        let key = keys[index]
        return make(key, KeyRef(layoutID: id, keyID: key.id), max(1, Int(key.width.rounded())))
      }
    }
  }
}
