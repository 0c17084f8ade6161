import Testing

@testable import TerminalInput

/// Every kitty keypad code (57399–57427), spelled out rather than computed.
let kittyKeypadCodes: [(code: Int, key: NumpadKey)] = [
  (57399, .digit(0)), (57400, .digit(1)), (57401, .digit(2)), (57402, .digit(3)),
  (57403, .digit(4)), (57404, .digit(5)), (57405, .digit(6)), (57406, .digit(7)),
  (57407, .digit(8)), (57408, .digit(9)), (57409, .decimal), (57410, .divide),
  (57411, .multiply), (57412, .subtract), (57413, .add), (57414, .enter), (57415, .equal),
  (57416, .separator), (57417, .left), (57418, .right), (57419, .up), (57420, .down),
  (57421, .pageUp), (57422, .pageDown), (57423, .home), (57424, .end), (57425, .insert),
  (57426, .delete), (57427, .begin),
]

@Suite("Keypad keys: kitty codes and SS3")
struct KeypadDecodingTests {
  struct KittyVariant: Sendable {
    let suffix: String
    let modifiers: KeyModifiers
    let kind: KeyEventKind
    let locks: LockState
  }

  static let variants: [KittyVariant] = [
    KittyVariant(suffix: "u", modifiers: [], kind: .press, locks: []),
    KittyVariant(suffix: ";129u", modifiers: [], kind: .press, locks: .numLock),
    KittyVariant(suffix: ";129:1u", modifiers: [], kind: .press, locks: .numLock),
    KittyVariant(suffix: ";129:2u", modifiers: [], kind: .repeat, locks: .numLock),
    KittyVariant(suffix: ";129:3u", modifiers: [], kind: .release, locks: .numLock),
    KittyVariant(suffix: ";1:2u", modifiers: [], kind: .repeat, locks: []),
    KittyVariant(suffix: ";1:3u", modifiers: [], kind: .release, locks: []),
    KittyVariant(suffix: ";:3u", modifiers: [], kind: .release, locks: []),
    KittyVariant(suffix: ";65u", modifiers: [], kind: .press, locks: .capsLock),
    KittyVariant(suffix: ";193:3u", modifiers: [], kind: .release, locks: [.capsLock, .numLock]),
    KittyVariant(suffix: ";133u", modifiers: .control, kind: .press, locks: .numLock),
    KittyVariant(suffix: ";130:2u", modifiers: .shift, kind: .repeat, locks: .numLock),
    KittyVariant(suffix: ";3:3u", modifiers: .alt, kind: .release, locks: []),
  ]

  @Test(
    "every kitty keypad code, with and without lock bits, press/repeat/release",
    arguments: kittyKeypadCodes.map { $0.code })
  func kittyKeypadCode(code: Int) {
    guard let expected = kittyKeypadCodes.first(where: { $0.code == code })?.key else {
      Issue.record("no such code \(code)")
      return
    }
    for variant in Self.variants {
      let fixture = DecoderCase(
        "\(code)\(variant.suffix)", "␛[\(code)\(variant.suffix)",
        [kitty(.numpad(expected), variant.modifiers, variant.kind, locks: variant.locks)])
      expectDecodes(fixture)
    }
  }

