import TestSupport
import Testing

@testable import ChildTerminal

/// The scrollback keeps its lines in one ring of cells; a plain array of lines, with the same
/// limits, says what it must hold after any pushes and pops.
@Suite("Emulator scrollback: a ring of cells that reads back as the lines pushed")
struct EmulatorScrollbackTests {
  /// What the scrollback must hold: lines without their trailing blanks, the oldest dropped
  /// while a limit is passed.
  private struct Model {
    let lineLimit: Int
    let cellLimit: Int
    var lines: [[EmulatorCell]] = []

    mutating func push(_ line: [EmulatorCell]) {
      guard lineLimit > 0 else { return }
      var kept = Array(line.prefix(cellLimit))
      while let last = kept.last, last.isEmpty { kept.removeLast() }
      while !lines.isEmpty,
        lines.count >= lineLimit || lines.map(\.count).reduce(0, +) + kept.count > cellLimit
      {
        lines.removeFirst()
      }
      lines.append(kept)
    }
  }

  private func randomLine(_ random: inout SplitMix64, columns: Int) -> [EmulatorCell] {
    let length = Int(random.next() % UInt64(columns + 1))
    return (0..<columns).map { column in
      guard column < length else { return .blank }
      // Now and then a blank inside the line, or at its end: only trailing ones are cut.
      if random.next() % 6 == 0 { return .blank }
      return EmulatorCell(scalar: 0x41 + UInt32(random.next() % 26))
    }
  }

  @Test(
    "pushes and pops over small limits: the same lines as a plain array of lines",
    arguments: [(4, 30), (10, 100), (7, 1000), (50, 64), (3, 0), (0, 100)])
  func ringMatchesModel(lineLimit: Int, cellLimit: Int) {
    var random = SplitMix64(state: UInt64(lineLimit * 7919 + cellLimit))
    var scrollback = EmulatorScrollback(lineLimit: lineLimit, cellLimit: cellLimit)
    var model = Model(lineLimit: lineLimit, cellLimit: cellLimit)
    for step in 0..<2000 {
      let choice = random.next() % 10
      if choice == 0 {
        let popped = scrollback.popNewest()
        #expect(popped?.cells == model.lines.popLast(), "step \(step)")
      } else if choice == 1, step % 7 == 0 {
        scrollback.removeAll()
        model.lines.removeAll()
      } else {
        let line = randomLine(&random, columns: Int(1 + random.next() % 40))
        scrollback.push(EmulatorLine(cells: line, clusters: []))
        model.push(line)
      }
      #expect(scrollback.count == model.lines.count, "step \(step)")
      #expect(scrollback.cellCount == model.lines.map(\.count).reduce(0, +), "step \(step)")
      #expect(scrollback.cellCount <= cellLimit && scrollback.count <= lineLimit)
      #expect((0..<scrollback.count).map { scrollback[$0].cells } == model.lines, "step \(step)")
    }
  }

  @Test("a line's clusters come back with it, and a slot used again keeps none of the old ones")
  func clustersFollowTheirLines() {
    var scrollback = EmulatorScrollback(lineLimit: 2, cellLimit: 100)
    let cell = EmulatorCell(scalar: 0, attributes: .cluster)
    scrollback.push(EmulatorLine(cells: [cell], clusters: ["e\u{301}"]))
    scrollback.push(EmulatorLine(cells: [EmulatorCell(scalar: 0x41)], clusters: []))
    scrollback.push(EmulatorLine(cells: [EmulatorCell(scalar: 0x42)], clusters: []))
    #expect(scrollback[0].text == "A" && scrollback[1].text == "B")
    #expect(scrollback[0].clusters.isEmpty && scrollback[1].clusters.isEmpty)
    scrollback.push(EmulatorLine(cells: [cell], clusters: ["a\u{300}"]))
    #expect(scrollback[1].text == "a\u{300}")
  }
}
