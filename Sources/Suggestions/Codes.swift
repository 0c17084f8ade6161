// Small comparisons shared by the index and the user words.

/// Three-way comparison of two code sequences: negative, 0 or positive.
@inline(__always)
func compareCodes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
  let shared = min(a.count, b.count)
  var index = 0
  while index < shared {
    if a[index] != b[index] { return Int(a[index]) - Int(b[index]) }
    index += 1
  }
  return a.count - b.count
}

/// Three-way comparison of two consonant-code sequences after tense folding.
@inline(__always)
func compareFolded(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
  let shared = min(a.count, b.count)
  var index = 0
  while index < shared {
    let x = foldedConsonantCode[Int(a[index])]
    let y = foldedConsonantCode[Int(b[index])]
    if x != y { return Int(x) - Int(y) }
    index += 1
  }
  return a.count - b.count
}

/// The deterministic word order used to break ties: Unicode scalar order, which for UTF-8 is
/// byte order.
@inline(__always)
func wordPrecedes(_ a: String, _ b: String) -> Bool {
  a.utf8.lexicographicallyPrecedes(b.utf8)
}

/// True when `word` is one or more precomposed Hangul syllables.
func isAllSyllables(_ word: some StringProtocol) -> Bool {
  !word.isEmpty && word.unicodeScalars.allSatisfy(isHangulSyllable)
}

/// A word as a dictionary key compared and hashed by its UTF-8 bytes.
///
/// `String` hashing normalises to NFC first, which is slow for Hangul; every word here is
/// already NFC (the parsers and the keypad produce precomposed syllables), so bytes suffice.
struct WordKey: Hashable, Sendable {
  let word: String

  init(_ word: String) { self.word = word }

  static func == (lhs: WordKey, rhs: WordKey) -> Bool {
    lhs.word.utf8.elementsEqual(rhs.word.utf8)
  }

  func hash(into hasher: inout Hasher) {
    var copy = word
    copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
