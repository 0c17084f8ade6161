import ChildTerminal
import Testing

/// Runs bytes through a filter of 80 columns; the bytes libvterm would get and the events.
func filtered(
  _ text: String, columns: Int = 80, in pieces: Int = 1
) -> (bytes: String, events: [ChildOutputFilter.Event]) {
  var filter = ChildOutputFilter(columns: columns)
  var output: [UInt8] = []
  var events: [(offset: Int, event: ChildOutputFilter.Event)] = []
  let bytes = Array(text.utf8)
  let size = max(1, (bytes.count + pieces - 1) / max(1, pieces))
  for start in stride(from: 0, to: bytes.count, by: size) {
    bytes[start..<min(bytes.count, start + size)].withUnsafeBufferPointer {
      filter.filter($0, into: &output, events: &events)
    }
  }
  return (String(decoding: output, as: UTF8.self), events.map(\.event))
}

/// The parameter counts of every CSI in `text` (`:` and `;` both separate, as in libvterm).
func csiParameterCounts(_ text: String) -> [Int] {
  var counts: [Int] = []
  var scalars = text.unicodeScalars[...]
  while let escape = scalars.firstIndex(of: "\u{1B}") {
    scalars = scalars[scalars.index(after: escape)...]
    guard scalars.first == "[" else { continue }
    var count = 1
    for scalar in scalars.dropFirst() {
      if scalar == ";" || scalar == ":" { count += 1 }
      if (0x40...0x7E).contains(scalar.value) { break }
    }
    counts.append(count)
  }
  return counts
}

@Suite("Child output is made safe for libvterm 0.1.4")
struct EmulatorFilterTests {
  @Test("17 parameters, which crash libvterm 0.1.4, become two SGRs of at most 16")
  func seventeenParameters() {
    let ones = Array(repeating: "1", count: 17).joined(separator: ";")
    let result = filtered("\u{1B}[\(ones)mX")
    #expect(csiParameterCounts(result.bytes) == [16, 1])
    #expect(result.bytes.hasSuffix("mX"))
  }

  @Test("vim's colour sequence is split between attributes; the underline colour is left out")
  func vimColours() {
    // libvterm 0.1.4 does not know 58 and would read 58;2;7;8;9 as reverse and strike.
    let result = filtered("\u{1B}[38;2;1;2;3;48;2;4;5;6;58;2;7;8;9;1;4m")
    #expect(result.bytes == "\u{1B}[38;2;1;2;3;48;2;4;5;6;1;4m")
    let long = Array(repeating: "38;2;1;2;3", count: 4).joined(separator: ";")
    #expect(csiParameterCounts(filtered("\u{1B}[\(long)m").bytes) == [15, 5])
    #expect(filtered("\u{1B}[58:5:3m").bytes.isEmpty)  // nothing left: not a reset
    #expect(filtered("\u{1B}[38:2:0:10:20:30m").bytes == "\u{1B}[38:2:10:20:30m")
  }

  @Test("a long run of subparameters is cut to what libvterm holds")
  func subparameters() {
    let colons = Array(repeating: "1", count: 40).joined(separator: ":")
    let result = filtered(
      "\u{1B}[4:\(colons)m\u{1B}[?1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17;18h")
    #expect(csiParameterCounts(result.bytes).allSatisfy { $0 <= 16 })
    #expect(result.bytes.contains("\u{1B}[?17h\u{1B}[?18h"))  // every mode is still set
  }

