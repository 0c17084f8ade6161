import ScreenTestSupport
import TerminalInput
import TestSupport
import Testing

@testable import RunScreen

@Suite("cheonjiin run under random program output, keys and window sizes")
struct RunPropertyTests {
  /// Bytes a hostile or broken program might write: escape sequences, cut UTF-8, controls.
  private static let pieces: [[UInt8]] = [
    Array("\u{1b}[".utf8), Array("\u{1b}]0;".utf8), Array("\u{1b}P".utf8),
    Array("\u{1b}[?1049h".utf8),
    Array("\u{1b}[?1000h\u{1b}[?1006h".utf8), Array("\u{1b}[?25l".utf8), Array("\u{1b}[6n".utf8),
    Array("\u{1b}[c".utf8), Array("한".utf8), [0xED, 0x95], [0x07], [0x08], [0x0D], [0x0A],
    [0x9B], [0xFF], Array("\u{1b}[99999;99999H".utf8), Array("\u{1b}[38;2;300;1;1m".utf8),
  ]

  /// What a terminal might send: keypad keys, F-keys, mouse reports, plain and cut bytes.
  private static let keys: [String] = [
    keypad("7"), keypad("8"), keypad("5"), keypad("+"), keypad("-"), keypad("enter"),
    "\u{1b}OP", "\u{1b}[20~", "\u{1b}[24~", "\u{1b}[<0;3;2M", "\u{1b}[<0;3;2m",
    "\u{1b}[<64;1;1M", "a", "7", "\r", "\u{1b}", "\u{1b}[B", "\u{1b}[200~x\u{1b}[201~", "\u{1b}[<",
  ]

  @Test("the screen is always the window's size and nothing traps")
  func randomSessions() throws {
    var generator = SplitMix64(state: 0x5EED_0012)
    for _ in 0..<fuzzRounds(20, divisor: 500) {
      var driver = try RunDriver()
      for _ in 0..<30 {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
          var bytes: [UInt8] = []
          for _ in 0..<Int.random(in: 1...8, using: &generator) {
            bytes +=
              Bool.random(using: &generator)
              ? Self.pieces.randomElement(using: &generator)!
              : (0..<Int.random(in: 1...16, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
              }
          }
          driver.effects += driver.session.receive(.childOutput(bytes), at: driver.now)
        case 1:
          driver.send(Self.keys.randomElement(using: &generator)!)
        case 2:
          driver.session.size = (
            Int.random(in: 1...40, using: &generator), Int.random(in: 1...120, using: &generator)
          )
          driver.effects += driver.session.deliver(.resized, at: driver.now)
        default:
          driver.wait(UInt64.random(in: 0...700, using: &generator))
        }
        let size = driver.session.size
        let screen = driver.render(rows: size.rows, columns: size.columns)
        #expect(screen.rows == size.rows && screen.columns == size.columns)
      }
      driver.effects.removeAll()
    }
  }
}
