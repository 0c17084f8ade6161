import Testing

@testable import TerminalInput

@Suite("ByteDecoder: bytes to events")
struct ByteDecoderTests {
  static let plainBytes: [DecoderCase] = [
    DecoderCase("ASCII letters and digits", "aZ7 ", text("aZ7 ")),
    DecoderCase("CR is Enter", "\r", [key(.enter)]),
    DecoderCase("LF is Enter too, not keypad Enter", "\n", [key(.enter)]),
    DecoderCase("TAB", "\t", [key(.tab)]),
    DecoderCase("DEL is Backspace", "\u{7f}", [key(.backspace)]),
    DecoderCase("^H is Backspace", "\u{08}", [key(.backspace)]),
    DecoderCase("Ctrl-C 0x03", "\u{03}", [char("c", .control)]),
    DecoderCase("Ctrl-D 0x04", "\u{04}", [char("d", .control)]),
    DecoderCase("Ctrl-Z 0x1a", "\u{1a}", [char("z", .control)]),
    DecoderCase("Ctrl-A 0x01", "\u{01}", [char("a", .control)]),
    DecoderCase("Ctrl-Space NUL", "\u{00}", [char(" ", .control)]),
    DecoderCase(
      "Ctrl-\\ ] ^ _", "\u{1c}\u{1d}\u{1e}\u{1f}",
      [char("\\", .control), char("]", .control), char("^", .control), char("_", .control)]),
    DecoderCase("Alt+x is ESC x", "␛x", [char("x", .alt)]),
    DecoderCase("Alt+Shift+X", "␛X", [char("X", .alt)]),
    DecoderCase("Alt+Backspace", "␛\u{7f}", [key(.backspace, .alt)]),
    DecoderCase("Alt+Enter", "␛\r", [key(.enter, .alt)]),
    DecoderCase("Ctrl+Alt+c", "␛\u{03}", [char("c", [.control, .alt])]),
    DecoderCase("Alt+한 is ESC + UTF-8", "␛한", [char("한", .alt)]),
    DecoderCase("ESC ESC then timeout: two Escapes", "␛␛", [key(.escape), key(.escape)]),
    DecoderCase("ESC ESC [A: Escape, then Up", "␛␛[A", [key(.escape), key(.up)]),
    DecoderCase("lone ESC at the end, resolved by finish()", "a␛", [char("a"), key(.escape)]),
  ]

