import ChildTerminal
import TerminalUI

/// The child's last screen, printed on the terminal's normal screen when `cheonjiin run` ends,
/// as any program's output stays after it exits (`cheonjiin run -- ls --color` leaves the
/// listing, in colour).
///
/// Rows down to the last one that shows anything, each with its colours and attributes as
/// SGR and ended by CR LF, so the shell's prompt comes below. Always the main screen: a
/// program ended on the alternate screen (vim or htop sent SIGTERM or SIGHUP with `run`)
/// leaves it behind, as a terminal's alternate screen is never printed. Pure.
enum FinalScreen {
  package static func bytes(of emulator: Emulator) -> [UInt8] {
    var rows: [[UInt8]] = []
    var lastShown = -1
    for row in 0..<emulator.rows {
      let (bytes, isBlank) = line(row, of: emulator)
      rows.append(bytes)
      if !isBlank { lastShown = row }
    }
    guard lastShown >= 0 else { return [] }
    var output: [UInt8] = []
    for row in rows[...lastShown] {
      output += row + Array("\u{1B}[0m\r\n".utf8)
    }
    return output
  }

  /// One row as text with SGR, trailing blank cells left out; whether it shows nothing.
  private static func line(_ row: Int, of emulator: Emulator) -> (bytes: [UInt8], isBlank: Bool) {
    var cells: [Emulator.Cell] = []
    var column = 0
    while column < emulator.columns {
      let cell = emulator.cell(row: row, column: column, main: true)
      if cell.width > 0 { cells.append(cell) }
      column += max(1, cell.width)
    }
    while let last = cells.last, shows(last) == false { cells.removeLast() }
    var bytes: [UInt8] = []
    var current: [Int] = []
    for cell in cells {
      let wanted = sgr(cell)
      if wanted != current {
        bytes += Array("\u{1B}[0\(wanted.map { ";\($0)" }.joined())m".utf8)
        current = wanted
      }
      // Concealed text (a password a program echoed hidden) stays hidden after it ends.
      bytes += cell.isConcealed ? Array(repeating: 0x20, count: cell.width) : Array(cell.text.utf8)
    }
    return (bytes, cells.isEmpty)
  }

  /// Whether a cell shows anything: text, or a background or reverse video on a blank.
  private static func shows(_ cell: Emulator.Cell) -> Bool {
    (cell.text != " " && !cell.isConcealed) || cell.background != .default || cell.isReversed
      || cell.isUnderlined
  }

  /// The SGR parameters that draw a cell as the child had it.
  private static func sgr(_ cell: Emulator.Cell) -> [Int] {
    var codes: [Int] = []
    if cell.isBold { codes.append(1) }
    if cell.isItalic { codes.append(3) }
    if cell.isUnderlined { codes.append(4) }
    if cell.isReversed { codes.append(7) }
    codes += color(cell.foreground, base: 30)
    codes += color(cell.background, base: 40)
    return codes
  }

  /// A colour's SGR parameters: the 16 basic ones as themselves (every terminal has them),
  /// the rest of the 256 and true colour in their extended forms.
  private static func color(_ color: Emulator.Color, base: Int) -> [Int] {
    switch color {
    case .default: []
    case .indexed(let index) where index < 8: [base + Int(index)]
    case .indexed(let index) where index < 16: [base + 60 + Int(index) - 8]
    case .indexed(let index): [base + 8, 5, Int(index)]
    case .rgb(let red, let green, let blue): [base + 8, 2, Int(red), Int(green), Int(blue)]
    }
  }
}
