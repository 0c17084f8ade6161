// MARK: - Interpreting complete CSI and SS3 sequences

extension ByteDecoder {
  /// The parameters of a control sequence: an optional private prefix (`<`, `=`, `>`, `?`)
  /// and `;`-separated fields of `:`-separated numbers, where an empty number is nil.
  struct Parameters: Hashable {
    var prefix: UInt8?
    var fields: [[Int?]]

    /// Parses the bytes between the introducer and the final byte; nil when malformed
    /// (intermediate bytes, a misplaced prefix, or a number of more than nine digits).
    init?(_ body: ArraySlice<UInt8>) {
      var body = body
      if let first = body.first, (0x3c...0x3f).contains(first) {
        prefix = first
        body = body.dropFirst()
      } else {
        prefix = nil
      }
      guard !body.isEmpty else {
        fields = []
        return
      }
      // One pass, no intermediate slices: this runs for every key a kitty terminal sends.
      var fields: [[Int?]] = []
      var numbers: [Int?] = []
      var value: Int? = nil
      var digits = 0
      for byte in body {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
          digits += 1
          guard digits <= 9 else { return nil }
          value = (value ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: ":"), UInt8(ascii: ";"):
          numbers.append(value)
          value = nil
          digits = 0
          if byte == UInt8(ascii: ";") {
            fields.append(numbers)
            numbers.removeAll(keepingCapacity: false)
          }
        default:
          return nil
        }
      }
      numbers.append(value)
      fields.append(numbers)
      self.fields = fields
    }