  @Test("single bytes and ESC prefixes", arguments: plainBytes)
  func plain(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  static let legacyCSI: [DecoderCase] = [
    DecoderCase("arrows", "␛[A␛[B␛[C␛[D", [key(.up), key(.down), key(.right), key(.left)]),
    DecoderCase("Shift+Up", "␛[1;2A", [key(.up, .shift)]),
    DecoderCase("Alt+Down", "␛[1;3B", [key(.down, .alt)]),
    DecoderCase("Ctrl+Right", "␛[1;5C", [key(.right, .control)]),
    DecoderCase("Ctrl+Shift+Left", "␛[1;6D", [key(.left, [.control, .shift])]),
    DecoderCase(
      "Ctrl+Alt+Shift+Super+Up", "␛[1;16A",
      [key(.up, [.shift, .alt, .control, .super])]),
    DecoderCase(
      "Up with NumLock bit masked (kitty)", "␛[1;129A",
      [key(.up, locks: .numLock)]),
    DecoderCase("Up release (kitty event type)", "␛[1;1:3A", [kitty(.up, [], .release)]),
    DecoderCase("Ctrl+Home repeat", "␛[1;5:2H", [kitty(.home, .control, .repeat)]),
    DecoderCase("Home/End CSI H/F", "␛[H␛[F", [key(.home), key(.end)]),
    DecoderCase("Home/End rxvt 7~/8~", "␛[7~␛[8~", [key(.home), key(.end)]),
    DecoderCase(
      "Insert Delete PageUp PageDown", "␛[2~␛[3~␛[5~␛[6~",
      [key(.insert), key(.delete), key(.pageUp), key(.pageDown)]),
    DecoderCase("Ctrl+Delete", "␛[3;5~", [key(.delete, .control)]),
    DecoderCase("Alt+PageUp release (kitty)", "␛[5;3:3~", [kitty(.pageUp, .alt, .release)]),
    DecoderCase(
      "F1, F2, F4 CSI form with Ctrl", "␛[1;5P␛[1;5Q␛[1;5S",
      [
        key(.function(1), .control), key(.function(2), .control),
        key(.function(4), .control),
      ]),
    DecoderCase(
      "F1…F4 kitty bare CSI", "␛[P␛[Q␛[13~␛[S", (1...4).map { key(.function($0)) }),
    DecoderCase(
      "F1…F5 VT220 11~…15~", "␛[11~␛[12~␛[13~␛[14~␛[15~",
      (1...5).map { key(.function($0)) }),
    DecoderCase(
      "F6…F12", "␛[17~␛[18~␛[19~␛[20~␛[21~␛[23~␛[24~",
      (6...12).map { key(.function($0)) }),
    DecoderCase("Shift+F5", "␛[15;2~", [key(.function(5), .shift)]),
    DecoderCase("keypad Begin ␛[E (xterm/VTE, NumLock off)", "␛[E", [key(.numpad(.begin))]),
    DecoderCase(
      "keypad Begin ␛[1;129E kitty", "␛[1;129E",
      [
        key(
          .numpad(.begin),
          locks: .numLock)
      ]),
    DecoderCase("keypad Begin ␛[57427~ kitty", "␛[57427~", [kitty(.numpad(.begin))]),
    DecoderCase(
      "keypad Begin release ␛[57427;129:3~", "␛[57427;129:3~",
      [kitty(.numpad(.begin), [], .release, locks: .numLock)]),
    DecoderCase("Shift+Tab ␛[Z", "␛[Z", [key(.tab, .shift)]),
    DecoderCase("modifyOtherKeys Ctrl+c ␛[27;5;99~", "␛[27;5;99~", [char("c", .control)]),
    DecoderCase("focus in/out", "␛[I␛[O", [.focusIn, .focusOut]),
  ]

  @Test("legacy CSI keys with modifiers", arguments: legacyCSI)
  func csi(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  static let kittyKeys: [DecoderCase] = [
    DecoderCase("Ctrl+c ␛[99;5u", "␛[99;5u", [kitty(.character("c"), .control)]),
    DecoderCase("Ctrl+c release", "␛[99;5:3u", [kitty(.character("c"), .control, .release)]),
    DecoderCase("Enter ␛[13u", "␛[13u", [kitty(.enter)]),
    DecoderCase("Enter release (flag 8)", "␛[13;1:3u", [kitty(.enter, [], .release)]),
    DecoderCase("Backspace repeat", "␛[127;1:2u", [kitty(.backspace, [], .repeat)]),
    DecoderCase("Escape ␛[27u", "␛[27u", [kitty(.escape)]),
    DecoderCase("Shift+Tab ␛[9;2u", "␛[9;2u", [kitty(.tab, .shift)]),
    DecoderCase("letter a, flag 8", "␛[97u", [kitty(.character("a"))]),
    DecoderCase("top-row 7 is a character, not the keypad", "␛[55u", [kitty(.character("7"))]),
    DecoderCase("Shift+a with alternate key", "␛[97:65;2u", [kitty(.character("a"), .shift)]),
    DecoderCase("associated text ignored", "␛[97;1;97u", [kitty(.character("a"))]),
    DecoderCase("Hangul code point", "␛[54620u", [kitty(.character("한"))]),
    DecoderCase("space", "␛[32u", [kitty(.character(" "))]),
    DecoderCase("F13 57376", "␛[57376u", [kitty(.function(13))]),
    DecoderCase("F35 57398", "␛[57398u", [kitty(.function(35))]),
    DecoderCase("Caps Lock key 57358", "␛[57358u", [kitty(.otherFunctional(57358))]),
    DecoderCase(
      "left Shift alone 57441", "␛[57441;2u",
      [
        kitty(
          .otherFunctional(57441),
          .shift)
      ]),
    DecoderCase(
      "Super and Hyper and Meta", "␛[97;57u",
      [kitty(.character("a"), [.super, .hyper, .meta])]),
    DecoderCase("empty modifier field is none", "␛[97;u", [kitty(.character("a"))]),
  ]

  @Test("kitty CSI u keys", arguments: kittyKeys)
  func kittyKey(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  static let utf8: [DecoderCase] = [
    DecoderCase("Hangul syllables", "한글", text("한글")),
    DecoderCase("compatibility jamo", "ㄱㅋㄲ", text("ㄱㅋㄲ")),
    DecoderCase("four-byte scalar", "😀a", text("😀a")),
    DecoderCase("stray continuation byte", bytes: [0x80, 0x61], [replacement, char("a")]),
    DecoderCase("0xFF", bytes: [0xff], [replacement]),
    DecoderCase("overlong C0 AF", bytes: [0xc0, 0xaf], [replacement, replacement]),
    DecoderCase(
      "overlong E0 80 80", bytes: [0xe0, 0x80, 0x80],
      [replacement, replacement, replacement]),
    DecoderCase(
      "surrogate ED A0 80", bytes: [0xed, 0xa0, 0x80],
      [replacement, replacement, replacement]),
    DecoderCase(
      "above U+10FFFF F4 90 80 80", bytes: [0xf4, 0x90, 0x80, 0x80],
      Array(repeating: replacement, count: 4)),
    DecoderCase("truncated 한 then a", bytes: [0xed, 0x95, 0x61], [replacement, char("a")]),
    DecoderCase("truncated 한 at the end", bytes: [0xed, 0x95], [replacement]),
    DecoderCase(
      "truncated 한 then ESC sequence", bytes: [0xed] + bytes("␛[A"),
      [replacement, key(.up)]),
    DecoderCase("Alt + invalid byte", bytes: [0x1b, 0xff], [char("\u{FFFD}", .alt)]),
  ]

  @Test("UTF-8, valid and invalid", arguments: utf8)
  func utf8Text(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  static let replies: [DecoderCase] = [
    DecoderCase(
      "kitty flags reply", "␛[?11u",
      [
        .kittyKeyboardFlags([
          .disambiguateEscapeCodes, .reportEventTypes, .reportAllKeysAsEscapeCodes,
        ])
      ]),
    DecoderCase(
      "kitty flags reply, tmux PR style 1|8", "␛[?9u",
      [.kittyKeyboardFlags(KittyKeyboardFlags(rawValue: 9))]),
    DecoderCase("kitty flags reply 0", "␛[?0u", [.kittyKeyboardFlags([])]),
    DecoderCase("DA1 from tmux", "␛[?1;2c", [.deviceAttributes([1, 2])]),
    DecoderCase("DA1 from a VT220-class terminal", "␛[?62;22c", [.deviceAttributes([62, 22])]),
    DecoderCase(
      "flags before DA1 in one read", "␛[?11u␛[?62;22c",
      [.kittyKeyboardFlags(KittyKeyboardFlags(rawValue: 11)), .deviceAttributes([62, 22])]),
    DecoderCase(
      "an OSC reply between the flags reply and DA1 changes neither",
      "␛[?11u␛]11;rgb:0000/0000/0000␛\\␛[?62;22c",
      [
        .kittyKeyboardFlags(KittyKeyboardFlags(rawValue: 11)),
        unknown("␛]11;rgb:0000/0000/0000␛\\"), .deviceAttributes([62, 22]),
      ]),
  ]

  @Test("protocol replies", arguments: replies)
  func reply(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  /// OSC, DCS, APC, PM and SOS strings: reported whole as `unknown`, never typed.
  ///
  /// The old decoder read `␛]52;c;…` as Alt+], then "52;c;…" as keys, so a clipboard reply
  /// typed digits and (through the keymap) jamo such as ㅂ and ㅇ.
  static let controlStrings: [DecoderCase] = [
    DecoderCase(
      "OSC 52 clipboard reply ended by BEL", "␛]52;c;AAAA\u{07}",
      [unknown("␛]52;c;AAAA\u{07}")]),
    DecoderCase(
      "OSC 52 reply ended by ST, then a key", "␛]52;c;QUJD␛\\x",
      [unknown("␛]52;c;QUJD␛\\"), char("x")]),
    DecoderCase(
      "OSC 11 colour reply ended by ST", "␛]11;rgb:ffff/ffff/dddd␛\\",
      [unknown("␛]11;rgb:ffff/ffff/dddd␛\\")]),
    DecoderCase(
      "OSC ended by 8-bit ST 0x9C", bytes: bytes("␛]0;title") + [0x9c] + bytes("a"),
      [.unknown(bytes("␛]0;title") + [0x9c]), char("a")]),
    DecoderCase(
      "0x9C inside a UTF-8 character is text, not ST (휜 is ED 9C 9C)", "␛]2;휜\u{07}a",
      [unknown("␛]2;휜\u{07}"), char("a")]),
    DecoderCase("empty OSC", "␛]\u{07}", [unknown("␛]\u{07}")]),
    DecoderCase("DECRQSS reply (DCS)", "␛P1$r0m␛\\", [unknown("␛P1$r0m␛\\")]),
    DecoderCase(
      "XTGETTCAP reply (DCS), then keys", "␛P1+r544e=787465726d␛\\ab",
      [unknown("␛P1+r544e=787465726d␛\\"), char("a"), char("b")]),
    DecoderCase("DCS ended by BEL", "␛P1$r0m\u{07}", [unknown("␛P1$r0m\u{07}")]),
    DecoderCase(
      "kitty graphics reply (APC)", "␛_Gi=31;OK␛\\", [unknown("␛_Gi=31;OK␛\\")]),
    DecoderCase("PM", "␛^note␛\\", [unknown("␛^note␛\\")]),
    DecoderCase("SOS", "␛Xstart␛\\", [unknown("␛Xstart␛\\")]),
    DecoderCase(
      "ESC inside a string that is not ST: the string ends, the sequence is read",
      "␛]52;c;AA␛[A", [unknown("␛]52;c;AA"), key(.up)]),
    DecoderCase(
      "Enter after an unterminated string comes through", "␛]52;c;AA\r",
      [unknown("␛]52;c;AA"), key(.enter)]),
    DecoderCase(
      "⌫ after an unterminated string comes through", "␛P1$r\u{7f}",
      [unknown("␛P1$r"), key(.backspace)]),
    DecoderCase("unterminated OSC at the end", "␛]52;c;AAAA", [unknown("␛]52;c;AAAA")]),
    DecoderCase(
      "unterminated OSC with a lone ESC at the end: no Escape key", "␛]0;t␛",
      [unknown("␛]0;t␛")]),
    DecoderCase("ESC ] alone is Alt+]", "␛]", [char("]", .alt)]),
    DecoderCase("ESC P alone is Alt+P", "␛P", [char("P", .alt)]),
    DecoderCase("ESC _ alone is Alt+_", "␛_", [char("_", .alt)]),
    DecoderCase("ESC ] then Enter: Alt+], Enter", "␛]\r", [char("]", .alt), key(.enter)]),
    DecoderCase("ESC ] then Up: Alt+], Up", "␛]␛[A", [char("]", .alt), key(.up)]),
    DecoderCase(
      "ESC ] then a lone ESC: Alt+], Escape", "␛]␛", [char("]", .alt), key(.escape)]),
    DecoderCase("a stray ST is Alt+\\", "␛\\", [char("\\", .alt)]),
  ]

  @Test("control strings are consumed, never typed", arguments: controlStrings)
  func controlString(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  @Test("an overlong OSC is cut into bounded unknown chunks; the next key survives")
  func overlongOSC() {
    let payload = String(repeating: "QUJD", count: 2_500)
    let input = bytes("␛]52;c;\(payload)␛\\") + bytes("a")
    for cuts in [[], [100], [4_095, 4_096, 8_192], Array(stride(from: 7, to: input.count, by: 7))] {
      expectChunked(
        decode(input, cuts: cuts), of: input.dropLast(), chunks: 3, limit: 4096, then: char("a"))
    }
  }

  @Test("an endless OSC never grows the buffer and never becomes keys")
  func endlessOSC() {
    var decoder = ByteDecoder(options: ByteDecoder.Options(maxControlStringBytes: 64))
    var events = decoder.feed(bytes("␛]52;c;"), at: start)
    for _ in 0..<1000 {
      events += decoder.feed(bytes("QUJDREVG"), at: start)
    }
    #expect(events.count == (7 + 8_000) / 64)
    #expect(events.allSatisfy { if case .unknown(let b) = $0 { b.count <= 64 } else { false } })
    events += decoder.flush(at: start + .milliseconds(100))
    #expect(!decoder.hasPendingBytes)
    let total = events.reduce(0) { sum, event in
      if case .unknown(let chunk) = event { sum + chunk.count } else { sum }
    }
    #expect(total == 7 + 8_000)
    #expect(decoder.feed(bytes("x"), at: start + .milliseconds(101)) == [char("x")])
  }

  @Test("an ST split at the chunk limit still ends the string")
  func terminatorAtTheLimit() {
    let options = ByteDecoder.Options(maxControlStringBytes: 8)
    for length in 1...12 {
      let input = bytes("␛]" + String(repeating: "A", count: length) + "␛\\q")
      let events = decode(input, options: options)
      #expect(events.last == char("q"), "length \(length)")
      let chunks = events.dropLast().compactMap { event -> [UInt8]? in
        if case .unknown(let chunk) = event { chunk } else { nil }
      }
      #expect(chunks.count == events.count - 1, "length \(length)")
      #expect(chunks.allSatisfy { $0.count <= 8 }, "length \(length)")
      #expect(Array(chunks.joined()) == Array(input.dropLast()), "length \(length)")
    }
  }

  static let mice: [DecoderCase] = [
    DecoderCase("left press", "␛[<0;10;20M", [mouse(.left, .press, 10, 20)]),
    DecoderCase("left release", "␛[<0;10;20m", [mouse(.left, .release, 10, 20)]),
    DecoderCase("middle press", "␛[<1;5;6M", [mouse(.middle, .press, 5, 6)]),
    DecoderCase(
      "right press and release", "␛[<2;1;1M␛[<2;1;1m",
      [mouse(.right, .press, 1, 1), mouse(.right, .release, 1, 1)]),
    DecoderCase("left drag", "␛[<32;11;20M", [mouse(.left, .drag, 11, 20)]),
    DecoderCase("right drag", "␛[<34;11;21M", [mouse(.right, .drag, 11, 21)]),
    DecoderCase("motion without button", "␛[<35;300;100M", [mouse(.none, .move, 300, 100)]),
    DecoderCase(
      "wheel up, large coordinates", "␛[<64;1000;2000M",
      [mouse(.wheelUp, .press, 1000, 2000)]),
    DecoderCase("wheel down", "␛[<65;3;4M", [mouse(.wheelDown, .press, 3, 4)]),
    DecoderCase(
      "wheel left/right", "␛[<66;3;4M␛[<67;3;4M",
      [mouse(.wheelLeft, .press, 3, 4), mouse(.wheelRight, .press, 3, 4)]),
    DecoderCase("Shift+click", "␛[<4;2;2M", [mouse(.left, .press, 2, 2, .shift)]),
    DecoderCase("Alt+click", "␛[<8;2;2M", [mouse(.left, .press, 2, 2, .alt)]),
    DecoderCase("Ctrl+click", "␛[<16;2;2M", [mouse(.left, .press, 2, 2, .control)]),
    DecoderCase(
      "Ctrl+Shift+Alt drag", "␛[<60;2;2M",
      [mouse(.left, .drag, 2, 2, [.control, .shift, .alt])]),
    DecoderCase("extra button 8", "␛[<128;7;8M", [mouse(.extra(8), .press, 7, 8)]),
    DecoderCase("beyond 223 columns", "␛[<0;12345;678M", [mouse(.left, .press, 12345, 678)]),
    DecoderCase("X10 press at 1,1", "␛[M !!", [mouse(.left, .press, 1, 1)]),
    DecoderCase("X10 release", "␛[M#**", [mouse(.none, .release, 10, 10)]),
    DecoderCase("column 0 is invalid", "␛[<0;0;5M", [unknown("␛[<0;0;5M")]),
    DecoderCase("negative column is invalid", "␛[<0;-1;5M", [unknown("␛[<0;-1;5M")]),
    DecoderCase("wrong field count", "␛[<0;5M", [unknown("␛[<0;5M")]),
    DecoderCase("drag cannot be a release", "␛[<32;5;5m", [unknown("␛[<32;5;5m")]),
  ]

  @Test("SGR 1006 mouse", arguments: mice)
  func mouseReport(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  static let pastes: [DecoderCase] = [
    DecoderCase("text with Hangul and CR", "␛[200~안녕\rhi␛[201~", [.paste("안녕\rhi")]),
    DecoderCase("empty paste", "␛[200~␛[201~", [.paste("")]),
    DecoderCase(
      "escape sequences inside stay text", "␛[200~a␛[Ab␛[201~",
      [.paste("a\u{1b}[Ab")]),
    DecoderCase(
      "a near-miss end marker stays text", "␛[200~x␛[201␛[201~",
      [.paste("x\u{1b}[201")]),
    DecoderCase(
      "control bytes stay text", "␛[200~\u{03}\t\u{7f}␛[201~",
      [.paste("\u{03}\t\u{7f}")]),
    DecoderCase("keys after the paste", "␛[200~p␛[201~q", [.paste("p"), char("q")]),
    DecoderCase(
      "invalid UTF-8 inside", bytes: bytes("␛[200~") + [0xff] + bytes("␛[201~"),
      [.paste("\u{FFFD}")]),
    DecoderCase("stray end marker is unknown", "␛[201~", [unknown("␛[201~")]),
  ]

  @Test("bracketed paste", arguments: pastes)
  func paste(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  static let unknowns: [DecoderCase] = [
    DecoderCase("output-only sequence", "␛[?1049h", [unknown("␛[?1049h")]),
    DecoderCase("DA2 reply", "␛[>1;10;0c", [unknown("␛[>1;10;0c")]),
    DecoderCase("arrow with three fields", "␛[1;2;3A", [unknown("␛[1;2;3A")]),
    DecoderCase("cursor up 2 is not a key", "␛[2A", [unknown("␛[2A")]),
    DecoderCase("kitty event type 9", "␛[99;5:9u", [unknown("␛[99;5:9u")]),
    DecoderCase("kitty code 0", "␛[0u", [unknown("␛[0u")]),
    DecoderCase("kitty code of a surrogate", "␛[55296u", [unknown("␛[55296u")]),
    DecoderCase("kitty code above U+10FFFF", "␛[1114112u", [unknown("␛[1114112u")]),
    DecoderCase("ten-digit number", "␛[1234567890u", [unknown("␛[1234567890u")]),
    DecoderCase("modifier 0 is malformed", "␛[97;0u", [unknown("␛[97;0u")]),
    DecoderCase("modifier above 256", "␛[97;300u", [unknown("␛[97;300u")]),
    DecoderCase("unknown tilde number", "␛[99~", [unknown("␛[99~")]),
    DecoderCase("intermediate byte", "␛[2$~", [unknown("␛[2$~")]),
    DecoderCase("SS3 unknown final", "␛OZ", [unknown("␛OZ")]),
    DecoderCase("SS3 with kitty event type", "␛O1;1:3P", [unknown("␛O1;1:3P")]),
    DecoderCase(
      "CSI cut by a control byte", "␛[12\u{03}",
      [
        unknown("␛[12"),
        char("c", .control),
      ]),
    DecoderCase("CSI cut by ESC", "␛[12␛[A", [unknown("␛[12"), key(.up)]),
    DecoderCase("CSI cut by UTF-8", "␛[1한", [unknown("␛[1"), char("한")]),
    DecoderCase(
      "ESC [ alone then a control byte: Alt+[", "␛[\r",
      [char("[", .alt), key(.enter)]),
    DecoderCase("ESC O then space: Alt+O, space", "␛O ", [char("O", .alt), char(" ")]),
    DecoderCase("X10 mouse with a byte below 32", "␛[M\u{01}!!", [unknown("␛[M\u{01}!!")]),
    DecoderCase("unfinished CSI at the end", "␛[57", [unknown("␛[57")]),
    DecoderCase("unfinished SS3 params at the end", "␛O1;", [unknown("␛O1;")]),
  ]

  @Test("unknown and malformed sequences are reported, not dropped", arguments: unknowns)
  func unknownSequence(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  @Test("an overlong CSI is cut into bounded unknown chunks; the next key survives")
  func overlongCSI() {
    let body = String(repeating: "1;", count: 300)
    let input = bytes("␛[\(body)u") + bytes("a")
    for cuts in [[], [100], Array(input.indices.dropFirst())] {
      expectChunked(
        decode(input, cuts: cuts), of: input.dropLast(), chunks: 3, limit: 256, then: char("a"))
    }
  }

  @Test("an endless CSI never grows the buffer and never becomes keys")
  func endlessCSI() {
    var decoder = ByteDecoder(options: ByteDecoder.Options(maxSequenceBytes: 32))
    var events = decoder.feed(bytes("␛["), at: start)
    for _ in 0..<1000 {
      events += decoder.feed(bytes("12345;7890"), at: start)
    }
    #expect(events.count == (2 + 10_000) / 32)
    #expect(events.allSatisfy { if case .unknown(let b) = $0 { b.count <= 32 } else { false } })
    events += decoder.finish()
    let total = events.reduce(0) { sum, event in
      if case .unknown(let chunk) = event { sum + chunk.count } else { sum }
    }
    #expect(total == 2 + 10_000)
  }

  @Test("a long paste arrives in chunks cut at character boundaries")
  func pasteChunks() {
    let options = ByteDecoder.Options(maxPasteBytes: 4)
    let events = decode(bytes("␛[200~한글ab␛[201~"), options: options)
    #expect(events == [.paste("한"), .paste("글a"), .paste("b")])
  }

  @Test("one event per key in a mixed stream")
  func mixedStream() {
    let input = bytes("a␛[A␛Ow한\r␛[57406;129:3u␛[<0;3;4M\u{7f}")
    #expect(
      decode(input) == [
        char("a"), key(.up), ss3(.numpad(.digit(7))), char("한"), key(.enter),
        kitty(.numpad(.digit(7)), [], .release, locks: .numLock),
        mouse(.left, .press, 3, 4), key(.backspace),
      ])
  }
}
