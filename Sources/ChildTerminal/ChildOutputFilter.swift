/// Rewrites a child program's output so that libvterm 0.1.4 only ever sees what it handles
/// safely, and picks out what the emulator does itself.
///
/// Debian 12's libvterm writes past its array of 16 CSI parameters (vim's colour sequence
/// `CSI 38;2;1;2;3;48;2;4;5;6;58;2;7;8;9;1;4 m` has 17 and crashed it), repeats a zero-width
/// character forever on REP, gathers combining characters without bound, and prints the
/// payload of APC, PM and SOS strings as text. So every control sequence is read here whole
/// and written again in a form libvterm parses safely, and libvterm is always between
/// sequences when a piece ends:
///
/// - CSI: one leader and one intermediate byte at most, at most 16 parameters, each at most
///   65535; SGR and mode set/reset with more are split into several sequences (each attribute
///   whole), others are cut; a mode set or reset becomes one sequence per mode (libvterm
///   0.1.4 applies only the first, so ncurses' `CSI ? 1006 ; 1000 h` never reached the
///   mouse); REP becomes the repeated character, at most a row of it, and only right after a
///   graphic character, as xterm does (not after another REP or any control).
/// - OSC: not passed; OSC 52 (a clipboard write) is handed over as an ``Event``.
/// - DCS: a status request (`DCS $ q … ST`) of up to 64 bytes is passed; others are not.
/// - APC, PM, SOS: not passed.
/// - More than ``combiningLimit`` combining characters in a row: the rest are dropped.
/// - NUL, DEL, CAN and SUB outside sequences: dropped (libvterm ignores them too).
/// - DECRC (`ESC 8`): followed by ``cursorBoundsCheck``, as the cursor it restores may be
///   outside a screen made smaller since.
/// - DECSC and DECRC (`ESC 7`/`ESC 8`, modes 1048 and 1049): libvterm 0.1.4 saves no character
///   sets, so they are followed here and designated again after a restore, as xterm restores
///   them (`ESC ( 0 ESC 7 ESC ( B ESC 8 q` draws a line).
/// - DECCOLM (mode 3): followed by resetting the margins, clearing the screen and homing the
///   cursor, as xterm and tmux do (the width stays: the window decides it).
///
/// It also reports what libvterm 0.1.4 does not keep: SGR 2 (dim) and 8 (conceal), the cursor
/// style exactly as asked (`CSI Ps SP q`), and `CSI 3 J` (clear the scrollback).
///
/// Pure; bounded memory (a sequence is at most ``parameterLimit`` parameters, a clipboard
/// write at most ``clipboardLimit`` bytes).
///
/// One job kept in one file, over the 600 lines the project allows otherwise: a single state
/// machine over the child's bytes, whose states (text, escape, CSI, strings) share the piece
/// being written and the limits above, and read best top to bottom, as libvterm's parser does.
public struct ChildOutputFilter: Sendable {
  /// What the emulator handles itself, at a point in the output.
  public enum Event: Hashable, Sendable {
    /// SGR 2 turned dim on, or SGR 0/22 (or a reset) turned it off.
    case dim(Bool)
    /// SGR 8 turned conceal on, or SGR 0/28 (or a reset) turned it off.
    case conceal(Bool)
    /// `CSI Ps SP q`: 0 the terminal's default, 1/2 blinking/steady block, 3/4 underline,
    /// 5/6 bar.
    case cursorStyle(Int)
    /// `CSI 3 J`: the lines kept above the screen are to be forgotten.
    case clearScrollback
    /// `CSI ? 1049 $ p` (DECRQM): is the alternate screen shown? libvterm 0.1.4 answers 0
    /// (unknown) where xterm answers 1 or 2.
    case alternateScreenQuery
    /// `OSC 52 ; selection ; base64 ST`: the program writes the clipboard.
    case clipboard(selection: [UInt8], base64: [UInt8])
  }

