import Foundation

/// A small deterministic generator (SplitMix64) for the property tests, so a failing case can
/// be replayed by its seed.
public struct SplitMix64: RandomNumberGenerator {
  public var state: UInt64

  public init(state: UInt64) {
    self.state = state
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Rounds for a property: `default` under `make test`; under `make fuzz`, the
/// `CHEONJIIN_FUZZ_ITERATIONS` it sets divided by `divisor` (a round that does more work than
/// one key sequence counts for more), never fewer than `default`.
public func fuzzRounds(_ default: Int, divisor: Int = 1) -> Int {
  ProcessInfo.processInfo.environment["CHEONJIIN_FUZZ_ITERATIONS"].flatMap(Int.init).map {
    max(`default`, $0 / max(1, divisor))
  } ?? `default`
}
