import HangulEngine
import Testing
@testable import TerminalUI

@Suite("The demo")
struct DemoTests {
  @Test("frames of 오 안녕, Galaxy beside iPhone: the shared key costs one press more")
  func compareFrames() throws {
    let galaxy = try DemoTrack(text: "오 안녕", layouts: try library.loadSet("cheonjiin-galaxy").map(\.layout), title: "Galaxy")
    let iphone = try DemoTrack(text: "오 안녕", layouts: try library.loadSet("cheonjiin-iphone").map(\.layout), title: "iPhone")
    #expect(galaxy.steps.count == 15)
    #expect(iphone.steps.count == 14)
    #expect(galaxy.steps.last?.engine.text == "오 안녕")
    let frames = DemoRenderer.textFrames([galaxy, iphone], size: .compact, strings: UIStrings(.english), width: terminalWidth)
    try compareGolden("demo-compare-frames", String(frames.dropLast()))
  }
}
