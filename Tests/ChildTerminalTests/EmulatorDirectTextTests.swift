import TestSupport
import Testing

@testable import ChildTerminal

/// Output where runs of printable ASCII, long and short, meet everything that changes how text
/// lands: wrapping, character sets and single shifts, insert mode, margins, wide and combining
/// characters, REP, the alternate screen, and the hostile sequences of ``HostileOutput``.
private struct TextAndControls {
  var random: SplitMix64
  var hostile: HostileOutput

  init(seed: UInt64) {
    random = SplitMix64(state: seed)
    hostile = HostileOutput(random: SplitMix64(state: seed ^ 0x9E37_79B9))
  }

  private mutating func number(_ bound: UInt64) -> UInt64 { random.next() % max(1, bound) }

  private mutating func pick<T>(_ values: [T]) -> T { values[Int(number(UInt64(values.count)))] }

  mutating func bytes(_ size: Int) -> [UInt8] {
    var out: [UInt8] = []
    while out.count < size {
      switch number(10) {
      case 0..<4:  // a run of printable ASCII, up to three rows of the widest screen
        for _ in 0..<number(250) { out.append(UInt8(0x20 + number(95))) }
      case 4, 5:
        out += Array(pick(["\r\n", "\n", "\r", "\u{8}\u{8}", "\t", "\u{7}", "\u{B}"]).utf8)
      case 6:
        out += Array(
          pick([
            "\u{1B}(0", "\u{1B}(B", "\u{1B}(A", "\u{E}", "\u{F}", "\u{1B}*0\u{1B}N",
            "\u{1B})0", "\u{1B}[4h", "\u{1B}[4l", "\u{1B}[?69h\u{1B}[5;30s", "\u{1B}[?69l",
            "\u{1B}[?7l", "\u{1B}[?7h", "\u{1B}[3b", "\u{301}\u{302}", "가나", "\u{1B}[1;31m",
            "\u{1B}[0m", "\u{1B}[7;2;8m", "\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}7", "\u{1B}8",
            "\u{1B}[3;9r", "\u{1B}[r", "\u{1B}[2@", "\u{1B}[3P", "\u{1B}[K", "\u{1B}c",
            "\u{1B}[!p", "\u{1B}#8", "\u{1B}[?6h", "\u{1B}[?6l", "\u{1B}[20h", "\u{1B}[20l",
          ]).utf8)
      case 7:  // the cursor anywhere, the last column most often
        let column = number(3) == 0 ? 200 : number(100)
        out += Array("\u{1B}[\(number(30));\(column)H".utf8)
      case 8:
        out += hostile.bytes(Int(number(40)))
      default:
        out += Array(pick(["안녕하세요 ", "e\u{301}", "한글 😀 ", "\u{1100}\u{1161}"]).utf8)
      }
    }
    return out
  }
}

@Suite("Plain text written into the cells directly draws what libvterm draws")
struct EmulatorDirectTextTests {
  /// The first difference in what both emulators show (the cursor, each screen's cells, the
  /// scrollback), or nil.
  private func difference(_ direct: Emulator, _ slow: Emulator) -> String? {
    if direct.stateCursor != slow.stateCursor {
      return "cursor \(direct.stateCursor) ≠ \(slow.stateCursor)"
    }
    if direct.isAlternateScreen != slow.isAlternateScreen { return "alternate screen" }
    for row in 0..<direct.rows {
      let (one, other) = (direct.line(row), slow.line(row))
      if one.cells != other.cells || one.text != other.text {
        return "row \(row): \(one.text.debugDescription) ≠ \(other.text.debugDescription)"
      }
      for column in 0..<direct.columns
      where direct.cell(row: row, column: column, main: true)
        != slow.cell(row: row, column: column, main: true)
      {
        return "main screen \(row), \(column)"
      }
    }
    if direct.scrollbackCount != slow.scrollbackCount {
      return "scrollback \(direct.scrollbackCount) ≠ \(slow.scrollbackCount) lines"
    }
    for offset in 0..<min(direct.scrollbackCount, 40)
    where direct.line(0, scrolledBack: offset + 1).cells
      != slow.line(0, scrolledBack: offset + 1).cells
    {
      return "scrollback line \(offset + 1)"
    }
    return nil
  }

  @Test("random text and controls in random pieces, at sizes from 1×1 to 200×60")
  func randomText() {
    let sizes = [(24, 80), (32, 100), (60, 200), (1, 1), (2, 3), (5, 9), (3, 12), (10, 40)]
    for seed in 1...32 {
      var input = TextAndControls(seed: UInt64(seed))
      var cuts = SplitMix64(state: UInt64(seed) &* 7919)
      let (rows, columns) = sizes[seed % sizes.count]
      let direct = Emulator(rows: rows, columns: columns)
      let slow = Emulator(rows: rows, columns: columns)
      slow.writesTextDirectly = false
      var found: String?
      for _ in 0..<8 where found == nil {
        let bytes = input.bytes(600)
        var start = 0
        while start < bytes.count, found == nil {
          let end = min(bytes.count, start + 1 + Int(cuts.next() % 400))
          direct.feed(bytes[start..<end])
          slow.feed(bytes[start..<end])
          found = difference(direct, slow).map {
            "\($0) after \(String(decoding: bytes[start..<end], as: UTF8.self).debugDescription)"
          }
          start = end
        }
        _ = (direct.takeOutput(), slow.takeOutput())
      }
      #expect(found == nil, "seed \(seed), \(rows)×\(columns): \(found ?? "")")
    }
  }

  @Test("a flood of lines longer than the screen, then a combining mark and REP after a run")
  func floodThenJoins() {
    let direct = Emulator(rows: 24, columns: 80)
    let slow = Emulator(rows: 24, columns: 80)
    slow.writesTextDirectly = false
    var text: [UInt8] = []
    for line in 0..<300 {
      text += Array(String(repeating: "abcdefghij", count: 1 + line % 15).utf8) + [0x0D, 0x0A]
    }
    text += Array("0123456789abcdef\u{301}\u{1B}[4bxyz0123456789".utf8)
    for bytes in [text, Array("\u{1B}[20;70Hqrstuvwxyzqrstuvwxyz".utf8)] {
      direct.feed(bytes)
      slow.feed(bytes)
      #expect(difference(direct, slow) == nil)
    }
    #expect(direct.text(row: 23).hasPrefix("0123456789abcdef\u{301}"))
  }
}
