import Foundation
import HangulEngine
import Suggestions
import Testing

/// The repository root, found from this file so tests never depend on the working directory.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The vowel rules of the shipped Galaxy layout, read straight from its JSON so the tests use
/// the single source of layout data (`"ㆍ + ㅣ = ㅓ"` …).
let galaxyVowels: VowelTable = {
  var table = VowelTable()
  let url = repositoryRoot.appendingPathComponent("Layouts/cheonjiin-galaxy.json")
  guard let data = try? Data(contentsOf: url),
    let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let composer = json["composer"] as? [String: Any]
  else { return table }
  let rules = (composer["vowels"] as? [String] ?? []) + (composer["wraps"] as? [String] ?? [])
  for rule in rules {
    let sides = rule.components(separatedBy: " = ")
    let left = sides.first?.components(separatedBy: " + ") ?? []
    guard sides.count == 2, left.count == 2, let vowel = Vowel(dataSpelling: left[0]),
      let strokeScalar = left[1].unicodeScalars.first, let stroke = VowelStroke(strokeScalar),
      let result = Vowel(dataSpelling: sides[1])
    else { continue }
    table.set(vowel, stroke, result)
  }
  return table
}()

/// A speller for the Galaxy layout.
///
/// Tests that need it `#require` it.
let galaxySpeller = PrimitiveSpeller(vowels: galaxyVowels)

func speller(sourceLocation: SourceLocation = #_sourceLocation) throws -> PrimitiveSpeller {
  try #require(
    galaxySpeller, "Layouts/cheonjiin-galaxy.json did not give a full vowel table",
    sourceLocation: sourceLocation)
}

/// The small lexicon most tests use: counts shaped like the subtitle corpus.
let testCorpusText = """
  # test corpus: word<TAB>count
  안\t5000
  감사합니다\t3000
  아니\t3000
  안녕하세요\t2500
  계속\t2000
  안녕\t2000
  야\t2000
  꼭\t1500
  그냥\t1500
  사랑해\t1500
  알아요\t1200
  그래\t1000
  가서\t900
  꼭지\t900
  알았어\t900
  거기\t800
  감사해요\t800
  글쎄\t700
  고마워\t700
  감사\t600
  안녕히\t600
  행복\t500
  계세요\t400
  갑시다\t400
  행복한\t300
  애\t300
  값\t300
  건강하게\t300
  행복해\t250
  행복하게\t200
  겨우\t200
  교회\t150
  행복할\t100
  고장\t100
  감사드립니다\t100
  행복하지\t80
  감시\t50
  까마귀\t30
  """

/// The index over ``testCorpusText`` plus a small everyday list.
func testIndex(
  everyday: String = "건강하세요\t3\n", sourceLocation: SourceLocation = #_sourceLocation
) throws -> SuggestionIndex {
  let corpus = Lexicon.parseCorpus(testCorpusText)
  #expect(corpus.problems.isEmpty, sourceLocation: sourceLocation)
  let daily = Lexicon.parseEveryday(everyday)
  #expect(daily.problems.isEmpty, sourceLocation: sourceLocation)
  return SuggestionIndex(
    corpus: corpus.entries, everyday: daily.entries,
    speller: try speller(sourceLocation: sourceLocation))
}

/// The suggested words, best first.
func words(_ suggestions: [Suggestion]) -> [String] { suggestions.map(\.word) }

/// Letters of a key cycle as written in the layout: `"ㄴㄹ"` → `[.nieun, .rieul]`.
func cycle(_ letters: String) -> [Choseong] {
  letters.unicodeScalars.compactMap { Choseong($0) }
}