  /// The most parameters libvterm 0.1.4 keeps (its `CSI_ARGS_MAX`).
  public static let parameterLimit = 16
  /// The largest parameter value passed on: far beyond any screen, far from `int` overflow.
  public static let valueLimit = 65535
  /// Combining characters kept after one base character (libvterm gathers them unbounded).
  public static let combiningLimit = 32
  /// The longest clipboard write taken (base64 bytes); a longer one is dropped whole.
  public static let clipboardLimit = 1 << 20
  /// The longest DCS passed on (status requests are a few bytes).
  static let dcsLimit = 64
  /// A sequence that changes nothing but makes libvterm bring its cursor inside the screen:
  /// every CSI it handles ends with that check, and mode 0 does not exist.
  public static let cursorBoundsCheck = Array("\u{1B}[?0h".utf8)

  private enum State: Sendable {
    case ground
    case escape
    case csi(CSIPart)
    /// A string being read: OSC, DCS, or APC/PM/SOS; `escape` after an ESC inside it.
    case string(StringKind, escape: Bool)
  }

  private enum CSIPart: Sendable {
    case leader, parameters, intermediates
  }

  private enum StringKind: Sendable {
    case osc, dcs, ignored
  }

  /// A CSI parameter: its value (nil when left out) and whether a `:` subparameter follows.
  private struct Parameter: Sendable {
    var value: Int?
    var hasMore: Bool
  }

  /// Bytes REP may repeat: REP repeats what is needed to make a row's worth, no more.
  public var columns: Int
  private var state = State.ground
  /// The sequence being read: ESC's intermediates and final, or CSI's parts.
  private var intermediates: [UInt8] = []
  private var leader: UInt8?
  private var parameters: [Parameter] = []
  /// Parameters beyond what is kept (the sequence is cut or split).
  private var hasTooManyIntermediates = false
  /// An OSC or DCS string's bytes, up to its limit.
  private var string: [UInt8] = []
  private var stringOverflowed = false
  /// The bytes of the character being decoded (UTF-8), and how many more it needs.
  private var pending = PackedCharacter()
  private var pendingNeeds = 0
  /// Combining characters since the last base character.
  private var combiningRun = 0
  /// The last graphic character printed, for REP; empty when something else came after it.
  private var lastGraphic = PackedCharacter()
  /// What REP repeats: ``lastGraphic`` as it was when the sequence began.
  private var repeatable = PackedCharacter()
  private var isDim = false
  private var isConcealed = false
  /// The character sets designated now, and those DECSC saved.
  private var characterSets = CharacterSets()
  private var savedCharacterSets = CharacterSets()
  /// Whether the OSC being read is a clipboard write (the only one whose text is kept).
  private var isClipboard = false

  public init(columns: Int) {
    self.columns = max(1, columns)
    parameters.reserveCapacity(Self.parameterLimit * 2)
  }

  /// Reads `input` and appends what libvterm may see to `output`; events are appended with the
  /// count of `output` bytes that come before them.
  public mutating func filter(
    _ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    events: inout [(offset: Int, event: Event)]
  ) {
    var index = 0
    let count = input.count
    while index < count {
      if case .ground = state, pendingNeeds == 0 {
        // The common case: a run of printable ASCII and the C0 controls libvterm acts on (CR,
        // LF, tab, backspace, bell) goes through as it is: a flood's lines in one piece.
        let start = index
        var lastPrintable = -1
        while index < count {
          let byte = input[index]
          if byte >= 0x20 {
            guard byte < 0x7F else { break }
            lastPrintable = index
          } else if byte == 0x1B || byte == 0x00 || byte == 0x18 || byte == 0x1A || byte == 0x0E
            || byte == 0x0F
          {
            break  // SO and SI change the character set, which DECSC saves
          }
          index += 1
        }
        if index > start {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
          if lastPrintable >= 0 { combiningRun = 0 }
          // REP repeats a character only right after it, not after a control.
          lastGraphic =
            lastPrintable == index - 1 ? PackedCharacter(input[lastPrintable]) : PackedCharacter()
          continue
        }
      }
      step(input[index], into: &output, events: &events)
      index += 1
    }
  }

  private mutating func step(
    _ byte: UInt8, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    switch state {
    case .ground:
      ground(byte, into: &output)
    case .escape:
      escape(byte, into: &output, events: &events)
    case .csi(let part):
      csi(byte, part: part, into: &output, events: &events)
    case .string(let kind, let afterEscape):
      inString(byte, kind: kind, afterEscape: afterEscape, into: &output, events: &events)
    }
  }

