import KoreanNumbers
import TestSupport
import Testing

/// A line of many amounts is read in time and memory in proportion to the line.
@Suite("Reading grows with the line")
struct NumberScalingTests {
  /// `n` prices on one line, as the reproduction writes them: `1,100원 2,200원 …`.
  static func prices(_ count: Int) -> String {
    (1...count).map { "\(grouped($0 * 1_100))원" }.joined(separator: " ")
  }

  /// `1234567` → `1,234,567`.
  static func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    return digits.indices.map { index in
      let fromEnd = digits.count - index
      return (index > 0 && fromEnd % 3 == 0 ? "," : "") + String(digits[index])
    }.joined()
  }

  @Test("amounts on one line: time grows no faster than n log n")
  func amountsOnALine() throws {
    var check = ScalingCheck("KoreanNumber.reading, prices on one line", unit: "amounts")
    check.maximumSize = 16_384
    let curve = try check.measure { count in
      let line = Self.prices(count)
      return try WorkCost.ofThread { _ = try KoreanNumber.reading(of: line) }
    }
    #expect(curve.isAtMostNLogN, "\(curve)")
    print(curve)  // the table, for the closing note and reruns on a quiet machine
  }

  @Test("the spellings of a long line take space in proportion to the line")
  func spellingsStayProportional() throws {
    let line = Self.prices(2_000)
    let reading = try KoreanNumber.reading(of: line)
    let total = reading.variants.reduce(0) { $0 + $1.utf8.count }
    // One line per spelling style of a price (at most eight), each about as long as the text.
    #expect(reading.variants.count <= 8, "\(reading.variants.count) spellings")
    #expect(total <= 8 * 4 * reading.text.utf8.count, "\(total) bytes of spellings")
    #expect(reading.text.hasPrefix("천백 원 이천이백 원"))
    #expect(reading.accepts(reading.text))
  }
}

/// The scaling helper itself: it must tell n log n from n², or its passes mean nothing.
@Suite("ScalingCheck tells n log n from n²")
struct ScalingCheckTests {
  @Test("sorting passes; a nested loop over the input fails")
  func separates() {
    var check = ScalingCheck("sort", unit: "numbers")
    check.budget = 0.05
    var random = SplitMix64(state: 25)
    let sorting = check.measure { count in
      let numbers = (0..<count).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) }
      return WorkCost.ofThread { _ = numbers.sorted() }
    }
    #expect(sorting.isAtMostNLogN, "\(sorting)")
    #expect(sorting.timeExponent != nil, "\(sorting)")

    check.name = "pairs"
    let pairs = check.measure { count in
      let numbers = Array(0..<count)
      return WorkCost.ofThread {
        var sum = 0
        for a in numbers { for b in numbers { sum &+= a ^ b } }
        #expect(sum >= 0)
      }
    }
    #expect(!pairs.isAtMostNLogN, "\(pairs)")
  }
}

@Suite("Reading a measured curve")
struct ScalingCurveTests {
  static func curve(_ seconds: [Double]) -> ScalingCurve {
    var check = ScalingCheck.command("number, prices on one line", unit: "amounts")
    check.maximumSize = 65_536
    let points = seconds.enumerated().map { index, cost in
      ScalingCurve.Point(size: 1 << (2 * index), cost: WorkCost(seconds: cost))
    }
    return ScalingCurve(check: check, points: points)
  }

  @Test("the fixed part is the cheapest run, not the first, which a busy machine may slow")
  func fixedPart() throws {
    // `number` beside the real-terminal holds (CI run of 2026-11-27): the first size cost
    // more than the sixth. Taken off from the first, growth looked like n^1.51.
    let measured = Self.curve([0.1643, 0.1513, 0.1491, 0.1309, 0.0977, 0.1689, 0.6606, 4.1685])
    let exponent = try #require(measured.timeExponent)
    #expect(exponent < 1.5, "\(measured)")
    // Quadratic work stays quadratic however slow the first run was.
    let quadratic = Self.curve(
      [0.5, 0.1, 0.1, 0.1, 0.1 + 0.00001 * 256 * 256, 0.1 + 0.00001 * 1024 * 1024])
    #expect(!quadratic.isAtMostNLogN, "\(quadratic)")
  }
}