  @Test("other sequences with too many parameters are cut; huge values are capped")
  func cutAndCapped() {
    let many = Array(repeating: "2", count: 40).joined(separator: ";")
    #expect(
      filtered("\u{1B}[\(many)H").bytes == "\u{1B}["
        + Array(repeating: "2", count: 16).joined(separator: ";") + "H")
    #expect(filtered("\u{1B}[99999999999999999999999A").bytes == "\u{1B}[65535A")
  }

  @Test("REP repeats the last character, at most a row; nothing to repeat, nothing written")
  func repeats() {
    #expect(filtered("a\u{1B}[3b").bytes == "aaaa")
    #expect(filtered("가\u{1B}[2b").bytes == "가가가")
    #expect(filtered("a\u{1B}[1000b", columns: 5).bytes == "aaaaaa")
    #expect(filtered("\u{1B}[5b").bytes == "")
    // A lone combining mark is not a character to repeat (libvterm looped on it forever).
    #expect(filtered("\u{301}\u{1B}[5b").bytes == "\u{301}")
  }

  @Test("REP repeats only right after a character: not after another REP, nor any control")
  func repeatsOnlyAfterCharacter() {
    #expect(filtered("a\u{1B}[2b\u{1B}[2b").bytes == "aaa")
    #expect(filtered("a\u{1B}[1m\u{1B}[2b").bytes == "a\u{1B}[1m")
    #expect(filtered("a\r\u{1B}[2b").bytes == "a\r")
    #expect(filtered("a\u{7}\u{1B}[2b", in: 3).bytes == "a\u{7}")
    #expect(filtered("가\u{1B}[1b\u{1B}[1b").bytes == "가가")
  }

  @Test("a mode set or reset of several modes becomes one sequence per mode")
  func modesOneByOne() {
    #expect(filtered("\u{1B}[?1006;1000h").bytes == "\u{1B}[?1006h\u{1B}[?1000h")
    #expect(filtered("\u{1B}[4;20l").bytes == "\u{1B}[4l\u{1B}[20l")
    #expect(filtered("\u{1B}[?;25h").bytes == "\u{1B}[?25h")
  }

  @Test("OSC is kept from libvterm; a clipboard write is reported, a query is not")
  func osc() {
    let title = filtered("\u{1B}]0;my title\u{07}x")
    #expect(title.bytes == "x" && title.events.isEmpty)
    let write = filtered("\u{1B}]52;c;aGVsbG8=\u{1B}\\y", in: 3)
    #expect(write.bytes == "y")
    #expect(
      write.events == [.clipboard(selection: Array("c".utf8), base64: Array("aGVsbG8=".utf8))])
    #expect(filtered("\u{1B}]52;c;?\u{07}").events.isEmpty)
  }

  @Test("APC, PM and SOS payloads never show; DCS passes only as a status request")
  func strings() {
    #expect(filtered("\u{1B}_Gf=100;AAAA\u{1B}\\ok").bytes == "ok")
    #expect(filtered("\u{1B}^private\u{1B}\\\u{1B}Xsos\u{1B}\\ok").bytes == "ok")
    #expect(filtered("\u{1B}P$qm\u{1B}\\").bytes == "\u{1B}P$qm\u{1B}\\")
    #expect(filtered("\u{1B}Pq#0;2;0;0;0#0!100~-\u{1B}\\ok").bytes == "ok")  // sixel
  }

  @Test("combining marks after one character are kept up to the limit")
  func combining() {
    let marks = String(repeating: "\u{301}", count: 100)
    let result = filtered("e" + marks + "f", in: 7)
    #expect(
      result.bytes.unicodeScalars.filter { $0 == "\u{301}" }.count
        == ChildOutputFilter.combiningLimit)
    #expect(result.bytes.hasSuffix("f"))
  }

  @Test("C1 controls written in UTF-8 are dropped; other invalid UTF-8 goes on for U+FFFD")
  func invalidUTF8() {
    var filter = ChildOutputFilter(columns: 80)
    var output: [UInt8] = []
    var events: [(offset: Int, event: ChildOutputFilter.Event)] = []
    let bytes: [UInt8] = [0x61, 0xC2, 0x85, 0x62, 0xFF, 0xE0, 0x41]
    bytes.withUnsafeBufferPointer { filter.filter($0, into: &output, events: &events) }
    #expect(output == [0x61, 0x62, 0xFF, 0xE0, 0x41])
  }

  @Test("dim, the cursor style and clearing the scrollback are reported where they happen")
  func events() {
    var filter = ChildOutputFilter(columns: 80)
    var output: [UInt8] = []
    var events: [(offset: Int, event: ChildOutputFilter.Event)] = []
    Array("a\u{1B}[2mb\u{1B}[38;5;2mc\u{1B}[22md\u{1B}[5 q\u{1B}[3J".utf8).withUnsafeBufferPointer {
      filter.filter($0, into: &output, events: &events)
    }
    #expect(events.map(\.event) == [.dim(true), .dim(false), .cursorStyle(5), .clearScrollback])
    #expect(events[0].offset == 1)  // after "a"
    let text = String(decoding: output, as: UTF8.self)
    #expect(text.hasPrefix("a\u{1B}[2mb\u{1B}[38;5;2mc"))  // 38;5;2 is a colour, not dim
  }

  @Test("controls inside a sequence act at once; a sequence split over reads is whole")
  func controlsAndSplits() {
    #expect(filtered("\u{1B}[1\r;2H").bytes == "\r\u{1B}[1;2H")
    #expect(filtered("x\u{1B}[38;2;10;20;30mY", in: 12).bytes == "x\u{1B}[38;2;10;20;30mY")
  }
}
