import Suggestions
import Testing

@Suite("The word the bar completes")
struct TrailingWordTests {
  @Test(
    "a half-typed vowel belongs to the word",
    arguments: [
      ("안녕 ㄴ‥", "ㄴ‥"),
      ("밥 ㄱㆍ", "ㄱㆍ"),
      ("사랑해ㅇ‥", "사랑해ㅇ‥"),
      ("‥", "‥"),
    ])
  func halfTypedVowel(text: String, word: String) {
    #expect(trailingWord(of: text) == word)
  }

  @Test(
    "spaces and marks end the word",
    arguments: [
      ("안녕. 가", "가"),
      ("좋아요!", ""),
      ("그래…", ""),
      ("밥 ", ""),
      ("", ""),
    ])
  func separators(text: String, word: String) {
    #expect(trailingWord(of: text) == word)
  }
}
