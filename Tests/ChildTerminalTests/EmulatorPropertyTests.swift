import TestSupport
import Testing

@testable import ChildTerminal

/// Hostile child output: what a broken, malicious or merely unusual program may print.
struct HostileOutput {
  var random: SplitMix64

  private mutating func number(_ bound: UInt64) -> UInt64 { random.next() % max(1, bound) }

  private mutating func pick<T>(_ values: [T]) -> T { values[Int(number(UInt64(values.count)))] }

  /// About `size` bytes of sequences and text, mixed.
  mutating func bytes(_ size: Int) -> [UInt8] {
    var out: [UInt8] = []
    while out.count < size { append(into: &out) }
    return out
  }

  private mutating func parameters(_ count: UInt64, huge: Bool) -> [UInt8] {
    var out: [UInt8] = []
    for index in 0..<count {
      if index > 0 { out.append(number(5) == 0 ? UInt8(ascii: ":") : UInt8(ascii: ";")) }
      let value = huge && number(4) == 0 ? number(UInt64.max) : number(300)
      if number(8) != 0 { out += Array(String(value).utf8) }
    }
    return out
  }

  private mutating func append(into out: inout [UInt8]) {
    let esc: UInt8 = 0x1B
    switch number(14) {
    case 0:  // any CSI, any number of parameters, huge values, any final
      out += [esc, UInt8(ascii: "[")] + parameters(number(40), huge: true)
      out.append(UInt8(0x40 + number(63)))
    case 1:  // private modes, mouse, alternate screen, queries
      out += [esc, UInt8(ascii: "["), pick(Array("?<=>".utf8))]
      out += parameters(number(20), huge: false)
      out.append(pick(Array("hlmnrJKcstqpuSTLM@PXbgZ".utf8)))
    case 2:  // strings: OSC, DCS, APC, PM, SOS, ended or not
      out += [esc, pick(Array("]P_^X".utf8))]
      if number(3) == 0 { out += Array("52;c;".utf8) }
      for _ in 0..<number(300) { out.append(UInt8(0x20 + number(95))) }
      switch number(4) {
      case 0: out.append(0x07)
      case 1: out += [esc, UInt8(ascii: "\\")]
      case 2: out.append(0x18)
      default: break
      }
    case 3:  // bytes that are not UTF-8
      for _ in 0..<number(30) { out.append(UInt8(0x80 + number(128))) }
    case 4:  // C0 controls
      for _ in 0..<number(30) { out.append(UInt8(number(32))) }
    case 5:  // combining marks, zero-width characters, C1 controls in UTF-8
      for _ in 0..<number(60) {
        out += Array(
          String(pick(["\u{301}", "\u{200B}", "\u{FE0F}", "\u{1160}", "\u{85}", "\u{11A2}"])).utf8)
      }
    case 6:  // huge counts and positions
      for final in "H@PXbLMSTEFGd" {
        out += [esc, UInt8(ascii: "[")] + Array(String(number(100_000)).utf8)
        if final == "H" { out += Array(";\(number(100_000))".utf8) }
        out += Array(String(final).utf8)
      }
    case 7:  // margins, left-right margins, double-width lines, character sets
      out += Array(
        ("\u{1B}[\(number(80));\(number(80))r\u{1B}[\(number(100));\(number(100))s"
          + "\u{1B}[?69\(number(2) == 0 ? "h" : "l")\u{1B}#\(3 + number(6))"
          + "\u{1B}(\(pick(["0", "A", "B", "<"]))").utf8)
    case 8:  // Korean, wide and conjoining
      out += Array(pick(["안녕하세요 ", "가나다라", "\u{1100}\u{1161}\u{11A8}", "한글 😀 "]).utf8)
    case 9:  // screens and saved cursors
      out += Array(
        pick([
          "\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[?47h", "\u{1B}7", "\u{1B}8",
          "\u{1B}c", "\u{1B}[!p", "\u{1B}[3J", "\u{1B}[2J", "\u{1B}[?1000h", "\u{1B}[?1006h",
        ]).utf8)
    case 10:  // escapes with odd intermediates and bytes inside
      out += [esc] + (0..<number(4)).map { _ in UInt8(0x20 + number(16)) }
      out.append(UInt8(number(256)))
    case 11:  // insert mode, wrapping off, tabs
      out += Array(
        pick([
          "\u{1B}[4h", "\u{1B}[4l", "\u{1B}[?7l", "\u{1B}[?7h", "\t\t\t", "\u{1B}[5I", "\u{1B}[3Z",
        ]).utf8)
    default:  // lines of text
      for _ in 0..<number(40) { out.append(UInt8(0x20 + number(95))) }
      out += [0x0D, 0x0A]
    }
  }
}

