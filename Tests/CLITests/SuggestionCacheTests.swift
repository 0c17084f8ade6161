import Foundation
import Suggestions
import TestSupport
import Testing

@testable import cheonjiin

@Suite("The suggestion index cached in XDG_CACHE_HOME")
struct SuggestionCacheTests {
  private let speller = galaxySpeller

  /// A lexicon folder with small lists and an empty cache folder.
  private func folders() throws -> (lexicon: String, cache: String) {
    let root = try scratchFolder("suggestion-cache")
    let lexicon = root.appendingPathComponent("lexicon")
    try FileManager.default.createDirectory(at: lexicon, withIntermediateDirectories: true)
    try write("감사합니다\t3000\n감사\t600\n", to: lexicon.path + "/ko-words.tsv")
    try write("감사해요\t800\n", to: lexicon.path + "/ko-forms.tsv")
    try write("건강하세요\t3\n", to: lexicon.path + "/everyday-ko.tsv")
    try write("감사\t합니다\t500\n", to: lexicon.path + "/ko-next.tsv")
    return (lexicon.path, root.appendingPathComponent("cache").path)
  }

  private func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: false, encoding: .utf8)
  }

  private func cacheFile(_ folders: (lexicon: String, cache: String), _ speller: PrimitiveSpeller)
    -> String
  {
    SuggestionCache.path(folder: folders.cache, directory: folders.lexicon, speller: speller)
  }

  @Test("the first start writes the cache, the next reads it as the lists were")
  func writtenThenRead() throws {
    let speller = try #require(speller)
    let folders = try folders()
    let built = SuggestionSetup.index(
      in: folders.lexicon, speller: speller, cacheFolder: folders.cache)
    #expect(built.suggestions(for: "감ㅅ").map(\.word) == ["감사합니다", "감사해요", "감사"])
    let key = SuggestionCache.sourceKey(directory: folders.lexicon)
    let cached = SuggestionCache.read(
      at: cacheFile(folders, speller), speller: speller, sourceKey: key)
    let index = try cached.get()
    #expect(index.suggestions(for: "감ㅅ") == built.suggestions(for: "감ㅅ"))
    #expect(index.predictions(after: "감사").map(\.word) == ["합니다"])
  }

  @Test("a changed list makes the cache stale: the index is built again from the lists")
  func staleAfterAChange() throws {
    let speller = try #require(speller)
    let folders = try folders()
    _ = SuggestionSetup.index(in: folders.lexicon, speller: speller, cacheFolder: folders.cache)
    try write("감사합니다\t3000\n감사\t600\n감자\t5000\n", to: folders.lexicon + "/ko-words.tsv")
    let key = SuggestionCache.sourceKey(directory: folders.lexicon)
    let before = SuggestionCache.read(
      at: cacheFile(folders, speller), speller: speller, sourceKey: key)
    #expect(throws: CompactIndexProblem.otherSource) { try before.get() }
    let index = SuggestionSetup.index(
      in: folders.lexicon, speller: speller, cacheFolder: folders.cache)
    #expect(index.suggestions(for: "감").first?.word == "감자")
    let after = SuggestionCache.read(
      at: cacheFile(folders, speller), speller: speller, sourceKey: key)
    #expect(try after.get().suggestions(for: "감").first?.word == "감자")
  }

  @Test("a damaged cache is rebuilt, and an unwritable cache folder leaves the bar working")
  func damagedOrUnwritable() throws {
    let speller = try #require(speller)
    let folders = try folders()
    _ = SuggestionSetup.index(in: folders.lexicon, speller: speller, cacheFolder: folders.cache)
    let path = cacheFile(folders, speller)
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    bytes.removeLast(bytes.count / 2)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let index = SuggestionSetup.index(
      in: folders.lexicon, speller: speller, cacheFolder: folders.cache)
    #expect(index.suggestions(for: "감ㅅ").first?.word == "감사합니다")
    let key = SuggestionCache.sourceKey(directory: folders.lexicon)
    #expect(throws: Never.self) {
      try SuggestionCache.read(at: path, speller: speller, sourceKey: key).get()
    }
    // A file where the folder should be: nothing can be cached, the lists still serve.
    let blocked = try scratchFolder("suggestion-cache-blocked").appendingPathComponent("file")
    try write("not a folder", to: blocked.path)
    let uncached = SuggestionSetup.index(
      in: folders.lexicon, speller: speller, cacheFolder: blocked.path + "/cheonjiin")
    #expect(uncached.suggestions(for: "감ㅅ").first?.word == "감사합니다")
  }

  @Test("the cache folder follows XDG_CACHE_HOME, else ~/.cache")
  func folder() {
    #expect(
      SuggestionCache.folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == "/c/cheonjiin")
    #expect(
      SuggestionCache.folder(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
        == "/h/.cache/cheonjiin")
    #expect(SuggestionCache.folder(environment: [:]) == nil)
  }
}
