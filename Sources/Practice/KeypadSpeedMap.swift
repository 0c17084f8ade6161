import HangulEngine

/// How fast a key is against the target, for the speed map of `cheonjiin stats`.
public enum SpeedLevel: String, Sendable, Hashable, CaseIterable {
  /// Fewer samples than it takes to judge (``SpeedRules/minimumSamples``).
  case unknown
  /// At the target or faster: confidence ≥ 1.
  case fast
  /// A little slow: confidence from ``nearConfidence`` to 1.
  case near
  /// Slow: confidence under ``nearConfidence``.
  case slow

  /// From this confidence up, a key under the target is only "a little slow".
  public static let nearConfidence = 0.8

  /// The level of a unit's speed.
  public init(_ speed: JudgedSpeed?) {
    guard let confidence = speed?.confidence else {
      self = .unknown
      return
    }
    self = confidence >= 1 ? .fast : confidence >= Self.nearConfidence ? .near : .slow
  }
}

/// One key of the pad with its speed.
public struct SpeedCell: Sendable, Hashable {
  public var key: KeyRef
  public var label: String
  public var span: Int
  public var speed: JudgedSpeed?
  public var level: SpeedLevel
}

/// The pad of one layout, its keys marked by how fast they are pressed (a speed
/// map beside the error map); `TerminalUI.SpeedMapView` draws it.
public struct KeypadSpeedMap: Sendable, Hashable {
  public var layoutName: String
  /// Rows from top to bottom; `nil` is an empty grid cell.
  public var rows: [[SpeedCell?]]
  /// The time one press may take.
  public var target: SpeedTarget

  /// - Parameters:
  ///   - observations: Every unit's observations (``SpeedUnit/key(_:)`` are used).
  ///   - target: The target in force.
  public init(
    layout: Layout, observations: [SpeedUnit: UnitObservations], target: SpeedTarget,
    rules: SpeedRules = SpeedRules()
  ) {
    layoutName = layout.name
    self.target = target
    rows = layout.padGrid { key, ref, span in
      let speed = observations[.key(ref)].map {
        JudgedSpeed($0, targetTime: target.perPress, rules: rules)
      }
      return SpeedCell(
        key: ref, label: key.label, span: span, speed: speed, level: SpeedLevel(speed))
    }
  }

  /// Whether any key has a speed sample.
  public var hasSamples: Bool {
    rows.contains { $0.contains { ($0?.speed?.tally.samples ?? 0) > 0 } }
  }
}