    /// The single number of field `index`: nil when the field is absent, empty or has
    /// sub-parameters.
    func single(_ index: Int) -> Int? {
      guard fields.indices.contains(index), fields[index].count == 1 else { return nil }
      return fields[index][0]
    }
  }

  /// Modifiers, locks and event type from a `mods[:event]` field.
  struct ModifierField: Hashable {
    var modifiers: KeyModifiers = []
    var locks: LockState = []
    var kind: KeyEventKind = .press
    /// The field carried an event-type subfield, which only the kitty protocol sends.
    var hasEventType = false

    /// Reads `1 + bits[:event]`.
    ///
    /// An absent field means no modifiers and a press. Nil when the field is malformed
    /// (value 0 or above 256, an event type other than 1…3).
    init?(_ field: [Int?]?) {
      guard let field else { return }
      guard field.count <= 2 else { return nil }
      let encoded = field[0] ?? 1
      guard (1...256).contains(encoded) else { return nil }
      let bits = UInt8(encoded - 1)
      modifiers = KeyModifiers(rawValue: bits & 0x3f)
      locks = LockState(rawValue: bits >> 6)
      guard field.count == 2, let event = field[1] else { return }
      hasEventType = true
      switch event {
      case 1: kind = .press
      case 2: kind = .repeat
      case 3: kind = .release
      default: return nil
      }
    }
  }

  /// Decodes a complete `ESC [ … final` sequence.
  func interpretCSI(_ sequence: [UInt8]) -> TerminalEvent {
    guard sequence.count >= 3, let final = sequence.last,
      let parameters = Parameters(sequence[2..<(sequence.count - 1)])
    else { return .unknown(sequence) }
    let event: TerminalEvent?
    switch (parameters.prefix.map(Unicode.Scalar.init), Unicode.Scalar(final)) {
    case (nil, "u"): event = Self.kittyKeyEvent(parameters)
    case (nil, "~"): event = Self.tildeKeyEvent(parameters)
    case ("?", "u"): event = Self.kittyFlagsReply(parameters)
    case ("?", "c"): event = Self.deviceAttributesReply(parameters)
    case ("<", "M"), ("<", "m"): event = Self.sgrMouse(parameters, isRelease: final == 0x6d)
    case (nil, "I") where parameters.fields.isEmpty: event = .focusIn
    case (nil, "O") where parameters.fields.isEmpty: event = .focusOut
    case (nil, _): event = Self.letterKeyEvent(parameters, final: final)
    default: event = nil
    }
    return event ?? .unknown(sequence)
  }

  /// Decodes a complete `ESC O [params] final` sequence.
  func interpretSS3(_ sequence: [UInt8]) -> TerminalEvent {
    guard sequence.count >= 3, let final = sequence.last,
      let parameters = Parameters(sequence[2..<(sequence.count - 1)]),
      parameters.prefix == nil
    else { return .unknown(sequence) }
    // Old xterm sends `ESC O 5P` (modifiers alone); newer ones `ESC O 1;5P`.
    let modifierField: [Int?]?
    switch parameters.fields.count {
    case 0: modifierField = nil
    case 1: modifierField = parameters.fields[0]
    case 2 where parameters.single(0) == 1: modifierField = parameters.fields[1]
    default: return .unknown(sequence)
    }
    guard let field = ModifierField(modifierField), !field.hasEventType,
      let key = ss3Key(final)
    else { return .unknown(sequence) }
    return .key(
      TerminalKeyEvent(key, modifiers: field.modifiers, source: .ss3, locks: field.locks))
  }

  private func ss3Key(_ final: UInt8) -> TerminalKey? {
    switch (options.ss3Dialect, Unicode.Scalar(final)) {
    case (_, "p"), (_, "q"), (_, "r"), (_, "s"), (_, "t"), (_, "u"), (_, "v"), (_, "w"),
      (_, "x"), (_, "y"):
      return .numpad(.digit(Int(final - UInt8(ascii: "p"))))
    case (_, "n"): return .numpad(.decimal)
    case (_, "M"): return .numpad(.enter)
    case (_, "X"): return .numpad(.equal)
    case (_, "E"): return .numpad(.begin)
    case (_, "j"): return .numpad(.multiply)
    case (_, "k"): return .numpad(.add)
    case (_, "m"): return .numpad(.subtract)
    case (_, "o"): return .numpad(.divide)
    case (.xterm, "l"): return .numpad(.separator)
    case (.linuxConsole, "l"): return .numpad(.add)
    case (.linuxConsole, "Q"): return .numpad(.divide)
    case (.linuxConsole, "R"): return .numpad(.multiply)
    case (.linuxConsole, "S"): return .numpad(.subtract)
    case (_, "A"): return .up
    case (_, "B"): return .down
    case (_, "C"): return .right
    case (_, "D"): return .left
    case (_, "H"): return .home
    case (_, "F"): return .end
    case (_, "P"): return .function(1)
    case (.xterm, "Q"): return .function(2)
    case (.xterm, "R"): return .function(3)
    case (.xterm, "S"): return .function(4)
    default: return nil
    }
  }

  // MARK: - Keys

  /// `CSI code[:shifted[:base]] ; mods[:event] ; text u`.
  ///
  /// Alternate keys (flag 4) and associated text (flag 16) are accepted and ignored.
  private static func kittyKeyEvent(_ parameters: Parameters) -> TerminalEvent? {
    let fields = parameters.fields
    guard (1...3).contains(fields.count), (1...3).contains(fields[0].count),
      let code = fields[0][0], let key = kittyKey(code),
      let field = ModifierField(fields.count > 1 ? fields[1] : nil)
    else { return nil }
    return .key(
      TerminalKeyEvent(
        key, modifiers: field.modifiers, kind: field.kind, source: .kitty, locks: field.locks))
  }

  /// `CSI number ; mods[:event] ~`, and xterm's modifyOtherKeys `CSI 27 ; mods ; code ~`.
  private static func tildeKeyEvent(_ parameters: Parameters) -> TerminalEvent? {
    guard let number = parameters.single(0) else { return nil }
    if number == 27 && parameters.fields.count == 3 {
      guard let code = parameters.single(2), let key = kittyKey(code),
        let field = ModifierField(parameters.fields[1]), !field.hasEventType
      else { return nil }
      return .key(TerminalKeyEvent(key, modifiers: field.modifiers, locks: field.locks))
    }
    guard parameters.fields.count <= 2,
      let field = ModifierField(parameters.fields.count == 2 ? parameters.fields[1] : nil)
    else { return nil }
    let isKittyCode = number >= kittyPrivateUse.lowerBound
    guard let key = isKittyCode ? kittyKey(number) : tildeKey(number) else { return nil }
    return .key(
      TerminalKeyEvent(
        key, modifiers: field.modifiers, kind: field.kind,
        source: isKittyCode || field.hasEventType ? .kitty : .legacy, locks: field.locks))
  }

  /// `CSI [1 ; mods[:event]] final` for arrows, Home/End, keypad Begin, F1…F4, back-tab.
  private static func letterKeyEvent(_ parameters: Parameters, final: UInt8) -> TerminalEvent? {
    let key: TerminalKey
    var extra: KeyModifiers = []
    switch Unicode.Scalar(final) {
    case "A": key = .up
    case "B": key = .down
    case "C": key = .right
    case "D": key = .left
    case "E", "G": key = .numpad(.begin)  // G: Linux console keypad 5 with NumLock off
    case "F": key = .end
    case "H": key = .home
    case "P": key = .function(1)
    case "Q": key = .function(2)
    case "R": key = .function(3)  // only `CSI 1;mods R`; a cursor report would look alike
    case "S": key = .function(4)
    case "Z":
      key = .tab
      extra = .shift
    default: return nil
    }
    let modifierField: [Int?]?
    switch parameters.fields.count {
    case 0: modifierField = nil
    case 1 where parameters.fields[0] == [1] || parameters.fields[0] == [nil]: modifierField = nil
    case 2 where parameters.fields[0] == [1] || parameters.fields[0] == [nil]:
      modifierField = parameters.fields[1]
    default: return nil
    }
    guard let field = ModifierField(modifierField) else { return nil }
    return .key(
      TerminalKeyEvent(
        key, modifiers: field.modifiers.union(extra), kind: field.kind,
        source: field.hasEventType ? .kitty : .legacy, locks: field.locks))
  }

  /// The Unicode private-use range kitty takes its functional key codes from.
  static let kittyPrivateUse = 57344...63743

  /// The key for a kitty key code (also used for modifyOtherKeys codes).
  static func kittyKey(_ code: Int) -> TerminalKey? {
    switch code {
    case 9: return .tab
    case 13: return .enter
    case 27: return .escape
    case 8, 127: return .backspace
    case 57376...57398: return .function(code - 57376 + 13)
    case 57399...57408: return .numpad(.digit(code - 57399))
    case 57409...57427: return .numpad(kittyKeypad[code - 57409])
    case kittyPrivateUse: return .otherFunctional(code)
    case 0...31, 128...159: return nil
    default:
      guard let scalar = Unicode.Scalar(UInt32(clamping: code)) else { return nil }
      return .character(scalar)
    }
  }

  /// Kitty codes 57409 (KP_DECIMAL) … 57427 (KP_BEGIN), in order.
  private static let kittyKeypad: [NumpadKey] = [
    .decimal, .divide, .multiply, .subtract, .add, .enter, .equal, .separator,
    .left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert, .delete, .begin,
  ]

  /// The legacy `CSI n ~` keys (xterm, VT220, rxvt, Linux console).
  private static func tildeKey(_ number: Int) -> TerminalKey? {
    switch number {
    case 1, 7: .home
    case 2: .insert
    case 3: .delete
    case 4, 8: .end
    case 5: .pageUp
    case 6: .pageDown
    case 11...15: .function(number - 10)
    case 17...21: .function(number - 11)
    case 23, 24: .function(number - 12)
    default: nil
    }
  }

  // MARK: - Replies

  /// `CSI ? flags u`.
  private static func kittyFlagsReply(_ parameters: Parameters) -> TerminalEvent? {
    switch parameters.fields.count {
    case 0: return .kittyKeyboardFlags([])
    case 1:
      guard let flags = parameters.single(0) else { return nil }
      return .kittyKeyboardFlags(KittyKeyboardFlags(rawValue: flags))
    default: return nil
    }
  }

  /// `CSI ? p1 ; p2 … c`.
  private static func deviceAttributesReply(_ parameters: Parameters) -> TerminalEvent? {
    var values: [Int] = []
    for index in parameters.fields.indices {
      guard let value = parameters.single(index) else { return nil }
      values.append(value)
    }
    return .deviceAttributes(values)
  }

  // MARK: - Mouse

  /// `CSI < b ; x ; y M` (press, drag, move, wheel) or `… m` (release).
  private static func sgrMouse(_ parameters: Parameters, isRelease: Bool) -> TerminalEvent? {
    guard parameters.fields.count == 3, let code = parameters.single(0),
      let column = parameters.single(1), let row = parameters.single(2),
      column >= 1, row >= 1, let event = mouseEvent(code: code, column: column, row: row)
    else { return nil }
    var result = event
    if isRelease {
      guard event.action == .press else { return nil }
      result.action = .release
    }
    return .mouse(result)
  }

  /// X10 `CSI M b x y`, each byte offset by 32: only seen if SGR mode 1006 was not granted.
  static func x10Mouse(_ sequence: [UInt8]) -> TerminalEvent {
    guard sequence.count == 6, sequence[3] >= 32, sequence[4] > 32, sequence[5] > 32,
      var event = mouseEvent(
        code: Int(sequence[3] - 32), column: Int(sequence[4] - 32), row: Int(sequence[5] - 32))
    else { return .unknown(sequence) }
    if event.button == .none && event.action == .press {
      event.action = .release  // X10 says "released" without saying which button
    }
    return .mouse(event)
  }

  /// The button and action from an xterm mouse button code.
  private static func mouseEvent(code: Int, column: Int, row: Int) -> MouseEvent? {
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let isMotion = code & 32 != 0
    let button: MouseButton
    switch code & ~0x3c {
    case 0: button = .left
    case 1: button = .middle
    case 2: button = .right
    case 3: button = .none
    case 64: button = .wheelUp
    case 65: button = .wheelDown
    case 66: button = .wheelLeft
    case 67: button = .wheelRight
    case 128...131: button = .extra(code & ~0x3c - 128 + 8)
    default: return nil
    }
    let action: MouseAction
    switch (button, isMotion) {
    case (.none, true): action = .move
    case (_, true): action = .drag
    case (_, false): action = .press
    }
    return MouseEvent(
      button: button, action: action, column: column, row: row, modifiers: modifiers)
  }
}