  @Test("KP_7 with NumLock on, press, repeat, release in one read")
  func keypadSevenStream() {
    let events = decode(bytes("␛[57406;129u␛[57406;129:2u␛[57406;129:3u"))
    #expect(
      events == [
        kitty(.numpad(.digit(7)), [], .press, locks: .numLock),
        kitty(.numpad(.digit(7)), [], .repeat, locks: .numLock),
        kitty(.numpad(.digit(7)), [], .release, locks: .numLock),
      ])
  }

  @Test("NumLock-off navigation names map to the digit at the same grid position")
  func gridEquivalent() {
    let pairs: [(NumpadKey, NumpadKey)] = [
      (.insert, .digit(0)), (.end, .digit(1)), (.down, .digit(2)), (.pageDown, .digit(3)),
      (.left, .digit(4)), (.begin, .digit(5)), (.right, .digit(6)), (.home, .digit(7)),
      (.up, .digit(8)), (.pageUp, .digit(9)), (.delete, .decimal), (.digit(3), .digit(3)),
      (.enter, .enter), (.add, .add),
    ]
    for (key, expected) in pairs {
      #expect(key.gridEquivalent == expected, "\(key)")
    }
  }

  static let ss3Xterm: [DecoderCase] = [
    DecoderCase("KP0 ␛Op", "␛Op", [ss3(.numpad(.digit(0)))]),
    DecoderCase("KP1 ␛Oq", "␛Oq", [ss3(.numpad(.digit(1)))]),
    DecoderCase("KP2 ␛Or", "␛Or", [ss3(.numpad(.digit(2)))]),
    DecoderCase("KP3 ␛Os", "␛Os", [ss3(.numpad(.digit(3)))]),
    DecoderCase("KP4 ␛Ot", "␛Ot", [ss3(.numpad(.digit(4)))]),
    DecoderCase("KP5 ␛Ou", "␛Ou", [ss3(.numpad(.digit(5)))]),
    DecoderCase("KP6 ␛Ov", "␛Ov", [ss3(.numpad(.digit(6)))]),
    DecoderCase("KP7 ␛Ow", "␛Ow", [ss3(.numpad(.digit(7)))]),
    DecoderCase("KP8 ␛Ox", "␛Ox", [ss3(.numpad(.digit(8)))]),
    DecoderCase("KP9 ␛Oy", "␛Oy", [ss3(.numpad(.digit(9)))]),
    DecoderCase("KP. ␛On", "␛On", [ss3(.numpad(.decimal))]),
    DecoderCase("KP+ ␛Ok", "␛Ok", [ss3(.numpad(.add))]),
    DecoderCase("KP- ␛Om", "␛Om", [ss3(.numpad(.subtract))]),
    DecoderCase("KP* ␛Oj", "␛Oj", [ss3(.numpad(.multiply))]),
    DecoderCase("KP/ ␛Oo", "␛Oo", [ss3(.numpad(.divide))]),
    DecoderCase("KPEnter ␛OM", "␛OM", [ss3(.numpad(.enter))]),
    DecoderCase("KP= ␛OX", "␛OX", [ss3(.numpad(.equal))]),
    DecoderCase("KP, ␛Ol is the separator in xterm", "␛Ol", [ss3(.numpad(.separator))]),
    DecoderCase("KP5 NumLock off ␛OE", "␛OE", [ss3(.numpad(.begin))]),
    DecoderCase("F1…F4 ␛OP…S", "␛OP␛OQ␛OR␛OS", (1...4).map { ss3(.function($0)) }),
    DecoderCase(
      "cursor-mode arrows", "␛OA␛OB␛OC␛OD",
      [
        ss3(.up), ss3(.down), ss3(.right),
        ss3(.left),
      ]),
    DecoderCase("cursor-mode Home/End", "␛OH␛OF", [ss3(.home), ss3(.end)]),
    DecoderCase("old xterm modified F1 ␛O5P", "␛O5P", [ss3(.function(1), .control)]),
    DecoderCase("modified F2 ␛O1;2Q", "␛O1;2Q", [ss3(.function(2), .shift)]),
    DecoderCase(
      "tmux send-keys KP7 KP8 KPEnter", "␛Ow␛Ox␛OM",
      [ss3(.numpad(.digit(7))), ss3(.numpad(.digit(8))), ss3(.numpad(.enter))]),
  ]

  @Test("SS3 keypad and function keys, xterm/tmux", arguments: ss3Xterm)
  func ss3XtermKeys(fixture: DecoderCase) {
    expectDecodes(fixture)
  }

  static let linux = ByteDecoder.Options(ss3Dialect: .linuxConsole)

  static let ss3Linux: [DecoderCase] = [
    DecoderCase("KP+ ␛Ol", "␛Ol", [ss3(.numpad(.add))], options: linux),
    DecoderCase("KP- ␛OS (xterm's F4)", "␛OS", [ss3(.numpad(.subtract))], options: linux),
    DecoderCase("KP* ␛OR (xterm's F3)", "␛OR", [ss3(.numpad(.multiply))], options: linux),
    DecoderCase("KP/ ␛OQ (xterm's F2)", "␛OQ", [ss3(.numpad(.divide))], options: linux),
    DecoderCase("KPEnter ␛OM", "␛OM", [ss3(.numpad(.enter))], options: linux),
    DecoderCase("KP. ␛On", "␛On", [ss3(.numpad(.decimal))], options: linux),
    DecoderCase(
      "digits ␛Op…␛Oy", "␛Op␛Oq␛Or␛Os␛Ot␛Ou␛Ov␛Ow␛Ox␛Oy",
      (0...9).map { ss3(.numpad(.digit($0))) }, options: linux),
    DecoderCase(
      "F1…F5 ␛[[A…E", "␛[[A␛[[B␛[[C␛[[D␛[[E",
      (1...5).map { key(.function($0)) }, options: linux),
    DecoderCase("KP5 NumLock off ␛[G", "␛[G", [key(.numpad(.begin))], options: linux),
    DecoderCase("Home/End ␛[1~ ␛[4~", "␛[1~␛[4~", [key(.home), key(.end)], options: linux),
    DecoderCase("unknown ␛[[Z", "␛[[Z", [unknown("␛[[Z")], options: linux),
  ]

  @Test("SS3 keypad, Linux console variants", arguments: ss3Linux)
  func ss3LinuxKeys(fixture: DecoderCase) {
    expectDecodes(fixture)
  }
}
