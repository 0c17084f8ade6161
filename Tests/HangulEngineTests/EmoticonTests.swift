import Testing

@testable import HangulEngine

/// What this age group types in messages can be typed, and spelled.
@Suite("Emoticons on the Galaxy layouts")
struct EmoticonTests {
  @Test(
    "each is spelled, and the presses type it back",
    arguments: ["^^", "ㅠㅠ", "ㅋㅋ", "♡", "~", "감사해요^^"])
  func typeable(text: String) throws {
    let layouts = try shippedLibrary.loadSet("cheonjiin-galaxy").map(\.layout)
    let presses = try Speller(layouts: layouts).spell(text)  // verified by typing them
    #expect(!presses.isEmpty)
  }
}
