import TestSupport
import Testing

/// The shared deterministic generator, so a failing case can be replayed by seed.
typealias SeededGenerator = SplitMix64

/// Values that stress every rule: random lengths, and 만 groups of 0, 1, 10, 1000 or random.
func sampleValues(count: Int, seed: UInt64) -> [UInt64] {
  var generator = SeededGenerator(state: seed)
  var values: [UInt64] = [0, 1, 10, 10_000, 100_010_000, UInt64.max, UInt64.max - 1]
  while values.count < count {
    if Bool.random(using: &generator) {
      let digits = Int.random(in: 1...20, using: &generator)
      let limit = digits >= 20 ? UInt64.max : (1...digits).reduce(1 as UInt64) { n, _ in n * 10 }
      values.append(UInt64.random(in: 0...(limit - 1), using: &generator))
    } else {
      // Five groups reach 경; the top one must stay ≤ 1844 to fit UInt64.
      var value: UInt64 = 0
      for index in 0..<5 {
        let top: UInt64 = index == 0 ? 1844 : 9999
        let group =
          [0, 1, 10, 1000, UInt64.random(in: 0...top, using: &generator)]
          .randomElement(using: &generator) ?? 0
        value = value * 10_000 + group
      }
      values.append(value)
    }
  }
  return values
}

/// Parses a Sino-Korean reading back to its value, written independently of the library.
///
/// Accepts any spacing and `일` before units or not; `nil` for any other character or for two
/// digit words in a row.
func sinoValue(of reading: String) -> UInt64? {
  let digitWords: [Character: UInt64] = [
    "영": 0, "일": 1, "이": 2, "삼": 3, "사": 4, "오": 5, "육": 6, "칠": 7, "팔": 8, "구": 9,
  ]
  let smallUnits: [Character: UInt64] = ["십": 10, "백": 100, "천": 1000]
  let largeUnits: [Character: UInt64] = [
    "만": 10_000, "억": 100_000_000, "조": 1_000_000_000_000, "경": 10_000_000_000_000_000,
  ]
  var total: UInt64 = 0
  var group: UInt64 = 0
  var digit: UInt64?
  for character in reading where character != " " {
    if let value = digitWords[character] {
      guard digit == nil else { return nil }
      digit = value
    } else if let unit = smallUnits[character] {
      group += (digit ?? 1) * unit
      digit = nil
    } else if let unit = largeUnits[character] {
      group += digit ?? 0
      total += (group == 0 ? 1 : group) * unit
      group = 0
      digit = nil
    } else {
      return nil
    }
  }
  return total + group + (digit ?? 0)
}

/// Parses a native counting-form number (하나 … 아흔아홉), independently of the library.
func nativeValue(of reading: String) -> Int? {
  let tens = ["열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"]
  let ones = ["하나", "둘", "셋", "넷", "다섯", "여섯", "일곱", "여덟", "아홉"]
  var rest = Substring(reading)
  var value = 0
  if let index = tens.firstIndex(where: { rest.hasPrefix($0) }) {
    value = (index + 1) * 10
    rest = rest.dropFirst(tens[index].count)
  }
  if let index = ones.firstIndex(where: { rest == $0 }) {
    value += index + 1
    rest = ""
  }
  return rest.isEmpty && value > 0 ? value : nil
}
