import LayoutLoading
import Testing

@Suite("didYouMean")
struct DidYouMeanTests {
  @Test("the closest name wins; one starting with the same letter breaks a tie")
  func closest() {
    #expect(didYouMean("lable", in: ["label", "width", "id"]) == "label")
    #expect(didYouMean("ss", in: ["bs", "s"]) == "s")
    #expect(didYouMean("zzzzzz", in: ["label", "width"]) == nil)
  }

  @Test("ties give the same answer whatever the candidates' order")
  func orderIndependent() {
    let names = ["KP1", "KP0", "KP2"]
    for order in [names, names.reversed(), names.sorted()] {
      #expect(didYouMean("KP10", in: order) == "KP0")
    }
  }
}
