import Foundation
import HangulEngine
import Suggestions
import TestSupport
import Testing

@testable import Grep

/// `make test` runs a few hundred rounds; `make fuzz` a hundredth of its iterations.
private let rounds = fuzzRounds(300, divisor: 100)

@Suite("Grep: several queries in one trie (PropertyTests)")
struct GrepPropertyTests {
  /// Pieces words and queries are made of: syllables (with tense and compound-final ones),
  /// lone consonants (a compound one too), vowels, Latin in both cases, digits, punctuation.
  static let pieces: [String] = [
    "감", "사", "합", "니", "다", "까", "꼭", "안", "녕", "값", "ㄱ", "ㅅ", "ㄲ", "ㄳ", "ㅎ", "ㅏ",
    "a", "B", "c", "x", "1", "2", ".", ",", "?", "!", "\"",
  ]

  private func word(_ random: inout SplitMix64, maximum: Int) -> String {
    (0..<Int.random(in: 1...maximum, using: &random)).map { _ in
      Self.pieces.randomElement(using: &random) ?? "가"
    }.joined()
  }

  @Test("a line matches the set exactly when it matches one of its queries, also for -o")
  func setEqualsAny() throws {
    let speller = try speller()
    var random = SplitMix64(state: 20_261_125)
    for _ in 0..<rounds {
      let options = GrepOptions(
        foldsTense: Bool.random(using: &random), matchesWholeWord: Bool.random(using: &random),
        ignoresASCIICase: Bool.random(using: &random))
      var patterns: [GrepPattern] = []
      for _ in 0..<Int.random(in: 2...6, using: &random) {
        // Queries of one kind each: all consonants, Hangul, or anything.
        let text: String
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          text = (0..<Int.random(in: 1...3, using: &random)).map { _ in
            ["ㄱ", "ㅅ", "ㄲ", "ㄳ", "ㅎ", "ㄴ", "ㄷ"].randomElement(using: &random) ?? "ㄱ"
          }.joined()
        case 1:
          text = (0..<Int.random(in: 1...2, using: &random)).map { _ in
            ["감", "사", "안", "녕", "까", "ㅅ", "값"].randomElement(using: &random) ?? "가"
          }.joined()
        default:
          text = word(&random, maximum: 3)
        }
        if let pattern = try? GrepPattern(text, options: options, speller: speller) {
          patterns.append(pattern)
        }
      }
      guard let first = patterns.first else { continue }
      let set = GrepPatternSet(first, Array(patterns.dropFirst()))
      let line = (0..<Int.random(in: 1...5, using: &random)).map { _ in
        word(&random, maximum: 4)
      }.joined(separator: " ")
      let bytes = Array(line.utf8)
      bytes.withUnsafeBufferPointer { buffer in
        let any = patterns.contains { $0.matches(line: buffer) }
        #expect(set.matches(line: buffer) == any, "\(patterns.map(\.query)) in \(line)")
        let ranges = Set(patterns.flatMap { $0.matchingWordRanges(in: buffer) })
          .sorted { $0.lowerBound < $1.lowerBound }
        #expect(set.matchingWordRanges(in: buffer) == ranges, "\(line)")
      }
    }
  }
}
