// The standard library has no logarithm or exponential without Foundation/Glibc, and this
// module imports neither. These are small, deterministic replacements, accurate to a few ulps,
// which is far more than ranking needs.

/// ln 2, to double precision.
let naturalLogOfTwo = 0.693_147_180_559_945_3
/// ln 10, to double precision.
let naturalLogOfTen = 2.302_585_092_994_046

/// The natural logarithm of `x`; `-infinity` for 0 and `nan` for a negative or `nan` input.
func naturalLog(_ x: Double) -> Double {
  if x.isNaN || x < 0 { return .nan }
  if x == 0 { return -.infinity }
  if x.isInfinite { return .infinity }
  // x = m · 2^e with m in [1, 2); re-centre m into [√½, √2] so the series converges fast.
  var exponent = Double(x.exponent)
  var m = x.significand
  if m > 1.414_213_562_373_095_1 {
    m /= 2
    exponent += 1
  }
  // ln m = 2·atanh(s) = 2·(s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1), |s| ≤ 0.172.
  let s = (m - 1) / (m + 1)
  let s2 = s * s
  var term = s
  var sum = 0.0
  var divisor = 1.0
  while divisor < 40 {
    sum += term / divisor
    term *= s2
    divisor += 2
  }
  return exponent * naturalLogOfTwo + 2 * sum
}

/// The base-10 logarithm of `x`.
func logarithm10(_ x: Double) -> Double { naturalLog(x) / naturalLogOfTen }

/// The base-2 logarithm of `x`.
func logarithm2(_ x: Double) -> Double { naturalLog(x) / naturalLogOfTwo }

/// e raised to `x`.
func exponential(_ x: Double) -> Double {
  if x.isNaN { return .nan }
  if x > 709.7 { return .infinity }
  if x < -745.2 { return 0 }
  // x = k·ln 2 + r with |r| ≤ ½ ln 2, so e^x = 2^k · e^r and the Taylor series of e^r is short.
  // Round to nearest by hand: `rounded()` calls libm's `round`, which is not linked without
  // Foundation/Glibc.
  let quotient = x / naturalLogOfTwo
  var k = Int(quotient)
  let fraction = quotient - Double(k)
  if fraction > 0.5 { k += 1 } else if fraction < -0.5 { k -= 1 }
  let r = x - Double(k) * naturalLogOfTwo
  var term = 1.0
  var sum = 1.0
  var n = 1.0
  while n < 22 {
    term *= r / n
    sum += term
    n += 1
  }
  return Double(sign: .plus, exponent: k, significand: sum)
}