  // MARK: - Text

  private mutating func ground(_ byte: UInt8, into output: inout [UInt8]) {
    if byte >= 0x80 {
      utf8(byte, into: &output)
      return
    }
    interruptCharacter(into: &output)
    switch byte {
    case 0x1B:
      startEscape()
    case 0x00, 0x18, 0x1A, 0x7F:
      break  // NUL, CAN, SUB, DEL: nothing to cancel or show
    case 0x20..<0x7F:
      output.append(byte)
      lastGraphic = PackedCharacter(byte)
      combiningRun = 0
    default:
      control(byte, into: &output)  // the other C0 controls: CR, LF, BS, HT, BEL, SO, SI …
    }
  }

  /// A C0 control, which acts in text and inside sequences alike: the character set it
  /// shifts to is followed, and nothing is left for REP.
  private mutating func control(_ byte: UInt8, into output: inout [UInt8]) {
    output.append(byte)
    lastGraphic = PackedCharacter()
    switch byte {
    case 0x0E: characterSets.shown = 1  // SO (LS1)
    case 0x0F: characterSets.shown = 0  // SI (LS0)
    default: break
    }
  }

  /// A byte of a UTF-8 character; the character goes out whole once complete (a combining
  /// character over the limit does not), invalid bytes go out as they are (libvterm shows
  /// U+FFFD for them).
  private mutating func utf8(_ byte: UInt8, into output: inout [UInt8]) {
    if byte < 0xC0 {
      guard pendingNeeds > 0 else {
        output.append(byte)  // a stray continuation byte
        return
      }
      pending.append(byte)
      pendingNeeds -= 1
      if pendingNeeds == 0 { finishCharacter(into: &output) }
      return
    }
    interruptCharacter(into: &output)
    switch byte {
    case 0xC2...0xDF: pendingNeeds = 1
    case 0xE0...0xEF: pendingNeeds = 2
    case 0xF0...0xF4: pendingNeeds = 3
    default:
      output.append(byte)  // C0, C1 and F5…FF never start a character
      return
    }
    pending = PackedCharacter(byte)
  }

  /// A character cut short by something else: its bytes go out for libvterm to replace.
  private mutating func interruptCharacter(into output: inout [UInt8]) {
    guard pendingNeeds > 0 else { return }
    pending.write(into: &output)
    pending = PackedCharacter()
    pendingNeeds = 0
  }

  private mutating func finishCharacter(into output: inout [UInt8]) {
    let scalar = pending.scalarValue
    defer { pending = PackedCharacter() }
    if (0x80..<0xA0).contains(scalar) {
      return  // a C1 control written in UTF-8: libvterm would move the cursor left of 0
    }
    if Self.isCombining(scalar) {
      combiningRun += 1
      if combiningRun <= Self.combiningLimit { pending.write(into: &output) }
    } else {
      pending.write(into: &output)
      combiningRun = 0
      lastGraphic = pending
    }
  }

