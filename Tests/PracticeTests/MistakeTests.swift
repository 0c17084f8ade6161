import HangulEngine
import Testing

@testable import Practice

@Suite("Explaining a wrong key from the layout")
struct MistakeTests {
  var galaxy: Layout { galaxyLayouts[0] }

  @Test(
    "a letter short of its key's cycle says how many presses",
    arguments: [("ㄴ", "ㄹ"), ("나", "라"), ("가", "카"), ("ㅅ", "ㅎ")])
  func pressMore(typed: String, target: String) {
    let mistake = Mistake.explain(typed: typed, target: target, layout: galaxy)
    guard case .pressMoreTimes(let letter, let label, let presses) = mistake else {
      Issue.record("\(typed) for \(target): \(mistake)")
      return
    }
    #expect(presses == 2)
    #expect(label.contains(letter))
  }

  @Test("a final that belongs to the next syllable says to separate them")
  func separate() {
    #expect(
      Mistake.explain(typed: "각", target: "가기", layout: galaxy)
        == .separateSyllables(consonant: "ㄱ"))
  }

  @Test("a wanted digit says which key to hold")
  func digit() {
    #expect(
      Mistake.explain(typed: "ㅣ", target: "1", layout: galaxy)
        == .holdForDigit("1", keyLabel: "ㅣ"))
    #expect(
      Mistake.explain(typed: "ㅈ", target: "9", layout: galaxy)
        == .holdForDigit("9", keyLabel: "ㅈㅊ"))
  }

  @Test("nothing wrong, or nothing to say, is .other")
  func other() {
    #expect(Mistake.explain(typed: "가", target: "가", layout: galaxy) == .other)
    #expect(Mistake.explain(typed: "거", target: "가", layout: galaxy) == .other)
  }
}
