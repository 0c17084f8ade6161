import Foundation
import Testing

/// The keys on a black terminal, measured from pixels: each key's face must stand out from the
/// terminal's own background, and its letters from the face.
///
/// In a real xterm under Xvfb, white on black, with TERM=xterm (8 colours) and
/// TERM=xterm-256color, in each theme. A face is at least 3:1 against the terminal (WCAG's
/// contrast for the parts of an interface, 1.4.11), its text at least 4.5:1 against the face
/// (WCAG AA, as every text in ``ContrastTests``). ``ContrastTests`` alone cannot see a key
/// that vanishes: a white letter on a black key on a black terminal reads 21:1.
@Suite("Key faces on a black terminal, measured from pixels", realTerminalRequirement.trait)
struct KeyFaceContrastTests {
  @Test(
    "every key stands out from a black terminal, its letters from the key",
    arguments: ["demo", "pad"], CheckedScreen.themes)
  func keysOnBlack(screen name: String, theme: String) throws {
    let arguments = (name == "demo" ? ["demo", "안녕", "--step"] : []) + ["--theme", theme]
    let screen = CheckedScreen(name: "\(name) \(theme)", arguments: arguments, takesLook: false)
    let text = try screen.text()[0]
    let pad = try #require(
      Self.padLines(text), "no pad on the screen:\n\(text.joined(separator: "\n"))")
    let empty = try #require(text.firstIndex { $0.allSatisfy(\.isWhitespace) })
    let server = try XServer()
    try server.numLockOn()
    var failures: [String: [Character]] = [:]
    var faces = 0
    for term in ["xterm", "xterm-256color"] {
      for shot in try screen.screenshots(on: server, term: term, bold: false)
      where shot.look.hasSuffix("on black") {
        let look = "\(screen.name), TERM=\(term)"
        try keepShot(shot.image, named: "keys \(look)")
        let grid = CellGrid(image: shot.image, columns: 80, rows: 24)
        let terminal = grid.background(ofLine: empty)
        for cell in grid.cells(text: text) where pad.contains(cell.row) {
          faces += 1
          // One line per look and pair of colours, with the characters drawn in it.
          func fails(_ pair: String, _ ratio: Double) {
            failures[look + ": " + pair + String(format: ", %.2f:1", ratio), default: []]
              .append(cell.character)
          }
          let face = cell.background.contrast(with: terminal)
          if face < 3 { fails("key \(cell.background) on the terminal's \(terminal)", face) }
          if cell.ratio < 4.5 { fails("\(cell.glyph) on key \(cell.background)", cell.ratio) }
        }
      }
    }
    let report = failures.keys.sorted().map { "\($0): “\(String(failures[$0] ?? []))”" }
    try keepReport(report, named: "keys \(screen.name) failures")
    #expect(faces > 40, "\(screen.name): \(faces) key cells found")
    #expect(failures.isEmpty, "\(report.joined(separator: "\n"))")
  }

  /// The lines the pad takes, from its first key row (ㅣ ㆍ ㅡ, three lines above ㄱㅋ's
  /// letters) to the digits of its last (one line below !#1): on them, every character is on a
  /// key.
  static func padLines(_ text: [String]) -> ClosedRange<Int>? {
    guard let letters = text.firstIndex(where: { $0.contains("ㄱㅋ") }),
      let last = text.lastIndex(where: { $0.contains("!#1") }), letters >= 3, last + 1 >= letters
    else { return nil }
    return (letters - 3)...(last + 1)
  }
}

extension CellGrid {
  /// The colour most of a line's pixels have: on an empty line, the terminal's own background.
  func background(ofLine line: Int) -> RGB {
    let counts = image.histogram(
      x: 0..<image.width, y: (line * cellHeight)..<((line + 1) * cellHeight))
    return counts.max { $0.value < $1.value }?.key ?? RGB(0, 0, 0)
  }
}