  /// Whether libvterm joins this scalar to the character before it (Markus Kuhn's table:
  /// nonspacing and enclosing marks, format characters, and the Hangul jamo that follow a
  /// choseong).
  static func isCombining(_ value: UInt32) -> Bool {
    switch value {
    case ..<0x300, 0x3400...0x9FFF, 0xAC00...0xD7A3: return false  // the common cases, fast
    case 0x1160...0x11FF: return true
    default:
      guard let scalar = Unicode.Scalar(value) else { return false }
      switch scalar.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format: return true
      default: return false
      }
    }
  }

  // MARK: - Escape sequences

  private mutating func startEscape() {
    state = .escape
    repeatable = lastGraphic
    lastGraphic = PackedCharacter()
    intermediates.removeAll(keepingCapacity: true)
    hasTooManyIntermediates = false
  }

  /// The finals of ESC # that make a line double-width: 3 and 4 (double height), 6.
  private static let doubleWidthLines: Set<UInt8> = [
    UInt8(ascii: "3"), UInt8(ascii: "4"), UInt8(ascii: "6"),
  ]

  private mutating func escape(
    _ byte: UInt8, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    switch byte {
    case 0x1B:
      startEscape()
    case 0x18, 0x1A:
      state = .ground
    case 0x00, 0x7F, 0x80...0xFF:
      break  // ignored inside a sequence, as libvterm does
    case 0x01..<0x20:
      control(byte, into: &output)  // a C0 control inside a sequence still acts
    case 0x20...0x2F:
      if intermediates.count < 2 {
        intermediates.append(byte)
      } else {
        hasTooManyIntermediates = true
      }
    default:
      state = .ground
      if intermediates.isEmpty {
        switch byte {
        case UInt8(ascii: "["):
          leader = nil
          parameters.removeAll(keepingCapacity: true)
          parameters.append(Parameter(value: nil, hasMore: false))
          state = .csi(.leader)
          return
        case UInt8(ascii: "]"):
          startString(.osc)
          return
        case UInt8(ascii: "P"):
          startString(.dcs)
          return
        case UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
          startString(.ignored)
          return
        case UInt8(ascii: "c"):
          // RIS: libvterm resets the pen; dim and conceal are ours to reset.
          resetPen(at: output.count, events: &events)
          characterSets = CharacterSets()
          savedCharacterSets = CharacterSets()
        default:
          break
        }
      }
      guard !hasTooManyIntermediates else { return }  // libvterm would not act on it
      if intermediates == [UInt8(ascii: "#")], Self.doubleWidthLines.contains(byte) {
        // DECDHL and DECDWL: libvterm 0.1.4 then gives the line half the columns, none on a
        // screen one column wide, and puts the cursor at column -1 (the fuzz test found it).
        // The emulator's rows never draw such lines, so nothing shown is lost.
        return
      }
      output.append(0x1B)
      output += intermediates
      output.append(byte)
      if intermediates.isEmpty, byte == UInt8(ascii: "8") {
        // DECRC may restore a cursor saved on a larger screen: libvterm 0.1.4 then writes
        // outside its arrays. A mode set it does not know ends in its bounds check.
        output += Self.cursorBoundsCheck
      }
      noteCharacterSets(intermediates: intermediates, final: byte, into: &output)
    }
  }

  /// Follows what an escape sequence does to the character sets: a designation, a locking
  /// shift, DECSC and DECRC.
  private mutating func noteCharacterSets(
    intermediates: [UInt8], final: UInt8, into output: inout [UInt8]
  ) {
    switch (intermediates.first, intermediates.count, final) {
    case (let set?, 1, _) where (0x28...0x2B).contains(set):
      characterSets.designate(Int(set - 0x28), final)
    case (nil, 0, UInt8(ascii: "n")): characterSets.shown = 2  // LS2
    case (nil, 0, UInt8(ascii: "o")): characterSets.shown = 3  // LS3
    case (nil, 0, UInt8(ascii: "7")): savedCharacterSets = characterSets
    case (nil, 0, UInt8(ascii: "8")): restoreCharacterSets(into: &output)
    default: break
    }
  }

  /// Designates again what DECSC saved, where it differs from what is designated now.
  private mutating func restoreCharacterSets(into output: inout [UInt8]) {
    output += savedCharacterSets.sequences(from: characterSets)
    characterSets = savedCharacterSets
  }

  // MARK: - CSI

  private mutating func csi(
    _ byte: UInt8, part: CSIPart, into output: inout [UInt8],
    events: inout [(offset: Int, event: Event)]
  ) {
    switch byte {
    case 0x1B:
      startEscape()
      return
    case 0x18, 0x1A:
      state = .ground
      return
    case 0x00, 0x7F:
      return
    case 0x01..<0x20:
      control(byte, into: &output)
      return
    default:
      break
    }
    if part == .leader, (0x3C...0x3F).contains(byte) {
      if leader == nil { leader = byte } else { hasTooManyIntermediates = true }
      return
    }
    if part != .intermediates {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        state = .csi(.parameters)
        addDigit(byte)
        return
      case UInt8(ascii: ";"), UInt8(ascii: ":"):
        state = .csi(.parameters)
        if byte == UInt8(ascii: ":"), !parameters.isEmpty {
          parameters[parameters.count - 1].hasMore = true
        }
        // Kept up to twice the limit, so that SGR can be split; the rest is cut.
        if parameters.count < Self.parameterLimit * 2 {
          parameters.append(Parameter(value: nil, hasMore: false))
        } else {
          parameters[parameters.count - 1] = Parameter(value: nil, hasMore: false)
        }
        return
      default:
        break
      }
    }
    switch byte {
    case 0x20...0x2F:
      state = .csi(.intermediates)
      if intermediates.isEmpty {
        intermediates.append(byte)
      } else {
        hasTooManyIntermediates = true
      }
    case 0x40...0x7E:
      state = .ground
      dispatchCSI(final: byte, into: &output, events: &events)
    default:
      state = .ground  // not a CSI after all: libvterm drops it too
    }
  }

  private mutating func addDigit(_ byte: UInt8) {
    let digit = Int(byte - UInt8(ascii: "0"))
    let last = parameters.count - 1
    let value = (parameters[last].value ?? 0) * 10 + digit
    parameters[last].value = min(value, Self.valueLimit)
  }

  private mutating func dispatchCSI(
    final: UInt8, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    defer { intermediates.removeAll(keepingCapacity: true) }
    guard !hasTooManyIntermediates else { return }
    let intermediate = intermediates.first
    let first = parameters.first?.value
    switch (leader, intermediate, final) {
    case (nil, nil, UInt8(ascii: "m")):
      notePen(at: output.count, events: &events)
      if let groups = normalizeAttributes() {
        writeCSI(final: final, splitting: groups, into: &output)
      }
    case (nil, nil, UInt8(ascii: "b")):
      repeatCharacter(first ?? 1, into: &output)
    case (nil, UInt8(ascii: " "), UInt8(ascii: "q")):
      if (0...6).contains(first ?? 0) { events.append((output.count, .cursorStyle(first ?? 0))) }
      writeCSI(final: final, splitting: nil, into: &output)
    case (nil, nil, UInt8(ascii: "J")) where first == 3:
      events.append((output.count, .clearScrollback))
    case (UInt8(ascii: "?"), UInt8(ascii: "$"), UInt8(ascii: "p")) where first == 1049:
      events.append((output.count, .alternateScreenQuery))
    case (nil, UInt8(ascii: "!"), UInt8(ascii: "p")):
      resetPen(at: output.count, events: &events)  // DECSTR resets the pen
      characterSets = CharacterSets()  // and the character sets
      writeCSI(final: final, splitting: nil, into: &output)
    case (_, nil, UInt8(ascii: "h")), (_, nil, UInt8(ascii: "l")):
      setModes(isSet: final == UInt8(ascii: "h"), into: &output)
    default:
      writeCSI(final: final, splitting: nil, into: &output)
    }
  }

  /// A mode set or reset, one sequence per mode (libvterm 0.1.4 applies only the first of
  /// several), each followed by what libvterm leaves out of it.
  private mutating func setModes(isSet: Bool, into output: inout [UInt8]) {
    let modes = parameters.compactMap(\.value)
    let final = isSet ? UInt8(ascii: "h") : UInt8(ascii: "l")
    for mode in modes {
      output += [0x1B, UInt8(ascii: "[")]
      if let leader { output.append(leader) }
      output.appendDecimal(mode)
      output.append(final)
      guard leader == UInt8(ascii: "?") else { continue }
      switch mode {
      case 3:
        // DECCOLM: margins reset, screen cleared, cursor home (`CSI r` homes it first).
        output += Array("\u{1B}[r\u{1B}[2J\u{1B}[H".utf8)
      case 1048, 1049:
        if isSet { savedCharacterSets = characterSets } else { restoreCharacterSets(into: &output) }
      default:
        break
      }
    }
  }

  /// Writes the sequence read, with its parameters in pieces of whole groups of at most
  /// ``parameterLimit`` (one sequence each), or cut to that many when `groups` is nil.
  private func writeCSI(final: UInt8, splitting groups: [Range<Int>]?, into output: inout [UInt8]) {
    var pieces: [Range<Int>] = []
    if let groups, parameters.count > Self.parameterLimit {
      var current = 0..<0
      for group in groups {
        if current.count + group.count > Self.parameterLimit, !current.isEmpty {
          pieces.append(current)
          current = group.lowerBound..<group.lowerBound
        }
        current = current.lowerBound..<group.upperBound
      }
      if !current.isEmpty { pieces.append(current) }
    } else {
      pieces = [0..<min(parameters.count, Self.parameterLimit)]
    }
    for piece in pieces {
      output += [0x1B, UInt8(ascii: "[")]
      if let leader { output.append(leader) }
      for index in piece {
        if let value = parameters[index].value { output.appendDecimal(value) }
        if index < piece.upperBound - 1 {
          // A piece never ends inside a group, so its last parameter has no `:` after it.
          output.append(parameters[index].hasMore ? UInt8(ascii: ":") : UInt8(ascii: ";"))
        }
      }
      output += intermediates
      output.append(final)
    }
  }

  /// Rewrites SGR's parameters so that libvterm 0.1.4 reads each attribute as meant: an
  /// underline colour (58, 59), which it does not know and would read as attributes (`58;2;7;8;9`
  /// as reverse and strike), is left out; a colour with its colour space (`38:2:cs:r:g:b`) loses
  /// the space; a run of `:` subparameters longer than libvterm holds is cut.
  ///
  /// - Returns: The attributes' groups in the new parameters; nil when none is left (writing
  ///   `CSI m` then would reset them all).
  private mutating func normalizeAttributes() -> [Range<Int>]? {
    var kept: [Parameter] = []
    var groups: [Range<Int>] = []
    for group in attributeGroups() {
      var items = Array(parameters[group])
      let isColour = items[0].value == 38 || items[0].value == 48
      if items[0].value == 58 || items[0].value == 59 { continue }
      if isColour, items.count == 6, items[0].hasMore, items[1].value == 2 { items.remove(at: 2) }
      items = Array(items.prefix(Self.parameterLimit))
      items[items.count - 1].hasMore = false
      groups.append(kept.count..<(kept.count + items.count))
      kept += items
    }
    parameters = kept
    return groups.isEmpty ? nil : groups
  }

  /// SGR's parameters as attributes: one parameter, its `:` subparameters, and the colour of
  /// `38;5;n` or `38;2;r;g;b` (and 48, 58), never cut apart.
  private func attributeGroups() -> [Range<Int>] {
    var groups: [Range<Int>] = []
    var index = 0
    while index < parameters.count {
      var end = index
      while end < parameters.count - 1, parameters[end].hasMore { end += 1 }
      end += 1
      if end == index + 1, [38, 48, 58].contains(parameters[index].value) {
        switch index + 1 < parameters.count ? parameters[index + 1].value : nil {
        case 5: end = min(parameters.count, index + 3)
        case 2: end = min(parameters.count, index + 5)
        default: break
        }
      }
      groups.append(index..<end)
      index = end
    }
    return groups
  }

  /// Follows SGR 2, 22, 8, 28 and 0 (libvterm keeps neither dim nor conceal).
  private mutating func notePen(at offset: Int, events: inout [(offset: Int, event: Event)]) {
    var (dim, concealed) = (isDim, isConcealed)
    for group in attributeGroups() {
      switch parameters[group.lowerBound].value {
      case nil, 0: (dim, concealed) = (false, false)
      case 22: dim = false
      case 2: dim = true
      case 28: concealed = false
      case 8: concealed = true
      default: break
      }
    }
    setDim(dim, at: offset, events: &events)
    setConcealed(concealed, at: offset, events: &events)
  }

  /// RIS and DECSTR: libvterm resets its pen; dim and conceal are the filter's.
  private mutating func resetPen(at offset: Int, events: inout [(offset: Int, event: Event)]) {
    setDim(false, at: offset, events: &events)
    setConcealed(false, at: offset, events: &events)
  }

  private mutating func setConcealed(
    _ concealed: Bool, at offset: Int, events: inout [(offset: Int, event: Event)]
  ) {
    guard concealed != isConcealed else { return }
    isConcealed = concealed
    events.append((offset, .conceal(concealed)))
  }

  private mutating func setDim(
    _ dim: Bool, at offset: Int, events: inout [(offset: Int, event: Event)]
  ) {
    guard dim != isDim else { return }
    isDim = dim
    events.append((offset, .dim(dim)))
  }

  /// REP: the graphic character right before it again, `count` times, at most a row of it;
  /// nothing when there is none (libvterm would loop forever on a zero-width one).
  private func repeatCharacter(_ count: Int, into output: inout [UInt8]) {
    guard repeatable.count > 0 else { return }
    for _ in 0..<min(max(1, count), columns) { repeatable.write(into: &output) }
  }

  // MARK: - Strings

  private mutating func startString(_ kind: StringKind) {
    state = .string(kind, escape: false)
    string.removeAll(keepingCapacity: true)
    stringOverflowed = false
    isClipboard = false
  }

  private mutating func inString(
    _ byte: UInt8, kind: StringKind, afterEscape: Bool, into output: inout [UInt8],
    events: inout [(offset: Int, event: Event)]
  ) {
    if afterEscape {
      if byte == UInt8(ascii: "\\") {
        finishString(kind, into: &output, events: &events)
        state = .ground
      } else {
        // Any other escape ends the string unfinished and starts a sequence of its own.
        startEscape()
        escape(byte, into: &output, events: &events)
      }
      return
    }
    switch byte {
    case 0x07:
      finishString(kind, into: &output, events: &events)
      state = .ground
    case 0x1B:
      state = .string(kind, escape: true)
    case 0x18, 0x1A:
      state = .ground
    case 0x00..<0x20, 0x7F:
      break
    default:
      let limit: Int
      switch kind {
      case .osc:
        // Only a clipboard write is kept: `52;`, a few selection letters, `;`, the data.
        if string.count == 3 { isClipboard = string == Array("52;".utf8) }
        limit = string.count < 3 || isClipboard ? Self.clipboardLimit + 16 : 3
      case .dcs: limit = Self.dcsLimit
      case .ignored: limit = 0
      }
      if string.count < limit { string.append(byte) } else { stringOverflowed = true }
    }
  }

  private mutating func finishString(
    _ kind: StringKind, into output: inout [UInt8], events: inout [(offset: Int, event: Event)]
  ) {
    defer {
      string.removeAll(keepingCapacity: string.capacity <= 4096)
    }
    switch kind {
    case .osc:
      // `52;selection;data`: a write (a query, `?`, is never answered: nothing leaks back).
      guard isClipboard, !stringOverflowed else { return }
      let rest = string.dropFirst(3)
      guard let separator = rest.firstIndex(of: UInt8(ascii: ";")) else { return }
      let data = Array(rest[(separator + 1)...])
      guard data != [UInt8(ascii: "?")] else { return }
      events.append(
        (output.count, .clipboard(selection: Array(rest[..<separator]), base64: data)))
    case .dcs:
      guard !stringOverflowed, string.starts(with: Array("$q".utf8)) else { return }
      output += [0x1B, UInt8(ascii: "P")] + string + [0x1B, UInt8(ascii: "\\")]
    case .ignored:
      break
    }
  }
}

