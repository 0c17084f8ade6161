import CellGrid
import Glibc
import Testing

/// glibc's `wcwidth`, looked up at run time because Swift's Glibc module does not declare it.
private func glibcWcwidth() throws -> @convention(c) (wchar_t) -> Int32 {
  let program = try #require(dlopen(nil, RTLD_NOW), "dlopen of the test program failed")
  let symbol = try #require(dlsym(program, "wcwidth"), "glibc has no wcwidth")
  return unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
}

/// The scalars in `values` (surrogates left out) whose widths by `measure` are not all
/// glibc's `wcwidth` in C.UTF-8, where not printable (-1) counts as 0.
private func glibcDisagreements(
  in values: ClosedRange<UInt32>, _ measure: (Unicode.Scalar) -> [Int]
) throws -> [String] {
  try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil, "the C.UTF-8 locale is missing")
  let wcwidth = try glibcWcwidth()
  var disagreements: [String] = []
  for scalar in values.compactMap(Unicode.Scalar.init) {
    let expected = max(0, Int(wcwidth(wchar_t(bitPattern: scalar.value))))
    if measure(scalar).contains(where: { $0 != expected }) {
      disagreements.append("U+\(String(scalar.value, radix: 16, uppercase: true))")
    }
  }
  return disagreements
}

@Suite("Display width")
struct DisplayWidthTests {
  @Test("every scalar has glibc's wcwidth in C.UTF-8 (not printable counts as 0)")
  func agreesWithGlibc() throws {
    let disagreements = try glibcDisagreements(in: 0...0x10FFFF) { [DisplayWidth.of(scalar: $0)] }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
  }

  @Test("a character of one scalar in the BMP and the emoji planes is as wide as the scalar")
  func singleScalarCharacters() throws {
    let disagreements = try glibcDisagreements(in: 0...0x1FFFF) {
      [DisplayWidth.of(Character($0)), DisplayWidth.of(String($0))]
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
  }

  @Test(
    "graphemes take the width of their base, emoji presentation and flags 2",
    arguments: [
      ("가", 2), ("ㄱ", 2), ("ㆍ", 2), ("a", 1), ("e\u{301}", 1),
      ("\u{1100}\u{1161}", 2),  // 가 as conjoining jamo
      ("\u{1100}\u{1161}\u{11A8}", 2),  // 각 as conjoining jamo
      ("\u{1161}", 0), ("\u{11A2}", 0), ("\u{D7B0}", 0),  // medial and final jamo alone
      ("👍", 2), ("👍🏽", 2), ("🇰🇷", 2), ("🇰", 1), ("❤", 1), ("❤️", 2), ("☺️", 2),
      ("1️⃣", 2), ("🧑‍⚕️", 2), ("👨‍👩‍👧", 2),
      ("\u{200D}", 0), ("\u{FE0F}", 0), ("\u{301}", 0),  // joiners and marks alone
      ("\t", 0), ("\r\n", 0), ("\u{7F}", 0), ("\u{85}", 0),  // controls
    ] as [(Character, Int)])
  func graphemes(_ character: Character, _ width: Int) {
    #expect(DisplayWidth.of(character) == width)
    #expect(DisplayWidth.of(String(character)) == width)
  }

  @Test(
    "text is the sum of its characters",
    arguments: [
      ("", 0), ("abc", 3), ("가나", 4), ("ㄱㅋ", 4), ("글자/분", 7), (".,?!", 4), ("⌫", 1),
      ("e\u{301}e\u{301}", 2), ("👍🏽🇰🇷!", 5), ("a\tb", 2), ("│█▏", 3),
    ])
  func text(_ text: String, _ width: Int) {
    #expect(DisplayWidth.of(text) == width)
    #expect(DisplayWidth.of(text[...]) == width)
  }

  @Test("padding and truncation count columns, not characters")
  func padding() {
    #expect(DisplayWidth.padded("가", to: 4) == "가  ")
    #expect(DisplayWidth.leftPadded("12", to: 4) == "  12")
    #expect(DisplayWidth.leftPadded("가나", to: 5) == " 가나")
    #expect(DisplayWidth.padded("가나다", to: 2) == "가나다")
    #expect(DisplayWidth.truncated("가나다", to: 5) == "가나")
    #expect(DisplayWidth.truncated("🇰🇷🇰🇷", to: 3) == "🇰🇷")
    #expect(DisplayWidth.truncated("e\u{301}x", to: 1) == "e\u{301}")
    #expect(DisplayWidth.truncated("abc", to: 0) == "")
  }
}