@Suite("Any child output: no crash, no hang, a screen that stays whole")
struct EmulatorPropertyTests {
  /// Checks what must hold whatever the child printed.
  private func checkInvariants(
    _ emulator: Emulator, rows: Int, columns: Int, limit: EmulatorScrollback,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(emulator.rows == rows && emulator.columns == columns, sourceLocation: sourceLocation)
    // libvterm's own cursor, not the clamped one: outside, 0.1.4 reads and writes past its
    // arrays on the next character.
    let cursor = emulator.stateCursor
    #expect(
      (0..<rows).contains(cursor.row) && (0..<columns).contains(cursor.column),
      "cursor \(cursor) on \(rows)×\(columns)", sourceLocation: sourceLocation)
    #expect(
      emulator.scrollbackCount <= limit.lineLimit && emulator.scrollbackCells <= limit.cellLimit)
    for row in 0..<rows {
      let cells = emulator.line(row).cells
      #expect(cells.count == columns, sourceLocation: sourceLocation)
      for (column, cell) in cells.enumerated() {
        let isWide = cell.attributes.contains(.wide)
        // A wide character's two halves are always together.
        if cell.isContinuation {
          #expect(
            column > 0 && cells[column - 1].attributes.contains(.wide),
            sourceLocation: sourceLocation)
        }
        if isWide {
          #expect(
            column + 1 < columns && cells[column + 1].isContinuation, sourceLocation: sourceLocation
          )
        }
      }
    }
  }

  @Test("round 135's first batch on a screen one column wide leaves the cursor on the screen")
  func doubleWidthLineOnOneColumn() {
    // Found with CHEONJIIN_FUZZ_ITERATIONS=20000: a double-width line (ESC # 4) after left and
    // right margins put libvterm 0.1.4's cursor at column -1 on a 38×1 screen. Replayed here
    // whatever the fuzz budget.
    let emulator = Emulator(rows: 38, columns: 1)
    var output = HostileOutput(random: SplitMix64(state: 135 &* 7919 &+ 1))
    emulator.feed(output.bytes(1024))
    let cursor = emulator.stateCursor
    #expect((0..<38).contains(cursor.row) && cursor.column == 0, "\(cursor)")
  }

  @Test("hostile output at random sizes, with resizes: the screen stays whole")
  func hostile() {
    var random = SplitMix64(state: 21)
    let limit = EmulatorScrollback(lineLimit: 200, cellLimit: 4000)
    for round in 0..<fuzzRounds(24, divisor: 100) {
      var rows = Int(random.next() % 40) + 1
      var columns = Int(random.next() % 120) + 1
      let emulator = Emulator(rows: rows, columns: columns, scrollback: limit)
      var output = HostileOutput(random: SplitMix64(state: UInt64(round) &* 7919 &+ 1))
      for batch in 0..<8 {
        emulator.feed(output.bytes(1024))
        _ = emulator.takeOutput()
        if batch % 3 == 2 {
          rows = Int(random.next() % 40) + 1
          columns = Int(random.next() % 120) + 1
          emulator.resize(rows: rows, columns: columns)
        }
        checkInvariants(emulator, rows: rows, columns: columns, limit: limit)
      }
    }
  }

  @Test("the filter never lets libvterm see more than 16 parameters, and reads alike in pieces")
  func filterInPieces() {
    var random = SplitMix64(state: 52)
    for round in 0..<fuzzRounds(40, divisor: 50) {
      var output = HostileOutput(random: SplitMix64(state: UInt64(round) &+ 1000))
      let bytes = output.bytes(4096)
      var whole = ChildOutputFilter(columns: 80)
      var wholeOutput: [UInt8] = []
      var wholeEvents: [(offset: Int, event: ChildOutputFilter.Event)] = []
      bytes.withUnsafeBufferPointer { whole.filter($0, into: &wholeOutput, events: &wholeEvents) }
      var pieces = ChildOutputFilter(columns: 80)
      var piecesOutput: [UInt8] = []
      var piecesEvents: [(offset: Int, event: ChildOutputFilter.Event)] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + 1 + Int(random.next() % 64))
        bytes[start..<end].withUnsafeBufferPointer {
          pieces.filter($0, into: &piecesOutput, events: &piecesEvents)
        }
        start = end
      }
      #expect(wholeOutput == piecesOutput, "round \(round)")
      #expect(wholeEvents.map(\.event) == piecesEvents.map(\.event))
      #expect(wholeEvents.map(\.offset) == piecesEvents.map(\.offset))
      let counts = csiParameterCounts(String(decoding: wholeOutput, as: UTF8.self))
      #expect(counts.allSatisfy { $0 <= ChildOutputFilter.parameterLimit }, "round \(round)")
    }
  }
}