extension [UInt8] {
  /// Appends a non-negative number in decimal.
  fileprivate mutating func appendDecimal(_ value: Int) {
    if value >= 10 { appendDecimal(value / 10) }
    append(UInt8(ascii: "0") + UInt8(value % 10))
  }
}

/// One UTF-8 character's bytes (at most four) in a word: no allocation per character.
private struct PackedCharacter: Sendable {
  private var bytes: UInt32 = 0
  private(set) var count = 0

  init() {}

  init(_ byte: UInt8) {
    bytes = UInt32(byte)
    count = 1
  }

  mutating func append(_ byte: UInt8) {
    guard count < 4 else { return }
    bytes |= UInt32(byte) << (8 * UInt32(count))
    count += 1
  }

  func write(into output: inout [UInt8]) {
    for index in 0..<count {
      output.append(UInt8(truncatingIfNeeded: bytes >> (8 * UInt32(index))))
    }
  }

  /// The scalar value the bytes encode (they are a complete, well-formed-looking sequence).
  var scalarValue: UInt32 {
    guard count > 0 else { return 0 }
    let mask: UInt32 = count == 2 ? 0x1F : count == 3 ? 0x0F : count == 4 ? 0x07 : 0x7F
    var value = bytes & 0xFF & mask
    for index in 1..<max(1, count) { value = value << 6 | (bytes >> (8 * UInt32(index)) & 0x3F) }
    return value
  }
}
