import CellGrid
import HangulEngine
import ScreenTestSupport
import TerminalInput
import TestSupport
import Testing

@testable import PadScreen
@testable import PadViews
@testable import TerminalUI

/// Cells as text and styles, for comparing two screens.
private func look(_ screen: Screen) -> String {
  screen.textDump + "\n" + screen.styleDump
}

@Suite("The kept screen: painting only what changed draws what a full frame draws")
struct PainterTests {
  /// A key repaints only the parts that changed; the result must not differ from
  /// drawing the whole frame, whatever was pressed before.
  @Test("random keys, held keys, help, F2 and F4: the painted screen equals a full render")
  func paintedEqualsFull() throws {
    // A new sequence every run, replayable from the seed a failure names.
    let seed = UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix64(state: seed)
    var driver = try Driver(kitty: true)
    let keys = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0", ".", "/", "*", "-", "+"].map(
      keypad)
    let others = ["\u{1b}OQ", "\u{1b}[1;2S", "\u{1b}[C", "\u{1b}[D", "\u{1b}OP", "q"]
    for step in 0..<600 {
      if step % 37 == 36, let other = others.randomElement(using: &generator) {
        driver.send(other)
      } else if let key = keys.randomElement(using: &generator) {
        driver.send(key)
      }
      driver.wait(UInt64.random(in: 20...400, using: &generator))
      let painted = driver.render()
      let placement = driver.controller.placement(rows: 30, columns: 80)
      var model = driver.controller.viewModel(
        at: driver.now, input: driver.inputState,
        status: driver.controller.statusItems(placement: placement))
      model.placement = placement
      let full = KeypadView.render(model, rows: 30, columns: 80, width: terminalWidth)
      #expect(look(painted) == look(full), "after step \(step) of seed \(seed)")
      if look(painted) != look(full) { return }
    }
  }

  @Test("after a key only the rows it changed are marked for the writer")
  func fewDirtyRows() throws {
    var driver = try Driver()
    _ = driver.render()
    driver.send(keypad("4"))
    let screen = driver.render()
    let dirty = screen.dirtyRows.filter { $0 }.count
    #expect(dirty > 0)
    #expect(dirty <= 4)  // the text's line and the pressed key's three rows
  }
}
