/// One unit's presses of one day, folded into counts and a median.
///
/// `Storage` keeps presses one by one only up to a bound; older days are folded into these,
/// which keep what the stats and the filtered time need: the counts (``UnitTally``) and the
/// day's median sample (``SampleDay``).
public struct UnitDaySummary: Sendable, Hashable {
  public var unit: SpeedUnit
  public var day: DayNumber
  public var tally: UnitTally
  /// The day's median sample; `nil` when the day has none.
  public var median: Milliseconds?

  public init(unit: SpeedUnit, day: DayNumber, tally: UnitTally, median: Milliseconds?) {
    self.unit = unit
    self.day = day
    self.tally = tally
    self.median = median
  }

  /// The day as the filtered time uses it; `nil` without samples.
  public var sampleDay: SampleDay? {
    median.map { SampleDay(day: day, samples: tally.samples, median: $0) }
  }

  /// Every unit's summary of one day's presses, sorted by unit.
  public static func fold(_ records: some Sequence<PressRecord>, day: DayNumber) -> [UnitDaySummary]
  {
    var tallies: [SpeedUnit: UnitTally] = [:]
    var samples: [SpeedUnit: [Milliseconds]] = [:]
    for record in records {
      for (unit, tally, sample) in record.contributions {
        tallies[unit, default: UnitTally()].merge(tally)
        if let sample { samples[unit, default: []].append(sample) }
      }
    }
    return tallies.keys.sorted().map { unit in
      UnitDaySummary(
        unit: unit, day: day, tally: tallies[unit] ?? UnitTally(),
        median: samples[unit]?.median)
    }
  }

  /// Two summaries of the same unit and day as one (presses of a day folded in two steps,
  /// which happens only when the clock went back): counts add up; the median becomes the
  /// sample-weighted mean of the two medians, the closest a pair of medians allows.
  public func merged(with other: UnitDaySummary) -> UnitDaySummary {
    var tally = self.tally
    tally.merge(other.tally)
    let combined: Milliseconds?
    switch (median, other.median) {
    case (nil, nil): combined = nil
    case (let one?, nil): combined = one
    case (nil, let two?): combined = two
    case (let one?, let two?):
      let weight = Milliseconds(max(1, self.tally.samples + other.tally.samples))
      combined =
        (one * Milliseconds(max(0, self.tally.samples)) + two
          * Milliseconds(max(0, other.tally.samples)))
        / weight
    }
    return UnitDaySummary(unit: unit, day: day, tally: tally, median: combined)
  }
}
