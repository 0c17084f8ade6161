import ScreenTestSupport
import Testing

@testable import RunScreen

@Suite("The dock of cheonjiin run")
struct RunDockTests {
  @Test(
    "full takes the tallest pad and the status line, larger with --large; small windows keep three rows for the program"
  )
  func rows() throws {
    let layouts = try library.loadSet("cheonjiin-galaxy").map(\.layout)
    let compact = RunController.dockRows(.full, layouts: layouts, keySize: .normal, rows: 40)
    let large = RunController.dockRows(.full, layouts: layouts, keySize: .large, rows: 40)
    #expect(compact == 6)  // the five-row !#1 pad in compact keys, and the status line
    #expect(large > compact)
    #expect(RunController.dockRows(.compact, layouts: layouts, keySize: .normal, rows: 40) == 1)
    #expect(RunController.dockRows(.hidden, layouts: layouts, keySize: .normal, rows: 40) == 0)
    // A window of 8 rows cannot hold the pad and three rows of the program: one line only.
    #expect(RunController.dockRows(.full, layouts: layouts, keySize: .normal, rows: 8) == 1)
    #expect(
      RunController.childSize(.full, layouts: layouts, keySize: .normal, rows: 24, columns: 80) == (
        18, 80
      ))
  }
}
